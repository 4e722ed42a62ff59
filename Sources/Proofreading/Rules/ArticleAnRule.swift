import Foundation

/// Flags “a” before a vowel sound and “an” before a consonant sound, judged by how the next word
/// is said: “an hour”, “an honest”, “a university”, “a European”, “a one-off”, “an MBA”, “a URL”,
/// “an X-ray”, “an 8”, “a 1”. Words whose sound cannot be told from spelling are left alone.
public struct ArticleAnRule: Rule {
    /// Stable rule ID.
    public let id = "EN_A_VS_AN"
    /// The article is chosen by the next word's sound only: a misspelling before it (“recieve
    /// an URL”) does not silence it.
    public var readsOnlyTheNextWord: Bool { true }
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“a” or “an” by the sound of the next word"

    /// Words spelled with a consonant but said with a vowel sound (silent h).
    static let silentH: [String] = ["hour", "honest", "honor", "honour", "heir"]
    /// Vowel-letter prefixes said with a consonant sound (“you”, “wuh”).
    static let consonantSoundPrefixes: [String] = [
        "eu", "ewe", "uni", "unan", "unar", "ura", "ure", "uri", "uro", "usa", "use", "usu", "uten", "uti", "uto", "ubiq",
        "uku", "ukr", "uga", "uvu", "ufo", "unix", "once", "one", "ouija",
    ]
    /// h-words where usage differs (“a historic” / “an historic”).
    static let eitherH: [String] = ["histor", "hotel", "hypothe", "habitu", "heroic", "horrend", "horrif", "humble", "herb"]
    /// “uni” words where the prefix is “un-” + a word starting with i.
    static let unExceptions: [String] = ["unidentif", "unimp", "unin", "unill", "unit-test"]
    /// Acronyms said as words, with the article they take.
    static let wordAcronyms: WordMap<Bool> = WordMap([
        "NASA": false, "NATO": false, "UNESCO": false, "UNICEF": false, "LAN": false, "RAM": false, "ROM": false,
        "SIM": false, "GIF": false, "JPEG": false, "PIN": false, "WAN": false, "CAD": false, "SAT": true,
        "UEFA": false, "UFO": false, "URL": false, "USB": false, "UI": false, "UX": false, "UTF": false,
        "API": true, "OAuth": true, "AWS": true, "ISO": true, "IDE": true, "ECMAScript": true, "ESLint": true,
        "NPM": true, "HTML": true, "HTTP": true, "HTTPS": true, "LLM": true, "SQL": true, "FAQ": true, "LED": true,
        "MIT": true, "AJAX": true, "JSON": false, "YAML": false, "TOML": false, "GUI": false, "NAS": false,
    ])
    /// Letters whose English name starts with a vowel sound.
    static let vowelLetters: Set<Character> = ["A", "E", "F", "H", "I", "L", "M", "N", "O", "R", "S", "X"]
    /// Acronyms where both articles are heard (“a SQL” / “an SQL”, “a FAQ” / “an FAQ”).
    static let eitherAcronyms: WordSet = ["SQL", "FAQ", "LED", "SUV"]

    /// The closed classes no article stands before (conjunctions, prepositions, forms of
    /// “be”), whatever odd readings the tag lexicon gives them (“IS”, “AND” as names).
    static let neverAfterAnArticle: Set<String> = [
        "and", "or", "nor", "but", "into", "onto", "in", "on", "of", "at", "as", "by", "from", "with", "to", "is", "are", "was",
        "were", "if", "than", "versus", "vs",
    ]

