import Foundation
import TextModel

extension BuiltInToolEngine {
    func list(_ request: ToolRequest) -> ToolResult {
        ToolResult(kind: .list, text: "")
    }
    func table(_ request: ToolRequest) -> ToolResult {
        ToolResult(kind: .table, text: "")
    }
}
