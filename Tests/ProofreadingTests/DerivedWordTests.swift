import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// Words derived from a known word (issue 31, point 2: `--fix` turned “triager” into “trigger”)
/// and fragments of words cut by markup (point 1: “Kuber<b>netes</b>” gave “netes → notes”).
@Suite struct DerivedWordTests {
    static var speller: HunspellSpeller { SpellingTests.american }

    @Test(arguments: ["triager", "triagers", "forwarder", "forwardings", "decodable", "copyable", "deployer",
                      "prereleases", "unescaped", "subcommand"])
    func derivedWordsAreKnown(_ word: String) {
        #expect(SpellingTests.flaggedWords("We asked the \(word) about it.").isEmpty, "\(word)")
    }

    @Test(arguments: ["writter", "runer", "runing", "stopable", "accessable", "inventer", "decodeable", "untill",
                      "changable", "flamable"])
    func slipsThatLookDerivedStayFlagged(_ word: String) {
        #expect(SpellingTests.flaggedWords("We asked the \(word) about it.") == [word], "\(word)")
    }

    /// The plural of a countable noun in -ion the dictionary lists without one (session 45's
    /// trial: Valgrind's “suppressions”, zsh's “redirections”) is a word; the plural of a mass
    /// noun (“informations”: the countability rules' finding) and a slip inside the stem are not.
    @Test func pluralsOfCountableIonNouns() {
        for word in ["suppressions", "redirections"] {
            #expect(SpellingTests.flaggedWords("You can write \(word) by hand.").isEmpty, "\(word)")
            #expect(SpellingRule.isIonPlural(word, speller: Self.speller))
        }
        for word in ["informations", "comisions", "descisions", "suppresions"] {
            #expect(!SpellingRule.isIonPlural(word, speller: Self.speller), "\(word)")
        }
        #expect(SpellingTests.flaggedWords("You can write suppresions by hand.") == ["suppresions"])
    }

    @Test func aRegularDerivationIsNeverFixedUnattended() throws {
        // “chaper” is chape + r by the affix rules (here a slip of “cheaper”, but the same shape
        // as “triager”, a word): reported with its guess, not applied.
        let m = try #require(SpellingTests.flags("We asked the chaper about it.").first)
        #expect(m.replacements.first == "cheaper")
        #expect(!m.isConfident)
        // A slip no derivation explains is still fixed, and so is one whose doubled form is the
        // word (“runer”: “runner”).
        for (slip, word) in [("writter", "writer"), ("runer", "runner"), ("flamable", "flammable")] {
            let w = try #require(SpellingTests.flags("We asked the \(slip) about it.").first)
            #expect(w.replacements.first == word)
            #expect(w.isConfident, "\(slip)")
        }
    }

    @Test func stemsFollowTheAffixRules() {
        #expect(SpellingRule.regularStems(of: "triager", suffix: .agent).contains("triage"))
        #expect(SpellingRule.regularStems(of: "copier", suffix: .agent).contains("copy"))
        #expect(SpellingRule.regularStems(of: "deployers", suffix: .agents).contains("deploy"))
        #expect(SpellingRule.regularStems(of: "decodable", suffix: .able).contains("decode"))
        #expect(SpellingRule.regularStems(of: "manageable", suffix: .able) == ["manage"])
        #expect(SpellingRule.regularStems(of: "encodings", suffix: .ings).contains("encode"))
        // No doubled consonant: “writter” has no stem “writ”.
        #expect(!SpellingRule.regularStems(of: "writter", suffix: .agent).contains("writ"))
    }

    // MARK: fragments

    static func all(_ text: String, markup: MarkupKind = .markdown, protected: [NSRange] = []) -> [ProofreadingSuggestion] {
        Proofreader(speller: speller).check(DocumentParser.parse(text, markup: markup, hostProtectedRanges: protected))
    }

    @Test(arguments: ["We run Kuber<b>netes</b> today.", "We re<em>cieve</em> mail today.", "The <span>gov</span>ernment met today."])
    func fragmentsAcrossInlineTagsAreNotJudged(_ text: String) {
        #expect(Self.all(text).isEmpty, "\(Self.all(text).map(\.message))")
    }

    @Test func aProtectedPartOfAWordLeavesNoFragmentToFix() {
        let text = "We deploy to the Kubernetes cluster today."
        #expect(Self.all(text, markup: .plain, protected: [NSRange(location: 17, length: 5)]).isEmpty)
        #expect(Self.all(text, markup: .plain, protected: [NSRange(location: 22, length: 5)]).isEmpty)
    }

    @Test func aWordJoinedAcrossLeftOutMarkupIsCheckedWholeAndNotEdited() throws {
        // `**` leaves no placeholder: the joined word is checked, and pointed at without an
        // edit that would delete the markup.
        #expect(Self.all("We run Kuber**netes** today.").isEmpty)
        let text = "We re**cieve** mail today."
        let m = try #require(Self.all(text).first { $0.ruleID == "SPELLING" })
        #expect((text as NSString).substring(with: m.range) == "re**cieve")
        #expect(m.replacements.isEmpty)
    }
}
