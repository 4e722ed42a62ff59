import Foundation
import Testing
import DocumentStructure
import TextModel
import Proofreading
@testable import WritingToolsEngine

/// Issue 34, point 2, as a README-only trial of session 48 found it: a phrase edit must fit the
/// grammar around it, and the proofreader that re-checks every rewrite must see when it does
/// not. “and do they have the ability to work” had become “and do they can work”, “does not
/// require that contributors use” “doesn't need that contributors use”; Professional left a
/// casual e-mail's greeting, sign-off and sentence starts as they were.
@Suite("Rewrite edits fit their grammatical context")
struct RewriteGrammarContextTests {
    /// Sentences written for this suite (`Fixtures/rewrite/grammar-context.txt`), each a
    /// context where a swap would break the grammar next to one where it is right.
    static func context() throws -> String { try Fixture.text("rewrite/grammar-context.txt") }

    @Test("a phrase said as a modal stays after do, to, a modal or a do-question", arguments: [WritingTool.concise, .rewrite])
    func modalSwapNeedsAFiniteVerb(_ tool: WritingTool) throws {
        let (new, _) = try rewritten(try Self.context(), tool)
        for broken in ["do they can", "don't can", "Will they can", "will can", "to can"] {
            #expect(!new.contains(broken), "\(broken): \(new)")
        }
        // Where a finite verb stands, the swap is still made.
        #expect(new.contains("Only maintainers can merge."))
        #expect(new.contains("Members who can vote get a ballot."))
    }

    @Test("the trial's sentence keeps its verb")
    func trialSentence() throws {
        let text = "The primary factors include their commitment to the project, can their judgement be trusted, and do\nthey have the ability to work well with others.\n"
        for tool in [WritingTool.concise, .rewrite] {
            let (new, _) = try rewritten(text, tool)
            #expect(new.contains("do\nthey have the ability to work"), "\(tool.commandName): \(new)")
        }
        let (plain, _) = try rewritten("Users have the ability to export their data.", .concise)
        #expect(plain == "Users can export their data.")
    }

    @Test("a verb that takes no that-clause is not swapped in before one")
    func thatClause() throws {
        let (new, edits) = try rewritten(try Self.context(), .friendly)
        #expect(!new.contains("need that") && !new.contains("needs that"), "\(new)")
        #expect(new.contains("doesn't require that members use"))
        // Before an object the plainer verb is kept.
        #expect(new.contains("We need a signed form.") && new.contains("It needs you to sign twice."))
        #expect(edits.contains { $0.ruleID == "FRIENDLY_REQUIRE" })
    }

    @Test("the proofreader finds a modal after do or to, so the re-check drops such an edit")
    func recheckCatchesTheModal() throws {
        for (text, covered) in [("And do they can work well with others?", "do they can"), ("We don't can stay long.", "don't can"),
                                ("I want to can speak English well.", "to can")] {
            let found = try RewriteNeverWorseTests.findings(text)
            #expect(found.contains { $0.hasPrefix("EN_MODAL_AFTER_DO: ") && $0.contains(covered) }, "\(text): \(found)")
        }
        for text in ["Whatever you do they can see it.", "We want to can the tomatoes this summer.", "Do you think they can work?"] {
            #expect(!(try RewriteNeverWorseTests.findings(text)).contains { $0.hasPrefix("EN_MODAL_AFTER_DO") }, "\(text)")
        }
        // A rewrite made elsewhere (a language model's) that writes the same swap is taken back.
        let original = "We ask whether they follow the guidelines, and do they have the ability to work with others.\n"
        let model = "We ask whether they follow the guidelines, and do they can work with others.\n"
        let sound = try BuiltInToolEngine().soundRewrite(original: original, rewritten: model, markup: .plain, protectedRanges: [],
                                                         language: "en-US", applyFixes: false)
        #expect(sound.reverted > 0)
        #expect(!sound.text.contains("do they can"), "\(sound.text)")
    }

