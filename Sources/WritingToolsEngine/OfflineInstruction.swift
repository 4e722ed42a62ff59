import Foundation

/// What the built-in engine makes of a "Describe your change" instruction with no language
/// model.
///
/// The instructions it understands (case-insensitive, tolerant of phrasing such as "please",
/// "make it", "can you"; a negated part such as "don't make it shorter" is ignored):
///
/// | Instruction (any of) | Tool |
/// |---|---|
/// | shorter, shorten, short, concise, condense, tighten, trim, cut (it) down, too long, less wordy, fewer words, succinct, brief | Concise |
/// | formal, professional, businesslike, less casual, less friendly | Professional |
/// | friendly, friendlier, casual, warmer, informal, conversational, less formal | Friendly |
/// | fix, mistakes, errors, typos, grammar, spelling, proofread, correct | Proofread |
/// | rewrite, rephrase, improve, polish, clearer | Rewrite |
/// | list, bullets, bullet points, itemize | List |
/// | table, tabular, columns | Table |
/// | summary, summarise, summarize, tl;dr, gist, in a nutshell | Summary |
/// | key points, main points, takeaways, highlights | Key Points |
///
/// Styles combine ("shorter and more formal" runs Concise and Professional edits together; "fix
/// mistakes and make it shorter" is Rewrite). Anything else (longer, translate, funnier, a
/// question…) needs a language model.
public enum OfflineInstruction: Equatable, Sendable {
    /// Run this tool.
    case tool(WritingTool)
    /// Run these rule-based rewrite styles together, with proofreading fixes when `proofread`.
    case styles(Set<RewriteStyle>, proofread: Bool)

    /// The message thrown for an instruction that needs a model.
    public static func unsupportedMessage(_ instruction: String) -> String {
        "“\(instruction)” needs a language model: with no model configured, Describe your change understands only "
            + "shorter/concise, as a list, as a table, summarise, key points, more formal/professional, friendlier/casual, "
            + "and fix mistakes/proofread. Configure a language model to describe other changes: --base-url URL (an "
            + "OpenAI-compatible endpoint such as llama-server), --provider ollama --model NAME, --model FILE.gguf (a local "
            + "llama-server), or \"provider\" in ~/.config/writing-tools/config.json ('writing-tools help models')."
    }

    private static let negators: Set<String> = ["not", "don't", "dont", "do", "never", "without", "no", "avoid"]

    private static let phrases: [(String, Int)] = [
        // 0 concise, 1 professional, 2 friendly, 3 proofread, 4 rewrite, 5 list, 6 table, 7 summary, 8 key points
        ("key points", 8), ("main points", 8), ("key takeaways", 8), ("takeaways", 8), ("highlights", 8), ("key ideas", 8),
        ("bullet points", 5), ("bulleted", 5), ("bullets", 5), ("bullet list", 5), ("itemize", 5), ("itemise", 5), ("list", 5),
        ("table", 6), ("tabular", 6), ("columns", 6),
        ("summary", 7), ("summarise", 7), ("summarize", 7), ("summarized", 7), ("summarised", 7), ("tl;dr", 7), ("tldr", 7),
        ("gist", 7), ("in a nutshell", 7), ("sum up", 7),
        ("less formal", 2), ("less professional", 2), ("less stiff", 2), ("less casual", 1), ("less informal", 1),
        ("less friendly", 1), ("less chatty", 1), ("less conversational", 1), ("less warm", 1), ("more serious", 1),
        ("less wordy", 0), ("fewer words", 0),
        ("shorter", 0), ("shorten", 0), ("concise", 0), ("condense", 0), ("tighten", 0), ("trim", 0), ("succinct", 0),
        ("briefer", 0), ("brief", 0), ("cut down", 0), ("terser", 0), ("wordiness", 0),
        ("cut it down", 0), ("cut this down", 0), ("cut that down", 0), ("cut the text down", 0), ("trim it down", 0),
        ("pare down", 0), ("pare it down", 0), ("too long", 0), ("tighter", 0), ("compress", 0), ("abridge", 0), ("short", 0),
        ("formal", 1), ("professional", 1), ("businesslike", 1), ("business-like", 1), ("more polished", 1),
        ("friendlier", 2), ("friendly", 2), ("casual", 2), ("warmer", 2), ("warm", 2), ("informal", 2), ("conversational", 2),
        ("relaxed", 2), ("nicer", 2), ("kinder", 2),
        ("proofread", 3), ("proof-read", 3), ("fix", 3), ("mistakes", 3), ("errors", 3), ("typos", 3), ("grammar", 3),
        ("spelling", 3), ("correct", 3), ("punctuation", 3),
        ("rewrite", 4), ("rephrase", 4), ("reword", 4), ("improve", 4), ("polish", 4), ("clearer", 4), ("better", 4),
    ]

