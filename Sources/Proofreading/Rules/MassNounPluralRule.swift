import Foundation

extension RuleRegistry {
    /// Flags a plural of a common mass noun that English does not make: “Please read the
    /// documentations first” → “documentation”.
    ///
    /// Any such noun is reached, not a list: a word the tagger reads as a plural noun (`NNS`)
    /// whose singular is a mass noun and never countable by the countability data
    /// (``NounCountability``: Link Grammar's dictionary), where the singular is among the
    /// commonest words of the word lists (SCOWL size 10) and the plural is rare there
    /// (size 50 or more): “documentation” is size 10, “documentations” only in the larger lists.
    /// A mass noun's plural that writers do use for kinds or instances (“waters”, “energies”,
    /// “sorrows”, “exclusions”: a singular of size 20 or more) is left, and so is a word the
    /// dictionary rejects (the spelling rule's). A hint (`--fix` leaves it): on 544,000 words of
    /// edited prose (GPL-3, *Alice*, Poe, the READMEs of /usr/share/doc) it flags file(1)'s
    /// “magics” (six times), Poe's “intelligences” (twice) and one “behaviours”.
    static let massNounPlural = CodedRule(
        "EN_MASS_NOUN_PLURAL", .grammar, "A plural of a common mass noun (“documentations” → “documentation”)",
        repeatedUsage: .flaggedWord,
        wrong: [("Please read the documentations first.", "Please read the documentation first."),
                ("Our team needs more trainings on security.", "Our team needs more training on security."),
                ("We listen to different musics at work.", "We listen to different music at work.")],
        right: ["Please read the documentation first.", "The waters of the lake were cold.",
                "Their sorrows were many.", "We measured the energies of the particles."]
    ) { sentence, context in
        MassNounPlural.check(sentence, context: context)
    }
}

/// The logic of ``RuleRegistry/massNounPlural``.
enum MassNounPlural {
    /// The largest SCOWL size of the singular (a common word, whose writer knows it as a mass noun).
    static let singularTier: UInt8 = 10
    /// The smallest SCOWL size of the plural (a form the lists hold only in their larger sizes).
    static let pluralTier: UInt8 = 50

    /// The matches in `sentence`.
    static func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        let tokens = sentence.tokens
        // Cheap first test: a lowercase word ending in “s” of six letters or more.
        guard tokens.indices.contains(where: { i in
            tokens[i].kind == .word && tokens[i].startsLowercase && tokens[i].lower.utf8.count >= 6 && tokens[i].lastByte == UInt8(ascii: "s")
        }) else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tags = context.tags(of: sentence)
        let countability = NounCountability.shared
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].startsLowercase && tokens[i].lastByte == UInt8(ascii: "s") {
            let t = tokens[i]
            guard t.lower.utf8.count >= 6, tags[i] == .NNS, !t.hasApostrophe, !t.hasDigit, !t.hasInnerUppercase,
                  let singular = tags.lemma(at: i), singular != t.lower, t.lower.hasPrefix(singular.prefix(max(1, singular.count - 1))),
                  countability.isMass(singular), !countability.isCountable(singular),
                  let suggester = context.hunspell?.suggester,
                  let ts = suggester.tier(of: singular), ts <= singularTier,
                  let tp = suggester.tier(of: t.lower), tp >= pluralTier, context.speller.isCorrect(t.text) else { continue }
            // A hint: a field may use the plural as a term of its own (file(1)'s “magics”).
            out.append(ProofreadingSuggestion(range: t.range, replacements: [singular],
                                              message: "“\(singular)” is a mass noun: it has no plural “\(t.text)”.", isConfident: false))
        }
        return out
    }
}
