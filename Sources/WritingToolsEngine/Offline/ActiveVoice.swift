import Foundation
import Proofreading

/// Rewrite's passive-to-active edit: a clause in the passive whose agent is named ("The
/// revised contract has been reviewed by our legal department.") is said in the active voice,
/// the agent first ("Our legal department has reviewed the revised contract.").
///
/// Only the plain shape is rewritten: a subject noun phrase that opens its clause (a pronoun, or
/// a determiner or possessive and up to five more words ending on a noun), a passive of one of
/// `is`/`are`/`was`/`were`, `has`/`have`/`had been` or a modal with `be`, a past participle
/// the tag lexicon knows, then `by` and an agent that is a pronoun, a name or a noun phrase with
/// a determiner, followed by the clause's end or a preposition. Nothing else is touched: no
/// negation or adverb inside the verb group, no agent made of a gerund (“by clicking”), a time
/// (“by Friday”, “by the end of the month”, “by 5 pm”), a manner (“by hand”, “by email”) or an
/// amount (“by 20%”), and no agent followed by “and”, “or” or a relative clause, whose scope
/// the rewrite could not keep.
enum ActiveVoice {
    /// One edit: the UTF-16 range of the clause's subject to its agent, and what replaces it.
    struct Edit: Equatable {
        var range: NSRange
        var replacement: String
    }

    /// The passive clauses of `text` (one prose segment) said in the active voice.
    static func edits(in text: String) -> [Edit] {
        var out: [Edit] = []
        for sentence in SentenceSplitter.split(Tokenizer.tokenize(text)) {
            let tokens = sentence.tokens.array.filter { !$0.isSpace }
            var p = 0
            while p < tokens.count {
                if tokens[p].lowerIs("by"), let edit = edit(at: p, in: tokens) {
                    out.append(edit)
                    p += 2
                } else {
                    p += 1
                }
            }
        }
        return out
    }

    private static let determiners: Set<String> = [
        "the", "a", "an", "this", "that", "these", "those", "our", "my", "your", "his", "her", "its", "their", "every", "each",
    ]
    /// Numbers and quantifiers that open a noun phrase as a determiner does (“by two scripts”).
    private static let quantifiers: Set<String> = [
        "two", "three", "four", "five", "six", "several", "many", "some", "both", "all", "most", "few", "other", "another",
    ]
    /// Subject pronouns and the object forms they take after the verb (and back, for the agent).
    private static let objectForm: [String: String] = ["i": "me", "we": "us", "they": "them", "he": "him", "she": "her", "it": "it", "you": "you"]
    private static let subjectForm: [String: String] = ["me": "I", "us": "we", "them": "they", "him": "he", "her": "she", "it": "it", "you": "you"]
    private static let modals: Set<String> = ["will", "would", "can", "could", "should", "must", "may", "might", "shall"]
    /// What may stand before a clause's subject: its start, a comma, a conjunction.
    private static let clauseOpeners: Set<String> = [
        "that", "because", "when", "if", "since", "although", "though", "while", "so", "and", "but", "once", "unless", "until",
    ]
    /// Nouns after “by” that say when, how or how much, not who (“by the end of the month”, “by
    /// a factor of two”, “by the next release”).
    private static let notAgents: Set<String> = [
        "end", "start", "beginning", "middle", "close", "time", "date", "deadline", "day", "week", "month", "year", "weekend",
        "morning", "afternoon", "evening", "night", "noon", "midnight", "hour", "minute", "release", "version", "way", "means",
        "hand", "default", "mistake", "accident", "chance", "design", "definition", "nature", "far", "factor", "amount", "margin",
        "percent", "half", "degree", "email", "mail", "phone", "post", "name", "law", "heart", "force", "contrast", "comparison",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march", "april",
        "june", "july", "august", "september", "october", "november", "december", "now", "then", "tomorrow", "today", "tonight",
    ]
    /// Words that, after the agent, show it goes on or is qualified (“by Anna and Tom”, “by the
    /// script that…”): the clause is left alone.
    private static let notAfterAgent: Set<String> = ["and", "or", "nor", "who", "which", "that", "whose", "of", "'s", "than", "as"]

    private enum Tense { case past, present, perfect(String), modal(String) }

