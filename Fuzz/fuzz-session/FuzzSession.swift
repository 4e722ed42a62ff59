import Foundation
import FuzzSupport
import WritingTools
import WritingToolsEngine
import DocumentStructure

/// Fuzz target: the session state machine (``WritingToolsSession``) and the review built on it
/// (``ProofreadingReview``), driven by random events.
///
/// Input: a mode byte, suggestion or rewrite specifications, an event list, then the text.
/// - Review mode: a ``ProofreadingReport`` with made-up suggestions (any ranges, replacements
///   from a small alphabet with empty, accented and astral text) is reviewed with accept, reject,
///   accept-all, undo and show, then finished. After each step the text must be the original
///   with exactly the corrections not rejected applied (a model kept apart, undo by replay);
///   finishing without keeping restores the original byte-identically; finishing with keeping
///   applies exactly the accepted ones.
/// - Session mode: a ``WritingToolsSession`` (Proofread, Rewrite, Concise; complete or limited;
///   Markdown or plain) answered by a scripted engine and a host that inserts what is asked or,
///   when told, refuses or inserts something else; events: next, previous, show details,
///   accept, reject, show original/rewritten, rewrite again, refine, finish, stop, host edits.
///   Every state change must be one of Apple's transitions from the current state; nothing
///   happens after the end; with a faithful host and no host edits, finishing without accepting
///   restores the original byte-identically.
@main
enum FuzzSession {
    static let alphabet = ["", "a", "the", "é", "😀", " ", "\n", "`x`", "e\u{301}", "\u{FFFC}"]

    static func main() {
        FuzzDriver.run(warmUp: { text in for language in WritingToolsChecker.installedLanguages { var request = ProofreadingRequest(text: text, language: language); request.level = .picky; _ = try? WritingToolsChecker().check(request) } }) { bytes in
            var input = FuzzInput(bytes)
            let mode = input.byte()
            if mode & 1 == 0 { review(&input, mode) } else { session(&input, mode) }
        }
    }

    // MARK: Review

    struct Made { var location: Int; var length: Int; var replacement: String }

