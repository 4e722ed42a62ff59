import Foundation

/// Compiles the pattern lines of a rule file (see ``RuleFileParser``) into ``TokenPattern``s.
///
/// A pattern is elements separated by spaces, each one token unless quantified:
///
/// | written | matches |
/// |---|---|
/// | `word` | the word, in any case (`’` and `'` alike) |
/// | `a\|b\|c` | one of them (words or punctuation marks) |
/// | `shoe-in`, `e.g.` | the tokens written together, without space between |
/// | `_` | any word (not a number) |
/// | `/colou?r/` | a word the regular expression matches whole (lowercase); `/…/c`: as written |
/// | `@name` | a word of a `define name = …` list, or of a built-in list (also as an alternative: `@be\|not`) |
/// | `pos=NN\|NNS`, `pos=VB*` | a Penn Treebank tag (`*`: any tag that starts so; `pos=VB**` repeats) |
/// | `can=NN\|VB` | a word the lexicon lists with that tag, whatever the tag chosen in context |
/// | `lemma=be` | a word whose dictionary form is `be` |
/// | `noun=count`, `noun=mass` | a noun that can be countable (“idea”), a mass noun (“advice”) (``NounCountability``) |
/// | `x&y` | both (`lemma=be&pos=VBZ`); `x&!y`: x and not y (`_&!@determiners`) |
/// | `x:lower`, `:cap`, `:upper`, `:exact` | starting small, starting capital, all capitals, or as written in the pattern |
/// | `!x` | a token that is not `x` (at either end: also no token) |
/// | `x?`, `x+`, `x*` | optional, one or more, zero or more |
/// | `...`, `...5` | up to 3 (5) tokens of any kind |
/// | `^`, `$` | the sentence's start, end (first, last element only) |
/// | `[` … `]` | the marked span: what the finding points at and its fix replaces |
/// | `\x` | `x` itself (`\?`, `\[`, `\|`) |
///
/// `=> fix | other fix` ends a pattern line with its suggestions; `\1` … `\9` in a fix is the
/// text of that element as written (its case kept), `\0` the marked span; `\1:lower`,
/// `\1:upper`, `\1:cap` change its case; `\1:VBD`, `\1:NNS`, … put its lemma in that
/// tag's form (``TagLexicon/form(of:as:)``: `\2:VBN` of “swore” is “sworn”).
enum PatternCompiler {
    /// Built-in word lists for `@name`.
    static let builtInLists: [String: [String]] = [
        "determiners": Array(Lexicon.determiners),
        "possessives": Array(Lexicon.possessives),
        "object-pronouns": Array(Lexicon.objectPronouns),
        "subject-pronouns": Array(Lexicon.subjectPronouns),
        "be": Array(RuleSupport.beForms),
        "modals": Array(RuleSupport.modals),
        "weekdays": Lexicon.weekdayNames,
        "months": Lexicon.monthNames,
    ]

    /// What one file's compilation has already worked out, to reuse: the literal test of each
    /// word-list constraint compiled so far (`@determiners|@possessives|and|or`), with the words
    /// written in it. A file's patterns repeat their lists; expanding a list and building its
    /// ``WordSet`` once per file, not once per element, is most of the compile's saving. Valid
    /// for one set of `define` lists (one file).
    final class Memo {
        var literals: [String: (test: PatternElement.Test, written: [String])] = [:]
    }

    /// A failure at a column of the line being compiled.
    struct Failure: Error {
        var column: Int
        var message: String
    }