    private static func edit(at by: Int, in t: [Token]) -> Edit? {
        let lexicon = TagLexicon.shared
        // The participle and the verb group before it.
        guard by >= 3, t[by - 1].kind == .word, t[by - 1].startsLowercase else { return nil }
        let participle = t[by - 1].lower
        guard lexicon.tagSet(of: participle).contains(.VBN), let lemma = lexicon.lemma(of: participle, as: .VBN) else { return nil }
        var auxStart = by - 2
        let tense: Tense
        switch t[by - 2].lower {
        case "was", "were": tense = .past
        case "is", "are": tense = .present
        case "been":
            guard ["has", "have", "had"].contains(t[by - 3].lower) else { return nil }
            tense = .perfect(t[by - 3].lower); auxStart = by - 3
        case "be":
            guard modals.contains(t[by - 3].lower) else { return nil }
            tense = .modal(t[by - 3].lower); auxStart = by - 3
        default: return nil
        }
        // “It has been determined by the undersigned that…”: the agent is the subject of the
        // verb and “that” its clause (“I have determined that…”).
        if auxStart >= 1, t[auxStart - 1].lowerIs("it"), opensClause(at: auxStart - 1, in: t) {
            if let e = itThat(subject: auxStart - 1, by: by, tense: tense, participle: participle, lemma: lemma, in: t) { return e }
        }
        guard auxStart >= 1, let subject = subjectPhrase(before: auxStart, in: t) else { return nil }
        guard let (agentEnd, agentPlural) = agentPhrase(after: by, in: t) else { return nil }
        // The verb in the active voice, agreeing with the agent.
        let verb: String
        switch tense {
        case .past:
            // (A regular verb's simple past is its participle.)
            guard let past = lexicon.form(of: lemma, as: .VBD) ?? (participle.hasSuffix("ed") ? participle : nil) else { return nil }
            verb = past
        case .present:
            guard let present = agentPlural ? lexicon.form(of: lemma, as: .VBP) ?? lemma : lexicon.form(of: lemma, as: .VBZ) ?? thirdPerson(lemma)
            else { return nil }
            verb = present
        case let .perfect(aux):
            verb = (aux == "had" ? "had" : agentPlural ? "have" : "has") + " " + participle
        case let .modal(m):
            verb = m + " " + lemma
        }
        // The words as written (a placeholder or a line break inside either phrase: left alone).
        let subjectTokens = t[subject..<auxStart], agentTokens = t[(by + 1)...agentEnd]
        guard !(subjectTokens + agentTokens).contains(where: { $0.kind == .placeholder }) else { return nil }
        let atStart = subject == 0
        var agentText = phrase(agentTokens)
        if agentTokens.count == 1, let s = subjectForm[agentTokens.first!.lower] { agentText = s }
        var subjectText = phrase(subjectTokens)
        if subjectTokens.count == 1, let o = objectForm[subjectTokens.first!.lower] { subjectText = o }
        else if atStart, subjectTokens.first!.startsUppercase, determiners.contains(subjectTokens.first!.lower) {
            subjectText = subjectText.prefix(1).lowercased() + subjectText.dropFirst()
        }
        if atStart { agentText = agentText.prefix(1).uppercased() + agentText.dropFirst() }
        let start = t[subject].range.location, end = t[agentEnd].end
        return Edit(range: NSRange(location: start, length: end - start), replacement: agentText + " " + verb + " " + subjectText)
    }

