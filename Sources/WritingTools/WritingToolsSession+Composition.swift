import Foundation
import TextModel
import WritingToolsEngine

// The composition edit stack of a ``WritingToolsSession`` (Rewrite, Friendly, Professional,
// Concise, Describe-your-change): taking a rewrite as a new version, checking that it keeps
// every protected span byte-identical, mapping it onto the unprotected gaps of ``range``, and
// the request for a refinement of a rewrite not shown. The session core is in
// WritingToolsSession.swift; the proofreading review in WritingToolsSession+Proofreading.swift.

extension WritingToolsSession {
    /// A request over the text as it would be with the last rewrite in ``range`` (a refinement
    /// in the panel, where the rewrite is not in the host's text): protected ranges inside the
    /// range are found in the rewrite, those after it shifted.
    func virtualRequest(tool: WritingTool) -> ToolRequest? {
        guard let last = versions.last, let pieces = gaps(target: last) else { return nil }
        let newText = (try? text.applying([TextEdit(range: range, replacement: last)])) ?? text
        let delta = last.utf16.count - range.length
        var prot: [NSRange] = []
        for p in protectedRanges {
            if NSMaxRange(p) <= range.location { prot.append(p) }
            else if p.location >= NSMaxRange(range) { prot.append(NSRange(location: p.location + delta, length: p.length)) }
            else {
                if p.location < range.location { prot.append(NSRange(location: p.location, length: range.location - p.location)) }
                if NSMaxRange(p) > NSMaxRange(range) { prot.append(NSRange(location: NSMaxRange(range) + delta, length: NSMaxRange(p) - NSMaxRange(range))) }
            }
        }
        // Inside: piece i of the target is followed by protected piece i.
        var cursor = range.location
        let g = currentGaps()
        for i in 0..<(pieces.count - 1) {
            cursor += pieces[i].1.utf16.count
            let len = g[i + 1].location - NSMaxRange(g[i])
            prot.append(NSRange(location: cursor, length: len))
            cursor += len
        }
        var req = request(tool: tool)
        req.text = newText
        req.range = NSRange(location: range.location, length: last.utf16.count)
        req.protectedRanges = Self.merge(prot)
        return req
    }

    /// Takes the engine's rewrite as a new version of ``range`` (or its result, for
    /// Describe-your-change asking for one); inline (`streaming`), shows it.
    mutating func compositionFinished(_ events: [ToolEvent], streaming: Bool) {
        var chunks: [String] = []
        for case .rewrittenText(let t) in events { chunks.append(t) }
        if chunks.isEmpty {
            // No new text. A result (Describe-your-change mapped to List, Table, Summary or
            // Key Points) is handed over like a result tool's; anything else is a failure,
            // never an empty replacement of the user's text.
            if let r = events.compactMap({ if case .result(let r) = $0 { return r }; return nil }).last {
                if streaming { queue.append(.emit(.finishAnimation(.anticipate, range))) }
                guard acceptResult(r) else { return }
                if streaming { queue.append(.emit(.changeState(.interactiveResting))) }
                return
            }
            if streaming { queue.append(.emit(.finishAnimation(.anticipate, range))) }
            queue.append(.emit(.fail(.engineFailed("the engine returned no text for \(configuration.tool.commandName); the text is unchanged"))))
            if versions.isEmpty { endAfterFailure() } else if streaming {
                // Back to the rewrite under review, as after a failed run.
                if shownVersion != versions.count - 1 { queue.append(.applyVersion(versions.count - 1, chunks: nil, .interactive, animated: true)) }
                queue.append(.emit(.changeState(.interactiveResting)))
            }
            return
        }
        var edits: [ProofreadingSuggestion] = []
        for case .rewriteEdits(let e) in events { edits += e }
        let v = chunks.joined()
        // The new text replaces the whole working range; its protected pieces must all be there.
        if let p = alignmentViolation(target: v) {
            if streaming { queue.append(.emit(.finishAnimation(.anticipate, range))) }
            queue.append(.emit(.fail(.protectedTextChanged(p))))
            if versions.isEmpty { endAfterFailure() } else if streaming {
                // Back to what was shown before the failed run.
                if shownVersion != versions.count - 1 { queue.append(.applyVersion(versions.count - 1, chunks: nil, .interactive, animated: true)) }
                queue.append(.emit(.changeState(.interactiveResting)))
            }
            return
        }
        if versions.isEmpty { versions = [content(range)] }
        versions.append(v)
        rewriteEdits = edits
        if streaming {
            queue.append(.emit(.finishAnimation(.anticipate, range)))
            queue.append(.applyVersion(versions.count - 1, chunks: chunks, .interactive, animated: true))
            queue.append(.emit(.changeState(.interactiveResting)))
            queue.append(.selectRange)
        }
    }

