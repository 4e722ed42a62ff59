import Foundation
import Testing
@testable import DocumentStructure
@testable import Proofreading

/// Issue 31, session 56: the false alarms and `--fix` damage of a tenth held-out set, never worked
/// on before its run (`Benchmarks/tech-docs.py --set heldout-s56`), by class: the value fields of
/// a header block (a package's METADATA), tables drawn with box-drawing characters, inflections of
/// verbs of reversal in “un-”, a number that labels a noun, “to” before a noun after “restricted”,
/// a stranded preposition before a modal, “in the passed NOUN”, and “is be”.
struct TechDocsS56Tests {
    /// The findings of every rule on `text` (plain text).
    static func found(_ text: String) -> [ProofreadingSuggestion] { RuleTestSupport.matches(RuleRegistry.all, in: text) }

    /// The findings of `rule` in `found`, as the text they cover.
    static func covered(_ found: [ProofreadingSuggestion], _ rule: String, in text: String) -> [String] {
        found.filter { $0.ruleID == rule }.map { (text as NSString).substring(with: $0.range) }
    }

    /// A header block's fields that hold values (a requirement with its marker, one word) are no
    /// prose; a long value (`Summary:`) still is, and the prose under the block is checked.
    @Test func headerFieldsHoldValues() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s56-metadata-header.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["libary", "recieves"])
        #expect(Self.covered(found, "SPACE_BEFORE_PUNCTUATION", in: text).isEmpty)
    }

    /// Three “Word:” lines without a hyphenated field name are prose (notes, warnings), not a header.
    @Test func fieldLikeProseIsChecked() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s56-field-notes.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["teh"])
    }

    /// The field names of a header line: a capital, letters, digits and inner hyphens, a colon and a space.
    @Test func headerFieldNames() {
        func name(_ s: String) -> (end: Int, hyphenated: Bool)? {
            let u = Array(s.utf16)
            return PlainLayout.headerFieldName(u, 0, u.count)
        }
        #expect(name("Requires-Dist: pytest")?.hyphenated == true)
        #expect(name("Version: 1.0")?.hyphenated == false)
        #expect(name("Note:")?.end == 5)
        #expect(name("note: lowercase") == nil)
        #expect(name("Classifier:: x") == nil)
        #expect(name("See https://example.org") == nil)
    }

    /// A table drawn with box-drawing characters (groff's tbl) is layout, as one drawn with `|`:
    /// its cells' codes are not flagged; the prose after it is checked.
    @Test func boxDrawnTablesAreLayout() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s56-box-table.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["teh"])
    }

    /// Inflections of a verb of reversal in “un-” that the dictionary lists bare (“unset”) or the
    /// machine has as a command are words; a slip in the inflection and a slip of the stem are not.
    @Test func reversiveVerbForms() throws {
        try #require(RuleTestSupport.speller != nil)
        let text = "The shell unsets the variable. Unsetting it twice is allowed, and it keeps unsetting others."
        #expect(TechDocsFalseAlarmTests.flagged(Self.found(text), in: text).isEmpty)
        for slip in ["The shell unsetts the variable.", "The shell unsezs the variable."] {
            #expect(TechDocsFalseAlarmTests.flagged(Self.found(slip), in: slip).count == 1, "\(slip)")
        }
    }

    /// A number after a noun that numbers its kinds is a label (“the base 2 logarithm”); a count
    /// still takes a plural (“two car”).
    @Test func labelNumbers() throws {
        try #require(RuleTestSupport.speller != nil)
        let label = "The factor is calculated using the base 2 logarithm. The version 3 header is longer."
        #expect(Self.covered(Self.found(label), "EN_QUANTIFIER_PLURAL", in: label).isEmpty)
        let count = "We bought 3 car last year."
        #expect(Self.covered(Self.found(count), "EN_QUANTIFIER_PLURAL", in: count) == ["car"])
    }

    /// “to” after “restricted”, “limited”, “specific” is a preposition before a noun; a verb that is
    /// no noun after it, and an infinitive's “to”, are still read as verbs.
    @Test func prepositionalToBeforeNouns() throws {
        try #require(RuleTestSupport.speller != nil)
        let noun = "Such hosts are further restricted to timestamps no later than 2038."
        #expect(Self.covered(Self.found(noun), "EN_TO_NON_BASE", in: noun).isEmpty)
        let verb = "I was surprised to learns this."
        #expect(Self.covered(Self.found(verb), "EN_TO_NON_BASE", in: verb) == ["learns"])
    }

    /// “is be” is a word too many: reported with no fix (“is been” is no English).
    @Test func isBeIsReportedWithoutAFix() throws {
        try #require(RuleTestSupport.speller != nil)
        let text = "If any part of the manual is be so terse as to be unhelpful, ask."
        let found = Self.found(text).filter { $0.ruleID == "EN_PAST_PARTICIPLE" }
        #expect(found.count == 1)
        #expect(found.allSatisfy { !$0.isConfident && $0.replacements.isEmpty })
        #expect(found.map { (text as NSString).substring(with: $0.range) } == ["is be"])
        // A base form after a passive “be” is still given its participle.
        let build = "The houses were build in 1920."
        #expect(Self.found(build).filter { $0.ruleID == "EN_PAST_PARTICIPLE" }.flatMap(\.replacements) == ["built"])
    }
}

