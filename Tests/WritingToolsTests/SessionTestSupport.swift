import Foundation
import Testing
@testable import WritingTools
import WritingToolsEngine

/// An engine that answers from a script: the test decides the events for each request.
struct ScriptedEngine: ToolEngine {
    let script: @Sendable (ToolRequest) throws -> [ToolEvent]

    func run(_ request: ToolRequest) -> AsyncThrowingStream<ToolEvent, Error> {
        AsyncThrowingStream { c in
            do {
                for e in try script(request) { c.yield(e) }
                c.finish()
            } catch { c.finish(throwing: error) }
        }
    }

    /// Proofreading suggestions replacing each occurrence of `wrong` by `right`.
    static func replacing(_ pairs: [(String, String)]) -> ScriptedEngine {
        ScriptedEngine { req in
            var out: [ProofreadingSuggestion] = []
            let ns = req.text as NSString
            for (wrong, right) in pairs {
                var from = 0
                while true {
                    let r = ns.range(of: wrong, options: [], range: NSRange(location: from, length: ns.length - from))
                    if r.location == NSNotFound { break }
                    out.append(ProofreadingSuggestion(range: r, replacements: [right], ruleID: "TEST", category: .typos, message: "\(wrong) → \(right)", provenance: .rules))
                    from = NSMaxRange(r)
                }
            }
            return [.suggestions(out)]
        }
    }

    /// Rewrites: the n-th run (counting from 1) returns `versions[n-1]` (last one repeated), in
    /// chunks of `chunkSize` characters.
    static func rewriting(_ versions: [String], chunkSize: Int = 4) -> ScriptedEngine {
        let counter = Counter()
        return ScriptedEngine { _ in
            let n = counter.next()
            let v = versions[min(n - 1, versions.count - 1)]
            var chunks: [ToolEvent] = []
            var rest = Substring(v)
            while !rest.isEmpty {
                chunks.append(.rewrittenText(String(rest.prefix(chunkSize))))
                rest = rest.dropFirst(chunkSize)
            }
            return chunks.isEmpty ? [.rewrittenText("")] : chunks
        }
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
}

/// A host text engine that records every delegate call and checks the protocol.
@MainActor
final class RecordingHost: WritingToolsCoordinator.Delegate {
    var storage: String
    var selection = NSRange(location: 0, length: 0)
    var contextRange: NSRange?
    var exclusion: [NSRange] = []
    var transcript: [String] = []
    var states: [WritingToolsCoordinator.State] = [.inactive]
    var replaceReasons: [WritingToolsCoordinator.TextReplacementReason] = []
    var replaceHadParameters: [Bool] = []
    var calls = 0
    var completions = 0
    var outstanding = 0
    var maxOutstanding = 0
    /// Decides what the host inserts for a proposal (return nil to refuse).
    var onReplace: (NSRange, String) -> String? = { _, t in t }
    /// Completes asynchronously (in a new task) when true.
    var asynchronous = false
    /// Ranges that must never be touched by a replace call (tracked through every edit).
    var guarded: [NSRange] = []
    var guardViolations: [String] = []

    init(_ text: String) { storage = text }

    private func begin(_ name: String) {
        calls += 1
        outstanding += 1
        maxOutstanding = max(maxOutstanding, outstanding)
        transcript.append(name)
    }

    private func complete(_ body: @escaping @MainActor () -> Void) {
        if asynchronous {
            Task { @MainActor in
                self.completions += 1
                self.outstanding -= 1
                body()
            }
        } else {
            completions += 1
            outstanding -= 1
            body()
        }
    }

    func apply(_ range: NSRange, _ text: String) {
        storage = try! storage.applying([TextEdit(range: range, replacement: text)])
        if let tracker = try? RangeTracker(edits: [TextEdit(range: range, replacement: text)]) {
            guarded = guarded.map { tracker.map($0).range }
        }
    }

    func writingToolsCoordinator(_ c: WritingToolsCoordinator, requestsContextsFor scope: WritingToolsCoordinator.ContextScope,
                                 completion: @escaping @MainActor @Sendable ([WritingToolsCoordinator.Context]) -> Void) {
        begin("contexts(\(scope))")
        var a = AttributedString(storage)
        for r in exclusion {
            let lo = a.index(a.startIndex, offsetByCharacters: (storage as NSString).substring(to: r.location).count)
            let hi = a.index(lo, offsetByCharacters: (storage as NSString).substring(with: r).count)
            a[lo..<hi].writingToolsExclusion = true
        }
        let ctx = WritingToolsCoordinator.Context(attributedString: a, range: contextRange ?? NSRange(location: 0, length: storage.utf16.count))
        complete { completion([ctx]) }
    }

