import Foundation
import Synchronization

/// A regular expression compiled once, shared by the threads that check (NSRegularExpression
/// is immutable and documented as safe to use from several threads). One read from the
/// compiled-rules cache (``CompiledRulesCache``) is compiled on its first use instead (ICU's
/// compile is most of a cached load's work otherwise); the rule compiler compiles it at once,
/// to report a bad expression.
final class CompiledRegex: @unchecked Sendable {
    /// The expression as compiled (`^(?:…)$`) and its options.
    let pattern: String
    let options: NSRegularExpression.Options
    private let made: Mutex<NSRegularExpression?>
    /// The same expression matched natively on ASCII text, when it is in ``ASCIIRegex``'s subset.
    let ascii: ASCIIRegex?

    /// `regex`, compiled.
    init(_ regex: NSRegularExpression) {
        pattern = regex.pattern
        options = regex.options
        made = Mutex(regex)
        ascii = ASCIIRegex(pattern: pattern, caseInsensitive: options.contains(.caseInsensitive))
    }

    /// `pattern` with `options`, compiled on first use (it compiled when it was stored, by the
    /// same executable; should it not, it matches nothing).
    init(pattern: String, options: NSRegularExpression.Options) {
        self.pattern = pattern
        self.options = options
        made = Mutex(nil)
        ascii = ASCIIRegex(pattern: pattern, caseInsensitive: options.contains(.caseInsensitive))
    }

    /// The compiled expression.
    var regex: NSRegularExpression {
        made.withLock { made in
            if let made { return made }
            let re = (try? NSRegularExpression(pattern: pattern, options: options)) ?? (try! NSRegularExpression(pattern: "(?!)"))
            made = re
            return re
        }
    }

    /// The longest word (in UTF-16 units) an expression is tried on; a longer one does not
    /// match. ``RegexSafety`` keeps a match's backtracking polynomial in the word's length; this
    /// bounds the length, so that no word takes long (neither ICU nor ``ASCIIRegex`` has a
    /// time limit).
    static let longestWord = 64

    /// True when the whole of `text` matches (the expression is compiled as `^(?:…)$`, so that
    /// an alternation's later, longer branch counts: `/1|15/` matches “15”). A word longer than
    /// ``longestWord`` never matches.
    func matchesWhole(_ text: String) -> Bool {
        if text.utf16.count > Self.longestWord { return false }
        if let ascii, let answer = text.utf8.withContiguousStorageIfAvailable({ bytes -> Bool? in
            for b in bytes where b >= 0x80 { return nil }
            return ascii.matchesWhole(bytes)
        }), let answer {
            return answer
        }
        return matchesWholeWithICU(text)
    }

    /// ``matchesWhole(_:)`` through ICU, whatever the text (the native subset's reference).
    func matchesWholeWithICU(_ text: String) -> Bool {
        regex.firstMatch(in: text, options: [], range: NSRange(location: 0, length: text.utf16.count)) != nil
    }
}

/// The words of a literal element: up to 8 compared one by one (length first, by
/// ``Token/lowerIs(_:)``), more in a ``WordSet`` (cheaper to build for the many one-word
/// elements of phrase lists, and as fast to test).
/// A class, so that the matcher's ``QuickTest`` reads it through an unretained reference.
final class LiteralWords: Sendable, Sequence {
    let words: [String]
    let set: WordSet?

    /// The literal words `words`, which are distinct (not checked: read from the compiled-rules
    /// cache, which stores ``words``).
    init(uniqueWords words: [String]) {
        self.words = words
        self.set = words.count > 8 ? WordSet(uniqueWords: words) : nil
    }

    init(_ words: [String]) {
        var unique: [String] = []
        if words.count <= 8 {
            for w in words where !unique.contains(w) { unique.append(w) }
        } else {
            // First occurrences in order, without comparing every pair.
            var seen = Set<String>(minimumCapacity: words.count)
            unique.reserveCapacity(words.count)
            for w in words where seen.insert(w).inserted { unique.append(w) }
        }
        self.words = unique
        self.set = unique.count > 8 ? WordSet(unique) : nil
    }