    /// Words that ask for something the offline tools cannot do; their presence makes the
    /// instruction unsupported even when a known keyword is present too.
    private static let unsupportedWords: Set<String> = [
        "longer", "expand", "elaborate", "translate", "french", "german", "spanish", "funnier", "funny", "poem", "rhyme",
        "joke", "story", "email", "tweet", "title", "headline", "simpler", "simplify", "child", "kid", "emoji", "emojis",
        "example", "examples", "question", "answer",
    ]

    /// Interprets `instruction`.
    /// - Throws: ``ToolError/unsupported(_:)`` (message: ``unsupportedMessage(_:)``) when it is
    ///   not one of the documented instructions.
    public static func interpret(_ instruction: String) throws -> OfflineInstruction {
        var text = " " + instruction.lowercased().replacingOccurrences(of: "’", with: "'").replacingOccurrences(of: "tl;dr", with: "tldr") + " "
        for ch in [".", ",", "!", "?", ":", ";", "(", ")", "\"", "“", "”"] { text = text.replacingOccurrences(of: ch, with: " \(ch) ") }
        // Negated clauses: from a negator to the next clause break.
        var kept: [Substring] = []
        var negated = false
        for w in text.split(separator: " ") {
            if [",", ".", ";", "but", "instead", "just", "only", "rather", "!", "?"].contains(String(w)) { negated = false; kept.append(w); continue }
            if negators.contains(String(w)), !(w == "do" && kept.last == "please") {
                if w == "do" { continue } // "do not", "do make" both handled by "not"
                negated = true; continue
            }
            if !negated { kept.append(w) }
        }
        let words = Set(kept.map(String.init))
        let joined = " " + kept.joined(separator: " ") + " "
        if !words.isDisjoint(with: unsupportedWords) { throw ToolError.unsupported(unsupportedMessage(instruction)) }
        // A voice, a persona or an audience ("like a pirate", "in the style of Hemingway", "as if
        // to a child", "for my manager") is beyond the phrasebook: never run a generic rewrite for it.
        let persona = #"\b(like (a|an|the|my)|in the (style|voice|tone|manner) of|as if|as though|sounds? like|for (a|an|my|our|the) \w+|in \w+ style)\b"#
        if joined.range(of: persona, options: .regularExpression) != nil { throw ToolError.unsupported(unsupportedMessage(instruction)) }
        // “less” before a tool's word asks for its opposite (“less concise”, “less polished”):
        // only the listed pairs (“less formal” → Friendly, “less friendly” → Professional) say
        // which tool that is.
        let listed = Set(phrases.map(\.0))
        for (phrase, _) in phrases where !phrase.hasPrefix("less ") && !phrase.hasPrefix("more ") {
            if joined.contains(" less \(phrase) "), !listed.contains("less \(phrase)") {
                throw ToolError.unsupported(unsupportedMessage(instruction))
            }
        }
        var found = Set<Int>()
        var consumed = joined
        for (phrase, id) in phrases {
            let p = " \(phrase) "
            if consumed.contains(p) {
                found.insert(id)
                consumed = consumed.replacingOccurrences(of: p, with: " ")
            }
        }
        // "list" inside "bullet list"/"key points list" is the same request.
        if found.contains(8) { found.remove(5) }
        if found.contains(3) && found.contains(4) { found.remove(3) }
        let styles: [Int: RewriteStyle] = [0: .concise, 1: .professional, 2: .friendly]
        let resultTools: [Int: WritingTool] = [5: .list, 6: .table, 7: .summary, 8: .keyPoints]
        let resultFound = found.filter { resultTools[$0] != nil }
        if resultFound.count == 1, found.count == 1 { return .tool(resultTools[resultFound.first!]!) }
        if resultFound.count == 1, found.subtracting(resultFound).isSubset(of: [0]) {
            // "a short summary", "shorter list": the result tool is what is meant.
            return .tool(resultTools[resultFound.first!]!)
        }
        guard resultFound.isEmpty, !found.isEmpty else { throw ToolError.unsupported(unsupportedMessage(instruction)) }
        if found == [3] { return .tool(.proofread) }
        if found == [4] { return .tool(.rewrite) }
        if found.contains(1), found.contains(2) { throw ToolError.unsupported(unsupportedMessage(instruction)) }
        var set = Set<RewriteStyle>()
        for id in found { if let s = styles[id] { set.insert(s) } }
        if found.contains(4) { set.insert(.concise) }
        return .styles(set, proofread: found.contains(3) || found.contains(4))
    }
}
