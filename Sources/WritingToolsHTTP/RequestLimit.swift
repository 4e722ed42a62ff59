import Foundation
import Synchronization

/// LanguageTool's per-client request limit (`requestLimit` per `requestLimitPeriodInSeconds`,
/// answered 429): at most ``limit`` requests from one client address in each window of
/// ``period`` seconds, the window starting at the client's first request after the last one
/// ended. Off unless `serve --request-limit N` is given, as on a self-hosted LanguageTool.
///
/// The table holds one entry a client seen in the current window; once it holds
/// ``maxClients`` entries, those whose window ended are dropped, and if none has, a new client is
/// refused too (the table never grows past its bound, whoever sends the requests).
final class RequestLimiter: Sendable {
    /// Requests a client may send in one window.
    let limit: Int
    /// The window, in seconds.
    let period: Double
    /// Most clients tracked at once.
    let maxClients: Int

    private struct Window {
        var start: Double
        var count: Int
    }

    private let windows = Mutex<[String: Window]>([:])

    /// A limiter of `limit` requests per client per `period` seconds.
    init(limit: Int, period: Double, maxClients: Int = 100_000) {
        self.limit = max(1, limit)
        self.period = max(0.001, period)
        self.maxClients = max(1, maxClients)
    }

    /// Counts a request of `client` at `now` (seconds on a monotonic clock): nil when it is
    /// admitted, else the seconds until the client's window ends (for `Retry-After`).
    func admit(_ client: String, now: Double) -> Double? {
        windows.withLock { table in
            if var w = table[client], now - w.start < period {
                w.count += 1
                table[client] = w
                return w.count <= limit ? nil : w.start + period - now
            }
            if table[client] == nil && table.count >= maxClients {
                table = table.filter { now - $0.value.start < period }
                if table.count >= maxClients { return period }
            }
            table[client] = Window(start: now, count: 1)
            return nil
        }
    }

    /// Seconds on the monotonic clock the server's requests are counted with.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
