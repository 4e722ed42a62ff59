import Foundation
import FuzzSupport
import WritingTools
import WritingToolsCLI
import DocumentStructure

/// Fuzz target: the offline Writing Tools on any text, as the command line runs them.
///
/// The first byte chooses the markup (bit 0: Markdown or plain text) and the tool (the rest,
/// modulo 3): `concise` and `list` through ``WritingToolsRunner`` (what `writing-tools concise`
/// and `writing-tools list` call), `proofread --fix` through the command itself, reading standard
/// input. Invariants: nothing traps; every range the session protects (code, links, URLs,
/// quotations…, ``WritingToolsSession/protectedRanges(of:markup:hostProtectedRanges:)``) comes
/// back byte-identical and in order in the new text; the offline engine never makes a result the
/// session must reject for changing protected text; List leaves the text itself unchanged.
@main
enum FuzzTools {
    static func main() {
        FuzzDriver.run(warmUp: { text in for language in WritingToolsChecker.installedLanguages { var request = ProofreadingRequest(text: text, language: language); request.level = .picky; _ = try? WritingToolsChecker().check(request) } }) { bytes in
            var input = FuzzInput(bytes)
            let choice = input.byte()
            let markdown = choice & 1 == 1
            let text = input.rest()
            let kind: MarkupKind = markdown ? .markdown : .plain
            let units = Array(text.utf16)
            let protected = WritingToolsSession.protectedRanges(of: text, markup: kind)
            switch (choice >> 1) % 3 {
            case 0: runTool(.concise, text, units, protected, markdown)
            case 1: runTool(.list, text, units, protected, markdown)
            default: fix(text, units, protected, markdown)
            }
        }
    }

    static func runTool(_ tool: WritingTool, _ text: String, _ units: [UInt16], _ protected: [NSRange], _ markdown: Bool) {
        let options: WritingToolsResultOptions = markdown ? [.plainText, .richText, .list, .table] : [.plainText]
        let run: WritingToolsRun
        do {
            run = try WritingToolsRunner().run(tool, text: text, markup: markdown ? .markdown : .plain, resultOptions: options)
        } catch let error as WritingToolsSessionError {
            if case .protectedTextChanged = error {
                FuzzCheck.fail("\(tool): the offline engine's result changed protected text: \(error)", text)
            }
            return
        } catch {
            FuzzCheck.fail("\(tool): unexpected error \(error)", text)
        }
        if tool.makesSeparateResult {
            FuzzCheck.require(run.text == text, "\(tool): the text changed, though the result is separate", text)
        } else if let missing = FuzzCheck.firstMissing(protected, of: units, in: Array(run.text.utf16)) {
            FuzzCheck.fail("\(tool): protected range \(missing) is not in the result \(run.text.debugDescription)", text)
        }
    }

    static func fix(_ text: String, _ units: [UInt16], _ protected: [NSRange], _ markdown: Bool) {
        let io = MemoryIO(input: [Data(text.utf8)])
        let code = WritingToolsCommand.run(["proofread", "--fix", "--markup", markdown ? "markdown" : "plain"], io: io)
        guard code == 0 || code == 1 else { return }
        if let missing = FuzzCheck.firstMissing(protected, of: units, in: Array(io.output.utf16)) {
            FuzzCheck.fail("proofread --fix: protected range \(missing) is not in the result \(io.output.debugDescription)", text)
        }
    }
}