    @Test("Friendly puts plain words for formal ones, not only contractions, and keeps the grammar")
    func friendlyRegister() throws {
        let text = try Fixture.text("rewrite/formal-notice.txt")
        let (new, edits) = try rewritten(text, .friendly)
        // Edits of the register, not contractions (“A contraction sounds warmer.”).
        let register = edits.filter { $0.ruleID.hasPrefix("FRIENDLY_") && !$0.message.contains("contraction") }
        #expect(register.count >= 10, "\(edits.map(\.ruleID))")
        for expected in ["Many people have asked", "To renew, please", "Our staff will help you", "you'll get a confirmation",
                         "If you need more information, you may ask at the front desk.", "There's an additional fee", "So we recommend"] {
            #expect(new.contains(expected), "\(expected): \(new)")
        }
        #expect(!new.contains("an more"))
        let before = Set(try RewriteNeverWorseTests.findings(text).map { $0.split(separator: ":")[0] })
        let after = try RewriteNeverWorseTests.findings(new)
        #expect(after.allSatisfy { before.contains($0.split(separator: ":")[0]) }, "\(after)")
    }

    // MARK: Professional on a casual e-mail

    /// The sentences of `text` that start with a lower-case letter: a paragraph's first word,
    /// or a word after “.”, “!” or “?” and a space.
    static func lowerCaseStarts(_ text: String) -> [String] {
        var out: [String] = []
        for paragraph in text.components(separatedBy: "\n\n") {
            let p = paragraph.trimmingCharacters(in: .whitespacesAndNewlines)
            if let f = p.first, f.isLowercase { out.append(String(p.prefix(20))) }
            let chars = Array(p)
            for k in chars.indices.dropFirst(2) where chars[k].isLowercase && chars[k - 1] == " " && ".!?".contains(chars[k - 2]) {
                out.append(String(chars[k..<min(chars.count, k + 20)]))
            }
        }
        return out
    }

    @Test("Professional writes a casual e-mail as a careful writer would send it",
          arguments: ["casual-emails/trial-planning.txt", "casual-emails/launch-update.txt"])
    func casualEmail(_ name: String) throws {
        let text = try Fixture.text(name)
        let (new, _) = try rewritten(text, .professional)
        #expect(Self.lowerCaseStarts(new).isEmpty, "\(Self.lowerCaseStarts(new))")
        #expect(new.hasPrefix("Hello "), "\(new.prefix(20))")
        #expect(new.contains("Best regards,\n"))
        for casual in ["hey ", "cheers", "no worries", "for like", "anyway", "gonna", "sorted out"] {
            #expect(!new.lowercased().contains(casual), "\(casual) in \(new)")
        }
        for day in ["monday", "tuesday", "thursday", "friday"] { #expect(!new.contains(day)) }
        // The result adds no finding of the proofreader (its findings are some of the text's).
        let before = Set(try RewriteNeverWorseTests.findings(text).map { $0.split(separator: ":")[0] })
        let after = try RewriteNeverWorseTests.findings(new)
        #expect(after.allSatisfy { before.contains($0.split(separator: ":")[0]) }, "\(after)")
        #expect(!after.contains { $0.hasPrefix("UPPERCASE_SENTENCE_START") })
    }

    @Test("the trial's e-mail reads as expected")
    func trialEmailText() throws {
        let (new, _) = try rewritten(try Fixture.text("casual-emails/trial-planning.txt"), .professional)
        #expect(new.hasPrefix("Hello Sam,\n\nI will not be able to make it"))
        #expect(new.contains("for about a week"))
        #expect(new.contains("\n\nLet me know what works for you!\n\nBest regards,\nJo"))
    }

    @Test("a swap or a cut at a sentence's start gives the capital on", arguments: [
        ("hey Sam, the report is ready.", "Hello Sam, the report is ready."),
        ("The build is green. anyway let me know if it breaks.", "The build is green. Let me know if it breaks."),
        ("See the notes, e.g. the summary. thanks for reading.", "See the notes, e.g. the summary. Thank you for reading."),
    ])
    func capitalAfterASwap(_ c: (String, String)) throws {
        let (new, _) = try rewritten(c.0, .professional)
        #expect(new == c.1)
    }
}
