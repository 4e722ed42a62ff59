import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// The engine names no rule (issue 30, 2.26): what wakes a rule, the hot word lists it reads and
/// the work it shares with other rules are declared by the rule (``Rule/triggers``,
/// ``Rule/hotWordLists``, ``Rule/sentencePreparation``), so adding or removing a rule never
/// means editing `Engine/`.
struct EngineNamesNoRuleTests {
    /// The engine's sources (`Sources/Proofreading/Engine`), by file name.
    static let engineSources: [(name: String, text: String)] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Sources/Proofreading/Engine")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().compactMap { name in
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)).map { (name, $0) }
        }
    }()

    /// `text` without its comments (`//` to the end of a line): a doc comment may give a rule
    /// as an example; the code must not depend on one.
    static func code(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            guard let r = line.range(of: "//") else { return line }
            return line[..<r.lowerBound]
        }.joined(separator: "\n")
    }

    /// Where the engine's code still names a rule, by file: empty since session 52 (the
    /// filters after the rules read ``Rule/quietInTechnicalDocuments``,
    /// ``Rule/confidentInDialect`` and ``Rule/tableLayout``). It must stay empty.
    static let knownNames: Set<String> = []

    @Test func noEngineFileNamesARule() throws {
        let sources = Self.engineSources
        #expect(sources.contains { $0.name == "HotWords.swift" } && sources.contains { $0.name == "Rule.swift" })
        // Every registered rule's ID, and its type's name unless it is one of the engine's
        // containers of rules written as data or as one value.
        var names = Set(RuleRegistry.all.map(\.id))
        for rule in RuleRegistry.all {
            let type = String(describing: Swift.type(of: rule))
            if type != "PatternRule" && type != "CodedRule" { names.insert(type) }
        }
        #expect(names.count > 250)
        var found = Set<String>()
        for (file, text) in sources {
            let code = Self.code(text)
            for name in names {
                // Whole words only (`SPELLING` is not in `SPELLING_CHECK`).
                let pattern = "(?<![A-Za-z0-9_])" + NSRegularExpression.escapedPattern(for: name) + "(?![A-Za-z0-9_])"
                if code.range(of: pattern, options: .regularExpression) != nil { found.insert("\(file): \(name)") }
            }
        }
        #expect(found.filter { $0.hasPrefix("HotWords.swift:") || $0.hasPrefix("Rule.swift:") }.isEmpty, "\(found.sorted())")
        let new = found.subtracting(Self.knownNames)
        #expect(new.isEmpty, "engine code names rules: \(new.sorted())")
        let gone = Self.knownNames.subtracting(found)
        #expect(gone.isEmpty, "no longer named (take them off knownNames): \(gone.sorted())")
    }

    /// A user's rule file whose trigger word no registered rule has (so no token carries the
    /// trigger bit for it) is planned and fires: the plan looks such words up.
    @Test func aUserRuleWithANewTriggerWordIsPlannedAndFires() throws {
        let speller = try #require(RuleTestSupport.speller)
        let file = """
            rule HOUSE_FROBNICATE
            category style
            message Say “{fix}”.
            pattern frobnicate|frobnicates => adjust
            wrong We frobnicate the knobs. => We adjust the knobs.
            right We adjust the knobs.
            """
        let compiled = try RuleFileCompiler.compile(file, file: "house.rules")
        #expect(compiled.first?.triggers == ["frobnicate", "frobnicates"])
        // No built-in rule wakes on it: no token of it has the trigger bit.
        #expect(HotWords.bits(of: "frobnicate") & HotWords.triggerBit == 0)
        let book = RuleBook(compiled)
        let plan = book.plan(disabling: [])
        let sentence = try #require(SentenceSplitter.split(Tokenizer.tokenize("Please frobnicate it.")).first)
        let woken = plan.active(in: sentence).map { plan.rules[$0].id }
        #expect(woken.contains("HOUSE_FROBNICATE"))
        let quiet = try #require(SentenceSplitter.split(Tokenizer.tokenize("Please adjust it.")).first)
        #expect(!plan.active(in: quiet).map { plan.rules[$0].id }.contains("HOUSE_FROBNICATE"))
        var options = ProofreadingOptions()
        options.extraRules = book
        let found = Proofreader(speller: speller).check(DocumentParser.parse("Please frobnicate it. Then Frobnicates again.", markup: .plain),
                                                        options: options)
        #expect(found.filter { $0.ruleID == "HOUSE_FROBNICATE" }.map(\.replacements.first) == ["adjust", "Adjust"])
    }

    /// The agreement rules declare the pronoun–verb search they share: a plan of two or more
    /// of them does it once per sentence; a plan of one leaves it to the rule.
    @Test func sharedWorkIsDeclaredByTheRules() {
        let agreement = RuleRegistry.all.filter { $0.sentencePreparation != nil }
        #expect(Set(agreement.map(\.id)) == ["EN_AGREEMENT_BE", "EN_AGREEMENT_HAVE_DO", "EN_AGREEMENT_THIRD_PERSON", "EN_AGREEMENT_WAS_WERE"])
        #expect(RulePlan(RuleRegistry.all).preparations.count == 1)
        #expect(RulePlan(Array(agreement.prefix(1))).preparations.isEmpty)
        #expect(RulePlan(Array(agreement.prefix(2))).preparations.count == 1)
    }

    /// The speller's rule says so (``Rule/findsMisspellings``): its findings are the spelling
    /// provenance, and the engine knows it by that, not by its ID.
    @Test func theSpellersRuleDeclaresItself() throws {
        #expect(RuleRegistry.all.filter(\.findsMisspellings).map(\.id) == ["SPELLING"])
        let speller = try #require(RuleTestSupport.speller)
        let found = Proofreader(speller: speller).check(DocumentParser.parse("We recieve it today.", markup: .plain))
        let slip = try #require(found.first { $0.ruleID == "SPELLING" })
        #expect(slip.provenance == .spelling)
        #expect(found.filter { $0.ruleID != "SPELLING" }.allSatisfy { $0.provenance == .rules })
    }
}
