import Foundation

/// Flags a past-tense verb after “did”, “does”, “do” or a modal, which take the base form:
/// “didn't went” → “didn't go”, “can saw”… and “Did you heard?” → “Did you hear?”; any
/// irregular verb's past the part-of-speech lexicon knows (``TagLexicon/irregularPastLemma(_:)``:
/// “didn't swore” → “swear”, “didn't sought” → “seek”), besides the listed ones. A regular
/// past in -ed is flagged after a modal whose subject is a pronoun or a noun (“they will
/// needed” → “need”), where the modal cannot be a noun (“the will signed in 1990”, “a can
/// opened”).
public struct AuxiliaryPastTenseRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(AuxiliaryPastTenseRule.auxiliaries), HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_AUXILIARY_PAST_TENSE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A past-tense verb after “did” or a modal verb"

    static let auxiliaries: WordSet = (["did", "didn't", "does", "doesn't", "don't", "can", "can't", "cannot", "could", "couldn't", "will", "won't", "would", "wouldn't", "should", "shouldn't", "must", "might"] as WordSet).hot()
    static let questionAux: WordSet = ["did", "didn't"]
    /// The modals of ``auxiliaries``: a verb after them is never a past in -ed.
    static let modalAux: WordSet = ["can", "can't", "cannot", "could", "couldn't", "will", "won't", "would", "wouldn't", "should", "shouldn't", "must", "might"]
    static let excluded: WordSet = ["found", "saw", "left", "fell", "wound", "ground", "felt", "rose", "lay", "bore", "had", "got", "meant", "lost", "bit", "showed", "sent", "built", "held", "spent", "said", "made"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("We didn't went there.", "We didn't go there."), ("Did you heard the news?", "Did you hear the news?"),
                        ("She can't came today.", "She can't come today."), ("Did the application worked?", "Did the application work?"),
                        ("They will needed more time.", "They will need more time."),
                        ("Guests will not allowed to stay overnight.", "Guests will not be allowed to stay overnight."),
                        ("The new rules could changed everything.", "The new rules could change everything."),
                        ("Could you please sent me the report?", "Could you please send me the report?"),
                        ("Can we started now?", "Can we start now?"),
                        ("Would you checked the logs?", "Would you check the logs?"),
                        ("Would you interested in joining?", "Would you be interested in joining?"),
                        ("She didn't saw me.", "She didn't see me."), ("We didn't saw the movie.", "We didn't see the movie."), ("They didn't sent the file.", "They didn't send the file."),
                        ("He didn't swore at anyone.", "He didn't swear at anyone."),
                        ("We didn't sought any help.", "We didn't seek any help."),
                        ("The old tree didn't withstood the storm.", "The old tree didn't withstand the storm.")],
            correct: ["We did go there.", "They will found a new company.", "Did you see the news?",
                      "Did the tired man sleep?", "Did he need help?",
                      "Did a man called Daffodil come here?", "Nothing he did helped.", "Nothing he did went unnoticed.",
                      "His last will signed in 1990 left everything to her.", "Open a can opened with a key.", "Could the added cost matter?",
                      "Could you please send me the report?", "Can you, please, help?", "They didn't found a company.", "Would you mind?", "Could we have been wrong?",
                      "He didn't swear at anyone.", "The hat would fit the Hatter.",
                      // Real text (Alice's Adventures in Wonderland).
                      "Alice did not like to be told so.", "How do you like the Queen?"])
    }

    /// True when the word after token `j` starts an object: a determiner, possessive, object
    /// pronoun or another word that is not a preposition, “to”, “as” or “than”.
    static func objectFollows(_ sentence: Sentence, after j: Int) -> Bool {
        guard let k = sentence.nextNonSpace(after: j), sentence.tokens[k].kind == .word else { return false }
        let w = sentence.tokens[k].lower
        return !PossessiveSlot.prepositions.contains(w) && !w.isAny(of: "to", "as", "than", "for", "and", "or", "but")
    }

    /// The base form of a past-tense verb, if `lower` is one (with `lexicon`, any irregular verb's).
    static func base(of lower: String, speller: any Speller, lexicon: TagLexicon? = nil, allowRegular: Bool) -> String? {
        if let irregular = Lexicon.irregularPastForms[lower] { return irregular.base }
        if let same = Lexicon.irregularPastSameForms[lower] { return same }
        // Any other verb's irregular past (“didn't swore”, “can't underwent”, “did you sought”).
        if let lemma = lexicon?.irregularPastLemma(lower) { return lemma }
        guard allowRegular, lower.hasASCIISuffix("ed"), lower.count >= 5, !lower.hasASCIISuffix("eed") else { return nil }
        let stem = String(lower.dropLast(2))
        var candidates: [String] = []
        if stem.hasASCIISuffix("i") { candidates.append(String(stem.dropLast()) + "y") }
        if let last = stem.last, stem.count >= 3, stem.dropLast().last == last, !"ls".contains(last) { candidates.append(String(stem.dropLast())) }
        candidates.append(stem)
        candidates.append(stem + "e")
        for c in candidates where c.count >= 2 && speller.isCorrect(c) {
            // “stopped” → “stop” before “stopp”; “used” → “use” (not “us”).
            if c == stem, speller.isCorrect(stem + "e"), stem.isAny(of: "us", "bas", "car", "hat", "tim", "not", "fin", "cod") { continue }
            return c
        }
        return nil
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Self.auxiliaries.set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let determiners = Lexicon.determiners
        let irregularPastForms = Lexicon.irregularPastForms
        let irregularPastSameForms = Lexicon.irregularPastSameForms
        let possessives = Lexicon.possessives
        let subjectPronouns = Lexicon.subjectPronouns
        let auxiliaries = Self.auxiliaries
        let excluded = Self.excluded
        let modalAux = Self.modalAux
        let questionAux = Self.questionAux
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && auxiliaries.containsNorm(of: tokens, i) {
            guard var j = RuleSupport.nextWord(sentence, after: i) else { continue }
            var allowRegular = false
            var afterModal = false
            // One adverb or “not” between: “didn't really went”.
            if tokens[j].lower.isAny(of: "not", "really", "even", "ever", "just", "never", "actually"), let k = RuleSupport.nextWord(sentence, after: j) { j = k }
            // Questions: “Did you heard…?”, “Did the application worked?”
            if questionAux.containsNorm(of: tokens, i), sentence.previousNonSpace(before: i) == nil {
                let s = tokens[j].lower
                if subjectPronouns.contains(s), let k = RuleSupport.nextWord(sentence, after: j) { j = k; allowRegular = true }
                else if determiners.contains(s) || possessives.contains(s), let k = RuleSupport.nextWord(sentence, after: j),
                        let m = RuleSupport.nextWord(sentence, after: k) { j = m; allowRegular = true }
            }
            // Requests and questions with a modal: “Could you please sent me…?”, “Can we started?”
            var afterQuestionModal = false
            if modalAux.containsNorm(of: tokens, i), sentence.previousNonSpace(before: i) == nil, j == RuleSupport.nextWord(sentence, after: i),
               subjectPronouns.containsLower(of: tokens, j), var k = RuleSupport.nextWord(sentence, after: j) {
                if tokens[k].lowerIs("please"), let m = RuleSupport.nextWord(sentence, after: k) { k = m }
                j = k; allowRegular = true; afterQuestionModal = true; afterModal = true
            }
            // Regular -ed pasts only after a negation (“didn't wanted”); an affirmative “did”
            // may be a main verb (“what he did mattered”).
            var negatedDid = false
            if RuleSupport.norm(tokens[i]) == "didn't" || (tokens[i].lowerIs("did") && RuleSupport.nextWord(sentence, after: i).map { tokens[$0].lowerIs("not") } == true) {
                allowRegular = true
                negatedDid = true
            }
            // After a modal with a pronoun or noun subject before it (“they will needed”, “books
            // will stimulated”): the modal is no noun (“his will”, “a can”) and the -ed form is
            // the verb of its clause.
            if modalAux.containsNorm(of: tokens, i), let p = RuleSupport.previousWord(sentence, before: i),
               RuleSupport.separatedBySpaceOnly(sentence, p, i), let classes = context.wordClasses {
                let pw = tokens[p].lower
                let isSubject = subjectPronouns.contains(pw) || pw == "who"
                    || (classes.isNoun(pw) && !determiners.contains(pw) && !possessives.contains(pw)
                        && !(classes.entry(pw).map { $0.contains("R") || $0.contains("T") || $0.contains("Y") } ?? false))
                if isSubject, tokens[j].startsLowercase, classes.isPastParticiple(tokens[j].lower) { allowRegular = true; afterModal = true }
            }
            // “Did a man called Daffodil come?”: a participle before a name modifies the noun.
            if let k = sentence.nextNonSpace(after: j), tokens[k].kind == .word, tokens[k].startsUppercase { continue }
            // “Nothing he did helped.”: “did” is the main verb of a clause ending there.
            if tokens[i].lowerIs("did") || tokens[i].lowerIs("does"), sentence.previousNonSpace(before: i) != nil, !allowRegular, j == RuleSupport.nextWord(sentence, after: i) {
                if let p = RuleSupport.previousWord(sentence, before: i), subjectPronouns.containsLower(of: tokens, p),
                   let pp = RuleSupport.previousWord(sentence, before: p), tokens[pp].lower.isAny(of: "nothing", "everything", "what", "all", "anything", "something", "whatever") { continue }
            }
            // (The past forms that are often participles, excluded elsewhere, cannot be here: “Could
            // you sent…”.)
            // After “didn't” the participle-like pasts are pasts too (“didn't left”, “didn't sent”),
            // but for those that are also bases (“didn't found a company”, “didn't fell the tree”);
            // “saw” is one, but not before an object pronoun (“She didn't saw me”).
            let pastAfterDidnt = negatedDid && excluded.containsLower(of: tokens, j)
                && (!tokens[j].lower.isAny(of: "found", "wound", "ground", "bore", "lay", "fell", "saw")
                    || tokens[j].lowerIs("saw") && RuleSupport.nextWord(sentence, after: j).map { Lexicon.objectPronouns.containsLower(of: tokens, $0)
                    || Lexicon.possessives.containsLower(of: tokens, $0) || tokens[$0].lower.isAny(of: "the", "that", "this", "those", "these", "anything", "anyone", "anybody", "it") } == true)
            guard tokens[j].startsLowercase, afterQuestionModal || pastAfterDidnt || !excluded.containsLower(of: tokens, j),
                  let base = Self.base(of: tokens[j].lower, speller: context.speller, lexicon: context.lexicon, allowRegular: allowRegular) else { continue }
            // The auxiliary must not itself be a main verb (“he did wonders”): the past follows directly.
            // A regular past after a modal with no object after it is as likely a passive without
            // its “be” (“you will not allowed to enter” → “be allowed”): both are offered, the
            // passive first.
            if afterModal, irregularPastForms[tokens[j].lower] == nil, irregularPastSameForms[tokens[j].lower] == nil,
               context.lexicon.irregularPastLemma(tokens[j].lower) == nil, !Self.objectFollows(sentence, after: j) {
                out.append(ProofreadingSuggestion(range: tokens[j].range, replacements: ["be " + tokens[j].text, base],
                                     message: "After “\(tokens[i].text)”, use a passive (“be \(tokens[j].text)”) or the base form of the verb (“\(base)”)."))
                continue
            }
            out.append(ProofreadingSuggestion(range: tokens[j].range, replacements: [base],
                                 message: "After “\(tokens[i].text)”, use the base form of the verb: “\(base)”."))
        }
        return out
    }
}
