import Foundation

extension RuleRegistry {
    /// Flags a closed compound noun written where its two-word phrasal verb is meant: “how to
    /// rollback a deploy”, “We need to workaround the bug”, “Please login to the portal”.
    ///
    /// The noun (“a rollback”, “the workaround”, “your login”) is one word; the verb is two (“roll
    /// back”, “work around”, “log in”). Any such word is reached, not a list: a word that is a verb the lexicon lists as a base form (`work`, `roll`, `set`),
    /// of three letters or more, followed by a particle (`up`, `down`, `in`, `out`, `off`, `over`,
    /// `back`, `away`, `around`, `through`), and that the lexicon does not list as a verb itself
    /// (`begin` is `beg` + `in`). The verb's place is read from the words around it: after a
    /// modal, a negated auxiliary, “please” or “let's”, or a question's subject (“Can you
    /// followup”); after the infinitive's “to” when a word
    /// that takes an infinitive comes before it (“need to”, “how to”, “able to”: “Go to
    /// checkout.” and “Due to lockdown the shops closed” are the noun after a preposition), or
/// after any “to” before an object (a purpose infinitive: “Run the script to setup the
/// environment”); after
    /// a subject pronoun or at a sentence's start before an object (“We backup the files”,
    /// “Checkout the repository”). The nouns are left alone: “The setup is easy”, “Refer to setup
    /// instructions”, “a login page”.
    static let compoundNounAsVerb = CodedRule(
        "EN_COMPOUND_NOUN_AS_VERB", .grammar, "A closed compound noun where its two-word phrasal verb is meant (“to setup” → “to set up”)",
        wrong: [("Here is how to rollback a deploy.", "Here is how to roll back a deploy."),
                ("You need to setup the server first.", "You need to set up the server first."),
                ("Please login to the portal.", "Please log in to the portal."),
                ("We will backup your files tonight.", "We will back up your files tonight."),
                ("Don't forget to signup for the course.", "Don't forget to sign up for the course."),
                ("Remember to logout.", "Remember to log out."),
                ("Can you followup with the vendor?", "Can you follow up with the vendor?"),
                ("We should cleanup the old branches.", "We should clean up the old branches."),
                ("We need to workaround the bug.", "We need to work around the bug."),
                ("The bank wants to takeover the smaller firm.", "The bank wants to take over the smaller firm."),
                ("Checkout the repository and run the tests.", "Check out the repository and run the tests."),
                ("Run the script to setup the environment.", "Run the script to set up the environment.")],
        right: ["The setup is easy.", "Refer to setup instructions in the manual.", "I can send you backup copies.",
                "Did you see the login screen?", "Run fakeroot -i backup.state first.", "Open the login page.",
                "Make a backup before you upgrade.", "The rollback took an hour.", "Go to checkout and pay.", "Go to checkout.",
                "We will set up the server.", "Send it to backup storage.", "The shutdown was clean.", "The workaround is ugly but works.",
                "Due to lockdown the shops were closed.", "I want to begin the meeting now.", "From login to logout, every step is logged.",
                "The takeover was announced today.", "Setup takes five minutes.",
                "Thanks to feedback the product improved."]
    ) { sentence, context in
        CompoundNounAsVerb.check(sentence, context: context)
    }
}

/// The logic of ``RuleRegistry/compoundNounAsVerb``.
enum CompoundNounAsVerb {
    /// Particles of phrasal verbs, longest first (a word ends in at most one of them).
    static let particles = ["through", "around", "away", "back", "down", "over", "out", "off", "up", "in"]
    /// Words after which a verb comes in its base form: modals, negated auxiliaries, “please”.
    static let baseVerbSlot: WordSet = ["will", "would", "can", "could", "should", "must", "might", "may", "shall",
                                        "don't", "didn't", "doesn't", "won't", "can't", "cannot", "shouldn't", "wouldn't",
                                        "couldn't", "mustn't", "please", "let's", "lets"]
    /// Modals and auxiliaries that open a question before its subject (“Can you …”).
    static let questionAuxiliaries: WordSet = ["can", "could", "will", "would", "should", "shall", "may", "might", "must",
                                               "do", "does", "did", "don't", "doesn't", "didn't", "can't", "won't"]
    /// Subject pronouns, after which a verb in the present comes (before its object).
    static let subjectPronouns: WordSet = ["i", "we", "you", "they"]
    /// Words that take an infinitive with “to” (“need to”, “how to”, “able to”), by lemma or as written:
    /// before them “to” is the infinitive's, not a preposition.
    static let infinitiveHeads: WordSet = [
        "need", "want", "have", "try", "forget", "remember", "decide", "plan", "hope", "fail", "manage", "learn",
        "choose", "refuse", "agree", "promise", "expect", "intend", "attempt", "wish", "prefer", "like", "love",
        "hate", "begin", "start", "continue", "seem", "tend", "help", "allow", "ask", "tell", "remind", "instruct",
        "able", "unable", "ready", "easy", "hard", "difficult", "possible", "impossible", "necessary", "important",
        "safe", "free", "quick", "simple", "going", "used", "supposed", "how", "what", "where", "when", "whether",
        "why", "which", "order", "way", "time", "chance", "effort", "steps", "option", "sure", "best", "better",
        "trying", "meant", "required", "advised", "encouraged", "recommended", "asked", "told", "allowed",
    ]
    /// Words before a prepositional “to” that a bare noun may follow, and a clause after it
    /// (“Due to lockdown the shops closed”, “Thanks to feedback the product improved”).
    static let prepositionHeads: WordSet = ["due", "prior", "thanks", "according", "next", "close", "contrary", "similar",
                                            "compared", "relative", "owing", "addition", "up", "back", "from", "pursuant", "subject"]
    /// Words that start an object: a verb, not a noun, comes before them.
    static let objectStart: WordSet = ["a", "an", "the", "this", "that", "these", "those", "it", "them", "him", "her", "me",
                                       "us", "my", "your", "his", "its", "our", "their", "some", "any", "all", "each", "every"]
    /// Words that start the object of an imperative at a sentence's start (“Backup your files”).
    static let imperativeObjectStart: WordSet = ["a", "an", "the", "it", "them", "my", "your", "his", "its", "our", "their"]
    /// Determiners and the like before which “will”, “can”, “may”, “must” are nouns.
    static let nounMarkers: WordSet = ["a", "an", "the", "my", "your", "his", "her", "its", "our", "their", "this", "that", "free", "good"]

