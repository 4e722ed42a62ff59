import Foundation
import Testing
@testable import Proofreading

/// ``WordSet`` and ``WordMap`` answer exactly as `Set<String>` and `Dictionary` do.
struct WordSetTests {
    @Test func membershipMatchesTheStandardSet() {
        let long = String(repeating: "supercalifragilistic", count: 5)  // over 63 bytes
        var words: [String] = ["a", "an", "the", "don't", "don’t", "café", "Café", "naïve", "😀", "", "x y", long]
        for i in 0..<2_000 { words.append("w\(i * 7919 % 10_007)") }
        let set = WordSet(words)
        let reference = Set(words)
        #expect(set.count == reference.count)
        for w in words { #expect(set.contains(w)) }
        for probe in ["A", "The", "dont", "cafe", "w10008", "w", "an ", "naive", "😀😀", String(long.dropLast()), long + "s",
                      String(repeating: "x", count: long.utf8.count)] {
            #expect(set.contains(probe) == reference.contains(probe), "\(probe)")
        }
        #expect(Set(set) == reference)
        #expect(set.union(["zebra"]).contains("zebra") && !set.contains("zebra"))
        #expect(!set.subtracting(["the"]).contains("the") && set.subtracting(["the"]).contains("an"))
        #expect(set.isDisjoint(with: ["zebra", "yak"]) && !set.isDisjoint(with: ["yak", "a"]))
        #expect(WordSet([]).isEmpty && !WordSet([]).contains(""))
    }

    /// Queries in every form a `String` takes: literals, strings made from bytes, lowercased,
    /// sliced, grown by appending (which may keep a short string on the heap), bridged through
    /// `NSString`, and long ones; members of 1 to 15 bytes (the small form) and longer.
    @Test func queriesInEveryStringFormAgree() {
        let words = ["a", "it", "the", "don't", "don’t", "café", "fifteen letters", "sixteen letters!", "naïve", "x"]
        let set = WordSet(words)
        #expect(SmallStringKey.isAvailable == (MemoryLayout<String>.size == 16))
        for w in words {
            var grown = String()
            grown.reserveCapacity(64)  // a heap buffer, though the text is short
            grown.append(w)
            let forms = [w, String(decoding: Array(w.utf8), as: UTF8.self), w.uppercased().lowercased() == w ? w.uppercased().lowercased() : w,
                         String(Substring(w)), grown, String(NSString(string: w)), String(("#" + w).dropFirst())]
            for f in forms { #expect(set.contains(f), "\(w) as \(f)") }
            #expect(!set.contains(w + "s") || words.contains(w + "s"))
        }
        var heapShort = String()
        heapShort.reserveCapacity(100)
        heapShort.append("th")
        #expect(!set.contains(heapShort))
        heapShort.append("e")
        #expect(set.contains(heapShort))
        #expect(!set.contains("The") && !set.contains("cafe") && !set.contains(""))
    }

    @Test func mapMatchesTheStandardDictionary() {
        var dictionary: [String: Int] = [:]
        for i in 0..<5_000 { dictionary["k\(i)"] = i }
        dictionary["it’s"] = -1
        let map = WordMap(dictionary)
        for (k, v) in dictionary { #expect(map[k] == v) }
        #expect(map["k5000"] == nil && map["it's"] == nil && map[""] == nil)
        #expect(WordMap([String: Int]())["x"] == nil)
    }
}

/// `String.isAny(of:)` (ASCII literals compared by bytes) answers as `[…].contains(_:)` does.
@Suite struct LiteralMatchingTests {
    @Test func answersAsArrayContains() {
        let words: [StaticString] = ["a", "an", "the", "don't", "e.g", "I", ".", ","]
        let candidates = ["a", "an", "the", "The", "", "th", "them", "don't", "don’t", "e.g", "I", "i", ".", ",", ";",
                          "é", "the\u{301}", "\u{212A}", "k", "a\u{0}", "an ", " an"]
        for c in candidates {
            let expected = words.map(\.description).contains(c)
            #expect(c.isAny(of: "a", "an", "the", "don't", "e.g", "I", ".", ",") == expected, "\(c.debugDescription)")
        }
        // Canonical equivalence still holds for non-ASCII text: “é” written as e + combining acute.
        #expect("e\u{301}".isAny(of: "x", "\u{E9}") == ["x", "\u{E9}"].contains("e\u{301}"))
        #expect(!"".isAny(of: "a"))
        #expect("".isAny(of: "", "a"))
    }
}

/// `hasASCIISuffix(_:)` and `hasASCIIPrefix(_:)` answer as `hasSuffix(_:)` and `hasPrefix(_:)`
/// do on words, accented and decomposed ones included; a token's ``Token/lastByte`` is the last
/// byte of its ``Token/lower``.
@Suite struct AffixMatchingTests {
    static let words = ["walks", "walk", "s", "", "class", "quickly", "ly", "fly", "Ly", "re", "redo", "re\u{301}do", "rédo",
                        "cafe\u{301}", "cafés", "naïve", "ı", "İs", "don't", "don’t", "teams'", "STOPS", "x\u{0301}s", "ﬁs", "ǅs"]

    @Test(arguments: ["s", "ss", "ly", "ed", "ing", "'s", "e", "re", "do"])
    func suffixesAnswerAsHasSuffix(suffix: String) {
        for w in Self.words {
            let fast: Bool
            switch suffix {
            case "s": fast = w.hasASCIISuffix("s")
            case "ss": fast = w.hasASCIISuffix("ss")
            case "ly": fast = w.hasASCIISuffix("ly")
            case "ed": fast = w.hasASCIISuffix("ed")
            case "ing": fast = w.hasASCIISuffix("ing")
            case "'s": fast = w.hasASCIISuffix("'s")
            case "e": fast = w.hasASCIISuffix("e")
            case "re": fast = w.hasASCIISuffix("re")
            default: fast = w.hasASCIISuffix("do")
            }
            #expect(fast == w.hasSuffix(suffix), "\(w.debugDescription) \(suffix)")
        }
    }

    @Test func prefixesAnswerAsHasPrefix() {
        for w in Self.words {
            #expect(w.hasASCIIPrefix("re") == w.hasPrefix("re"), "\(w.debugDescription)")
            #expect(w.hasASCIIPrefix("wal") == w.hasPrefix("wal"), "\(w.debugDescription)")
            #expect(w.hasASCIIPrefix("caf") == w.hasPrefix("caf"), "\(w.debugDescription)")
            #expect(w.hasASCIIPrefix("") == w.hasPrefix(""), "\(w.debugDescription)")
        }
    }

    @Test func lastByteIsLowersLastByte() {
        for t in Tokenizer.tokenize("Walks, STOPS and naïve cafés. İs don’t — x\u{0301}s 3.14 A I a\n") {
            #expect(t.lastByte == (t.lower.utf8.last ?? 0), "\(t.text.debugDescription)")
        }
    }
}
