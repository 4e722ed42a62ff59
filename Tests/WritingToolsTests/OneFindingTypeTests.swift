import Foundation
import Testing
import WritingTools

/// One finding type from the rules to the wire (issue 32, point 1b): `ProofreadingSuggestion`,
/// with one category type and one source enum, and no twins of them anywhere in the sources.
@Suite("One finding type from the rules to the wire")
struct OneFindingTypeTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every declaration `kind name` in the package's Swift sources, as (file, line).
    static func declarations() throws -> [(name: String, file: String, line: String)] {
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        var out: [(String, String, String)] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" || $0 == "=" })
                for (i, w) in words.enumerated() where ["struct", "enum", "class", "typealias", "actor"].contains(w) && i + 1 < words.count {
                    out.append((String(words[i + 1]), file, String(line)))
                }
            }
        }
        return out
    }

    /// The three types are declared once, in `Proofreading`, and named again only by
    /// `WritingTools`' aliases of them; the four finding types and twin enums of before are gone.
    @Test func oneDeclarationOfEachAndNoTwins() throws {
        let all = try Self.declarations()
        #expect(all.count > 500, "the scan found \(all.count) declarations")
        for old in ["RuleMatch", "Match", "EngineSuggestion", "SuggestionSource", "SuggestionCategory"] {
            let found = all.filter { $0.name == old && !$0.file.hasSuffix("TokenPattern.swift") }
            #expect(found.isEmpty, "\(old) is declared again: \(found.map { "\($0.file): \($0.line)" })")
        }
        for name in ["ProofreadingSuggestion", "RuleCategory", "SuggestionProvenance"] {
            let found = all.filter { $0.name == name }
            let declared = found.filter { !$0.line.contains("typealias") }
            #expect(declared.map(\.file) == ["Proofreading/Engine/ProofreadingSuggestion.swift"], "\(name): \(declared.map(\.file))")
            let aliases = found.filter { $0.line.contains("typealias") }
            #expect(aliases.count == 1 && aliases.allSatisfy { $0.file == "WritingTools/Exports.swift" && $0.line.contains("= Proofreading.\(name)") },
                    "\(name): \(aliases.map { "\($0.file): \($0.line)" })")
        }
        // TokenPattern's `Match` is a pattern's token span, not a finding.
        #expect(all.filter { $0.name == "Match" }.allSatisfy { $0.file.hasSuffix("TokenPattern.swift") })
    }

    /// A rule's finding reaches the API stamped by the proofreader: its rule's id, its rule's
    /// category unless it gave its own (the speller's `NAMES`), and its provenance; the
    /// LanguageTool encoding writes that category's id and name.
    @Test func theProofreaderStampsARulesFinding() throws {
        let text = "This is a apple. Teh weather is nice. I met Siobhan today."
        let report = try WritingToolsChecker().check(ProofreadingRequest(text: text))
        let article = try #require(report.suggestions.first { $0.ruleID == "EN_A_VS_AN" })
        #expect(article.category == .grammar && article.provenance == .rules && article.replacements.first == "an")
        #expect((text as NSString).substring(with: article.range) == "a")
        let typo = try #require(report.suggestions.first { (text as NSString).substring(with: $0.range) == "Teh" })
        #expect(typo.ruleID == "SPELLING" && typo.category == .typos && typo.provenance == .spelling && typo.isConfident)
        let name = try #require(report.suggestions.first { (text as NSString).substring(with: $0.range) == "Siobhan" })
        #expect(name.ruleID == "SPELLING" && name.category == .names && name.provenance == .spelling && !name.isConfident)

        var out = JSONLineWriter()
        LanguageToolFormat.writeMatch(article, units: Array(text.utf16), to: &out)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let category = try #require((json["rule"] as? [String: Any])?["category"] as? [String: String])
        #expect(category == ["id": "GRAMMAR", "name": "Grammar"])
    }

    /// Every category's wire id is LanguageTool's, and its name the one the clients show.
    @Test func categoriesCarryLanguageToolsIdsAndNames() {
        #expect(RuleCategory(rawValue: "TYPOS")?.displayName == "Possible Typo")
        #expect(RuleCategory.allCases.allSatisfy { !$0.displayName.isEmpty && $0.rawValue == $0.rawValue.uppercased() })
        #expect(Set(RuleCategory.allCases.map(\.rawValue)).count == RuleCategory.allCases.count)
        #expect(SuggestionProvenance(rawValue: "model") == .languageModel)
    }
}
