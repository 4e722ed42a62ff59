import Foundation

/// Flags “could of”, “should of”, “would of”, “must of”, “might of” written for “could have”.
public struct ModalOfRule: Rule {
    /// Stable rule ID.
    public let id = "EN_MODAL_OF"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“could of” instead of “could have”"

    static let modals: WordSet = (["could", "should", "would", "must", "might", "may", "will", "shall", "couldn't", "shouldn't", "wouldn't", "mustn't"] as WordSet).hot(.modalsBeforeOf)

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("It could of been worse.", "It could have been worse."),
                        ("You should of told me.", "You should have told me."),
                        ("I must of missed that part.", "I must have missed that part.")],
            correct: ["We could, of course, wait until Monday.",
                      "He would of course say that.",
                      "They felt the might of the storm.",
                      "It is the will of the people.", "Policy must of necessity serve this goal."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Self.modals.set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let determiners = Lexicon.determiners
        let objectPronouns = Lexicon.objectPronouns
        let possessives = Lexicon.possessives
        let subjectPronouns = Lexicon.subjectPronouns
        let modals = Self.modals
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && modals.containsNorm(of: tokens, i) {
            let t = tokens[i]
            guard let j = RuleSupport.nextWord(sentence, after: i), tokens[j].lowerIs("of") else { continue }
            guard let k = RuleSupport.nextWord(sentence, after: j) else { continue }
            let after = tokens[k].lower
            if after == "course" || after == "necessity" || determiners.contains(after) || possessives.contains(after)
                || objectPronouns.contains(after) || after.isAny(of: "which", "whom", "all", "what", "such") { continue }
            if let p = RuleSupport.previousWord(sentence, before: i) {
                let pw = tokens[p].lower
                if determiners.contains(pw) || possessives.contains(pw) || pw.isAny(of: "own", "free", "good", "ill", "sheer", "full", "military") { continue }
            }
            if t.lower.isAny(of: "will", "shall", "may") {
                // “the will of”: require a pronoun subject right before.
                guard let p = RuleSupport.previousWord(sentence, before: i), subjectPronouns.containsLower(of: tokens, p) else { continue }
            }
            let modal = t.text
            out.append(RuleMatch(range: RuleSupport.span(sentence, i, j),
                                 replacements: [modal + " " + RuleSupport.matchCase("have", like: tokens[j].text)] + (t.lower.hasASCIISuffix("n't") ? [] : [modal + "'ve"]),
                                 message: "Use “\(modal) have”: “of” is how “’ve” sounds, not what it means."))
        }
        return out
    }
}
