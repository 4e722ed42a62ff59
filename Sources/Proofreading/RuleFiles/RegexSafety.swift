/// The static check that keeps a rule file's regular expression from backtracking for ever.
///
/// `NSRegularExpression` (ICU) and ``ASCIIRegex`` both backtrack and neither has a time limit, so
/// `/(a+)+b/` on a word of 40 letters never ends (2⁴⁰ ways to split the letters), and a rule file
/// comes with any cloned repository (`.writing-tools/rules/`). The check is conservative: it
/// rejects every shape that can backtrack exponentially, and a few harmless ones with them.
///
/// Rejected, at load time and by `rules --check`:
/// - a quantifier inside a repeated group (`(a+)+`, `(a*)*`, `(.*a){20}`, `(ab?)+`; a fixed
///   count above one repeats too): the group's repetitions and the inner quantifier can share
///   the same letters in many ways;
/// - a quantifier right after a quantifier (`a{2}{3}`, `a**`, where ICU accepts one);
/// - a repeated group whose alternatives may start with the same character, or one of which is
///   empty (`(a|a)*`, `(a|ab)+`, `(a|[a-z])*`, `(|a)+`); literal first characters are compared
///   (case-folded), anything else (`.`, `[…]`, `\w`, an anchor) may start like anything;
/// - more than ``maximumRepeats`` repeating quantifiers in one expression (`a*a*a*a*a*b` is
///   polynomial of that degree).
///
/// With these shapes gone, a match's time is polynomial of degree at most ``maximumRepeats`` in
/// the word's length, and ``CompiledRegex/longestWord`` bounds that length.
enum RegexSafety {
    /// The most repeating quantifiers (`*`, `+`, `{n,m}` with m > 1; not a fixed `{n}`) one
    /// expression may have.
    static let maximumRepeats = 4

    /// Why `pattern` (a rule file's expression, between its slashes) may backtrack for ever, or
    /// nil when it is safe. `caseInsensitive` folds letters when first characters are compared.
    static func problem(in pattern: String, caseInsensitive: Bool) -> String? {
        var parser = Parser(scalars: Array(pattern.unicodeScalars), fold: caseInsensitive)
        var top = parser.alternatives()
        while parser.i < parser.scalars.count { // past a stray `)` (ICU refuses it anyway)
            parser.i += 1
            top += parser.alternatives()
        }
        if let found = parser.problem { return found }
        if let found = check(top, insideRepeat: false) { return found }
        if parser.repeats > maximumRepeats {
            return "the regular expression /\(pattern)/ has \(parser.repeats) repeating quantifiers (at most \(maximumRepeats)): it could take too long to match"
        }
        return nil
    }

    /// What the first character of a match may be.
    enum First: Equatable {
        case scalars(Set<Unicode.Scalar>)
        case any
        case empty

        func overlaps(_ other: First) -> Bool {
            switch (self, other) {
            case (.empty, _), (_, .empty), (.any, _), (_, .any): return true
            case let (.scalars(a), .scalars(b)): return !a.isDisjoint(with: b)
            }
        }
    }

    /// One atom and its quantifier.
    struct Item {
        enum Atom {
            case literal(Unicode.Scalar)
            case other
            case group([[Item]])
        }
        var atom: Atom
        var quantified = false
        var repeating = false
        var source = ""
    }

    /// The first problem in `alternatives`.
    static func check(_ alternatives: [[Item]], insideRepeat: Bool) -> String? {
        for sequence in alternatives {
            for item in sequence {
                if insideRepeat, item.quantified {
                    return "the quantifier of “\(item.source)” inside a repeated group can backtrack for ever (nested quantifiers, as in /(a+)+/): write the group without it"
                }
                guard case let .group(inner) = item.atom else { continue }
                if item.repeating {
                    if let found = check(inner, insideRepeat: true) { return found }
                    let firsts = inner.map(first)
                    for i in firsts.indices {
                        if firsts[i] == .empty {
                            return "the repeated group “\(item.source)” has an empty alternative: it can backtrack for ever"
                        }
                        for j in firsts.indices where j > i && firsts[i].overlaps(firsts[j]) {
                            return "the alternatives of the repeated group “\(item.source)” may start with the same character: it can backtrack for ever (as /(a|a)*/ does); make them start differently"
                        }
                    }
                } else if let found = check(inner, insideRepeat: insideRepeat) {
                    return found
                }
            }
        }
        return nil
    }

    /// What a match of `sequence` may start with.
    static func first(_ sequence: [Item]) -> First {
        guard let item = sequence.first else { return .empty }
        if item.quantified { return .any }
        switch item.atom {
        case let .literal(s): return .scalars([s])
        case .other: return .any
        case let .group(inner):
            var all = Set<Unicode.Scalar>()
            for alternative in inner {
                switch first(alternative) {
                case .any, .empty: return .any
                case let .scalars(s): all.formUnion(s)
                }
            }
            return .scalars(all)
        }
    }

    /// A recursive-descent reader of ICU's syntax, as much as the check needs.
    struct Parser {
        let scalars: [Unicode.Scalar]
        let fold: Bool
        var i = 0
        var repeats = 0
        var problem: String?

        init(scalars: [Unicode.Scalar], fold: Bool) {
            self.scalars = scalars
            self.fold = fold
        }

        mutating func alternatives() -> [[Item]] {
            var out: [[Item]] = [sequence()]
            while i < scalars.count, scalars[i] == "|" {
                i += 1
                out.append(sequence())
            }
            return out
        }

        mutating func sequence() -> [Item] {
            var items: [Item] = []
            while i < scalars.count, scalars[i] != "|", scalars[i] != ")" {
                let start = i
                var item = atom()
                if quantifier(&item), peekQuantifier() == true {
                    problem = problem ?? "a quantifier right after a quantifier in “\(text(start, i + 1))” can backtrack for ever"
                }
                item.source = text(start, i)
                items.append(item)
            }
            return items
        }