    /// The word `lower` split into a verb the lexicon lists as a base form and a particle, when
    /// the whole word is no verb of the lexicon's; nil otherwise.
    static func split(_ lower: String, lexicon: TagLexicon) -> (verb: String, particle: String)? {
        guard lower.utf8.count >= 5, lower.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return nil }
        for p in particles where lower.hasSuffix(p) {
            let verb = String(lower.dropLast(p.count))
            guard verb.utf8.count >= 3, lexicon.isBaseVerb(verb), !lexicon.isVerb(lower) || lexicon.isNoun(lower) && !lexicon.canBe(lower, .VBD) && !lexicon.canBe(lower, .VBZ) else { return nil }
            return (verb, p)
        }
        return nil
    }

    /// True when token `k` starts an object (a determiner, a possessive, an object pronoun, a
    /// capitalised name), or is a preposition the phrasal verb takes, or ends the clause.
    static func objectOrEnd(_ sentence: Sentence, after i: Int, allowingEnd: Bool) -> Bool {
        let tokens = sentence.tokens
        guard let k = sentence.nextNonSpace(after: i) else { return allowingEnd }
        let t = tokens[k]
        if t.kind == .punctuation { return allowingEnd && t.isOne(of: ".!?;,:") }
        guard t.kind == .word else { return false }
        if objectStart.contains(t.lower) { return true }
        if allowingEnd, t.lower.isAny(of: "to", "for", "with", "on", "from", "of", "now", "first", "again", "later", "today", "tonight") { return true }
        return t.startsUppercase && !t.isAllCaps && k > 0
    }

    /// The matches in `sentence`.
    static func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        let lexicon = context.lexicon
        for i in tokens.indices where tokens[i].kind == .word && !tokens[i].hasApostrophe && !tokens[i].hasDigit {
            let t = tokens[i]
            guard t.lower.utf8.count >= 5, !t.isAllCaps, !t.hasInnerUppercase,
                  let (verb, particle) = split(t.lower, lexicon: lexicon) else { continue }
            var slot = false
            if let p = RuleSupport.previousWord(sentence, before: i) {
                let before = tokens[p]
                guard RuleSupport.separatedBySpaceOnly(sentence, p, i), t.startsLowercase else { continue }
                if baseVerbSlot.contains(before.norm) {
                    // “the can”, “your will”: a noun, not a modal.
                    let noun = RuleSupport.previousWord(sentence, before: p).map { nounMarkers.contains(tokens[$0].lower) } ?? false
                    slot = !noun && objectOrEnd(sentence, after: i, allowingEnd: true)
                } else if before.lowerIs("to"), let h = RuleSupport.previousWord(sentence, before: p) {
                    let tags = context.tags(of: sentence)
                    let head = tokens[h].lower
                    if infinitiveHeads.contains(head) || tags.lemma(at: h).map({ infinitiveHeads.contains($0) }) == true {
                        slot = objectOrEnd(sentence, after: i, allowingEnd: true)
                    } else if !prepositionHeads.contains(head) {
                        // A purpose infinitive (“Run the script to setup the environment”): a
                        // noun after a preposition “to” is not followed by an object.
                        slot = objectOrEnd(sentence, after: i, allowingEnd: false)
                    }
                } else if subjectPronouns.contains(before.lower) || before.lower.isAny(of: "he", "she", "it") {
                    if let q = RuleSupport.previousWord(sentence, before: p), questionAuxiliaries.contains(tokens[q].norm),
                       RuleSupport.previousWord(sentence, before: q) == nil {
                        // A question: “Can you followup with the vendor?”
                        slot = objectOrEnd(sentence, after: i, allowingEnd: true)
                    } else if subjectPronouns.contains(before.lower), RuleSupport.opensClause(sentence, p) {
                        slot = objectOrEnd(sentence, after: i, allowingEnd: false)
                    }
                }
            } else if lexicon.isNoun(t.lower), !lexicon.canBe(t.lower, .NNP), let k = sentence.nextNonSpace(after: i),
                      tokens[k].kind == .word, imperativeObjectStart.contains(tokens[k].lower) {
                // A sentence's first word before an object: an imperative (“Checkout the
                // repository”); not before “this”, “that” (“Feedback this week was good”).
                slot = true
            }
            // The word need not be in the dictionary (“signup”, “checkin”): its parts are.
            guard slot else { continue }
            let fix = RuleSupport.matchCase(verb + " " + particle, like: t.text)
            out.append(ProofreadingSuggestion(range: t.range, replacements: [fix],
                                              message: "As a verb, write “\(fix)” (two words); “\(t.text)” is the noun."))
        }
        return out
    }
}
