import Foundation

extension RuleRegistry {
    /// Flags a verb in -s after a plural noun that opens the sentence without a determiner:
    /// “Dogs barks at night” → “bark”, “Farmers grows wheat” → “grow” (a ``CodedRule``). The
    /// subject is a word the lexicon has as a plural noun and never as a singular one (“News
    /// travels fast” stays), whether the tagger read it as a plural or as a name (a capitalised
    /// plural opening a sentence is both); a name the lexicon has as a name only (“Brooks
    /// sells”, “Jones runs”), an acronym (“AWS hosts”) and plurals that agree as singulars
    /// (“Physics seems”) are left alone. The verb is the tagger's `VBZ` (after its correction of
    /// a sentence with no other verb, ``PartOfSpeechTagger``), before what a verb takes. It wakes
    /// on no word: the shape of the first two words (a word in -s, then a lowercase one in -s)
    /// is checked before any tag is asked for.
    static let barePluralVerb = CodedRule(
        "EN_BARE_PLURAL_SUBJECT_VERB", .grammar, "A verb in -s after a plural noun subject without a determiner (“Dogs barks”)",
        repeatedUsage: .wordBefore,
        wrong: [("Dogs barks at night.", "Dogs bark at night."), ("Farmers grows wheat in this valley.", "Farmers grow wheat in this valley."),
                ("Lawyers charges a lot for this.", "Lawyers charge a lot for this.")],
        right: ["Dogs bark at night.", "News travels fast.", "Physics seems hard.", "Brooks sells insurance.", "Jones runs the shop.",
                "AWS hosts the site.", "Series runs on Fridays.", "HTTPS is the HTTP protocol over TLS."]
    ) { sentence, context in
        let tokens = sentence.tokens
        guard let s = tokens.indices.first(where: { tokens[$0].kind == .word }), tokens[s].lastByte == 0x73,
              !tokens[s].isAllCaps, let v = RuleSupport.nextWord(sentence, after: s), RuleSupport.separatedBySpaceOnly(sentence, s, v),
              tokens[v].lastByte == 0x73, tokens[v].startsLowercase, !barePluralSkipped.contains(tokens[v].lower),
              !barePluralSingularInSense.contains(tokens[s].lower), !tokens[s].lower.hasSuffix("ics"), !tokens[s].lower.hasSuffix("ss") else { return [] }
        let tags = context.tags(of: sentence)
        guard tags[s] == .NNS || tags[s] == .NNP || tags[s] == .NNPS, tags[v] == .VBZ else { return [] }
        let possible = tags.possibleTags(at: s)
        guard possible.contains(.NNS), !possible.contains(.NN) else { return [] }
        // What a verb takes after it: an object, a preposition, an adverb, “to”.
        guard let n = sentence.nextNonSpace(after: v), tokens[n].kind == .word else { return [] }
        let after = tags[n]
        guard after.isNoun || after == .IN || after == .DT || after == .PDT || after == .TO || after == .PRP || after == .PRPS || after == .CD
                || after == .RB || after == .RBR || after == .RBS || after == .JJ || after == .JJR || after == .JJS else { return [] }
        guard let lemma = tags.lemma(at: v), let base = context.lexicon.form(of: lemma, as: .VBP), base != tokens[v].lower else { return [] }
        // A lowercase subject that is a command's or a package's name (“xargs reads items”,
        // “cups needs help”): one program, whose name ends in “s” by chance. Reported, not
        // applied unattended; not reported when the dictionary does not know it as a word.
        let isName = tokens[s].startsLowercase && context.hunspell.map {
            !$0.vocabularyLayers.layers(of: tokens[s].text).isDisjoint(with: [.command, .technical, .packageName, .packagePart])
        } == true
        // A name the dictionary does not know as a word (“xargs”, “journald”): no plural at all.
        if isName, !context.speller.isCorrect(tokens[s].text) { return [] }
        return [ProofreadingSuggestion(range: tokens[v].range, replacements: [base],
                          message: "The subject “\(tokens[s].text)” is plural: use “\(base)”.", isConfident: !isName)]
    }

    /// Verbs in -s that are the be, have and do rules' (“Dogs is”, “Dogs has”).
    static let barePluralSkipped: WordSet = ["is", "has", "does", "was", "isn't", "hasn't", "doesn't", "wasn't"]
    /// Plurals in form that agree as singulars or name one thing.
    static let barePluralSingularInSense: WordSet = [
        "news", "means", "series", "species", "headquarters", "crossroads", "whereabouts", "odds", "thanks", "lots", "data",
        "media", "sales", "savings", "earnings", "proceeds", "contents", "premises", "clothes", "goods", "arms", "customs",
        "barracks", "gallows", "innings", "billiards", "darts", "measles", "mumps", "kudos", "lens", "bus", "gas", "status",
        "basis", "crisis", "thesis", "analysis", "axis", "chassis", "corps", "always", "perhaps", "yes", "whereas", "towards",
    ]
}
