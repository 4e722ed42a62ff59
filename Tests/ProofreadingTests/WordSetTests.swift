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