    /// The edit of “it” + a passive + “by” + an agent + “that” (“it has been decided by the
    /// committee that” → “the committee has decided that”, “it was agreed by us that” → “we
    /// agreed that”, “by the undersigned” → “I”); nil unless “that” follows the agent at once,
    /// and for the present tense (“it is believed by many that”), whose agreement is unclear.
    private static func itThat(subject: Int, by: Int, tense: Tense, participle: String, lemma: String, in t: [Token]) -> Edit? {
        let lexicon = TagLexicon.shared
        var k = by + 1
        guard k + 1 < t.count, t[k].kind == .word else { return nil }
        var agentText: String
        var plural: Bool
        if t[k].lowerIs("the"), t[k + 1].lowerIs("undersigned") {
            k += 1
            agentText = "I"; plural = true
        } else if let s = subjectForm[t[k].lower], t[k].lower != "it", t[k].lower != "you" {
            agentText = s; plural = s != "he" && s != "she"
        } else if determiners.contains(t[k].lower) || t[k].startsUppercase {
            let first = k
            while k + 1 < t.count, k + 1 - by <= 5, !t[k + 1].lowerIs("that"), isNounPhraseWord(t[k + 1]) { k += 1 }
            guard k > first || t[first].startsUppercase && !determiners.contains(t[first].lower) else { return nil }
            let head = t[k].lower
            let tags = lexicon.tagSet(of: head)
            guard !notAgents.contains(head), !tags.isDisjoint(with: .nouns) || tags.isEmpty || t[k].startsUppercase else { return nil }
            agentText = phrase(t[first...k])
            plural = tags.contains(.NNS) && !tags.contains(.NN)
        } else {
            return nil
        }
        guard k + 1 < t.count, t[k + 1].lowerIs("that"), !t[(by + 1)...k].contains(where: { $0.kind == .placeholder }) else { return nil }
        let verb: String
        switch tense {
        case .past:
            guard let past = lexicon.form(of: lemma, as: .VBD) ?? (participle.hasSuffix("ed") ? participle : nil) else { return nil }
            verb = past
        case .present:
            return nil
        case let .perfect(aux):
            verb = (aux == "had" ? "had" : plural ? "have" : "has") + " " + participle
        case let .modal(m):
            verb = m + " " + lemma
        }
        if subject == 0 || t[subject].startsUppercase {
            agentText = agentText.prefix(1).uppercased() + agentText.dropFirst()
        }
        let start = t[subject].range.location
        return Edit(range: NSRange(location: start, length: t[k].end - start), replacement: agentText + " " + verb)
    }

    /// The regular third person singular of `lemma` (“causes”, “fixes”, “copies”); nil for a
    /// word too short to inflect safely.
    private static func thirdPerson(_ lemma: String) -> String? {
        guard lemma.count >= 3, lemma.allSatisfy(\.isLetter) else { return nil }
        let vowels = Set("aeiou")
        if lemma.hasSuffix("y"), let before = lemma.dropLast().last, !vowels.contains(before) { return lemma.dropLast() + "ies" }
        if ["s", "x", "z", "ch", "sh", "o"].contains(where: { lemma.hasSuffix($0) }) { return lemma + "es" }
        return lemma + "s"
    }

    /// `tokens` as written, one space between words and none around a hyphen or apostrophe.
    private static func phrase(_ tokens: ArraySlice<Token>) -> String {
        var out = ""
        var previous: Token?
        for tok in tokens {
            if let previous, previous.end < tok.range.location { out += " " }
            out += tok.text
            previous = tok
        }
        return out
    }

    /// The index of the first token of the subject noun phrase that ends right before `aux`:
    /// a pronoun, or a determiner and up to five words (nouns, adjectives, numbers, hyphens)
    /// ending on a noun, at the start of its clause; nil otherwise.
    private static func subjectPhrase(before aux: Int, in t: [Token]) -> Int? {
        let lexicon = TagLexicon.shared
        var s = aux - 1
        if objectForm[t[s].lower] != nil, t[s].kind == .word {
            return opensClause(at: s, in: t) ? s : nil
        }
        let head = t[s].lower
        guard t[s].kind == .word, !determiners.contains(head), !lexicon.tagSet(of: head).isDisjoint(with: .nouns) || lexicon.tagSet(of: head).isEmpty
        else { return nil }
        while s > 0, aux - s <= 6 {
            if determiners.contains(t[s].lower), t[s].kind == .word { return opensClause(at: s, in: t) ? s : nil }
            let tok = t[s - 1]
            let isModifier = determiners.contains(tok.lower) || quantifiers.contains(tok.lower)
                || (isNounPhraseWord(tok) || canBeModifier(tok)) && !clauseOpeners.contains(tok.lower) && !modals.contains(tok.lower)
            guard isModifier else { return nil }
            s -= 1
        }
        return s >= 0 && determiners.contains(t[s].lower) && opensClause(at: s, in: t) ? s : nil
    }

    /// True when `tok` can stand inside a noun phrase after its determiner: a number, a hyphen,
    /// or a word whose likeliest tag is a noun's, an adjective's or a participle's (or that
    /// the lexicon does not know: “CI”, “kubectl”).
    private static func isNounPhraseWord(_ tok: Token) -> Bool {
        if tok.kind == .number || tok.textIs("-") { return true }
        guard tok.kind == .word else { return false }
        guard let tag = TagLexicon.shared.weightedTags(of: tok.lower).first?.tag else { return true }
        return tag.isNoun || tag.isAdjective || tag == .VBN || tag == .VBG || tag == .CD
    }

