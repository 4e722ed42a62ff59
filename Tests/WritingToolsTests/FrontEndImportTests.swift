import Foundation
import Testing
import WritingTools // only this: what a front end or another package sees

/// A host that imports `WritingTools` alone can pick tools, bring an engine and run a session.
@Suite("Front ends need only `import WritingTools`")
@MainActor
struct FrontEndImportTests {
    struct EchoEngine: ToolEngine {
        func run(_ request: ToolRequest) -> AsyncThrowingStream<ToolEvent, Error> {
            AsyncThrowingStream { c in
                c.yield(.rewrittenText("Hello."))
                c.finish()
            }
        }
    }

    @Test func aTextViewWithAnEngineOfItsOwn() async throws {
        let tool: WritingTool = .friendly
        let view = TextView("Hi.", engine: EchoEngine())
        try await view.coordinator.startWritingTools(tool, scope: .fullDocument)
        #expect(view.string == "Hello.")
        try await view.coordinator.finishWritingTools(accepting: false)
        #expect(view.string == "Hi.")
        let _: any ToolEngine = BuiltInToolEngine()
    }

    /// The front ends' sources import `WritingTools` and the system, nothing below it and never
    /// each other (the HTTP server also its own C library target). The executable that links
    /// them all is `Sources/writing-tools`, not checked here.
    @Test func frontEndsImportWritingToolsOnly() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let system: Set<String> = ["Foundation", "FoundationNetworking", "FoundationEssentials", "Glibc", "Musl", "Darwin",
                                   "Dispatch", "Synchronization"]
        let allowed: [String: Set<String>] = [
            "WritingToolsCLI": system.union(["WritingTools"]),
            "WritingToolsLSP": system.union(["WritingTools"]),
            "WritingToolsHTTP": system.union(["WritingTools", "CMicroHTTPD", "CMicroHTTPDSupport"]),
        ]
        var checked = 0
        for (module, modules) in allowed {
            let dir = sources.appendingPathComponent(module)
            let files = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            #expect(!files.isEmpty, "no sources found for \(module)")
            for file in files {
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let i = words.firstIndex(of: "import"), words[..<i].allSatisfy({ $0.hasPrefix("@") || $0 == "public" || $0 == "internal" }),
                          i + 1 < words.count else { continue }
                    let imported = String(words[i + 1].split(separator: ".").first ?? "")
                    #expect(modules.contains(imported), "\(module)/\(file) imports \(imported)")
                    checked += 1
                }
            }
        }
        #expect(checked > 20)
    }
}
