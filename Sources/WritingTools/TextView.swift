import Foundation
import TextModel
import WritingToolsEngine

/// An undo manager with groups, for hosts on Linux (Foundation there has no `UndoManager`).
///
/// Actions registered between ``beginUndoGrouping()`` and ``endUndoGrouping()`` form one group;
/// ``undo()`` runs the last group's actions in reverse order. Actions registered while undoing
/// go to the redo stack, and the other way round, as Foundation's `UndoManager` does. An action
/// registered outside a group is a group of its own.
@MainActor
public final class WritingToolsUndoManager {
    private var undoStack: [[@MainActor () -> Void]] = []
    private var redoStack: [[@MainActor () -> Void]] = []
    private var open: [[@MainActor () -> Void]] = []
    private var undoing = false
    private var redoing = false

    /// Creates an empty undo manager.
    public init() {}

    /// True when there is a group to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// True when there is a group to redo.
    public var canRedo: Bool { !redoStack.isEmpty }
    /// How many groups can be undone.
    public var undoCount: Int { undoStack.count }

    /// Opens a group (groups nest; the outermost one is what ``undo()`` reverts).
    public func beginUndoGrouping() { open.append([]) }

    /// Closes the innermost group; an empty group is dropped.
    public func endUndoGrouping() {
        guard let group = open.popLast() else { return }
        if open.isEmpty {
            if !group.isEmpty { push(group) }
        } else {
            open[open.count - 1] += group
        }
    }

    /// Registers the action that undoes a change just made.
    public func registerUndo(_ action: @escaping @MainActor () -> Void) {
        if !open.isEmpty, !undoing, !redoing {
            open[open.count - 1].append(action)
        } else {
            push([action])
        }
    }

    private func push(_ group: [@MainActor () -> Void]) {
        if undoing {
            redoStack.append(group)
        } else {
            undoStack.append(group)
            if !redoing { redoStack.removeAll() }
        }
    }

    /// Undoes the last group. Returns false when there was nothing to undo.
    @discardableResult
    public func undo() -> Bool {
        guard let group = undoStack.popLast() else { return false }
        undoing = true
        for action in group.reversed() { action() }
        undoing = false
        return true
    }

    /// Redoes the last undone group. Returns false when there was nothing to redo.
    @discardableResult
    public func redo() -> Bool {
        guard let group = redoStack.popLast() else { return false }
        redoing = true
        for action in group.reversed() { action() }
        redoing = false
        return true
    }
}

/// The delegate of a ``TextView`` (Apple: the Writing Tools methods of `UITextViewDelegate` /
/// `NSTextViewDelegate`, reference §1.4–§1.5). All methods have defaults.
@MainActor
public protocol TextViewDelegate: AnyObject {
    /// Writing Tools is about to change the text: pause saving and syncing. ``TextView/isWritingToolsActive``
    /// is still false here.
    func textViewWritingToolsWillBegin(_ textView: TextView)
    /// Writing Tools has finished: resume saving and syncing. ``TextView/isWritingToolsActive``
    /// is still true here and false after this returns.
    func textViewWritingToolsDidEnd(_ textView: TextView)
    /// Ranges of `enclosingRange` that Writing Tools must not change, **relative to
    /// `enclosingRange`** (UTF-16; Apple's header and WWDC code say so; returning absolute storage
    /// ranges is the common bug). `[NSRange]` rather than Apple's `[NSValue]`: no boxing needed.
    /// Ranges are clamped to `0..<enclosingRange.length`; an empty array ignores nothing.
    func textView(_ textView: TextView, writingToolsIgnoredRangesInEnclosingRange enclosingRange: NSRange) -> [NSRange]
}

extension TextViewDelegate {
    /// Default: nothing.
    public func textViewWritingToolsWillBegin(_ textView: TextView) {}
    /// Default: nothing.
    public func textViewWritingToolsDidEnd(_ textView: TextView) {}
    /// Default: nothing ignored.
    public func textView(_ textView: TextView, writingToolsIgnoredRangesInEnclosingRange enclosingRange: NSRange) -> [NSRange] { [] }
}

