import Foundation
import Synchronization
import WritingTools

/// The model queue is full: more runs wait than the server allows.
struct ModelQueueFull: Error, CustomStringConvertible {
    var running: Int
    var waiting: Int
    var description: String {
        "The language model is busy (\(running) running, \(waiting) waiting); try again shortly or use engine builtin"
    }
}

/// The configured language model for the Writing Tools endpoints: settings resolved per tool
/// (flags, environment, configuration file, as the command line does), one open handle per
/// distinct setting (``ModelEngineProvider``: a managed llama-server is started once), and a
/// bounded queue: at most ``maxConcurrent`` runs at once and ``maxWaiting`` waiting (more:
/// ``ModelQueueFull``, 503).
/// Each run has the model's own timeouts (``ModelTimeouts``) and is cancelled with its task
/// (the client went away).
final class ModelEngines: Sendable {
    let flags: ModelFlags
    let environment: [String: String]
    let file: ModelConfigurationFile?
    let filePath: String
    let maxConcurrent: Int
    let maxWaiting: Int
    let metrics: ServerMetrics?
    private let slots: ModelSlots
    private let provider: ModelEngineProvider

    /// - Throws: the configuration file's error when it is invalid.
    init(flags: ModelFlags, environment: [String: String], maxConcurrent: Int = 2, maxWaiting: Int = 16, metrics: ServerMetrics?) throws {
        self.flags = flags
        self.environment = environment
        filePath = ModelConfigurationFile.defaultPath(environment: environment)
        file = try ModelConfigurationFile.load(path: filePath)
        self.maxConcurrent = max(1, maxConcurrent)
        self.maxWaiting = max(0, maxWaiting)
        self.metrics = metrics
        slots = ModelSlots(limit: max(1, maxConcurrent), maxWaiting: max(0, maxWaiting))
        provider = ModelEngineProvider(environment: environment)
    }

    /// No model at all (tests, and a server started without one).
    static func none() -> ModelEngines {
        // An empty environment and no file: the built-in provider.
        try! ModelEngines(flags: ModelFlags(provider: .builtin), environment: ["HOME": "/nonexistent"], metrics: nil)
    }

    /// The settings for `tool` (a command name).
    func settings(tool: String?) -> ModelSettings {
        ModelSettings.resolve(tool: tool, flags: flags, environment: environment, file: file, filePath: filePath)
    }

    /// True when a model runs the tools by default.
    var isConfigured: Bool { settings(tool: nil).provider != .builtin }

    /// `"provider model"` for `/api/tools`, nil without a model.
    var describe: String? {
        let s = settings(tool: nil)
        guard s.provider != .builtin else { return nil }
        return s.provider.rawValue + (s.model.map { " " + $0 } ?? "")
    }

    /// Runs `request` on the model configured for its tool; `onEvent` sees each event as it
    /// arrives. Returns every event.
    /// - Throws: ``ModelQueueFull``, the model's errors, `CancellationError`.
    func run(_ request: ToolRequest, onEvent: @escaping @Sendable (ToolEvent) -> Void) async throws -> [ToolEvent] {
        let settings = settings(tool: request.tool.commandName)
        guard settings.provider != .builtin else {
            return try BuiltInToolEngine().events(for: request)
        }
        metrics?.modelWaiting.add(1, ordering: .relaxed)
        do {
            try await slots.acquire()
        } catch {
            metrics?.modelWaiting.subtract(1, ordering: .relaxed)
            throw error
        }
        metrics?.modelWaiting.subtract(1, ordering: .relaxed)
        metrics?.modelActive.add(1, ordering: .relaxed)
        metrics?.modelCalls.add(1, ordering: .relaxed)
        defer {
            metrics?.modelActive.subtract(1, ordering: .relaxed)
            Task(executorPreference: PreferredExecutor.current) { [slots] in await slots.release() }
        }
        do {
            let engine = try await provider.engine(for: settings)
            var events: [ToolEvent] = []
            for try await event in engine.run(request) {
                onEvent(event)
                events.append(event)
            }
            try Task.checkCancellation()
            return events
        } catch {
            metrics?.modelFailures.add(1, ordering: .relaxed)
            throw error
        }
    }

    /// Stops the llama-servers started for the tools.
    func stopAll() async {
        await provider.stopAll()
    }
}

/// At most `limit` holders; at most `maxWaiting` waiting (more throw ``ModelQueueFull``).
actor ModelSlots {
    private let limit: Int
    private let maxWaiting: Int
    private var active = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(limit: Int, maxWaiting: Int) {
        self.limit = limit
        self.maxWaiting = maxWaiting
    }

    func acquire() async throws {
        if active < limit {
            active += 1
            return
        }
        guard waiters.count < maxWaiting else { throw ModelQueueFull(running: active, waiting: waiters.count) }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty {
            active -= 1
        } else {
            // The slot passes to the first waiter.
            waiters.removeFirst().resume()
        }
    }
}