    var isEmpty: Bool { words.isEmpty }
    var count: Int { words.count }
    func makeIterator() -> IndexingIterator<[String]> { words.makeIterator() }

    /// True when token `k`'s ``Token/norm`` is one of the words.
    @inline(__always)
    func contains(_ tokens: TokenList, _ k: Int) -> Bool {
        if tokens[k].traits.contains(.curlyApostrophe) {
            let norm = tokens.norm(k)
            return set?.contains(norm) ?? words.contains(norm)
        }
        if let set { return set.contains(tokens[k].lower) }
        for w in words where tokens[k].lowerIs(w) { return true }
        return false
    }
}

/// One element of a compiled pattern (see ``TokenPattern``): a test of one token, how many
/// tokens in a row it takes, and whether whitespace may stand before it.
struct PatternElement: Sendable {
    /// One constraint on a token; an element's constraints must all hold.
    enum Test: Sendable {
        /// One of these words (``Token/norm`` form), or of these punctuation marks (scalars).
        case literal(words: LiteralWords, punctuation: [UInt32])
        /// Any word (not a number).
        case anyWord
        /// Any token but whitespace, a line break or a placeholder (a skip).
        case anyToken
        /// A regular expression matching the whole token (its lowercase form unless
        /// case-sensitive).
        case regex(CompiledRegex, caseSensitive: Bool)
        /// One of these Penn Treebank tags (``RuleContext/tags(of:)``).
        case tag(PennTagSet)
        /// A word that can have one of these tags by the lexicon, whatever the tag chosen in
        /// context (``TagLexicon/tagSet(of:)``; a word the lexicon lacks can be only the tag it
        /// was given).
        case can(PennTagSet)
        /// A lemma (the word's dictionary form).
        case lemma(WordSet)
        /// A noun that can be a mass noun (`noun=mass`) or a countable one (`noun=count`), by
        /// ``NounCountability``: the word, or a plural's lemma.
        case countability(mass: Bool)
        /// The test fails (`_&!@determiners`).
        indirect case not(Test)
    }

    /// The case a token must have.
    enum Case: Sendable {
        case any, lower, capitalized, upper
        /// Exactly one of these texts.
        case exact([String])
    }

    /// The element's tests (all must hold).
    var tests: [Test] { didSet { quick = QuickTests(tests) } }
    /// ``tests`` as the matcher reads them: values that copy without reference counting
    /// (``QuickTest``), kept in step with ``tests``.
    private(set) var quick: QuickTests
    var letterCase: Case = .any {
        didSet {
            switch letterCase {
            case .any: caseCode = 0
            case .lower: caseCode = 1
            case .capitalized: caseCode = 2
            case .upper: caseCode = 3
            case .exact: caseCode = 4
            }
        }
    }
    /// ``letterCase`` as a number (0 `.any`, 1 `.lower`, 2 `.capitalized`, 3 `.upper`, 4
    /// `.exact`), which the matcher reads without copying the case's texts.
    private(set) var caseCode: UInt8 = 0
    /// Matches a token that fails the test (or, at the pattern's edge, no token at all).
    var negated = false
    /// Where the sentence's edge stands among the element's alternatives (`^|that`, `.|!|$`).
    enum SentenceEdge: Int, Sendable {
        /// No edge: the element takes a token.
        case none = 0
        /// `^` among the first element's alternatives: it also matches no token at the
        /// sentence's start (only opening punctuation before).
        case start = 1
        /// `$` among the last element's alternatives: it also matches no token at the
        /// sentence's end (only a closing quotation mark or bracket after: the marks that end
        /// a sentence are the alternatives' to name).
        case end = 2
    }
    /// ``SentenceEdge``: whether the element may also match the sentence's start or end.
    var edge = SentenceEdge.none
    var min = 1
    var max = 1
    /// Takes as few tokens as it can (skips), not as many.
    var lazy = false
    /// Written glued to the element before (`shoe-in`): no whitespace between them.
    var attached = false
    /// The number `\N` refers to (the written element it comes from, 1-based).
    var group = 0

