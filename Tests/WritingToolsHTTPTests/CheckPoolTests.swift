import Foundation
import Synchronization
import Testing
import LanguageModels
import WritingTools
import WritingToolsTestSupport
@testable import WritingToolsHTTP
#if canImport(Glibc)
import Glibc
#endif

/// Checks run on the server's check threads, not on libmicrohttpd's: a real server on a
/// loopback port with one network thread, real sockets, and a check held at will (fault
/// injection: ``LanguageToolAPI/beforeCheck`` waits while the text names the gate). The
/// assertions are about order and progress (what is answered while the slow check is held),
/// never about durations.
@Suite("HTTP: checks off the network threads", .serialized)
struct CheckPoolTests {
    /// Holds every check whose text contains `marker` until ``open()``.
    final class Gate: Sendable {
        let marker: String
        private let state = Mutex<(open: Bool, entered: Int)>((false, 0))
        init(_ marker: String) { self.marker = marker }

        /// The hook: counts the check and waits while the gate is shut (240 s at most, so that a
        /// failing test ends).
        func pass(_ text: String) {
            guard text.contains(marker) else { return }
            state.withLock { $0.entered += 1 }
            let deadline = Date().addingTimeInterval(240)
            while !state.withLock({ $0.open }) && Date() < deadline { usleep(2_000) }
        }

        func open() { state.withLock { $0.open = true } }
        var entered: Int { state.withLock { $0.entered } }
    }

    /// What the test saw, in order.
    final class Events: Sendable {
        private let list = Mutex<[String]>([])
        func add(_ e: String) { list.withLock { $0.append(e) } }
        var all: [String] { list.withLock { $0 } }
    }

    /// A started server with one network thread, `checkThreads` check threads and the languages
    /// in `ready` already loaded (as `serve` marks them after its start-up check).
    static func startServer(gate: Gate, checkThreads: Int, checkQueue: Int = 256, ready: [String],
                            models: ModelEngines = .none()) throws -> HTTPServer {
        let home = NSTemporaryDirectory() + "wt-http-pool-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let dictionary = UserDictionary(environment: ["HOME": home])
        var lt = LanguageToolAPI(dictionary: dictionary)
        lt.beforeCheck = { gate.pass($0) }
        let tools = WritingToolsAPI(maxTextLength: 100_000, dictionary: dictionary, models: models, sessions: SessionStore(), metrics: nil,
                                    beforeBuiltinRun: { gate.pass($0) })
        let router = Router(languageTool: lt, tools: tools)
        var settings = HTTPServerSettings()
        settings.port = 0
        settings.threads = 1
        settings.checkThreads = checkThreads
        settings.checkQueue = checkQueue
        settings.shutdownGrace = 2
        // The rules are built (seconds in a debug build on a busy machine) before the server
        // starts, not by the test's first check.
        _ = try WritingToolsChecker().check(ProofreadingRequest(text: "A warm-up.", language: "en-US"))
        let server = HTTPServer(settings: settings, logger: nil) { request, server in router.handle(request, server: server) }
        for tag in ready { server.checks.markReady(tag) }
        try server.start()
        return server
    }

