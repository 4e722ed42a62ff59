import Foundation

/// Tells British from American English by a text's spellings, for a caller that was given no
/// language: a British letter checked or rewritten as American English is flagged word by word
/// (“colour”, “centre”, “organisation”) or half converted, which no writer wants.
///
/// Evidence is counted over the prose only (never code: CSS's `color` is no American spelling),
/// word by word, with the spelling rule's own test (``DialectVariants``): a British spelling is
/// a word that the American dictionary (Debian's `hunspell-en-us`) lacks, the British one
/// (`hunspell-en-gb`) knows, and whose American variant is a word (“neighbourhood”, “centre”,
/// “analysed”, “grey”); an American spelling the other way round, but for *-ize* words, which
/// British writers of Oxford spelling use too. The text is British when it has at least
/// ``minimumBritish`` British spellings and more than three times as many British as American
/// ones, or, when it is short (fewer than ``shortText`` words of four letters or more: a note, a
/// message, a batch record), one British spelling or more and no American one: a short text has
/// no room for three, and its one “colour” is all the evidence there is (read as British, it
/// loses no finding: it has no American spelling to flag). American otherwise (the project's
/// default language, en-US).
public enum DialectDetection {
    /// The fewest British spellings that make a text British: one or two may be slips or quotations.
    public static let minimumBritish = 3

    /// Texts with fewer words of four letters or more than this are short (about 300 words of
    /// prose): one British spelling with no American one makes them British.
    public static let shortText = 150

    /// The counts of British and American spellings in `segments` (prose, in order), over their
    /// first `maximumWords` words of four ASCII letters or more; only lowercase words count
    /// (a capitalised one may be a name: “Gray”). Zero and zero when either English dictionary is
    /// not installed.
    public static func evidence(in segments: [String], maximumWords: Int = 20_000) -> (british: Int, american: Int) {
        count(in: segments, maximumWords: maximumWords, britishEnough: nil)
    }

    /// ``evidence(in:maximumWords:)``; with `britishEnough`, only the British spellings are
    /// counted, up to that many (the American count is then 0 and the British dictionary is not
    /// loaded).
    private static func count(in segments: [String], maximumWords: Int, britishEnough: Int?) -> (british: Int, american: Int) {
        let c = counts(in: segments, maximumWords: maximumWords, britishEnough: britishEnough)
        return (c.british, c.american)
    }

    /// ``count(in:maximumWords:britishEnough:)`` with the number of words of four letters or
    /// more read (all of them, up to `maximumWords`, when `britishEnough` is not reached).
    private static func counts(in segments: [String], maximumWords: Int, britishEnough: Int?) -> (british: Int, american: Int, words: Int) {
        guard let american = DialectVariants.speller(for: "en-US") else { return (0, 0, 0) }
        // (A missing British dictionary makes the full count zero and zero, so the text
        // American, whatever the first count says.)
        let british: HunspellSpeller?
        if britishEnough == nil {
            guard let loaded = DialectVariants.speller(for: "en-GB") else { return (0, 0, 0) }
            british = loaded
        } else {
            british = nil
        }
        var counts = (british: 0, american: 0, words: 0)
        var words = 0
        // Word by word over the bytes: a string is made only for a word with a variant ending
        // (the scan made one for each and searched it with Foundation: 6 % of a novel's check).
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var i = 0
            let n = bytes.count
            while i < n {
                guard isLetter(bytes[i]) else { i += 1; continue }
                let start = i
                while i < n, isLetter(bytes[i]) { i += 1 }
                // A word is a run of ASCII letters between other characters; one glued to a
                // non-ASCII letter (“naïve”'s “na”) is split there, as the character scan did.
                guard i - start >= 4 else { continue }
                words += 1
                counts.words = words
                if words > maximumWords { return false }
                // Capitalised words may be names (“Gray”, “Taylor”): only lowercase words count.
                guard bytes[start] >= 0x61 else { continue }
                let word = UnsafeBufferPointer(rebasing: bytes[start..<i])
                if DialectVariants.mayBeVariant(bytes: word, toAmerican: true) {
                    let w = String(decoding: word, as: UTF8.self)
                    if !american.isCorrect(w), DialectVariants.variant(of: w, speller: american) != nil {
                        counts.british += 1
                        if let enough = britishEnough, counts.british >= enough { return false }
                        continue
                    }
                }
                if let british, !DialectVariants.contains([0x69, 0x7A], in: word), !DialectVariants.contains([0x79, 0x7A], in: word),
                   DialectVariants.mayBeVariant(bytes: word, toAmerican: false) {
                    let w = String(decoding: word, as: UTF8.self)
                    if !british.isCorrect(w), DialectVariants.variant(of: w, speller: british) != nil { counts.american += 1 }
                }
            }
            return true
        }
        for segment in segments {
            var segment = segment
            guard segment.withUTF8({ scan($0) }) else { return counts }
        }
        return counts
    }

    /// `"en-GB"` when `segments` are written in British English by ``evidence(in:maximumWords:)``,
    /// else `"en-US"`.
    public static func englishVariant(of segments: [String]) -> String {
        // Fewer than `minimumBritish` British spellings make the text American whatever the
        // American count: look for those first, with the American dictionary alone, and load
        // the British one (for the American count) only for a text that may be British.
        let first = counts(in: segments, maximumWords: 20_000, britishEnough: minimumBritish)
        let short = first.british < minimumBritish && first.words < shortText
        guard first.british >= minimumBritish || short && first.british >= 1 else { return "en-US" }
        let (british, american) = evidence(in: segments)
        if short { return british >= 1 && american == 0 ? "en-GB" : "en-US" }
        return british >= minimumBritish && british > 3 * american ? "en-GB" : "en-US"
    }
}