    /// Checks that `target` keeps every protected range inside ``range`` byte-identical, in
    /// order, exactly once, when it replaces the text now in ``range``. Returns the violated range.
    ///
    /// By position, not only by string: the protected texts must be found in `target` in order
    /// (``gaps(target:)``), and the word diff from the text now in ``range`` to `target` must
    /// leave every protected range untouched. A rewrite that deletes one of two protected
    /// "very"s where the text has a third, unprotected one finds "very" twice in order, but its
    /// diff deletes a protected one: refused. Where the smallest diff could be read two ways
    /// ("very very" less one "very", the second protected), the reading that keeps the protected
    /// texts in place wins when it changes no more words.
    func alignmentViolation(target: String) -> NSRange? {
        guard let pieces = gaps(target: target) else {
            return protectedRanges.first { NSIntersectionRange($0, range).length > 0 } ?? range
        }
        for (gapRange, _) in pieces {
            if let p = Self.violates(gapRange, protected: protectedRanges) { return p }
        }
        let inside = protectedRanges.filter { NSIntersectionRange($0, range).length > 0 }
        guard !inside.isEmpty else { return nil }
        let relative = inside.map { p -> NSRange in
            let i = NSIntersectionRange(p, range)
            return NSRange(location: i.location - range.location, length: i.length)
        }
        // A change the alignment around the protected texts makes with no more words than the
        // smallest diff is as good a reading of the rewrite, and keeps them where they are:
        // deleting one "very" of "very very//x" (the second one protected) is a deletion of the
        // first (a fuzzing find: the smallest diff may pick either).
        let current = content(range)
        let aligned = pieces.reduce(0) { sum, piece in
            sum + WordDiff.changedTokenCount(from: String(decoding: units[piece.0.location..<NSMaxRange(piece.0)], as: UTF16.self), to: piece.1)
        }
        if aligned <= WordDiff.changedTokenCount(from: current, to: target) { return nil }
        for edit in WordDiff.edits(from: current, to: target) {
            if let k = relative.firstIndex(where: { Self.violates(edit.range, protected: [$0]) != nil }) { return inside[k] }
        }
        return nil
    }

    /// The unprotected gaps of ``range`` in the current text, in order (one more than the
    /// protected ranges inside it).
    func currentGaps() -> [NSRange] {
        var out: [NSRange] = []
        var cursor = range.location
        for p in protectedRanges {
            let i = NSIntersectionRange(p, range)
            guard i.length > 0 else { continue }
            out.append(NSRange(location: cursor, length: i.location - cursor))
            cursor = NSMaxRange(i)
        }
        out.append(NSRange(location: cursor, length: NSMaxRange(range) - cursor))
        return out
    }

    /// The unprotected gaps of ``range`` in the current text, each with the text `target` puts
    /// there; nil when `target` does not contain the protected texts in order.
    func gaps(target: String) -> [(NSRange, String)]? {
        let t = Array(target.utf16)
        let g = currentGaps()
        var out: [(NSRange, String)] = []
        var cursorTarget = 0
        for i in 0..<(g.count - 1) {
            let p = NSRange(location: NSMaxRange(g[i]), length: g[i + 1].location - NSMaxRange(g[i]))
            let needle = Array(units[p.location..<NSMaxRange(p)])
            guard let found = Self.find(needle, in: t, from: cursorTarget) else { return nil }
            out.append((g[i], String(decoding: t[cursorTarget..<found], as: UTF16.self)))
            cursorTarget = found + needle.count
        }
        out.append((g[g.count - 1], String(decoding: t[cursorTarget...], as: UTF16.self)))
        return out
    }

    static func find(_ needle: [UInt16], in hay: [UInt16], from: Int) -> Int? {
        guard !needle.isEmpty else { return from }
        guard hay.count >= needle.count else { return nil }
        var i = from
        while i + needle.count <= hay.count {
            if hay[i] == needle[0] && Array(hay[i..<i + needle.count]) == needle { return i }
            i += 1
        }
        return nil
    }

