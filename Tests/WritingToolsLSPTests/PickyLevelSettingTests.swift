import Foundation
import Testing
import WritingTools
@testable import WritingToolsLSP

/// The `level` setting (and LTeX's `enablePickyRules`): the rules for formal text run only when
/// the editor asks for them, and a change of level checks the open documents again.
struct PickyLevelSettingTests {
    let uri = "file:///tmp/report.md"
    static let text = "We utilize a cache in order to speed it up, and it doesn't change the results."

    @Test func theSettingIsReadAndAWrongValueIsSaid() {
        var c = ServerConfiguration()
        #expect(c.level == .default)
        #expect(c.apply(["level": "picky"]).isEmpty && c.level == .picky)
        let wrong = c.apply(["level": "strict"])
        #expect(wrong == [#"level: "strict" is not "default" or "picky"; kept "picky""#], "\(wrong)")
        #expect(c.level == .picky)
        #expect(c.apply(["enablePickyRules": false]).isEmpty && c.level == .default)
        #expect(c.apply(["writing-tools": ["enablePickyRules": true]]).isEmpty && c.level == .picky)
        #expect(c.apply(["enablePickyRules": "yes"]).first?.hasPrefix("enablePickyRules:") == true)
    }

    @Test func pickyDiagnosticsFollowTheSetting() async throws {
        let client = TestClient()
        _ = try await client.initialize(options: .object(["debounceMilliseconds": .int(10), "level": "picky"]))
        await client.open(uri, Self.text)
        let picky = try await client.diagnostics(uri, version: 1).compactMap { $0["code"]?.stringValue }
        #expect(picky == ["EN_PICKY_PLAIN_WORD", "EN_PICKY_IN_ORDER_TO", "EN_PICKY_CONTRACTION"], "\(picky)")
        // Back to the default level: the document is checked again, without them.
        let before = client.count
        await client.notify("workspace/didChangeConfiguration", .object(["settings": .object(["level": "default"])]))
        let again = try await client.waitFor(after: before, "diagnostics at the default level") {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri
        }
        #expect(again["params"]?["diagnostics"]?.arrayValue?.isEmpty == true, "\(again)")
    }
}