/// A headless text view that hosts a ``WritingToolsCoordinator`` for you (the `UITextView` /
/// `NSTextView` analogue, reference §1.4): text storage, selection, editability, Writing Tools
/// settings, a delegate, and one undo group per session.
///
/// While a session is active (``isWritingToolsActive``), programmatic edits through
/// ``replaceCharacters(in:with:)`` and ``setText(_:)`` throw
/// ``WritingToolsSessionError/textViewBusy``: changing storage under Writing Tools is the first
/// common mistake of the integration guides, made impossible here. Type through
/// ``userReplaceCharacters(in:with:)`` instead: it is reported to the session with `updateRange`.
@MainActor
public final class TextView: WritingToolsCoordinator.Delegate {
    /// The text storage.
    public private(set) var text: AttributedString
    /// The selection, UTF-16 (clamped to the text when set).
    public var selectedRange: NSRange {
        didSet { selectedRange = Self.clamp(selectedRange, to: length) }
    }
    /// False for read-only text: Writing Tools offers results to copy, never applies them.
    public var isEditable: Bool = true {
        didSet { coordinator.isEditable = isEditable }
    }
    /// True for a rich-text view; a plain-text view refuses rich result options.
    public let allowsRichText: Bool
    /// How the text is written (Markdown code, links… are protected).
    public var documentMarkup: DocumentMarkup {
        get { coordinator.documentMarkup }
        set { coordinator.documentMarkup = newValue }
    }
    /// The delegate.
    public weak var delegate: (any TextViewDelegate)?
    /// The view's coordinator (Apple: `UITextView.writingToolsCoordinator`).
    public let coordinator: WritingToolsCoordinator
    /// The view's undo manager: one group per Writing Tools session.
    public let undoManager = WritingToolsUndoManager()
    /// True after ``TextViewDelegate/textViewWritingToolsWillBegin(_:)`` returns until
    /// ``TextViewDelegate/textViewWritingToolsDidEnd(_:)`` returns (Apple's header).
    public private(set) var isWritingToolsActive = false

    private var snapshotAtBegin: AttributedString?

    /// The behaviour (Apple: `UITextView.writingToolsBehavior`): never `.default`. Setting
    /// `.default` stores its resolution (``WritingToolsBehavior/resolved(isEditable:)``).
    public var writingToolsBehavior: WritingToolsBehavior {
        get { coordinator.behavior }
        set { coordinator.preferredBehavior = newValue == .default ? .complete : newValue }
    }

    /// The result options this view accepts (Apple: `allowedWritingToolsResultOptions`).
    ///
    /// A plain-text view (``allowsRichText`` false) accepts only `[]` or `[.plainText]`:
    /// setting rich-text-only options such as `.table`, `.list`, `.richText` or
    /// `.presentationIntent` is a programmer error and stops with a precondition failure, as
    /// `UITextView` raises `NSInvalidArgumentException` for `.table`.
    public var allowedWritingToolsResultOptions: WritingToolsResultOptions {
        get { coordinator.preferredResultOptions.isEmpty ? coordinator.resultOptions : coordinator.preferredResultOptions }
        set {
            precondition(allowsRichText || !newValue.requiresRichText,
                         "TextView: a plain-text view cannot accept \(newValue.rawValue) (rich text, lists, tables or presentation intents); use [.plainText] or make the view rich text")
            coordinator.preferredResultOptions = newValue
        }
    }

    /// Creates a view with `text`; plain-text views get `[.plainText]` results.
    /// - Parameter engine: runs the tools (default: the offline `BuiltInToolEngine`).
    public init(text: AttributedString = AttributedString(), allowsRichText: Bool = true, engine: any ToolEngine = BuiltInToolEngine()) {
        self.text = text
        self.allowsRichText = allowsRichText
        self.selectedRange = NSRange(location: 0, length: 0)
        self.coordinator = WritingToolsCoordinator(delegate: nil, engine: engine)
        self.coordinator.attach(self)
        if !allowsRichText { coordinator.preferredResultOptions = [.plainText] }
    }