    static func review(_ input: inout FuzzInput, _ mode: UInt8) {
        let count = input.int(below: 12)
        var specs: [(Int, Int, String)] = []
        for _ in 0..<count { specs.append((input.int(below: 65536), input.int(below: 8), alphabet[input.int(below: alphabet.count)])) }
        let opCount = input.int(below: 24)
        var ops: [(UInt8, Int)] = []
        for _ in 0..<opCount { ops.append((input.byte() % 5, input.int(below: 16))) }
        let text = input.rest()
        let units = Array(text.utf16)
        let markup: DocumentMarkup = mode & 2 == 0 ? .plain : .markdown
        let suggestions = specs.map { spec -> ProofreadingSuggestion in
            let location = spec.0 % (units.count + 1)
            let length = min(spec.1, units.count - location)
            return ProofreadingSuggestion(range: NSRange(location: location, length: length), replacements: [spec.2], ruleID: "FUZZ",
                                          category: .style, message: "fuzz", provenance: .rules)
        }
        let report = ProofreadingReport(text: text, suggestions: suggestions, protectedRanges: [])
        var r: ProofreadingReview
        do { r = try ProofreadingReview(report: report, markup: markup) } catch {
            return  // A report the session refuses (a range inside a character) is said so, not reviewed.
        }
        // Where each correction sits in the original (all applied at the start, in document order).
        var made: [Made] = []
        var shift = 0
        for id in 0..<r.count {
            let s = r.suggestion(id)
            let location = s.range.location - shift
            let originalLength = s.originalText.utf16.count
            FuzzCheck.require(location >= 0 && location + originalLength <= units.count
                              && String(decoding: units[location..<(location + originalLength)], as: UTF16.self) == s.originalText,
                              "suggestion \(id)'s original text \(s.originalText.debugDescription) is not at \(location)", text)
            made.append(Made(location: location, length: originalLength, replacement: s.replacement))
            shift += s.replacement.utf16.count - originalLength
        }
        enum Decision { case undecided, accepted, rejected }
        var history: [(ids: [Int], accepted: Bool)] = []
        func decisions() -> [Decision] {
            var d = Array(repeating: Decision.undecided, count: made.count)
            for step in history {
                for id in step.ids {
                    if step.accepted { if d[id] == .undecided { d[id] = .accepted } } else { d[id] = .rejected }
                }
            }
            return d
        }
        func expected(_ applied: (Decision) -> Bool) -> String {
            var out = units
            let d = decisions()
            for (id, m) in made.enumerated().reversed() where applied(d[id]) {
                out.replaceSubrange(m.location..<(m.location + m.length), with: Array(m.replacement.utf16))
            }
            return String(decoding: out, as: UTF16.self)
        }
        FuzzCheck.require(r.text == expected { $0 != .rejected }, "the review's first text is not the corrections applied", text)
        for (op, k) in ops {
            guard r.count > 0 || op == 3 else { break }
            let id = r.count > 0 ? k % r.count : 0
            do {
                switch op {
                case 0: try r.accept(id); history.append(([id], true))
                case 1: try r.reject(id); history.append(([id], false))
                case 2:
                    let undecided = decisions().indices.filter { decisions()[$0] == .undecided }
                    let n = try r.acceptAll()
                    FuzzCheck.require(n == undecided.count, "acceptAll accepted \(n), \(undecided.count) undecided", text)
                    if n > 0 { history.append((undecided, true)) }
                case 3:
                    let step = try r.undo()
                    FuzzCheck.require((step == nil) == history.isEmpty, "undo with \(history.count) steps returned \(String(describing: step))", text)
                    if step != nil { history.removeLast() }
                default:
                    let details = try r.show(id)
                    FuzzCheck.require(details.id == id, "show(\(id)) showed \(details.id)", text)
                }
            } catch {
                FuzzCheck.fail("review step \(op) on \(id) failed: \(error)", text)
            }
            let d = decisions()
            for id in 0..<r.count {
                let state = r.suggestion(id).state
                let same: Bool
                switch d[id] {
                case .undecided: same = state == .pending || state == .reviewing
                case .accepted: same = state == .accepted
                case .rejected: same = state == .rejected
                }
                FuzzCheck.require(same, "suggestion \(id) is \(state), the model says \(d[id])", text)
            }
            FuzzCheck.require(r.text == expected { $0 != .rejected }, "after step \(op) on \(id) the text is not the model's", text)
        }
        let keep = mode & 4 != 0
        let want = keep ? expected { $0 == .accepted } : text
        let final: String
        do { final = try r.finish(keepingAccepted: keep) } catch { FuzzCheck.fail("finish failed: \(error)", text) }
        FuzzCheck.require(Array(final.utf8) == Array(want.utf8), "finish(keepingAccepted: \(keep)) gave \(final.debugDescription), expected \(want.debugDescription)", text)
    }

    // MARK: Session