    /// An element with `tests` (one token, any case, no flags).
    init(tests: [Test]) {
        self.tests = tests
        self.quick = QuickTests(tests)
    }

    /// True when a test needs the sentence's tags (`pos=`, `lemma=`, `can=`).
    var usesTags: Bool {
        func uses(_ t: Test) -> Bool {
            switch t {
            case .tag, .lemma, .can, .countability: return true
            case let .not(inner): return uses(inner)
            default: return false
            }
        }
        return tests.contains(where: uses)
    }

    /// True for an element that takes exactly one token and must be there.
    var isRequiredSingle: Bool { !negated && min == 1 && max == 1 && edge == .none }

    /// The element's literal words, when its first test is one.
    var literalWords: LiteralWords? {
        if case let .literal(words, punctuation)? = tests.first, punctuation.isEmpty, !words.isEmpty { return words }
        return nil
    }

    /// True when token `k` (of kind `kind`) passes test `t` (``Test``'s meaning, read from its
    /// ``QuickTest``).
    @inline(__always)
    private static func passes(_ t: QuickTest, _ tokens: TokenList, _ k: Int, _ kind: Token.Kind, _ tags: UnsafePointer<SentenceTags?>) -> Bool {
        passesUnnegated(t, tokens, k, kind, tags) != t.negated
    }

    /// (The sentence's tags are read through `tags` where a test needs them: passed by value,
    /// they were copied, every array of them retained and released, for every test of every
    /// token tried.)
    private static func passesUnnegated(_ t: QuickTest, _ tokens: TokenList, _ k: Int, _ kind: Token.Kind, _ tags: UnsafePointer<SentenceTags?>) -> Bool {
        switch t.kind {
        case .literal:
            if kind == .punctuation { return t.hasPunctuation(tokens[k].firstScalar) }
            return t.words!._withUnsafeGuaranteedRef { words in !words.isEmpty && words.contains(tokens, k) }
        case .anyWord:
            return kind == .word
        case .anyToken:
            return true
        case .regex:
            return t.regex!._withUnsafeGuaranteedRef { $0.matchesWhole(tokens.norm(k)) }
        case .regexCaseSensitive:
            return t.regex!._withUnsafeGuaranteedRef { $0.matchesWhole(tokens[k].text) }
        case .tag:
            guard let tag = tags.pointee?[k] else { return false }
            return t.tags.contains(tag)
        case .lemma:
            guard let lemma = tags.pointee?.lemma(at: k) else { return false }
            return t.lemmas!._withUnsafeGuaranteedRef { $0.value.contains(lemma) }
        case .can:
            guard kind == .word, let possible = tags.pointee?.possibleTags(at: k) else { return false }
            return !t.tags.isDisjoint(with: possible)
        case .mass, .countable:
            guard kind == .word else { return false }
            let classes = NounCountability.shared
            let set = t.kind == .mass ? classes.mass : classes.countable
            let word = tokens.norm(k)
            if set.contains(word) { return true }
            guard let tag = tags.pointee?[k], tag == .NNS || tag == .NNPS, let lemma = tags.pointee?.lemma(at: k), lemma != word else { return false }
            return set.contains(lemma)
        }
    }

