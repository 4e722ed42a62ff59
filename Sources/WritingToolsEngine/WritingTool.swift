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
}
