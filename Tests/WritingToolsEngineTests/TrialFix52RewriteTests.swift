import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// Issue 34, session 53: what session 52's README-only trial left in the rewrites
/// (/tmp/trial52's report, item by item), fixed as classes of sentence: Concise kept a stiff
/// letter's padding (the letter read as a contract; performative openers, thanks in advance,
/// stacked hedges, a request wrapped in a musing, agent passives), Rewrite and Professional
/// left casual hedges and made defects (a statement ending in “?” once “, you know” went, no
/// comma after “if you can't”, “everything's” kept beside “it is”), Friendly softened a
/// technical “you must”. Each class comes with near-misses that must stay as they are.
@Suite("Session 52's trial: padding, casual hedges and the defects rewrites made")
struct TrialFix52RewriteTests {
    /// Concise's padding classes (``Padding``) and the agent passive (``ActiveVoice``).
    @Test(arguments: [
        ("We are writing to inform you that the office will close on 3 May.", "The office will close on 3 May."),
        ("Notwithstanding this, we would like to take this opportunity to advise you that we remain open to a new offer.",
         "Notwithstanding this, we remain open to a new offer."),
        ("I just wanted to let you know that the build is green.", "The build is green."),
        ("We would like to take this opportunity to thank you for your patience.", "Thank you for your patience."),
        ("We thank you in advance for your help.", "Thank you for your help."),
        ("It is our understanding that the architect has not replied.", "We understand that the architect has not replied."),
        ("We could perhaps meet on Monday.", "We could meet on Monday."),
        ("Could you maybe possibly send it today?", "Could you maybe send it today?"),
        ("Hi Sam, I was just wondering if you could take a look at the slides?", "Hi Sam, could you take a look at the slides?"),
        ("The form was in fact received late.", "The form was received late."),
        ("It has been determined by the undersigned that the request is late.", "I have determined that the request is late."),
        ("It was decided by the committee that the fee stays.", "The committee decided that the fee stays."),
        ("The review was careful and thorough.", "The review was thorough."),
        ("It was a little bit late.", "It was a little late."),
        // A cleft opener with a filler the phrase list cuts too (“basically”): one edit.
        ("So basically what happened is that the server died.", "The server died."),
        ("I was busy with the release and everything, but I can help.", "I was busy with the release, but I can help."),
        // Near-misses: unchanged.
        ("It restores user and group information, device nodes and everything.", "It restores user and group information, device nodes and everything."),
        ("I remind you that the deadline is Friday.", "I remind you that the deadline is Friday."),
        ("We would like to inform the board about the results.", "We would like to inform the board about the results."),
        ("I couldn't possibly accept.", "I couldn't possibly accept."),
        ("It would probably work.", "It would probably work."),
        ("It is believed by many that the fee stays.", "It is believed by many that the fee stays."),
        ("I was wondering if you could help.", "I was wondering if you could help."),
        ("Add a little bit of salt.", "Add a little bit of salt."),
    ])
    func concisePadding(_ text: String, _ expected: String) throws {
        #expect(try rewritten(text, .concise).text == expected, "\(text)")
    }

    /// A letter is no contract, however stiff: its padding goes (the trial's letter kept
    /// “careful and thorough”, “we hereby wish to inform you that”, “in fact”, read as legal
    /// drafting for its “aforementioned”, “hereby”, “notwithstanding”, “terms and conditions”);
    /// a licence's terms stay terms.
    @Test func aStiffLetterIsNoContract() throws {
        let letter = """
            Dear Mr. Okafor,

            Further to our call, we hereby wish to inform you that, following a careful and thorough review, the aforementioned \
            fee is waived notwithstanding the terms and conditions of the aforementioned agreement, and the notice was in fact \
            received in time.

            Yours sincerely,

            A. Bell
            """
        let out = try rewritten(letter, .concise).text
        #expect(!out.contains("hereby wish to inform you"), "\(out)")
        #expect(!out.contains("careful and thorough"))
        #expect(!out.contains("in fact"))
        #expect(!out.contains("aforementioned"))
        #expect(out.contains("Further to our call, following a thorough review, the fee is waived"), "\(out)")
        #expect(out.hasSuffix("Yours sincerely,\n\nA. Bell"))
        #expect(!LegalRegister.isLegal(letter))
        let licence = """
            The Licensee shall not sublicense the Software. Notwithstanding the foregoing, the Licensor hereby grants the \
            Licensee the right to use the aforementioned Software under the terms and conditions herein, and any warranty \
            is void.
            """
        #expect(LegalRegister.isLegal(licence))
    }

