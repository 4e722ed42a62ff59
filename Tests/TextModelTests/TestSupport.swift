import Foundation
@testable import TextModel

/// A small, seeded generator (SplitMix64) so that randomized tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The hard cases of DESIGN.md §4 as building blocks for generated texts.
let trickyPieces: [String] = [
    "a", "Z", "word", " ", "  ", "\t", "\n", "\r", "\r\n",
    "👩‍👩‍👧‍👦", "🧑‍💻", "🇫🇷", "🇯🇵", "👋🏽", "e\u{301}", "é", "漢", "字", "か", "な",
    "𝒜", "𝔅", "\u{FEFF}", ".", ",", "!", "'", "-",
]

func randomText(_ g: inout SeededGenerator, pieces: Int, from table: [String] = trickyPieces) -> String {
    var s = ""
    for _ in 0..<pieces { s += table.randomElement(using: &g)! }
    return s
}

/// Exact equality (scalar for scalar), unlike `==`, which compares canonical equivalence.
func identical(_ a: String, _ b: String) -> Bool {
    a.unicodeScalars.elementsEqual(b.unicodeScalars)
}

func r(_ location: Int, _ length: Int) -> NSRange { NSRange(location: location, length: length) }