    static func session(_ input: inout FuzzInput, _ mode: UInt8) {
        let tools: [WritingTool] = [.proofread, .rewrite, .concise, .friendly]
        let tool = tools[Int(mode >> 1) % tools.count]
        let behavior: WritingToolsBehavior = mode & 0x20 == 0 ? .complete : .limited
        let markup: MarkupKind = mode & 0x40 == 0 ? .plain : .markdown
        let flags = input.byte()
        let faithful = flags & 1 == 0
        let engineFails = flags & 6 == 6
        // The engine's answers: suggestion specs or rewrite chunks, as bytes read below.
        let specCount = input.int(below: 10)
        var specs: [(Int, Int, String)] = []
        for _ in 0..<specCount { specs.append((input.int(below: 65536), input.int(below: 8), alphabet[input.int(below: alphabet.count)])) }
        let chunkCount = input.int(below: 4)
        var chunks: [String] = []
        for _ in 0..<chunkCount { chunks.append(input.string(maxBytes: input.int(below: 24))) }
        let eventCount = input.int(below: 24)
        var events: [(UInt8, Int)] = []
        for _ in 0..<eventCount { events.append((input.byte(), input.int(below: 64))) }
        let text = input.rest()
        let units = Array(text.utf16)
        let rangeStart = flags & 8 == 0 ? 0 : Int(flags >> 4) % (units.count + 1)
        var s = WritingToolsSession(.init(tool: tool, text: text, range: NSRange(location: rangeStart, length: units.count - rangeStart),
                                          markup: markup, behavior: behavior, resultOptions: [.plainText], language: "en-US"))
        var state = WritingToolsSession.State.inactive
        var ended = false
        var hostEdited = false
        var refused = false
        func engineAnswer(_ request: ToolRequest) -> WritingToolsSession.Event {
            if engineFails { return .engineFailed("fuzz") }
            let n = request.text.utf16.count
            if request.tool == .proofread {
                let made = specs.map { spec -> ProofreadingSuggestion in
                    let location = spec.0 % (n + 1)
                    return ProofreadingSuggestion(range: NSRange(location: location, length: min(spec.1, n - location)), replacements: [spec.2],
                                            ruleID: "FUZZ", category: .style, message: "fuzz", provenance: .rules)
                }
                return .engineFinished([.suggestions(made)])
            }
            return .engineFinished(chunks.map { .rewrittenText($0) })
        }
        func perform(_ first: [WritingToolsSession.Action]) {
            var pending = first[...]
            var steps = 0
            while let action = pending.popFirst() {
                steps += 1
                FuzzCheck.require(steps < 100_000, "the session does not settle", text)
                FuzzCheck.require(!ended, "an action after the end: \(action)", text)
                switch action {
                case let .changeState(new):
                    FuzzCheck.require(WritingToolsSession.isAppleTransition(from: state, to: new),
                                      "\(state) → \(new) is no transition of Apple's diagram", text)
                    state = new
                case let .runEngine(request):
                    pending += s.handle(engineAnswer(request))
                case let .replace(_, t, _, _):
                    if faithful { pending += s.handle(.hostReplaced(t)) } else {
                        refused = true
                        pending += s.handle(.hostReplaced(t.isEmpty ? nil : "Z" + t))
                    }
                case .ended:
                    ended = true
                default:
                    break
                }
            }
        }
        perform(s.handle(.start))
        for (e, k) in events {
            if ended { break }
            let n = s.suggestionCount
            let id = n > 0 ? k % n : k
            let event: WritingToolsSession.Event
            switch e % 13 {
            case 0: event = .next
            case 1: event = .previous
            case 2: event = .showDetails(id)
            case 3, 4: event = .accept(id)
            case 5, 6: event = .reject(id)
            case 7: event = .showOriginal
            case 8: event = .showRewritten
            case 9: event = .rewriteAgain
            case 10: event = .refine("shorter")
            case 11:
                let t = s.utf16.count
                let at = k % (t + 1)
                hostEdited = true
                event = .hostEdited(range: NSRange(location: at, length: min(1, t - at)), text: "q")
            default: event = e & 0x80 == 0 ? .stop : .finish(accepting: e & 0x40 != 0)
            }
            perform(s.handle(event))
            FuzzCheck.require(s.utf16.count >= 0 && NSMaxRange(s.range) <= s.utf16.count && s.range.location >= 0,
                              "the session's range \(s.range) is outside its text (\(s.utf16.count))", text)
        }
        if !ended {
            let revert = mode & 0x80 != 0
            perform(s.handle(.finish(accepting: !revert)))
            if !ended { return }  // Busy (an engine run pending): the host would wait.
            if revert && faithful && !hostEdited && !refused {
                FuzzCheck.require(s.utf16 == units, "finish(accepting: false) left \(s.text.debugDescription), not the original", text)
            }
        }
        FuzzCheck.require(state == .inactive, "the session ended in \(state)", text)
    }
}