    /// True when `tok` is a word that can modify a noun (a noun, an adjective, a participle) and
    /// nothing that ends a noun phrase (a preposition, a conjunction, a pronoun, a modal):
    /// “build” of “the build server”, “revised” of “the revised contract”.
    private static func canBeModifier(_ tok: Token) -> Bool {
        guard tok.kind == .word else { return false }
        let tags = TagLexicon.shared.tagSet(of: tok.lower)
        let modifying = !tags.isDisjoint(with: .nouns) || !tags.isDisjoint(with: .adjectives) || tags.contains(.VBN) || tags.contains(.VBG)
        return modifying && tags.isDisjoint(with: closedClasses)
    }

    /// Tags of words that end a noun phrase rather than stand in one.
    private static let closedClasses = PennTagSet([.IN, .CC, .MD, .PRP, .WDT, .WP, .TO, .EX, .DT])

    /// True when the phrase at `s` opens its clause: the sentence's start, or after a comma,
    /// semicolon, colon or conjunction.
    private static func opensClause(at s: Int, in t: [Token]) -> Bool {
        guard s > 0 else { return true }
        let before = t[s - 1]
        return before.isOne(of: ",;:") || (before.kind == .word && clauseOpeners.contains(before.lower))
    }

    /// The last token of the agent after `by` and whether it is plural: a pronoun, a name
    /// (capitalised words), or a determiner or possessive and up to five words ending on a
    /// noun, followed by the clause's end or a preposition; nil otherwise.
    private static func agentPhrase(after by: Int, in t: [Token]) -> (end: Int, plural: Bool)? {
        let lexicon = TagLexicon.shared
        var k = by + 1
        guard k < t.count, t[k].kind == .word else { return nil }
        let first = t[k].lower
        var end: Int
        var plural: Bool
        if let s = subjectForm[first], first != "her" || !(k + 1 < t.count && t[k + 1].kind == .word) {
            end = k
            plural = ["we", "they", "I", "you"].contains(s)
        } else if determiners.contains(first) || quantifiers.contains(first) {
            k += 1
            // A word whose likeliest tag is a noun's or an adjective's goes on the phrase; so does
            // one that can be a noun before such a word (“the build server”) or at the phrase's
            // end (“a missing file.”); a time word after the first (“the board last night”) ends it.
            while k < t.count, k - by <= 6, !notAfterAgent.contains(t[k].lower),
                  !(k > by + 2 && ["last", "next", "this", "yesterday", "today", "tomorrow"].contains(t[k].lower)),
                  isNounPhraseWord(t[k]) || canBeModifier(t[k]) && (k + 1 == t.count || t[k + 1].kind != .word
                    || isNounPhraseWord(t[k + 1]) && !notAgents.contains(t[k + 1].lower)
                    || TagLexicon.shared.weightedTags(of: t[k + 1].lower).first?.tag == .IN) {
                k += 1
            }
            end = k - 1
            guard end > by + 1 else { return nil }
            let head = t[end].lower
            let tags = lexicon.tagSet(of: head)
            guard !notAgents.contains(head), !tags.isDisjoint(with: .nouns) || tags.isEmpty else { return nil }
            plural = tags.contains(.NNS) && !tags.contains(.NN) || quantifiers.contains(first) && first != "another"
        } else if t[k].startsUppercase, !notAgents.contains(first), !t[k].isAllCaps || t[k].text.count > 1 {
            // A name: capitalised words (“Anna”, “Acme Corp”), never a month or a weekday.
            while k + 1 < t.count, t[k + 1].kind == .word, t[k + 1].startsUppercase, !notAgents.contains(t[k + 1].lower) { k += 1 }
            end = k
            plural = false
        } else {
            return nil
        }
        // What follows: the clause's end, or a preposition starting an adjunct.
        if end + 1 < t.count {
            let next = t[end + 1]
            if next.kind == .word {
                let w = next.lower
                guard !notAfterAgent.contains(w), lexicon.tagSet(of: w).contains(.IN) || ["yesterday", "today", "last", "next"].contains(w) else { return nil }
            } else if next.isOne(of: ",") {
                // “…by the script, which broke the build”: the relative clause would move.
                if end + 2 < t.count, ["which", "who", "whose"].contains(t[end + 2].lower) { return nil }
            } else if !next.isOne(of: ".!?;:)") {
                return nil
            }
        }
        return (end, plural)
    }
}
