import Foundation
import Testing
@testable import Proofreading

/// The articles, countability and noun-number family (`Resources/rules/countability.rules` and
/// the quantifier rules) on sentences written for it (fixture `countability-family.txt`): wrong
/// ones fixed by the first finding, correct ones left alone. The nouns are ones no rule lists:
/// the rules decide by part of speech and by ``NounCountability``.
struct CountabilityFamilyTests {
    @Test func wrongSentencesAreFixedAndCorrectOnesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("countability-family.txt", findings: EverydayConfusionTests.findings, minWrong: 40, minCorrect: 40)
    }

    /// The Link Grammar dictionary's classes: countable only, mass only, both, unknown.
    @Test func countabilityComesFromTheDictionary() throws {
        let classes = NounCountability.shared
        try #require(!classes.countable.isEmpty, "link-grammar-dictionaries-en is installed by scripts/install-deps.sh")
        for word in ["idea", "question", "student", "report", "umbrella"] {
            #expect(classes.isCountable(word) && !classes.isMass(word), "\(word)")
        }
        for word in ["advice", "information", "furniture", "luggage", "fun"] {
            #expect(classes.isMass(word) && !classes.isCountable(word), "\(word)")
        }
        for word in ["work", "time", "coffee", "paper", "life"] {
            #expect(classes.isMass(word) && classes.isCountable(word), "\(word)")
        }
        #expect(!classes.isCountable("kubectl") && !classes.isMass("kubectl"))
    }

    /// A parse of the dictionary stored in a cache folder is read back the same.
    @Test func cacheRoundTrip() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("countability-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let built = NounCountability.load(folder: NounCountability.debianFolder, cacheDirectory: dir)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.contains { $0.hasPrefix("countability-en-") })
        let read = NounCountability.load(folder: NounCountability.debianFolder, cacheDirectory: dir)
        #expect(Array(read.countable).count == Array(built.countable).count)
        #expect(Array(read.mass).count == Array(built.mass).count)
        #expect(read.isCountable("idea") && read.isMass("advice"))
    }

    /// `noun=count` and `noun=mass` in a rule file; any other class is an error.
    @Test func nounConstraintInRuleFiles() throws {
        func rule(_ pattern: String) -> String { "rule X_TEST\ncategory grammar\nmessage m\npattern \(pattern)\n" }
        #expect(throws: RuleFileError.self) { try RuleFileCompiler.compile(rule("many [noun=countable] => x"), file: "t.rules") }
        let compiled = try RuleFileCompiler.compile(rule("[pos=NN&noun=mass&!noun=count] => x"), file: "t.rules")
        let found = RuleTestSupport.matches(compiled, in: "She gave advice about the umbrella.").map(\.replacements)
        #expect(found == [["x"]])
    }
}
