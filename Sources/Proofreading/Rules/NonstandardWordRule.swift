import Foundation

/// Flags common nonstandard spellings of phrases: “alot” (“a lot”), “irregardless”
/// (“regardless”), “could care less” (“couldn't care less”).
public struct NonstandardWordRule: Rule {
    /// Stable rule ID.
    public let id = "EN_NONSTANDARD_WORD"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "Nonstandard words such as “alot” and “irregardless”"

    static let words: [String: (String, String)] = [
        "alot": ("a lot", "“alot” is not a word: write “a lot”."),
        "irregardless": ("regardless", "“irregardless” is nonstandard: use “regardless”."),
        "everytime": ("every time", "Write “every time” as two words."),
        "atleast": ("at least", "Write “at least” as two words."),
        "infact": ("in fact", "Write “in fact” as two words."),
        "aswell": ("as well", "Write “as well” as two words."),
        "alright": ("all right", "“alright” is informal: in careful writing use “all right”."),
        "thru": ("through", "“thru” is informal: in careful writing use “through”."),
    ].merging(NonstandardWordRule.joinedAndMisformed.mapValues { ($0, "The standard form is “\($0)”.") }) { a, _ in a }

    /// Phrases written as one word (“noone”, “infront”, “eachother”) and nonstandard forms of
    /// words (“supposably”, “hisself”, “expresso”), each with its standard form (Garner's
    /// *Modern English Usage*; Merriam-Webster's usage notes; Wikipedia's lists of common
    /// misspellings): words that are wrong wherever they stand, though a dictionary may list
    /// some of them as variants.
    static let joinedAndMisformed: [String: String] = [
        "noone": "no one", "eachother": "each other", "infront": "in front", "incase": "in case", "inspite": "in spite",
        "ontop": "on top", "alittle": "a little", "abit": "a bit", "upto": "up to", "inbetween": "in between",
        "eventhough": "even though", "ofcourse": "of course", "inorder": "in order", "forsure": "for sure",
        "allright": "all right", "thankyou": "thank you", "whereever": "wherever", "nontheless": "nonetheless",
        "theirselves": "themselves", "theirself": "themselves", "themselfs": "themselves", "ourselfs": "ourselves",
        "yourselfs": "yourselves", "hisself": "himself", "supposably": "supposedly", "undoubtably": "undoubtedly",
        "unequivocably": "unequivocally", "expresso": "espresso", "expressos": "espressos", "tenderhooks": "tenterhooks",
        "motherload": "mother lode", "primadonna": "prima donna", "bellweather": "bellwether", "bonafide": "bona fide",
        "wheelbarrel": "wheelbarrow", "heighth": "height", "nucular": "nuclear", "conversate": "converse",
        "excetera": "et cetera", "ect": "etc", "mischievious": "mischievous", "pronounciation": "pronunciation",
        "sacreligious": "sacrilegious", "perculate": "percolate", "supposively": "supposedly", "asterix": "asterisk", "verbage": "verbiage",
        "indepth": "in-depth", "fairwell": "farewell", "highschool": "high school", "icecream": "ice cream", "bestfriend": "best friend",
        "bestfriends": "best friends", "aslong": "as long", "eachothers": "each other's", "noones": "no one's", "sofar": "so far",
        "afew": "a few", "moreso": "more so",
    ]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Thanks alot for your help.", "Thanks a lot for your help."),
                        ("Irregardless of the cost, we will ship it.", "Regardless of the cost, we will ship it."),
                        ("It fails everytime I run it.", "It fails every time I run it."),
                        ("Noone answered the phone.", "No one answered the phone."), ("They helped eachother.", "They helped each other."),
                        ("He is supposably the owner.", "He is supposedly the owner."), ("We send it thru a queue.", "We send it through a queue."), ("Stay ontop of the news.", "Stay on top of the news.")],
            correct: ["Thanks a lot for your help.", "Regardless of the cost, we will ship it.",
                      "We allot two hours to each talk.", "No one answered.", "He was treated with ECT.",
                      "Many write the word alot where two words are meant.", "Fix the suggestions for 'alot' and 'exersize'.",
                      "Bump irregardless, froward and perpend to level 70."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(Self.words.keys)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for k in tokens.indices where tokens[k].kind == .word {
            let t = tokens[k]
            guard let (fix, message) = Self.words[t.lower], !t.lowerIs("alright") else { continue }
            // A word talked about, not used (“the word alot”, “'alot'”, “Bump irregardless,
            // froward and perpend to level 70”): no slip.
            if WordMention.isMentioned(sentence, k) { continue }
            // “ECT” (a therapy) is an abbreviation; “ect” is “etc” mistyped.
            if t.lowerIs("ect"), !t.textIs("ect") { continue }
            out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase(fix, like: t.text)], message: message))
        }
        return out
    }
}
