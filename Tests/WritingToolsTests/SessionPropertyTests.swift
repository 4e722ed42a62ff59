import Foundation
import WritingToolsTestSupport
import Testing
@testable import WritingTools
import WritingToolsEngine

/// The shared seeded generator (WritingToolsTestSupport).
typealias SeededRandom = SplitMix64

final class RandomBox {
    var rng: SeededRandom
    init(_ seed: UInt64) { rng = SeededRandom(seed: seed) }
}

private let words = ["teh", "cat", "sat", "on", "mat", "the", "dog", "ran", "fast", "and", "é", "👍"]

private func hash(_ s: String, _ seed: UInt64) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
    for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return h
}

/// A random engine: its answers depend only on the session seed and the request.
private func randomEngine(seed: UInt64) -> ScriptedEngine {
    ScriptedEngine { req in
        var rng = SeededRandom(seed: hash(req.text + req.tool.commandName + "\(req.range.location),\(req.range.length)", seed))
        let units = Array(req.text.utf16)
        func isProtected(_ i: Int) -> Bool { req.protectedRanges.contains { $0.location <= i && i < NSMaxRange($0) } }
        switch req.tool {
        case .proofread:
            // Word tokens of the range; most suggestions avoid protected text, some do not.
            var out: [ProofreadingSuggestion] = []
            var i = req.range.location
            let end = NSMaxRange(req.range)
            while i < end {
                if units[i] == 32 { i += 1; continue }
                var j = i
                while j < end, units[j] != 32 { j += 1 }
                let r = NSRange(location: i, length: j - i)
                let touches = (i..<j).contains { isProtected($0) }
                if rng.chance(touches ? 0.05 : 0.45) {
                    let choices = ["THE", "", "x", "the big", "👍👍"]
                    out.append(ProofreadingSuggestion(range: r, replacements: [choices[rng.int(choices.count)]], ruleID: "R",
                                                category: .typos, message: "m", provenance: .rules))
                }
                i = j
            }
            return [.suggestions(out)]
        case .summary, .keyPoints, .list, .table:
            let kinds: [ToolResult.Kind] = [.summary, .keyPoints, .list, .table]
            return [.result(ToolResult(kind: kinds[rng.int(kinds.count)], text: words[rng.int(words.count)]))]
        default:
            // A rewrite of the range: random words between the protected pieces (kept verbatim),
            // or, sometimes, random words only (which drops protected text).
            let keep = rng.chance(0.85)
            var out = ""
            var i = req.range.location
            let end = NSMaxRange(req.range)
            while i < end {
                if keep, isProtected(i) {
                    var j = i
                    while j < end, isProtected(j) { j += 1 }
                    out += String(decoding: units[i..<j], as: UTF16.self)
                    i = j
                } else {
                    var j = i
                    while j < end, !(keep && isProtected(j)) { j += 1 }
                    let n = rng.int(4)
                    out += (0..<n).map { _ in words[rng.int(words.count)] }.joined(separator: " ") + (rng.chance(0.5) ? " " : "")
                    i = j
                }
            }
            // Split into 1–3 chunks.
            let chars = Array(out)
            let cuts = [rng.int(chars.count + 1), rng.int(chars.count + 1)].sorted()
            return [.rewrittenText(String(chars[0..<cuts[0]])), .rewrittenText(String(chars[cuts[0]..<cuts[1]])),
                    .rewrittenText(String(chars[cuts[1]...]))]
        }
    }
}

@Suite("Property: random sessions keep Apple's invariants", .serialized)
@MainActor
struct SessionPropertyTests {
    struct Stats {
        var sessions = 0, reverts = 0, revertChecked = 0, rejectAllChecked = 0, protectedRejections = 0, replaces = 0
    }

