import Foundation
import Testing
import WritingToolsEngine

@Suite("Tool engine types")
struct ToolEngineTypesTests {
    @Test func requestDefaultsToTheWholeText() {
        let r = ToolRequest(tool: .summary, text: "A 👋 b")
        #expect(r.range == NSRange(location: 0, length: 6))
        #expect(r.resultOptions == [.plainText])
    }

    @Test func resultOptionsUseApplesRawValues() {
        #expect(ToolResultOptions.plainText.rawValue == 1)
        #expect(ToolResultOptions.richText.rawValue == 2)
        #expect(ToolResultOptions.list.rawValue == 4)
        #expect(ToolResultOptions.table.rawValue == 8)
        #expect(ToolResultOptions.presentationIntent.rawValue == 16)
    }

    @Test func commandNames() {
        #expect(WritingTool.keyPoints.commandName == "key-points")
        #expect(WritingTool.describeYourChange(instruction: "shorter").commandName == "describe")
    }
}