    /// The pattern of `text` (a `pattern` or `unless` line's value), with its suggestions when
    /// `allowFix`.
    /// - Throws: ``Failure`` with the column (relative to `text`, 0-based).
    static func compile(_ text: String, lists: [String: [String]], allowFix: Bool, line: Int, memo: Memo? = nil) throws -> TokenPattern {
        // The suggestions after ` => `.
        var patternText = text
        var fixes: [[TemplatePart]] = []
        if text.utf8.contains(0x3D), let arrow = text.range(of: "=>") {
            guard allowFix else { throw Failure(column: text.distance(from: text.startIndex, to: arrow.lowerBound), message: "an “unless” pattern has no fix") }
            patternText = String(text[..<arrow.lowerBound])
            let fixText = String(text[arrow.upperBound...])
            let fixColumn = text.distance(from: text.startIndex, to: arrow.upperBound)
            fixes = try splitAlternatives(fixText).map { try template($0, column: fixColumn) }
            if fixes.isEmpty { throw Failure(column: fixColumn, message: "“=>” needs a fix after it") }
        }
        var elements: [PatternElement] = []
        var markFirst: Int?, markLast: Int?
        var openMark = false
        var openColumn = 0
        var startsSentence = false, endsSentence = false
        var group = 0
        for (chunk, column) in chunks(patternText) {
            var s = Substring(chunk)
            func fail(_ message: String) -> Failure { Failure(column: column, message: message) }
            if endsSentence { throw fail("“$” (the sentence's end) must be the last element") }
            if s == "[" { openMark = true; openColumn = column; continue }
            if s == "]" {
                guard !elements.isEmpty else { throw fail("“]” before any element") }
                markLast = elements.count - 1
                continue
            }
            if s.hasPrefix("[") { openMark = true; openColumn = column; s = s.dropFirst() }
            var closesMark = false
            if s.hasSuffix("]"), !s.hasSuffix("\\]") { closesMark = true; s = s.dropLast() }
            if s == "^" {
                guard elements.isEmpty, !startsSentence else { throw fail("“^” (the sentence's start) must be the first element") }
                startsSentence = true
                continue
            }
            if s == "$" { endsSentence = true; continue }
            group += 1
            if elements.last?.edge == .end { throw fail("“$” among alternatives (the sentence's end) goes in the pattern's last element") }
            var made = try element(String(s), lists: lists, column: column, memo: memo)
            if made.contains(where: { $0.edge == .start }), !elements.isEmpty || startsSentence {
                throw fail("“^” among alternatives (the sentence's start) goes in the pattern's first element")
            }
            for k in made.indices { made[k].group = group }
            if openMark {
                guard markFirst == nil else { throw fail("a second “[”: a pattern marks one span") }
                markFirst = elements.count
                openMark = false
            }
            elements += made
            if closesMark {
                guard markFirst != nil, markLast == nil else { throw fail("“]” without its “[”") }
                markLast = elements.count - 1
            }
        }
        guard !elements.isEmpty else { throw Failure(column: 0, message: "an empty pattern") }
        if markFirst != nil, markLast == nil { throw Failure(column: openColumn, message: "“[” without its “]”") }
        if markFirst == nil, markLast != nil { throw Failure(column: 0, message: "“]” without its “[”") }
        // Unmarked: the span is the pattern without negated ends.
        var first = markFirst ?? 0, last = markLast ?? elements.count - 1
        if markFirst == nil {
            while first < last, elements[first].negated { first += 1 }
            while last > first, elements[last].negated { last -= 1 }
        }
        guard (first...last).contains(where: { !elements[$0].negated && elements[$0].max > 0 && elements[$0].edge == .none }) else {
            throw Failure(column: 0, message: "the marked span has no token to point at")
        }
        // The anchor: a required single token, a rare literal word first.
        var anchor = -1, best = -1
        for (k, e) in elements.enumerated() where e.isRequiredSingle {
            var score = 0
            if let words = e.literalWords {
                // Its least common alternative's length (a common word counts 0), then the share
                // of its alternatives that are not common: “could|might” before “of”.
                let common = words.filter { PhraseTable.common.contains($0) }.count
                score = 1_000 + 10 * (words.map { PhraseTable.common.contains($0) ? 0 : $0.utf8.count }.min() ?? 0)
                    + 9 * (words.count - common) / words.count
            } else if case .literal? = e.tests.first {
                score = 500
            } else if e.tests.contains(where: { if case .anyToken = $0 { return false }; if case .anyWord = $0 { return false }; return true }) {
                score = 100
            } else {
                score = 1
            }
            // A word the finding covers before a word of context; of equals, the later (as the
            // phrase tables chose theirs). A covered token known only by its tag or form comes
            // after a literal word of context, which wakes the rule on fewer sentences (“this
            // release [make]” is woken by “this”, not tried on every sentence).
            if (first...last).contains(k), score >= 500 { score += 10_000 }
            if score >= best { best = score; anchor = k }
        }
        guard anchor >= 0 else { throw Failure(column: 0, message: "a pattern needs one element that takes exactly one token (not negated, not optional)") }
        return TokenPattern(elements: elements, anchor: anchor, markFirst: first, markLast: last, startsSentence: startsSentence,
                            endsSentence: endsSentence, fixes: fixes, line: line)
    }

