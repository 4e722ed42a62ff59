import Foundation
import TextModel
import WritingToolsEngine

// The proofreading review of a ``WritingToolsSession``: the suggestions under review, their
// ranges (kept in a Fenwick tree of shifts), stepping through them, and how they are applied
// and taken back when the session ends. The session core (events, actions, the host) is in
// WritingToolsSession.swift; the composition edit stack in WritingToolsSession+Composition.swift.

extension WritingToolsSession {
    /// A proofreading suggestion under review (WebKit's `WTTextSuggestion`).
    public struct Suggestion: Sendable, Hashable, Identifiable {
        /// Review state (WebKit's `WTTextSuggestionState`, plus ``accepted``).
        public enum State: Sendable, Hashable {
            /// Applied (complete) or proposed (limited), not yet looked at.
            case pending
            /// Selected, its details shown.
            case reviewing
            /// Kept by the user.
            case accepted
            /// Undone by the user: its original text is back.
            case rejected
            /// The user edited its text, or the host refused it: no longer reviewable.
            case invalid
        }
        /// Stable within the session: the suggestion's position in document order, from 0.
        public let id: Int
        /// The text it replaces.
        public let originalText: String
        /// The text it puts in (what the host actually inserted, if it changed it).
        public internal(set) var replacement: String
        /// Why (the rule's message).
        public let explanation: String
        /// The rule (`SPELLING`, `EN_A_VS_AN`…).
        public let ruleID: String
        /// Its current UTF-16 range in the context text: over the replacement while applied, over
        /// the original otherwise.
        public internal(set) var range: NSRange
        /// Its state.
        public internal(set) var state: State
        /// True while the replacement (not the original) is in the text.
        public internal(set) var isApplied: Bool
    }

    /// What the user sees of a suggestion in the details popover.
    public struct SuggestionDetails: Sendable, Hashable {
        /// The suggestion's id.
        public var id: Int
        /// Its original text.
        public var originalText: String
        /// Its replacement.
        public var replacement: String
        /// Its explanation.
        public var explanation: String
        /// Its current UTF-16 range in the context.
        public var range: NSRange
    }

    /// Proofreading suggestions in document order, with their current ranges (built on each
    /// access: O(k log k); use ``suggestion(_:)`` for one).
    public var suggestions: [Suggestion] { store.indices.map { suggestion($0) } }
    /// The suggestion with this id, with its current range. O(log k).
    public func suggestion(_ id: Int) -> Suggestion {
        var s = store[id]
        s.range = rangeOf(id)
        return s
    }
    /// How many suggestions there are.
    public var suggestionCount: Int { store.count }

    func rangeOf(_ i: Int) -> NSRange {
        NSRange(location: store[i].range.location + shifts.prefix(i), length: store[i].range.length)
    }

    mutating func setRange(_ i: Int, _ r: NSRange) {
        store[i].range = NSRange(location: r.location - shifts.prefix(i), length: r.length)
    }