    /// Creates a view with plain `text`.
    public convenience init(_ text: String, allowsRichText: Bool = true, engine: any ToolEngine = BuiltInToolEngine()) {
        self.init(text: AttributedString(text), allowsRichText: allowsRichText, engine: engine)
    }

    /// The text as a `String`.
    public var string: String { text.plainString }
    /// Length in UTF-16 units.
    public var length: Int { string.utf16.count }

    /// Replaces the whole text (an undoable programmatic edit).
    /// - Throws: ``WritingToolsSessionError/textViewBusy`` while Writing Tools is active.
    public func setText(_ newText: AttributedString) throws {
        guard !isWritingToolsActive else { throw WritingToolsSessionError.textViewBusy }
        let old = text
        text = newText
        registerRestore(old)
        selectedRange = Self.clamp(selectedRange, to: length)
    }

    /// Replaces `range` (UTF-16) with `replacement` (an undoable programmatic edit).
    /// - Throws: ``WritingToolsSessionError/textViewBusy`` while Writing Tools is active;
    ///   ``TextEditError/invalidRange(_:textLength:)`` for a range outside the text.
    public func replaceCharacters(in range: NSRange, with replacement: String) throws {
        guard !isWritingToolsActive else { throw WritingToolsSessionError.textViewBusy }
        let old = text
        try replaceStorage(range, AttributedString(replacement))
        registerRestore(old)
    }

    /// A user's typing: allowed during a session, and reported to it with
    /// `updateRange(_:with:reason:forContextWithIdentifier:)` so that suggestions are rebased
    /// (a suggestion whose text the user changed becomes invalid).
    /// - Throws: ``TextEditError/invalidRange(_:textLength:)`` for a range outside the text.
    public func userReplaceCharacters(in range: NSRange, with replacement: String) throws {
        let old = text
        try replaceStorage(range, AttributedString(replacement))
        if isWritingToolsActive, let ctx = coordinator.currentContext {
            let local = NSRange(location: range.location - contextOffset, length: range.length)
            coordinator.updateRange(local, with: AttributedString(replacement), reason: .typing, forContextWithIdentifier: ctx.identifier)
        } else {
            registerRestore(old)
        }
    }

    private func registerRestore(_ old: AttributedString) {
        undoManager.registerUndo { [weak self] in
            guard let self else { return }
            let current = self.text
            self.text = old
            self.selectedRange = Self.clamp(self.selectedRange, to: self.length)
            self.registerRestore(current)
        }
    }

    private func replaceStorage(_ range: NSRange, _ replacement: AttributedString) throws {
        let s = string
        guard range.location >= 0, range.length >= 0, NSMaxRange(range) <= s.utf16.count,
              let lower = index(at: range.location), let upper = index(at: NSMaxRange(range)) else {
            throw TextEditError.invalidRange(range, textLength: s.utf16.count)
        }
        text.replaceSubrange(lower..<upper, with: replacement)
    }

    private func index(at utf16Offset: Int) -> AttributedString.Index? {
        // Walk characters; offsets inside a character are not addressable in AttributedString.
        var offset = 0
        var i = text.startIndex
        while offset < utf16Offset {
            guard i < text.endIndex else { return nil }
            offset += String(text.characters[i]).utf16.count
            i = text.characters.index(after: i)
        }
        return offset == utf16Offset ? i : nil
    }

    private static func clamp(_ r: NSRange, to n: Int) -> NSRange {
        let l = min(max(0, r.location), n)
        return NSRange(location: l, length: min(max(0, r.length), n - l))
    }

    // MARK: Coordinator delegate

    private var contextOffset = 0

