import Foundation
import Testing
@testable import DocumentStructure
@testable import Proofreading

/// Issue 31's false alarms of new-user trials on Debian documents, each on a verbatim excerpt
/// (`Fixtures/tech-docs/`, sources in its `SOURCES.md`), with the true errors beside them that
/// stay found: Lisp and shell samples in plain text, a manual page's metavariables, people's
/// names in credits, the letters of a numbered identifier, and an article asked before a
/// command's name.
struct CodeAndCreditsTests {
    /// The words rule `rule` flags in fixture `name` (plain text).
    static func flagged(_ name: String, rule: String = "SPELLING") throws -> [String] {
        let (text, found) = try TechDocsFalseAlarmTests.matches(name)
        return TechDocsFalseAlarmTests.flagged(found, in: text, rule: rule)
    }

    /// The words rule `rule` flags in `text` (plain text).
    static func flagged(text: String, rule: String = "SPELLING") -> [String] {
        let found = RuleTestSupport.matches(RuleRegistry.all, in: text)
        return found.filter { $0.ruleID == rule }.map { (text as NSString).substring(with: $0.range) }
    }

    /// S-expressions and `;` comments (`(progn`, `(defconst …`, `t t nil`) and a shell sample
    /// under a lead-in (`then` … `fi`) are code, at whatever indentation the document gives its
    /// examples; prose in brackets is still prose.
    @Test func lispAndShellSamplesAreCode() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("emacs-policy-lisp.txt")
        #expect(found.isEmpty, "\(found.map { (text as NSString).substring(with: $0.range) + " " + $0.ruleID })")
        let document = DocumentParser.parse(text, markup: .plain)
        let prose = document.proseSegments.map(\.text).joined(separator: "\n")
        for code in ["progn", "defconst", "site-run-file", "emacs-package-install"] {
            #expect(!prose.contains(code), "\(code) read as prose")
        }
        #expect(prose.contains("Each flavor's binary must set the variable"))
        // Prose in brackets, with a comma or a sentence's period, is checked.
        #expect(Self.flagged(text: "You can do it (see teh manual, or ask).") == ["teh"])
        #expect(PlainLayout.isLispBlock(Array("(setq load-path (cons \"~/lisp\" load-path))".utf16), [(0, 42)]))
        #expect(!PlainLayout.isLispBlock(Array("(see above, and (of course) the rest)".utf16), [(0, 37)]))
        #expect(!PlainLayout.isLispBlock(Array("(see below)".utf16), [(0, 11)]))
    }

    /// A word a manual page gives as an option's argument (`-freffile`, `-Fsymfile`, `-f
    /// reffile`) is the page's own name for what to fill in, in its prose too; a slip in the
    /// page is still one.
    @Test func manualPageMetavariables() throws {
        try #require(RuleTestSupport.speller != nil)
        let words = try Self.flagged("man-cscope-metavariables.txt")
        for term in ["reffile", "symfile", "incdir"] { #expect(!words.contains(term), "\(words)") }
        let text = try String(contentsOf: RuleTestSupport.fixture("tech-docs/man-cscope-metavariables.txt"), encoding: .utf8)
        #expect(DocumentParser.parse(text, markup: .plain).metavariables.isSuperset(of: ["reffile", "symfile", "incdir"]))
        let slipped = text.replacingOccurrences(of: "Build the cross-reference only.", with: "Build the cross-reference ony once.")
        let found = RuleTestSupport.matches(RuleRegistry.all, in: slipped)
        #expect(found.contains { $0.ruleID == "SPELLING" && (slipped as NSString).substring(with: $0.range) == "ony" })
    }

    /// People's names where a document credits them: an AUTHORS list (`Name <e-mail>`, a name on
    /// its line), a THANKS list's items (“* Marc Schlaich (schlamar) for …”), a release note's
    /// “(Kalev Lember)”, a man page's AUTHORS prose (“Aaron Campbell, Bob Beck, Markus Friedl”),
    /// “a port by Paul von Behren”. A swapped pair of letters in a name stays a typo.
    @Test func namesInCredits() throws {
        try #require(RuleTestSupport.speller != nil)
        let authors = try Self.flagged("perl-authors-credits.txt")
        let capitalised = authors.filter { $0.first?.isUppercase == true }
        #expect(capitalised.isEmpty, "\(authors)")
        let thanks = try Self.flagged("colorama-thanks.txt")
        for name in ["Schlaich", "Abramowitz", "Hoyt", "Binns", "Szakmeister", "Florian", "Remi"] {
            #expect(!thanks.contains(name), "\(thanks)")
        }
        let news = try Self.flagged("upower-news-credits.txt")
        for name in ["Goede", "Lember", "Quette"] { #expect(!news.contains(name), "\(news)") }
        let man = try Self.flagged("man-ssh-agent-authors.txt")
        for name in ["Tatu", "Ylonen", "Provos", "Theo", "Raadt"] { #expect(!man.contains(name), "\(man)") }
        let ports = try Self.flagged("zip-whatsnew-ports.txt")
        for name in ["von", "Behren", "Haase"] { #expect(!ports.contains(name), "\(ports)") }
        // Slips stay typos, in credits and in prose.
        #expect(Self.flagged(text: "The fix is by Mary Smiht, as ever.") == ["Smiht"])
        #expect(Self.flagged(text: "We met Jhon Smith yesterday.") == ["Jhon"])
        #expect(Self.flagged(text: "The patch by Jhon Smith fixed it.") == ["Jhon"])
    }

    /// A signature or a call written out (pydoc's `push_source(self, newstream, newfile=None)`)
    /// is code, its name and its parameters; a note in brackets after a space is prose.
    @Test func signaturesAreCode() throws {
        try #require(RuleTestSupport.speller != nil)
        let pydoc = " |  push_source(self, newstream, newfile=None)\n |      Push an input source onto the lexer's input source stack.\n |\n |  sourcehook(self, newfile)\n |      Hook called on a filename to be sourced.\n"
        #expect(Self.flagged(text: pydoc).isEmpty)
        #expect(Self.flagged(text: "The list (see teh notes, below) is long.") == ["teh"])
    }

    /// A format's fields and a code point's digits (`mmddyyyy`, `#Uxxxx`, `#Lxxxxxxxx`), an
    /// option glued to its dash (`-Wformat-y2k`) and a reStructuredText substitution
    /// (`|tideliftlogo|`) are no words; a slip beside them still is one.
    @Test func placeholdersOptionsAndSubstitutions() throws {
        try #require(RuleTestSupport.speller != nil)
        #expect(SpellingRule.isPlaceholder("mmddyyyy") && SpellingRule.isPlaceholder("uxxxx") && SpellingRule.isPlaceholder("lxxxxxxxx"))
        #expect(!SpellingRule.isPlaceholder("committee") && !SpellingRule.isPlaceholder("boxx") && !SpellingRule.isPlaceholder("llama"))
        #expect(Self.flagged(text: "Dates are written zip -t mmddyyyy, escapes as #Uxxxx and #Lxxxxxxxx.").isEmpty)
        #expect(Self.flagged(text: "Fix -Wformat-y2k compilation errors in teh build.") == ["teh"])
        #expect(Self.flagged(text: "See the |tideliftlogo| badge.").isEmpty)
    }

    /// The letters of an identifier with a number (`sparc64`, `ppc64el`) name the thing: the
    /// same letters alone in the document are no slip of another word (“Sparc” → “Spark”).
    @Test func lettersOfNumberedIdentifiers() throws {
        try #require(RuleTestSupport.speller != nil)
        #expect(Self.flagged(text: "Builds for sparc64 and ppc64el are ready. The Sparc build and the ppc one are slow.").isEmpty)
        #expect(Self.flagged(text: "The Sparc build is slow.") == ["Sparc"])
    }

    /// An article asked before a bare count noun is none before a name the document writes in
    /// its code (“get Nettle from git”, with `git clone` in the text); before a common noun it
    /// still is. (Nettle's README itself, with no code naming git, is still flagged: open.)
    @Test func noArticleBeforeACommand() throws {
        try #require(RuleTestSupport.speller != nil)
        let text = try String(contentsOf: RuleTestSupport.fixture("tech-docs/nettle-readme-git.txt"), encoding: .utf8)
            + "\nTo fetch it, run `git clone` on the repository.\n"
        #expect(Self.flagged(text: text, rule: "EN_PREPOSITION_BARE_COUNT_NOUN").isEmpty)
        #expect(!Self.flagged(text: "We waited for bus yesterday.", rule: "EN_PREPOSITION_BARE_COUNT_NOUN").isEmpty)
    }
}
