import Foundation
import Testing
@testable import Proofreading

/// Subject–verb agreement where the tagger's first reading hides it (“Dogs barks”, “The drawers
/// is”, “It open”), verb forms after “he/she/it”, and everyday confusions (“you're old bike”,
/// “its https://…”, “better to plan then rush”, “fixed them quick”), on sentences written for
/// them (fixture `verb-agreement-everyday.txt`): wrong ones fixed by the first finding, correct
/// ones near them left alone. The words are ones no rule lists: the rules and the tagger's
/// context corrections decide by part of speech and lemma.
struct VerbAgreementEverydayTests {
    @Test func wrongSentencesAreFixedAndCorrectOnesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("verb-agreement-everyday.txt", findings: EverydayConfusionTests.findings, minWrong: 40, minCorrect: 40)
    }

    /// A `define` of a name the file already defines is an error naming both lines: a list holds
    /// for the whole file, so a second one silently changed the rules above it.
    @Test func aSecondDefineOfTheSameListIsAnError() {
        let text = """
        define verbs = go come
        rule EN_A
        category grammar
        message Hm.
        pattern @verbs now
        define verbs = run walk
        """
        do {
            _ = try RuleFileCompiler.compile(text, file: "two.rules")
            Issue.record("a second define of “verbs” compiled")
        } catch let error as RuleFileError {
            #expect(error.line == 6)
            #expect(error.message.contains("first on line 1"))
        } catch {
            Issue.record("\(error)")
        }
    }
}