    /// Hands over the text: for ``WritingToolsCoordinator/ContextScope/userSelection`` with a
    /// selection, the paragraphs around it with `range` = the selection; otherwise the whole
    /// text. The delegate's ignored ranges become ``WritingToolsExclusionAttribute`` runs.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                        requestsContextsFor scope: WritingToolsCoordinator.ContextScope,
                                        completion: @escaping @MainActor @Sendable ([WritingToolsCoordinator.Context]) -> Void) {
        let s = string
        let units = Array(s.utf16)
        var enclosing = NSRange(location: 0, length: units.count)
        var range = NSRange(location: 0, length: units.count)
        if scope == .userSelection, selectedRange.length > 0 {
            var start = selectedRange.location
            while start > 0, units[start - 1] != 10 { start -= 1 }
            var end = NSMaxRange(selectedRange)
            while end < units.count, units[end] != 10 { end += 1 }
            enclosing = NSRange(location: start, length: end - start)
            range = NSRange(location: selectedRange.location - start, length: selectedRange.length)
        }
        guard let lower = index(at: enclosing.location), let upper = index(at: NSMaxRange(enclosing)) else { return completion([]) }
        var sub = AttributedString(text[lower..<upper])
        for r in delegate?.textView(self, writingToolsIgnoredRangesInEnclosingRange: enclosing) ?? [] {
            let c = Self.clamp(r, to: enclosing.length)
            guard c.length > 0 else { continue }
            let local = TextView(text: sub)
            if let a = local.index(at: c.location), let b = local.index(at: NSMaxRange(c)) {
                sub[a..<b][WritingToolsExclusionAttribute.self] = true
            }
        }
        contextOffset = enclosing.location
        completion([WritingToolsCoordinator.Context(attributedString: sub, range: range)])
    }

    /// Applies the replacement to storage (at the context's offset) and completes with it.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator, replace range: NSRange,
                                        in context: WritingToolsCoordinator.Context, proposedText replacementText: AttributedString,
                                        reason: WritingToolsCoordinator.TextReplacementReason,
                                        animationParameters: WritingToolsCoordinator.AnimationParameters?,
                                        completion: @escaping @MainActor @Sendable (AttributedString?) -> Void) {
        do {
            try replaceStorage(NSRange(location: range.location + contextOffset, length: range.length), replacementText)
            completion(replacementText)
        } catch {
            completion(nil)
        }
    }

    /// Sets the selection to the first range (the view has one selection).
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator, select ranges: [NSRange],
                                        in context: WritingToolsCoordinator.Context, completion: @escaping @MainActor @Sendable () -> Void) {
        if let r = ranges.first { selectedRange = NSRange(location: r.location + contextOffset, length: r.length) }
        completion()
    }

    /// Calls the view delegate's will-begin / did-end around the session and keeps one undo
    /// group per session.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                        willChangeTo newState: WritingToolsCoordinator.State,
                                        completion: @escaping @MainActor @Sendable () -> Void) {
        if writingToolsCoordinator.state == .inactive, newState != .inactive {
            snapshotAtBegin = text
            delegate?.textViewWritingToolsWillBegin(self)
            isWritingToolsActive = true
        } else if newState == .inactive {
            delegate?.textViewWritingToolsDidEnd(self)
            isWritingToolsActive = false
            if let before = snapshotAtBegin, before != text {
                undoManager.beginUndoGrouping()
                registerRestore(before)
                undoManager.endUndoGrouping()
            }
            snapshotAtBegin = nil
        }
        completion()
    }

    /// Nothing to draw headless; completes at once.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator, prepareFor textAnimation: WritingToolsCoordinator.TextAnimation,
                                        for range: NSRange, in context: WritingToolsCoordinator.Context,
                                        completion: @escaping @MainActor @Sendable () -> Void) { completion() }

    /// Nothing to draw headless; completes at once.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator, finish textAnimation: WritingToolsCoordinator.TextAnimation,
                                        for range: NSRange, in context: WritingToolsCoordinator.Context,
                                        completion: @escaping @MainActor @Sendable () -> Void) { completion() }
}

extension WritingToolsCoordinator {
    /// Sets the delegate after initialisation (for a view that owns its coordinator).
    func attach(_ delegate: any Delegate) { self.delegate = delegate }
}
