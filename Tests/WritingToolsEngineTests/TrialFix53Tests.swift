import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// Issue 34, session 54: what session 53's README-only trial left (/tmp/trial53). Summaries of
/// e-mails lost what the reader must act on (a proposal's question, a letter's refusal) to an
/// 80-word run-on sentence, which also ran a short summary over its 70 words; medium and long
/// summaries of a short e-mail were the same; a NEWS file's CI entries and a README's thanks
/// list were summary sentences; Friendly left a formal letter's stiffest phrases and made
/// “at your earliest convenience” before a deadline “when you get a chance”.
@Suite("Session 53's trial: messages, lengths, housekeeping, Friendly")
struct TrialFix53Tests {
    static func words(_ t: String) -> Int { t.split(whereSeparator: \.isWhitespace).count }

    // MARK: What a message asks and refuses

    /// The proposal e-mail: every summary has the question the reader must answer, and the
    /// short one keeps its promise of 70 words.
    @Test(arguments: [SummaryLength.short, .medium, .long])
    func aMessagesQuestionIsInEverySummary(_ length: SummaryLength) throws {
        let text = try resultText(.summary, try Fixture.text("trial53/email1-proposal.txt"), length: length)
        #expect(text.contains("Would you be OK with me running a pilot with the two people starting on the 8th?"), "\(text)")
        // What the pilot is of: the proposal, compacted, not the reason's tail.
        #expect(text.contains("move the new-hire laptop setup to the Monday before they start"), "\(text)")
        if length == .short { #expect(Self.words(text) <= 70, "\(Self.words(text)) words: \(text)") }
    }

    /// The formal letter: its refusal is in every summary and the key points; its request with
    /// the deadline in every summary.
    @Test(arguments: [SummaryLength.short, .medium, .long])
    func aLettersRefusalAndDeadlineAreInEverySummary(_ length: SummaryLength) throws {
        let text = try resultText(.summary, try Fixture.text("trial53/email3-formal.txt"), length: length)
        #expect(text.contains("it is not possible for the Committee to grant the request"), "\(text)")
        #expect(text.contains("31 January"), "\(text)")
        if length == .short { #expect(Self.words(text) <= 70, "\(Self.words(text)) words: \(text)") }
        let points = try resultText(.keyPoints, try Fixture.text("trial53/email3-formal.txt"))
        #expect(points.contains("it is not possible for the Committee to grant the request"), "\(points)")
    }

    /// Refusals as letters and e-mails word them are news; near-misses are not.
    @Test func refusalsAreReadAndNearMissesAreNot() {
        let refusals = ["It is not possible for the Committee to grant the request at present.",
                        "We are unable to approve the request for weekly bookings.",
                        "I'm afraid I won't be able to make it on Friday.",
                        "Unfortunately we cannot accept your offer.",
                        "I'll have to pass on this one."]
        let others = ["If you can't that's totally fine too, I completely understand.",
                      "I can't wait to see the slides.",
                      "We couldn't have done it without you.",
                      "It is now possible to grant access from the portal."]
        for p in refusals { #expect(p.range(of: MessageDigest.refusal, options: [.regularExpression, .caseInsensitive]) != nil, "\(p)") }
        for p in others { #expect(p.range(of: MessageDigest.refusal, options: [.regularExpression, .caseInsensitive]) == nil, "\(p)") }
    }

    /// A message's long sentence loses its framing and its subordinate tail; a question, a
    /// short sentence and a request whose tail holds its deadline keep their words.
    @Test func aLongMessageSentenceIsCompactedAndAQuestionIsNot() throws {
        let framed = "With reference to your correspondence of the 14th instant, and further to our previous communication on this matter, "
            + "I am writing to inform you that the request for the allocation of additional parking spaces has been considered by the committee."
        let c = try #require(MessageDigest.compacted(framed, asks: false))
        #expect(c.hasPrefix("The request for the allocation of additional parking spaces has been considered"), "\(c)")
        let runOn = "I honestly think we should move the new-hire laptop setup to the Monday before they start instead of doing it on day one, "
            + "because right now they spend their whole first morning waiting on IT and it's not a great look for any of the teams involved."
        let r = try #require(MessageDigest.compacted(runOn, asks: false))
        #expect(r.hasSuffix("instead of doing it on day one."), "\(r)")
        #expect(!r.contains("because"), "\(r)")
        let question = "Would you be OK with me running a pilot with the two people starting on the 8th, since Marcus can prepare their machines "
            + "the Friday before and Dana already said the budget would cover a second round of laptops if it works?"
        #expect(MessageDigest.compacted(question, asks: true) == nil)
        #expect(MessageDigest.compacted("Could you send me the figures by Thursday noon?", asks: true) == nil)
        let dated = "Please send the signed forms for all six new starters back to the office in the main building as soon as possible, "
            + "because payroll needs them by Thursday 12 March at noon and we cannot add anyone after that date."
        let d = MessageDigest.compacted(dated, asks: true) ?? dated
        #expect(d.contains("Thursday 12 March"), "\(d)")
    }

    /// A refusal worded with a request's word (“unable to approve”) is the letter's news, and
    /// a day named in its reason is no deadline: the summary has the refusal without its
    /// reason's tail when short, and the confirmation with its date.
    @Test func aRefusalWithARequestsWordIsNews() throws {
        let letter = """
            Dear Ms. Lindqvist,

            Thank you for your letter of 2 March and for the detailed proposal you submitted on behalf of the Riverside \
            Residents' Association concerning the use of the community hall for weekly evening classes.

            After careful consideration at its meeting on 9 March, the board has concluded that we are unable to approve the \
            request for weekly evening bookings, as the hall is already committed to the youth club on Tuesday and Thursday \
            evenings and the remaining evenings are needed for maintenance and cleaning under the terms of our insurance policy.

            We would, however, be glad to offer the hall on Saturday mornings between 9:00 and 12:00, free of charge.

            If you wish to accept this alternative, please confirm in writing by 20 March so that the schedule can be finalised.

            Yours sincerely,

            Thomas Berg
            """
        let short = try resultText(.summary, letter, length: .short)
        #expect(short.contains("unable to approve the request for weekly evening bookings"), "\(short)")
        #expect(short.contains("by 20 March"), "\(short)")
        #expect(Self.words(short) <= 70, "\(short)")
    }

    // MARK: Lengths

    /// On a short e-mail, the long summary says more than the medium one, and the short one
    /// less; each within its words.
    @Test func lengthsDifferOnAShortMessage() throws {
        let text = try Fixture.text("trial53/email2-favour.txt")
        let short = try resultText(.summary, text, length: .short)
        let medium = try resultText(.summary, text, length: .medium)
        let long = try resultText(.summary, text, length: .long)
        #expect(Self.words(short) < Self.words(medium), "\(short)\n---\n\(medium)")
        #expect(Self.words(medium) < Self.words(long), "\(medium)\n---\n\(long)")
        #expect(Self.words(short) <= 70)
        #expect(short.contains("take a quick look at the slides"), "\(short)")
        #expect(!short.contains("Hope you're doing well"), "\(short)")
    }

    /// A short summary whose only sentence runs over 70 words ends at a clause within them.
    @Test func aShortSummaryKeepsItsSeventyWords() throws {
        let text = """
            The new scheduler assigns every queued job to the least loaded worker in its region, taking into account the memory \
            each job declared when it was submitted, the number of jobs already running on the worker, the time since the worker \
            last reported its health, and the priority of the team that owns the job, so that urgent work from small teams is \
            never starved by the nightly batch runs of the largest teams.

            It replaces the round-robin scheduler.
            """
        let short = try resultText(.summary, text, length: .short)
        #expect(Self.words(short) <= 70, "\(Self.words(short)) words: \(short)")
        #expect(short.hasPrefix("The new scheduler assigns every queued job"), "\(short)")
    }

    // MARK: Housekeeping and thanks

    static let news = """
        project 2.4.1 (2024-05-02)
        ==========================

        Security fixes:

        • Fix a heap overflow in the parser when a document declares more than 65,535 attributes on one element, which an attacker could use to crash any program that reads untrusted files.

        • Reject symbolic links that point outside the cache directory when unpacking an archive.

        Other fixes:

        • Avoid a crash in the command-line tool when the output file cannot be opened.

        Tests and CI enhancements:

        • Run the test suite on the new build machines every night.

        Internal changes:

        • Fix CI builds with recent git versions
        • Stop including an outdated copy of pkg.m4 in the git tree

        project 2.4.0 (2024-03-01)
        ==========================

        • The reader now accepts documents in the compressed format, read and written by the same library calls.
        • CI: bump action versions
        • Many thanks to Ana Lopez and Wei Chen for their patches and reviews.
        """

    /// A release note's CI, repository and test-machine entries and its thanks are in no
    /// summary or key point while the user-visible entries are left.
    @Test(arguments: [SummaryLength.short, .medium, .long])
    func releaseNotesHousekeepingAndThanksAreNoPoints(_ length: SummaryLength) throws {
        let summary = try resultText(.summary, Self.news, length: length)
        let points = try resultText(.keyPoints, Self.news, length: length)
        for out in [summary, points] {
            for chore in ["CI", "pkg.m4", "test suite on the new build machines", "Many thanks"] {
                #expect(!out.contains(chore), "\(chore): \(out)")
            }
        }
        #expect(summary.contains("heap overflow"), "\(summary)")
        #expect(points.contains("heap overflow"), "\(points)")
    }

    /// Near-misses: a cause said with “thanks to”, and an entry that mentions tests in a
    /// user-visible change, are not housekeeping nor thanks.
    @Test func nearMissesOfHousekeepingAndThanks() {
        #expect(!DocumentDigest.isThanks("Thanks to the new cache, builds are twice as fast.", intro: "", heading: "Performance"))
        #expect(DocumentDigest.isThanks("Thanks to Ana Lopez for the Windows port.", intro: "", heading: ""))
        #expect(DocumentDigest.isThanks("Marc Abramowitz, reported & fixed a crash on exit.", intro: "", heading: "Thanks"))
        #expect(!DocumentDigest.isHousekeeping("The cache now survives a restart.", isItem: true, intro: "Bug fixes:", heading: "project 2.4.1"))
        #expect(!DocumentDigest.isHousekeeping("CI runs are faster now.", isItem: false, intro: "", heading: ""))
        #expect(DocumentDigest.isHousekeeping("Run the test suite every night.", isItem: true, intro: "Tests and CI enhancements:", heading: ""))
        #expect(DocumentDigest.isHousekeeping("Port to Freedesktop CI Templates (Jordan Petridis).", isItem: true, intro: "", heading: "Version 2.53.1"))
    }

    // MARK: Friendly

    /// The trial's formal letter: Friendly leaves no stiff phrase the trial named, and the
    /// request stays a request with its deadline.
    @Test func friendlyWarmsAFormalLetterAndKeepsItsRequirement() throws {
        let (text, _) = try rewritten(try Fixture.text("trial53/email3-formal.txt"), .friendly)
        for stiff in ["Please be advised", "it should be noted", "kindly requested", "the undersigned", "at this point in time",
                      "in view of the fact", "when you get a chance"] {
            #expect(!text.contains(stiff), "\(stiff): \(text)")
        }
        #expect(text.contains("please submit the relevant documentation"), "\(text)")
        #expect(text.contains("not later than 31 January"), "\(text)")
        #expect(text.contains("Hello Mr. Henderson,"), "\(text)")
    }
}