    /// True when token `k` passes every test of the element at `e` (and its case). The element
    /// is read in place: a method on the element (`el.pointee.test(…)`) copied it, its arrays
    /// retained and released, for every token tried.
    @inline(__always)
    static func test(_ e: UnsafePointer<PatternElement>, _ tokens: TokenList, _ k: Int, _ tags: UnsafePointer<SentenceTags?>) -> Bool {
        let kind = tokens[k].kind
        if kind == .whitespace || kind == .newline || kind == .placeholder { return false }
        // (Read as ``QuickTest``s: a ``Test`` read from the array was copied, its payload
        // retained and released, for every token tried: a third of the pattern rules' cost.)
        let count = e.pointee.quick.count
        if count > 0 {
            guard passes(e.pointee.quick.first, tokens, k, kind, tags) else { return false }
            if count > 1 {
                let rest = e.pointee.quick.rest.withUnsafeBufferPointer { rest in
                    for j in rest.indices where !passes(rest[j], tokens, k, kind, tags) { return false }
                    return true
                }
                guard rest else { return false }
            }
        }
        switch e.pointee.caseCode {
        case 0: return true
        case 1: return tokens[k].traits.contains(.startsLowercase)
        case 2: return tokens[k].traits.contains(.startsUppercase)
        case 3: return tokens[k].traits.contains(.allCaps) || (tokens[k].traits.contains(.startsUppercase) && tokens[k].range.length == 1)
        default:
            guard case let .exact(texts) = e.pointee.letterCase else { return true }
            return texts.contains(tokens[k].text)
        }
    }
}

/// A ``PatternElement/Test`` in the form the matcher reads: a value without reference-counted
/// parts (its words, expression or lemmas are read through unretained references to objects
/// the element keeps alive, ``QuickTests``), so that reading one from memory copies a few words
/// and retains nothing. `.not` is the flag `negated` (nested ones cancel).
struct QuickTest: Sendable {
    /// Which ``PatternElement/Test`` it is (`.regex` split by case sensitivity, `.countability`
    /// by `mass`).
    enum Kind: UInt8, Sendable {
        case literal, anyWord, anyToken, regex, regexCaseSensitive, tag, can, lemma, mass, countable
    }
    /// The test's kind.
    var kind: Kind
    /// True when the test is inverted (an odd number of `.not`).
    var negated = false
    /// `.tag` and `.can`.
    var tags = PennTagSet()
    /// `.literal`: its words.
    var words: Unmanaged<LiteralWords>?
    /// `.literal`: its punctuation marks (scalars), up to four here, more in `morePunctuation`.
    var punctuationCount = 0
    var punctuation: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
    var morePunctuation: Unmanaged<Box<[UInt32]>>?
    /// `.regex`, `.regexCaseSensitive`.
    var regex: Unmanaged<CompiledRegex>?
    /// `.lemma`.
    var lemmas: Unmanaged<Box<WordSet>>?

    /// A value held by reference.
    final class Box<Value: Sendable>: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// True when `scalar` is one of a literal test's punctuation marks.
    @inline(__always)
    func hasPunctuation(_ scalar: UInt32) -> Bool {
        if let morePunctuation { return morePunctuation._withUnsafeGuaranteedRef { $0.value.contains(scalar) } }
        switch punctuationCount {
        case 0: return false
        case 1: return punctuation.0 == scalar
        case 2: return punctuation.0 == scalar || punctuation.1 == scalar
        case 3: return punctuation.0 == scalar || punctuation.1 == scalar || punctuation.2 == scalar
        default: return punctuation.0 == scalar || punctuation.1 == scalar || punctuation.2 == scalar || punctuation.3 == scalar
        }
    }
}

/// An element's tests as ``QuickTest``s, holding the tests themselves (which keep the literal
/// words and expressions the quick tests point to alive) and the boxes made for them.
struct QuickTests: Sendable {
    /// The number of tests.
    let count: Int
    /// The first test (when `count > 0`).
    let first: QuickTest
    /// The tests after the first.
    let rest: [QuickTest]
    /// What the references point to.
    private let tests: [PatternElement.Test]
    private let boxes: [any AnyObject & Sendable]

