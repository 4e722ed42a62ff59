import Foundation
import DocumentStructure

/// Initialisms typed in lowercase in a technical document: “the efi partition”, “a jmp
/// instruction”, “the gui”, `uid`, `shm`, `txt` records. Technical writing types them so (in
/// comments, change logs, option lists, C declarations), and the dictionary knows them only in
/// capitals, if at all: flagged, each was a false alarm of the held-out sets of issue 31.
///
/// A spelling finding is dropped when the document is technical
/// (``TechnicalDocumentStyle/isTechnical(_:)``: a manual page, or code in it) and the word is
/// three to five lowercase ASCII letters that are either an abbreviation SCOWL lists in capitals
/// (``VocabularyLayers/Layer/initialism``) or, at four letters at most, have no vowel (y counts
/// as one: `shm`, `msg`, `xvf`). Never one a vowel short of one of the commonest words, or two
/// of whose letters are swapped from one (“wht”, “whn”, “nto”): those are slips wherever they
/// stand. Two letters are too few to tell (`nb` for “number”, `eg` and `ie` without their
/// periods are findings of the tuning set): they stay flagged. A prose document without code
/// keeps every flag.
enum LowercaseInitialisms {
    /// `matches` without the spelling findings on lowercase initialisms when `document` is
    /// technical (see the type's description).
    static func filtering(_ matches: [ProofreadingSuggestion], document: StructuredDocument,
                          layers: VocabularyLayers?) -> [ProofreadingSuggestion] {
        guard let layers else { return matches }
        return TechnicalDocumentStyle.droppingSpelling(matches, document: document, lengths: 3...5) { isInitialism($0, layers: layers) }
    }

    /// True when `word` reads as an initialism typed in lowercase (see the type's description).
    static func isInitialism(_ word: String, layers: VocabularyLayers) -> Bool {
        let b = Array(word.utf8)
        guard (3...5).contains(b.count), b.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { return false }
        let vowels = Array("aeiouy".utf8)
        let vowelless = b.count <= 4 && !b.contains(where: { vowels.contains($0) })
        guard vowelless || layers.layers(of: word).contains(.initialism) else { return false }
        return !isSlipOfFrequentWord(b)
    }

    /// True when `b` (lowercase ASCII) is one of ``SpellingRule/frequentWords`` with a vowel
    /// left out or two neighbouring letters swapped.
    static func isSlipOfFrequentWord(_ b: [UInt8]) -> Bool {
        func frequent(_ c: [UInt8]) -> Bool { SpellingRule.frequentWords.contains(String(decoding: c, as: UTF8.self)) }
        if frequent(b) { return true }
        for i in 0..<max(0, b.count - 1) where b[i] != b[i + 1] {
            var c = b
            c.swapAt(i, i + 1)
            if frequent(c) { return true }
        }
        for i in 0...b.count {
            for v in "aeiou".utf8 {
                var c = b
                c.insert(v, at: i)
                if frequent(c) { return true }
            }
        }
        return false
    }
}
