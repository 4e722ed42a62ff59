import Foundation
import Synchronization

/// The part-of-speech tags and lemmas of one sentence's tokens, indexed like
/// ``Sentence/tokens``: what a rule gets from ``RuleContext/tags(of:)``.
///
/// Word tokens get a Penn Treebank tag (``PennTag``), numbers `CD`, punctuation its Penn
/// punctuation tag, placeholders for protected text `NN`, whitespace and line breaks
/// ``PennTag/none``. A contraction kept as one token gets the tag of its first part (`don't`
/// `VBP`, `can't` `MD`, `it's` `PRP`). Lemmas are looked up when asked for.
///
/// ```swift
/// let tags = context.tags(of: sentence)
/// if tags[i] == .VBD, let base = tags.lemma(at: i) { … }   // “went” → “go”
/// ```
public struct SentenceTags: Sendable {
    /// One tag per token of the sentence.
    public let tags: [PennTag]
    /// The sentence's tokens.
    public let tokens: TokenList
    /// The lexicon the tags came from (for lemmas).
    public let lexicon: TagLexicon

    /// Tags `tags` of `tokens`.
    init(tags: [PennTag], tokens: TokenList, lexicon: TagLexicon) {
        self.tags = tags
        self.tokens = tokens
        self.lexicon = lexicon
    }

    /// The tag of token `i` (`0 <= i < tokens.count`).
    public subscript(i: Int) -> PennTag { tags[i] }

    /// The number of tags (the sentence's token count).
    public var count: Int { tags.count }

    /// True when token `i` has one of `set`'s tags.
    public func isTagged(_ i: Int, _ set: PennTagSet) -> Bool { set.contains(tags[i]) }

    /// The tags token `i` can have by the lexicon (``TagLexicon/tagSet(of:)`` of the word, a
    /// contraction's host word for it), whatever the tag chosen in context; for a word the
    /// lexicon does not know, only the tag it was given. Empty for tokens that are no words.
    public func possibleTags(at i: Int) -> PennTagSet {
        guard tokens[i].kind == .word else { return [] }
        let known = lexicon.tagSet(of: PartOfSpeechTagger.split(tokens[i]).host)
        return known.isEmpty ? PennTagSet(tags[i]) : known
    }

    /// The lemma of token `i` read as its tag (`went` `VBD` → `go`, `children` → `child`,
    /// `better` `JJR` → `good`, `don't` → `do`), lowercase (a proper noun keeps its case); for a
    /// word the lexicon does not know, the lemma regular inflection leads to, else the word
    /// lowercased. Nil for tokens that are no words.
    public func lemma(at i: Int) -> String? {
        guard tokens[i].kind == .word else { return nil }
        let word = PartOfSpeechTagger.split(tokens[i]).host
        let tag = tags[i]
        if let l = lexicon.lemma(of: word, as: tag) { return l }
        if tag.isProperNoun { return word }
        let lower = word.lowercased()
        if tag.wordClass != nil, let first = Morphology.lemmaCandidates(of: lower, as: tag).first { return first }
        return lower
    }
}

extension RuleContext {
    /// The part-of-speech tags of `sentence` (one of this context's sentences, or any other):
    /// computed on the first request for the sentence and kept with its tokens, so every rule
    /// that asks afterwards gets them for the price of a look-up. Sentences whose rules never
    /// ask are never tagged. Unknown words are guessed with the speller's Hunspell flags.
    public func tags(of sentence: Sentence) -> SentenceTags {
        let lexicon = TagLexicon.shared
        let tokens = sentence.tokens
        let tags = tokens.buffer.tags(start: tokens.start, count: tokens.count) {
            PartOfSpeechTagger.tag(tokens, lexicon: lexicon, wordClasses: wordClasses)
        }
        return SentenceTags(tags: tags, tokens: tokens, lexicon: lexicon)
    }

    /// The part-of-speech lexicon (``TagLexicon/shared``): possible tags of a word, lemmas, forms.
    public var lexicon: TagLexicon { TagLexicon.shared }

    /// The tags `word` can have: the lexicon's, or for a word it lacks (`refactor`,
    /// `kubectl`), the tagger's guess from the speller's Hunspell flags and the word's suffix.
    public func possibleTags(of word: String) -> PennTagSet {
        let known = lexicon.tagSet(of: word)
        if !known.isEmpty { return known }
        let token = Token(kind: .word, range: NSRange(location: 0, length: word.utf16.count), text: word)
        return PennTagSet(PartOfSpeechTagger.guess(word, token: token, capitalised: false, wordClasses: wordClasses).map(\.0))
    }
}

extension TokenBuffer {
    /// The tags of tokens `start..<start + count`, made by `make` on the first request.
    func tags(start: Int, count: Int, make: () -> [PennTag]) -> [PennTag] {
        let key = start << 20 | count
        if let cached = taggedSentences.withLock({ $0[key] }) { return cached }
        let tags = make()
        taggedSentences.withLock { $0[key] = tags }
        return tags
    }
}

/// Tagging of plain text outside a proofreading run, for tools, tests and measurements: the
/// same tokenizer, sentence splitter and tagger the rules see.
public enum PartOfSpeechTagging {
    /// One tagged token.
    public struct TaggedToken: Sendable, Hashable {
        /// The token's text.
        public var text: String
        /// Its tag.
        public var tag: PennTag
        /// Its lemma (nil for tokens that are no words).
        public var lemma: String?
    }

    /// The sentences of `text` with their tokens' tags, whitespace left out. `speller` lends its
    /// Hunspell flags to the guessing of unknown words (nil: by shape and suffix only).
    public static func tag(_ text: String, speller: (any Speller)? = nil) -> [[TaggedToken]] {
        let sentences = SentenceSplitter.split(Tokenizer.tokenize(text))
        let context = RuleContext(segmentText: text, sentences: sentences, sentenceIndex: 0, speller: speller ?? NoSpeller(),
                                  vocabulary: Vocabulary(), isHeading: false)
        return sentences.map { sentence in
            let tags = context.tags(of: sentence)
            return sentence.tokens.indices.compactMap { i in
                tags[i] == .none ? nil : TaggedToken(text: sentence.tokens[i].text, tag: tags[i], lemma: tags.lemma(at: i))
            }
        }
    }
}

/// A speller that knows no word (``PartOfSpeechTagging/tag(_:speller:)`` without a dictionary).
struct NoSpeller: Speller {
    var language: String { "en-US" }
    func isCorrect(_ word: String) -> Bool { false }
    func suggestions(for word: String, limit: Int) -> [String] { [] }
}
