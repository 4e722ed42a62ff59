import Foundation
import DocumentStructure
import TextModel

/// What may be changed without a person looking: one policy for `proofread --fix`, the language
/// server's unattended fixes (both through the public `FixPolicy` of WritingTools, which
/// documents it), the built-in engine's results (Summary, Key Points, List and Table show the
/// text as these fixes leave it) and a rewrite's proofreading pass (which applies no preference:
/// Friendly made "three line items" "three-line items", a hyphen by form, not a certain fix).
public enum UnattendedFixRules {
    /// The rule IDs.
    public static let preferenceRules: Set<String> = [
        "EN_SPLIT_COMPOUND", "EN_COMPOUND_MODIFIER_HYPHEN", "EN_COMMA_COMPOUND_SENTENCE", "EN_INTRODUCTORY_COMMA", "EN_COMMA_AFTER_OPENING_CLAUSE",
        "CONSECUTIVE_SPACES", "EN_WORDY_PHRASE", "EN_REDUNDANT_PHRASE", "TYPOGRAPHIC_SYMBOLS",
        // Agreement read across a phrase the rule cannot parse for sure: a parameter's name
        // (“If steps is not specified”), a subject before a modifier (“names without SIG prefix
        // are”), a count used as a modifier (“to 32 bit”) were all made wrong.
        "EN_PLURAL_SUBJECT_COMMA_PHRASE", "EN_BARE_PLURAL_SUBJECT", "EN_QUANTIFIER_PLURAL",
        // A preposition's collocation is usage, and the verb may have the sense that takes the
        // other one: Neovim's “independently from” is standard English, GMP's manual “is composed
        // from the file doc/gmp.texi” (made from it) became “composed of the file”.
        "EN_PREPOSITION_COLLOCATION",
    ]

    /// True when a finding may be applied without a person looking, all told: the engine is
    /// `isConfident`, ``allows(ruleID:range:replacement:isSpelling:units:codeWords:)`` allows
    /// `replacement`, and a spelling guess keeps the word whole (“dotfiles” → “dot files”,
    /// “autolink” → “auto-link” are guesses). What `proofread --fix`, the language server's
    /// "Proofread selection" and the built-in engine's results (Summary, Key Points, List, Table)
    /// apply.
    public static func isSafe(ruleID: String, range: NSRange, replacement: String, isSpelling: Bool, isConfident: Bool,
                              units u: [UInt16], codeWords: Set<String> = []) -> Bool {
        guard isConfident, allows(ruleID: ruleID, range: range, replacement: replacement, isSpelling: isSpelling, units: u,
                                  codeWords: codeWords) else { return false }
        return !isSpelling || !(replacement.contains(" ") || replacement.contains("-"))
    }

    /// Rules whose findings do not depend on the words before them: the word itself, a word
    /// written twice, an article decided by the word after it (“I has a apple”: “a” → “an”
    /// stands whatever “has” becomes).
    public static let contextFreeRules: Set<String> = ["SPELLING", "REPEATED_WORD", "EN_A_VS_AN"]

