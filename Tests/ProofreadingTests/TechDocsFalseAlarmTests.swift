import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// False alarms of the tech-docs benchmark (`Benchmarks/README-tech-docs.md`), each on a verbatim
/// excerpt of the real document (`Fixtures/tech-docs/`), and the true errors beside them, which
/// stay found. Each test names the general cause it covers, not the benchmark's words.
struct TechDocsFalseAlarmTests {
    /// The matches of every rule in fixture `name` (Markdown for `.md`, else plain text).
    static func matches(_ name: String) throws -> (text: String, found: [ProofreadingSuggestion]) {
        let text = try String(contentsOf: RuleTestSupport.fixture("tech-docs/" + name), encoding: .utf8)
        let markup: MarkupKind = name.hasSuffix(".md") ? .markdown : .plain
        return (text, RuleTestSupport.matches(RuleRegistry.all, in: text, markup: markup))
    }

    /// The flagged words of `found` in `text`.
    static func flagged(_ found: [ProofreadingSuggestion], in text: String, rule: String = "SPELLING") -> [String] {
        found.filter { $0.ruleID == rule }.map { (text as NSString).substring(with: $0.range) }
    }

    /// A surname after a given name the dictionary knows (“Harlan Stenn”), across an initial
    /// (“Richard M. Stallman”); a swap in it stays a typo (“Mary Smiht”).
    @Test func surnamesAfterGivenNames() throws {
        try #require(RuleTestSupport.speller != nil)
        for name in ["coreutils-thanks.txt", "man-ls-author.txt"] {
            let (text, found) = try Self.matches(name)
            #expect(Self.flagged(found, in: text).isEmpty, "\(name): \(Self.flagged(found, in: text))")
        }
        let slips = RuleTestSupport.matches(RuleRegistry.all, in: "We thank Mary Smiht for it. We met Jhon Smith yesterday.")
        #expect(slips.filter { $0.ruleID == "SPELLING" }.count == 2)
    }

