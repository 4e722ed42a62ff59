import Foundation
import Testing
import WritingTools
import WritingToolsTestSupport
@testable import WritingToolsHTTP

/// `/api/summarize` with a language model (issue 34, as session 50's trial left it): a
/// `teaser` or a `headline` with a model was Describe-your-change, an edit of the text, whose
/// answer must give back every protected span; a model's teaser of a README with code was
/// refused ("the model dropped protected text"). Both are Summary now, a result, at the
/// Summarizer's `length`: every `type` takes every `length`, and a value outside the lists is
/// a 400 naming its field (docs/http-api.md).
///
/// The model is the scripted fake server's `drop-comments`: it answers with the text less its
/// placeholders, as a summary that leaves the code out would.
@Suite("HTTP: /api/summarize types with a model")
struct SummarizerModelTypesTests {
    static let readme = "# Frobnicator\\n\\nThe frobnicator compresses logs before they leave the host. Run `frob --fast` to try it.\\n\\n"
        + "It keeps one index per day and drops indexes older than a week. See the [manual](https://example.com/manual) for details."

    @Test func everyTypeAndLengthIsAnsweredForATextWithCode() throws {
        let fake = try FakeModelServer()
        let server = try ModelRunThreadsTests.startServer(fake, scenario: "drop-comments")
        defer { server.stop() }
        for type in ["teaser", "headline", "tldr"] {
            for length in ["short", "medium", "long"] {
                let body = #"{"text":"\#(Self.readme)","markup":"markdown","type":"\#(type)","length":"\#(length)"}"#
                let answer = ModelRunThreadsTests.call(server.port, "POST", "/api/summarize", body)
                #expect(answer.status == 200, "\(type) \(length): \(answer.body)")
                let o = SessionClientLeftTests.object(answer.body)
                #expect(o["type"] as? String == type && o["engine"] as? String == "model", "\(answer.body)")
                #expect((o["output"] as? String ?? "").contains("compresses logs"), "\(type) \(length): \(answer.body)")
            }
        }
        // The model was asked for a summary at that length, not told to edit the text.
        let last = try fake.lastRequest()
        #expect(String(describing: last["body"] ?? "").lowercased().contains("summar"), "\(last)")
    }

    @Test func aTypeOrALengthOutsideTheListsIsA400NamingIt() throws {
        let fake = try FakeModelServer()
        let server = try ModelRunThreadsTests.startServer(fake, scenario: "drop-comments")
        defer { server.stop() }
        for (field, body) in [("'type'", #"{"text":"Some text here.","type":"blurb"}"#), ("'length'", #"{"text":"Some text here.","type":"teaser","length":"tiny"}"#)] {
            let answer = ModelRunThreadsTests.call(server.port, "POST", "/api/summarize", body)
            #expect(answer.status == 400 && answer.body.contains(field) && answer.body.contains("bad_request"), "\(answer.body)")
        }
    }
}