    /// Takes the engine's suggestions: the valid, disjoint ones inside ``range`` become the
    /// review's store; inline (`streaming`), each is applied, back to front.
    mutating func proofreadingFinished(_ events: [ToolEvent], streaming: Bool) {
        var found: [ProofreadingSuggestion] = []
        for case .suggestions(let batch) in events { found += batch }
        let n = units.count
        var accepted: [ProofreadingSuggestion] = []
        var lastEnd = -1
        var lastWasInsertionAt = -1
        // Ranges are widened to whole Characters (grapheme clusters) before anything else: an
        // edit starting at a combining mark, inside an emoji sequence or a flag replaces the
        // whole Character, with the same result (issue 35, break-it trial).
        let whole = found.isEmpty ? "" : text
        for var s in found.sorted(by: { ($0.range.location, $0.range.length) < ($1.range.location, $1.range.length) }) {
            guard s.range.location >= 0, s.range.length >= 0, NSMaxRange(s.range) <= n, isValid(s.range) else { continue }
            let w = whole.widenedToCharacters(s.range)
            if w != s.range {
                let before = content(NSRange(location: w.location, length: s.range.location - w.location))
                let after = content(NSRange(location: NSMaxRange(s.range), length: NSMaxRange(w) - NSMaxRange(s.range)))
                s.replacements = s.replacements.map { before + $0 + after }
                s.range = w
            }
            let r = s.range
            guard let replacement = s.replacements.first,
                  r.location >= range.location, NSMaxRange(r) <= NSMaxRange(range),
                  content(r) != replacement else { continue }
            if r.location < lastEnd || (r.length == 0 && r.location == lastWasInsertionAt) { continue }
            if let p = Self.violates(r, protected: protectedRanges) {
                queue.append(.emit(.finishAnimation(.anticipate, range)))
                queue.append(.emit(.fail(.protectedTextChanged(p))))
                endAfterFailure()
                return
            }
            accepted.append(s)
            lastEnd = NSMaxRange(r)
            if r.length == 0 { lastWasInsertionAt = r.location }
        }
        store = accepted.enumerated().map { i, s in
            Suggestion(id: i, originalText: content(s.range), replacement: s.replacements[0], explanation: s.message,
                       ruleID: s.ruleID, range: s.range, state: .pending, isApplied: false)
        }
        shifts = Fenwick(count: store.count)
        if streaming {
            queue.append(.emit(.finishAnimation(.anticipate, range)))
            for s in store.reversed() { queue.append(.edit(.suggestion(s.id, toReplacement: true), .interactive, animated: true)) }
            queue.append(.emit(.changeState(.interactiveResting)))
        }
    }

    mutating func step(forward: Bool) {
        // Ids are in document order: scan from the current one (amortised O(1) per step).
        let k = store.count
        guard k > 0 else { return }
        let reviewable: (Int) -> Bool = { [store] i in [.pending, .reviewing, .accepted].contains(store[i].state) }
        var i: Int
        if let cur = reviewedSuggestion ?? reviewCursor { i = forward ? cur + 1 : cur - 1 } else { i = forward ? 0 : k - 1 }
        for _ in 0..<k {
            i = (i % k + k) % k
            if reviewable(i) {
                review(i)
                queue.append(.emit(.select([rangeOf(i)])))
                return
            }
            i += forward ? 1 : -1
        }
    }

    mutating func review(_ id: Int) {
        if let cur = reviewedSuggestion, cur != id, store[cur].state == .reviewing { store[cur].state = .pending }
        if store[id].state == .pending { store[id].state = .reviewing }
        reviewedSuggestion = id
        reviewCursor = id
    }

    /// Plans the end of a proofreading session: inline, rejecting takes every applied
    /// suggestion back; in a panel, accepting applies the ones not rejected.
    mutating func planProofreadingFinish(accepting: Bool) {
        let editable = configuration.isEditable
        if interactive {
            if !accepting {
                for s in store.reversed() where s.isApplied && s.state != .invalid {
                    queue.append(.edit(.suggestion(s.id, toReplacement: false), .interactive, animated: false))
                }
            }
        } else if accepting && editable && configuration.behavior != .none {
            for s in store.reversed() where !s.isApplied && [.pending, .reviewing, .accepted].contains(s.state) {
                queue.append(.edit(.suggestion(s.id, toReplacement: true), .noninteractive, animated: false))
            }
        }
    }
}

/// A Fenwick tree of range shifts: `add(i, d)` shifts every index ≥ i by d; `prefix(i)` is the
/// total shift of index i. Both O(log n).
struct Fenwick: Sendable {
    var tree: [Int]
    init(count: Int) { tree = Array(repeating: 0, count: count + 1) }
    mutating func add(_ index: Int, _ delta: Int) {
        var i = index + 1
        while i < tree.count { tree[i] += delta; i += i & (-i) }
    }
    func prefix(_ index: Int) -> Int {
        var i = index + 1, sum = 0
        while i > 0 { sum += tree[i]; i -= i & (-i) }
        return sum
    }
}
