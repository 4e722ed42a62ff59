import Foundation

/// Flags three verb patterns learners of English often get wrong (Swan, *Practical English
/// Usage*: contact; prefer; say and tell): “contact with me” → “contact me” (the verb takes a
/// direct object), “prefer tea than coffee” → “prefer tea to coffee”, and “she told that” →
/// “she said that” (“tell” needs a person as its object).
public struct VerbPatternRule: Rule {
    /// Stable rule ID.
    public let id = "EN_VERB_PATTERN"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“contact with”, “prefer … than”, “told that” without an object"

    /// Creates the rule.
    public init() {}

    /// Words after which “contact” is the verb (“Please contact”, “to contact”, “will contact”).
    static let contactVerbSlot: WordSet = RuleSupport.modals.union(["please", "to", "i", "we", "you", "they", "don't", "not", "also", "kindly", "never"])
    /// Words before “than” that make it a comparison of their own (“rather than”, “more than”).
    static let comparing: WordSet = ["rather", "more", "less", "better", "other", "else", "sooner", "much", "far"]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["contact", "prefer", "prefers", "preferred", "told"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Please contact with me.", "Please contact me."),
                        ("Contact with us if you need help.", "Contact us if you need help."),
                        ("You can contact with us by phone.", "You can contact us by phone."),
                        ("I prefer tea than coffee.", "I prefer tea to coffee."),
                        ("She prefers trains than planes.", "She prefers trains to planes."),
                        ("She told that she was tired.", "She said that she was tired.")],
            correct: ["Avoid contact with the eyes.", "We keep in contact with them.", "Please contact me.",
                      "Contact with us is rare.", "Contact with them was forbidden.",
                      "I prefer to walk rather than drive.", "I prefer tea to coffee.", "I prefer it more than ever.",
                      "I was told that she was tired.", "She told me that she was tired.", "We had been told that it was safe.",
                      "Eye contact with strangers is rare."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            // “Contact with us if …” opening the sentence: the imperative, when “me” or “us”
            // follows and no verb makes “Contact with us” a subject (“Contact with us is rare”).
            if tokens[i].textIs("Contact"), i == tokens.firstIndex(where: { $0.kind == .word }),
               let n = RuleSupport.nextWord(sentence, after: i), tokens[n].lowerIs("with"),
               let o = RuleSupport.nextWord(sentence, after: n), tokens[o].lowerIs("us") || tokens[o].lowerIs("me") {
                let after = RuleSupport.nextWord(sentence, after: o)
                if after.map({ !RuleSupport.finiteAuxiliaries.containsLower(of: tokens, $0) && !tokens[$0].lower.isAny(of: "does", "did", "do", "seems", "helps", "makes") }) ?? true {
                    out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, n), replacements: [tokens[i].text],
                                         message: "The verb “contact” takes a direct object: “Contact us”, not “Contact with us”."))
                }
                continue
            }
            guard tokens[i].startsLowercase else { continue }
            let w = tokens[i].lower
            if w == "contact" {
                // “contact with me”: the verb after a modal, “to” or “please”, before a person.
                guard let p = RuleSupport.previousWord(sentence, before: i), Self.contactVerbSlot.containsNorm(of: tokens, p),
                      let n = RuleSupport.nextWord(sentence, after: i), tokens[n].lowerIs("with"),
                      let o = RuleSupport.nextWord(sentence, after: n),
                      Lexicon.objectPronouns.containsLower(of: tokens, o) || tokens[o].startsUppercase || Lexicon.possessives.containsLower(of: tokens, o) else { continue }
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, n), replacements: [tokens[i].text],
                                     message: "The verb “contact” takes a direct object: “contact me”, not “contact with me”."))
            } else if w == "prefer" || w == "prefers" || w == "preferred" {
                // “prefer tea than coffee”: a noun object, then “than” within three words.
                var k = i, steps = 0
                while steps < 3, let m = RuleSupport.nextWord(sentence, after: k) {
                    let mw = tokens[m].lower
                    if mw == "to" || RuleSupport.finiteAuxiliaries.contains(mw) || mw.isAny(of: "that", "it", "not", "and", "or", "if", "when") { break }
                    if mw == "than" {
                        guard steps > 0, !Self.comparing.containsLower(of: tokens, k), !tokens[k].lower.hasASCIISuffix("er"),
                              let after = RuleSupport.nextWord(sentence, after: m), !tokens[after].lowerIs("to") else { break }
                        out.append(ProofreadingSuggestion(range: tokens[m].range, replacements: ["to"],
                                             message: "After “prefer”, compare with “to”: “prefer tea to coffee”."))
                        break
                    }
                    k = m
                    steps += 1
                }
            } else if w == "told" {
                // “She told that …”: a subject pronoun, “told”, then “that” with no person between.
                guard let n = RuleSupport.nextWord(sentence, after: i), tokens[n].lowerIs("that"),
                      let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lower.isAny(of: "i", "he", "she", "we", "they", "you"),
                      RuleSupport.isSubjectPosition(sentence, p) || RuleSupport.previousWord(sentence, before: p).map({ tokens[$0].lower.isAny(of: "that", "and", "but") }) == true else { continue }
                out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: ["said"],
                                     message: "“Tell” needs a person as its object (“told me that”); without one, use “said that”."))
            }
        }
        return out
    }
}
