import Foundation
import Testing
@testable import Proofreading

/// ``ASCIIRegex`` answers as ICU (`NSRegularExpression`, which the rule compiler uses) does on
/// ASCII text: for every regular expression of the bundled rule files, and for expressions
/// written to reach each part of the subset, on dictionary words and made-up tokens.
struct ASCIIRegexTests {
    /// Words to probe: every 7th entry of the American dictionary and forms made from them
    /// (capitalised, in capitals, with `'s`, `n't`, `s`), numbers, and tokens around the
    /// expressions' edges.
    static let probes: [String] = {
        var words: [String] = ["", "a", "A", "s", "'s", "men", "women", "Women", "folk", "townsfolk", "ics", "physics",
                               "can't", "cant", "cannot", "won't", "wont", "don't", "do", "isn't", "ca'nt", "I", "i",
                               "15", "1,000", "3.5", "0031", "31", "32", "1999", "2024", "0", "00", "x1", "ABC", "AbC",
                               "ABC1", "usr", "or", "in", "ue", "blue", "ll", "all", "le", "ic", "y", "ly", "ing",
                               "running", "hu", "ha", "-", "--", "a-b", "_", "a_b", ".", "a.b", "'", "''", "aa", "zz"]
        if let text = try? String(contentsOfFile: "/usr/share/hunspell/en_US.dic", encoding: .utf8) {
            for (n, line) in text.split(separator: "\n").enumerated() where n % 7 == 1 {
                let word = String(line.prefix(while: { $0 != "/" }))
                guard word.allSatisfy(\.isASCII) else { continue }
                words.append(word)
                if n % 21 == 1 {
                    words += [word.capitalized, word.uppercased(), word + "'s", word + "n't", word + "s", word + "-" + word]
                }
            }
        }
        return words
    }()

    /// The bundled rules' expressions (each element's tests, negations unwrapped).
    static func bundledExpressions() -> [CompiledRegex] {
        var out: [CompiledRegex] = []
        func collect(_ test: PatternElement.Test) {
            switch test {
            case let .regex(re, _): out.append(re)
            case let .not(inner): collect(inner)
            default: break
            }
        }
        for rule in BundledRules.all {
            for pattern in rule.patterns + rule.patterns.flatMap(\.checks.unless) {
                for element in pattern.elements { element.tests.forEach(collect) }
            }
        }
        var seen = Set<String>()
        return out.filter { seen.insert($0.pattern + "\($0.options.rawValue)").inserted }
    }

    static func disagreements(_ re: CompiledRegex) -> [String] {
        guard let ascii = re.ascii else { return [] }
        var out: [String] = []
        for word in probes {
            let native = word.utf8.withContiguousStorageIfAvailable { ascii.matchesWhole($0) }
                ?? Array(word.utf8).withUnsafeBufferPointer { ascii.matchesWhole($0) }
            if native != re.matchesWholeWithICU(word) { out.append("\(re.pattern) on “\(word)”: native \(native)") }
        }
        return out
    }

    @Test func bundledExpressionsAgreeWithICU() {
        let expressions = Self.bundledExpressions()
        #expect(expressions.count >= 20)
        // Every expression the rule files use today is in the subset (a new one outside it
        // still works, through ICU; this says so when it happens).
        let outside = expressions.filter { $0.ascii == nil }.map(\.pattern)
        #expect(outside.isEmpty, "outside the native subset: \(outside)")
        for re in expressions {
            let bad = Self.disagreements(re)
            #expect(bad.isEmpty, "\(bad.prefix(5))")
        }
    }

    @Test func eachPartOfTheSubsetAgreesWithICU() throws {
        let bodies = ["colou?r", "[a-z]+", "[^aeiou]+s", "[b-df-gj-np-tv-z][a-z]*", "(ca|wo|do)n'?t|cannot", "(ab)+c?",
                      "(a|ab)(c|bcd)(d*)", "x(y|)z", "(a*)*b", "(a|b)*", "[-a]+", "[a-]+", "[a\\-z]", "\\.", "a.c", ".*['’]s",
                      "0*([1-9]|[12][0-9]|3[01])", "[0-9][0-9,.]*", "[A-Z][a-z]+s", "I", "[^a-z]", "(x|xy)+y", "((a|b)c)+",
                      "[']*", "a''b", "a_b", "a:b", "(?:ab)", "\\d+", "a{2}", "[[:alpha:]]+", "a+?", "[a&&b]", "a$b", "\\bab"]
        var inSubset = 0
        for body in bodies {
            for options: NSRegularExpression.Options in [[], [.caseInsensitive]] {
                let re = CompiledRegex(try NSRegularExpression(pattern: "^(?:" + body + ")$", options: options))
                if re.ascii != nil { inSubset += 1 }
                let bad = Self.disagreements(re)
                #expect(bad.isEmpty, "\(bad.prefix(5))")
            }
        }
        // The last eight are outside the subset (ICU answers them), the others inside.
        #expect(inSubset == 2 * (bodies.count - 8))
    }

    /// Non-ASCII text goes to ICU, whatever the expression.
    @Test func nonASCIITextIsICUs() throws {
        let re = CompiledRegex(try NSRegularExpression(pattern: "^(?:.*['’]s)$", options: [.caseInsensitive]))
        #expect(re.ascii != nil)
        #expect(re.matchesWhole("John’s") && re.matchesWhole("john's") && re.matchesWhole("café's"))
        #expect(!re.matchesWhole("Johns") && !re.matchesWhole("naïve"))
        let letters = CompiledRegex(try NSRegularExpression(pattern: "^(?:[a-z]+)$", options: [.caseInsensitive]))
        // ICU folds case: the long s and the Kelvin sign are letters of [a-z] case-insensitively.
        #expect(letters.matchesWhole("ſ") == letters.matchesWholeWithICU("ſ"))
        #expect(letters.matchesWhole("word") && !letters.matchesWhole("naïve"))
    }
}