    init(_ tests: [PatternElement.Test]) {
        var boxes: [any AnyObject & Sendable] = []
        count = tests.count
        first = tests.isEmpty ? QuickTest(kind: .anyToken) : Self.quick(tests[0], negated: false, boxes: &boxes)
        if tests.count > 1 {
            var rest: [QuickTest] = []
            rest.reserveCapacity(tests.count - 1)
            for t in tests.dropFirst() { rest.append(Self.quick(t, negated: false, boxes: &boxes)) }
            self.rest = rest
        } else {
            rest = []
        }
        self.tests = tests
        self.boxes = boxes
    }

    private static func quick(_ t: PatternElement.Test, negated: Bool, boxes: inout [any AnyObject & Sendable]) -> QuickTest {
        switch t {
        case let .literal(words, punctuation):
            var q = QuickTest(kind: .literal, negated: negated, words: Unmanaged.passUnretained(words))
            q.punctuationCount = punctuation.count
            if punctuation.count > 4 {
                let box = QuickTest.Box(punctuation)
                boxes.append(box)
                q.morePunctuation = Unmanaged.passUnretained(box)
            } else {
                func at(_ i: Int) -> UInt32 { i < punctuation.count ? punctuation[i] : 0 }
                q.punctuation = (at(0), at(1), at(2), at(3))
            }
            return q
        case .anyWord: return QuickTest(kind: .anyWord, negated: negated)
        case .anyToken: return QuickTest(kind: .anyToken, negated: negated)
        case let .regex(re, caseSensitive):
            return QuickTest(kind: caseSensitive ? .regexCaseSensitive : .regex, negated: negated, regex: Unmanaged.passUnretained(re))
        case let .tag(set): return QuickTest(kind: .tag, negated: negated, tags: set)
        case let .can(set): return QuickTest(kind: .can, negated: negated, tags: set)
        case let .lemma(words):
            let box = QuickTest.Box(words)
            boxes.append(box)
            return QuickTest(kind: .lemma, negated: negated, lemmas: Unmanaged.passUnretained(box))
        case let .countability(mass): return QuickTest(kind: mass ? .mass : .countable, negated: negated)
        case let .not(inner): return quick(inner, negated: !negated, boxes: &boxes)
        }
    }
}

/// A piece of a suggestion or message template: literal text, or the text of matched tokens.
enum TemplatePart: Sendable {
    case text(String)
    /// The tokens of element group `group` (0: the marked span), with a case change
    /// (`lower`, `upper`, `cap`) or inflected to a Penn tag's form (`\\2:VBD`: its lemma's past).
    case tokens(group: Int, transform: String?, inflection: PennTag?)
    /// The first suggestion (messages only).
    case fix
}

/// A compiled pattern of a rule file's `pattern` or `unless` line: elements matched token by
/// token from an anchor (the element that must be there, least common word first), forward to
/// the end, then backward to the start, backtracking over optional, repeated and skipped
/// elements.
struct TokenPattern: Sendable {
    var elements: [PatternElement]
    /// The element the search starts from (a required single token).
    var anchor: Int
    /// First and last elements of the marked span (`[ … ]`), or of the whole pattern.
    var markFirst: Int
    var markLast: Int
    /// `^`: the match starts the sentence. `$`: it ends it.
    var startsSentence = false
    var endsSentence = false
    /// This pattern's own suggestions (`=> …`), empty for the rule's `fix`.
    var fixes: [[TemplatePart]] = []
    /// The message of a `message` line written after the rule's first (nil: the rule's).
    var message: [TemplatePart]?
    /// The line it was written on.
    var line: Int

    /// A match: the marked span's first and last tokens, and every element's tokens.
    struct Match {
        var first: Int
        var last: Int
        var outerFirst: Int
        var outerLast: Int
        var groups: [(first: Int, last: Int)]
    }