    /// The space-separated chunks of `text` with their 0-based columns (in characters; read by
    /// UTF-8 bytes: a column counts the bytes that start a scalar).
    static func chunks(_ text: String) -> [(String, Int)] {
        var out: [(String, Int)] = []
        var copy = text
        copy.withUTF8 { b in
            var start = -1, startColumn = 0, column = 0
            var escaped = false
            for i in 0..<b.count {
                let x = b[i]
                if !escaped, x == 0x20 || x == 0x09 {
                    if start >= 0 { out.append((String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self), startColumn)) }
                    start = -1
                } else {
                    if start < 0 { start = i; startColumn = column }
                    escaped = !escaped && x == 0x5C
                }
                if x & 0xC0 != 0x80 { column += 1 }
            }
            if start >= 0 { out.append((String(decoding: UnsafeBufferPointer(rebasing: b[start..<b.count]), as: UTF8.self), startColumn)) }
        }
        return out
    }

    /// `text` split at `|` not escaped, each part trimmed.
    static func splitAlternatives(_ text: String) -> [String] {
        var parts: [String] = [], current = ""
        var escaped = false
        for c in text {
            if escaped { current.append(c); escaped = false; continue }
            if c == "\\" { current.append(c); escaped = true; continue }
            if c == "|" { parts.append(current); current = ""; continue }
            current.append(c)
        }
        parts.append(current)
        return parts.compactMap { part -> String? in
            var t = Substring(part)
            while let f = t.first, f == " " || f == "\t" { t = t.dropFirst() }
            while let l = t.last, l == " " || l == "\t" { t = t.dropLast() }
            return t.isEmpty ? nil : String(t)
        }
    }

    /// `text` without its escaping backslashes.
    static func unescaped(_ text: String) -> String {
        var out = "", escaped = false
        for c in text {
            if !escaped, c == "\\" { escaped = true; continue }
            out.append(c)
            escaped = false
        }
        return out
    }

    /// A fix or message template: `\0`–`\9` (with `:lower`, `:upper`, `:cap`) and, in
    /// messages, `{fix}`.
    static func template(_ text: String, column: Int, allowFix: Bool = false) throws -> [TemplatePart] {
        // Most fixes are plain text.
        if !text.utf8.contains(0x5C), !text.utf8.contains(0x7B) { return text.isEmpty ? [] : [.text(text)] }
        var parts: [TemplatePart] = []
        var literal = ""
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "\\", i + 1 < chars.count, let d = chars[i + 1].wholeNumberValue {
                if !literal.isEmpty { parts.append(.text(literal)); literal = "" }
                i += 2
                var transform: String?, inflection: PennTag?
                if i < chars.count, chars[i] == ":" {
                    var j = i + 1
                    while j < chars.count, chars[j].isLetter || chars[j] == "$" { j += 1 }
                    let word = String(chars[(i + 1)..<j])
                    if ["lower", "upper", "cap"].contains(word) {
                        transform = word
                        i = j
                    } else if let tag = PennTag(penn: word) {
                        inflection = tag
                        i = j
                    }
                }
                parts.append(.tokens(group: d, transform: transform, inflection: inflection))
                continue
            }
            if c == "\\", i + 1 < chars.count {
                literal.append(chars[i + 1])
                i += 2
                continue
            }
            if allowFix, c == "{", String(chars[i..<min(chars.count, i + 5)]) == "{fix}" {
                if !literal.isEmpty { parts.append(.text(literal)); literal = "" }
                parts.append(.fix)
                i += 5
                continue
            }
            literal.append(c)
            i += 1
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        return parts
    }

    /// The element(s) of one chunk (several for words written together, `shoe-in`).
    static func element(_ chunk: String, lists: [String: [String]], column: Int, memo: Memo? = nil) throws -> [PatternElement] {
        // The common case, a plain word (`the`, `can't`): no syntax to read.
        if isPlainWord(chunk) { return [PatternElement(tests: [.literal(words: LiteralWords([chunk]), punctuation: [])])] }
        var s = Substring(chunk)
        func fail(_ message: String) -> Failure { Failure(column: column, message: message) }
        var e = PatternElement(tests: [])
        // Skips.
        if s.hasPrefix("...") {
            let rest = s.dropFirst(3)
            guard rest.isEmpty || Int(rest) != nil else { throw fail("a skip is “...” or “...N” (up to N tokens): “\(chunk)”") }
            e.tests = [.anyToken]
            e.min = 0
            e.max = Int(rest) ?? 3
            e.lazy = true
            return [e]
        }
        if s.count > 1, s.first == "!" { e.negated = true; s = s.dropFirst() }
        // A tag prefix's `*` (`pos=VB*`) is no quantifier; `pos=VB**` repeats it.
        let tagPrefix = s.last == "*" && (s.contains("pos=") || s.contains("can=")) && s.dropLast().last.map { $0.isUppercase || $0 == "$" } == true
        if s.count > 1, let q = s.last, "?+*".contains(q), !s.dropLast().hasSuffix("\\"), !tagPrefix {
            s = s.dropLast()
            switch q {
            case "?": e.max = 1; e.min = 0
            case "+": e.max = Int.max
            default: e.min = 0; e.max = Int.max
            }
            if e.negated { throw fail("a negated element takes one token: no “\(q)”") }
        }
        for (suffix, letterCase) in [(":lower", PatternElement.Case.lower), (":cap", .capitalized), (":upper", .upper), (":exact", .exact([]))]
            where s.count > suffix.count && s.hasSuffix(suffix) {
            s = s.dropLast(suffix.count)
            e.letterCase = letterCase
            break
        }
        // Constraints joined by `&` (outside a regular expression).
        var constraints: [String] = []
        var current = "", inRegex = false, escaped = false
        for c in s {
            if escaped { current.append(c); escaped = false; continue }
            if c == "\\" { current.append(c); escaped = true; continue }
            if c == "/" { inRegex.toggle() }
            if c == "&", !inRegex { constraints.append(current); current = ""; continue }
            current.append(c)
        }
        constraints.append(current)
        var written: [String] = []
        for written0 in constraints {
            // `!` before a constraint after `&` negates it alone (`_&!@determiners`).
            let negatedConstraint = constraints.count > 1 && written0.count > 1 && written0.hasPrefix("!")
            let constraint = negatedConstraint ? String(written0.dropFirst()) : written0
            let before = e.tests.count
            defer {
                if negatedConstraint, e.tests.count == before + 1 { e.tests[before] = .not(e.tests[before]) }
            }
            guard !constraint.isEmpty else { throw fail("an empty constraint in “\(chunk)”") }
            if constraint == "_" { e.tests.append(.anyWord); continue }
            if constraint.hasPrefix("/"), constraint.count > 1 {
                guard let close = constraint.lastIndex(of: "/"), close > constraint.startIndex else { throw fail("a regular expression ends with “/”") }
                let body = String(constraint[constraint.index(after: constraint.startIndex)..<close])
                let flags = constraint[constraint.index(after: close)...]
                guard flags.isEmpty || flags == "c" else { throw fail("after a regular expression's “/”, only “c” (case-sensitive): “\(flags)”") }
                let re: NSRegularExpression
                do {
                    re = try NSRegularExpression(pattern: "^(?:" + body + ")$", options: flags == "c" ? [] : [.caseInsensitive])
                } catch {
                    throw fail("the regular expression /\(body)/ does not compile")
                }
                if let problem = RegexSafety.problem(in: body, caseInsensitive: flags != "c") { throw fail(problem) }
                e.tests.append(.regex(CompiledRegex(re), caseSensitive: flags == "c"))
                continue
            }
            if constraint.hasPrefix("pos=") || constraint.hasPrefix("can=") {
                let canBe = constraint.hasPrefix("can=")
                let names = splitAlternatives(String(constraint.dropFirst(4)))
                var set = PennTagSet()
                for name in names {
                    if name.hasSuffix("*") {
                        let prefix = String(name.dropLast())
                        let matching = PennTag.allCases.filter { $0 != .none && $0.description.hasPrefix(prefix) }
                        guard !prefix.isEmpty, !matching.isEmpty else { throw fail("no Penn Treebank tag starts with “\(prefix)”") }
                        set.formUnion(PennTagSet(matching))
                    } else {
                        guard let tag = PennTag(penn: name) else {
                            throw fail("“\(name)” is no Penn Treebank tag (NN, NNS, VB, VBD, JJ, RB, IN, DT, PRP, MD, … or a prefix with *: VB*)")
                        }
                        set.formUnion(PennTagSet(tag))
                    }
                }
                guard !names.isEmpty else { throw fail("\(canBe ? "can=" : "pos=") takes Penn Treebank tags such as NN, NNS, VB*, separated by “|”") }
                e.tests.append(canBe ? .can(set) : .tag(set))
                continue
            }
            if constraint.hasPrefix("noun=") {
                let kind = constraint.dropFirst(5)
                guard kind == "count" || kind == "mass" else { throw fail("noun= takes “count” (a countable noun: “idea”) or “mass” (“advice”)") }
                e.tests.append(.countability(mass: kind == "mass"))
                continue
            }
            if constraint.hasPrefix("lemma=") {
                let lemmas = splitAlternatives(String(constraint.dropFirst(6))).map { HotWords.normalized($0) }
                guard !lemmas.isEmpty else { throw fail("lemma= takes words separated by “|”") }
                e.tests.append(.lemma(WordSet(lemmas)))
                continue
            }
            // `^` or `$` among the alternatives: the sentence's start or end (`^|that`, `.|$`).
            var literal = constraint
            let edgeParts = splitAlternatives(literal)
            if edgeParts.count > 1, let mark = edgeParts.first(where: { $0 == "^" || $0 == "$" }) {
                guard constraints.count == 1, !e.negated, e.min == 1, e.max == 1, !edgeParts.allSatisfy({ $0 == "^" || $0 == "$" }) else {
                    throw fail("“\(mark)” among alternatives stands beside words only, in an element that takes one token: “\(chunk)”")
                }
                guard !(edgeParts.contains("^") && edgeParts.contains("$")) else { throw fail("“^” and “$” in one element: “\(chunk)”") }
                e.edge = mark == "^" ? .start : .end
                literal = edgeParts.filter { $0 != "^" && $0 != "$" }.joined(separator: "|")
            }
            if let known = memo?.literals[literal] {
                e.tests.append(known.test)
                written += known.written
                continue
            }
            let writtenBefore = written.count
            var alternatives: [String] = []
            for alt in splitAlternatives(literal) {
                guard alt.hasPrefix("@"), alt.count > 1 else { alternatives.append(unescaped(alt)); continue }
                let name = String(alt.dropFirst())
                guard let list = lists[name] ?? builtInLists[name] else {
                    throw fail("no list called “\(name)”: define it first (define \(name) = …) or use a built-in one: \(builtInLists.keys.sorted().joined(separator: ", "))")
                }
                alternatives += list
            }
            var words: [String] = [], punctuation: [UInt32] = []
            for alt in alternatives {
                let pieces = Self.pieces(alt)
                if pieces.count > 1, let colon = [":lower", ":cap", ":upper", ":exact"].first(where: { alt.contains($0) }) {
                    throw fail("“\(colon)” goes at the end of the element and holds for all its alternatives (github|Github:exact)")
                }
                if pieces.count > 1 {
                    // Tokens written together: one element each, glued.
                    guard alternatives.count == 1, constraints.count == 1, !e.negated, e.min == 1, e.max == 1 else {
                        throw fail("“\(alt)” is several tokens: it cannot be one of alternatives, negated or repeated (write another pattern)")
                    }
                    return try pieces.enumerated().map { k, piece in
                        var glued = try element(piece, lists: [:], column: column).first!
                        glued.attached = k > 0
                        glued.letterCase = e.letterCase
                        if case .exact = e.letterCase { glued.letterCase = .exact([piece]) }
                        return glued
                    }
                }
                guard let piece = pieces.first else { continue }
                if piece.contains(where: { $0.isLetter || $0.isNumber || $0 == "_" }) {
                    words.append(HotWords.normalized(piece))
                    written.append(piece)
                } else {
                    guard piece.unicodeScalars.count == 1, let v = piece.unicodeScalars.first?.value else {
                        throw fail("“\(piece)” is no word or punctuation mark")
                    }
                    punctuation.append(v)
                    written.append(piece)
                }
            }
            let test = PatternElement.Test.literal(words: LiteralWords(words), punctuation: punctuation)
            memo?.literals[literal] = (test, Array(written[writtenBefore...]))
            e.tests.append(test)
        }
        if case .exact = e.letterCase {
            guard !written.isEmpty else { throw fail(":exact needs words written in the pattern") }
            e.letterCase = .exact(written)
        }
        return [e]
    }

    /// True for lowercase ASCII letters, with apostrophes between them (one token, no syntax).
    static func isPlainWord(_ chunk: String) -> Bool {
        var copy = chunk
        return copy.withUTF8 { b in
            guard let f = b.first, f >= 0x61, f <= 0x7A, let l = b.last, l >= 0x61, l <= 0x7A else { return false }
            var previous: UInt8 = 0
            for x in b {
                if x == 0x27 { if previous == 0x27 { return false } } else if x < 0x61 || x > 0x7A { return false }
                previous = x
            }
            return true
        }
    }

    /// `text` cut as the tokenizer cuts it: words (letters, digits, `_`, an apostrophe between
    /// letters), numbers with inner `.` or `,`, and single punctuation marks.
    static func pieces(_ text: String) -> [String] {
        // The common case: ASCII letters, digits and `_` alone are one word.
        if text.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }) {
            return text.isEmpty ? [] : [text]
        }
        let chars = Array(text)
        var out: [String] = [], current = ""
        func isWordChar(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c.unicodeScalars.first?.properties.generalCategory == .nonspacingMark }
        for (i, c) in chars.enumerated() {
            let nextIsLetter = i + 1 < chars.count && chars[i + 1].isLetter
            let nextIsDigit = i + 1 < chars.count && chars[i + 1].isNumber
            if isWordChar(c) {
                current.append(c)
            } else if c == "'" || c == "\u{2019}", !current.isEmpty, nextIsLetter {
                current.append(c)
            } else if c == "." || c == ",", !current.isEmpty, current.last!.isNumber, nextIsDigit {
                current.append(c)
            } else {
                if !current.isEmpty { out.append(current); current = "" }
                out.append(String(c))
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }
}