        func text(_ from: Int, _ to: Int) -> String {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: scalars[from..<min(to, scalars.count)])
            return String(s)
        }

        /// True when a quantifier starts at `i`.
        func peekQuantifier() -> Bool? {
            guard i < scalars.count else { return nil }
            switch scalars[i] {
            case "*", "+", "?": return true
            case "{": return countedEnd(from: i) != nil
            default: return false
            }
        }

        /// The index after `{n}`, `{n,}` or `{n,m}` at `from`, with its maximum (nil: unbounded).
        func countedEnd(from: Int) -> (end: Int, min: Int, max: Int?)? {
            var j = from + 1
            var low = "", high = "", comma = false
            while j < scalars.count, scalars[j] != "}" {
                let c = scalars[j]
                if c == "," { if comma { return nil }; comma = true }
                else if ("0"..."9").contains(c) { if comma { high.unicodeScalars.append(c) } else { low.unicodeScalars.append(c) } }
                else { return nil }
                j += 1
            }
            guard j < scalars.count, let lo = Int(low) else { return nil }
            if !comma { return (j + 1, lo, lo) }
            if high.isEmpty { return (j + 1, lo, nil) }
            guard let hi = Int(high) else { return nil }
            return (j + 1, lo, hi)
        }

        /// Reads a quantifier at `i` into `item`; true when there was one.
        mutating func quantifier(_ item: inout Item) -> Bool {
            guard i < scalars.count else { return false }
            var repeating = false, fixed = false
            switch scalars[i] {
            case "*", "+": repeating = true; i += 1
            case "?": i += 1
            case "{":
                guard let counted = countedEnd(from: i) else { return false }
                i = counted.end
                // `{1}` is no repetition; `{20}` is, though without a choice of its own: around a
                // group with a quantifier (`(.*a){20}`) it multiplies the ways to split a word.
                if counted.max == 1, counted.min == 1 { return false }
                repeating = (counted.max ?? Int.max) > 1
                fixed = counted.max == counted.min
            default: return false
            }
            // A lazy or possessive mark.
            if i < scalars.count, scalars[i] == "?" || scalars[i] == "+" { i += 1 }
            item.quantified = true
            item.repeating = repeating
            if repeating, !fixed { repeats += 1 }
            return true
        }

        mutating func atom() -> Item {
            let c = scalars[i]
            switch c {
            case "(":
                i += 1
                if i < scalars.count, scalars[i] == "?" {
                    // `(?:`, `(?i)`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`, `(?>`, `(?#…)`.
                    i += 1
                    if i < scalars.count, scalars[i] == "#" {
                        while i < scalars.count, scalars[i] != ")" { i += 1 }
                        i += 1
                        return Item(atom: .group([[]]))
                    }
                    if i < scalars.count, scalars[i] == "<", i + 1 < scalars.count, scalars[i + 1] != "=", scalars[i + 1] != "!" {
                        while i < scalars.count, scalars[i] != ">" { i += 1 }
                        i += 1
                    } else {
                        while i < scalars.count, !":=!<>)".unicodeScalars.contains(scalars[i]) { i += 1 }
                        if i < scalars.count, scalars[i] == ")" { i += 1; return Item(atom: .group([[]])) } // `(?i)`
                        if i < scalars.count, scalars[i] == "<" { i += 1 }
                        if i < scalars.count { i += 1 }
                    }
                }
                let inner = alternatives()
                if i < scalars.count, scalars[i] == ")" { i += 1 }
                return Item(atom: .group(inner))
            case "[":
                skipClass()
                return Item(atom: .other)
            case "\\":
                i += 1
                guard i < scalars.count else { return Item(atom: .other) }
                let e = scalars[i]
                i += 1
                if e == "Q" {
                    // `\Q…\E`: literal text, whose first character counts.
                    let start = i
                    while i + 1 < scalars.count, !(scalars[i] == "\\" && scalars[i + 1] == "E") { i += 1 }
                    let firstLiteral = start < scalars.count && start < i ? scalars[start] : nil
                    i = min(i + 2, scalars.count)
                    return firstLiteral.map { Item(atom: .literal(folded($0))) } ?? Item(atom: .other)
                }
                if e.properties.isAlphabetic || ("0"..."9").contains(e) {
                    if e == "p" || e == "P" || e == "N" || e == "x", i < scalars.count, scalars[i] == "{" {
                        while i < scalars.count, scalars[i] != "}" { i += 1 }
                        i += 1
                    }
                    return Item(atom: .other)
                }
                return Item(atom: .literal(folded(e)))
            case ".", "^", "$":
                i += 1
                return Item(atom: .other)
            default:
                i += 1
                return Item(atom: .literal(folded(c)))
            }
        }

        func folded(_ s: Unicode.Scalar) -> Unicode.Scalar {
            guard fold else { return s }
            let lower = String(s).lowercased().unicodeScalars
            return lower.count == 1 ? lower.first! : s
        }

        /// Skips a bracket class at `i`, nested classes and escapes included.
        mutating func skipClass() {
            var depth = 0
            while i < scalars.count {
                let c = scalars[i]
                if c == "\\" { i += 2; continue }
                if c == "[" {
                    depth += 1
                    i += 1
                    // A `]` right after `[` or `[^` is literal.
                    if i < scalars.count, scalars[i] == "^" { i += 1 }
                    if i < scalars.count, scalars[i] == "]" { i += 1 }
                    continue
                }
                if c == "]" {
                    depth -= 1
                    i += 1
                    if depth == 0 { return }
                    continue
                }
                i += 1
            }
        }
    }
}