    /// A capitalised word before a version (“Solaris <= 9”, “IRIX 6.5”) is a product's name; a
    /// month's slip before a number stays one (“Febuary 2.5”).
    @Test func productBeforeAVersion() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try Self.matches("coreutils-solaris.txt")
        #expect(Self.flagged(found, in: text).isEmpty, "\(Self.flagged(found, in: text))")
        let slip = RuleTestSupport.matches(RuleRegistry.all, in: "It shipped in Febuary 2.5 weeks late.")
        #expect(slip.contains { $0.ruleID == "SPELLING" })
    }

    /// A spelling SCOWL counts as an almost-equal American variant (`acknowledgement`) is accepted
    /// under en-US; a British-only spelling is not.
    @Test func americanVariantsAccepted() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try Self.matches("coreutils-acknowledgement.txt")
        #expect(Self.flagged(found, in: text).isEmpty, "\(Self.flagged(found, in: text))")
        let british = RuleTestSupport.matches(RuleRegistry.all, in: "The colour of the centre is grey.")
        #expect(british.filter { $0.ruleID == "SPELLING" }.count >= 2)
    }

    /// The other dialect's spelling is a style hint, given once per word with how often it is used.
    @Test func dialectSpellingIsOneHint() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try Self.matches("pip-behaviour.md")
        let hints = found.filter { $0.ruleID == "SPELLING" && (text as NSString).substring(with: $0.range) == "behaviour" }
        #expect(hints.count == 1)
        #expect(hints.first?.category == .style)
        #expect(hints.first?.isConfident == false)
        #expect(hints.first?.replacements.first == "behavior")
        #expect(hints.first?.message.contains("2 times") == true, "\(hints.first?.message ?? "")")
    }

    /// `cli`, as READMEs write the command-line interface (zstd's: it was offered `clii`, a Roman
    /// numeral Hunspell's en-US dictionary lists, then `clip`), is a word of software writing
    /// (``TechnicalVocabulary``); no Roman numeral is offered for a word.
    @Test func noRomanNumeralGuesses() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try Self.matches("zstd-cli.md")
        #expect(text.contains(" cli"))
        let cli = found.filter { $0.ruleID == "SPELLING" && (text as NSString).substring(with: $0.range) == "cli" }
        #expect(cli.isEmpty, "\(cli)")
        #expect(SpellingRule.isRomanNumeral("clii") && SpellingRule.isRomanNumeral("xiv"))
        #expect(!SpellingRule.isRomanNumeral("villi") && !SpellingRule.isRomanNumeral("i"))
    }

    /// Code in prose: a label glued to a number (`latin-1`) and a path's part (`src/`).
    @Test func labelsAndPaths() throws {
        try #require(RuleTestSupport.speller != nil)
        for name in ["ripgrep-encodings.md", "coreutils-src.txt"] {
            let (text, found) = try Self.matches(name)
            #expect(Self.flagged(found, in: text).isEmpty, "\(name): \(Self.flagged(found, in: text))")
        }
    }

    /// A word alone in straight double quotes is plain text's code (`the "dh" tool`,
    /// `"binary-indep"`); a common slip in quotes stays one (`"recieve"`).
    @Test func quotedLiterals() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try Self.matches("policy-quoted.txt")
        #expect(Self.flagged(found, in: text).isEmpty, "\(Self.flagged(found, in: text))")
        // Slips in quotes or beside a slash stay flagged (the suggester has a guess for them).
        for text in ["Type \"recieve\" in the box.", "We saw \"utilites\" and \"enivonment\" there.",
                     "It blocks Modifiying/deleting local files."] {
            let found = RuleTestSupport.matches(RuleRegistry.all, in: text)
            #expect(found.contains { $0.ruleID == "SPELLING" }, "\(text)")
        }
        #expect(RuleTestSupport.matches(RuleRegistry.all, in: "We saw \"utilites\" and \"enivonment\" there.")
            .filter { $0.ruleID == "SPELLING" }.count == 2)
    }

    /// “Copyright (C) 2007” is the notice's own form; “(c) 2024” alone still gets the sign.
    @Test func copyrightNotice() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try Self.matches("gpl-notice.txt")
        #expect(Self.flagged(found, in: text, rule: "TYPOGRAPHIC_SYMBOLS").isEmpty)
        let alone = RuleTestSupport.matches(RuleRegistry.all, in: "Text (c) 2024 by the authors.")
        #expect(alone.contains { $0.ruleID == "TYPOGRAPHIC_SYMBOLS" })
    }

    /// The true errors of the same documents stay found.
    @Test func trueErrorsStay() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try Self.matches("policy-contructed.txt")
        let words = Self.flagged(found, in: text)
        #expect(words.contains("contructed") && words.contains("mechaism"), "\(words)")
    }

    /// The command layer: installed commands, and only those (``VocabularyLayers/isCommand(_:)``).
    @Test func commandLayer() throws {
        let speller = try #require(RuleTestSupport.speller)
        let layers = speller.vocabularyLayers
        #expect(layers.isCommand("tar") && layers.isCommand("ls"))
        #expect(!layers.isCommand("zzqxv") && !layers.isCommand("Tar") && !layers.isCommand("x"))
        // A sentence that starts with a command's name: reported, never applied unattended.
        // (`make`: a word and a command; the README's case was “unzip can also”.)
        try #require(layers.isCommand("make"))
        let found = RuleTestSupport.matches(RuleRegistry.all, in: "Run the tests first. make can also build the docs.")
        let start = found.filter { $0.ruleID == "UPPERCASE_SENTENCE_START" }
        #expect(start.count == 1)
        #expect(start.allSatisfy { !$0.isConfident })
        let plain = RuleTestSupport.matches(RuleRegistry.all, in: "Run the tests first. then build the docs.")
        #expect(plain.filter { $0.ruleID == "UPPERCASE_SENTENCE_START" }.allSatisfy { $0.isConfident })
    }

    /// A word the document writes in its own code (a code span, a command example) opens a
    /// sentence in lowercase as a command does (`sort exits with status 2`, coreutils' NEWS and
    /// man pages): no capital asked for; without the code span, or written with a capital
    /// elsewhere, it is asked for as before.
    @Test func commandsOfTheDocumentStartSentences() throws {
        try #require(RuleTestSupport.speller != nil)
        func starts(_ text: String) -> Int {
            RuleTestSupport.matches(RuleRegistry.all, in: text, markup: .markdown).filter { $0.ruleID == "UPPERCASE_SENTENCE_START" }.count
        }
        #expect(starts("Use `sort -n` for numbers.\n\nThe tool is fast. sort exits with status 2 on errors.\n") == 0)
        #expect(starts("Use it for numbers.\n\nThe tool is fast. sort exits with status 2 on errors.\n") == 1)
        #expect(starts("Use `sort -n` for numbers. Sort them first.\n\nThe tool is fast. sort exits with status 2.\n") == 1)
        // A word of a code block's prose that is no command (the dev set's Deno roadmap).
        #expect(starts("```\nProgram requests write access to it.\n```\n\nIt is risky. access should be granted per program.\n") == 1)
    }

    /// The words of `names` that `found` flags as SPELLING in `text`.
    static func flagged(_ names: Set<String>, _ found: [ProofreadingSuggestion], in text: String) -> [String] {
        flagged(found, in: text).filter { names.contains($0) }
    }

    /// A function called with empty brackets (`gzseek()`) or a manual page named with its section
    /// (`nc(1)`, `udisks(1)`) is code (session 45's trial: zlib's FAQ, OpenSSH's README.tun,
    /// umount(8)); a slip beside it and a word written with “(s)” stay words.
    @Test func callsAndManualPageReferences() throws {
        try #require(RuleTestSupport.speller != nil)
        for (name, words) in [("zlib-faq-calls.txt", ["gzseek", "gztell", "gzprintf", "gzbuffer"]), ("man-references.txt", ["nc", "udisks"])] {
            let (text, found) = try Self.matches(name)
            #expect(words.allSatisfy { text.contains($0 + "(") })
            #expect(Self.flagged(Set(words), found, in: text).isEmpty, "\(name): \(Self.flagged(found, in: text))")
        }
        let slips = RuleTestSupport.matches(RuleRegistry.all, in: "Call gzseek() after teh first read. The recieve(s) field is new. Ask Jhon (1) first.")
        #expect(Set(Self.flagged(slips, in: "Call gzseek() after teh first read. The recieve(s) field is new. Ask Jhon (1) first."))
                    == ["teh", "recieve", "Jhon"])
        func tokens(_ s: String) -> [Token] { Tokenizer.tokenize(s) }
        #expect(SpellingRule.isCallOrManReference(tokens("gzseek() and"), 0))
        #expect(SpellingRule.isCallOrManReference(tokens("sshd(8)"), 0))
        #expect(SpellingRule.isCallOrManReference(tokens("openssl(1ssl),"), 0))
        #expect(!SpellingRule.isCallOrManReference(tokens("word(s)"), 0))
        #expect(!SpellingRule.isCallOrManReference(tokens("item(12)"), 0))
        #expect(!SpellingRule.isCallOrManReference(tokens("f(x)"), 0))
    }

    /// A glob's extension (`*.rtinstall`, `*.pyc`) and a dotfile in old plain text's quotes
    /// (`` `.zshrc' ``) are file names, and the extension written bare (“The first argument is
    /// rtinstall”) is the document's term (Python's policy, the zsh FAQ).
    @Test func globsAndQuotedDotfiles() throws {
        try #require(RuleTestSupport.speller != nil)
        for (name, words) in [("python-policy-globs.txt", ["rtinstall", "rtremove", "rtupdate", "pyc", "pyo"]), ("zsh-faq-dotfile.txt", ["zshrc"])] {
            let (text, found) = try Self.matches(name)
            #expect(Self.flagged(Set(words), found, in: text).isEmpty, "\(name): \(Self.flagged(found, in: text))")
        }
        let slip = "Copy *.pyc files here, then recieve them."
        #expect(Self.flagged(RuleTestSupport.matches(RuleRegistry.all, in: slip), in: slip) == ["recieve"])
    }

    /// Code the prose writes without markup (an option, `--soname-synonyms=…`,
    /// `--gen-suppressions=yes`; a dotted name, `sys.argv`) names the document's terms: the same
    /// word written bare (“the soname of”, “spit out suppressions”, “import sys”) is no slip
    /// (Valgrind's FAQ, python3(1)). A slip of a common word stays one, in code or not.
    @Test func proseCodeNamesTheDocumentsTerms() throws {
        try #require(RuleTestSupport.speller != nil)
        for (name, words) in [("valgrind-faq-option-words.txt", ["soname", "suppressions"]), ("man-python3-sys.txt", ["sys"])] {
            let (text, found) = try Self.matches(name)
            #expect(Self.flagged(Set(words), found, in: text).isEmpty, "\(name): \(Self.flagged(found, in: text))")
        }
        let slip = "Pass --recieve-mode=yes to it. Then we recieve the zork files."
        let found = RuleTestSupport.matches(RuleRegistry.all, in: slip)
        #expect(Self.flagged(found, in: slip) == ["recieve", "zork"], "\(Self.flagged(found, in: slip))")
    }

    /// A list's items beside code are code (“kill, tkill, tgkill, `pidfd_send_signal` and …”,
    /// “getdents and getdents64”, “proc, devfs, devpts, sysfs, `rpc_pipefs` and nfsd”: strace's
    /// NEWS, umount(8)); a list with no code item (“alpha, mips, sh, and xtensa”) and a slip of a
    /// common word in a code list stay flagged.
    @Test func itemsOfCodeLists() throws {
        try #require(RuleTestSupport.speller != nil)
        for (name, words) in [("strace-news-code-lists.txt", ["tkill", "tgkill", "getdents", "keyctl"]),
                              ("man-umount-code-list.txt", ["devfs", "devpts", "nfsd"])] {
            let (text, found) = try Self.matches(name)
            #expect(Self.flagged(Set(words), found, in: text).isEmpty, "\(name): \(Self.flagged(found, in: text))")
        }
        let wrong = "Fixed decoding of arch_prctl, recieve, and keyctl. It runs on alpha, mips, sh, and xtensa architectures."
        let found = Self.flagged(RuleTestSupport.matches(RuleRegistry.all, in: wrong), in: wrong)
        #expect(found.contains("recieve") && found.contains("mips") && !found.contains("keyctl"), "\(found)")
    }

    /// A rendered man page's code and layout (trial 46): xxd(1)'s hexdump lines (offset, hex
    /// groups, a text column that cuts words: “ugust”, “sctnug”), a command after C shell's
    /// prompt (`% … xxd -s +-768`: no “±”), patch(1)'s “directo‐” / “ries.” hyphenated from a
    /// command line, “succeeded to boot” (the idiom, as well) and “onwards” (“onward” with -s,
    /// not “inwards”). The slips beside them stay found.
    @Test func manPageHexdumpsHyphenationAndIdioms() throws {
        try #require(RuleTestSupport.speller != nil)
        for name in ["s46-man-xxd-hexdump.txt", "s46-man-patch-hyphenated.txt"] {
            let (text, found) = try Self.matches(name)
            let words = found.map { (text as NSString).substring(with: $0.range) }
            #expect(found.isEmpty, "\(name): \(words) \(found.map(\.ruleID))")
        }
        let slips = RuleTestSupport.matches(RuleRegistry.all, in: "We moved onwrds from there. She succeeded to finish the race.")
        #expect(slips.contains { $0.ruleID == "SPELLING" })
        #expect(slips.contains { $0.ruleID == "EN_PREPOSITION_COLLOCATION" })
    }
}
