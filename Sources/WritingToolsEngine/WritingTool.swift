import Foundation

/// The Writing Tools, as Apple's system offers them (see reference/apple-writing-tools-api.md):
/// Proofread, the rewrite family, the summarising family, and a free instruction.
public enum WritingTool: Hashable, Sendable, CustomStringConvertible {
    /// Fix spelling, grammar and punctuation; each fix is a reviewable suggestion.
    case proofread
    /// Improve the phrasing.
    case rewrite
    /// Rewrite in a friendlier tone.
    case friendly
    /// Rewrite in a more professional tone.
    case professional
    /// Shorten.
    case concise
    /// A short summary.
    case summary
    /// The main points as a list.
    case keyPoints
    /// The text turned into a list.
    case list
    /// The text turned into a table.
    case table
    /// A change the user describes in their own words ("Describe your change").
    case describeYourChange(instruction: String)

    /// The command-line name of the tool (`key-points`, `describe`).
    public var commandName: String {
        switch self {
        case .proofread: return "proofread"
        case .rewrite: return "rewrite"
        case .friendly: return "friendly"
        case .professional: return "professional"
        case .concise: return "concise"
        case .summary: return "summary"
        case .keyPoints: return "key-points"
        case .list: return "list"
        case .table: return "table"
        case .describeYourChange: return "describe"
        }
    }

    public var description: String { commandName }

    /// True when the tool makes a separate result to insert rather than a new version of the text:
    /// Summary, Key Points, List and Table, and an instruction the offline engine reads as one of
    /// them (“summarize this”, “as a table”; ``OfflineInstruction/interpret(_:)``). A language
    /// model may answer an instruction it alone understands either way. Follows Apple's split of
    /// Writing Tools into rewrites (`WritingToolsResultOptions`) and summaries, key points, lists
    /// and tables.
    public var makesSeparateResult: Bool {
        switch self {
        case .summary, .keyPoints, .list, .table: return true
        case .proofread, .rewrite, .friendly, .professional, .concise: return false
        case let .describeYourChange(instruction):
            if case let .tool(tool)? = try? OfflineInstruction.interpret(instruction) { return tool.makesSeparateResult }
            return false
        }
    }

    /// True when the tool's result is a table: Table itself, or an instruction that asks for one
    /// (“as a table”, “make a table of this”). A host that can show tables offers
    /// `.table` in its result options for such a run, as for the Table tool (Apple's
    /// `allowedWritingToolsResultOptions`).
    public var asksForTable: Bool {
        switch self {
        case .table: return true
        case let .describeYourChange(instruction):
            if case .tool(.table)? = try? OfflineInstruction.interpret(instruction) { return true }
            return instruction.lowercased().split(whereSeparator: { !$0.isLetter }).contains { $0 == "table" || $0 == "tabular" }
        default: return false
        }
    }
}