    /// True when a fix starting at `start` is too near the end (`previousEnd`) of a fix applied
    /// before it in the same pass (UTF-16 units of `u`) to be applied with it: fewer than three
    /// words between them and no sentence end. A rule reads its neighbours, so the later finding
    /// may exist only because of the earlier error (“its quite heavy”: “quite” → “quiet” is
    /// flagged only while “its” is wrong; “it's quite heavy” raises nothing). It waits for the
    /// text to be checked again with the first fix in place (`proofread --fix` does; a single
    /// pass leaves it).
    /// A finding of a rule that reads no neighbour (a word no dictionary lists, a word written
    /// twice: ``contextFreeRules``, `ruleID`) never waits.
    public static func dependsOnEarlierFix(previousEnd: Int, start: Int, ruleID: String = "", units u: [UInt16]) -> Bool {
        guard !contextFreeRules.contains(ruleID), previousEnd >= 0, previousEnd <= start, start <= u.count else { return false }
        var words = 0, inWord = false
        var i = previousEnd
        while i < start {
            let c = u[i]
            let isLetter = (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c >= 0xC0
            if isLetter {
                if !inWord { words += 1 }
                inWord = true
            } else {
                inWord = false
                // A sentence's end: “.”, “!” or “?” before a space or a line break, or a blank line.
                if (c == 0x2E || c == 0x21 || c == 0x3F), i + 1 < u.count, u[i + 1] == 32 || u[i + 1] == 10 || u[i + 1] == 13 { return false }
                if c == 10, i + 1 < u.count, u[i + 1] == 10 || u[i + 1] == 13 { return false }
            }
            if words >= 3 { return false }
            i += 1
        }
        return true
    }

    /// True when `replacement` may replace `range` (UTF-16 units of `u`) unattended: the same
    /// policy as `FixPolicy.allows(_:units:codeWords:)` of WritingTools, for a suggestion of rule `ruleID` (`isSpelling`:
    /// a spelling guess) in any form a host holds it.
    public static func allows(ruleID: String, range: NSRange, replacement first: String, isSpelling: Bool, units u: [UInt16],
                              codeWords: Set<String> = []) -> Bool {
        if preferenceRules.contains(ruleID) { return false }
        let start = range.location, end = range.location + range.length
        guard start >= 0, end <= u.count else { return false }
        // A command's option or a code-like token (`-ok`, `--dry-run`, `max_depth`) is written
        // as its program reads it: never re-cased or rewritten (findutils NEWS: “-ok” → “-OK”).
        if isOptionLike(u, range) { return false }
        let original = String(decoding: u[start..<end], as: UTF16.self)
        // A change of case alone at a word's start (a sentence start, a proper noun).
        if original != first, original.lowercased() == first.lowercased(),
           !isAfterSentenceEndOnSameLine(u, start) || codeWords.contains(original) {
            return false
        }
        // Capitals repeated: a placeholder, twice (`ARCHIVE ARCHIVE`); a single letter other
        // than “a”, “I” repeated is a symbol or a unit (`%s s`), not a slip.
        if ruleID == "REPEATED_WORD" {
            if original.unicodeScalars.contains(where: { $0.properties.isUppercase }),
               !original.unicodeScalars.contains(where: { $0.properties.isLowercase }) { return false }
            let word = original.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isLineBreak }).first.map(String.init) ?? ""
            if word.count == 1, !["a", "A", "I"].contains(word) { return false }
        }
        // A spelling guess for a word the document writes in its code (`strat` in an option's
        // value): a name there, not a slip.
        if isSpelling, codeWords.contains(original) { return false }
        // A verb's base form after “on” or “upon” made an -ing form: technical English names an
        // event so (ucf(1)'s “on reinstall no action is taken”, gcloud's “decompressed on download”,
        // “on install”, “on exit”), and the -ing form is a rewording there: reported, not applied.
        if ruleID == "EN_PREPOSITION_BASE_VERB_GERUND", let before = wordBefore(start, units: u),
           ["on", "upon"].contains(before.lowercased()) { return false }
        // A word the document writes in its code changed into another word by a grammar rule
        // (less(1): “the default behavior in less versions” → “fewer”, the command's name): a
        // name there, reported, not changed. (Words of three letters or more: “a” and “the”
        // in a code sample say nothing; another form of the same word, “returns” → “return”,
        // “are” → “is”, is an agreement fix and stays.)
        if !isSpelling, changesCodeWord(original, into: first, codeWords: codeWords) { return false }
        // A finding across a line break whose replacement has fewer line breaks would join the
        // lines (readelf(1): “as a hexadecimal⏎    bytes” → “hexadecimal bytes”; pcre's README
        // lost a line so): reported, the layout left alone.
        if lineBreaks(in: original) > lineBreaks(in: first) { return false }
        // A period doubled after a word the document writes with a period and more (gitignore(5):
        // “begins with hello..” after the pattern “hello.*”): the word's own period, then the
        // sentence's.
        if ruleID == "DOUBLE_PUNCTUATION", original.hasPrefix(".."), isDottedLiteral(before: start, units: u) { return false }
        // A mark standing alone between spaces (`print ? instead`, `a | b`): a character named.
        if ["SPACE_BEFORE_PUNCTUATION", "DOUBLE_PUNCTUATION", "MISSING_SPACE_AFTER_PUNCTUATION", "SPACE_INSIDE_BRACKETS"].contains(ruleID) {
            if isLoneMark(u, start, end) { return false }
        }
        // Brackets padded on both sides (bc's manual: `'length ( EXPRESSION )'`, `( expr )`) are
        // written so on purpose, the style of code: removing one space made “( expr)”.
        if ruleID == "SPACE_INSIDE_BRACKETS", isPaddedPair(u, start, end) { return false }
        // A title or a product's name in double quotes, every word of it capitalised (UPower's
        // NEWS: “"Whats Up!" devices” became “What's Up!”): a name, written as its owner writes it.
        if isInCapitalisedQuotation(u, start, end) { return false }
        return true
    }

    /// True when the space finding at `u[start..<end]` is one side of a bracket pair padded on
    /// both sides on the same line (`( x )`, `[ y ]`): the space after the opening bracket and
    /// the space before its closing one are both there.
    static func isPaddedPair(_ u: [UInt16], _ start: Int, _ end: Int) -> Bool {
        let pairs: [(UInt16, UInt16)] = [(40, 41), (91, 93), (123, 125)]
        func isSpace(_ k: Int) -> Bool { k >= 0 && k < u.count && (u[k] == 32 || u[k] == 9) }
        for k in max(0, start)..<min(u.count, end) {
            for (open, close) in pairs {
                if u[k] == open, isSpace(k + 1) {
                    // The matching close on the same line, with a space before it.
                    var depth = 0, j = k + 1
                    while j < u.count, u[j] != 10, u[j] != 13 {
                        if u[j] == open { depth += 1 }
                        if u[j] == close { if depth == 0 { return isSpace(j - 1) }; depth -= 1 }
                        j += 1
                    }
                } else if u[k] == close, isSpace(k - 1) {
                    var depth = 0, j = k - 1
                    while j >= 0, u[j] != 10, u[j] != 13 {
                        if u[j] == close { depth += 1 }
                        if u[j] == open { if depth == 0 { return isSpace(j + 1) }; depth -= 1 }
                        j -= 1
                    }
                }
            }
        }
        return false
    }

    /// True when `u[start..<end]` lies inside straight or curly double quotes on one line whose
    /// text is two words or more, each starting with a capital (`"Whats Up!"`, “The Lord Of The
    /// Rings”): a title or a name.
    static func isInCapitalisedQuotation(_ u: [UInt16], _ start: Int, _ end: Int) -> Bool {
        func isOpen(_ c: UInt16) -> Bool { c == 34 || c == 0x201C }
        func isClose(_ c: UInt16) -> Bool { c == 34 || c == 0x201D }
        var a = start - 1
        while a >= 0, u[a] != 34, u[a] != 0x201C, u[a] != 0x201D, u[a] != 10, u[a] != 13, start - a <= 80 { a -= 1 }
        guard a >= 0, isOpen(u[a]) else { return false }
        // A straight quote opens only after a space, a bracket or the line's start.
        if u[a] == 34, a > 0, ![32, 9, 10, 13, 40, 91].contains(u[a - 1]) { return false }
        var b = max(end, start)
        while b < u.count, !isClose(u[b]), u[b] != 10, u[b] != 13, b - a <= 80 { b += 1 }
        guard b < u.count, isClose(u[b]) else { return false }
        let inner = String(decoding: u[(a + 1)..<b], as: UTF16.self)
        let words = inner.split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "\u{2019}" })
        return words.count >= 2 && words.allSatisfy { $0.first?.isUppercase == true }
    }

    /// The word (ASCII letters) that ends before unit `start` of `u`, past spaces, tabs and line
    /// breaks; nil when a mark or the text's start comes first.
    static func wordBefore(_ start: Int, units u: [UInt16]) -> String? {
        var e = min(start, u.count)
        while e > 0, [32, 9, 10, 13].contains(u[e - 1]) { e -= 1 }
        var a = e
        while a > 0, (u[a - 1] >= 0x41 && u[a - 1] <= 0x5A) || (u[a - 1] >= 0x61 && u[a - 1] <= 0x7A) { a -= 1 }
        return a < e ? String(decoding: u[a..<e], as: UTF16.self) : nil
    }

    /// The line breaks (LF, CR LF or CR alone) in `s`.
    static func lineBreaks(in s: String) -> Int {
        var n = 0
        var previous: UInt16 = 0
        for c in s.utf16 {
            if c == 10 && previous != 13 || c == 13 { n += 1 }
            previous = c
        }
        return n
    }

    /// True when the word that ends at unit `start` of `u` (letters, digits, `_`, `-`) is written
    /// elsewhere in `u` with a period and a character that neither ends a sentence nor is a space
    /// after it (`hello.*`, `hello.txt`): a literal whose period is its own.
    static func isDottedLiteral(before start: Int, units u: [UInt16]) -> Bool {
        func isWordUnit(_ c: UInt16) -> Bool { ProseLetters.isLetter(c) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2D }
        var a = start
        while a > 0, isWordUnit(u[a - 1]) { a -= 1 }
        guard a < start, start - a <= 64 else { return false }
        let word = Array(u[a..<start])
        let n = word.count
        var i = 0
        while i + n + 1 < u.count {
            if u[i + n] == 0x2E, (i == 0 || !isWordUnit(u[i - 1])), Array(u[i..<(i + n)]) == word {
                let next = u[i + n + 1]
                if next != 0x2E && next != 32 && next != 9 && next != 10 && next != 13 && next != 0x22 && next != 0x27 && next != 0x29 { return true }
            }
            i += 1
        }
        return false
    }

    /// True when a grammar rule's `replacement` makes another word of `original`, a word the
    /// document writes in its code (`codeWords`): less(1)'s “in less versions” → “fewer”, the
    /// command's name. Words of three letters or more (“a” and “the” in a code sample say
    /// nothing); another form of the same word (“returns” → “return”, “are” → “is”) is an
    /// agreement fix, not another word.
    public static func changesCodeWord(_ original: String, into replacement: String, codeWords: Set<String>) -> Bool {
        codeWords.contains(original) && original.count >= 3 && original.allSatisfy(\.isLetter)
            && !agreementForms.contains(original.lowercased())
            && zip(original.lowercased(), replacement.lowercased()).prefix(3).contains(where: { $0 != $1 })
    }

    /// The words of `document`'s code (``codeWords(_:protected:)`` over its protected ranges of
    /// ``codeReasons``), `u` its text's UTF-16 units.
    public static func codeWords(of document: StructuredDocument, units u: [UInt16]) -> Set<String> {
        codeWords(u, protected: document.protectedRanges.filter { codeReasons.contains($0.reason.rawValue) }.map(\.range))
    }

    /// The forms of “be”, “have” and “do”, which an agreement fix turns into one another.
    static let agreementForms: Set<String> = ["is", "are", "was", "were", "has", "have", "had", "does", "did", "isn't", "aren't",
                                              "wasn't", "weren't", "hasn't", "haven't", "doesn't", "don't"]

    /// The reasons (``ProtectedTextRange/reason``) of protected text that is the document's code.
    public static let codeReasons: Set<String> = ["inlineCode", "fencedCode", "indentedCode", "commandLineOption", "codeIdentifier"]

    /// The words (runs of ASCII letters, as written) inside the `protected` ranges of `u`.
    public static func codeWords(_ u: [UInt16], protected: [NSRange]) -> Set<String> {
        var out = Set<String>()
        for r in protected {
            var k = max(0, r.location)
            let end = min(u.count, r.location + r.length)
            while k < end {
                guard ProseLetters.isLetter(u[k]) else { k += 1; continue }
                let s = k
                while k < end, ProseLetters.isLetter(u[k]) { k += 1 }
                out.insert(String(decoding: u[s..<k], as: UTF16.self))
            }
        }
        return out
    }

    /// ASCII letters.
    enum ProseLetters {
        static func isLetter(_ c: UInt16) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }
    }

    /// True when unit `i` follows a sentence's end on the same line: `.`, `!` or `?` right after
    /// a word character (closing quotes and brackets after it allowed), then spaces.
    ///
    /// The sentence ended must have three words or more: a list's number (`1. repack`) or a
    /// one-word fragment (`stupid. contemptible and despicable.`) is no sentence to end.
    /// An abbreviation's period (“e.g. for”, “(ie. not”) ends no sentence.
    public static func isAfterSentenceEndOnSameLine(_ u: [UInt16], _ i: Int) -> Bool {
        var k = i - 1
        var spaces = 0
        while k >= 0, u[k] == 32 || u[k] == 9 { k -= 1; spaces += 1 }
        guard spaces > 0, k >= 0 else { return false }
        while k >= 0, [34, 39, 41, 93, 0x201D, 0x2019].contains(u[k]) { k -= 1 }
        guard k >= 1, [46, 33, 63].contains(u[k]) else { return false }
        if u[k] == 46, isAbbreviationPeriod(u, k) { return false }
        var b = k - 1
        while b >= 0, [34, 39, 41, 93, 0x201D, 0x2019].contains(u[b]) { b -= 1 }
        guard b >= 0, ProseLetters.isLetter(u[b]) else { return false }
        // Words of the sentence ended, back to the previous end or the paragraph's start.
        var words = 0, inWord = false, j = k - 1
        while j >= 0 {
            let c = u[j]
            if [46, 33, 63].contains(c) { break }
            if c == 10, j > 0, u[j - 1] == 10 { break }
            let letter = ProseLetters.isLetter(c)
            if letter && !inWord { words += 1 }
            inWord = letter
            if words >= 3 { return true }
            j -= 1
        }
        return words >= 3
    }

    /// Abbreviations, lower case and without their last period, whose period never ends a
    /// sentence: what follows them is the same sentence (“(e.g. for a particular hardware”).
    public static let nonFinalAbbreviations: Set<String> = ["e.g", "i.e", "eg", "ie", "cf", "vs", "viz", "approx", "esp", "incl", "resp", "w.r.t", "a.k.a"]

    /// True when the period at `k` of `u` ends one of the ``nonFinalAbbreviations`` (“eg.”,
    /// “i.e.”), the word before it starting after a space, a line break, “(” or “[”.
    public static func isAbbreviationPeriod(_ u: [UInt16], _ k: Int) -> Bool {
        guard k > 0, k < u.count, u[k] == 46 else { return false }
        var b = k
        while b > 0, ProseLetters.isLetter(u[b - 1]) || u[b - 1] == 46 { b -= 1 }
        guard b < k else { return false }
        return nonFinalAbbreviations.contains(String(decoding: u[b..<k], as: UTF16.self).lowercased())
    }

    /// True when the word at `range` of `u` is a command's option or code-like: a hyphen or two
    /// right before it at a word's start (`-ok`, `--help`), or an underscore or “=” glued to it
    /// (`max_depth`, `FOO=bar`). Such a token is written as a program reads it.
    public static func isOptionLike(_ u: [UInt16], _ range: NSRange) -> Bool {
        let start = range.location, end = NSMaxRange(range)
        guard start >= 0, end <= u.count, start < end, ProseLetters.isLetter(u[start]) else { return false }
        func isBoundary(_ k: Int) -> Bool { k < 0 || [32, 9, 10, 13, 40, 91, 34, 39, 44, 0x201C, 0x2018].contains(u[k]) }
        if start >= 1, u[start - 1] == 45 {
            var h = start - 1
            if h >= 1, u[h - 1] == 45 { h -= 1 }
            if isBoundary(h - 1) { return true }
        }
        if start >= 1, u[start - 1] == 95 || u[start - 1] == 61 { return true }
        var e = start
        while e < u.count, ProseLetters.isLetter(u[e]) { e += 1 }
        if e < u.count, u[e] == 95 || u[e] == 61 { return true }
        return false
    }

    /// True when `u[start..<end]` (a finding about spacing) holds a punctuation mark with a space
    /// or the line's edge on both sides.
    public static func isLoneMark(_ u: [UInt16], _ start: Int, _ end: Int) -> Bool {
        func isEdge(_ k: Int) -> Bool { k < 0 || k >= u.count || u[k] == 32 || u[k] == 9 || u[k] == 10 || u[k] == 13 }
        for k in max(0, start - 1)..<min(u.count, end + 1) {
            let c = u[k]
            guard c < 128, !(c == 32 || c == 9 || c == 10 || c == 13),
                  !((c >= 48 && c <= 57) || (c | 0x20 >= 97 && c | 0x20 <= 122)) else { continue }
            if isEdge(k - 1) && isEdge(k + 1) { return true }
        }
        return false
    }

    /// The ranges no unattended fix touches in `doc` (UTF-16, sorted, merged): its protected
    /// spans (code, links, URLs…), the host's `hostProtectedRanges`, and block quotations,
    /// someone else's words. What a Writing Tools session protects for Proofread.
    public static func protectedRanges(of doc: StructuredDocument, hostProtectedRanges: [NSRange]) -> [NSRange] {
        let quotes = doc.blocks.filter { b in
            b.intent.components.contains { if case .blockQuote = $0.kind { return true }; return false }
        }.map(\.range)
        var out: [NSRange] = []
        for r in (doc.protectedRanges.map(\.range) + hostProtectedRanges + quotes).filter({ $0.length > 0 }).sorted(by: { $0.location < $1.location }) {
            if let last = out.last, r.location <= NSMaxRange(last) {
                out[out.count - 1].length = max(NSMaxRange(last), NSMaxRange(r)) - last.location
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// True when replacing `edit` would change text in `protected` (sorted or not): it overlaps
    /// a protected range, or inserts strictly inside one.
    public static func violates(_ edit: NSRange, protected: [NSRange]) -> Bool {
        protected.contains { p in
            guard p.length > 0 else { return false }
            let s = edit.location, e = NSMaxRange(edit), a = p.location, b = NSMaxRange(p)
            return edit.length > 0 ? (s < b && e > a) : (s > a && s < b)
        }
    }
}
