import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// False alarms a new user met running `proofread --fix` on real technical Markdown, each with
/// variants of the same shape: no rule may flag them. The true errors next to them stay found.
struct TechnicalFalseAlarmTests {
    /// Correct technical sentences, by the rule that flagged them (or the shape it misread).
    static let correct: [String] = [
        // A number or an acronym as a label before a noun is no count (EN_QUANTIFIER_PLURAL).
        "This is a tier 3 target.", "It is a tier 2 platform.", "Our phase 2 plan is ready.", "It runs on WASM targets.",
        "We support WASM targets and iOS targets.",
        // A list with “etc.”.
        "(unit tests, integration tests, etc.)", "Run all checks (unit tests, integration tests, etc.) before merging.",
        // “in CI” is standard.
        "Run the tests in CI.", "The tests run in CI on every push.",
        // An adjective before a participle and a noun modifies the phrase (EN_COMPOUND_MODIFIER_HYPHEN).
        "It is a small breaking change.", "This is a major breaking change.", "It was a big breaking change.",
        // A plural in a compound modifier (EN_ARTICLE_PLURAL).
        "It offers a standards compliant interface.", "It was a sports related injury.",
        // Number words after “one of the” (EN_ONE_OF_PLURAL).
        "One of the two options works.", "Pick one of the three.", "It is one of the two.", "One of the following applies.",
        // A passive takes the to-infinitive (EN_GERUND_AFTER).
        "It is not recommended to use this flag.", "It is recommended to use this flag.",
        "It is strongly recommended to back up your data.", "Recommended to use with care.",
        // Code in braces or brackets (MISSING_SPACE_AFTER_PUNCTUATION).
        "Call {net.Server} or obj.Method() here.", "Use [os.Args] to read them.",
        // A measure not before a noun (EN_COMPOUND_MODIFIER_HYPHEN).
        "It grew 12 percent.", "It grew 12 percent last year.",
        // Spelling: both dialects' “cancelled”, technical un- and -able words.
        "The job was cancelled.", "Cancelling a request is safe.", "Never pass untrusted input.",
        "The field is nullable.", "Keys must be hashable.", "Unstaged changes are kept.",
        // From a later trial, each changed by `--fix`: a preposition after an indefinite pronoun,
        // “then than”, dimensions and numbers glued to names, a technical mass noun, a lone
        // quantifier as subject, abbreviations before a lowercase word, an age as a predicate,
        // a named mark, a reduplicated name, and terms of software writing.
        "Everyone except John came.", "Everything except the pillows was washed.",
        "Prices were higher then than they are today.", "A 5 × 5 grid.", "A 2 × 4 board.",
        "The key may be an X.509 certificate.", "It reads a PKCS#8 key.", "Java has no multiple inheritance.",
        "If any of the streams error then all are destroyed.", "It costs ca. ten euros.", "See fig. three for details.",
        "I turned 1 year old last week.", "Type . to repeat the last command.", "We danced the cha cha all night.",
        "Build it with cmake and conda, then run the wasm build.", "The system is little endian.",
        "Use the crypto module with oauth over udp.",
        // From a CLI trial: a dotted identifier in plain text, French loan phrases, and
        // everyday words of software writing.
        "Call os.path.expanduser on the path first.", "Use sys.stdout.write or np.linalg.norm here.",
        "Bon appétit, everyone!", "She had a certain je ne sais quoi.", "We ordered crème brûlée for dessert.",
        "We ordered creme brulee and said bon appetit.",
        "Write it to a tmp file first.", "The mockup is ready.", "Run the teardown step after each test.",
        "The build folder is gitignored.",
        // From a third trial: dotfiles, versioned libraries and a Windows path with a space are
        // file names; prefixed words (de-, pre-, un-, auto-) on known words; keys and tools.
        "Edit the .bashrc file.", "Add the folder to your .gitignore.", "Save it as .txt first.",
        "Install foo.dll and libfoo.so.1.", "Link against libssl.so.3 here.", #"Open C:\Program Files\Foo\bar.exe now."#,
        "Press Ctrl+Shift+P.", "Uncomment the line.", "Unmute the microphone.", "The preprocessor runs first.",
        "It deduplicates the rows and autoscaled the cluster.", "We discussed globbing and influencers.",
        "Load the settings with dotenv.", "Stop bingeing.",
    ]

    @Test(arguments: correct)
    func noFinding(sentence: String) throws {
        try #require(RuleTestSupport.speller != nil)
        let found = RuleTestSupport.matches(RuleRegistry.all, in: sentence)
        #expect(found.isEmpty, "\(found.map { "\($0.ruleID): “\((sentence as NSString).substring(with: $0.range))” → \($0.replacements.prefix(3))" })")
    }

