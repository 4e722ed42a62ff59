import Foundation

/// Flags an object pronoun in a compound subject and a subject pronoun in a compound object:
/// “Me and him was late” → “He and I were late”, “Me and my friend went” → “My friend and I
/// went”, “My sister and me are” → “and I are”, “Him and her left” → “He and she left”, and
/// “between you and I” → “between you and me”.
///
/// Follows Harper's `SubjectPronoun` linter (“Me and Alex carried …” → “Alex and I”),
/// LanguageTool's `BETWEEN_YOU_AND_I` rule (grammar.xml) and the usage notes on pronoun case
/// in coordination (Swan, *Practical English Usage*, §431; Merriam-Webster on *between you and
/// I*). A subject is a compound that opens a clause and is followed by a verb; a compound object
/// follows a preposition and is not followed by a verb (“after you and I talked” keeps “I”: the
/// preposition is a conjunction there). The verb agrees with the compound as a plural when it is
/// a form of “be”, “have” or “do” or a verb in -s (“was” → “were”). “I” goes last (“me and him”
/// → “he and I”).
public struct CompoundSubjectPronounRule: Rule {
    /// Stable rule ID.
    public let id = "EN_COMPOUND_SUBJECT_PRONOUN"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "Pronoun case in a compound subject or object (“Me and him went”, “between you and I”)"

