import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// Concise keeps what carries specifics (issue 34, a new user's trial on xz's FAQ: “For
/// example, xz -6 uses 8 MiB LZMA2 dictionary and 24 MiB blocks…” was cut as an example
/// sentence, though docs/tools.md promises to keep examples that name things): a sentence of
/// examples, an aside or trailing examples with a number, code, a quotation or a name stay;
/// those of common words still go. Fixture `concise/examples-with-figures.txt` (written for
/// this test).
@Suite("Concise keeps numbers, code and quoted examples")
struct ConciseKeepsSpecificsTests {
    @Test func examplesWithFiguresCodeOrQuotesStay() throws {
        let text = try Fixture.text("concise/examples-with-figures.txt")
        let (out, edits) = try rewritten(text, .concise)
        for kept in ["For example, level 6 uses an 8 MiB dictionary", "For example, xz -9e asks for the slowest",
                     "For example, \"make check\" in the build directory", "(it takes about 10 minutes on a laptop)",
                     "such as level 1 for speed or level 9 for size.", "(METHOD=replace, this is the default)"] {
            #expect(out.contains(kept), "“\(kept)” stays:\n\(out)")
        }
        // Examples of common words, and an aside that names nothing, still go.
        for cut in ["For example, a plugin can add", "(which most people leave as it is)", "such as the themes and the colours"] {
            #expect(!out.contains(cut), "“\(cut)” is cut:\n\(out)")
        }
        #expect(Set(edits.map(\.ruleID)).isSuperset(of: ["CONCISE_EXAMPLE_SENTENCE", "CONCISE_ASIDE", "CONCISE_EXAMPLES"]), "\(edits.map(\.ruleID))")
    }
}
