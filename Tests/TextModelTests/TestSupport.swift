import Foundation
import WritingToolsTestSupport
@testable import TextModel

/// The shared seeded generator (WritingToolsTestSupport).
typealias SeededGenerator = SplitMix64

/// The hard cases of docs/ARCHITECTURE.md, “Rules that hold everywhere” as building blocks for generated texts.
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
