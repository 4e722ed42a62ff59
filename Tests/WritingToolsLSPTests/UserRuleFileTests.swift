import Foundation
import Testing
import WritingTools
@testable import WritingToolsLSP

/// The language server loads the user's and the workspace's rule files at initialization.
struct UserRuleFileTests {
    let uri = "file:///tmp/notes.md"

    @Test func userAndWorkspaceRuleFilesGiveDiagnostics() async throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("wt-lsp-rules-\(UUID().uuidString)")
        let config = tmp.appendingPathComponent("config").path
        let root = tmp.appendingPathComponent("ws").path
        try FileManager.default.createDirectory(atPath: config + "/writing-tools/rules", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/.writing-tools/rules", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        try """
        rule HOUSE_UTILIZE
        category style
        message Write “{fix}”.
        pattern utilize => use
        """.write(toFile: config + "/writing-tools/rules/house.rules", atomically: true, encoding: .utf8)
        try """
        rule PRODUCT_ACME
        category casing
        message The product is “ACME”.
        options exact
        pattern acme|Acme:exact => ACME
        """.write(toFile: root + "/.writing-tools/rules/product.rules", atomically: true, encoding: .utf8)
        let client = TestClient(environment: ["HOME": tmp.appendingPathComponent("home").path, "XDG_CONFIG_HOME": config])
        _ = try await client.initialize(rootUri: URL(fileURLWithPath: root).absoluteString)
        await client.open(uri, "We utilize acme tools.")
        let d = try await client.diagnostics(uri, version: 1)
        let codes = d.compactMap { $0["code"]?.stringValue }.sorted()
        #expect(codes == ["HOUSE_UTILIZE", "PRODUCT_ACME"], "\(d)")
    }
}
