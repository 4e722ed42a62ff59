import Foundation

/// Flags a sentence that runs into the next without a space (“end.Next”) and a comma with no
/// space after it between two words (“milk,eggs”), but not abbreviations (“e.g.”, “U.S.”),
/// decimals (“3.14”), file and domain names (“Node.js”, “example.com”) or code (“obj.Method”).
public struct MissingSpaceAfterPunctuationRule: Rule {
    /// Stable rule ID.
    public let id = "MISSING_SPACE_AFTER_PUNCTUATION"
    /// The rule's category.
    public let category = RuleCategory.typography
    /// Silent on manual pages, whose layout breaks prose typography on every line.
    public var appliesToManualPages: Bool { false }
    /// Only at punctuation between two words.
    public var featureTriggers: SentenceFeatures? { .punctuationBetweenWords }
    /// One line saying what the rule checks.
    public let summary = "No space after a period, question mark, exclamation mark or comma"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The test passed.Then we shipped it.", "The test passed. Then we shipped it."),
                        ("Buy milk,eggs and bread.", "Buy milk, eggs and bread."),
                        ("Are you sure?Yes, I am.", "Are you sure? Yes, I am."),
                        ("She left.I will stay.", "She left. I will stay."), ("Yes,I agree.", "Yes, I agree."),
                        ("I met Mr.Smith today.", "I met Mr. Smith today."), ("Ask Dr.Nakamura first.", "Ask Dr. Nakamura first.")],
            correct: ["Use a framework, e.g. React, for this.", "It is the same as -o pid,format,state,tname,time,command in the output.",
                      "Pi is about 3.14 and e about 2.72.",
                      "We built it with Node.js and deployed it to example.com yesterday.",
                      "The U.S. economy grew at 9 a.m. today.",
                      "Call the Foo.Bar method.", "Call {net.Server} or obj.Method() here.", "Use [os.Args] to read them.",
                      "Pass <http.Handler> values."])
    }

    /// Titles written with a full stop before a name (lowercase).
    static let titles: WordSet = ["mr", "mrs", "ms", "mx", "dr", "prof", "rev", "capt", "sgt", "gen", "col", "lt"]

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // A manual page writes values and syntax unspaced (“default: mode,ownership,timestamps”).
        let tokens = sentence.tokens
        var out: [ProofreadingSuggestion] = []
        guard tokens.count >= 3 else { return out }
        for i in 1..<(tokens.count - 1) {
            // Kinds read in place first: most tokens fail here, and a copy of each costs more.
            guard tokens[i].kind == .punctuation, tokens[i - 1].kind == .word, tokens[i + 1].kind == .word,
                  tokens[i].isOne(of: ".?!,") else { continue }
            let p = tokens[i], a = tokens[i - 1], b = tokens[i + 1]
            // A title's full stop glued to the name after it (“Mr.Smith”, “Dr.Nakamura”): the
            // name need not be in the dictionary, only capitalised and in lowercase after.
            if p.isOne(of: "."), Self.titles.contains(a.lower), !(i >= 2 && tokens[i - 2].isOne(of: "./@:_-{[<")), a.startsUppercase, b.startsUppercase, b.text.count >= 2,
               b.text.dropFirst().allSatisfy({ $0.isLowercase }), b.text.allSatisfy({ $0.isLetter }),
               i + 2 >= tokens.count || !tokens[i + 2].isOne(of: "(/:_=@[<{")
                && !(tokens[i + 2].isOne(of: ".") && i + 3 < tokens.count && !tokens[i + 3].isSpace) {
                out.append(ProofreadingSuggestion(range: p.range, replacements: [p.text + " "], message: "Put a space after “\(p.text)”."))
                continue
            }
            // The pronoun “I” is the one word of a single letter that opens a sentence often (“She
            // left.I stayed.”); other single letters are list labels, initials or variables.
            let pronounI = b.textIs("I")
            guard isPlainWord(a), isPlainWord(b), a.text.count >= 2, b.text.count >= 2 || pronounI else { continue }
            // What follows the second word: code-like continuations (“.”, “(”, “/”, “:”) are skipped.
            if i + 2 < tokens.count {
                let c = tokens[i + 2]
                if c.kind == .punctuation, c.isOne(of: ".(/:_=@-[<"),
                   !(c.isOne(of: ".") && (i + 3 >= tokens.count || tokens[i + 3].isSpace)) { continue }
            }
            if i >= 2, tokens[i - 2].kind == .punctuation, tokens[i - 2].isOne(of: "./@:_-{[<") { continue }
            // Three words or more joined by commas without spaces (“-o pid,format,state,tname”,
            // ps(1)): a list of values or keywords, written so on purpose.
            if p.isOne(of: ","), i >= 3 && tokens[i - 2].isOne(of: ",") && tokens[i - 3].kind == .word
                || i + 3 < tokens.count && tokens[i + 2].isOne(of: ",") && tokens[i + 3].kind == .word { continue }
            // A member access in braces or brackets (“{net.Server}”, “[os.Args]”): code, not two sentences.
            if i + 2 < tokens.count, tokens[i + 2].kind == .punctuation, tokens[i + 2].isOne(of: "}]>") { continue }
            guard context.speller.isCorrect(a.text), context.speller.isCorrect(b.text) else { continue }
            if p.isOne(of: ",") {
                // (“Yes,I agree”: the pronoun after a comma, whatever the word before it.)
                guard a.startsLowercase && b.startsLowercase || pronounI && a.text.dropFirst().allSatisfy({ $0.isLowercase }) else { continue }
            } else {
                // The next sentence starts with a capital; the previous word is a lowercase word.
                guard b.startsUppercase, !b.isAllCaps || pronounI, a.text.dropFirst().allSatisfy({ $0.isLowercase }) else { continue }
                if p.isOne(of: ".") && a.startsUppercase { continue } // “Foo.Bar”
            }
            out.append(ProofreadingSuggestion(range: p.range, replacements: [p.text + " "],
                                 message: "Put a space after “\(p.text)”."))
        }
        return out
    }

    private func isPlainWord(_ t: Token) -> Bool {
        t.text.allSatisfy { $0.isLetter } && !RuleSupport.isCodeLike(t)
    }
}
