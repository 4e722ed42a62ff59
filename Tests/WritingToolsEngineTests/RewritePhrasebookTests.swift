import Foundation
import Testing
import DocumentStructure
import TextModel
@testable import WritingToolsEngine

/// Every phrase-list entry: its example is rewritten as documented, its "keep" sentences are
/// left alone, and the list itself is well formed.
@Suite("Rewrite phrasebook")
struct RewritePhrasebookTests {
    static func apply(_ phrase: RewritePhrase, to text: String) throws -> String {
        let edits = PhraseRewriter([phrase]).edits(in: text).map { TextEdit(range: $0.range, replacement: $0.replacement) }
        return try text.applying(edits)
    }

    @Test(arguments: RewritePhrasebook.all.map(\.id))
    func entryRewritesItsExample(_ id: String) throws {
        let p = try #require(RewritePhrasebook.all.first { $0.id == id })
        #expect(try Self.apply(p, to: p.example) == p.expected, "\(id)")
    }

    /// Each entry's example holds its own phrase, and the edit it makes is on that phrase:
    /// an example that passed only because another word of it changed would test nothing
    /// (session 54 asked whether FRIENDLY_WE_REGRET_TO_INFORM's did; every entry's does).
    @Test(arguments: RewritePhrasebook.all.map(\.id))
    func entryExampleHoldsItsPhraseAndTheEditIsOnIt(_ id: String) throws {
        let p = try #require(RewritePhrasebook.all.first { $0.id == id })
        let lower = PhraseRewriter.norm(p.example.lowercased())
        #expect(lower.contains(p.pattern), "\(id): “\(p.example)” does not hold “\(p.pattern)”")
        let edits = PhraseRewriter([p]).edits(in: p.example)
        #expect(edits.count == 1, "\(id): \(edits.count) edits")
        let r = try #require(edits.first).range
        let ex = p.example as NSString
        let phraseStart = (lower as NSString).range(of: p.pattern).location
        // The edit covers the phrase (it may reach a comma or the white space after a cut word).
        #expect(r.location <= phraseStart && NSMaxRange(r) >= phraseStart + (p.pattern as NSString).length,
                "\(id): the edit is on “\(ex.substring(with: r))”, not on “\(p.pattern)”")
    }

    @Test(arguments: RewritePhrasebook.all.filter { !$0.keeps.isEmpty }.map(\.id))
    func entryKeepsWhatWouldChangeMeaning(_ id: String) throws {
        let p = try #require(RewritePhrasebook.all.first { $0.id == id })
        for k in p.keeps { #expect(try Self.apply(p, to: k) == k, "\(id) changed “\(k)”") }
    }

    @Test func idsAreUniqueAndReasonsPresent() {
        let ids = RewritePhrasebook.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for p in RewritePhrasebook.all {
            #expect(!p.reason.isEmpty && p.reason.count < 90, "\(p.id)")
            #expect(p.pattern == p.pattern.lowercased(), "\(p.id): patterns are lowercase")
            #expect(p.example != p.expected, "\(p.id)")
        }
    }

    @Test func everyStyleHasEntries() {
        for s in RewriteStyle.allCases { #expect(RewritePhrasebook.phrases(for: s).count >= 20, "\(s)") }
    }

    /// Meaning first: no edit drops a negation, whatever the style.
    @Test func negationsSurviveEveryStyle() throws {
        let text = "I do not really think that it is not very good. We can not go. It was not just a test. You must not leave. It is not basically wrong."
        for tool in [WritingTool.concise, .professional, .friendly] {
            let (new, edits) = try rewritten(text, tool)
            let count = { (s: String) in PhraseRewriter.negationCount(s) }
            #expect(count(new) == count(text), "\(tool): \(new)")
            for e in edits {
                let before = try #require(text.substring(utf16Range: e.range))
                #expect(count(e.replacements[0]) >= count(before), "\(e.ruleID)")
            }
        }
    }

    @Test func intensifiersStayUnderANegation() throws {
        let text = "I do not think that's very likely. It wasn't really needed. Nobody was basically happy."
        #expect(try rewritten(text, .concise).text == text)
        #expect(try rewritten("It was very good, but I don't think it was really needed.", .concise).text
            == "It was good, but I don't think it was really needed.")
    }

    @Test func justCauseKeepsJust() throws {
        let (new, _) = try rewritten("It was a just cause. He just arrived. Just in time.", .concise)
        #expect(new == "It was a just cause. He just arrived. Just in time.")
    }

    @Test func deletingASentenceOpenerCapitalisesTheNextWord() throws {
        let (new, edits) = try rewritten("Basically, we ship on Monday.", .concise)
        #expect(new == "We ship on Monday.")
        #expect(edits.count == 1 && edits[0].ruleID == "CONCISE_BASICALLY_COMMA")
    }

    @Test func capitalisationFollowsThePhrase() throws {
        #expect(try rewritten("In order to win, train.", .concise).text == "To win, train.")
        #expect(try rewritten("Do not worry.", .friendly).text == "Don't worry.")
        #expect(try rewritten("FYI the build is green.", .professional).text == "For your information the build is green.")
    }

    @Test func phrasesNeverMatchInsideWords() throws {
        // (Tone and length rewrites apply the proofreader's confident fixes first, issue 34:
        // “veryfication” is corrected; no phrase edit touches either word.)
        let (new, edits) = try rewritten("The reallyness of veryfication.", .concise)
        #expect(new == "The reallyness of verification.")
        #expect(edits.allSatisfy { !$0.ruleID.hasPrefix("CONCISE_") })
        #expect(try rewritten("Stuffing is gonnadic.", .professional).edits.allSatisfy { !$0.ruleID.hasPrefix("PRO_") })
    }

    @Test func emoticonBeforeANewSentenceBecomesAPeriod() throws {
        #expect(try rewritten("Looks great :) See you soon", .professional).text == "Looks great. See you soon")
    }
}
