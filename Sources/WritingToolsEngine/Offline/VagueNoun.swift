import Foundation
import Proofreading

/// Professional's edit of a vague noun after a noun: "the planning thing" → "the planning",
/// "our budget stuff" → "our budget". "Thing" or "stuff" after a noun that names what is meant
/// adds nothing but a casual tone (a README-only trial's casual e-mail kept "to make it to the
/// planning thing on Monday").
///
/// Only the plain shape is edited: a definite determiner or a possessive ("the", "this",
/// "that", "our", "my", "your", "their", "his", "her"), one word the tag lexicon reads as a
/// noun or a gerund and never as an adjective, an adverb, a number or a determiner
/// ("planning", "budget", "vendor"; not "same", "whole", "only", "last", "weird", "first"), then
/// "thing" or "stuff" (singular, so the noun phrase keeps its number). The phrase left reads as
/// a noun phrase of its own, and nothing else changes. “Whole” or “entire” between the
/// determiner and the noun belongs to the casual phrase and goes with it (“the whole onboarding
/// thing” → “the onboarding”: session 52's README-only trial's Professional kept it).
enum VagueNoun {
    /// One edit: the UTF-16 range of the space and the vague noun, deleted.
    struct Edit: Equatable {
        var range: NSRange
        var word: String
        /// What replaces the range: nothing, or the noun when “whole” goes with the vague noun.
        var replacement = ""
    }

    /// Determiners and possessives before the noun ("a planning thing" would leave "a planning").
    static let determiners: Set<String> = ["the", "this", "that", "our", "my", "your", "their", "his", "her"]

    /// The vague nouns.
    static let vague: Set<String> = ["thing", "stuff"]

    /// The vague nouns after a noun in `text` (one prose segment), as deletions.
    static func edits(in text: String) -> [Edit] {
        let tokens = Tokenizer.tokenize(text)
        let lexicon = TagLexicon.shared
        var out: [Edit] = []
        for k in tokens.indices where tokens[k].isWord && vague.contains(tokens[k].lower) && tokens[k].text.first?.isLowercase == true {
            // `det`, a space, `noun`, a space, `thing`: spaces only, on one line.
            // (“the whole onboarding thing”: “whole” is part of the casual phrase, and goes with it.)
            let whole = k >= 6 && ["whole", "entire"].contains(tokens[k - 4].lower) && tokens[k - 5].kind == .whitespace
                && tokens[k - 6].isWord && determiners.contains(tokens[k - 6].lower)
            guard k >= 4, tokens[k - 1].kind == .whitespace, tokens[k - 3].kind == .whitespace,
                  tokens[k - 2].isWord, tokens[k - 4].isWord, determiners.contains(tokens[k - 4].lower) || whole else { continue }
            let noun = tokens[k - 2].lower
            let tags = lexicon.tagSet(of: noun)
            // (A word the lexicon does not know, in lower case letters, names the thing too:
            // “onboarding”.)
            let unknown = tags.isEmpty && noun.allSatisfy { $0.isLetter } && tokens[k - 2].text.first?.isLowercase == true
            guard !tags.isDisjoint(with: .nouns) || tags.contains(.VBG) || unknown,
                  tags.isDisjoint(with: .adjectives), tags.isDisjoint(with: .adverbs),
                  !tags.contains(.CD), !tags.contains(.DT), !tags.contains(.PRP), !tags.contains(.IN) else { continue }
            // Not "the thing's", "the stuff-like…": the word ends there.
            if k + 1 < tokens.count, tokens[k + 1].kind != .whitespace, tokens[k + 1].kind != .newline,
               !",.;:!?)".contains(tokens[k + 1].text) { continue }
            if whole {
                let start = tokens[k - 4].range.location
                out.append(Edit(range: NSRange(location: start, length: tokens[k].end - start), word: tokens[k].text, replacement: tokens[k - 2].text))
                continue
            }
            let start = tokens[k - 1].range.location
            out.append(Edit(range: NSRange(location: start, length: tokens[k].end - start), word: tokens[k].text))
        }
        return out
    }
}