    /// ≥ 10,000 sessions with fixed seeds. Invariants: revert restores the original byte for
    /// byte; protected text never changes (no replace call touches it, and it is byte-identical
    /// at the end); every completion handler is called once and awaited before the next call;
    /// only Apple's transitions; rejecting every suggestion gives back the original.
    @Test func tenThousandRandomSessions() async throws {
        let seen = DuplicateLog()
        let saved = WritingToolsCoordinator.duplicateCompletionHandler
        WritingToolsCoordinator.duplicateCompletionHandler = { seen.add($0) }
        defer { WritingToolsCoordinator.duplicateCompletionHandler = saved }
        var stats = Stats()
        let clock = ContinuousClock()
        let elapsed = try await clock.measure {
            for i in 0..<10_000 {
                let ok = try await runSession(seed: 0x5EED_0000 &+ UInt64(i), stats: &stats)
                if !ok { Issue.record("session seed \(0x5EED_0000 + i) broke an invariant"); break }
            }
        }
        #expect(seen.names.isEmpty)
        #expect(stats.sessions == 10_000)
        // The generator must exercise what it claims to.
        #expect(stats.revertChecked > 1000)
        #expect(stats.rejectAllChecked > 200)
        #expect(stats.protectedRejections > 100)
        print("property: \(stats.sessions) sessions, \(stats.replaces) replace calls, \(stats.revertChecked) reverts checked, \(stats.rejectAllChecked) reject-all checked, \(stats.protectedRejections) protected-text rejections, \(elapsed)")
    }

    func runSession(seed: UInt64, stats: inout Stats) async throws -> Bool {
        let box = RandomBox(seed)
        // Text: a few words, maybe inline code (Markdown) and an excluded word.
        var parts: [String] = []
        for _ in 0..<(3 + box.rng.int(6)) { parts.append(words[box.rng.int(words.count)]) }
        let markdown = box.rng.chance(0.5)
        if markdown { parts.insert("`k_\(box.rng.int(9))`", at: box.rng.int(parts.count + 1)) }
        let text = parts.joined(separator: " ")
        let host = RecordingHost(text)
        var guarded: [NSRange] = []
        if markdown, let r = text.range(of: "`k_") {
            let loc = text.utf16.distance(from: text.startIndex, to: r.lowerBound)
            guarded.append(NSRange(location: loc, length: 5))
        }
        if box.rng.chance(0.3) {
            // Exclude one word.
            let idx = box.rng.int(parts.count)
            let loc = parts[0..<idx].reduce(0) { $0 + $1.utf16.count + 1 }
            let r = NSRange(location: loc, length: parts[idx].utf16.count)
            host.exclusion = [r]
            guarded.append(r)
        }
        host.guarded = guarded
        let guardedTexts = guarded.map { (text as NSString).substring(with: $0) }
        if box.rng.chance(0.3) {
            let a = box.rng.int(text.utf16.count + 1)
            host.contextRange = NSRange(location: a, length: box.rng.int(text.utf16.count - a + 1))
        }
        host.asynchronous = box.rng.chance(0.2)
        var deviated = false
        host.onReplace = { _, t in
            if box.rng.chance(0.04) { deviated = true; return nil }
            if box.rng.chance(0.04) { deviated = true; return t + "~" }
            return t
        }

        let tools: [WritingTool] = [.proofread, .proofread, .rewrite, .concise, .describeYourChange(instruction: "x"), .summary, .table]
        let tool = tools[box.rng.int(tools.count)]
        let c = WritingToolsCoordinator(delegate: host, engine: randomEngine(seed: seed))
        c.documentMarkup = markdown ? .markdown : .plain
        c.preferredBehavior = [.complete, .complete, .complete, .limited, .default][box.rng.int(5)]
        c.isEditable = box.rng.chance(0.85)
        if box.rng.chance(0.2) { c.preferredResultOptions = [.plainText] }
        stats.sessions += 1

        var typed = false
        var typedEdits: [(NSRange, String)] = [] // (range now, text it replaced), for undo
        do { try await c.startWritingTools(tool) } catch let e as WritingToolsSessionError {
            if case .protectedTextChanged = e { stats.protectedRejections += 1 }
        }
        let started = c.session.map { !$0.hasEnded } ?? false
        let rejectAll = started && tool == .proofread && box.rng.chance(0.3)
        if rejectAll {
            for s in c.session?.suggestions ?? [] { try? await c.rejectSuggestion(s.id) }
            if !deviated {
                stats.rejectAllChecked += 1
                guard host.storage == text else { Issue.record("reject-all: \(host.storage.debugDescription) != \(text.debugDescription)"); return false }
            }
        } else if started {
            for _ in 0..<box.rng.int(7) {
                let n = c.session?.suggestions.count ?? 0
                switch box.rng.int(12) {
                case 0: try? await c.showNextSuggestion()
                case 1: try? await c.showPreviousSuggestion()
                case 2: _ = try? await c.showDetails(forSuggestion: box.rng.int(max(n, 1)))
                case 3: try? await c.acceptSuggestion(box.rng.int(max(n, 1)))
                case 4: try? await c.rejectSuggestion(box.rng.int(max(n, 1)))
                case 5: try? await c.showOriginal()
                case 6: try? await c.showRewritten()
                case 7: try? await c.rewriteAgain()
                case 8: try? await c.refine("shorter")
                case 9:
                    // The user types a word at a word boundary outside protected text.
                    let u = Array(host.storage.utf16)
                    let spots = (0...u.count).filter { p in (p == 0 || u[p - 1] == 32) && !host.guarded.contains { $0.location < p && p < NSMaxRange($0) } }
                    if let p = spots.isEmpty ? nil : spots[box.rng.int(spots.count)] {
                        host.type(NSRange(location: p, length: 0), "zz ", coordinator: c)
                        typedEdits.append((NSRange(location: p, length: 3), ""))
                        typed = true
                    }
                case 10:
                    // The host's undo pops the user's last typing and reports it (.undoRedo).
                    if let (r, old) = typedEdits.popLast(), NSMaxRange(r) <= host.storage.utf16.count,
                       (host.storage as NSString).substring(with: r) == "zz " {
                        host.apply(r, old)
                        if let id = c.currentContext?.identifier {
                            c.updateRange(r, with: AttributedString(old), reason: .undoRedo, forContextWithIdentifier: id)
                        }
                    }
                default: break
                }
            }
        }
        let ending = box.rng.int(10)
        if ending < 1 {
            c.stopWritingTools()
            try? await c.finishWritingTools(accepting: false)
        } else {
            let accepting = ending < 5
            try? await c.finishWritingTools(accepting: accepting)
            if !accepting {
                stats.reverts += 1
                if !deviated && !typed {
                    stats.revertChecked += 1
                    guard host.storage == text else { Issue.record("revert: \(host.storage.debugDescription) != \(text.debugDescription) tool \(tool)"); return false }
                }
            }
        }
        stats.replaces += host.replaceReasons.count
        // Invariants that hold for every session.
        guard host.onlyAppleTransitions, host.states.last == .inactive, c.state == .inactive else {
            Issue.record("transitions \(host.states)"); return false
        }
        guard host.calls == host.completions, host.maxOutstanding <= 1 else { Issue.record("completions \(host.calls)/\(host.completions)"); return false }
        guard host.guardViolations.isEmpty else { Issue.record("\(host.guardViolations)"); return false }
        for (r, t) in zip(host.guarded, guardedTexts) where (host.storage as NSString).substring(with: r) != t {
            Issue.record("protected text changed: \(t) → \((host.storage as NSString).substring(with: r))"); return false
        }
        return true
    }