/// The library an installed package is named for (`libcairo2` → `cairo`, `zlib1g` → `zlib`).
struct TechDocsS56LibraryNameTests {
    @Test func libraryNamesOfPackages() {
        func name(_ s: String) -> String? { VocabularyLayers.Sources.libraryName(ofPackagePart: Substring(s)) }
        #expect(name("libcairo2") == "cairo")
        #expect(name("libharfbuzz0b") == "harfbuzz")
        #expect(name("libfribidi0") == "fribidi")
        #expect(name("zlib1g") == "zlib")
        #expect(name("libc6") == nil)
        #expect(name("libharfbuzz") == nil)
        #expect(name("subset0") == nil)
        #expect(name("libpython3.11") == nil)
    }
}

/// A paragraph that opens in lowercase with a verb after a lead-in ending with a colon and a code
/// block has the code as its subject (“```…```⏎will create a timeout”); another lowercase opening
/// there is still a sentence's start.
struct TechDocsS56CodeSubjectTests {
    @Test func codeBlockAsTheSubject() throws {
        try #require(RuleTestSupport.speller != nil)
        let verb = "It sets timeouts depending on the platform:\n\n```js\nconst timer = setTimeout(fail, 4000);\n```\n\nwill create a 4-second timeout on most platforms. Slower ones get more.\n"
        #expect(!RuleTestSupport.matches(RuleRegistry.all, in: verb, markup: .markdown).contains { $0.ruleID == "UPPERCASE_SENTENCE_START" })
        let other = "Build it first:\n\n```sh\nmake\n```\n\nthe build takes a minute on most machines. Then run the tests.\n"
        #expect(RuleTestSupport.matches(RuleRegistry.all, in: other, markup: .markdown).contains { $0.ruleID == "UPPERCASE_SENTENCE_START" })
        #expect(Proofreader.opensWithCodesVerb("\nwill create it"))
        #expect(!Proofreader.opensWithCodesVerb("Will create it"))
        #expect(!Proofreader.opensWithCodesVerb("the build"))
    }
}

/// A capitalised word after initials that open a name (“by G. A. Marson and B. Poettering”) is a
/// surname; a swap in it stays a typo (“by J. Smiht”).
struct TechDocsS56InitialsTests {
    @Test func surnamesAfterOpeningInitials() throws {
        try #require(RuleTestSupport.speller != nil)
        let text = "It is based on work by G. A. Marson and B. Poettering in 2013."
        #expect(TechDocsFalseAlarmTests.flagged(RuleTestSupport.matches(RuleRegistry.all, in: text), in: text).isEmpty)
        let slip = "It was signed by J. Smiht in 2013."
        #expect(TechDocsFalseAlarmTests.flagged(RuleTestSupport.matches(RuleRegistry.all, in: slip), in: slip) == ["Smiht"])
    }
}
