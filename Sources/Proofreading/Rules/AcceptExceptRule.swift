import Foundation

/// Flags “except” where the verb “accept” is meant: “I except your apology”, “We will except
/// the offer”, “Please except my thanks”; and “accept for” opening a clause where the
/// preposition “except for” is meant (“Accept for John, everyone came”).
///
/// Follows LanguageTool's `ACCEPT_EXCEPT` confusion rule. “except” is a preposition (“all except
/// me”); as a verb (“to leave out”) it is rare and comes with “from” (“we except students from
/// the fee”), which is left alone. Flagged only where a verb must stand: after a subject pronoun,
/// a modal or auxiliary, “to” or “please”, before a determiner or possessive.
public struct AcceptExceptRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_ACCEPT_EXCEPT"
    /// Commonly confused words (``RuleCategory/confusedWords``).
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“except” (but) where the verb “accept” (take) is meant"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I except your apology.", "I accept your apology."),
                        ("We will except the offer tomorrow.", "We will accept the offer tomorrow."),
                        ("Please except my thanks.", "Please accept my thanks."),
                        ("She excepted the award with a smile.", "She accepted the award with a smile."),
                        ("Accept for John, everyone came.", "Except for John, everyone came."),
                        ("Everyone agreed, accept Jonas.", "Everyone agreed, except Jonas."),
                        ("The room was empty, accept for a chair.", "The room was empty, except for a chair.")],
            correct: ["Everyone came except my brother.", "If everyone agrees, accept it.", "When everyone has voted, accept Jonas.", "Read all the terms, accept them and sign.", "I like all fruit except the apples.",
                      "We except students from the fee.", "I accept your apology.", "Nobody except you knew.",
                      "We accept for review only new papers.", "Please accept for now that it works.", "Except for John, everyone came."])
    }

    /// Words after which a verb stands.
    static let verbSlot: WordSet = ["i", "we", "you", "they", "he", "she", "will", "would", "can", "could", "should", "must",
                                    "might", "may", "to", "please", "don't", "didn't", "won't", "not", "gladly", "happily"]

    /// Words of a clause about all or none (“Everyone agreed, except Jonas”).
    static let everyoneOrNone: WordSet = ["everyone", "everybody", "everything", "all", "nobody", "nothing", "none", "anyone", "anybody", "each", "every"]

    /// The forms and their replacements.
    static let forms: [String: String] = ["except": "accept", "excepts": "accepts", "excepted": "accepted", "excepting": "accepting"]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(forms.keys).union(["accept"])
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        // The rare verb “except … from”: left alone.
        if tokens.contains(where: { $0.kind == .word && $0.lowerIs("from") }) { return [] }
        for i in tokens.indices where tokens[i].kind == .word {
            // “Accept for John, everyone came.”: “accept for” opening the sentence or a clause
            // after a comma is the preposition “except for” (Swan, *Practical English Usage*,
            // except (for)); “We accept for review” keeps its subject.
            if tokens[i].lowerIs("accept"), let j = RuleSupport.nextWord(sentence, after: i), tokens[j].lowerIs("for") {
                let p = sentence.previousNonSpace(before: i)
                guard p == nil || tokens[p!].isOne(of: ",;(\u{2014}") else { continue }
                out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("except", like: tokens[i].text)],
                                     message: "Use “except for” (apart from); “accept” is the verb meaning to take."))
                continue
            }
            // “Everyone agreed, accept Jonas.”: after a clause about everyone or nothing, “,
            // accept” and one name closing the sentence is the preposition “except”.
            if tokens[i].lowerIs("accept"), let p = sentence.previousNonSpace(before: i), tokens[p].isOne(of: ","),
               let j = RuleSupport.nextWord(sentence, after: i),
               tokens[j].startsUppercase,
               // (Not after a subordinate clause, which an imperative follows: “If everyone agrees, accept Jonas.”)
               !(tokens.firstIndex(where: { $0.kind == .word }).map { tokens[$0].lower.isAny(of: "if", "when", "once", "unless", "after", "before", "since", "because", "as", "while") } ?? false),
               sentence.nextNonSpace(after: j).map({ tokens[$0].kind == .punctuation && tokens[$0].isOne(of: ".!;") }) ?? true,
               (0..<p).contains(where: { tokens[$0].kind == .word && Self.everyoneOrNone.containsLower(of: tokens, $0) }) {
                out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("except", like: tokens[i].text)],
                                     message: "Use “except” (apart from); “accept” is the verb meaning to take."))
                continue
            }
            guard let right = Self.forms[tokens[i].lower], let j = RuleSupport.nextWord(sentence, after: i),
                  Lexicon.determiners.containsLower(of: tokens, j) || Lexicon.possessives.containsLower(of: tokens, j) else { continue }
            // “except” itself needs the verb slot; a past or -s form is a verb anyway (“She excepted the award”).
            if tokens[i].lowerIs("except") {
                guard let p = RuleSupport.previousWord(sentence, before: i), Self.verbSlot.containsNorm(of: tokens, p) else { continue }
            } else {
                guard let p = RuleSupport.previousWord(sentence, before: i),
                      Lexicon.subjectPronouns.containsLower(of: tokens, p) || tokens[p].startsUppercase || Self.verbSlot.containsNorm(of: tokens, p) else { continue }
            }
            out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase(right, like: tokens[i].text)],
                                 message: "Use the verb “\(right)” (to take, to agree to); “\(tokens[i].text)” means leaving out."))
        }
        return out
    }
}
