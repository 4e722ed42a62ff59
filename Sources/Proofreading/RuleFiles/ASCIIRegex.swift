/// The small regular expressions of rule files (`/.*ics/`, `/[a-z]+s/`, `/(ca|wo|do)n['’]?t|cannot/`)
/// matched natively on ASCII text, the common case: a word test through ICU costs a text setup
/// and a matcher reset per token, which was 8 % of a novel's check (`perf`, Pym, session 46).
///
/// The subset: literal characters, `.`, bracket classes (ranges, `^` negation), groups of
/// alternatives `( … | … )` and top-level alternatives, each atom optionally followed by `*`,
/// `+` or `?`; a backslash before a punctuation mark makes it literal. An expression outside it
/// (`\d`, `{2}`, anchors inside, `(?=…)`, back-references, …) is not made and ICU matches it.
/// ``matchesWhole(_:)`` agrees with `NSRegularExpression` matching `^(?:…)$` with the same
/// case option on ASCII text (`ASCIIRegexTests` checks every rule file's expression against ICU
/// on a word list).
struct ASCIIRegex: Sendable {
    /// The ASCII characters one position accepts (bit `c` of the 128).
    struct CharSet: Sendable, Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        mutating func insert(_ c: UInt8) {
            if c < 64 { low |= 1 << UInt64(c) } else if c < 128 { high |= 1 << UInt64(c - 64) }
        }

        @inline(__always)
        func contains(_ c: UInt8) -> Bool {
            c < 64 ? (low >> UInt64(c)) & 1 == 1 : c < 128 && (high >> UInt64(c - 64)) & 1 == 1
        }

        /// Every ASCII character but those in `self`.
        var complement: CharSet { CharSet(low: ~low, high: ~high) }

