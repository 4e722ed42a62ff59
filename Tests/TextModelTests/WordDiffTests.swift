import Foundation
import Testing
@testable import TextModel

/// The edits as (removed text, inserted text) pairs, after checking the guarantees.
private func changes(_ a: String, _ b: String, options: WordDiff.Options = .init(),
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    let edits = WordDiff.edits(from: a, to: b, options: options)
    try checkGuarantees(a, b, edits, sourceLocation: sourceLocation)
    return try edits.map { e in
        let removed = try #require(a.substring(utf16Range: e.range), sourceLocation: sourceLocation)
        return "\(removed)→\(e.replacement)"
    }
}

private func checkGuarantees(_ a: String, _ b: String, _ edits: [TextEdit],
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
    let out = try a.applying(edits)
    #expect(identical(out, b), "\(a.debugDescription) → \(b.debugDescription) via \(edits)", sourceLocation: sourceLocation)
    // Sorted, not touching, on grapheme-cluster boundaries of the original.
    for (p, q) in zip(edits, edits.dropFirst()) {
        #expect(NSMaxRange(p.range) < q.range.location, "\(edits)", sourceLocation: sourceLocation)
    }
    let bounds = Set(a.indices.map { $0.utf16Offset(in: a) } + [a.utf16.count])
    for e in edits {
        #expect(bounds.contains(e.range.location) && bounds.contains(NSMaxRange(e.range)),
                "\(e) splits a character of \(a.debugDescription)", sourceLocation: sourceLocation)
        #expect(!(e.range.length == 0 && e.replacement.isEmpty), sourceLocation: sourceLocation)
    }
}

@Suite("WordDiff")
struct WordDiffTests {
    @Test func identicalTextsHaveNoEdits() throws {
        #expect(try changes("", "").isEmpty)
        #expect(try changes("The cat sat.", "The cat sat.").isEmpty)
        #expect(try changes("👩‍👩‍👧‍👦 漢字\r\n", "👩‍👩‍👧‍👦 漢字\r\n").isEmpty)
    }

    @Test func wholeWordReplacements() throws {
        #expect(try changes("I will recieve it.", "I will receive it.") == ["recieve→receive"])
        #expect(try changes("a apple", "an apple") == ["a→an"])
        #expect(try changes("two cat", "two cats") == ["cat→cats"])
        #expect(try changes("Its raining", "It's raining") == ["Its→It's"])
        #expect(try changes("dont go", "don’t go") == ["dont→don’t"])
        #expect(try changes("the cat sat on the mat", "the dog sat on the rug") == ["cat→dog", "mat→rug"])
    }

    @Test func repeatedWordIsDeletedWithOneSpace() throws {
        let c = try changes("I saw the the cat.", "I saw the cat.")
        #expect(c == ["the →"] || c == [" the→"])
        let d = try changes("the the", "the")
        #expect(d == ["the →"] || d == [" the→"])
    }

    @Test func insertionsAtStartAndEnd() throws {
        #expect(try changes("world", "Hello world") == ["→Hello "])
        #expect(try changes("Hello", "Hello world") == ["→ world"])
        #expect(try changes("Hello world", "Hello world.") == ["→."])
        #expect(try changes("", "Hello") == ["→Hello"])
        let c = try changes("quick fox", "The quick brown fox jumps")
        #expect(c == ["→The ", "→brown ", "→ jumps"] || c == ["→The ", "→ brown", "→ jumps"])
    }

    @Test func deletions() throws {
        #expect(try changes("Hello", "") == ["Hello→"])
        #expect(try changes("a very big dog", "a big dog") == ["very →"])
        #expect(try changes("Hello world!", "Hello world") == ["!→"])
        let c = try changes("Really, I think so.", "I think so.")
        #expect(c == ["Really, →"])
    }

    @Test func punctuationChanges() throws {
        #expect(try changes("Hello world", "Hello, world!") == ["→,", "→!"])
        #expect(try changes("Wait... what?", "Wait… what?") == ["...→…"])
        #expect(try changes("Yes.No.", "Yes. No.") == ["→ "])
        #expect(try changes("\"quoted\"", "“quoted”") == ["\"→“", "\"→”"])
        #expect(try changes("well-known", "well known") == ["-→ "])
    }

    @Test func whitespaceOnlyChanges() throws {
        #expect(try changes("a  b", "a b") == [" →"])
        #expect(try changes("a b", "a   b") == ["→  "])
        #expect(try changes("a b", "a\tb") == [" →\t"])
        #expect(try changes("line one\nline two", "line one\n\nline two") == ["→\n"])
        #expect(try changes("end \n", "end\n") == [" →"])
        #expect(try changes("a\r\nb", "a\nb") == ["\r\n→\n"])
    }