    /// Carries a host edit (`r` replaced by `t`, UTF-16 of the text before it; it touches
    /// ``range``) into every version not shown, so that the user's typing is never lost: show
    /// original, rewrite again and cancelling give the original *with* the host's edits, as a
    /// proofreading session does (break-it trial, session 49). Call it before the edit is made.
    ///
    /// Where the edit falls on text the shown version and the other one share, it is made there
    /// as it is; where it touches a span in which they differ (a word the rewrite changed), the
    /// whole span takes the host's text in both, as a proofreading suggestion the host edited
    /// keeps what the host left. An edit across a bound of ``range`` is taken in whole (the
    /// range grows over it, as ``RangeTracker`` moves it).
    mutating func carryHostEdit(_ r: NSRange, _ t: String) {
        let w0 = min(range.location, r.location), w1 = max(NSMaxRange(range), NSMaxRange(r))
        guard w0 >= 0, w1 <= units.count, w0 <= range.location else { return }
        let before = Array(units[w0..<range.location]), after = Array(units[NSMaxRange(range)..<w1])
        let shown = content(range)
        let shownUnits = Array(shown.utf16)
        let a = r.location - w0, b = NSMaxRange(r) - w0
        let inserted = Array(t.utf16)
        let window = before + shownUnits + after
        for i in versions.indices where i != shownVersion {
            let other = versions[i]
            // Spans where they differ, as ranges of the shown text (window offsets) and of the other.
            var spans: [(shown: Range<Int>, other: Range<Int>)] = []
            var shift = 0
            for e in WordDiff.edits(from: other, to: shown) {
                let len = e.replacement.utf16.count
                let s0 = e.range.location + shift + before.count
                spans.append((s0..<s0 + len, e.range.location + before.count..<NSMaxRange(e.range) + before.count))
                shift += len - e.range.length
            }
            // The edit grows over every span it overlaps (or is strictly inside of).
            var lo = a, hi = b
            for sp in spans {
                let s0 = sp.shown.lowerBound, s1 = sp.shown.upperBound
                let overlaps = (s0 < b && a < s1) || (a == b && s0 < a && a < s1) || (s0 == s1 && a < s0 && s0 < b)
                if overlaps { lo = min(lo, s0); hi = max(hi, s1) }
            }
            // Window offsets of the shown text mapped to the other's, at bounds of shared text.
            func mapped(_ p: Int, keepingInsertionsAfter: Bool) -> Int {
                var q = p
                for sp in spans {
                    let s0 = sp.shown.lowerBound, s1 = sp.shown.upperBound
                    let passed = keepingInsertionsAfter ? (s1 < p || (s1 == p && s0 < p)) : s1 <= p
                    guard passed else { break }
                    q += sp.other.count - sp.shown.count
                }
                return q
            }
            let otherWindow = before + Array(other.utf16) + after
            let start = mapped(lo, keepingInsertionsAfter: false)
            let end = max(start, mapped(hi, keepingInsertionsAfter: true))
            guard start >= 0, end <= otherWindow.count else { continue }
            let middle = Array(window[lo..<a]) + inserted + Array(window[b..<hi])
            let carried = Array(otherWindow[..<start]) + middle + Array(otherWindow[end...])
            versions[i] = String(decoding: carried, as: UTF16.self)
        }
    }

    /// The shown version becomes `content` (the text of ``range``: the rewrite with some of
    /// its edits rejected in a review), written gap by gap so that the protected spans stay
    /// where they are; the other versions are left as they are (a review's decision is no host
    /// edit: cancelling still gives the original). Returns the host's actions (replacements);
    /// nothing when the session is not a settled rewrite or `content` drops a protected span.
    mutating func reviseShownVersion(_ content: String) -> [Action] {
        guard kind == .composition, !hasEnded, isSettled, versions.indices.contains(shownVersion),
              gaps(target: content) != nil else { return [] }
        versions[shownVersion] = content
        queue.append(.applyVersion(shownVersion, chunks: nil, state == .noninteractive ? .noninteractive : .interactive, animated: false))
        return drain()
    }

    /// Plans the end of a composition session: inline, rejecting shows the original again; in
    /// a panel, accepting applies the last rewrite.
    mutating func planCompositionFinish(accepting: Bool) {
        let editable = configuration.isEditable
        if interactive {
            // Accepting keeps what is shown (the original, if the user toggled back to it).
            if !accepting && shownVersion != 0 { queue.append(.applyVersion(0, chunks: nil, .interactive, animated: false)) }
        } else if accepting && editable && versions.count > 1 {
            queue.append(.applyVersion(versions.count - 1, chunks: nil, .noninteractive, animated: false))
        }
    }
}
