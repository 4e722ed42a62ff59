import Foundation

/// Flags “lets” at the start of a suggestion (“lets go” → “let's go”, “Lets forget it”, “Lets
/// schedule a call”) and “let's” where “lets” (allows) is meant (“the tool let's you” → “lets
/// you”).
///
/// The word after “lets” must be a verb's base form: any verb the part-of-speech lexicon knows
/// (``RuleContext/possibleTags(of:)``) that the tagger reads as a verb there (``RuleContext/tags(of:)``),
/// not followed by another base verb (“Lets code run in a sandbox”: “code” is the object), or one
/// of a few words that follow “let's” without being verbs (“not”, “just”, “all”).
public struct LetsConfusionRule: Rule {
    /// Stable rule ID.
    public let id = "EN_LETS_LET_S"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“lets” (allows) and “let's” (let us) confused"

    /// Words after “let's” that are no verbs: “let's not”, “let's just”, “let's all”.
    static let nonVerbs: WordSet = ["not", "just", "all", "now", "both", "also", "first", "never", "maybe", "please", "each"]

    /// Particles and adverbs of time that close a phrasal verb after “lets” (“lets circle
    /// back”, “lets wrap up”, “lets meet tomorrow”): a base verb before one of them is the
    /// suggestion's verb, whatever tag the tagger chose for it. Not “in”, “on”, “through”,
    /// which follow a noun too (“Lets light in”).
    static let closers: WordSet = ["back", "up", "out", "off", "over", "down", "together", "again", "later", "tomorrow", "today", "tonight", "now", "soon", "first", "instead"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Lets go to the beach.", "Let's go to the beach."),
                        ("It is late, so lets push them first.", "It is late, so let's push them first."),
                        ("The crutch let's him walk.", "The crutch lets him walk."),
                        ("Lets forget it ever happened.", "Let's forget it ever happened."),
                        ("Lets schedule a call for Monday.", "Let's schedule a call for Monday."),
                        ("OK, lets just try again.", "OK, let's just try again."),
                        ("Lets refactor the parser first.", "Let's refactor the parser first."),
                        ("Lets book the room for Tuesday.", "Let's book the room for Tuesday."),
                        ("Lets order pizza.", "Let's order pizza."),
                        ("Lets email them tomorrow.", "Let's email them tomorrow."),
                        ("ok lets circle back on this tomorrow", "ok let's circle back on this tomorrow"),
                        ("Lets meet up after the demo.", "Let's meet up after the demo.")],
            correct: ["Let's go to the beach.", "The app lets you export files.", "He lets go of the rope.",
                      "Let's see what happens.", "Lets users export their data.", "Lets code run inside a sandbox.",
                      "Lets the caller choose the encoding.", "Lets you configure the proxy per host.",
                      // Real text (the Deno and instant-ngp documentation style): “lets” as a verb in a list item.
                      "Lets developers write plugins in TypeScript.", "Lets Deno import modules by URL.",
                      "Lets file owners change the mode.", "Lets code run inside a sandbox.", "It lets you book a room online.",
                      "Lets light in through the roof.", "Lets users back up their data."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["lets", "let's"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// True when the word at `j` (after “lets”) starts a suggestion: “not”, “just”, “all”, or a
    /// verb's base form, by the lexicon and the tagger, with no second base verb after it
    /// (“Lets code run”).
    static func suggestsAction(_ sentence: Sentence, next j: Int, context: RuleContext) -> Bool {
        let tokens = sentence.tokens
        if nonVerbs.containsLower(of: tokens, j) { return true }
        guard context.possibleTags(of: tokens[j].lower).contains(.VB) else { return false }
        if let k = RuleSupport.nextWord(sentence, after: j), RuleSupport.separatedBySpaceOnly(sentence, j, k), closers.containsLower(of: tokens, k) { return true }
        let tags = context.tags(of: sentence)
        guard tags[j] == .VB || tags[j] == .VBP else { return readsAsVerbWithObject(sentence, j, tags: tags) }
        if let k = RuleSupport.nextWord(sentence, after: j), tags[k].isVerb, context.possibleTags(of: tokens[k].lower).contains(.VB) { return false }
        // “Lets file owners change the mode”: a compound noun (“file owners”) and its verb.
        if let k = RuleSupport.nextWord(sentence, after: j), tags[k] == .NNS || tags[k] == .NN, let a = RuleSupport.nextWord(sentence, after: k),
           tags[a].isVerb, context.possibleTags(of: tokens[a].lower).contains(.VB) { return false }
        return true
    }

    /// True when word `j`, a possible base verb the tagger read as something else (“Lets
    /// book the room”, “Lets order pizza.”), has an object after it: a determiner, a possessive
    /// or an object pronoun, or a noun that ends the clause (end, punctuation, a preposition),
    /// so that “lets” cannot be “allows” (“Lets file owners change modes” keeps its verb).
    static func readsAsVerbWithObject(_ sentence: Sentence, _ j: Int, tags: SentenceTags) -> Bool {
        let tokens = sentence.tokens
        guard let k = RuleSupport.nextWord(sentence, after: j), RuleSupport.separatedBySpaceOnly(sentence, j, k), tokens[k].startsLowercase else { return false }
        let n = tokens[k].lower
        if Lexicon.determiners.contains(n) || Lexicon.possessives.contains(n) || Lexicon.objectPronouns.contains(n) {
            // “Lets code that runs …”: “that” opening a clause about a noun.
            return !n.isAny(of: "that", "which", "what", "all", "no")
        }
        // A noun that can be a verb may be the verb of the word before (“Lets code run …”).
        guard tags[k] == .NN || tags[k] == .NNS, !tags.lexicon.tagSet(of: n).contains(.VB), !tags.lexicon.tagSet(of: n).contains(.VBP) else { return false }
        guard let a = sentence.nextNonSpace(after: k) else { return true }
        if tokens[a].kind == .punctuation { return tokens[a].isOne(of: ".!?,;:") }
        return tags[a] == .IN || tags[a] == .TO
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            let t = tokens[i]
            let w = RuleSupport.norm(t)
            guard let j = RuleSupport.nextWord(sentence, after: i) else { continue }
            let n = tokens[j].lower
            if w == "lets", tokens[j].startsLowercase || tokens[i].traits.contains(.allCaps), Self.suggestsAction(sentence, next: j, context: context) {
                let p = sentence.previousNonSpace(before: i)
                let atStart = p == nil || (tokens[p!].kind == .punctuation && tokens[p!].isOne(of: ",;:\"\u{201C}("))
                    || (tokens[p!].kind == .word && (tokens[p!].lower).isAny(of: "so", "ok", "okay", "now", "then", "well", "and", "but", "first"))
                guard atStart else { continue }
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("let's", like: t.text)],
                                     message: "Use “let's” (let us) to suggest doing something; “lets” means “allows”."))
            } else if w == "let's", n.isAny(of: "him", "her", "them", "you", "me", "users", "people", "anyone", "everyone"),
                      sentence.previousNonSpace(before: i) != nil, tokens[sentence.previousNonSpace(before: i)!].kind == .word {
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("lets", like: t.text)],
                                     message: "Use “lets” (allows) here; “let's” means “let us”."))
            }
        }
        return out
    }
}
