import Foundation

/// Flags a verb after the infinitive marker “to” that is not its base form: “surprised to
/// learns” → “learn”, “convinced her to gave” → “give”, “decided to renamed the project” →
/// “rename”.
///
/// Follows LanguageTool's `TO_NON_BASE` (grammar.xml): “to” + a third-person form whose base is
/// a verb and not a noun (so “to laughs” of a plural noun is left alone), an irregular simple
/// past, or a regular past in -ed followed by an object or the end of the clause (so “leads to
/// increased activity” stays). After a word that takes only an infinitive (“have to”, “ought
/// to”, “want to”, “able to”: Swan, *Practical English Usage*, §97), a regular past is flagged
/// before any word (“we have to reduced costs”). Word classes come from the Hunspell
/// dictionary's flags.
public struct ToBaseFormRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_TO_NON_BASE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A verb after “to” that is not in its base form"

    /// Words after which “to” is a preposition before a noun phrase, not an infinitive marker.
    static let prepositionalHeads: WordSet = ["next", "close", "due", "according", "thanks", "prior", "up", "similar", "compared", "from", "back", "down", "related", "opposed", "addition",
                                                  // A value after “set to”, “defaults to” (“If set to failed, …”).
                                                  "set", "equal", "default", "defaults", "defaulted"]
    /// Participles and adjectives after which “to” is a preposition before a noun phrase (“restricted
    /// to timestamps”, “limited to files”, “specific to hosts”), when the word after “to” can be a
    /// noun: gzip's manual's “hosts … are further restricted to timestamps no later than 2038” became
    /// “to timestamp” under `--fix`. (A verb after them that is no noun, “limited to gets”, is still
    /// read as a verb.)
    static let nounPrepositionHeads: WordSet = [
        "restricted", "limited", "confined", "exposed", "subjected", "subject", "attached", "applied", "mapped", "bound",
        "tied", "linked", "connected", "assigned", "converted", "appended", "prepended", "identical", "equivalent",
        "proportional", "adjacent", "relative", "specific", "local", "visible", "available", "accessible", "susceptible",
        "vulnerable", "sensitive", "resistant", "immune", "entitled", "contrary", "superior", "inferior", "relevant", "native",
        "addicted", "accustomed", "akin", "analogous", "comparable", "corresponding", "parallel", "perpendicular", "orthogonal",
    ]
    /// Verb forms that take “to” as a preposition (“talked to”, “belongs to”).
    static let prepositionVerbs: WordSet = {
        var out: Set<String> = []
        for stem in ["talk", "listen", "refer", "belong", "repl", "respond", "point", "object", "appl", "attend", "react", "switch", "return", "contribute", "relate", "adapt", "add", "move", "lead", "turn", "look", "cling", "stick", "happen", "amount", "agree", "admit", "commit", "devote", "dedicate", "open", "write", "wrote", "spoke", "speak", "went", "go", "come", "came", "sent", "send", "led", "lend", "lent", "gave", "give", "said", "say", "explain", "introduce", "listen", "pray", "report", "submit", "yield", "prefer", "compare", "get", "got"] {
            out.insert(stem)
            for suffix in ["s", "ed", "d", "ing", "ied", "ies", "es", "en"] { out.insert(stem + suffix) }
        }
        return WordSet(out.subtracting(["going", "gone", "goes", "got", "get", "gets", "getting"]))
    }()
    /// Words after which “to” can only mark an infinitive: semi-modals (“have to”, “ought to”,
    /// “need to”, “able to”) and verbs that take a to-infinitive but never a prepositional “to”.
    static let infinitiveHeads: WordSet = [
        "have", "has", "had", "having", "ought", "need", "needs", "needed", "able", "unable", "want", "wants", "wanted",
        "try", "tries", "tried", "trying", "decide", "decides", "decided", "hope", "hopes", "hoped", "seem", "seems", "seemed",
        "fail", "fails", "failed", "manage", "manages", "managed", "tend", "tends", "tended", "refuse", "refuses", "refused",
        "afford", "pretend", "pretends", "pretended", "promise", "promises", "promised",
    ]
    /// Verbs of will or attempt whose subject does what the infinitive after them says (“want
    /// to”, “tried to”, “decided to”): a past there is a slip for the base form sooner than a
    /// passive without its “be” (“needs to provided” is the passive's case).
    static let agentInfinitiveHeads: WordSet = [
        "want", "wants", "wanted", "try", "tries", "tried", "decide", "decides", "decided", "hope", "hopes", "hoped",
        "manage", "manages", "managed", "refuse", "refuses", "refused", "promise", "promises", "promised", "plan", "plans", "planned",
        "intend", "intends", "intended", "wish", "wishes", "wished",
    ]
    /// Words that may follow a past form used as an adjective, so that only an object or the
    /// end of a clause shows a verb.
    static let objectStarts: WordSet = Lexicon.determiners.union(Lexicon.possessives).union(Lexicon.objectPronouns)

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I was surprised to learns this.", "I was surprised to learn this."),
                        ("He convinced her to gave him a call.", "He convinced her to give him a call."),
                        ("I've decided to renamed the project.", "I've decided to rename the project."),
                        ("Tom was the only one who seemed to noticed.", "Tom was the only one who seemed to notice."),
                        ("She wants you to goes there.", "She wants you to go there."),
                        ("We have to reduced energy costs.", "We have to reduce energy costs."),
                        ("The decimal value needs to provided using a dot.", "The decimal value needs to be provided using a dot.")],
            correct: ["Overtraining leads to increased sympathetic activity.", "We went from rags to riches.",
                      "Add the salt to boiling water.", "He listens to books on tape.", "It comes down to limited time.",
                      "They moved to Paris.", "The kettle had been broken to pieces.", "Welcome to the club.", "She was sent to jail.", "Nice to meet you.",
                      "They agreed to reduced hours.", "Staff have to be trained.", "I gave it to friends.",
                      "The values are converted to strings.", "It keeps references to files in the cache.", "Bind them to stores.",
                      "The IRC server it connects to does not support it.", "The file that we map to is read once.",
                      "It keeps trying to rsh to machines that don't offer the service.", "Printing to advertised, shared print queues works.",
                      "If set to failed, only a failed program is kept.",
                      "Such hosts are further restricted to timestamps no later than 2038.",
                      "The option is specific to hosts that run the daemon."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["to"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("to") {
            guard let j = RuleSupport.nextWord(sentence, after: i) else { continue }
            if let p = RuleSupport.previousWord(sentence, before: i), Self.prepositionalHeads.containsLower(of: tokens, p) { continue }
            // A preposition left at the end of a relative clause (“the guy we spoke to seems”) or
            // a range (“from round to flattened”).
            if let p = RuleSupport.previousWord(sentence, before: i), Self.prepositionVerbs.containsLower(of: tokens, p) { continue }
            if sentence.tokens[max(0, i - 8)..<i].contains(where: { $0.lowerIs("from") }) { continue }
            // Any verb's stranded “to” at the end of a relative clause without a relative word, or
            // after “that”/“which”: a noun, a subject pronoun, a verb that is no infinitive head,
            // then “to” (“the IRC server it connects to does not”, “the file that we map to is”).
            if let p = RuleSupport.previousWord(sentence, before: i), !Self.infinitiveHeads.contains(tokens[p].lower),
               let pp = RuleSupport.previousWord(sentence, before: p), Lexicon.subjectPronouns.contains(tokens[pp].lower),
               let ppp = RuleSupport.previousWord(sentence, before: pp) {
                let tags = context.tags(of: sentence)
                if [.VBZ, .VBD, .VBP].contains(tags[p]),
                   [.NN, .NNS, .NNP, .NNPS].contains(tags[ppp]) || tokens[ppp].lower.isAny(of: "that", "which", "whom") { continue }
            }
            // “I'm to tired”: “too” before an adjective (EN_TO_TOO's), not “to” before a verb.
            if let p = RuleSupport.previousWord(sentence, before: i), ToTooRule.beforeAdjective.contains(RuleSupport.norm(tokens[p])),
               ToTooRule.adjectives.containsLower(of: tokens, j) { continue }
            guard tokens[j].startsLowercase, !RuleSupport.isCodeLike(tokens[j]) else { continue }
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            let w = tokens[j].lower
            // “restricted to timestamps”, “specific to hosts”: a preposition before a noun.
            if let p = RuleSupport.previousWord(sentence, before: i), Self.nounPrepositionHeads.containsLower(of: tokens, p),
               classes.isNoun(w) { continue }
            let next = sentence.nextNonSpace(after: j).map { tokens[$0] }
            let endsOrObject: Bool = {
                guard let n = next else { return true }
                if n.kind == .punctuation { return n.isOne(of: ".!?,;") }
                return n.kind == .word && Self.objectStarts.contains(n.lower)
            }()
            // After “have to”, “want to”…, a past before its object (not a preposition: “have to
            // reduced costs”; “the costs have to reduced by half” lacks a “be”).
            let afterInfinitiveHead = (RuleSupport.previousWord(sentence, before: i).map { Self.infinitiveHeads.contains(tokens[$0].lower) } ?? false)
                && AuxiliaryPastTenseRule.objectFollows(sentence, after: j)
            // After a verb of will or attempt (“want to”, “tried to”, “decided to”), whose subject
            // does what the infinitive says, a regular past before a preposition or an adverb is
            // the base form first (“I want to walked to the station”), the passive second.
            let afterAgentHead = RuleSupport.previousWord(sentence, before: i).map { Self.agentInfinitiveHeads.contains(tokens[$0].lower) } ?? false
            let prepositionFollows = next.map { n in
                n.kind == .word && (PossessiveSlot.prepositions.contains(n.lower) || n.lower.isAny(of: "to", "by", "using", "via") || n.lower.hasASCIISuffix("ly"))
            } ?? false
            var base: String?
            if w == "is" || w == "has" && !endsOrObject { continue }
            if let irregular = WordClasses.irregularThirdPerson[w] {
                base = irregular
            } else if let b = classes.verbBase(ofThirdPerson: w) {
                // A verb, not a plural noun, only when an object or an adverb of place follows
                // (“to gets her way”, “to goes there”): the dictionary marks many nouns that are
                // also verbs as verbs only (`friend/UGSDY`, `string/UAGS`), and “gave it to
                // friends”, “converted to strings” are prepositions before plurals.
                // Not “that”: after a plural noun it opens a relative clause (“rsh to machines that
                // don't offer”, “apply to files that you didn't intend”: a new user's --fix).
                if let n = next, n.kind == .word, Self.objectStarts.contains(n.lower) && !n.lowerIs("that") || n.lower.isAny(of: "there", "here", "home", "back", "away") {
                    base = b
                }
            } else if let irregular = Lexicon.irregularPastForms[w], !w.isAny(of: "bit", "showed", "saw", "fell", "bore") {
                base = irregular.base
            } else if let same = Lexicon.irregularPastSameForms[w], endsOrObject, !w.isAny(of: "had", "left", "found", "won", "lost", "meant", "held") {
                base = same
            } else if w.hasASCIISuffix("ed"), endsOrObject || afterInfinitiveHead || afterAgentHead && prepositionFollows, classes.isPastParticiple(w),
                      let b = AuxiliaryPastTenseRule.base(of: w, speller: context.speller, allowRegular: true) {
                base = b
            }
            // “Printing to advertised, shared print queues”: adjectives in a row before a noun.
            if base != nil, w.hasASCIISuffix("ed"), let c = sentence.nextNonSpace(after: j), tokens[c].isOne(of: ","),
               let a = RuleSupport.nextWord(sentence, after: c), tokens[a].lower.hasASCIISuffix("ed") || context.tags(of: sentence)[a] == .JJ { continue }
            guard let base, base != w else { continue }
            // A regular past participle before a preposition, an -ing form or an adverb (“The
            // value needs to provided using a dot”, “the costs have to reduced by half”) is a
            // passive that lost its “be” as often as a past for the base form: both are
            // offered, the passive first, and neither is applied unattended.
            if w.hasASCIISuffix("ed"), Lexicon.irregularPastForms[w] == nil, let n = next, n.kind == .word,
               PossessiveSlot.prepositions.contains(n.lower) || n.lower.isAny(of: "by", "using", "via") || n.lower.hasASCIISuffix("ly") {
                let passive = "be " + tokens[j].text
                out.append(ProofreadingSuggestion(range: tokens[j].range, replacements: afterAgentHead ? [base, passive] : [passive, base],
                                     message: afterAgentHead
                                        ? "After “to”, use the base form of the verb (“\(base)”) or a passive (“\(passive)”)."
                                        : "After “to”, use a passive (“\(passive)”) or the base form of the verb (“\(base)”).",
                                     isConfident: false))
                continue
            }
            out.append(ProofreadingSuggestion(range: tokens[j].range, replacements: [base],
                                 message: "After “to”, use the base form of the verb: “\(base)”."))
        }
        return out
    }
}
