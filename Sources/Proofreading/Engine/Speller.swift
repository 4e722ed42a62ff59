import Foundation

/// A spelling dictionary: decides whether a word is known and suggests corrections.
/// Implementations are safe to call from any thread.
public protocol Speller: Sendable {
    /// The BCP 47 language tag of the dictionary (`en-US`).
    var language: String { get }
    /// True when `word` (one word, no surrounding spaces or punctuation) is spelled correctly.
    func isCorrect(_ word: String) -> Bool
    /// Corrections for a misspelled `word`, best first, at most `limit`; case follows the word's
    /// (`Teh` → `The`).
    func suggestions(for word: String, limit: Int) -> [String]
}

/// Extra words a document accepts: a user's word list, a workspace's, code identifiers that
/// appear elsewhere in the document. Matching is exact, or case-insensitive for entries given
/// in lowercase.
public struct Vocabulary: Sendable {
    private var exact: Set<String> = []
    private var folded: Set<String> = []

    /// An empty vocabulary.
    public init() {}

    /// A vocabulary holding `words`.
    public init<S: Sequence>(_ words: S) where S.Element == String {
        for w in words { insert(w) }
    }

    /// Adds a word: an all-lowercase entry also accepts its capitalised and uppercase forms.
    public mutating func insert(_ word: String) {
        exact.insert(word)
        if word == word.lowercased() { folded.insert(word) }
    }

    /// Adds every word of another vocabulary.
    public mutating func formUnion(_ other: Vocabulary) {
        exact.formUnion(other.exact)
        folded.formUnion(other.folded)
    }

    /// True when `word` is in the vocabulary.
    public func contains(_ word: String) -> Bool {
        guard !exact.isEmpty else { return false }
        return exact.contains(word) || folded.contains(word.lowercased())
    }

    /// Number of entries.
    public var count: Int { exact.count }
}
