import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// A manual page rendered as text (`man -P cat`): its typography is lost, so metavariables open
/// sentences in lowercase (`unset name removes…`), syntax is named between spaces (`a ; are
/// run`, `( expr1 ; expr2 )`), values are written unspaced (`mode,owner,time`), lines are justified
/// with runs of spaces, a metavariable follows its noun (`type type`) and tags stand on one line
/// with their description (`LESS   Options which…`). Across 21 real pages and 40 READMEs from
/// /usr/share/doc those shapes were 260 of 940 findings, all false alarms; the doubled function
/// words on the same pages (`the the`, `was was`) were true slips and stay found.
struct ManualPageTests {
    static let page: String = {
        let url = Bundle.module.url(forResource: "manual-page", withExtension: "txt", subdirectory: "Fixtures")
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/manual-page.txt")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    @Test func typographyOfAManualPageRaisesNothing() throws {
        let speller = try #require(RuleTestSupport.speller)
        let doc = DocumentParser.parse(Self.page, markup: .plain)
        #expect(doc.isManualPage)
        let found = Proofreader(speller: speller, rules: RuleRegistry.all).check(doc)
        let shown = found.map { "\($0.ruleID): “\((Self.page as NSString).substring(with: $0.range))”" }
        // Exactly the two slips: “the⏎the” (across a line break) and “was was”.
        #expect(found.map(\.ruleID) == ["REPEATED_WORD", "REPEATED_WORD"], "\(shown)")
        #expect(shown.contains { $0.contains("was was") }, "\(shown)")
    }

    /// The same sentences outside a manual page are still checked for their typography.
    @Test func theSameTypographyInProseIsFlagged() throws {
        try #require(RuleTestSupport.speller != nil)
        for (text, rule) in [("Commands are run one after the other. unset the variable first.", "UPPERCASE_SENTENCE_START"),
                             ("Commands separated by a comma , are run in turn.", "SPACE_BEFORE_PUNCTUATION"),
                             ("The build  finished in ten seconds.", "CONSECUTIVE_SPACES"),
                             ("The filesystem of type type is checked first.", "REPEATED_WORD")] {
            let found = RuleTestSupport.matches(RuleRegistry.all, in: text).map(\.ruleID)
            #expect(found.contains(rule), "\(text): \(found)")
        }
    }

    /// The engine honours a rule's ``Rule/appliesToManualPages``: a rule saying `false` is not
    /// run on a manual page (it has no early return of its own), and runs on the same text
    /// outside one; the registry's rules that say so are the prose-typography ones.
    @Test func theEngineHonoursTheManualPageTrait() throws {
        let speller = try #require(RuleTestSupport.speller)
        struct EveryUtility: Rule {
            let id = "TEST_UTILITY"
            let category = RuleCategory.style
            let summary = "Flags the word utility"
            let appliesToManualPages: Bool
            var examples: RuleExamples { RuleExamples(incorrect: [], correct: []) }
            func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
                sentence.tokens.filter { $0.text == "utility" }.map { ProofreadingSuggestion(range: $0.range, replacements: [], message: "utility") }
            }
        }
        let page = DocumentParser.parse(Self.page, markup: .plain)
        let prose = DocumentParser.parse("The utility comes first.\n", markup: .plain)
        #expect(page.isManualPage && !prose.isManualPage)
        let silent = Proofreader(speller: speller, rules: [EveryUtility(appliesToManualPages: false)])
        let loud = Proofreader(speller: speller, rules: [EveryUtility(appliesToManualPages: true)])
        #expect(silent.check(page).isEmpty)
        #expect(!loud.check(page).isEmpty)
        #expect(silent.check(prose).count == 1)
        let silentIDs = Set(RuleRegistry.all.filter { !$0.appliesToManualPages }.map(\.id))
        #expect(silentIDs == ["UPPERCASE_SENTENCE_START", "SPACE_BEFORE_PUNCTUATION", "CONSECUTIVE_SPACES",
                              "MISSING_SPACE_AFTER_PUNCTUATION", "SPACE_INSIDE_BRACKETS"])
    }
}

/// A finding across a line break of hard-wrapped text keeps the break in its replacement:
/// `--fix` on Huckleberry Finn turned “out o' the way. I⏎says to the people” into one long line
/// “… I say to the people” (a new user's trial).
struct LineBreakInReplacementTests {
    @Test func theBreakStaysWhereTheSpaceDoes() throws {
        let speller = try #require(RuleTestSupport.speller)
        let text = "He shoved him out of the way. I\nsays to the people, why is this so.\n"
        let found = Proofreader(speller: speller).check(DocumentParser.parse(text, markup: .plain))
        let fix = try #require(found.first { (text as NSString).substring(with: $0.range).contains("says") })
        #expect(fix.replacements.first == "I\nsay", "\(fix)")
        #expect(Proofreader.keepingLineBreaks(of: "the\n  the", in: "the the") == "the\n  the")
        #expect(Proofreader.keepingLineBreaks(of: "could\nof", in: "could have") == "could\nhave")
        #expect(Proofreader.keepingLineBreaks(of: "a\nlot", in: "a lot of") == "a lot of")
        #expect(Proofreader.keepingLineBreaks(of: "al\nlot", in: "allot") == "allot")
    }
}