    /// TextView sessions: after accepting, one undo gives back the text from before the session
    /// (whatever was reviewed, toggled or typed in between) and redo the accepted text; after
    /// reverting there is nothing to undo.
    @Test func textViewUndoGroupsPerSession() async throws {
        var checked = 0
        for i in 0..<2_000 {
            let box = RandomBox(0x7E47_0000 &+ UInt64(i))
            let text = (0..<(2 + box.rng.int(6))).map { _ in words[box.rng.int(words.count)] }.joined(separator: " ")
            let v = TextView(text, engine: randomEngine(seed: box.rng.next()))
            let tool: WritingTool = [.proofread, .rewrite, .concise][box.rng.int(3)]
            try? await v.coordinator.startWritingTools(tool, scope: .fullDocument)
            var typed = false
            for _ in 0..<box.rng.int(5) {
                switch box.rng.int(5) {
                case 0: try? await v.coordinator.rejectSuggestion(box.rng.int(3))
                case 1: try? await v.coordinator.showOriginal()
                case 2: try? await v.coordinator.showRewritten()
                case 3: try? await v.coordinator.rewriteAgain()
                default:
                    if v.isWritingToolsActive {
                        try v.userReplaceCharacters(in: NSRange(location: 0, length: 0), with: "zz ")
                        typed = true
                    }
                }
            }
            let accepting = box.rng.chance(0.6)
            try? await v.coordinator.finishWritingTools(accepting: accepting)
            #expect(!v.isWritingToolsActive)
            if accepting {
                let result = v.string
                if result != text {
                    #expect(v.undoManager.undoCount == 1)
                    v.undoManager.undo()
                    #expect(v.string == text, "seed \(i)")
                    v.undoManager.redo()
                    #expect(v.string == result, "seed \(i)")
                    checked += 1
                }
            } else if !typed {
                #expect(v.string == text, "seed \(i)")
                #expect(!v.undoManager.canUndo)
            }
        }
        #expect(checked > 300)
    }
}
