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
            if versions.isEmpty { endAfterFailure() } else if streaming { queue.append(.emit(.changeState(.interactiveResting))) }
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
    /// diff deletes a protected one: refused.
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
        for edit in WordDiff.edits(from: content(range), to: target) {
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
