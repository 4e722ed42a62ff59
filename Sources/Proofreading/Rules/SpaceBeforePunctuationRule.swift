import Foundation

/// Flags a space before a comma, period, semicolon, colon, question or exclamation mark
/// (“word ,”), except ellipses, emoticons, and French spacing in French text.
public struct SpaceBeforePunctuationRule: Rule {
    /// Stable rule ID.
    public let id = "SPACE_BEFORE_PUNCTUATION"
    /// The rule's category.
    public let category = RuleCategory.typography
    /// Silent on manual pages, whose layout breaks prose typography on every line.
    public var appliesToManualPages: Bool { false }
    /// Only at punctuation after whitespace.
    public var featureTriggers: SentenceFeatures? { .spaceBeforePunctuation }
    /// One line saying what the rule checks.
    public let summary = "A space before a comma, period or other punctuation"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("We tested it , and it works.", "We tested it, and it works."),
                        ("Is this the right file ?", "Is this the right file?"),
                        ("Add milk ,eggs and flour.", "Add milk, eggs and flour.")],
            correct: ["Wait ... what did you say?",
                      "That was fun :) see you soon.",
                      "Install the .NET SDK first.",
                      "The ratio was 3 : 2 in the end.", "Type . to repeat the last command.",
                      "Apple\n: a round fruit of a tree."])
    }

    /// True when `texts` (a document's prose) space their colons as a convention
    /// (``DocumentTypography/spacesItsColons(_:)``, which the proofreader asks once per document
    /// for ``RuleContext/spacesColons``).
    public static func spacesItsColons(_ texts: some Sequence<String>) -> Bool { DocumentTypography.spacesItsColons(texts) }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // A manual page names its syntax between spaces (“separated by a ; are executed”,
        // “for (( expr1 ; expr2 ; expr3 ))”).
        let tokens = sentence.tokens
        var out: [ProofreadingSuggestion] = []
        let french = context.speller.language.lowercased().hasASCIIPrefix("fr")
        for i in tokens.indices where tokens[i].kind == .punctuation {
            let t = tokens[i]
            guard t.isOne(of: ",.;:!?"), i >= 2 else { continue }
            let space = tokens[i - 1], prev = tokens[i - 2]
            guard space.kind == .whitespace, prev.kind == .word else { continue }
            if french && !t.isOne(of: ",") && !t.isOne(of: ".") { continue }
            // A mark that opens a line (a definition list's “: meaning”, a continued list) is
            // not the end of the line before it.
            if space.text.utf8.contains(10) || space.text.utf8.contains(13) { continue }
            let next: Token? = i + 1 < tokens.count ? tokens[i + 1] : nil
            // A full stop, question or exclamation mark with a space on each side before a
            // lowercase word is a mark being named (“type . to repeat”, a man page's “print ?
            // instead of nongraphic characters”), not the end of a sentence.
            if t.isOne(of: ".") || t.isOne(of: "?") || t.isOne(of: "!"), let n = next, n.isSpace, let k = sentence.nextNonSpace(after: i), tokens[k].kind == .word, tokens[k].startsLowercase { continue }
            // The same when the splitter ended the sentence at the mark: the next sentence
            // starts with a lowercase word after a space.
            if t.isOne(of: ".") || t.isOne(of: "?") || t.isOne(of: "!"), next?.isSpace ?? true, sentence.nextNonSpace(after: i) == nil,
               context.sentenceIndex + 1 < context.sentences.count,
               let w = context.sentences[context.sentenceIndex + 1].tokens.first(where: { !$0.isSpace }), w.kind == .word, w.startsLowercase,
               w.range.location > t.end {
                continue
            }
            if t.isOne(of: ".") || t.isOne(of: "!") || t.isOne(of: "?") {
                // Ellipses and runs ("...", "?!") and ".NET"-like names.
                if let n = next, n.kind == .punctuation || n.kind == .word || n.kind == .number || n.kind == .placeholder { continue }
            }
            // A document that spaces its colons throughout (a French writer's typography, or
            // “key : value” lines) writes them so on purpose: not a slip to flag at each one.
            if t.isOne(of: ":"), context.spacesColons { continue }
            if t.isOne(of: ":") || t.isOne(of: ";") {
                // Emoticons (":)", ";-)") and ratios ("3 : 2").
                guard let n = next, n.isSpace else { continue }
                if let k = sentence.nextNonSpace(after: i), tokens[k].kind == .number { continue }
            }
            if t.isOne(of: ",") {
                if let n = next, n.kind == .word, n.startsLowercase || n.startsUppercase {
                    out.append(ProofreadingSuggestion(range: NSRange(location: space.range.location, length: t.end - space.range.location),
                                         replacements: [", "], message: "Put no space before the comma and one after it."))
                    continue
                }
                if let n = next, !n.isSpace { continue }
            }
            out.append(ProofreadingSuggestion(range: NSRange(location: space.range.location, length: t.end - space.range.location),
                                 replacements: [t.text], message: "Remove the space before “\(t.text)”."))
        }
        return out
    }
}
