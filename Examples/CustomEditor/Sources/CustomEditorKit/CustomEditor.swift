import Foundation
import WritingTools

/// The example's editor: a ``PieceTable`` with a selection, hosting Writing Tools through a
/// ``WritingToolsCoordinator`` whose ``WritingToolsCoordinator/Delegate`` it adopts, as a custom
/// text engine on Apple platforms adopts `UIWritingToolsCoordinator.Delegate`.
///
/// Every delegate call is written to ``transcript`` and answered through its completion handler,
/// exactly once. Ranges the coordinator sends are relative to the context's text; the editor adds
/// the context's offset in its storage (``contextOffset``).
@MainActor
public final class CustomEditor: WritingToolsCoordinator.Delegate {
    /// The text engine.
    public private(set) var storage: PieceTable
    /// The selection, UTF-16 range of the storage.
    public var selection: NSRange
    /// The coordinator (created with the editor, as Apple recommends: during initialisation).
    public private(set) var coordinator: WritingToolsCoordinator!
    /// Every delegate call, in order, with what the editor answered; lines starting with `▶`
    /// are the user's actions that caused them.
    public private(set) var transcript: [String] = []
    /// How many delegate calls came, and how many completion handlers the editor called.
    public private(set) var calls = 0, completions = 0
    /// Where the current context starts in the storage (UTF-16).
    public private(set) var contextOffset = 0
    /// Ranges hidden for a running text animation (context offsets), as a drawing editor would.
    public private(set) var hiddenRanges: [NSRange] = []

    /// Creates an editor holding `text`, with its coordinator on the built-in offline engine.
    public init(_ text: String) {
        storage = PieceTable(text)
        selection = NSRange(location: 0, length: 0)
        coordinator = WritingToolsCoordinator(delegate: self)
    }

    /// The whole text.
    public var text: String { storage.text }

    /// Records a line of the transcript (the user's actions).
    public func note(_ line: String) { transcript.append(line) }

    /// The user types `text` over `range` of the storage; during a session the coordinator hears
    /// of it (Apple: `updateRange(_:with:reason:forContextWithIdentifier:)`).
    public func type(_ text: String, over range: NSRange) {
        storage.replace(range, with: text)
        if let context = coordinator.currentContext, coordinator.state != .inactive {
            let local = NSRange(location: range.location - contextOffset, length: range.length)
            coordinator.updateRange(local, with: AttributedString(text), reason: .typing, forContextWithIdentifier: context.identifier)
            transcript.append("▶ user types \(Self.quote(text)) over \(Self.show(local)) → updateRange(.typing)")
        }
    }

    // MARK: WritingToolsCoordinator.Delegate

    /// Hands over one context: the whole text, or for `.userSelection` the selection's
    /// paragraph(s) with the selection as its range.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                        requestsContextsFor scope: WritingToolsCoordinator.ContextScope,
                                        completion: @escaping @MainActor @Sendable ([WritingToolsCoordinator.Context]) -> Void) {
        calls += 1
        let all = NSRange(location: 0, length: storage.length)
        let contextRange: NSRange
        let range: NSRange
        switch scope {
        case .fullDocument, .visibleArea:
            contextRange = all
            range = all
        case .userSelection:
            // The selection plus its paragraph(s); the context's range is the selection.
            contextRange = paragraphs(around: selection)
            range = NSRange(location: selection.location - contextRange.location, length: selection.length)
        }
        contextOffset = contextRange.location
        let context = WritingToolsCoordinator.Context(attributedString: AttributedString(storage.substring(contextRange)), range: range)
        transcript.append("requestsContextsFor(.\(scope)) → context = storage \(Self.show(contextRange)), range \(Self.show(range))")
        complete { completion([context]) }
    }

    /// Puts the proposed text into the piece table at the context's offset and completes with
    /// it unchanged.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator, replace range: NSRange,
                                        in context: WritingToolsCoordinator.Context, proposedText replacementText: AttributedString,
                                        reason: WritingToolsCoordinator.TextReplacementReason,
                                        animationParameters: WritingToolsCoordinator.AnimationParameters?,
                                        completion: @escaping @MainActor @Sendable (AttributedString?) -> Void) {
        calls += 1
        let proposed = String(replacementText.characters)
        let inStorage = NSRange(location: range.location + contextOffset, length: range.length)
        let old = storage.substring(inStorage)
        storage.replace(inStorage, with: proposed)
        transcript.append("replace(\(Self.show(range)) \(Self.quote(old)) → \(Self.quote(proposed)), .\(reason)"
                          + (animationParameters == nil ? "" : ", animated") + ") → inserted as proposed")
        complete { completion(replacementText) }
    }

    /// Moves the selection to the first range.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator, select ranges: [NSRange],
                                        in context: WritingToolsCoordinator.Context, completion: @escaping @MainActor @Sendable () -> Void) {
        calls += 1
        if let first = ranges.first { selection = NSRange(location: first.location + contextOffset, length: first.length) }
        transcript.append("select(\(ranges.map(Self.show).joined(separator: ", "))) → \(Self.quote(storage.substring(selection)))")
        complete { completion() }
    }

    /// Notes the state change.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                        willChangeTo newState: WritingToolsCoordinator.State,
                                        completion: @escaping @MainActor @Sendable () -> Void) {
        calls += 1
        transcript.append("willChangeTo(.\(newState))")
        complete { completion() }
    }

    /// Hides the range for the animation (recorded in ``hiddenRanges``).
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                        prepareFor textAnimation: WritingToolsCoordinator.TextAnimation, for range: NSRange,
                                        in context: WritingToolsCoordinator.Context, completion: @escaping @MainActor @Sendable () -> Void) {
        calls += 1
        hiddenRanges.append(range)
        transcript.append("prepareFor(.\(textAnimation), \(Self.show(range)))")
        complete { completion() }
    }

    /// Shows the range again.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                        finish textAnimation: WritingToolsCoordinator.TextAnimation, for range: NSRange,
                                        in context: WritingToolsCoordinator.Context, completion: @escaping @MainActor @Sendable () -> Void) {
        calls += 1
        if !hiddenRanges.isEmpty { hiddenRanges.removeLast() }
        transcript.append("finish(.\(textAnimation), \(Self.show(range)))")
        complete { completion() }
    }

    // MARK: Helpers

    private func complete(_ body: () -> Void) {
        completions += 1
        body()
    }

    /// The lines (paragraphs) that `range` touches, as a storage range.
    private func paragraphs(around range: NSRange) -> NSRange {
        let units = storage.units(in: NSRange(location: 0, length: storage.length))
        var start = min(range.location, units.count)
        while start > 0, units[start - 1] != 10 { start -= 1 }
        var end = min(NSMaxRange(range), units.count)
        while end < units.count, units[end] != 10 { end += 1 }
        return NSRange(location: start, length: end - start)
    }

    /// `[location, end)`.
    static func show(_ r: NSRange) -> String { "[\(r.location),\(NSMaxRange(r)))" }

    /// The text in quotes, shortened to 40 characters.
    static func quote(_ s: String) -> String {
        let flat = s.replacingOccurrences(of: "\n", with: "\\n")
        return "\"" + (flat.count > 40 ? String(flat.prefix(37)) + "…" : flat) + "\""
    }
}