    func writingToolsCoordinator(_ c: WritingToolsCoordinator, replace range: NSRange, in context: WritingToolsCoordinator.Context,
                                 proposedText: AttributedString, reason: WritingToolsCoordinator.TextReplacementReason,
                                 animationParameters: WritingToolsCoordinator.AnimationParameters?,
                                 completion: @escaping @MainActor @Sendable (AttributedString?) -> Void) {
        let proposed = String(proposedText.characters)
        begin("replace([\(range.location),\(NSMaxRange(range))) → \"\(proposed)\", .\(reason))")
        replaceReasons.append(reason)
        replaceHadParameters.append(animationParameters != nil)
        if let p = WritingToolsSession.violates(range, protected: guarded) {
            guardViolations.append("replace \(range) touches protected \(p)")
        }
        let actual = onReplace(range, proposed)
        if let actual { apply(range, actual) }
        complete { completion(actual.map { AttributedString($0) }) }
    }

    func writingToolsCoordinator(_ c: WritingToolsCoordinator, select ranges: [NSRange], in context: WritingToolsCoordinator.Context,
                                 completion: @escaping @MainActor @Sendable () -> Void) {
        begin("select(\(ranges.map { "[\($0.location),\(NSMaxRange($0)))" }.joined(separator: ",")))")
        if let r = ranges.first { selection = r }
        complete { completion() }
    }

    func writingToolsCoordinator(_ c: WritingToolsCoordinator, willChangeTo newState: WritingToolsCoordinator.State,
                                 completion: @escaping @MainActor @Sendable () -> Void) {
        begin("willChangeTo(.\(newState))")
        states.append(newState)
        complete { completion() }
    }

    func writingToolsCoordinator(_ c: WritingToolsCoordinator, prepareFor textAnimation: WritingToolsCoordinator.TextAnimation,
                                 for range: NSRange, in context: WritingToolsCoordinator.Context,
                                 completion: @escaping @MainActor @Sendable () -> Void) {
        begin("prepare(.\(textAnimation))")
        complete { completion() }
    }

    func writingToolsCoordinator(_ c: WritingToolsCoordinator, finish textAnimation: WritingToolsCoordinator.TextAnimation,
                                 for range: NSRange, in context: WritingToolsCoordinator.Context,
                                 completion: @escaping @MainActor @Sendable () -> Void) {
        begin("finish(.\(textAnimation))")
        complete { completion() }
    }

    /// True when every recorded state change is one of Apple's.
    var onlyAppleTransitions: Bool {
        zip(states, states.dropFirst()).allSatisfy { WritingToolsSession.isAppleTransition(from: $0, to: $1) }
    }

    /// Reports a user edit to the host storage and the coordinator.
    func type(_ range: NSRange, _ text: String, coordinator: WritingToolsCoordinator) {
        apply(range, text)
        if let id = coordinator.currentContext?.identifier {
            coordinator.updateRange(range, with: AttributedString(text), reason: .typing, forContextWithIdentifier: id)
        }
    }
}

/// Drives a session value with a synchronous in-memory host (no coordinator, no run loop).
struct MachineHost {
    var units: [UInt16]
    var text: String {
        get { String(decoding: units, as: UTF16.self) }
        set { units = Array(newValue.utf16) }
    }
    var engine: (ToolRequest) -> [ToolEvent]
    var onReplace: (NSRange, String) -> String? = { _, t in t }
    var states: [WritingToolsSession.State] = [.inactive]
    var errors: [WritingToolsSessionError] = []
    var replaces: [(NSRange, String, WritingToolsCoordinator.TextReplacementReason)] = []

    init(text: String, engine: @escaping (ToolRequest) -> [ToolEvent]) {
        self.units = Array(text.utf16)
        self.engine = engine
    }

    mutating func run(_ session: inout WritingToolsSession, _ event: WritingToolsSession.Event) {
        var pending = session.handle(event)
        while !pending.isEmpty {
            let a = pending.removeFirst()
            switch a {
            case .changeState(let s): states.append(s)
            case .runEngine(let req): pending += session.handle(.engineFinished(engine(req)))
            case let .replace(r, t, reason, _):
                replaces.append((r, t, reason))
                let actual = onReplace(r, t)
                if let actual { units.replaceSubrange(r.location..<NSMaxRange(r), with: Array(actual.utf16)) }
                pending += session.handle(.hostReplaced(actual))
            case .fail(let e): errors.append(e)
            default: break
            }
        }
    }
}

func suggestions(_ pairs: [(String, String)], in text: String) -> [ToolEvent] {
    let ns = text as NSString
    var out: [ProofreadingSuggestion] = []
    for (w, r) in pairs {
        let range = ns.range(of: w)
        if range.location != NSNotFound {
            out.append(ProofreadingSuggestion(range: range, replacements: [r], ruleID: "T", category: .typos, message: "fix \(w)", provenance: .rules))
        }
    }
    return [.suggestions(out)]
}