    @Test func changesSeparatedBySpacesAreJoined() throws {
        #expect(try changes("I has went home.", "I have gone home.") == ["has went→have gone"])
        #expect(try changes("I has went home.", "I have gone home.", options: .init(joinsChangesAcrossSpaces: false))
                == ["has→have", "went→gone"])
        // Not across a line break or a kept word.
        #expect(try changes("teh\ncat", "the\ndog") == ["teh→the", "cat→dog"])
        #expect(try changes("teh big cat", "the big dog") == ["teh→the", "cat→dog"])
    }

    @Test func emojiAndCJK() throws {
        #expect(try changes("Hi 👋🏽 there", "Hi 👋🏿 there") == ["👋🏽→👋🏿"])
        #expect(try changes("We 🇫🇷 you", "We 🇯🇵 you") == ["🇫🇷→🇯🇵"])
        #expect(try changes("dev 🧑‍💻!", "dev 👩‍👩‍👧‍👦!") == ["🧑‍💻→👩‍👩‍👧‍👦"])
        #expect(try changes("漢字を書く", "漢字を読む") == ["書→読", "く→む"] || changes("漢字を書く", "漢字を読む") == ["書く→読む"])
        #expect(try changes("かなです", "カナです") == ["か→カ", "な→ナ"] || changes("かなです", "カナです") == ["かな→カナ"])
        #expect(try changes("caf\u{E9} ok", "cafe\u{301} ok") == ["caf\u{E9}→cafe\u{301}"]) // exact, not canonical
        #expect(try changes("𝒜 and 𝔅", "𝒜 or 𝔅") == ["and→or"])
        #expect(try changes("\u{FEFF}Hello", "Hello") == ["\u{FEFF}→"])
    }

    @Test func completelyDifferentTexts() throws {
        let c = try changes("The cat sat.", "A dog ran!")
        #expect(c.count <= 2)
        #expect(try changes("alpha", "beta") == ["alpha→beta"])
        #expect(try changes("one two three", "four five six") == ["one two three→four five six"])
    }

    @Test func tokens() {
        let t = WordDiff.tokens(of: "Don't  stop—漢字 👋🏽e\u{301}!\r\n")
        #expect(t.map(\.text) == ["Don't", "  ", "stop", "—", "漢", "字", " ", "👋🏽", "e\u{301}", "!", "\r\n"])
        #expect(t.map(\.kind) == [.word, .whitespace, .word, .other, .ideograph, .ideograph, .whitespace,
                                  .other, .word, .other, .whitespace])
        #expect(t.last?.containsLineBreak == true)
        #expect(t[1].containsLineBreak == false)
        // Ranges tile the text in UTF-16 units.
        var at = 0
        for tok in t { #expect(tok.range.location == at); at = NSMaxRange(tok.range) }
        #expect(at == "Don't  stop—漢字 👋🏽e\u{301}!\r\n".utf16.count)
        #expect(WordDiff.tokens(of: "").isEmpty)
        #expect(WordDiff.tokens(of: "rock'n'roll 'quoted'").map(\.text) == ["rock'n'roll", " ", "'", "quoted", "'"])
    }

    @Test func editsAreInUTF16OfTheOriginal() {
        let edits = WordDiff.edits(from: "👩‍👩‍👧‍👦 teh cat", to: "👩‍👩‍👧‍👦 the cat")
        #expect(edits == [TextEdit(range: r(12, 3), replacement: "the")])
    }

    // MARK: property tests

    static let wordPieces = ["the", "cat", "a", "an", "dog", " ", " ", " ", "  ", "\n", "\r\n", ".", ",", "!",
                             "don't", "漢", "字", "か", "👋🏽", "🧑‍💻", "🇫🇷", "e\u{301}", "é", "𝒜", "\u{FEFF}", "\t"]

    @Test(arguments: 0..<10)
    func applyingEditsReproducesRevised(seed: Int) throws {
        var g = SeededGenerator(seed: UInt64(seed) &+ 5000)
        for _ in 0..<80 {
            let a = randomText(&g, pieces: Int.random(in: 0...40, using: &g), from: Self.wordPieces)
            // Mostly small mutations, sometimes an unrelated text.
            var b: String
            if Bool.random(using: &g), Int.random(in: 0..<4, using: &g) == 0 {
                b = randomText(&g, pieces: Int.random(in: 0...40, using: &g), from: Self.wordPieces)
            } else {
                var tokens = WordDiff.tokens(of: a).map { String($0.text) }
                for _ in 0..<Int.random(in: 0...4, using: &g) {
                    let op = Int.random(in: 0..<3, using: &g)
                    let piece = Self.wordPieces.randomElement(using: &g)!
                    if op == 0 || tokens.isEmpty {
                        tokens.insert(piece, at: Int.random(in: 0...tokens.count, using: &g))
                    } else if op == 1 {
                        tokens.remove(at: Int.random(in: 0..<tokens.count, using: &g))
                    } else {
                        tokens[Int.random(in: 0..<tokens.count, using: &g)] = piece
                    }
                }
                b = tokens.joined()
            }
            let edits = WordDiff.edits(from: a, to: b)
            try checkGuarantees(a, b, edits)
            // A tiny cost limit forces the heuristic path: still correct.
            try checkGuarantees(a, b, WordDiff.edits(from: a, to: b, options: .init(costLimit: 1)))
            try checkGuarantees(a, b, WordDiff.edits(from: a, to: b, options: .init(joinsChangesAcrossSpaces: false)))
            if identical(a, b) { #expect(edits.isEmpty) }
        }
    }

    @Test(arguments: 0..<4)
    func arbitraryTrickyTexts(seed: Int) throws {
        var g = SeededGenerator(seed: UInt64(seed) &+ 9000)
        for _ in 0..<100 {
            let a = randomText(&g, pieces: Int.random(in: 0...25, using: &g))
            let b = randomText(&g, pieces: Int.random(in: 0...25, using: &g))
            try checkGuarantees(a, b, WordDiff.edits(from: a, to: b))
            try checkGuarantees(a, a + b, WordDiff.edits(from: a, to: a + b))
            try checkGuarantees(b + a, a, WordDiff.edits(from: b + a, to: a))
        }
    }

    /// Minimality in tokens: with joining off, the changed token count equals the LCS distance
    /// (checked against a quadratic dynamic programme on small inputs).
    @Test(arguments: 0..<4)
    func minimalInTokens(seed: Int) throws {
        var g = SeededGenerator(seed: UInt64(seed) &+ 777)
        let vocabulary = ["a", "b", "c", " ", "."]
        for _ in 0..<150 {
            let a = randomText(&g, pieces: Int.random(in: 0...14, using: &g), from: vocabulary)
            let b = randomText(&g, pieces: Int.random(in: 0...14, using: &g), from: vocabulary)
            let ta = WordDiff.tokens(of: a).map { String($0.text) }, tb = WordDiff.tokens(of: b).map { String($0.text) }
            var lcs = Array(repeating: Array(repeating: 0, count: tb.count + 1), count: ta.count + 1)
            for i in stride(from: ta.count - 1, through: 0, by: -1) {
                for j in stride(from: tb.count - 1, through: 0, by: -1) {
                    lcs[i][j] = ta[i] == tb[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
                }
            }
            let edits = WordDiff.edits(from: a, to: b, options: .init(joinsChangesAcrossSpaces: false))
            try checkGuarantees(a, b, edits)
            // Tokens removed from a = |a| - LCS, counted on the original side of each edit.
            var removed = 0
            for e in edits {
                let sub = try #require(a.substring(utf16Range: e.range))
                removed += WordDiff.tokens(of: sub).count
            }
            // Whitespace trimming can shorten a run without removing a token: at most |a| - LCS.
            #expect(removed <= ta.count - lcs[0][0], "\(a.debugDescription) → \(b.debugDescription): \(edits)")
        }
    }

    // MARK: big texts

    static func bigText(_ g: inout SeededGenerator, bytes: Int) -> String {
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "and", "writes",
                     "a", "letter", "to", "its", "friend", "about", "weather", "in", "Paris", "today"]
        var s = ""
        var sentence = 0
        while s.utf8.count < bytes {
            sentence += 1
            for k in 0..<Int.random(in: 5...18, using: &g) {
                s += (k == 0 ? "" : " ") + words.randomElement(using: &g)!
            }
            s += sentence % 7 == 0 ? ".\n\n" : ". "
        }
        return s
    }

    @Test func hundredKilobytesWithScatteredCorrections() throws {
        var g = SeededGenerator(seed: 1)
        let a = Self.bigText(&g, bytes: 100_000)
        var tokens = WordDiff.tokens(of: a).map { String($0.text) }
        var changed = 0
        for i in stride(from: 0, to: tokens.count, by: 97) where tokens[i].first?.isLetter == true {
            tokens[i] = tokens[i].uppercased() + "x"; changed += 1
        }
        let b = tokens.joined()
        var edits: [TextEdit] = []
        edits = WordDiff.edits(from: a, to: b)
        try checkGuarantees(a, b, edits)
        #expect(edits.count == changed)
    }

    @Test func hundredKilobytesUnrelated() throws {
        var g = SeededGenerator(seed: 2)
        let a = Self.bigText(&g, bytes: 100_000)
        let b = Self.bigText(&g, bytes: 100_000)
        var edits: [TextEdit] = []
        edits = WordDiff.edits(from: a, to: b)
        try checkGuarantees(a, b, edits)
    }
}
