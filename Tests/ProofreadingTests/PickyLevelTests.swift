import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// The picky level (LanguageTool's `level=picky`): rules for formal text run only when a run asks
/// for them, by level or by name, and are hints `--fix` leaves alone.
struct PickyLevelTests {
    /// Formal-text slips of every bundled picky rule, in one paragraph.
    static let informal = """
        But the build failed on ARM. We utilize a cache in order to speed it up, and it doesn't \
        change the results. This step is very important. A lot of files are skipped. When the \
        cache is cold the first run takes longer. The old cache can not grow.
        """

    static func findings(_ text: String, _ configure: (inout ProofreadingOptions) -> Void = { _ in }) throws -> [ProofreadingSuggestion] {
        let speller = try #require(RuleTestSupport.speller)
        var options = ProofreadingOptions()
        configure(&options)
        return Proofreader(speller: speller).check(DocumentParser.parse(text, markup: .plain), options: options)
    }

    static let pickyIDs = Set(RuleRegistry.all.filter { $0.level == .picky }.map(\.id))

    @Test func theBundledPickyRulesArePicky() {
        #expect(Self.pickyIDs == ["EN_PICKY_CONTRACTION", "EN_PICKY_IN_ORDER_TO", "EN_PICKY_PLAIN_WORD", "EN_PICKY_A_LOT",
                                  "EN_PICKY_CONJUNCTION_START", "EN_PICKY_VERY", "EN_COMMA_AFTER_OPENING_CLAUSE", "EN_CAN_NOT"])
        // Every other rule runs at the default level.
        #expect(RuleRegistry.all.filter { $0.level == .default }.count == RuleRegistry.all.count - Self.pickyIDs.count)
    }

    @Test func theDefaultLevelLeavesThemOut() throws {
        let found = try Self.findings(Self.informal)
        #expect(found.allSatisfy { !Self.pickyIDs.contains($0.ruleID) }, "\(found.map(\.ruleID))")
    }

    @Test func thePickyLevelRunsEachOfThemAsAHint() throws {
        let found = try Self.findings(Self.informal) { $0.level = .picky }
        let picky = found.filter { Self.pickyIDs.contains($0.ruleID) }
        #expect(Set(picky.map(\.ruleID)) == Self.pickyIDs)
        // Style choices, never applied unattended.
        #expect(picky.allSatisfy { !$0.isConfident })
        let text = Self.informal as NSString
        #expect(picky.map { text.substring(with: $0.range) } == ["But", "utilize", "in order to", "doesn't", "very important", "A lot of", "cold ", "can not"])
        #expect(picky.map { $0.replacements.first ?? "" } == ["However,", "use", "to", "does not", "essential", "Many", "cold, ", "cannot"])
    }

    @Test func enabledRulesSwitchOnOnePickyRuleAtTheDefaultLevel() throws {
        let found = try Self.findings(Self.informal) { $0.enabledRules = ["EN_PICKY_CONTRACTION"] }
        #expect(found.filter { Self.pickyIDs.contains($0.ruleID) }.map(\.ruleID) == ["EN_PICKY_CONTRACTION"])
    }

    @Test func disabledRulesWinOverTheLevelAndOverEnabling() throws {
        let found = try Self.findings(Self.informal) {
            $0.level = .picky
            $0.disabledRules = ["EN_PICKY_CONTRACTION", "EN_PICKY_VERY"]
            $0.enabledRules = ["EN_PICKY_CONTRACTION"]
        }
        let ids = Set(found.map(\.ruleID))
        #expect(!ids.contains("EN_PICKY_CONTRACTION") && !ids.contains("EN_PICKY_VERY"))
        #expect(ids.contains("EN_PICKY_PLAIN_WORD"))
    }

    /// The level changes nothing else: the default findings are the same at both levels.
    @Test func theLevelAddsFindingsAndRemovesNone() throws {
        let text = "This is a example of teh problem. We utilize it, and it doesn't work."
        let plain = try Self.findings(text)
        let picky = try Self.findings(text) { $0.level = .picky }
        #expect(!plain.isEmpty)
        #expect(picky.filter { !Self.pickyIDs.contains($0.ruleID) } == plain)
    }

    /// Formal prose gives the picky rules nothing to say.
    @Test func formalProseHasNoPickyFindings() throws {
        let text = """
            The server does not read binary files. To install it, run the installer before the \
            upgrade; most users never change the defaults. However, the cache is essential for \
            speed, and it is cleared when the configuration changes. So far, nobody has reported \
            a problem. The sign read “Don't feed the ducks” in three languages.
            """
        let found = try Self.findings(text) { $0.level = .picky }
        #expect(found.filter { Self.pickyIDs.contains($0.ruleID) }.isEmpty, "\(found.map(\.ruleID))")
    }

    /// A user's rule file may declare a picky rule: it runs at the picky level only.
    @Test func aUserRuleFileCanDeclareAPickyRule() throws {
        let file = """
            rule HOUSE_PERFORMANT
            category style
            message Say what is fast: “{fix}”.
            options picky hint
            pattern performant => fast
            wrong The new parser is performant. => The new parser is fast.
            right The new parser is fast.
            """
        let compiled = try RuleFileCompiler.compile(file, file: "house.rules")
        #expect(compiled.map(\.level) == [.picky])
        let book = RuleBook(compiled)
        let text = "The parser is performant, and the printer is performant too."
        let plain = try Self.findings(text) { $0.extraRules = book }
        let picky = try Self.findings(text) { $0.extraRules = book; $0.level = .picky }
        #expect(!plain.contains { $0.ruleID == "HOUSE_PERFORMANT" })
        #expect(picky.filter { $0.ruleID == "HOUSE_PERFORMANT" }.count == 2)
        let enabled = try Self.findings(text) { $0.extraRules = book; $0.enabledRules = ["HOUSE_PERFORMANT"] }
        #expect(enabled.filter { $0.ruleID == "HOUSE_PERFORMANT" }.count == 2)
    }

    /// `options picky` survives the compiled-rules cache.
    @Test func theLevelIsKeptInTheCompiledRulesCache() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("picky-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [(name: "p.rules", data: Data("""
            rule P_ONE
            category style
            message Plainer: “{fix}”.
            options picky hint
            pattern utilize => use
            wrong We utilize it. => We use it.
            right We use it.

            rule P_TWO
            category style
            message Plainer: “{fix}”.
            pattern commence => begin
            wrong We commence now. => We begin now.
            right We begin now.
            """.utf8))]
        let first = try CompiledRulesCache.rules(files, cacheDirectory: directory)
        let second = try CompiledRulesCache.rules(files, cacheDirectory: directory)
        #expect(first.map(\.level) == [.picky, .default])
        #expect(second.map(\.level) == [.picky, .default])
    }

    @Test func levelNames() {
        #expect(ProofreadingLevel(name: "PICKY") == .picky)
        #expect(ProofreadingLevel(name: "default") == .default)
        #expect(ProofreadingLevel(name: "strict") == nil)
    }
}
