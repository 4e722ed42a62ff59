import Foundation
import Testing
@testable import WritingToolsEngine

@Suite("Describe your change, offline")
struct OfflineInstructionTests {
    static let mapped: [(String, OfflineInstruction)] = [
        ("Make it shorter", .styles([.concise], proofread: false)),
        ("cut it down", .styles([.concise], proofread: false)),
        ("Make it more concise", .styles([.concise], proofread: false)),
        ("It's too long", .styles([.concise], proofread: false)),
        ("keep it short", .styles([.concise], proofread: false)),
        ("more concise please", .styles([.concise], proofread: false)),
        ("Can you tighten this up?", .styles([.concise], proofread: false)),
        ("less wordy", .styles([.concise], proofread: false)),
        ("Make it more formal", .styles([.professional], proofread: false)),
        ("sound more PROFESSIONAL", .styles([.professional], proofread: false)),
        ("less casual", .styles([.professional], proofread: false)),
        ("less friendly", .styles([.professional], proofread: false)),
        ("friendlier", .styles([.friendly], proofread: false)),
        ("make it more casual and warm", .styles([.friendly], proofread: false)),
        ("less formal", .styles([.friendly], proofread: false)),
        ("shorter and more formal", .styles([.concise, .professional], proofread: false)),
        ("Fix mistakes", .tool(.proofread)),
        ("fix the typos and grammar", .tool(.proofread)),
        ("proofread this", .tool(.proofread)),
        ("fix mistakes and make it shorter", .styles([.concise], proofread: true)),
        ("rephrase it", .tool(.rewrite)),
        ("as a list", .tool(.list)),
        ("turn this into bullet points", .tool(.list)),
        ("Put it in a table", .tool(.table)),
        ("summarise", .tool(.summary)),
        ("Summarize this please.", .tool(.summary)),
        ("give me a short summary", .tool(.summary)),
        ("tl;dr", .tool(.summary)),
        ("key points", .tool(.keyPoints)),
        ("What are the main takeaways", .tool(.keyPoints)),
        ("Don't make it shorter, make it friendlier", .styles([.friendly], proofread: false)),
    ]

    @Test(arguments: mapped.indices)
    func mapsDocumentedInstructions(_ i: Int) throws {
        let (instruction, expected) = Self.mapped[i]
        #expect(try OfflineInstruction.interpret(instruction) == expected, "\(instruction)")
    }

    @Test(arguments: ["Make it longer", "translate into German", "make it rhyme", "write a poem about this", "more formal and friendlier", "", "asdf", "explain it like I'm five", "less concise", "make it less polished"])
    func othersNeedAModel(_ instruction: String) {
        #expect(throws: ToolError.unsupported(OfflineInstruction.unsupportedMessage(instruction))) {
            try OfflineInstruction.interpret(instruction)
        }
        let m = OfflineInstruction.unsupportedMessage(instruction)
        #expect(m.contains("needs a language model") && m.contains("Configure a language model"))
    }

    @Test func describeRunsTheMappedTool() throws {
        let text = try Fixture.text("recipe.txt")
        let viaDescribe = try render(ToolRequest(tool: .describeYourChange(instruction: "as a list"), text: text))
        let direct = try render(ToolRequest(tool: .list, text: text))
        #expect(viaDescribe == direct)
        let styled = try render(ToolRequest(tool: .describeYourChange(instruction: "make it more formal"), text: "Hey guys, it's gonna be fine!!"))
        #expect(styled.contains("Hello everyone, it is going to be fine!"))
    }
}
