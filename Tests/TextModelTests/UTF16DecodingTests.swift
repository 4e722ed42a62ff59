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