    /// The readings a word after an article can have: nouns, adjectives, adverbs (“a very”),
    /// participles (“a used car”, “an ongoing”), numbers and foreign words. A word the tag
    /// lexicon gives none of these is no article's next word.
    static let nounPhraseOpeners: PennTagSet = PennTagSet.nouns.union(.adjectives).union(.adverbs).union(PennTagSet([.VBG, .VBN, .CD, .FW]))

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("We waited for a hour.", "We waited for an hour."), ("A fallback gets a \"action not allowed\" reply.", "A fallback gets an \"action not allowed\" reply."),
                        ("It is a “honest” mistake.", "It is an “honest” mistake."), ("Install it as a npm package.", "Install it as an npm package."), ("This is an a book.", "This is a book."), ("I have a the key.", "I have the key."),
                        ("She is an university student.", "She is a university student."),
                        ("He has a MBA from Yale.", "He has an MBA from Yale."),
                        ("It was an one-off event.", "It was a one-off event."),
                        ("I ate a apple.", "I ate an apple."),
                        ("The doctor ordered a X-ray.", "The doctor ordered an X-ray."),
                        ("He scored a 8 on the test.", "He scored an 8 on the test."),
                        ("Open an GitHub issue for it.", "Open a GitHub issue for it."),
                        ("It needs an C99 compiler.", "It needs a C99 compiler."),
                        ("Save it as a MP3 file.", "Save it as an MP3 file."),
                        ("He drove a F1 car.", "He drove an F1 car."),
                        ("We need to hire a another person.", "We need to hire another person.")],
            correct: ["Return the entirety of a and b.", "It is a \"user\" setting.", "Write a \"the\" there.", "She chose a “unique” name.", "Turn a into b with the fewest edits.", "If a is empty, return b.",
                      "Return true if a exceeds b.",
                      "It takes an in-depth look at a to-do list and an on-call rota.",
                      "He is an honest man and a European citizen.", "It works if there is an Ms entry in the description.", "A\t     Accept the word for the rest of this session.", "It is usually a SHA-1 hex string.", "We met a Mr. Smith and a Dr Jones.", "It lists all processes when used with the a option.", "Open an xterm and maximize it.", "Bash is an sh-compatible command interpreter.", "An a may be used as a synonym for g.",
                      "The game ships with an OpenGL renderer and a DirectX one.",
                      "Paste a URL into the box and press a key.",
                      "Build it with a C11 compiler and an X11 display; store it in an S3 bucket or a U2 folder.",
                      "Write a SQL query or an SQL query; both are fine.",
                      "It took an hour to write a unit test for a one-time job.",
                      "Vitamin A is an essential nutrient.",
                      "He got a 1 on the exam and an 11 on the next one.",
                      "That was a uniquely useful idea.",
                      "This is an Euler brick, made with an FFmpeg-compatible tool and a udev rule."])
    }

    /// The first bytes of a prefix list's entries: a word whose first byte is not among them
    /// skips the list's prefix comparisons. Worked out from the list, so that a new entry is
    /// never missed.
    struct Initials {
        private var bits: (UInt64, UInt64) = (0, 0)

        init(_ list: [String]) {
            for p in list {
                guard let b = p.utf8.first, b < 0x80 else { bits = (~0, ~0); continue }
                if b < 64 { bits.0 |= 1 << UInt64(b) } else { bits.1 |= 1 << UInt64(b - 64) }
            }
        }

        /// True when some entry starts with byte `b` (or some entry is not ASCII).
        func contains(_ b: UInt8) -> Bool {
            guard b < 0x80 else { return bits.1 == ~0 }
            return b < 64 ? bits.0 & (1 << UInt64(b)) != 0 : bits.1 & (1 << UInt64(b - 64)) != 0
        }
    }

    static let silentHInitials = Initials(silentH)
    static let consonantSoundInitials = Initials(consonantSoundPrefixes)
    static let eitherHInitials = Initials(eitherH)

    /// A name of one to three capital letters then digits only (“C99”, “MP3”, “X11”, “F1”,
    /// “S3”): said letter by letter, so its first letter's name decides (“a C99 compiler”,
    /// “an MP3 file”, “an F1 car”); nil for any other word. (Issue 30: “an C99” was left.)
    static func lettersThenDigits(_ text: String) -> Bool? {
        let u = Array(text.utf8)
        var k = 0
        while k < u.count, u[k] >= 0x41, u[k] <= 0x5A { k += 1 }
        guard (1...3).contains(k), k < u.count, u[k...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return vowelLetters.contains(Character(UnicodeScalar(u[0])))
    }

    /// True when `token` (and, for a single letter, what follows) starts with a vowel sound;
    /// nil when it cannot be told.
    static func startsWithVowelSound(_ sentence: Sentence, _ j: Int, speller: any Speller, classes: WordClasses? = nil) -> Bool? {
        let t = sentence.tokens[j]
        if t.kind == .number {
            let digits = t.text.prefix { $0.isNumber }
            if digits.hasPrefix("8") { return true }
            if digits.hasPrefix("11") || digits.hasPrefix("18") { return [2, 5].contains(digits.count) ? true : nil }
            return false
        }
        guard t.kind == .word else { return nil }
        if t.hasDigit, !t.hasUnderscore, let v = lettersThenDigits(t.text) { return v }
        if t.hasDigit || t.hasUnderscore { return nil }
        let text = t.text
        if let v = wordAcronyms[text] { return v }
        // The length in characters: the UTF-16 length for an ASCII word (no counting walk).
        let length = t.traits.contains(.ascii) ? t.range.length : text.count
        if t.isAllCaps || (length == 1 && text.first!.isUppercase) {
            // Initialisms: said letter by letter. Long ones with vowels may be said as words.
            let vowels = text.filter { "AEIOU".contains($0) }.count
            if length >= 4 && vowels >= 1 { return nil }
            if length == 3 && vowels >= 1 && !"AEIOU".contains(text.first!) && "AEIOU".contains(text[text.index(after: text.startIndex)]) { return nil }
            // A consonant pair said as one sound, then a vowel (“SHA”, “CHAP”, “THE”): said as a
            // word as often as by letters (“a SHA-1 hex string”, curl(1)).
            if length == 3, ["SH", "CH", "TH", "PH", "WH"].contains(String(text.prefix(2))), "AEIOU".contains(text.last!) { return nil }
            return vowelLetters.contains(text.first!)
        }
        if length == 1 { return nil }
        // A capitalised CamelCase name (“NeRF”, “GitHub”, “OpenGL”) is said as a word from its
        // first syllable: a consonant letter gives a consonant sound.
        // (Only a word with a capital after a small letter can be one: the test reads the
        // token's traits before making an array of its characters.)
        if t.hasInnerUppercase, t.startsUppercase, case let letters = Array(text), letters.count >= 3, letters[0].isUppercase, letters[1].isLowercase, letters.dropFirst(2).contains(where: { $0.isUppercase }),
           letters.allSatisfy({ $0.isLetter }) {
            let first = letters[0]
            if "BCDFGJKLMNPQRSTVXZ".contains(first) { return false }
            if "AIO".contains(first) && !text.hasASCIIPrefix("One") { return true }
            return nil
        }
        if RuleSupport.isCodeLike(t) { return nil }
        // Two capitals then lowercase (“RFLink”, “FFmpeg”): said from the first letter's name.
        if t.traits.contains(.multipleUppercase), case let chars = Array(text), chars.count >= 3, chars[0].isUppercase, chars[1].isUppercase, chars[2].isLowercase { return vowelLetters.contains(chars[0]) }
        let w = t.lower
        if w.hasASCIIPrefix("eu"), ["euler", "eulerian", "euclid"].contains(where: { w.hasASCIIPrefix($0) }) { return w.hasASCIIPrefix("eul") ? true : false }
        // A lowercase word of two to four letters without a vowel (“rpm”, “npm”, “mph”): an
        // initialism, said letter by letter, from its first letter's name (“an rpm file”).
        // (Lowercase: “Mrs.”, “Dr.” are said as words; not glued to code: “std::vector”; a
        // hyphen may follow: “an sh-compatible shell”.)
        if length >= 2, length <= 4, t.startsLowercase, t.traits.contains(.ascii), RuleSupport.hasNoVowel(w),
           j + 1 >= sentence.tokens.count || sentence.tokens[j + 1].isSpace || sentence.tokens[j + 1].isOne(of: ",.;!?)-") {
            return vowelLetters.contains(Character(String(w.prefix(1)).uppercased()))
        }
        // A capitalised word of two to four letters without a vowel: before a name or its
        // period a title, said as a word (“a Mr. Smith”, “a Dr Jones”); otherwise an
        // abbreviation, said by its letters or as a word, which cannot be told: “an Ms entry”
        // (terminfo's capability, tmux(1): a --fix trial made it “a Ms”), “a Mb file”, “a Hz
        // value”.
        if length >= 2, length <= 4, t.startsUppercase, t.traits.contains(.ascii), RuleSupport.hasNoVowel(w) {
            let tokens = sentence.tokens
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: ".") { return false }
            if let n = sentence.nextNonSpace(after: j), tokens[n].kind == .word, tokens[n].startsUppercase { return false }
            return nil
        }
        // A word the dictionary does not know (“udev”): its sound cannot be told.
        // (A lowercase entry of the dictionary is known without asking Hunspell, which would load
        // it for any text with “a” or “an”: a cold one-line check paid 143 M instructions.)
        if !(classes?.standaloneEntries.contains(w) ?? false), !speller.isCorrect(text) && !speller.isCorrect(w) { return nil }
        let initial = w.utf8.first ?? 0
        if silentHInitials.contains(initial), silentH.contains(where: { w.hasASCIIPrefix($0) }) {
            return true
        }
        if w == "one" || w.hasASCIIPrefix("one-") || w == "once" { return false }
        if w.hasASCIIPrefix("one") { return w.hasASCIIPrefix("onerous") ? true : nil }
        if w.hasASCIIPrefix("uni") {
            if unExceptions.contains(where: { w.hasASCIIPrefix($0) }) { return true }
            return false
        }
        if consonantSoundInitials.contains(initial), consonantSoundPrefixes.contains(where: { w.hasASCIIPrefix($0) }) { return false }
        if w.hasASCIIPrefix("u") {
            // “un-”, “up”, “ul”, “um” and most other u-words start with a vowel sound.
            return true
        }
        if eitherHInitials.contains(initial), eitherH.contains(where: { w.hasASCIIPrefix($0) }) { return nil }
        if w.hasASCIIPrefix("h") || w.hasASCIIPrefix("y") || w.hasASCIIPrefix("w") { return false }
        // “x” before a consonant is said “ex” (“an xterm”, “an xfce panel”); “xylophone” is not.
        if w.hasASCIIPrefix("x"), let second = w.utf8.dropFirst().first, !"aeiouy".utf8.contains(second) { return true }
        // “a”, “e”, “i” or “o” first, with no mark on it: the byte tests answer as a comparison of
        // the first `Character` would.
        guard !w.isEmpty else { return nil }
        return w.hasASCIIPrefix("a") || w.hasASCIIPrefix("e") || w.hasASCIIPrefix("i") || w.hasASCIIPrefix("o")
    }

    /// True for an English language code (“en”, “en_US”, “EN-gb”): the answer of
    /// `language.lowercased().hasASCIIPrefix("en")` without making the lowercase copy (no
    /// character lowercases to an ASCII “e” or “n” but those letters themselves).
    static func isEnglish(_ language: String) -> Bool {
        var bytes = language.utf8.makeIterator()
        guard let e = bytes.next(), let n = bytes.next(), e | 0x20 == 0x65, n | 0x20 == 0x6E else { return false }
        // A mark on the “n” (or anything else not ASCII after it): as before.
        if let after = bytes.next(), after >= 0x80 { return language.lowercased().hasASCIIPrefix("en") }
        return true
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["a", "an"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        guard Self.isEnglish(context.speller.language) else { return out }
        let tokens = sentence.tokens
        // The last byte first: every other word of one or two letters (“I”, “of”) fails it
        // without a string comparison (“a” and “an” have no other spelling `==` accepts).
        for i in tokens.indices where tokens[i].kind == .word
            && (tokens[i].lastByte == 0x61 && tokens[i].lowerIs("a") || tokens[i].lastByte == 0x6E && tokens[i].lowerIs("an")) {
            // “A” mid-sentence is a letter or a name (“vitamin A”, “Type A”); “a.” an initial.
            if tokens[i].textIs("A"), let p = sentence.previousNonSpace(before: i), !(tokens[p].kind == .punctuation && tokens[p].isOne(of: "\"\u{201C}(:")) { continue }
            if tokens[i].textIs("AN") { continue }
            // After a determiner, “a” is the letter or an option's name (“with the a option”).
            if let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lower.isAny(of: "the", "this", "that", "its") { continue }
            if i + 1 < tokens.count, !tokens[i + 1].isSpace { continue }
            // A line's first word followed by a tab or three spaces or more is a key in a table's
            // first column (hunspell(1): “A      Accept the word for the rest of this session”:
            // a --fix trial made it “An”), not an article.
            if i + 1 < tokens.count, tokens[i + 1].kind == .whitespace, tokens[i + 1].text.contains("\t") || tokens[i + 1].range.length >= 3,
               i == 0 || tokens[i - 1].kind == .newline || i >= 2 && tokens[i - 1].kind == .whitespace && tokens[i - 2].kind == .newline
                || i == 1 && tokens[0].kind == .whitespace { continue }
            if i > 0, !tokens[i - 1].isSpace, !tokens[i - 1].isOne(of: "\"\u{201C}(") { continue }
            guard var j = sentence.nextNonSpace(after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j) else { continue }
            // “a "action not allowed" reply”: the article is said with the quoted word that
            // opens the noun phrase (a lowercase word right after an opening quotation mark).
            if tokens[j].isOne(of: "\"\u{201C}\u{2018}"), j + 1 < tokens.count, tokens[j + 1].kind == .word, tokens[j + 1].startsLowercase {
                j += 1
                // (A quoted article or “another” is a word named, not a second article.)
                if tokens[j].lower.isAny(of: "a", "an", "the", "another") { continue }
            }
            // Two articles (“This is an a book”, “I have a the key”): the second, before its noun, stays.
            if tokens[j].kind == .word, tokens[j].startsLowercase, tokens[j].lowerIs("a") || tokens[j].lowerIs("an") || tokens[j].lowerIs("the"),
               let k = sentence.nextNonSpace(after: j), tokens[k].kind == .word, RuleSupport.separatedBySpaceOnly(sentence, j, k),
               // The second names the letter when a verb follows it (“An a may be used for g”, “a the is missing”).
               !context.tags(of: sentence).isTagged(k, PennTagSet([.MD, .VBZ, .VBD, .VBP])) {
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [RuleSupport.matchCase(tokens[j].text, like: tokens[i].text)],
                                     message: "Two articles: keep one, “\(tokens[j].text)”."))
                continue
            }
            // “a another”: “another” is “an” + “other” already; the article goes.
            if tokens[j].kind == .word, tokens[j].lowerIs("another") {
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [RuleSupport.matchCase(tokens[j].text, like: tokens[i].text)],
                                     message: "“another” already holds the article: drop “\(tokens[i].text)”."))
                continue
            }
            // Before a word that cannot open a noun phrase (a conjunction, a preposition, a
            // finite verb only: “the entirety of a and b”, “turn a into b”, “if a is empty”,
            // “if a exceeds b”), “a” is a variable or the letter, never an article (difflib's
            // documentation became “of an and b” under --fix). By the tag lexicon's readings of
            // the word; not before a hyphen: “an in-depth look”, “a to-do list”.
            if tokens[j].kind == .word, !(j + 1 < tokens.count && tokens[j + 1].isOne(of: "-\u{2010}")) {
                if Self.neverAfterAnArticle.contains(tokens[j].lower) { continue }
                let readings = context.tags(of: sentence).lexicon.tagSet(of: tokens[j].lower)
                if !readings.isEmpty, readings.isDisjoint(with: Self.nounPhraseOpeners) { continue }
            }
            // “a information”: the article goes, not its form (``ArticleUncountableRule``).
            if ArticleUncountableRule.applies(sentence, article: i) { continue }
            // One character (the UTF-16 length of an ASCII word: no counting walk).
            let single = tokens[j].kind == .word && (tokens[j].traits.contains(.ascii) ? tokens[j].range.length == 1 : tokens[j].text.count == 1)
            // A single lowercase letter is a letter (“a b c”), not a word.
            if single && tokens[j].startsLowercase { continue }
            // A single capital letter counts when it names a letter before a hyphen (“X-ray”, “U-turn”).
            if single {
                guard j + 1 < tokens.count, tokens[j + 1].isOne(of: "-") else { continue }
            }
            if tokens[j].kind == .word, Self.eitherAcronyms.contains(tokens[j].text) { continue }
            guard let vowel = Self.startsWithVowelSound(sentence, j, speller: context.speller, classes: context.wordClasses) else { continue }
            let isAn = tokens[i].lowerIs("an")
            if vowel == isAn { continue }
            let fixed = RuleSupport.matchCase(vowel ? "an" : "a", like: tokens[i].text)
            let message = vowel
                ? "Use “an” before “\(tokens[j].text)”: it starts with a vowel sound."
                : "Use “a” before “\(tokens[j].text)”: it starts with a consonant sound."
            out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [fixed], message: message))
        }
        return out
    }
}
