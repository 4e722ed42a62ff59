import Foundation
import DocumentStructure
import Testing
@testable import Proofreading

/// Shared helpers of the rule tests: one real Hunspell speller, and a way to run rules on a
/// plain-text document through the real tokenizer, sentence splitter and ``Proofreader``.
enum RuleTestSupport {
    /// The real en-US dictionary (loaded once).
    static let speller: HunspellSpeller? = try? HunspellSpeller(language: "en-US")

    /// The en-GB speller (Debian's dictionary, whose affix flags are not SCOWL's).
    static let britishSpeller: HunspellSpeller? = try? HunspellSpeller(language: "en-GB")

    /// Matches of `rules` in `text` read as plain text.
    static func matches(_ rules: [any Rule], in text: String, markup: MarkupKind = .plain) -> [Match] {
        guard let speller else { return [] }
        return Proofreader(speller: speller, rules: rules).check(DocumentParser.parse(text, markup: markup))
    }

    /// The URL of the fixture file `name` (in `Tests/ProofreadingTests/Fixtures`).
    static func fixture(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent(name)
    }

    /// `text` with `replacement` put in place of the UTF-16 `range`.
    static func applying(_ replacement: String, at range: NSRange, to text: String) -> String {
        let ns = text as NSString
        return ns.replacingCharacters(in: range, with: replacement)
    }
}
