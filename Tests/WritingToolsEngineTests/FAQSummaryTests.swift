import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// Summary and Key Points of an FAQ (session 45's trial on procps's, zlib's and xz's FAQs):
/// the one sentence splitter knows “No.” the answer from “No. 5”, and an abbreviation's period
/// inside brackets from a sentence's end, so no result glues an answer to its explanation
/// (“No.  Please read the license…”) or cuts a question at “(Java, etc.)”; a question that is a
/// paragraph of its own is its answer's title, no point; and a bare “Yes.” or “No.” is never a
/// sentence of a result. Fixtures `summaries/faq-numbered.txt` (numbered questions, indented
/// answers) and `summaries/faq-unmarked.txt` (questions without “Q:” or numbers).
///
/// An FAQ's summary says what it covers, its questions, whole, not one answer (session 46: the
/// summaries of zlib's and xz's FAQs quoted answers and ended on one's tail).
@Suite("Summary and Key Points of FAQs")
struct FAQSummaryTests {
    private func result(_ tool: WritingTool, _ name: String, length: SummaryLength = .medium) throws -> String {
        let text = try Fixture.text("summaries/" + name)
        let engine = BuiltInToolEngine(configuration: .init(summaryLength: length))
        for case let .result(r) in try engine.events(for: ToolRequest(tool: tool, text: text, markup: .plain, resultOptions: [.plainText, .list])) {
            return r.text
        }
        Issue.record("no result for \(tool) of \(name)")
        return ""
    }

    /// The result's sentences: key points' items, a summary's sentences (split on ". " after a
    /// lower-case letter or a digit, enough for these fixtures).
    private func pieces(_ text: String) -> [String] {
        text.split(separator: "\n").map { String($0.hasPrefix("- ") ? $0.dropFirst(2) : $0) }
            .flatMap { $0.components(separatedBy: ".  ") }.flatMap { $0.components(separatedBy: ". ") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test(arguments: [WritingTool.keyPoints], [SummaryLength.short, .medium, .long])
    func answersAreNotGluedToAnAbbreviationAndQuestionsAreNoPoints(tool: WritingTool, length: SummaryLength) throws {
        for name in ["faq-numbered.txt", "faq-unmarked.txt"] {
            let out = try result(tool, name, length: length)
            #expect(!out.isEmpty, "\(name)")
            // No question, whole or cut at “etc.)”.
            #expect(!out.contains("?"), "\(name) \(tool) \(length): \(out)")
            #expect(!out.contains("etc.)"), "\(name) \(tool) \(length): \(out)")
            // No bare answer, alone or glued to the sentence after it.
            for piece in pieces(out) {
                #expect(!["No", "No.", "Yes", "Yes.", "Yes and yes", "Yes and yes."].contains(piece), "\(name) \(tool) \(length): \(out)")
            }
            #expect(!out.contains("No.  Please") && !out.contains("No. Use") && !out.hasPrefix("No.") && !out.contains("\nNo.")
                    && !out.contains("- No") && !out.contains("Yes."), "\(name) \(tool) \(length): \(out)")
        }
    }

    /// The answers that say something are what the key points hold.
    @Test func keyPointsComeFromTheAnswers() throws {
        let out = try result(.keyPoints, "faq-numbered.txt")
        #expect(out.contains("Use 7-Zip or p7zip to handle .7z archives") || out.contains("Please read the license in the LICENSE file"), "\(out)")
        let unmarked = try result(.keyPoints, "faq-unmarked.txt")
        #expect(unmarked.contains("Per-CPU stats are off by default") || unmarked.contains("The standards require"), "\(unmarked)")
    }

    /// The summary names the FAQ's subject and how many questions it answers, then the most
    /// central questions whole, in reading order; no answer, no bare “Yes.”.
    @Test(arguments: [SummaryLength.short, .medium, .long])
    func aSummarySaysWhatTheFAQCovers(length: SummaryLength) throws {
        let numbered = try result(.summary, "faq-numbered.txt", length: length)
        #expect(numbered.hasPrefix("This FAQ about tarpit answers 5 questions"), "\(numbered)")
        #expect(numbered.contains("Can tarpit compress files larger than 4 GB?"), "\(numbered)")
        #expect(!numbered.contains("Yes.") && !numbered.contains("Please read the license") && !numbered.contains("64 bits"), "\(numbered)")
        if numbered.contains("Why is memory use") { #expect(numbered.contains("Why is memory use underreported for multi-threaded (Java, etc.) apps?")) }
        #expect(numbered.hasSuffix("?"), "ends on a whole question: \(numbered)")
        let unmarked = try result(.summary, "faq-unmarked.txt", length: length)
        #expect(unmarked.hasPrefix("This FAQ answers 4 questions"), "\(unmarked)")
        #expect(!unmarked.contains("Per-CPU stats are off by default"), "\(unmarked)")
        #expect(unmarked.hasSuffix("?"), "\(unmarked)")
    }

    /// A text with a few questions in it is no FAQ: its summary is its sentences.
    @Test func aTextWithSomeQuestionsIsNoFAQ() throws {
        let text = """
        Why do builds fail on Fridays? The cache server restarts every Friday at noon, and builds
        that start then cannot fetch their dependencies.

        What can we do about it? Moving the restart to Sunday night would avoid the busy hours.
        The operations team agreed to try it next week.
        """
        for case let .result(r) in try BuiltInToolEngine().events(for: ToolRequest(tool: .summary, text: text, resultOptions: [.plainText])) {
            #expect(!r.text.hasPrefix("This FAQ"), "\(r.text)")
        }
    }
}
