import Foundation
import Testing
import Proofreading
@testable import WritingToolsEngine

/// Issue 34, point 2, as session 48's README-only trial left it: Professional kept a casual
/// e-mail's "the planning thing", "If not no worries," (→ "If not no problem,") and "honestly".
/// The classes: a vague noun after the noun that names it ("the budget thing", "the vendor
/// stuff"), an interjection or a casual reply that opens a sentence without its comma ("yeah
/// that would help", "oh I almost forgot", "well we could", "ok so the plan", "if not, no
/// worries,"), and adverbs of candour, hedges and intensifiers ("honestly", "frankly", "can
/// just", "pretty close"). Every edit keeps the sentence grammatical: the proofreader finds
/// nothing in the rewrite that it did not find in the text.
///
/// Texts: the trial's e-mail (`summaries/email-casual-reschedule.txt`) and one written for this
/// suite (`rewrite/casual-register.txt`).
@Suite("Professional: a casual e-mail's fillers and vague words")
struct ProfessionalCasualTests {
    static let files = ["summaries/email-casual-reschedule.txt", "rewrite/casual-register.txt"]

    @Test func theTrialsEmail() throws {
        let text = try Fixture.text("summaries/email-casual-reschedule.txt")
        let (new, _) = try rewritten(text, .professional)
        for casual in ["planning thing", "no worries", "no problem", "honestly", "can just", "could just"] {
            #expect(!new.contains(casual), "\(casual): \(new)")
        }
        #expect(new.contains("to make it to the planning on Monday"), "\(new)")
        #expect(new.contains("If not, I can read the notes afterwards"), "\(new)")
        #expect(new.contains("and I do not have a good answer"), "\(new)")
        #expect(new.hasPrefix("Hello Sam,") && new.contains("Best regards,"), "\(new)")
    }

    @Test func eachClassOnSentencesWrittenForIt() throws {
        let (new, edits) = try rewritten(try Fixture.text("rewrite/casual-register.txt"), .professional)
        for expected in ["Hi Ana,", "I missed the budget this morning", "the slides from the vendor when you get a chance?",
                         "Yes, that would help a lot.", "I almost forgot: the office move is fairly close now.",
                         "We could pack the lab on Friday", "If not, I can do it on Monday.",
                         "The new printer is a mess. I would return it.", "The plan is to ask Omar about it tomorrow."] {
            #expect(new.contains(expected), "\(expected)\n\(new)")
        }
        for id in ["PRO_VAGUE_NOUN", "PRO_YEAH_START", "PRO_OH_START", "PRO_WELL_START", "PRO_OK_SO_START", "PRO_IF_NOT_COMMA_NO_WORRIES",
                   "PRO_HONESTLY", "PRO_FRANKLY", "CONCISE_CAN_JUST", "CONCISE_WOULD_JUST", "PRO_PRETTY"] {
            #expect(edits.contains { $0.ruleID == id }, "\(id)")
        }
    }

    /// The vague noun goes only after a noun that names what is meant, after a determiner or a
    /// possessive: an adjective, a number or an article "a" keeps it ("the same thing", "the
    /// whole thing", "a planning thing"), and so does a plural ("the planning things").
    @Test func vagueNounOnlyAfterANoun() throws {
        let cases: [(String, String)] = [
            ("We skipped the planning thing on Monday.", "We skipped the planning on Monday."),
            ("Did you read our budget stuff yet?", "Did you read our budget yet?"),
            ("It is the same thing as before.", "It is the same thing as before."),
            ("The whole thing took a week.", "The whole thing took a week."),
            ("It was a planning thing.", "It was a planning thing."),
            ("The first thing to check is the cable.", "The first thing to check is the cable."),
            ("We finished the planning things.", "We finished the planning things."),
        ]
        for (text, expected) in cases {
            #expect(VagueNoun.edits(in: text).isEmpty == (text == expected), "\(text)")
            let (new, _) = try rewritten(text, .professional)
            #expect(new == expected, "\(text) → \(new)")
        }
    }

    /// No edit of these texts adds a finding (the rewrite's re-check drops one that would; an
    /// edit that survived it cannot).
    @Test(arguments: files)
    func noEditAddsAFinding(_ file: String) throws {
        let text = try Fixture.text(file)
        let (new, _) = try rewritten(text, .professional)
        let before = try RewriteNeverWorseTests.findings(text).map { $0.split(separator: ":")[0] }
        for f in try RewriteNeverWorseTests.findings(new) {
            #expect(before.contains(f.split(separator: ":")[0]), "added “\(f)”: \(new)")
        }
    }
}
