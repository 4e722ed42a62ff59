import Foundation
import Testing
@testable import WritingToolsHTTP
#if canImport(Glibc)
import Glibc
#endif

/// Connections that hold the server without sending a request (issue 35's slowloris trial: 600
/// connections sending a header line every 2 s filled the server until the 15 s read timeout).
/// A real server on a loopback port; the read timeout is a minute, so a cut within seconds is
/// the busy server's deadline (``HTTPServer/busyReadTimeout``).
@Suite("HTTP: a busy server's request deadline", .serialized)
struct ConnectionDeadlineTests {
    static func startServer(maxConnections: Int) throws -> HTTPServer {
        var settings = HTTPServerSettings()
        settings.port = 0
        settings.threads = 1
        settings.maxConnections = maxConnections
        settings.readTimeout = 60
        settings.shutdownGrace = 1
        let server = HTTPServer(settings: settings, logger: nil) { _, _ in .error(404, "none") }
        try server.start()
        return server
    }

    /// `count` connections that send half a request line and then nothing.
    static func slowClients(_ port: UInt16, _ count: Int) -> [Int32] {
        (0..<count).compactMap { _ in
            let fd = CheckPoolTests.connectAndSend(port, "GET /v2/languag")
            if fd >= 0 {
                var timeout = timeval(tv_sec: 15, tv_usec: 0)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            }
            return fd >= 0 ? fd : nil
        }
    }

    /// True when the server has closed `fd` (a read sees its end, or a reset), false when the
    /// read timed out with the connection open.
    static func wasCut(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, 0)
        return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Six of eight connections open (three quarters): the slow ones are cut within seconds,
    /// and a new client is served.
    @Test func slowClientsOfABusyServerAreCut() throws {
        let server = try Self.startServer(maxConnections: 8)
        defer { server.stop() }
        let slow = Self.slowClients(server.port, 6)
        defer { for fd in slow { close(fd) } }
        try #require(slow.count == 6)
        let started = Date()
        for fd in slow { #expect(Self.wasCut(fd)) }
        #expect(Date().timeIntervalSince(started) < 14, "cut after \(Date().timeIntervalSince(started)) s")
        #expect(CheckPoolTests.exchange(server.port, "GET", "/v2/healthcheck").status != 0)
    }

    /// Two of eight: the read timeout (a minute) holds; a slow client is not cut in 3 s.
    @Test func slowClientsOfAQuietServerKeepTheReadTimeout() throws {
        let server = try Self.startServer(maxConnections: 8)
        defer { server.stop() }
        let slow = Self.slowClients(server.port, 2)
        defer { for fd in slow { close(fd) } }
        try #require(slow.count == 2)
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(slow[0], SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #expect(!Self.wasCut(slow[0]))
    }
}
