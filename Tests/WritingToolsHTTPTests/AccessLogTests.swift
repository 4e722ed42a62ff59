import Foundation
import Testing
@testable import WritingToolsHTTP

/// The access log's time stamp, written without a date formatter.
@Suite("HTTP: access log")
struct AccessLogTests {
    /// The same text as Foundation's ISO 8601 formatter with milliseconds, on instants across
    /// years, leap days, month ends and before 1970.
    @Test func timestampsAreISO8601WithMilliseconds() {
        let instants: [Int64] = [0, 1_000, 951_782_400_123, 1_733_435_321_999, 1_796_083_199_500, 4_102_444_799_001, -1_500,
                                 1_709_164_800_010]
        for ms in instants {
            let expected = ISO8601DateFormatter.string(from: Date(timeIntervalSince1970: Double(ms) / 1000), timeZone: .gmt,
                                                       formatOptions: [.withInternetDateTime, .withFractionalSeconds])
            #expect(HTTPServer.timestamp(nanoseconds: ms * 1_000_000) == expected, "\(ms)")
        }
        // Below a millisecond it is cut, not rounded (a time stamp never runs ahead).
        #expect(HTTPServer.timestamp(nanoseconds: 1_733_435_321_999_999_999) == "2024-12-05T21:48:41.999Z")
        let now = HTTPServer.timestamp()
        #expect(now.count == 24 && now.hasSuffix("Z") && now.dropFirst(10).first == "T", "\(now)")
    }
}
