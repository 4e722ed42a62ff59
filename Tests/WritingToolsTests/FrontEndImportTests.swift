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
}