        /// `self` with each ASCII letter's other case added.
        var bothCases: CharSet {
            var out = self
            for c in UInt8(ascii: "a")...UInt8(ascii: "z") where contains(c) || contains(c - 32) {
                out.insert(c)
                out.insert(c - 32)
            }
            return out
        }
    }

    /// One atom and how many times in a row it may match.
    struct Item: Sendable {
        var atom: Atom
        var min: Int
        /// `Int.max`: unbounded.
        var max: Int
    }

    indirect enum Atom: Sendable {
        case set(CharSet)
        /// Alternatives, each a sequence of items.
        case group([[Item]])
    }

    /// The top-level alternatives.
    private let alternatives: [[Item]]

    /// The expression `pattern` as the rule compiler stores it (`^(?:` body `)$`), or nil when
    /// it is outside the subset. `caseInsensitive`: letters match either case.
    init?(pattern: String, caseInsensitive: Bool) {
        var body = Array(pattern.unicodeScalars)
        let prefix = Array("^(?:".unicodeScalars), suffix = Array(")$".unicodeScalars)
        guard body.count >= prefix.count + suffix.count,
              Array(body.prefix(prefix.count)) == prefix, Array(body.suffix(suffix.count)) == suffix else { return nil }
        body = Array(body[prefix.count..<(body.count - suffix.count)])
        var parser = Parser(scalars: body, caseInsensitive: caseInsensitive)
        guard let alternatives = parser.alternatives(), parser.position == body.count else { return nil }
        self.alternatives = alternatives
    }

    /// True when the whole of `text`, ASCII bytes, matches.
    func matchesWhole(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for alternative in alternatives where Self.match(alternative, 0, text, 0, { $0 == text.count }) { return true }
        return false
    }

    /// True when `items[i...]` match from `position` and `rest` accepts where they end
    /// (backtracking: greedy counts first, as ICU tries them).
    private static func match(_ items: [Item], _ i: Int, _ text: UnsafeBufferPointer<UInt8>, _ position: Int,
                              _ rest: (Int) -> Bool) -> Bool {
        if i == items.count { return rest(position) }
        let item = items[i]
        switch item.atom {
        case let .set(set):
            // Greedy: take as many as allowed, then give back.
            var n = 0
            while n < item.max, position + n < text.count, set.contains(text[position + n]) { n += 1 }
            while n >= item.min {
                if match(items, i + 1, text, position + n, rest) { return true }
                n -= 1
            }
            return false
        case let .group(alternatives):
            return repeatGroup(alternatives, item, 0, items, i, text, position, rest)
        }
    }

    /// `item` (a group) matched `count` times so far, ending at `position`: one more first
    /// (greedy), then what follows. A repetition past `item.min` must not be empty (it would
    /// repeat for ever).
    private static func repeatGroup(_ alternatives: [[Item]], _ item: Item, _ count: Int, _ items: [Item], _ i: Int,
                                    _ text: UnsafeBufferPointer<UInt8>, _ position: Int, _ rest: (Int) -> Bool) -> Bool {
        if count < item.max {
            for alternative in alternatives {
                let more = match(alternative, 0, text, position) { end in
                    (end > position || count < item.min) && repeatGroup(alternatives, item, count + 1, items, i, text, end, rest)
                }
                if more { return true }
            }
        }
        return count >= item.min && match(items, i + 1, text, position, rest)
    }

    /// A recursive-descent reader of the subset.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        let caseInsensitive: Bool
        var position = 0

        /// `seq ( | seq )*`
        mutating func alternatives() -> [[Item]]? {
            var out: [[Item]] = []
            while true {
                guard let seq = sequence() else { return nil }
                out.append(seq)
                guard position < scalars.count, scalars[position] == "|" else { return out }
                position += 1
            }
        }

        /// Items up to `|`, `)` or the end.
        mutating func sequence() -> [Item]? {
            var items: [Item] = []
            while position < scalars.count, scalars[position] != "|", scalars[position] != ")" {
                guard let atom = atom() else { return nil }
                var item = Item(atom: atom, min: 1, max: 1)
                if position < scalars.count {
                    switch scalars[position] {
                    case "*": item.min = 0; item.max = .max; position += 1
                    case "+": item.max = .max; position += 1
                    case "?": item.min = 0; position += 1
                    default: break
                    }
                    // `a**`, `a+?` (lazy), `a*+` (possessive), `{n}`: not in the subset.
                    if position < scalars.count, "*+?{".unicodeScalars.contains(scalars[position]) { return nil }
                }
                items.append(item)
            }
            return items
        }

        mutating func atom() -> Atom? {
            let c = scalars[position]
            position += 1
            switch c {
            case ".":
                var all = CharSet()
                for b in UInt8(0)..<128 where b != 0x0A { all.insert(b) }
                return .set(all)
            case "[":
                return bracket().map { .set($0) }
            case "(":
                guard position < scalars.count, scalars[position] != "?", let inner = alternatives(),
                      position < scalars.count, scalars[position] == ")" else { return nil }
                position += 1
                return .group(inner)
            case "\\":
                guard position < scalars.count else { return nil }
                let escaped = scalars[position]
                position += 1
                // Only punctuation escaped to itself (`\.`, `\-`); `\d`, `\w`, `\b`, … are not in the subset.
                guard escaped.isASCII, !escaped.properties.isAlphabetic, !("0"..."9").contains(escaped) else { return nil }
                return .set(single(escaped))
            default:
                guard Self.isPlainLiteral(c) || c == "-" else { return nil }
                return .set(single(c))
            }
        }

        /// A character that stands for itself in and out of brackets in ICU's syntax: a letter, a
        /// digit, `'`, `,`, `_`, `:`, or any non-ASCII character (`’`). Other ASCII marks are
        /// operators somewhere (`&&` in a set, `#` with comments, `$`): not in the subset.
        static func isPlainLiteral(_ c: Unicode.Scalar) -> Bool {
            !c.isASCII || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || "',_:".unicodeScalars.contains(c)
        }

        /// One character (a non-ASCII one matches no ASCII text: the empty set).
        func single(_ c: Unicode.Scalar) -> CharSet {
            var set = CharSet()
            if c.isASCII { set.insert(UInt8(c.value)) }
            return caseInsensitive ? set.bothCases : set
        }

        /// After `[`: members up to `]`.
        mutating func bracket() -> CharSet? {
            var set = CharSet()
            var negated = false
            if position < scalars.count, scalars[position] == "^" { negated = true; position += 1 }
            var first = true
            while position < scalars.count {
                var c = scalars[position]
                if c == "]" {
                    // `[]…]` (a bracket first): not in the subset.
                    guard !first else { return nil }
                    position += 1
                    return finish(set, negated)
                }
                first = false
                position += 1
                if c == "\\" {
                    guard position < scalars.count else { return nil }
                    c = scalars[position]
                    position += 1
                    guard c.isASCII, !c.properties.isAlphabetic, !("0"..."9").contains(c) else { return nil }
                } else if c != "-", c != ".", !Self.isPlainLiteral(c) {
                    return nil  // `[`, `&`, `$`, … are operators in ICU's sets (a `.` is itself there).
                }
                // A range `a-z` (a `-` first or last is itself).
                if position + 1 < scalars.count, scalars[position] == "-", scalars[position + 1] != "]" {
                    let upper = scalars[position + 1]
                    guard Self.isPlainLiteral(upper), c.value <= upper.value else { return nil }
                    position += 2
                    for v in c.value...upper.value where v < 128 { set.insert(UInt8(v)) }
                } else if c.isASCII {
                    set.insert(UInt8(c.value))
                }
            }
            return nil
        }

        func finish(_ set: CharSet, _ negated: Bool) -> CharSet {
            let cased = caseInsensitive ? set.bothCases : set
            return negated ? cased.complement : cased
        }
    }
}