    /// Personal pronouns → their subject form.
    static let subjectForms: WordMap<String> = WordMap([
        "me": "I", "i": "I", "him": "he", "he": "he", "her": "she", "she": "she", "them": "they", "they": "they", "you": "you",
    ])
    /// Object-case pronouns.
    static let objectCase: WordSet = ["me", "him", "her", "them"]
    /// Singular verb forms → the plural form a compound subject takes.
    static let pluralVerbs: WordMap<String> = WordMap([
        "is": "are", "was": "were", "has": "have", "does": "do", "doesn't": "don't", "isn't": "aren't", "wasn't": "weren't",
        "hasn't": "haven't", "am": "are",
    ])
    /// Prepositions before a compound object (not those that are also conjunctions: “after”,
    /// “before”, “since”, “until”, “than”, “as”, “like”, “but”).
    static let prepositions: WordSet = [
        "between", "for", "with", "to", "from", "of", "about", "against", "among", "at", "by", "behind", "beside", "except",
        "without", "toward", "towards", "upon", "on", "onto", "into", "around", "near", "among", "amongst",
    ]
    /// Adverbs that may stand between a compound subject and its verb.
    static let adverbs: WordSet = ["both", "all", "also", "always", "often", "never", "just", "usually", "really", "still", "then", "once", "sometimes", "finally"]
    /// Words that end a noun phrase inside a compound: function words a noun phrase does not
    /// contain.
    static let phraseBreaks: WordSet = [
        "and", "or", "but", "nor", "to", "of", "in", "on", "at", "with", "for", "from", "by", "that", "who", "which", "than",
        "as", "if", "when", "not", "so", "because",
    ]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Me and him was late again.", "He and I were late again."),
                        ("Me and my cousin went fishing.", "My cousin and I went fishing."),
                        ("Yesterday me and Sam painted the fence.", "Yesterday Sam and I painted the fence."),
                        ("My sister and me are twins.", "My sister and I are twins."),
                        ("Him and her left early.", "He and she left early."),
                        ("Her and her husband have moved.", "She and her husband have moved."),
                        ("This stays between you and I.", "This stays between you and me."),
                        ("He sent a card to my wife and I.", "He sent a card to my wife and me.")],
            correct: ["He and I were late again.", "My cousin and I went fishing.", "She invited Tom, me and him.",
                      "Her mother and I went fishing.", "After you and I talked, we agreed.", "Let me and my friend go.",
                      "Me and my big mouth!", "He gave it to me and him.", "The dog followed her and I closed the gate.",
                      "Between you and me, it failed.", "Tell him and me the truth.", "Me? I never said that.",
                      "It was a lot of work and I really appreciate it.", "We ran out of time and I honestly forgot."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["me", "him", "her", "them", "i"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// True when the word at `k` reads as the finite verb of a clause: an auxiliary or modal, a
    /// simple past, a common verb, or a verb in -s or -ed.
    static func isVerb(_ sentence: Sentence, _ k: Int, classes: WordClasses) -> Bool {
        let t = sentence.tokens[k]
        guard t.kind == .word, t.startsLowercase else { return false }
        let w = t.norm
        if RuleSupport.finiteAuxiliaries.contains(w) || Lexicon.irregularPastForms[w] != nil || Lexicon.irregularPastSameForms[w] != nil
            || AgreementThirdPersonRule.verbs[w] != nil || pluralVerbs[w] != nil || w.hasASCIISuffix("n't") { return true }
        if w.hasASCIISuffix("ed") { return classes.isPastParticiple(w) }
        if w.hasASCIISuffix("s"), let b = classes.verbBase(ofThirdPerson: w), AgreementThirdPersonRule.verbs[b] != nil { return true }
        return false
    }

    /// A conjunct starting at word `k`: a personal pronoun (its index) or a noun phrase (a
    /// determiner or possessive and up to three words, or one or two capitalised names), and the
    /// index of its last word. A pronoun stands alone when `ends` accepts the word after it;
    /// “her” before a noun is a possessive that opens a noun phrase (“her husband”).
    static func conjunct(_ sentence: Sentence, at k: Int, classes: WordClasses, ends: (Int) -> Bool) -> (pronoun: String?, last: Int)? {
        let tokens = sentence.tokens
        let w = tokens[k].lower
        if subjectForms[w] != nil || w == "us" || w == "we" {
            if let n = RuleSupport.nextWord(sentence, after: k), ends(n) { return (w, k) }
            if w != "her" { return nil }
        }
        // A noun phrase.
        var last = k
        var count = 0
        let opensPhrase = Lexicon.determiners.contains(w) || Lexicon.possessives.contains(w)
        if tokens[k].startsUppercase, !opensPhrase, !tokens[k].textIs("I"), subjectForms[w] == nil {
            // Names: “Sam”, “Sam Hill”.
            while let n = RuleSupport.nextWord(sentence, after: last), count < 1, tokens[n].startsUppercase, !ends(n) { last = n; count += 1 }
            guard let n = RuleSupport.nextWord(sentence, after: last), ends(n) else { return nil }
            return (nil, last)
        }
        guard opensPhrase else { return nil }
        while let n = RuleSupport.nextWord(sentence, after: last), count < 3 {
            let nw = tokens[n].lower
            if phraseBreaks.contains(nw) || subjectForms[nw] != nil || RuleSupport.isCodeLike(tokens[n]) { return nil }
            last = n
            count += 1
            if let m = RuleSupport.nextWord(sentence, after: n), ends(m) { return count > 0 ? (nil, last) : nil }
        }
        return nil
    }

    /// `text` with its first letter capitalised.
    static func capitalised(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        let tokens = sentence.tokens
        // Both kinds of compound have an “and”: the words that may start one are the four
        // before an “and” and the one after it (“… and I”).
        var starts: [Int] = []
        for a in tokens.indices where tokens[a].kind == .word && tokens[a].lowerIs("and") {
            var before: [Int] = []
            var k = a
            while before.count < 4, let p = RuleSupport.previousWord(sentence, before: k) { before.append(p); k = p }
            for p in before.reversed() where starts.last.map({ p > $0 }) ?? true { starts.append(p) }
            if let n = RuleSupport.nextWord(sentence, after: a), starts.last.map({ n > $0 }) ?? true { starts.append(n) }
        }
        guard !starts.isEmpty else { return [] }
        var out: [ProofreadingSuggestion] = []
        let text = context.segmentText as NSString
        var claimed = -1
        for s in starts where s > claimed {
            // A compound object: “between you and I”.
            if tokens[s].textIs("I"), let and = RuleSupport.previousWord(sentence, before: s), tokens[and].lowerIs("and"),
               let m = objectMatch(sentence, i: s, and: and, classes: classes) {
                out.append(m)
                continue
            }
            // A compound that opens a clause: “Me and him …”, “My sister and me …”.
            let sw = tokens[s].lower
            guard Self.subjectForms[sw] != nil || Lexicon.determiners.contains(sw) || Lexicon.possessives.contains(sw) || tokens[s].startsUppercase,
                  RuleSupport.opensClause(sentence, s), !RuleSupport.isCodeLike(tokens[s]) else { continue }
            // The second conjunct ends before the verb (after one adverb).
            let verbAt: (Int) -> Bool = { n in self.isVerbFollowing(sentence, n, classes: classes) }
            guard let x = Self.conjunct(sentence, at: s, classes: classes, ends: { tokens[$0].lowerIs("and") }),
                  let and = RuleSupport.nextWord(sentence, after: x.last), tokens[and].lowerIs("and"),
                  let ys = RuleSupport.nextWord(sentence, after: and),
                  let y = Self.conjunct(sentence, at: ys, classes: classes, ends: verbAt),
                  var v = RuleSupport.nextWord(sentence, after: y.last) else { continue }
            if Self.adverbs.containsLower(of: tokens, v), let n = RuleSupport.nextWord(sentence, after: v) { v = n }
            guard Self.isVerb(sentence, v, classes: classes) else { continue }
            let px = x.pronoun, py = y.pronoun
            guard px.map(Self.objectCase.contains) == true || py.map(Self.objectCase.contains) == true else { continue }
            if px == "us" || px == "we" || py == "us" || py == "we" { continue }
            let yText = text.substring(with: RuleSupport.span(sentence, ys, y.last))
            let sentenceStart = tokens[s].startsUppercase && sentence.previousNonSpace(before: s).map { p in
                tokens[p].kind == .punctuation && tokens[p].isOne(of: "\"\u{201C}(")
            } ?? true
            var fixed: String
            var start = s
            if let px, let py {
                let sx = Self.subjectForms[px] ?? px, sy = Self.subjectForms[py] ?? py
                if sx == "I" && sy == "I" { continue }
                fixed = sx == "I" ? "\(sy) and I" : "\(sx) and \(sy)"
            } else if let px {
                let sx = Self.subjectForms[px] ?? px
                fixed = sx == "I" ? "\(yText) and I" : "\(sx) and \(yText)"
            } else if let py {
                // A noun phrase and a pronoun: only the pronoun changes.
                fixed = Self.subjectForms[py] ?? py
                start = ys
            } else {
                continue
            }
            if start == s {
                if sentenceStart { fixed = Self.capitalised(fixed) } else if fixed.first?.isUppercase == true, !fixed.hasPrefix("I "), !yText.hasPrefix(fixed.prefix(1)) {
                    fixed = fixed.prefix(1).lowercased() + fixed.dropFirst()
                }
            }
            // The verb agrees with the compound as a plural.
            var end = y.last
            let vw = tokens.norm(v)
            let plural = Self.pluralVerbs[vw] ?? (vw.hasASCIISuffix("s") ? classes.verbBase(ofThirdPerson: vw) : nil)
            if let plural {
                let between = text.substring(with: NSRange(location: tokens[end].end, length: tokens[v].range.location - tokens[end].end))
                fixed += between + RuleSupport.matchCase(plural, like: tokens[v].text)
                end = v
            }
            let original = text.substring(with: RuleSupport.span(sentence, start, end))
            guard fixed != original else { continue }
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, start, end), replacements: [fixed],
                                 message: "In a subject, use the subject pronoun: “\(fixed)”."))
            claimed = end
        }
        return out
    }

    /// True when the word at `n` (after a conjunct) is the clause's verb, allowing one adverb.
    func isVerbFollowing(_ sentence: Sentence, _ n: Int, classes: WordClasses) -> Bool {
        var k = n
        if Self.adverbs.contains(sentence.tokens[k].lower), let m = RuleSupport.nextWord(sentence, after: k) { k = m }
        return Self.isVerb(sentence, k, classes: classes)
    }

    /// “between you and I”: the “I” at `i` ends a compound after a preposition and no verb
    /// follows it.
    func objectMatch(_ sentence: Sentence, i: Int, and: Int, classes: WordClasses) -> ProofreadingSuggestion? {
        let tokens = sentence.tokens
        // The first conjunct: a pronoun, a name, or a noun phrase of up to four words.
        var k = and
        var words = 0
        var afterPreposition = false
        while let p = RuleSupport.previousWord(sentence, before: k), words <= 4 {
            if Self.prepositions.containsLower(of: tokens, p) { afterPreposition = true; break }
            if Self.phraseBreaks.containsLower(of: tokens, p) || RuleSupport.finiteAuxiliaries.containsNorm(of: tokens, p) || tokens[p].textIs("I") { return nil }
            words += 1
            k = p
        }
        guard afterPreposition, words >= 1 else { return nil }
        // The first conjunct must be a noun phrase or an object: not “for he and I”.
        let first = tokens[k].lower
        guard Self.subjectForms[first] == nil || first == "you" || Self.objectCase.contains(first) || words > 1 else { return nil }
        if words > 1, !(Lexicon.determiners.contains(first) || Lexicon.possessives.contains(first) || tokens[k].startsUppercase) { return nil }
        // “I” ends the compound: no verb after it (“for her and I went” is two clauses).
        if var n = sentence.nextNonSpace(after: i) {
            // An adverb may stand before that verb (“a lot of work and I really appreciate it”).
            if tokens[n].kind == .word, Self.adverbs.contains(tokens[n].lower) || (tokens[n].lower.hasASCIISuffix("ly") && tokens[n].lower.count > 4),
               let m = RuleSupport.nextWord(sentence, after: n) { n = m }
            let t = tokens[n]
            if t.kind == .word, Self.isVerb(sentence, n, classes: classes) || classes.isVerbBase(t.lower) && !Self.prepositions.contains(t.lower) && !t.lowerIs("to") { return nil }
            if t.kind == .punctuation, t.isOne(of: "'\u{2019}") { return nil }
        }
        return ProofreadingSuggestion(range: tokens[i].range, replacements: ["me"],
                         message: "After a preposition, use the object pronoun: “me”.")
    }
}