    /// British English accepts “etc.” (Debian's en-GB dictionary lists it with its period, and
    /// the word reached the speller without it).
    @Test func britishEtc() throws {
        let speller = try #require(RuleTestSupport.britishSpeller)
        for text in ["(unit tests, integration tests, etc.)", "Use a, b, etc. here.", "Use a, b, etc."] {
            let found = Proofreader(speller: speller, rules: RuleRegistry.all).check(DocumentParser.parse(text, markup: .plain))
            #expect(found.isEmpty, "\(text): \(found.map(\.ruleID))")
        }
        let slip = Proofreader(speller: speller, rules: RuleRegistry.all).check(DocumentParser.parse("Use a, b, etc here.", markup: .plain))
        #expect(slip.contains { $0.ruleID == "SPELLING" })
    }

    /// Both dialects accept the same shell commands, “homebrew”, “whisky” (standard in American
    /// English for Scotch) and chat words, and guess nothing for them: a later trial met “grep”
    /// → “grip” and “rm” → “ram” under en-GB only, “Homebrew” → “Home brew”, “whisky” →
    /// “whiskey” applied by `--fix`, “tmrw” → “tire”, “wifi” → “wife”.
    @Test func commandsAndInformalWordsInBothDialects() throws {
        let american = try #require(RuleTestSupport.speller)
        let british = try #require(RuleTestSupport.britishSpeller)
        let text = "Run grep, then rm and mkdir; pipe it to sed and cd there. Install it with Homebrew. "
            + "I like whisky. See you tmrw, ttyl! The wifi is slow, pls fix it."
        for speller in [american, british] {
            let found = Proofreader(speller: speller, rules: RuleRegistry.all).check(DocumentParser.parse(text, markup: .plain))
            #expect(found.isEmpty, "\(speller.language): \(found.map { "\($0.ruleID): “\((text as NSString).substring(with: $0.range))”" })")
        }
        // Their misspellings are still flagged.
        let slip = Proofreader(speller: british, rules: RuleRegistry.all).check(DocumentParser.parse("Run gerp and mkdri.", markup: .plain))
        #expect(slip.filter { $0.ruleID == "SPELLING" }.count == 2)
    }

    /// The errors beside the false alarms are still found.
    @Test func trueErrorsStayFound() throws {
        try #require(RuleTestSupport.speller != nil)
        let cases: [(String, String)] = [
            ("We reached the end.Next sentence starts here.", "MISSING_SPACE_AFTER_PUNCTUATION"),
            ("We bought two car last year.", "EN_QUANTIFIER_PLURAL"),
            ("He is one of the best player in the league.", "EN_ONE_OF_PLURAL"),
            ("I enjoy to run in the park.", "EN_GERUND_AFTER"),
            ("We run a cloud based service.", "EN_COMPOUND_MODIFIER_HYPHEN"),
            ("He won the 100 metre sprint.", "EN_COMPOUND_MODIFIER_HYPHEN"),
            ("He bought a cars last year.", "EN_ARTICLE_PLURAL"),
            // A plain-text list item, a comma before “I”.
            ("- she don't care", "EN_AGREEMENT_HAVE_DO"), ("Yes,I agree.", "MISSING_SPACE_AFTER_PUNCTUATION"),
            // A prefix on a slip, or a slip of a known word, stays a typo.
            ("Wait untill tomorrow.", "SPELLING"), ("The item was unflaged.", "SPELLING"), ("The changes were unecessary.", "SPELLING"),
            ("We prefered the old one.", "SPELLING"), ("It was a reoccuring bug.", "SPELLING"),
        ]
        for (text, rule) in cases {
            let found = RuleTestSupport.matches(RuleRegistry.all, in: text)
            #expect(found.contains { $0.ruleID == rule }, "\(rule) no longer flags: \(text)")
        }
    }

    /// A spelling guess never splits a word before a suffix or a doubled consonant's ending
    /// (“cancel led”, “null able”, “value able”).
    @Test func noDerivationSplits() throws {
        let speller = try #require(RuleTestSupport.speller)
        for word in ["modelled", "valueable", "accessable", "detailled", "marketting", "persistant"] {
            let guesses = speller.suggester.scoredSuggestions(for: word, limit: 5).map(\.text)
            #expect(!guesses.contains { $0.contains(" ") }, "\(word) → \(guesses)")
        }
        #expect(SpellingSuggester.isDerivationSplit(left: SpellingIndex.key("cancel"), right: SpellingIndex.key("led")))
        #expect(SpellingSuggester.isDerivationSplit(left: SpellingIndex.key("null"), right: SpellingIndex.key("able")))
        #expect(!SpellingSuggester.isDerivationSplit(left: SpellingIndex.key("flower"), right: SpellingIndex.key("bed")))
    }
}