    /// One request on a new connection (`Connection: close`), read to the end: status and body.
    /// Gives up after 180 s without data (status 0).
    static func exchange(_ port: UInt16, _ method: String, _ target: String, form: String? = nil) -> (status: Int, body: String) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return (0, "socket") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 180, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return (0, "connect") }
        let body = form ?? ""
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if form != nil { head += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n" }
        let bytes = Array((head + "\r\n" + body).utf8)
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else { return (0, "send") }
        let text = readToEnd(fd)
        guard let line = text.split(separator: "\r\n", maxSplits: 1).first, line.hasPrefix("HTTP/1.1 ") else { return (0, text) }
        let status = Int(line.dropFirst(9).prefix(3)) ?? 0
        let content = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return (status, content)
    }

    static func form(_ text: String, _ language: String) -> String {
        "text=" + text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&language=" + language
    }

    /// Runs `work` on a thread of its own; the answer lands in the box.
    final class Pending: Sendable {
        private let answer = Mutex<(status: Int, body: String)?>(nil)
        init(_ work: @escaping @Sendable () -> (status: Int, body: String)) {
            Thread.detachNewThread { [self] in
                let a = work()
                answer.withLock { $0 = a }
            }
        }
        var result: (status: Int, body: String)? { answer.withLock { $0 } }
        /// The answer, waiting for it (60 s at most).
        func wait() -> (status: Int, body: String)? {
            let deadline = Date().addingTimeInterval(60)
            while result == nil && Date() < deadline { usleep(2_000) }
            return result
        }
    }

    /// Waits until `condition` holds (60 s at most): true when it did.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            if Date() > deadline { return false }
            usleep(2_000)
        }
        return true
    }

    /// A held check occupies a check thread; the one network thread goes on answering the health
    /// check, the language list and another connection's check meanwhile.
    @Test func aSlowCheckDoesNotDelayCheapRequests() throws {
        let gate = Gate("zebra")
        let server = try Self.startServer(gate: gate, checkThreads: 2, ready: ["en-US", "en-GB"])
        defer { gate.open(); server.stop() }
        let port = server.port
        let events = Events()
        let slow = Pending {
            let r = Self.exchange(port, "POST", "/v2/check", form: Self.form("The zebra ate a apple slowly.", "en-US"))
            events.add("slow check")
            return r
        }
        try #require(Self.eventually { gate.entered == 1 }, "the slow check never started")

        let health = Self.exchange(port, "GET", "/v2/healthcheck")
        events.add("healthcheck")
        let languages = Self.exchange(port, "GET", "/v2/languages")
        events.add("languages")
        let short = Self.exchange(port, "POST", "/v2/check", form: Self.form("I has a apple.", "en-US"))
        events.add("short check")
        #expect(health.status == 200 && health.body == "OK", "\(health)")
        #expect(languages.status == 200 && languages.body.contains("\"en-US\""), "\(languages)")
        #expect(short.status == 200 && short.body.contains("\"matches\":[{"), "\(short)")
        // All of that while the slow check was still held on its check thread.
        #expect(slow.result == nil)
        // (The short check's thread counts itself out just after its answer is handed over.)
        #expect(Self.eventually { server.checks.active == 1 })

        gate.open()
        let answer = try #require(slow.wait())
        #expect(answer.status == 200 && answer.body.contains("\"matches\":[{"), "\(answer)")
        #expect(events.all == ["healthcheck", "languages", "short check", "slow check"])
    }

    /// A language's first check (the one that loads its dictionary) runs on a thread of its own:
    /// with one check thread, another language's checks go on while it is held; the same
    /// language's next check waits for it and is answered after it.
    @Test func aSlowFirstLoadHoldsItsOwnThread() throws {
        let gate = Gate("giraffe")
        let server = try Self.startServer(gate: gate, checkThreads: 1, ready: [])
        defer { gate.open(); server.stop() }
        let port = server.port
        let events = Events()
        let first = Pending {
            let r = Self.exchange(port, "POST", "/v2/check", form: Self.form("The giraffe ate a apple first.", "en-US"))
            events.add("first en-US")
            return r
        }
        try #require(Self.eventually { gate.entered == 1 }, "the first en-US check never started")
        let second = Pending {
            let r = Self.exchange(port, "POST", "/v2/check", form: Self.form("The second check waits for a apple.", "en-US"))
            events.add("second en-US")
            return r
        }
        // It waits for the load, as a queued check (not on a thread).
        try #require(Self.eventually { server.checks.waiting == 1 }, "the second en-US check did not queue")

        // British English: its own first check, then a check on the one check thread.
        let british = Self.exchange(port, "POST", "/v2/check", form: Self.form("I has a apple.", "en-GB"))
        events.add("en-GB")
        let britishAgain = Self.exchange(port, "POST", "/v2/check", form: Self.form("He ate a apple again.", "en-GB"))
        events.add("en-GB again")
        let health = Self.exchange(port, "GET", "/v2/healthcheck")
        events.add("healthcheck")
        #expect(british.status == 200 && british.body.contains("\"matches\":[{"), "\(british)")
        #expect(britishAgain.status == 200 && britishAgain.body.contains("\"matches\":[{"), "\(britishAgain)")
        #expect(health.status == 200 && health.body == "OK")
        #expect(server.checks.isReady("en-GB") && !server.checks.isReady("en-US"))
        #expect(first.result == nil && second.result == nil)

        gate.open()
        let a = try #require(first.wait())
        let b = try #require(second.wait())
        #expect(a.status == 200 && b.status == 200, "\(a) \(b)")
        #expect(server.checks.isReady("en-US"))
        // Both en-US answers came after the others (the second waited for the load: it was
        // queued and unanswered above). Which of the two the client threads record first is a
        // race of theirs once both are answered (a clean-clone CI run saw the second first).
        let all = events.all
        #expect(Array(all.prefix(3)) == ["en-GB", "en-GB again", "healthcheck"], "\(all)")
        #expect(Set(all.dropFirst(3)) == ["first en-US", "second en-US"] && all.count == 5, "\(all)")
    }

    /// Past `--check-queue` waiting checks a check gets 503 and the health check says 503; both
    /// are 200 again once the queue has room.
    @Test func aFullCheckQueueIs503AndTheHealthCheckSaysSo() throws {
        let gate = Gate("walrus")
        let server = try Self.startServer(gate: gate, checkThreads: 1, checkQueue: 1, ready: ["en-US"])
        defer { gate.open(); server.stop() }
        let port = server.port
        let running = Pending { Self.exchange(port, "POST", "/v2/check", form: Self.form("The walrus check runs.", "en-US")) }
        try #require(Self.eventually { gate.entered == 1 })
        let queued = Pending { Self.exchange(port, "POST", "/v2/check", form: Self.form("The walrus check waits.", "en-US")) }
        try #require(Self.eventually { server.checks.waiting == 1 })

        let refused = Self.exchange(port, "POST", "/v2/check", form: Self.form("One check too many.", "en-US"))
        #expect(refused.status == 503 && refused.body.hasPrefix("Error: Server overloaded"), "\(refused)")
        let health = Self.exchange(port, "GET", "/v2/healthcheck")
        #expect(health.status == 503 && health.body.contains("too many parallel requests"), "\(health)")
        // Only checks are refused (issue 35, break-it trial: every request got 503): the
        // language list and /metrics are answered.
        let languages = Self.exchange(port, "GET", "/v2/languages")
        #expect(languages.status == 200 && languages.body.contains("en-US"), "\(languages)")
        let metrics = Self.exchange(port, "GET", "/metrics")
        #expect(metrics.status == 200, "\(metrics)")
        #expect(metrics.body.contains("writing_tools_checks_waiting 1\n") && metrics.body.contains("writing_tools_check_queue_limit 1\n"), "\(metrics)")
        // A session's state is read (404 here: no such session), a tool run is refused.
        #expect(Self.exchange(port, "GET", "/api/sessions/none").status == 404)
        #expect(Self.exchange(port, "POST", "/api/tools/concise", form: "x").status == 503)

        gate.open()
        #expect(running.wait()?.status == 200)
        #expect(queued.wait()?.status == 200)
        #expect(Self.eventually { server.checks.waiting == 0 })
        #expect(Self.exchange(port, "GET", "/v2/healthcheck").status == 200)
        #expect(Self.exchange(port, "POST", "/v2/check", form: Self.form("One check too many.", "en-US")).status == 200)
    }

    /// A client that closes its connection while its check waits in the queue: the check is
    /// dropped when its turn comes, not run (issue 35, break-it trial), and counted.
    @Test func aCheckWhoseClientLeftIsNotRun() throws {
        let gate = Gate("walrus")
        let server = try Self.startServer(gate: gate, checkThreads: 1, checkQueue: 4, ready: ["en-US"])
        defer { gate.open(); server.stop() }
        let port = server.port
        let running = Pending { Self.exchange(port, "POST", "/v2/check", form: Self.form("The walrus check runs.", "en-US")) }
        try #require(Self.eventually { gate.entered == 1 })
        // A check sent on a connection the client closes once it is queued.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        let body = Self.form("The walrus check is abandoned.", "en-US")
        let request = Array(("POST /v2/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
        #expect(request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == request.count)
        try #require(Self.eventually { server.checks.waiting == 1 })
        // It leaves after the half-close window, once the server has seen it open past it (an
        // end before that is a half-close: ``ClientPresence``).
        Thread.sleep(forTimeInterval: 2.5)
        close(fd)
        gate.open()
        #expect(running.wait()?.status == 200)
        #expect(Self.eventually { server.checks.abandoned == 1 && server.checks.waiting == 0 })
        // It never reached the checker: only the first check passed the gate.
        #expect(gate.entered == 1)
        #expect(server.checks.metricsText().contains("writing_tools_checks_abandoned_total 1\n"))
        // The server goes on answering.
        #expect(Self.exchange(port, "POST", "/v2/check", form: Self.form("A check after.", "en-US")).status == 200)
    }

    /// A check already running when its client closes the connection stops (it no longer
    /// runs to its end for nobody): the check here is held by the gate after it started on its
    /// check thread, the client leaves, and the check, let go, gives up at its first part and
    /// is counted as abandoned. The server goes on answering.
    @Test func aRunningCheckWhoseClientLeftStops() throws {
        let gate = Gate("narwhal")
        let server = try Self.startServer(gate: gate, checkThreads: 1, ready: ["en-US"])
        defer { gate.open(); server.stop() }
        let text = (0..<400).map { "The narwhal paragraph number \($0) has teh typo in it." }.joined(separator: "\n\n")
        let body = Self.form(text, "en-US")
        let fd = Self.connectAndSend(server.port, "POST /v2/check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        try Self.leaveWhileHeld(fd, gate: gate, server: server)
    }

    /// A built-in tool run whose client leaves stops part-way, as a check does (issue 35:
    /// Concise on a huge text ran to its end for nobody): the run is held by the gate after it
    /// started on its check thread, the client leaves, and the run, let go, stops at its first
    /// paragraph, is answered 499 for nobody and counted as abandoned; the thread is free for
    /// the next request.
    @Test func aToolRunWhoseClientLeftStops() throws {
        let gate = Gate("narwhal")
        let server = try Self.startServer(gate: gate, checkThreads: 1, ready: ["en-US"])
        defer { gate.open(); server.stop() }
        let text = (0..<400).map { "In order to decide, the narwhal team number \($0) will basically look at teh data." }.joined(separator: "\n\n")
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["text": text]), as: UTF8.self)
        let fd = Self.connectAndSend(server.port, "POST /api/tools/concise HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        try Self.leaveWhileHeld(fd, gate: gate, server: server)
    }

    /// A client that shuts its side down right after its request (a half-close: Emacs's
    /// langtool.el does) is answered in full: the end of its stream within
    /// ``ClientPresence/halfCloseWindow`` of the request is no sign that it left (the session-43
    /// change that stops checks of clients that left answered it 503).
    @Test func aClientThatHalfClosesIsAnswered() throws {
        let gate = Gate("never-used")
        let server = try Self.startServer(gate: gate, checkThreads: 1, ready: ["en-US"])
        defer { server.stop() }
        let body = Self.form("This is a example.", "en-US")
        let fd = Self.connectAndSend(server.port, "POST /v2/check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(shutdown(fd, Int32(SHUT_WR)) == 0)
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let text = Self.readToEnd(fd)
        #expect(text.hasPrefix("HTTP/1.1 200"), "\(text.prefix(200))")
        #expect(text.contains("EN_A_VS_AN"))
        #expect(server.checks.abandoned == 0)
    }

    /// A half-closed client whose check waits in the queue is answered too: libmicrohttpd reads
    /// the end of the stream when the set-aside connection resumes and closed it unanswered
    /// (issue 35; docs/http-api.md named it a limit). Three such clients each wait behind a
    /// held check; each gets its 200.
    @Test func aHalfClosedClientWhoseCheckWaitedIsAnswered() throws {
        let gate = Gate("walrus")
        let server = try Self.startServer(gate: gate, checkThreads: 1, ready: ["en-US"])
        defer { gate.open(); server.stop() }
        let port = server.port
        let held = Pending { Self.exchange(port, "POST", "/v2/check", form: Self.form("The walrus check runs.", "en-US")) }
        try #require(Self.eventually { gate.entered == 1 })
        var sockets: [Int32] = []
        defer { for fd in sockets { close(fd) } }
        for k in 0..<3 {
            let body = Self.form("This is a example number \(k).", "en-US")
            let fd = Self.connectAndSend(port, "POST /v2/check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
            try #require(fd >= 0)
            sockets.append(fd)
            #expect(shutdown(fd, Int32(SHUT_WR)) == 0)
            var timeout = timeval(tv_sec: 60, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        try #require(Self.eventually { server.checks.waiting == 3 })
        gate.open()
        #expect(held.wait()?.status == 200)
        for fd in sockets {
            let text = Self.readToEnd(fd)
            #expect(text.hasPrefix("HTTP/1.1 200"), "\(text.prefix(200))")
            #expect(text.contains("EN_A_VS_AN"))
        }
        #expect(server.checks.abandoned == 0)
    }

    /// Everything the server sends on socket `fd` until it closes the connection (or a read
    /// fails or times out), as text.
    static func readToEnd(_ fd: Int32) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Connects to the server on `port` and sends `request` whole; the socket, or -1.
    /// The client of `fd` (whose request the gate holds on its check thread) leaves once it has
    /// been seen open past the half-close window; the run, let go, is counted as abandoned, and
    /// the thread answers the next request.
    static func leaveWhileHeld(_ fd: Int32, gate: Gate, server: HTTPServer) throws {
        try #require(fd >= 0)
        try #require(eventually { gate.entered == 1 })
        Thread.sleep(forTimeInterval: 2.5)  // seen open past the half-close window
        close(fd)
        gate.open()
        #expect(eventually { server.checks.abandoned == 1 })
        #expect(exchange(server.port, "POST", "/v2/check", form: form("A check after.", "en-US")).status == 200)
    }

    static func connectAndSend(_ port: UInt16, _ request: String) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let bytes = Array(request.utf8)
        guard connected == 0, bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            close(fd)
            return -1
        }
        return fd
    }

    /// A model's run whose client leaves is cancelled, and the model's one slot is free again
    /// at once: a session-43 trial's next request got 503 `model_busy` until the first run's
    /// model timeout (300 s by default). The model here never answers (`hang`, 30 s); its
    /// timeouts are 25 s, so a second run taking the slot within 10 s proves the cancellation.
    @Test func aModelRunWhoseClientLeftIsCancelled() throws {
        let (fake, models) = try Self.hangingModel()
        let gate = Gate("never-used")
        let server = try Self.startServer(gate: gate, checkThreads: 1, ready: ["en-US"], models: models)
        defer { server.stop() }
        let body = #"{"text":"In order to decide, we need to look at the data."}"#
        let request = "POST /api/tools/rewrite HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        let first = Self.connectAndSend(server.port, request)
        try #require(first >= 0)
        // The model has the request, then the client leaves.
        try #require(Self.eventually { (try? fake.lastRequest())?["path"] != nil })
        Thread.sleep(forTimeInterval: 2.5)  // seen open past the half-close window
        close(first)
        #expect(try Self.takesTheModelSlot(server.port, request, within: 10), "the model's slot stayed taken after its client left")
    }

    /// A fake model that never answers (`hang`) behind one slot and no queue, with timeouts of
    /// 25 s (a config file in a fresh home): a run that holds the slot past 10–15 s was not
    /// cancelled.
    static func hangingModel() throws -> (FakeModelServer, ModelEngines) {
        let fake = try FakeModelServer()
        let home = NSTemporaryDirectory() + "wt-http-hang-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home + "/.config/writing-tools", withIntermediateDirectories: true)
        try Data(#"{"timeouts":{"connect":5,"firstToken":25,"total":28}}"#.utf8)
            .write(to: URL(fileURLWithPath: home + "/.config/writing-tools/config.json"))
        let models = try ModelEngines(flags: ModelFlags(provider: .openai, model: "hang", baseURL: fake.openAIBaseURL.absoluteString),
                                      environment: ["HOME": home], maxConcurrent: 1, maxWaiting: 0, metrics: nil)
        return (fake, models)
    }

    /// True when a run sent as `request` gets the model's one slot within `seconds`: sent again
    /// and again, it is answered 503 `model_busy` at once while another run holds the slot, and
    /// not answered within a second once it has it.
    static func takesTheModelSlot(_ port: UInt16, _ request: String, within seconds: Double) throws -> Bool {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            let fd = connectAndSend(port, request)
            try #require(fd >= 0)
            defer { close(fd) }
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return true }
            #expect(String(decoding: buffer[0..<n], as: UTF8.self).contains("model_busy"))
            usleep(300_000)
        }
        return false
    }
}
