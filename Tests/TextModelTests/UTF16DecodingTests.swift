import Foundation
import Testing
import TextModel

/// `String(utf16Units:)` must give exactly what `String(decoding:as: UTF16.self)` gives.
struct UTF16DecodingTests {
    @Test(arguments: ["", "plain ASCII", "café “quoted” — dash", "emoji 😀 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "日本語のテキスト", "a\u{0}b\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}"])
    func sameAsTheStandardDecoder(text: String) {
        let units = Array(text.utf16)
        #expect(String(utf16Units: units) == text)
        if units.count > 2 {
            let slice = units[1..<(units.count - 1)]
            #expect(String(utf16Units: slice) == String(decoding: slice, as: UTF16.self))
        }
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() {
        let cases: [[UInt16]] = [[0xD800], [0xDC00, 0x41], [0x41, 0xD83D], [0xD83D, 0xD83D, 0xDE00], [0xDE00, 0xD83D]]
        for units in cases {
            #expect(String(utf16Units: units) == String(decoding: units, as: UTF16.self), "\(units)")
        }
    }

    @Test func randomUnitsAgree() {
        var state: UInt64 = 0x9E3779B97F4A7C15
        for _ in 0..<200 {
            var units: [UInt16] = []
            for _ in 0..<40 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let r = UInt16(truncatingIfNeeded: state >> 33)
                // Mostly surrogates and ASCII, where the edge cases are.
                units.append(r % 3 == 0 ? 0xD800 + r % 0x800 : r % 3 == 1 ? r % 0x80 : r)
            }
            #expect(String(utf16Units: units) == String(decoding: units, as: UTF16.self))
        }
    }
}

/// `[UInt16](utf16Of:)` must give exactly `Array(text.utf16)`.
struct UTF16EncodingTests {
    @Test(arguments: ["", "plain ASCII", "café “quoted” — dash", "emoji 😀 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "日本語のテキスト", "a\u{0}b\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"])
    func sameAsTheUTF16View(text: String) {
        #expect([UInt16](utf16Of: text) == Array(text.utf16))
    }
}

@Suite("UTF8Scalars.firstInvalidOffset")
struct UTF8ValidationTests {
    /// The reference: the first offset where the bytes stop being a valid UTF-8 prefix that
    /// the standard library's decoder accepts (`String(validating:)` on growing prefixes would
    /// be quadratic; the decoder's own error position is used instead).
    static func reference(_ b: [UInt8]) -> Int? {
        var it = b.makeIterator()
        var utf8 = UTF8()
        var offset = 0
        while true {
            switch utf8.decode(&it) {
            case let .scalarValue(s): offset += UTF8.width(s)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    @Test func agreesWithTheStandardDecoderOnRandomBytes() {
        var rng = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("plain ascii text".utf8), Array("é".utf8), Array("中".utf8), Array("😀".utf8),
                                 [0xFF], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                                 [0xC3], [0xE4, 0xB8], [0x80], [0x00], [0x7F]]
        for _ in 0..<3000 {
            var b: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &rng) { b += pieces.randomElement(using: &rng)! }
            let got = b.withUnsafeBufferPointer { UTF8Scalars.firstInvalidOffset($0) }
            #expect(got == Self.reference(b), "\(b)")
            #expect((got == nil) == (String(validating: b, as: UTF8.self) != nil), "\(b)")
        }
    }

    @Test func findsTheBadByteAtEveryPositionOfAnASCIIRun() {
        for n in 0..<40 {
            for k in 0..<n {
                var b = [UInt8](repeating: 0x61, count: n)
                b[k] = 0xFE
                #expect(b.withUnsafeBufferPointer { UTF8Scalars.firstInvalidOffset($0) } == k)
            }
            let ok = [UInt8](repeating: 0x61, count: n)
            #expect(ok.withUnsafeBufferPointer { UTF8Scalars.firstInvalidOffset($0) } == nil)
        }
    }
}

/// Counting a text's UTF-16 length byte by byte with `UTF8Scalars.utf16Units(byte:)` gives its
/// `utf16.count`, for every width of scalar.
@Suite struct UTF16UnitsPerByteTests {
    @Test(arguments: ["", "plain ascii", "café", "naïve – “quoted” …", "日本語", "😀👩‍💻 and 𝄞", "a\u{0301}\u{FFFC}\u{10FFFF}"])
    func bytesAddUpToTheUTF16Length(text: String) {
        #expect(text.utf8.reduce(0) { $0 + UTF8Scalars.utf16Units(byte: $1) } == text.utf16.count)
    }
}