    /// Rewrite: a tag that made a statement a question goes with its “?”; a cleft that only
    /// announces the clause (“So basically what was happening is that…”) goes, across a
    /// commit message's line break too.
    @Test(arguments: [
        ("People could just do it whenever, you know?", "People could just do it whenever."),
        ("So basically what was happening is that the cache was full.", "The cache was full."),
        ("What happened was the server ran out of disk.", "The server ran out of disk."),
        // Near-misses: a question keeps its mark; a cleft that names no clause stays.
        ("Is it ready, you know?", "Is it ready?"),
        ("What happened is unclear.", "What happened is unclear."),
    ])
    func rewriteTagsAndClefts(_ text: String, _ expected: String) throws {
        #expect(try rewritten(text, .rewrite).text == expected, "\(text)")
    }

    @Test func aCommitMessagesCleftOpenerGoesAcrossItsLineBreak() throws {
        let commit = """
            Fix race in the job queue

            So basically what was happening is that
            two workers took the same job, and the second one crashed.
            """
        let out = try rewritten(commit, .rewrite).text
        #expect(out.contains("\n\nTwo workers took the same job"), "\(out)")
        #expect(!out.contains("basically"))
    }

    /// Professional: casual hedges read in context, contractions of indefinite pronouns, the
    /// comma after an opening clause cut short, and vague endings; near-misses stay.
    @Test(arguments: [
        ("If you can't that's totally fine.", "If you cannot, that is completely fine."),
        ("I'm not sure everything's recorded.", "I am not sure everything is recorded."),
        ("Something's off with the data.", "Something is off with the data."),
        ("Sorry to bug you with this.", "Sorry to bother you with this."),
        ("It takes him like a whole afternoon.", "It takes him a whole afternoon."),
        ("You know that code way better than I do.", "You know that code far better than I do."),
        ("We talked about the whole onboarding thing.", "We talked about the onboarding."),
        ("I was busy with the release and everything, but I can help.", "I was busy with the release, but I can help."),
        ("I can't tell whether that's kind of overkill.", "I cannot tell whether that is overkill."),
        // Near-misses.
        ("If you can do that, it helps.", "If you can do that, it helps."),
        ("If you do that it is fine.", "If you do that it is fine."),
        ("Everyone's favourite tool is broken.", "Everyone's favourite tool is broken."),
        ("It fixes the bug you reported.", "It fixes the bug you reported."),
        ("That is the way better teams work.", "That is the way better teams work."),
        ("The whole team was there.", "The whole team was there."),
        ("Everything and everyone was ready.", "Everything and everyone was ready."),
        ("That's the kind of tool we need.", "That is the kind of tool we need."),
        ("It isn't kind of slow, it is slow.", "It is not kind of slow, it is slow."),
    ])
    func professionalHedgesAndDefects(_ text: String, _ expected: String) throws {
        #expect(try rewritten(text, .professional).text == expected, "\(text)")
    }

    /// Friendly keeps a technical document's requirement a requirement (“you must ensure
    /// OpenSSL is built with PIC” became “you'll need to ensure”); a message's “you must” is
    /// softened as before.
    @Test func friendlyKeepsATechnicalRequirement() throws {
        let readme = """
            # Building the engine

            To build the engine, you must ensure OpenSSL is built with PIC.

            ```
            ./config shared
            ```
            """
        #expect(try rewritten(readme, .friendly, markup: .markdown).text.contains("you must ensure OpenSSL is built with PIC"))
        let message = "Hi Sam,\n\nYou must sign the form by Friday.\n\nThanks,\nAnn\n"
        #expect(try rewritten(message, .friendly).text.contains("You'll need to sign the form by Friday."))
    }
}
