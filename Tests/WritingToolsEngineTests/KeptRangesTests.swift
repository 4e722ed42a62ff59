import Foundation
import Testing
import WritingToolsTestSupport
import Proofreading
@testable import WritingToolsEngine

@Suite("Kept ranges: markup a host keeps is never changed by a suggestion")
struct KeptRangesTests {
    func suggestion(_ location: Int, _ length: Int, _ replacements: [String], rule: String = "CONSECUTIVE_SPACES") -> ProofreadingSuggestion {
        ProofreadingSuggestion(range: NSRange(location: location, length: length), replacements: replacements, ruleID: rule,
                         category: .typography, message: "m", provenance: .rules)
    }

    /// Applies `s`'s first replacement to `text` (UTF-16).
    func applied(_ s: ProofreadingSuggestion, to text: String) -> String {
        var u = Array(text.utf16)
        u.replaceSubrange(s.range.location..<(s.range.location + s.range.length), with: Array(s.replacements[0].utf16))
        return String(decoding: u, as: UTF16.self)
    }

    /// "Hello " <br/> " world": checked as "Hello  world", the markup a position at 6. Two
    /// spaces → one over 5..<7 would delete the `<br/>`; narrowed, the second space goes.
    @Test func twoSpacesAcrossAPositionAreNarrowedToOneSide() {
        let text = "Hello  world"
        let out = KeptRanges.apply([suggestion(5, 2, [" "])], keeping: [NSRange(location: 6, length: 0)], in: text)
        #expect(out.count == 1)
        #expect(out.first?.range == NSRange(location: 6, length: 1))
        #expect(out.first?.replacements == [""])
        #expect(out.first.map { applied($0, to: text) } == "Hello world")
    }

    /// A stand-in that is read as text ("\n\n" for `<p>`) is never replaced, not even by itself.
    @Test func aStandInIsNeverChanged() {
        let text = "End. \n\nNext"
        // A rule that would turn " \n\n" into "\n\n": narrowed to deleting the space.
        let kept = [NSRange(location: 5, length: 2)]
        let trimmed = KeptRanges.apply([suggestion(4, 3, ["\n\n"])], keeping: kept, in: text)
        #expect(trimmed.first?.range == NSRange(location: 4, length: 1))
        #expect(trimmed.first?.replacements == [""])
        // One that would change the break itself is rejected; one with another replacement that
        // keeps it keeps only that one.
        #expect(KeptRanges.apply([suggestion(4, 3, [" "])], keeping: kept, in: text).isEmpty)
        let mixed = KeptRanges.apply([suggestion(4, 3, [" ", "\n\n"])], keeping: kept, in: text)
        #expect(mixed.first?.replacements == [""])
        #expect(mixed.first?.range == NSRange(location: 4, length: 1))
    }

    @Test func suggestionsThatKeepEverythingAreUntouched() {
        let text = "A  b <x> teh cat"
        let kept = [NSRange(location: 5, length: 3), NSRange(location: 1, length: 0)]
        let ok = [suggestion(1, 2, [" "]),  // starts at the position: does not cross it
                  suggestion(9, 3, ["the"], rule: "SPELLING"),
                  suggestion(0, 12, [], rule: "NO_FIX")]  // no replacement: no edit, kept as it is
        #expect(KeptRanges.apply(ok, keeping: kept, in: text) == ok)
        #expect(KeptRanges.apply(ok, keeping: [], in: text) == ok)
    }

    @Test func aReplacementThatNeedsTheMarkupGoneIsRejected() {
        // "recieve" split by markup at 4 ("reci<b>eve"): "ie" → "ei" changes text on both
        // sides of it; there is no fix that keeps the markup.
        #expect(KeptRanges.apply([suggestion(0, 7, ["receive"], rule: "SPELLING")], keeping: [NSRange(location: 4, length: 0)], in: "recieve").isEmpty)
        // Split at 3 ("rec<b>ieve"): the change lies after it.
        let after = KeptRanges.apply([suggestion(0, 7, ["receive"], rule: "SPELLING")], keeping: [NSRange(location: 3, length: 0)], in: "recieve")
        #expect(after.first?.range == NSRange(location: 3, length: 2))
        #expect(after.first?.replacements == ["ei"])
        let text = "colour"
        // Split at 5 ("colou<b>r"): the change (deleting "u") lies before it.
        let out = KeptRanges.apply([suggestion(0, 6, ["color"], rule: "SPELLING")], keeping: [NSRange(location: 5, length: 0)], in: text)
        #expect(out.first?.range == NSRange(location: 4, length: 1))
        #expect(out.first.map { applied($0, to: text) } == "color")
    }

    @Test func narrowingNeverSplitsASurrogatePair() {
        // "😀😀" → "😁😀"-like edits share a high surrogate: the edit keeps the pair whole.
        let text = "a😀 😀b"
        let kept = [NSRange(location: 4, length: 0)]  // between the space and the second emoji
        let out = KeptRanges.apply([suggestion(1, 5, ["😁 😀"])], keeping: kept, in: text)
        #expect(out.first?.range == NSRange(location: 1, length: 2))
        #expect(out.first?.replacements == ["😁"])
        #expect(out.first.map { applied($0, to: text) } == "a😁 😀b")
    }

    /// Random texts, kept ranges and edits: whatever comes out, applying any replacement leaves
    /// every kept range's text where it was, and every position's neighbours on their sides.
    @Test func randomEditsNeverBreakKeptText() {
        var g = SplitMix64(seed: 35)
        let alphabet = Array("ab  \n.😀")
        for _ in 0..<3_000 {
            let text = String((0..<Int.random(in: 1...12, using: &g)).map { _ in alphabet.randomElement(using: &g)! })
            let n = text.utf16.count
            var kept: [NSRange] = []
            for _ in 0..<Int.random(in: 1...3, using: &g) {
                let a = Int.random(in: 0...n, using: &g), l = Int.random(in: 0...min(2, n - a), using: &g)
                kept.append(NSRange(location: a, length: l))
            }
            let a = Int.random(in: 0...n, using: &g), b = Int.random(in: a...n, using: &g)
            let reps = (0..<Int.random(in: 1...3, using: &g)).map { _ in
                String((0..<Int.random(in: 0...4, using: &g)).map { _ in alphabet.randomElement(using: &g)! })
            }
            for s in KeptRanges.apply([suggestion(a, b - a, reps)], keeping: kept, in: text) {
                let x = s.range.location, y = x + s.range.length
                for k in kept {
                    if k.length == 0 {
                        #expect(!(x < k.location && k.location < y), "\(text.debugDescription) \(kept) \(s)")
                    } else {
                        #expect(y <= k.location || x >= k.location + k.length || x == y && (x == k.location || x == k.location + k.length),
                                "\(text.debugDescription) \(kept) \(s)")
                    }
                }
                // Over the narrowed range, each replacement gives what one of the originals gave.
                let results = Set(reps.map { rep in
                    var t = Array(text.utf16); t.replaceSubrange(a..<b, with: Array(rep.utf16)); return t
                })
                for r in s.replacements {
                    var t = Array(text.utf16)
                    t.replaceSubrange(x..<y, with: Array(r.utf16))
                    #expect(results.contains(t), "\(text.debugDescription) \(s) not one of \(reps)")
                }
            }
        }
    }
}
