import Foundation

/// Flags “its” where “it's” (it is / it has) is meant: “its a”, “its been”, “its not”,
/// “I think its Google”, “because its maddening to”.
public struct ItsContractionRule: Rule {
    /// Stable rule ID.
    public let id = "EN_ITS_IT_S"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“its” (possessive) where “it's” (it is) is meant"

    /// Words that never follow possessive “its”.
    static let afterContraction: WordSet = [
        "a", "an", "the", "been", "not", "going", "gonna", "getting", "got", "just", "really", "probably", "because",
        "definitely", "actually", "always", "never", "also", "still", "already", "almost", "quite", "about",
        "what", "how", "where", "when", "who", "why", "ok", "okay", "done", "fine", "possible", "impossible",
        "likely", "unlikely", "necessary", "there", "here", "raining", "snowing", "my", "your", "his", "our", "their",
        "no", "all", "like", "worth", "easy", "hard", "true", "clear", "important", "better", "best", "over",
        "too", "so", "very", "had", "time", "difficult", "nice", "great", "good", "bad", "sad", "funny", "weird", "strange",
        "interesting", "amazing", "cool", "late", "early", "obvious", "that",
    ]
    /// Words from the list above that may follow possessive “its” as an adjective or noun when
    /// more words follow (“its true value”, “its time budget”).
    static let needsBoundary: WordSet = ["time", "easy", "hard", "true", "clear", "important", "better", "best", "all", "like", "worth", "done", "fine", "likely", "possible", "over", "own",
                                            "difficult", "nice", "great", "good", "bad", "sad", "funny", "weird", "strange", "interesting", "amazing", "cool", "late", "early", "obvious", "that", "had"]
    static let thinkVerbs: WordSet = ["think", "guess", "hope", "know", "believe", "sure", "said", "says", "say", "seems", "thought", "bet", "suppose"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I think its a bug.", "I think it's a bug."),
                        ("The hotel is nice and its beautiful and cheap.", "The hotel is nice and it's beautiful and cheap."),
                        ("Its been a long week.", "It's been a long week."),
                        ("Its not working.", "It's not working."),
                        ("I guess its March 6.", "I guess it's March 6."),
                        ("I stopped, because its exhausting to argue.", "I stopped, because it's exhausting to argue."),
                        ("Leave the form alone, its based on the old schema.", "Leave the form alone, it's based on the old schema."),
                        ("Sorry, but its too late.", "Sorry, but it's too late."), ("Yes, its that simple.", "Yes, it's that simple."),
                        ("I have decided that its time to leave.", "I have decided that it's time to leave."),
                        ("Its removing the errors.", "It's removing the errors."),
                        ("Its beautiful.", "It's beautiful."), ("Its cold outside.", "It's cold outside."),
                        ("I went back, and its expensive now.", "I went back, and it's expensive now."),
                        ("Its warm today, so we walk.", "It's warm today, so we walk."),
                        ("I think its beautiful.", "I think it's beautiful."),
                        ("I think its broken again.", "I think it's broken again."),
                        ("Its written in Swift.", "It's written in Swift."), ("Its finished except for the docs.", "It's finished except for the docs."),
                        ("Its merged and deployed.", "It's merged and deployed."), ("ok its done now.", "ok it's done now.")],
            correct: ["The company raised its prices.", "The app and its true value to users.",
                      "We love the city and its beautiful and green parks.", "The town lost its old and quiet charm.",
                      "The cat licked its paw and its tail.", "The team knows its time budget is tight.",
                      "It may even lead to its going out of business.", "The government has taken its time to catch up.",
                      "I think its Google product launch is next week.",
                      "Because its opening was delayed, the shop lost money.", "When its meaning is clear, we move on.",
                      "Since its growing popularity, the town is busy.", "And its limited edition sold out.",
                      "It has its good sides.", "The government has taken its time to catch up.", "The firm and its that-era staff left.", "The town and its time zone changed.",
                      "The team did its best.", "The team tried its best.",
                      "Its beautiful garden draws visitors.", "Its cold winters are long.", "The city is known for its beautiful, old streets.",
                      "The lake froze over; its cold water kept the fish alive.", "The novel and its written form differ.",
                      "The company and its spun-off units merged.", "The tool keeps its found items in a cache.", "The board and its chosen members met.", "Its warm and dry climate suits olives.", "The dog hurt its paw.", "The patient has recovered from its cold.", "I think its warm colours work."])
    }

    /// Words that may follow a verb form in -ing or -ed after a contraction (“it's maddening
    /// to”, “it's based on”), but not after a possessive noun phrase.
    static let afterVerbForm: WordSet = [
        "to", "that", "on", "in", "at", "by", "with", "from", "for", "about", "into", "as", "the", "a", "an",
        "me", "you", "him", "her", "us", "them", "everyone", "everything", "when", "if", "how", "because",
        "except", "without", "after", "before", "under", "through", "using", "via", "since", "until", "but", "so",
    ]

    /// “its” in subject position followed by a verb form in -ing or -ed that is not a noun of
    /// its own (`maddening`, `based`; not `opening`, `meaning`, `building`), then by a word that
    /// continues a verb phrase (“to”, a preposition, a determiner) or the end of the clause.
    static func isVerbFormAfterContraction(_ sentence: Sentence, _ i: Int, _ j: Int, classes: WordClasses?) -> Bool {
        let tokens = sentence.tokens
        let n = tokens[j]
        guard let classes, n.kind == .word, n.startsLowercase, RuleSupport.isSubjectPosition(sentence, i) else { return false }
        // Not after a preposition or a verb: “of its making”, “to its going”.
        let w = n.lower
        // (An irregular participle too: “its written in Swift”, “its broken”.)
        let irregular = Lexicon.irregularParticiples.contains(w) && w.count > 3 && !w.hasASCIISuffix("ed")
        guard classes.isPresentParticiple(w) || classes.isPastParticiple(w) || irregular, !classes.isNoun(w) else { return false }
        guard var k = sentence.nextNonSpace(after: j) else { return true }
        // Two participles joined (“its merged and deployed.”): the clause goes on after the second.
        if tokens[k].kind == .word, tokens[k].lower.isAny(of: "and", "or"), let d = RuleSupport.nextWord(sentence, after: k),
           tokens[d].startsLowercase, classes.isPastParticiple(tokens[d].lower) || classes.isPresentParticiple(tokens[d].lower),
           !classes.isNoun(tokens[d].lower) {
            guard let m = sentence.nextNonSpace(after: d) else { return true }
            k = m
        }
        // An adverb of time or place may close the predicate first (“its broken again”).
        if tokens[k].kind == .word, predicateClosers.contains(tokens[k].lower) {
            guard let m = sentence.nextNonSpace(after: k) else { return true }
            k = m
        }
        let a = tokens[k]
        if a.kind == .punctuation { return a.isOne(of: ".,!?;:") }
        return a.kind == .word && afterVerbForm.contains(a.lower)
    }

    /// “its” in subject position before protected text (a link, a path, code) that ends the
    /// clause, alone or with an adverb of place or time (“and its https://example.com now.”):
    /// a possessive “its” would need a noun after it; a link or a name of code that ends the
    /// clause is what “it is”.
    static func isBeforeProtectedPredicate(_ sentence: Sentence, _ i: Int, _ j: Int) -> Bool {
        let tokens = sentence.tokens
        guard tokens[j].kind == .placeholder, RuleSupport.isSubjectPosition(sentence, i) else { return false }
        // “the class and its `__init__`.”: after “and”, “or” a possessive may close a list.
        if let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lower.isAny(of: "and", "or") { return false }
        guard var k = sentence.nextNonSpace(after: j) else { return true }
        if tokens[k].kind == .word, predicateClosers.contains(tokens[k].lower) {
            guard let m = sentence.nextNonSpace(after: k) else { return true }
            k = m
        }
        return tokens[k].kind == .punctuation && tokens[k].isOne(of: ".!?;:,")
    }

    /// Adverbs of place and time that may close a predicate adjective (“it's cold outside”, “it's
    /// warm today”).
    static let predicateClosers: WordSet = ["outside", "inside", "today", "tonight", "now", "here", "again", "too", "enough", "tomorrow", "anyway", "though"]

    /// “its” opening a clause before an adjective that ends the clause, alone or with an adverb
    /// of place or time (“Its beautiful.”, “Its cold outside.”): possessive “its” needs a noun
    /// after the adjective, so this is “it's” + a predicate adjective (Swan, *Practical English
    /// Usage*, its/it's; the adjective by the en-US dictionary's -er/-est/-ly flags,
    /// ``WordClasses/isAdjectiveLike(_:)``).
    static func isPredicateAdjective(_ sentence: Sentence, _ i: Int, _ j: Int, classes: WordClasses?) -> Bool {
        let tokens = sentence.tokens
        let n = tokens[j]
        guard let classes, n.kind == .word, n.startsLowercase, !n.lower.hasASCIISuffix("ly"), classes.isAdjectiveLike(n.lower),
              // Opening a clause, also the object clause of a verb of thinking (“I think its
              // beautiful”), not an object (“it lost its cold.”).
              RuleSupport.opensClause(sentence, i) || RuleSupport.previousWord(sentence, before: i).map({ thinkVerbs.containsLower(of: sentence.tokens, $0) }) == true
        else { return false }
        var k = sentence.nextNonSpace(after: j)
        if let a = k, tokens[a].kind == .word, predicateClosers.contains(tokens[a].lower) { k = sentence.nextNonSpace(after: a) }
        // Two adjectives joined (“its beautiful and cheap.”): the second one must end it too.
        if let c = k, tokens[c].kind == .word, tokens[c].lower.isAny(of: "and", "but", "or"), let d = RuleSupport.nextWord(sentence, after: c),
           tokens[d].startsLowercase, classes.isAdjectiveLike(tokens[d].lower), !classes.isNoun(tokens[d].lower) || tokens[d].lower.hasASCIISuffix("y") {
            k = sentence.nextNonSpace(after: d)
        }
        guard let e = k else { return true }
        let a = tokens[e]
        guard a.kind == .punctuation else { return false }
        if a.isOne(of: ".!?;:") { return true }
        // “its beautiful, old streets”: a comma may join adjectives; only before a conjunction.
        guard a.isOne(of: ","), let c = RuleSupport.nextWord(sentence, after: e) else { return false }
        return tokens[c].lower.isAny(of: "but", "so", "and", "though", "isn't", "right")
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["its"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("its") {
            let t = tokens[i]
            guard let j = sentence.nextNonSpace(after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j) else { continue }
            let n = tokens[j]
            var flag = false
            if n.kind == .word, Self.afterContraction.contains(RuleSupport.norm(n)) {
                if Self.needsBoundary.contains(n.lower) {
                    if let k = sentence.nextNonSpace(after: j) {
                        let a = tokens[k]
                        flag = a.kind == .punctuation ? !a.isOne(of: "-") : a.lower.isAny(of: "to", "that", "for", "if", "when", "enough")
                        // “ok its done now.”: an adverb of time or place that ends the clause.
                        if !flag, a.kind == .word, Self.predicateClosers.contains(a.lower) {
                            flag = sentence.nextNonSpace(after: k).map { tokens[$0].kind == .punctuation && tokens[$0].isOne(of: ".!?;:,") } ?? true
                        }
                        // “its that simple”, “its had a mention”: an adjective or a participle's object follows.
                        if n.lowerIs("that"), a.kind == .word { flag = a.lower.isAny(of: "simple", "easy", "hard", "bad", "good", "big", "important", "difficult", "much", "far", "long") }
                        if n.lowerIs("had"), a.kind == .word { flag = Lexicon.determiners.contains(a.lower) || a.lower.hasASCIISuffix("ed") || Lexicon.irregularPastForms[a.lower] != nil }
                    } else { flag = true }
                } else if n.lowerIs("going") {
                    // “its going out of business” (gerund) vs “its going to rain”.
                    flag = RuleSupport.nextWord(sentence, after: j).map { tokens[$0].lowerIs("to") } ?? false
                } else {
                    flag = true
                }
                // “did its best”, “tried its worst”: the possessive in the idiom.
                if n.lowerIs("best") || n.lowerIs("worst"), let p = RuleSupport.previousWord(sentence, before: i),
                   tokens[p].lower.isAny(of: "do", "does", "did", "done", "doing", "try", "tries", "tried", "trying") { flag = false }
                // “take its time”.
                if n.lowerIs("time"), let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lower.isAny(of: "take", "takes", "took", "taken", "taking", "bide", "bides", "biding") { flag = false }
                // “its a”: not when “a” is a letter (“its A and B outputs”).
                if n.textIs("A") { flag = false }
            } else if Self.isBeforeProtectedPredicate(sentence, i, j) {
                flag = true
            } else if Self.isVerbFormAfterContraction(sentence, i, j, classes: context.wordClasses) {
                flag = true
            } else if Self.isPredicateAdjective(sentence, i, j, classes: context.wordClasses) {
                flag = true
            } else if let p = RuleSupport.previousWord(sentence, before: i), Self.thinkVerbs.containsLower(of: tokens, p) {
                // “I guess its March”, “I hope its Katie”: a name or number follows.
                // Only when the name ends the clause (“its Katie.”, “its March 6”), not “its Google product”.
                let k = sentence.nextNonSpace(after: j)
                let ends = k == nil || tokens[k!].kind == .punctuation || tokens[k!].kind == .number
                flag = ((n.kind == .word && n.startsUppercase && !n.isAllCaps) || n.kind == .number) && ends
            }
            guard flag else { continue }
            out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("it's", like: t.text)],
                                 message: "Use “it's” (it is, it has) here; “its” is the possessive."))
        }
        return out
    }
}
