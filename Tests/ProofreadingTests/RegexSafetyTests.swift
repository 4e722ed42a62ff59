import Foundation
import Testing
@testable import Proofreading

/// A rule file's regular expression that can backtrack for ever is refused when the file is
/// compiled (a break-it trial: `/(a+)+b/` in a cloned repository's rule file hung `proofread`
/// and a language server thread), and every match is bounded in the word's length.
struct RegexSafetyTests {
    /// The compiler's error for a rule whose pattern is `pattern`, or "" when it compiles.
    func error(_ pattern: String) -> String {
        let text = "rule HOUSE\ncategory style\nmessage m\npattern the \(pattern) => x\n"
        do { _ = try RuleFileCompiler.compile(text, file: "evil.rules"); return "" } catch { return "\(error)" }
    }

    @Test func exponentialShapesAreRefusedWithFileLineAndColumn() {
        // The trial's expression, and the classic evil ones.
        for evil in ["/(a+)+b/", "/(a|a)*b/", "/(a*)*b/", "/(.*a){20}/", "/(a|ab)+c/", "/(a|[a-z])*x/",
                     "/([a-z]+)*x/", "/(?:a+)+b/", "/((ab)*)+c/", "/(ab?)+c/", "/(|a)+b/", "/(a|a){20}/",
                     "/(A|a)+b/", "/(\\w+\\s?)+$/"] {
            let message = error(evil)
            #expect(message.hasPrefix("evil.rules:4:13: error: "), "\(evil): \(message)")
            #expect(message.contains("backtrack") || message.contains("too long"), "\(evil): \(message)")
        }
        // Five repeating quantifiers: polynomial of degree five.
        #expect(error("/a*a*a*a*a*b/").contains("5 repeating quantifiers"))
    }

    @Test func ordinaryExpressionsStillLoad() {
        for good in ["/colou?r/", "/iOS/c", "/[a-z]+ing/", "/(ca|wo|do)n['’]?t|cannot/", "/.*ics/",
                     "/0*([1-9]|[12][0-9]|3[01])/", "/(ab|cd)*/", "/(ab){3}/", "/[A-Z0-9].*/c", "/x{2,5}/",
                     "/(?i)colour/", "/(?:un|re)do/", "/\\d+(st|nd|rd|th)/", "/(a|b|c)+/", "/(A|a)+b/c"] {
            #expect(error(good) == "", "\(good): \(error(good))")
        }
    }

    @Test func caseFoldingDecidesWhetherAlternativesMeet() {
        // Lowercased (the default) “A” and “a” are one letter; as written (`c`) they are two.
        #expect(RegexSafety.problem(in: "(A|a)+b", caseInsensitive: true) != nil)
        #expect(RegexSafety.problem(in: "(A|a)+b", caseInsensitive: false) == nil)
    }

    @Test func everyBundledRuleFileLoads() {
        // The bundled rules compile through the same check: none of them is refused.
        #expect(!BundledRules.all.isEmpty)
        for re in ASCIIRegexTests.bundledExpressions() {
            var body = re.pattern
            if body.hasPrefix("^(?:"), body.hasSuffix(")$") { body = String(body.dropFirst(4).dropLast(2)) }
            #expect(RegexSafety.problem(in: body, caseInsensitive: re.options.contains(.caseInsensitive)) == nil, "\(body)")
        }
    }

    @Test func aLongWordNeverMatchesAndTakesNoTime() throws {
        // Polynomial shapes that pass the check stay fast: the word is at most 64 characters.
        let re = CompiledRegex(try NSRegularExpression(pattern: "^(?:a*a*a*a*b)$", options: [.caseInsensitive]))
        let start = Date()
        #expect(!re.matchesWhole(String(repeating: "a", count: 64)))
        #expect(!re.matchesWhole(String(repeating: "a", count: 5000)))
        #expect(re.matchesWhole("aaab"))
        #expect(!re.matchesWhole(String(repeating: "a", count: 70) + "b"))
        #expect(Date().timeIntervalSince(start) < 5)
    }
}