    /// What a whole match must pass besides its elements (a failing match sends the search on
    /// to another way of matching).
    struct Checks: Sendable {
        /// `skip-capitalized`: a capitalised word inside the marked span, or a capitalised
        /// first word after another word, is a name or a title.
        var skipCapitalized = false
        /// `unquoted`: not inside a quotation.
        var unquoted = false
        /// The rule's `unless` patterns: a match overlapped by one of theirs is no match.
        var unless: [TokenPattern] = []
        /// For `unless` patterns themselves: every match counts (no test of words around).
        var isAntipattern = false
    }
    var checks = Checks()

    /// The match whose anchor is token `i`, if any.
    func match(_ tokens: TokenList, anchoredAt i: Int, tags: SentenceTags?) -> Match? {
        withUnsafePointer(to: self) { Self.match($0, tokens, anchoredAt: i, tags: tags) }
    }

    /// The match of the pattern at `p` whose anchor is token `i`, if any. The pattern is read in
    /// place: a method on it (`patterns[c].match(…)`) copied it, its arrays retained and
    /// released, for every anchor tried.
    static func match(_ p: UnsafePointer<TokenPattern>, _ tokens: TokenList, anchoredAt i: Int, tags: SentenceTags?) -> Match? {
        // The search reads the pattern, its elements, the tokens and the tags in place (through
        // pointers valid for this call): copying them per try was a tenth of a novel's check in
        // retains and releases (`perf`, session 46).
        let anchor = p.pointee.anchor
        return p.pointee.elements.withUnsafeBufferPointer { els -> Match? in
            withUnsafePointer(to: tags) { tags in
                guard PatternElement.test(els.baseAddress! + anchor, tokens, i, tags) else { return nil }
                let n = els.count
                return withUnsafePointer(to: tokens) { tokens in
                    withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * n + 2) { buffer -> Match? in
                        let caps = buffer.baseAddress!
                        for k in 0..<(2 * n + 2) { caps[k] = -1 }
                        caps[2 * anchor] = i
                        caps[2 * anchor + 1] = i
                        let m = Matcher(p: p, elements: els.baseAddress!, elementCount: n, tokenList: tokens, caps: caps,
                                        anchorToken: i, sentenceTags: tags)
                        guard m.forward(anchor + 1, i) else { return nil }
                        return m.result()
                    }
                }
            }
        }
    }

    /// The search state of one try (recursive, backtracking). Its pointers are valid only
    /// inside ``match(_:anchoredAt:tags:)``.
    private struct Matcher {
        let p: UnsafePointer<TokenPattern>
        /// The pattern's elements, `elementCount` of them.
        let elements: UnsafePointer<PatternElement>
        let elementCount: Int
        let tokenList: UnsafePointer<TokenList>
        let caps: UnsafeMutablePointer<Int>
        let anchorToken: Int
        let sentenceTags: UnsafePointer<SentenceTags?>

        var tokens: TokenList {
            @inline(__always) _read { yield tokenList.pointee }
        }

        var tags: SentenceTags? {
            @inline(__always) _read { yield sentenceTags.pointee }
        }

        /// The token after `prev` that an element may take: the next one if `attached`, else
        /// the next after whitespace on the same line.
        @inline(__always)
        func next(after prev: Int, attached: Bool) -> Int? {
            var j = prev + 1
            if attached {
                guard j < tokens.count, !tokens[j].isSpace else { return nil }
                return j
            }
            while j < tokens.count, tokens[j].kind == .whitespace { j += 1 }
            guard j < tokens.count, tokens[j].kind != .newline else { return nil }
            return j
        }

        /// The token before `after` (see ``next(after:attached:)``).
        @inline(__always)
        func previous(before after: Int, attached: Bool) -> Int? {
            var j = after - 1
            if attached {
                guard j >= 0, !tokens[j].isSpace else { return nil }
                return j
            }
            while j >= 0, tokens[j].kind == .whitespace { j -= 1 }
            guard j >= 0, tokens[j].kind != .newline else { return nil }
            return j
        }

        func set(_ e: Int, _ first: Int, _ last: Int) {
            caps[2 * e] = first
            caps[2 * e + 1] = last
        }

        /// Elements `e…` from after token `prev`.
        func forward(_ e: Int, _ prev: Int) -> Bool {
            if e == elementCount {
                if p.pointee.endsSentence, !Self.onlyClosing(tokens, after: prev) { return false }
                caps[2 * elementCount + 1] = prev
                return backward(p.pointee.anchor - 1, anchorToken)
            }
            let el = elements + e
            if el.pointee.edge == .end {
                // `x|$`: a token that passes, or none before the sentence's end (a closing
                // quotation mark or bracket aside: the marks that end a sentence are the
                // alternatives' to name, `.|!|$` is no question).
                if repeatForward(e, prev, 0, -1) { return true }
                guard Self.onlyClosing(tokens, after: prev, marks: "\"”’')]") else { return false }
                set(e, -1, -1)
                return forward(e + 1, prev)
            }
            if el.pointee.negated {
                if let k = next(after: prev, attached: el.pointee.attached) {
                    if PatternElement.test(el, tokens, k, sentenceTags) { return false }
                    set(e, -1, -1)
                    return forward(e + 1, e == elementCount - 1 ? prev : k)
                }
                guard e == elementCount - 1 else { return false }
                set(e, -1, -1)
                return forward(e + 1, prev)
            }
            return repeatForward(e, prev, 0, -1)
        }

        func repeatForward(_ e: Int, _ prev: Int, _ count: Int, _ first: Int) -> Bool {
            let el = elements + e
            if el.pointee.lazy, count >= el.pointee.min {
                set(e, count > 0 ? first : -1, count > 0 ? prev : -1)
                if forward(e + 1, prev) { return true }
            }
            if count < el.pointee.max, let k = next(after: prev, attached: count == 0 ? el.pointee.attached : false), PatternElement.test(el, tokens, k, sentenceTags) {
                if repeatForward(e, k, count + 1, count == 0 ? k : first) { return true }
            }
            if !el.pointee.lazy, count >= el.pointee.min {
                set(e, count > 0 ? first : -1, count > 0 ? prev : -1)
                return forward(e + 1, prev)
            }
            return false
        }

        /// Elements `e` down to 0 from before token `after`.
        func backward(_ e: Int, _ after: Int) -> Bool {
            if e < 0 {
                if p.pointee.startsSentence, !Self.onlyOpening(tokens, before: after) { return false }
                caps[2 * elementCount] = after
                return p.pointee.acceptable(result(), tokens, tags)
            }
            let el = elements + e
            let attached = elements[e + 1].attached
            if el.pointee.edge == .start {
                // `^|x`: a token that passes, or none after the sentence's start.
                if repeatBackward(e, after, 0, -1, attached) { return true }
                guard Self.onlyOpening(tokens, before: after) else { return false }
                set(e, -1, -1)
                return backward(e - 1, after)
            }
            if el.pointee.negated {
                if let k = previous(before: after, attached: attached) {
                    if PatternElement.test(el, tokens, k, sentenceTags) { return false }
                    set(e, -1, -1)
                    return backward(e - 1, e == 0 ? after : k)
                }
                guard e == 0 else { return false }
                set(e, -1, -1)
                return backward(e - 1, after)
            }
            return repeatBackward(e, after, 0, -1, attached)
        }

        func repeatBackward(_ e: Int, _ after: Int, _ count: Int, _ last: Int, _ attached: Bool) -> Bool {
            let el = elements + e
            if el.pointee.lazy, count >= el.pointee.min {
                set(e, count > 0 ? after : -1, count > 0 ? last : -1)
                if backward(e - 1, after) { return true }
            }
            if count < el.pointee.max, let k = previous(before: after, attached: count == 0 ? attached : false), PatternElement.test(el, tokens, k, sentenceTags) {
                if repeatBackward(e, k, count + 1, count == 0 ? k : last, attached) { return true }
            }
            if !el.pointee.lazy, count >= el.pointee.min {
                set(e, count > 0 ? after : -1, count > 0 ? last : -1)
                return backward(e - 1, after)
            }
            return false
        }

        /// The match the captures describe.
        func result() -> Match {
            let n = elementCount
            var groups: [(first: Int, last: Int)] = []
            groups.reserveCapacity(n)
            for e in 0..<n { groups.append((caps[2 * e], caps[2 * e + 1])) }
            var first = -1, last = -1
            for e in p.pointee.markFirst...p.pointee.markLast where caps[2 * e] >= 0 {
                if first < 0 { first = caps[2 * e] }
                last = caps[2 * e + 1]
            }
            return Match(first: first, last: last, outerFirst: caps[2 * n], outerLast: caps[2 * n + 1], groups: groups)
        }

        /// Only whitespace and closing punctuation (`marks`) after token `k`.
        static func onlyClosing(_ tokens: TokenList, after k: Int, marks: StaticString = ".!?…\"”’')]") -> Bool {
            var j = k + 1
            while j < tokens.count {
                if !tokens[j].isSpace, !(tokens[j].kind == .punctuation && tokens[j].isOne(of: marks)) { return false }
                j += 1
            }
            return true
        }

        /// Only whitespace and opening punctuation before token `k`.
        static func onlyOpening(_ tokens: TokenList, before k: Int) -> Bool {
            var j = k - 1
            while j >= 0 {
                if !tokens[j].isSpace, !(tokens[j].kind == .punctuation && tokens[j].isOne(of: "\"“‘'([")) { return false }
                j -= 1
            }
            return true
        }
    }

    /// True when `m` passes ``checks``.
    func acceptable(_ m: Match, _ tokens: TokenList, _ tags: SentenceTags?) -> Bool {
        if checks.isAntipattern { return true }
        guard m.first >= 0 else { return false }
        // Part of a longer hyphenated or apostrophised word (“well-made due”): not this pattern.
        let a = m.outerFirst, b = m.outerLast
        if b + 2 < tokens.count, tokens[b + 1].kind == .punctuation, tokens[b + 1].isOne(of: "-'\u{2019}"), tokens[b + 2].kind == .word,
           tokens[b].kind == .word { return false }
        if a > 1, tokens[a - 1].kind == .punctuation, tokens[a - 1].isOne(of: "-'\u{2019}"), tokens[a - 2].kind == .word,
           tokens[a].kind == .word { return false }
        if checks.skipCapitalized {
            if m.last > m.first, tokens[(m.first + 1)...m.last].contains(where: { $0.kind == .word && $0.startsUppercase }) { return false }
            if tokens[m.first].startsUppercase {
                var j = m.first - 1
                while j >= 0, tokens[j].isSpace { j -= 1 }
                if j >= 0, tokens[j].kind == .word { return false }
            }
        }
        if checks.unquoted, Self.isQuoted(tokens, m.first) { return false }
        for u in checks.unless where u.overlaps(tokens, m.first, m.last, tags) { return false }
        return true
    }

    /// True when token `k` stands inside a quotation opened before it in the sentence.
    static func isQuoted(_ tokens: TokenList, _ k: Int) -> Bool {
        var straight = 0, open = 0, close = 0
        for j in 0..<k where tokens[j].kind == .punctuation {
            switch tokens[j].firstScalar {
            case 0x22: straight += 1
            case 0x201C: open += 1
            case 0x201D: close += 1
            default: break
            }
        }
        return straight % 2 == 1 || open > close
    }

    /// True when a match of this (`unless`) pattern overlaps tokens `first…last`.
    func overlaps(_ tokens: TokenList, _ first: Int, _ last: Int, _ tags: SentenceTags?) -> Bool {
        for i in tokens.indices {
            guard let m = match(tokens, anchoredAt: i, tags: tags) else { continue }
            if m.outerFirst <= last && m.outerLast >= first { return true }
        }
        return false
    }
}
