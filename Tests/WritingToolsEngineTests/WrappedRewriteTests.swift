import Foundation
import Testing
@testable import WritingToolsEngine

/// A rewrite keeps a hard-wrapped text wrapped (session-42 trial): an edit whose words span a
/// line break ("do not⏎hesitate" → "feel free", "will⏎not" → "won't") puts the break back,
/// so no two lines of a paragraph become one.
@Suite struct WrappedRewriteTests {
    @Test(arguments: [WritingTool.friendly, .professional, .concise, .rewrite], ["wrapped/office-closed.txt", "wrapped/shipment-delayed.txt"])
    func linesStayLines(_ tool: WritingTool, _ fixture: String) throws {
        let text = try Fixture.text(fixture)
        let (new, edits) = try rewritten(text, tool)
        let lines = { (s: String) in s.split(separator: "\n", omittingEmptySubsequences: false) }
        #expect(lines(new).count == lines(text).count, "\(edits.map(\.ruleID))\n\(new)")
        let width = lines(text).map(\.count).max() ?? 0
        #expect(lines(new).allSatisfy { $0.count <= width + 12 }, "\(new)")
    }

    @Test func friendlyPutsTheBreakBack() throws {
        let (new, _) = try rewritten(try Fixture.text("wrapped/office-closed.txt"), .friendly)
        #expect(new.contains("Please feel free\nto contact"), "\(new)")
        #expect(new.contains("We won't\nbe able"), "\(new)")
    }
}
