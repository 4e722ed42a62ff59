import Foundation
import DocumentStructure
import Testing
@testable import Proofreading

/// Shared helpers of the rule tests: one real Hunspell speller, and a way to run rules on a
/// plain-text document through the real tokenizer, sentence splitter and ``Proofreader``.
enum RuleTestSupport {
    /// A sentence fixture's lines (`wrong => right` pairs, `- correct` sentences, `#` comments).
    static func sentenceFixture(_ name: String) throws -> (wrong: [(String, String)], correct: [String]) {
        let text = try String(contentsOf: fixture(name), encoding: .utf8)
        var wrong: [(String, String)] = [], correct: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("- ") { correct.append(String(line.dropFirst(2))); continue }
            let parts = line.components(separatedBy: " => ")
            if parts.count == 2 { wrong.append((parts[0], parts[1])) }
        }
        return (wrong, correct)
    }

    /// Every wrong sentence is fixed by the first finding of `findings`; every correct one gets
    /// no grammar or confused-word finding.
    static func expectFixture(_ name: String, findings: (String) -> [ProofreadingSuggestion], minWrong: Int, minCorrect: Int,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (wrong, correct) = try sentenceFixture(name)
        #expect(wrong.count >= minWrong, sourceLocation: sourceLocation)
        #expect(correct.count >= minCorrect, sourceLocation: sourceLocation)
        for (text, fixed) in wrong {
            guard let first = findings(text).first, let replacement = first.replacements.first else {
                Issue.record("not found: \(text)", sourceLocation: sourceLocation)
                continue
            }
            #expect(applying(replacement, at: first.range, to: text) == fixed, "\(first.ruleID): \(text)", sourceLocation: sourceLocation)
        }
        for text in correct {
            let found = findings(text).filter { $0.category == .grammar || $0.category == .confusedWords }
            #expect(found.isEmpty, "\(text) → \(found.map { "\($0.ruleID) \((text as NSString).substring(with: $0.range))" })", sourceLocation: sourceLocation)
        }
    }

    /// The real en-US dictionary (loaded once).
    static let speller: HunspellSpeller? = try? HunspellSpeller(language: "en-US")

    /// The en-GB speller (Debian's dictionary, whose affix flags are not SCOWL's).
    static let britishSpeller: HunspellSpeller? = try? HunspellSpeller(language: "en-GB")

    /// Matches of `rules` in `text` read as plain text, at `level` (a picky rule runs only at
    /// the picky level).
    static func matches(_ rules: [any Rule], in text: String, markup: MarkupKind = .plain,
                        level: ProofreadingLevel = .default) -> [ProofreadingSuggestion] {
        guard let speller else { return [] }
        var options = ProofreadingOptions()
        options.level = level
        return Proofreader(speller: speller, rules: rules).check(DocumentParser.parse(text, markup: markup), options: options)
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
