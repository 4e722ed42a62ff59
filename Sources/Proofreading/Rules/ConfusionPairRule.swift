import Foundation

/// Flags a word written for another that sounds alike and is another part of speech, when the
/// words around it fit the other word far better: “the book form the shelf” → “from”, “We new the
/// answer” → “knew”, “We paid buy card” → “by”.
///
/// The pairs are data (`rules/confusion-pairs.txt`, `written intended` a line; see
/// docs/proofreading.md), and one decision serves them all: the tagger's bigram model
/// (``TagLexicon``). For the written word and for the intended one, the best of their lexicon
/// tags is scored in the slot between the tags of the words before and after it:
/// log P(tag | previous tag) + log P(next tag | tag) + log P(tag | word). The intended word wins
/// when it scores ``margin`` more. The neighbours were tagged with the written word in place,
/// which favours it, so the rule is conservative; a pair whose words take the same tags
/// (`piece`/`peace`) never fires. It stays silent on a sentence's first word (the bigram model
/// reads imperatives badly: “Quiet down, everyone.”), on capitalised words (names, titles), next
/// to a word the lexicon lacks, and when the lexicon does not know either word.
public struct ConfusionPairRule: Rule {
    /// Stable rule ID.
    public let id = "EN_CONFUSION_PAIR"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "A sound-alike word of another part of speech (“the book form the shelf” → “from”)"

    /// The natural-log score by which the intended word must beat the written one (a factor of
    /// 20): chosen on sentences written for the rule and on 760,000 words of READMEs, man pages
    /// and books, where it raises 4 findings, 2 of them false alarms.
    static let margin: Float = 3

    /// Pronouns a present-tense verb without -s agrees with.
    static let pluralSubjects: Set<String> = ["we", "they", "you", "i"]

    /// Each word of a pair → its partners.
    let partners: [String: [String]]

    /// Creates the rule with the bundled pairs.
    public init() { partners = Self.bundledPairs }

    /// Creates the rule with the pairs of `text` (the pair file's format).
    init(pairsText text: String) { partners = Self.parse(text) }

    /// The bundled pairs (`rules/confusion-pairs.txt`), read once.
    static let bundledPairs: [String: [String]] = {
        guard let url = BundledRules.rulesDirectory?.appendingPathComponent("confusion-pairs.txt"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        return parse(text)
    }()

    /// Pairs from lines `written intended` (`#` starts a comment): `written` is checked for `intended`.
    static func parse(_ text: String) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = body.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.lowercased() }
            guard words.count == 2 else { continue }
            out[words[0], default: []].append(words[1])
        }
        return out
    }

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("She took the book form the shelf.", "She took the book from the shelf."),
                        ("We new the answer already.", "We knew the answer already."),
                        ("We paid buy card.", "We paid by card.")],
            correct: ["She took the book from the shelf.", "Fill in the form by Friday.", "We knew the answer already.",
                      "Quiet down, everyone.", "It is quite quiet here.", "I'm new to Swift.",
                      "The new version is out.", "Tie a knot in the rope.", "We will buy a new car.",
                      "The form field is required.", "You can breathe now.", "Take a deep breath.",
                      "Now we know the answer.", "The scene was seen by many.",
                      "Path names are encoded in UTF-8 normalization form C.", "Fill in form 1040 by April."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    public var triggers: Set<String>? { Set(partners.keys) }

    /// The tag of token `j` beside the word (none: the sentence's start or end, read as a full stop), or nil
    /// when it is a word the lexicon lacks (its tag would be a guess) or, `before` the word, a contraction.
    static func neighbourTag(_ j: Int?, before: Bool, _ tags: SentenceTags) -> PennTag? {
        guard let j else { return .period }
        let t = tags.tokens[j]
        guard t.kind == .word else { return tags[j] }
        let (host, clitic) = PartOfSpeechTagger.split(t)
        // A contraction before the word has its first part's tag, not the clitic's beside it (“I'm new to”).
        if before, clitic != nil { return nil }
        return tags.lexicon.tagSet(of: host).isEmpty ? nil : tags[j]
    }

    /// The best score of `word`'s lexicon tags between `previous` and `next`; nil for a word
    /// the lexicon lacks.
    static func slotScore(_ word: String, previous: PennTag, next: PennTag, lexicon: TagLexicon) -> Float? {
        let weighted = lexicon.weightedTags(of: word)
        guard !weighted.isEmpty else { return nil }
        var best = -Float.infinity
        for (tag, p) in weighted where p > 0 {
            let s = lexicon.logTransition(previous, tag) + lexicon.logTransition(tag, next) + log(p)
            best = max(best, s)
        }
        return best
    }

    /// True when `t` is a label: a number, or one capital letter other than “A” and “I” (an
    /// article and a pronoun), with no letter after it.
    static func isLabel(_ t: Token) -> Bool {
        if t.kind == .number { return true }
        return t.kind == .word && t.range.length == 1 && t.startsUppercase && !t.textIs("A") && !t.textIs("I")
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        var tags: SentenceTags?
        for i in tokens.indices where tokens[i].kind == .word {
            let word = tokens[i].lower
            guard let others = partners[word] else { continue }
            let p = sentence.previousNonSpace(before: i)
            guard p != nil, tokens[i].startsLowercase else { continue }   // a sentence's first word, a name, a title's word
            if tags == nil { tags = context.tags(of: sentence) }
            guard let tags, let before = Self.neighbourTag(p, before: true, tags),
                  let after = Self.neighbourTag(sentence.nextNonSpace(after: i), before: false, tags),
                  let own = Self.slotScore(word, previous: before, next: after, lexicon: tags.lexicon) else { continue }
            // A verb after a plural subject agrees with it (“the octets form the next
            // character”, “children form habits”): the bigram slot cannot tell a subject from
            // a noun before a preposition, so a word that is a verb is left after one.
            if before == .NNS || Self.pluralSubjects.contains(tokens[p!].lower), tags.lexicon.tagSet(of: word).contains(.VBP) { continue }
            // A label after the word (a capital letter alone or a number: “normalization form
            // C”, git-commit(1); “form 1040”) names the thing: the word is a noun before its
            // name, which the tag bigrams read as a preposition before a proper noun.
            if let n = sentence.nextNonSpace(after: i), Self.isLabel(tokens[n]) { continue }
            var best: (word: String, score: Float)?
            for other in others {
                guard let s = Self.slotScore(other, previous: before, next: after, lexicon: tags.lexicon) else { continue }
                if s > own + Self.margin, s > (best?.score ?? -.infinity) { best = (other, s) }
            }
            guard let best else { continue }
            out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase(best.word, like: tokens[i].text)],
                                 message: "“\(tokens[i].text)” does not fit here; did you mean “\(best.word)”?"))
        }
        return out
    }
}
