import Foundation
import WritingTools

/// The example's script: a proofreading session and a rewrite session in a ``CustomEditor``,
/// end to end with the built-in offline engine.
public enum CustomEditorDemo {
    /// The document the example starts with.
    public static let document = """
        Our editor keeps its text in a piece table. Teh coordinator talks to it through a delegate, and an user can review every change.
        We would like to basically ask you to kindly take a look at the attached document in order to make a decision.
        """

    /// What the script produced.
    public struct Outcome: Sendable {
        /// Every delegate call and user action, in order.
        public var transcript: [String]
        /// The text after the proofreading session.
        public var afterProofreading: String
        /// The text at the end.
        public var final: String
        /// The proofreading suggestions, with their final states.
        public var suggestions: [WritingToolsSession.Suggestion]
        /// Rewrite versions (`[0]` the original).
        public var versions: [String]
        /// Delegate calls and completion handlers called (equal: each exactly once).
        public var calls: Int, completions: Int
        /// Pieces in the table at the end, and code units appended to its add buffer.
        public var pieces: Int, addBuffer: Int
    }

    /// Runs the script.
    /// - Throws: ``WritingToolsSessionError`` if a session fails.
    @MainActor
    public static func run() async throws -> Outcome {
        let editor = CustomEditor(document)
        let c = editor.coordinator!

        // 1. Proofread the whole document: every correction is applied at once, then reviewed.
        editor.note("▶ startWritingTools(.proofread, scope: .fullDocument)")
        try await c.startWritingTools(.proofread, scope: .fullDocument)
        let suggestions = c.session?.suggestions ?? []
        for s in suggestions {
            editor.note("  suggestion \(s.id): \(CustomEditor.quote(s.originalText)) → \(CustomEditor.quote(s.replacement)) [\(s.ruleID)] \(s.explanation)")
        }
        // The user types while the session runs: the coordinator rebases the suggestions.
        editor.type("Note: ", over: NSRange(location: 0, length: 0))
        editor.note("▶ showNextSuggestion()")
        try await c.showNextSuggestion()
        if let first = c.session?.reviewedSuggestion {
            editor.note("▶ acceptSuggestion(\(first))")
            try await c.acceptSuggestion(first)
        }
        editor.note("▶ showNextSuggestion()")
        try await c.showNextSuggestion()
        if let id = c.session?.reviewedSuggestion {
            if let d = try await c.showDetails(forSuggestion: id) {
                editor.note("▶ showDetails(forSuggestion: \(id)) → \(d.explanation)")
            }
            editor.note("▶ rejectSuggestion(\(id))")
            try await c.rejectSuggestion(id)
        }
        editor.note("▶ finishWritingTools(accepting: true)")
        try await c.finishWritingTools(accepting: true)
        let reviewed = c.session?.suggestions ?? []
        let afterProofreading = editor.text

        // 2. Rewrite the second paragraph (Concise), toggle, type, accept.
        let second = (afterProofreading as NSString).range(of: "We would like")
        editor.selection = NSRange(location: second.location, length: afterProofreading.utf16.count - second.location)
        editor.note("▶ select the second paragraph; startWritingTools(.concise, scope: .userSelection)")
        try await c.startWritingTools(.concise, scope: .userSelection)
        editor.note("▶ showOriginal()")
        try await c.showOriginal()
        editor.note("▶ showRewritten()")
        try await c.showRewritten()
        let versions = c.session?.versions ?? []
        editor.note("▶ finishWritingTools(accepting: true)")
        try await c.finishWritingTools(accepting: true)
        return Outcome(transcript: editor.transcript, afterProofreading: afterProofreading, final: editor.text,
                       suggestions: reviewed, versions: versions, calls: editor.calls, completions: editor.completions,
                       pieces: editor.storage.pieces.count, addBuffer: editor.storage.addBufferLength)
    }
}
