import Foundation
import Testing
import WritingTools

/// End to end through the public API (issue 31): a word cut by a protected range or an inline
/// tag is never “corrected” piece by piece, and a real word derived from a known one is no typo.
@Suite struct WordFragmentCheckerTests {
    let checker = WritingToolsChecker()

    func slice(_ s: String, _ r: NSRange) -> String { String(decoding: Array(s.utf16)[r.location..<r.location + r.length], as: UTF16.self) }

    @Test func aProtectedRangeInsideAWordLeavesTheRestAlone() throws {
        let text = "We deploy to the Kubernetes cluster today."
        for protected in [NSRange(location: 17, length: 5), NSRange(location: 22, length: 5), NSRange(location: 19, length: 3)] {
            let report = try checker.check(ProofreadingRequest(text: text, ignoredRanges: [protected]))
            #expect(report.suggestions.isEmpty, "\(protected): \(report.suggestions.map { slice(text, $0.range) })")
        }
        // Elsewhere in the text a slip is still found.
        let slip = "We deploy to the Kubernetes cluster tommorow."
        let report = try checker.check(ProofreadingRequest(text: slip, ignoredRanges: [NSRange(location: 17, length: 5)]))
        #expect(report.suggestions.map { slice(slip, $0.range) } == ["tommorow"])
    }

    @Test(arguments: ["We run Kuber<b>netes</b> today.", "We re<em>cieve</em> mail today.",
                      "The <span>gov</span>ernment met today.", "We run Kuber**netes** today."])
    func noEditOfPartOfAWordInMarkdown(_ text: String) throws {
        let report = try checker.check(ProofreadingRequest(text: text, markup: .markdown))
        let u = Array(text.utf16)
        func isLetter(_ i: Int) -> Bool { i >= 0 && i < u.count && Character(Unicode.Scalar(u[i])!).isLetter }
        for s in report.suggestions where !s.replacements.isEmpty {
            // An edit starts and ends at a word boundary of the document.
            #expect(!isLetter(s.range.location - 1) && !isLetter(s.range.location + s.range.length),
                    "\(slice(text, s.range)) → \(s.replacements)")
            // … and spans no markup.
            #expect(!slice(text, s.range).contains("<") && !slice(text, s.range).contains("*"))
        }
    }

    @Test func derivedWordsAreWordsAndSlipsStaySlips() throws {
        let words = "The triager asked two forwarders whether the output was decodable."
        #expect(try checker.check(ProofreadingRequest(text: words)).suggestions.isEmpty)
        let slips = "The writter ran the tommorow test."
        let flagged = try checker.check(ProofreadingRequest(text: slips)).suggestions.map { slice(slips, $0.range) }
        #expect(flagged == ["writter", "tommorow"])
    }
}
