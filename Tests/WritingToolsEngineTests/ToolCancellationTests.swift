import Foundation
import Synchronization
import Testing
import TextModel
import DocumentStructure
@testable import WritingToolsEngine

/// A built-in tool run on a long text stops part-way when asked (issue 35: Concise on a
/// 1.3 MB selection ran 16 minutes, and neither `$/cancelRequest` nor an HTTP client leaving
/// stopped it): ``ToolRequest/shouldStop`` is asked between paragraphs and segments, and a
/// cancelled task stops the run the same way. Every assertion is about what was asked and
/// thrown, never about time.
@Suite("Tool runs stop when asked")
struct ToolCancellationTests {
    /// 300 paragraphs with a typo, a wordy phrase and a filler each: work for every pass of
    /// every tool.
    static let paragraphs = 300
    static let text = (0..<paragraphs).map {
        "In order to decide, the team number \($0) will basically look at teh data. It reviews the results every week."
    }.joined(separator: "\n\n")

    static let tools: [WritingTool] = [.concise, .rewrite, .professional, .friendly, .summary, .keyPoints, .list, .table, .proofread]

    /// Counts the asks of a stop test that says stop from its `stopAt`-th ask on.
    final class Probe: Sendable {
        private let count = Atomic<Int>(0)
        let stopAt: Int
        init(stopAt: Int = .max) { self.stopAt = stopAt }
        var asks: Int { count.load(ordering: .relaxed) }
        func ask() -> Bool { count.add(1, ordering: .relaxed).newValue >= stopAt }
    }

    /// Never told to stop, each tool asks at least once a paragraph (it can be stopped between
    /// any two); told to stop at its 20th ask, it throws `CancellationError` (no partial result)
    /// having asked far fewer times than its whole run did.
    @Test(arguments: tools)
    func aRunStopsBetweenParagraphsWhenAsked(tool: WritingTool) throws {
        let engine = BuiltInToolEngine()
        let whole = Probe()
        var request = ToolRequest(tool: tool, text: Self.text)
        request.shouldStop = { whole.ask() }
        _ = try engine.events(for: request)
        #expect(whole.asks >= Self.paragraphs, "\(tool): asked \(whole.asks) times for \(Self.paragraphs) paragraphs")

        let stopping = Probe(stopAt: 20)
        request.shouldStop = { stopping.ask() }
        #expect(throws: CancellationError.self) { try engine.events(for: request) }
        // Each part of the document asks once more on its way out (the proofreader's segments),
        // but no further pass starts.
        #expect(stopping.asks < whole.asks, "\(tool): \(stopping.asks) asks stopped, \(whole.asks) whole")
    }

    /// Cancelling the task that runs a tool stops its synchronous work at the next paragraph:
    /// the request's own stop test cancels the task at its first ask (from inside the run, so
    /// that the work is surely under way) and says go on; it is asked no more after that than
    /// by the threads that were already asking, and the run throws `CancellationError`.
    @Test(arguments: [WritingTool.concise, .summary, .rewrite])
    func cancellingTheTaskStopsTheRun(tool: WritingTool) async throws {
        let probe = CancelsAtFirstAsk()
        var request = ToolRequest(tool: tool, text: Self.text)
        request.shouldStop = { probe.ask() }
        let engine = BuiltInToolEngine()
        let run = Task { try await request.stoppingWithTask { try engine.events(for: $0) } }
        await #expect(throws: CancellationError.self) { try await run.value }
        #expect(probe.asks >= 1)
        #expect(probe.asks <= SegmentChunks.cores + 1, "\(tool): the stop test was asked \(probe.asks) times")
    }

    /// A stop test that cancels the task it is first asked on, and never says stop itself.
    final class CancelsAtFirstAsk: Sendable {
        private let count = Mutex<Int>(0)
        var asks: Int { count.withLock { $0 } }
        func ask() -> Bool {
            let first = count.withLock { n -> Bool in
                n += 1
                return n == 1
            }
            if first { withUnsafeCurrentTask { $0?.cancel() } }
            return false
        }
    }
}
