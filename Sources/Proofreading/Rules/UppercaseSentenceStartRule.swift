import Foundation

/// Flags a full sentence that starts with a lowercase letter (“the build failed. we retried.”).
///
/// Careful where prose is not sentences: headings, a block's first sentence (list items, table
/// cells, fragments), code-like first words (`npm`, `iOS`, identifiers,
/// placeholders) and words the dictionary does not know are skipped.
public struct UppercaseSentenceStartRule: Rule {
    /// Stable rule ID.
    public let id = "UPPERCASE_SENTENCE_START"
    /// The rule's category.
    public let category = RuleCategory.casing
    /// One line saying what the rule checks.
    public let summary = "A sentence that starts with a lowercase letter"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The build failed. we retried it twice.", "The build failed. We retried it twice."),
                        ("I have complete conviction in this. she is absolutely guilty", "I have complete conviction in this. She is absolutely guilty"),
                        ("It rained all day! then the sun came out.", "It rained all day! Then the sun came out.")],
            correct: ["The server runs on port 8080, e.g. on your laptop.",
                      "iOS apps need a signed build before they run on a device.",
                      "npm install fetches the dependencies.",
                      "“Why not?” she asked, and laughed.",
                      "returns the parsed value",
                      "this is how the block starts, maybe after a quote.",
                      "We waited... and then it worked."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        if context.isHeading { return [] }
        let tokens = sentence.tokens
        guard let first = tokens.firstIndex(where: { !$0.isSpace }) else { return [] }
        let t = tokens[first]
        guard t.kind == .word, t.startsLowercase, !RuleSupport.isCodeLike(t) else { return [] }
        if context.vocabulary.contains(t.text) { return [] }
        // Glued to what follows (“foo.bar”, “foo(”, “foo/”, “foo:”): code or a path.
        if first + 1 < tokens.count, !tokens[first + 1].isSpace, tokens[first + 1].kind == .punctuation,
           tokens[first + 1].text != "," && tokens[first + 1].text != "'" && tokens[first + 1].text != "\u{2019}" { return [] }
        // A known word whose capitalised form is also known (not “npm”, not “eBay”).
        guard context.speller.isCorrect(t.text) else { return [] }
        let words = tokens.filter { $0.kind == .word }.count
        let lastNonSpace = tokens.last(where: { !$0.isSpace })
        let endsSentence = lastNonSpace.map { [".", "!", "?"].contains($0.text) } ?? false
        if context.sentenceIndex == 0 {
            // A block's first sentence may be a fragment, a list item, a commit message or a
            // continuation of text the checker does not see: left alone.
            _ = endsSentence
            return []
        } else {
            // After a previous sentence: it must have ended with a period, “!” or “?” (not an
            // abbreviation the splitter let through).
            let prev = context.sentences[context.sentenceIndex - 1].tokens
            guard let end = prev.last(where: { !$0.isSpace }), [".", "!", "?"].contains(end.text) else { return [] }
            if let k = prev.lastIndex(where: { !$0.isSpace }), k >= 1, prev[k].text == ".", prev[k - 1].kind == .word,
               prev[k - 1].text.count <= 2 || prev[k - 1].startsLowercase && !context.speller.isCorrect(prev[k - 1].text) { return [] }
            guard words >= 2 else { return [] }
        }
        let fixed = t.text.prefix(1).uppercased() + t.text.dropFirst()
        return [RuleMatch(range: t.range, replacements: [fixed],
                          message: "Start a sentence with a capital letter: “\(fixed)”.")]
    }
}
