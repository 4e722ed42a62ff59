import Foundation

/// Flags a full sentence that starts with a lowercase letter (“the build failed. we retried.”).
///
/// Careful where prose is not sentences: headings, list items and table cells that start
/// lowercase (fragments), code-like first words (`npm`, `iOS`, identifiers, placeholders) and
/// words the dictionary does not know are skipped. Leading emoji and symbols are skipped
/// (“📓 it works”); a leading placeholder means the sentence starts with code and is left alone.
/// A paragraph's first sentence is flagged only when more sentences follow it (a paragraph of
/// running text, not a fragment), or when it is the paragraph's only sentence and a full one:
/// six words or more, ending with “.”, “!” or “?” (not an ellipsis), not taken up after a dash.
public struct UppercaseSentenceStartRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms)] }
    /// Stable rule ID.
    public let id = "UPPERCASE_SENTENCE_START"
    /// The rule's category.
    public let category = RuleCategory.casing
    /// Silent on manual pages, whose layout breaks prose typography on every line.
    public var appliesToManualPages: Bool { false }
    /// One line saying what the rule checks.
    public let summary = "A sentence that starts with a lowercase letter"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The build failed. we retried it twice.", "The build failed. We retried it twice."),
                        ("I have complete conviction in this. she is absolutely guilty", "I have complete conviction in this. She is absolutely guilty"),
                        ("It rained all day! then the sun came out.", "It rained all day! Then the sun came out."),
                        ("We lost the match. Stop! we have to talk about it.", "We lost the match. Stop! We have to talk about it."),
                        ("The script renames every file in one go. run it twice to undo.", "The script renames every file in one go. Run it twice to undo."),
                        ("We kept a diary of the trip. 🌲 it rained on most days.", "We kept a diary of the trip. 🌲 It rained on most days."),
                        ("the parser reads the whole file first. It then builds the tree.", "The parser reads the whole file first. It then builds the tree."),
                        ("this is how the block starts, maybe after a quote.", "This is how the block starts, maybe after a quote."),
                        ("because it rained all day, we stayed at home.", "Because it rained all day, we stayed at home."),
                        ("hey team! The build is broken again.", "Hey team! The build is broken again."),
                        ("The parser reads the file.\nit then builds the tree.", "The parser reads the file.\nIt then builds the tree."),
                        ("The reply has three fields. 'serial is the value,' he said.", "The reply has three fields. 'Serial is the value,' he said.")],
            correct: ["The server runs on port 8080, e.g. on your laptop.", "Installing GnuPG 2.2. and GnuPG 1.4 side by side works.",
                      "iOS apps need a signed build before they run on a device.",
                      "npm install fetches the dependencies.", "The release is out. npm 7 comes with many new features.",
                      "“Why not?” she asked, and laughed.",
                      "returns the parsed value",
                      "this is how it starts.",
                      "“—change lobsters, and retire in same order,” continued the Gryphon.",
                      "although the horizon is far larger than the sun...",
                      "where n is the number of rows in the table.",
                      "The board measures 12 in. across the top.",
                      "See J. R. R. Tolkien for the details.",
                      "We waited... and then it worked.", "see below. The rest follows.",
                      "“Oh! the Duchess, the Duchess! Oh! won’t she be savage!” said the Rabbit.",
                      "She ran back to the door, but, alas! the key was gone.",
                      "When suddenly, thump! thump! down she came upon a heap of sticks.",
                      "The reply has three fields. 'serial' is the value the client sent.",
                      "Both are optional. \"width\" is counted in columns.",
                      "Bug fixes:\n\tfixed a bug in the AVL tree routines.\n\tremoved a double free.\n\tuse int instead of char for readline char counts."])
    }

    /// Fewest words of a one-sentence paragraph that starts lowercase and is flagged: a
    /// sentence's worth (shorter ones are more often captions or fragments).
    static let minimumLoneSentenceWords = 6

    /// Words that continue a sentence interrupted by a formula, a code block or a quotation
    /// (“where *x* is…”, “and groups are sorted…”): a paragraph may start with them.
    static let continuations: WordSet = [
        "and", "or", "nor", "but", "where", "which", "whereas", "while", "with", "so", "then", "that", "because",
        "since", "plus", "giving", "producing", "returning", "yielding", "than", "as", "for", "if", "when",
    ]

    /// Greetings that open a message (“hey team!”, “hi all,”): a short first sentence that
    /// starts with one is still a sentence when more follow.
    static let greetings: WordSet = ["hey", "hi", "hello", "dear", "greetings", "thanks"]
    /// Words of ``continuations`` that also open sentences of their own (“But we waited.”,
    /// “Because it rained, we left.”).
    static let sentenceOpeners: WordSet = ["and", "but", "so", "because", "since", "while", "if", "when", "then", "for"]

    /// True for a token that may come before a sentence's first word without being part of it:
    /// an emoji, a symbol, a flag, a bullet or dash, an opening quote or bracket.
    static func isLeadingSymbol(_ token: Token) -> Bool {
        switch token.kind {
        case .whitespace, .newline: return true
        case .punctuation:
            if token.isOne(of: "([\"\u{201C}\u{2018}'*_-\u{2013}\u{2014}\u{2022}~") { return true }
            return token.text.unicodeScalars.allSatisfy(isSymbolScalar)
        case .word:
            // A variation selector or other mark left alone after an emoji (“❤️”). An ASCII
            // word by its bytes (a `Character` test costs more than the rest of the rule).
            if token.traits.contains(.ascii) {
                return !token.text.utf8.contains { ($0 | 0x20) &- 0x61 < 26 || $0 &- 0x30 < 10 }
            }
            return !token.text.contains(where: { $0.isLetter || $0.isNumber })
        default: return false
        }
    }

    /// True for emoji, symbols, regional indicators and the joiners and selectors between them.
    static func isSymbolScalar(_ s: Unicode.Scalar) -> Bool {
        let p = s.properties
        if p.isEmojiPresentation || (p.isEmoji && s.value > 0xFF) { return true }
        switch p.generalCategory {
        case .otherSymbol, .mathSymbol, .format, .nonspacingMark, .enclosingMark: return true
        default: return (0x1F1E6...0x1F1FF).contains(s.value) || (0xFE00...0xFE0F).contains(s.value)
        }
    }

    /// Interjections that open an exclamation inside a sentence (“Oh! the Duchess!”, “Alas! it
    /// was too late”): the sentence goes on in lowercase after them, in fiction and speech.
    static let interjections: WordSet = [
        "oh", "o", "ah", "ahh", "aha", "alas", "ha", "hah", "oho", "ooh", "ohh", "eh", "hey", "wow", "ugh", "hurrah",
        "hooray", "hush", "hark", "lo", "pooh", "bah", "ouch", "oops", "whoa", "huh", "hmm", "phew", "yikes",
    ]

    /// Most words of an exclamation set off inside a sentence by a comma, a colon, a semicolon or
    /// a dash (“but, alas for poor Alice! when she got there”).
    static let maximumInnerExclamationWords = 4

    /// True when `prev`, a sentence ending with “!”, ends with an exclamation inside a longer
    /// sentence rather than a sentence of its own: an interjection (“Oh!”, “but, alas!”), a few
    /// words set off by a comma, a colon, a semicolon or a dash (“in another moment, splash!”,
    /// “the other—Bill!”), or one word or two that themselves go on in lowercase (the second
    /// “thump!” of “suddenly, thump! thump! down she came”). A sentence that opens with the
    /// exclamation (“It rained all day! then…”) is none of these.
    static func isExclamationWithin(_ prev: TokenList) -> Bool {
        guard let bang = prev.lastIndex(where: { !$0.isSpace }), bang >= 1, prev[bang].isOne(of: "!") else { return false }
        var k = bang - 1
        while k >= 0, prev[k].isSpace { k -= 1 }
        guard k >= 0, prev[k].kind == .word else { return false }
        if interjections.containsLower(of: prev, k) { return true }
        var words = 0
        while k >= 0 {
            if prev[k].kind == .word {
                words += 1
            } else if !prev[k].isSpace {
                break
            }
            k -= 1
        }
        guard words <= maximumInnerExclamationWords else { return false }
        if k >= 0 { return prev[k].isOne(of: ",;:-\u{2013}\u{2014}") }
        // The whole sentence is the exclamation: one that goes on in lowercase itself.
        guard words <= 2, let first = prev.firstIndex(where: { $0.kind == .word }) else { return false }
        return prev[first].startsLowercase
    }

    /// Auxiliaries and forms of “be”/“have” a subject takes (“configure doesn't”, “make is”).
    static let finiteAuxiliaries: WordSet = RuleSupport.modals.union(RuleSupport.beForms.set)
        .union(["has", "hasn't", "hasn\u{2019}t", "had", "hadn't", "hadn\u{2019}t", "isn\u{2019}t", "wasn\u{2019}t", "aren\u{2019}t"])

    /// True when token `first` of `sentence` is a word English uses only as a verb (“configure”)
    /// and the next word is an auxiliary, a modal or a form of “be”/“have” (“configure doesn't
    /// add AFS support”, findutils' README): a verb there is no command to the reader but the
    /// subject, the name of a program or a script (`configure`), which keeps its case.
    static func isVerbAsSubject(_ sentence: Sentence, _ first: Int, context: RuleContext) -> Bool {
        let tokens = sentence.tokens
        let lexicon = context.lexicon
        let word = tokens[first].lower
        guard lexicon.isBaseVerb(word), !lexicon.isNoun(word), !lexicon.isAdjective(word), !lexicon.isAdverb(word),
              let next = RuleSupport.nextWordAfterSpace(sentence, after: first) else { return false }
        return finiteAuxiliaries.containsLower(of: tokens, next)
    }

    /// True when sentence `index` of a block starts a line: the block's first sentence, or one
    /// with a line break between the previous sentence's last mark and its first word.
    static func startsLine(_ sentences: [Sentence], _ index: Int) -> Bool {
        guard index > 0 else { return true }
        let prev = sentences[index - 1].tokens
        if let last = prev.lastIndex(where: { !$0.isSpace }), prev[(last + 1)...].contains(where: breaksLine) { return true }
        for t in sentences[index].tokens {
            if breaksLine(t) { return true }
            if !t.isSpace { return false }
        }
        return false
    }

    /// True when the last line of sentence `index` starts with a lowercase word (after any
    /// bullet or symbol) and the sentence ends where that line ends: one item of a list written
    /// a line an item (the sentence may begin with the list's title: “Bug fixes:⏎fixed a bug…”).
    static func isLowercaseLineItem(_ sentences: [Sentence], _ index: Int) -> Bool {
        guard index >= 0, index + 1 >= sentences.count || startsLine(sentences, index + 1) else { return false }
        let tokens = sentences[index].tokens
        guard let end = tokens.lastIndex(where: { !$0.isSpace }) else { return false }
        var start = end
        while start > 0, !breaksLine(tokens[start - 1]) { start -= 1 }
        if start == 0, !startsLine(sentences, index) { return false }
        guard let first = tokens[start...end].firstIndex(where: { !isLeadingSymbol($0) }) else { return false }
        return tokens[first].kind == .word && tokens[first].startsLowercase
    }

    /// True for a line break: a newline token, or a space token holding one (a soft break
    /// within a paragraph).
    static func breaksLine(_ t: Token) -> Bool {
        t.kind == .newline || t.isSpace && (t.text.utf8.contains(10) || t.text.utf8.contains(13))
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        if context.isHeading || context.blockKind == .heading || sentence.continuesSentence { return [] }
        // A manual page opens sentences with its metavariables and commands in lowercase (“unset
        // name[subscript] destroys…”, “list must be terminated…”): their bold and italics are lost.
        let tokens = sentence.tokens
        var first = 0
        while first < tokens.count, Self.isLeadingSymbol(tokens[first]) { first += 1 }
        guard first < tokens.count else { return [] }
        // An aside in brackets (“(merge 4b992f0a24 later to maint).”, “(see below.)”): written
        // in lowercase on purpose.
        if first > 0, tokens[..<first].contains(where: { $0.isOne(of: "([") }) { return [] }
        // A placeholder first means the sentence starts with code (`` `npm` install``).
        guard tokens[first].kind == .word, tokens[first].startsLowercase, !RuleSupport.isCodeLike(tokens[first]) else { return [] }
        // A word alone in quotes (“'serial' is an arbitrary value”, “"x" and "y" are…”): a
        // name the document gives (a field, a parameter, a command), written as it is.
        if first > 0, first + 1 < tokens.count, tokens[first - 1].isOne(of: "'\"`\u{2018}\u{201C}"),
           tokens[first + 1].isOne(of: "'\"`\u{2019}\u{201D}") { return [] }
        // Glued to what follows (“foo.bar”, “foo(”, “foo/”, “foo:”): code or a path.
        if first + 1 < tokens.count, !tokens[first + 1].isSpace, tokens[first + 1].kind == .punctuation,
           !tokens[first + 1].isOne(of: ",'\u{2019}") { return [] }
        // A dictionary word. Words the dictionary does not know (“npm”) are left alone; a
        // dictionary word that also appears in the document's code (“access”, “the”) is still
        // a word at the start of a sentence.
        guard context.speller.isCorrect(tokens[first].text) else { return [] }
        // A lowercase word without a vowel is a command or an initialism written so (`npm`, `gpg`).
        if tokens[first].range.length >= 2, RuleSupport.hasNoVowel(tokens[first].lower) { return [] }
        // Glued to code before it (“`foo`bar”): part of an identifier.
        if first > 0, tokens[first - 1].kind == .placeholder { return [] }
        // Speech or text taken up after a break (“—change lobsters”, “…and then”, “after all.
        // “—said I could not swim—””): a fragment, whatever sentence of its block it is.
        if tokens[..<first].contains(where: { $0.isOne(of: "-\u{2013}\u{2014}\u{2026}") }) { return [] }
        // A list item of plain text after a bullet (a changelog's “* fixed bzread to …”, “•
        // wrong parameter order …”): the list's style, as after a dash, not a sentence's start.
        if tokens[..<first].contains(where: { $0.isOne(of: "*\u{2022}\u{2023}\u{25E6}") }) { return [] }
        // A title that asks or exclaims, set off by markup the checker does not see (a link's
        // text, emphasis: “the [How does rootless Podman work?](…) article by Dan Walsh”): what
        // follows its “?” goes on in lowercase with a noun, the thing the title names (session
        // 53's README-only trial). A pronoun, a determiner or a verb after “?” starts a sentence
        // (“are you coming? let me know” is still flagged).
        if context.sentenceIndex > 0, let end = context.sentences[context.sentenceIndex - 1].tokens.last(where: { !$0.isSpace }),
           end.isOne(of: "?!"), [PennTag.NN, .NNS].contains(context.tags(of: sentence)[first]),
           !tokens[first].lower.isAny(of: "nobody", "everybody", "somebody", "anybody", "everyone", "someone", "anyone",
                                      "nothing", "everything", "something", "anything", "none") { return [] }
        // Counted in place (`tokens.filter` copied every word token to count them).
        var words = 0
        for i in tokens.indices where tokens[i].kind == .word { words += 1 }
        if context.sentenceIndex == 0 {
            // It goes on a sentence a code block interrupted (“If you see an error like⏎```…```⏎
            // from runc, it means…”).
            if context.continuesInterruptedSentence { return [] }
            // A block's first sentence may be a fragment, a list item, a table cell or a
            // continuation of text the checker does not see: flagged only in a paragraph of
            // running text, when it ends like a sentence and another sentence follows, or when
            // it is a paragraph of its own long enough to be a full sentence.
            guard context.blockKind == .paragraph || context.blockKind == .other,
                  // (A greeting opening a message is short: “hey team! the build…”.)
                  context.sentences.count >= 2 ? words >= 4 || Self.greetings.containsLower(of: tokens, first) : words >= Self.minimumLoneSentenceWords,
                  let end = tokens.last(where: { !$0.isSpace }), end.isOne(of: ".!?"),
                  sentence.isBlockStart else { return [] }
            // Text taken up after dots (“...and then”), or a lone sentence trailing off (“although
            // it is more than...”): a fragment.
            if tokens[..<first].contains(where: { $0.isOne(of: ".") }) { return [] }
            if context.sentences.count == 1, let k = tokens.lastIndex(where: { !$0.isSpace }), k >= 1,
               tokens[k].isOne(of: "\u{2026}") || tokens[k].isOne(of: ".") && tokens[k - 1].isOne(of: ".") { return [] }
            // Not a word set off as a name (“**driftwood** reads…”), not a word the document
            // uses in its code (a command or project name), and not a word that continues a
            // sentence interrupted by a formula or a code block (“and”, “where”, “which”).
            if tokens[..<first].contains(where: { $0.kind == .placeholder || $0.isOne(of: "*_`") }) { return [] }
            // A lone sentence may open with a conjunction as a sentence does (“and we says…”,
            // “because they spent…”); only words that go on a formula or code are left alone.
            let continues = context.sentences.count == 1 ? Self.continuations.containsLower(of: tokens, first) && !Self.sentenceOpeners.containsLower(of: tokens, first)
                : Self.continuations.containsLower(of: tokens, first)
            if context.vocabulary.contains(tokens[first].text) || continues { return [] }
        } else {
            // After a previous sentence: it must have ended with a period, “!” or “?” (not an
            // abbreviation the splitter let through).
            let prev = context.sentences[context.sentenceIndex - 1].tokens
            guard let end = prev.last(where: { !$0.isSpace }), end.isOne(of: ".!?") else { return [] }
            // A mark standing alone between spaces (“print ? instead”) is named, not an end.
            if let k = prev.lastIndex(where: { !$0.isSpace }), k >= 1, prev[k - 1].kind == .whitespace { return [] }
            if let k = prev.lastIndex(where: { !$0.isSpace }), k >= 1, prev[k].isOne(of: "."), prev[k - 1].kind == .word {
                let w = prev[k - 1]
                // An initial (“J.”), a letter of a spaced abbreviation (“e. g.”), a known
                // abbreviation, or an unknown lowercase word (“foo.”, likely code).
                if w.text.count == 1 || SentenceSplitter.abbreviations.contains(w.lower) && !SentenceSplitter.wordLikeAbbreviations.contains(w.lower)
                    || w.startsLowercase && !context.speller.isCorrect(w.text) { return [] }
            }
            // A version number with its dot (“GnuPG 2.2. and GnuPG 1.4”, “since 1.0.3. with”): the
            // period is the number's, as in a list of releases, and the lowercase word goes on.
            if let k = prev.lastIndex(where: { !$0.isSpace }), k >= 1, prev[k].isOne(of: "."), prev[k - 1].kind == .number,
               prev[k - 1].text.contains(".") { return [] }
            guard words >= 2 else { return [] }
            if end.isOne(of: "!"), Self.isExclamationWithin(prev) { return [] }
            // One item a line, each written in lowercase (a NEWS file's “Bug fixes:” list:
            // “fixed a bug in the AVL tree routines.⏎removed a double free.”): the list's style,
            // as after a bullet, when the line before is an item that starts lowercase too.
            if Self.isLowercaseLineItem(context.sentences, context.sentenceIndex - 1),
               Self.startsLine(context.sentences, context.sentenceIndex) { return [] }
        }
        let fixed = tokens[first].text.prefix(1).uppercased() + tokens[first].text.dropFirst()
        // A word that is also an installed command (`zip 1.9 and gzip…`, `unzip can also…` in a
        // README) may be the command's name, which keeps its case: reported, never applied
        // unattended (a new user's `--fix` wrote “Unzip can also”, “Zip 1.9”).
        if context.hunspell?.vocabularyLayers.isCommand(tokens[first].text) == true
            || Self.isVerbAsSubject(sentence, first, context: context) {
            return [ProofreadingSuggestion(range: tokens[first].range, replacements: [fixed],
                              message: "Start a sentence with a capital letter: “\(fixed)”, unless “\(tokens[first].text)” is the command's name.",
                              isConfident: false)]
        }
        return [ProofreadingSuggestion(range: tokens[first].range, replacements: [fixed],
                          message: "Start a sentence with a capital letter: “\(fixed)”.")]
    }
}
