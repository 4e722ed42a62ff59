import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// Issue 34, as session 50's README-only trial left it: Concise and Rewrite made no change to a
/// casual e-mail ("So I was thinking about the offsite thing…", "honestly it costs about the
/// same", "just let me know"). The spoken words a casual text carries into writing are read in
/// context (``CasualFillers``): openers, tics set off by commas, candour markers, hedges, "just"
/// as a softener. Each class has sentences that change and sentences where the word carries
/// meaning and stays ("just two days", "a kind of glue", "So far", "She answered honestly").
/// No edit adds a proofreading finding; none touches protected text.
///
/// Texts written for this suite: `spoken/garden-party.txt`, `spoken/release-chat.txt` (casual
/// e-mails), `spoken/meaning-stays.txt` (what must stay).
@Suite("Spoken fillers and hedges in casual text")
struct SpokenFillerTests {
    static let files = ["spoken/garden-party.txt", "spoken/release-chat.txt", "spoken/meaning-stays.txt"]

    @Test(arguments: [
        // Openers: "So" opening a paragraph, "Well,", candour markers, tics before a comma.
        ("So I was thinking we could move the review to Thursday.", WritingTool.concise, "I was thinking we could move the review to Thursday."),
        ("So, the plan is ready.", .concise, "The plan is ready."),
        ("So, if you want a copy, ask Ana.", .concise, "So, if you want a copy, ask Ana."),
        ("So we shipped it on Monday.", .rewrite, "We shipped it on Monday."),
        ("Well, the build is green again.", .concise, "The build is green again."),
        ("Honestly, the layout is fine.", .rewrite, "The layout is fine."),
        ("To be honest, the layout is fine.", .concise, "The layout is fine."),
        ("I mean, nobody asked for it.", .concise, "Nobody asked for it."),
        ("You know, it was expensive.", .rewrite, "It was expensive."),
        // Tics set off by commas.
        ("It was, you know, expensive.", .concise, "It was expensive."),
        ("We paid too much, to be honest.", .rewrite, "We paid too much."),
        ("Could you run it and, like, time it?", .concise, "Could you run it and time it?"),
        // Candour inside a sentence.
        ("We are late and honestly I have no answer yet.", .concise, "We are late and I have no answer yet."),
        ("It's honestly fine.", .rewrite, "It's fine."),
        // Hedges.
        ("The lawn is kind of small.", .concise, "The lawn is small."),
        ("I kind of like the old menu.", .rewrite, "I like the old menu."),
        ("To be honest, I sort of prefer it.", .concise, "I prefer it."),
        ("I think we should ship on Monday.", .concise, "We should ship on Monday."),
        ("I guess it's fine.", .rewrite, "It's fine."),
        ("The fix was pretty simple.", .concise, "The fix was simple."),
        // "Just" as a softener: Concise.
        ("Just let me know by Friday.", .concise, "Let me know by Friday."),
        ("If not, just send it back.", .concise, "If not, send it back."),
        ("I just think it's too long.", .concise, "I think it's too long."),
        ("Just let me know by Friday.", .rewrite, "Just let me know by Friday."),
    ])
    func eachClass(_ text: String, _ tool: WritingTool, _ expected: String) throws {
        #expect(try rewritten(text, tool).text == expected, "\(tool): \(text)")
    }

    /// Professional: the openers and tics go; "kind of" before an adjective is "somewhat".
    @Test(arguments: [
        ("So I was thinking about the offsite again.", "I was thinking about the offsite again."),
        ("Well, the other option is the hall.", "The other option is the hall."),
        ("Well we could try again.", "We could try again."),
        ("The lawn is kind of small.", "The lawn is somewhat small."),
        ("It was, you know, expensive.", "It was expensive."),
        ("Just write the numbers in the sheet.", "Write the numbers in the sheet."),
        ("I think we should ship on Monday.", "I think we should ship on Monday."),
    ])
    func professional(_ text: String, _ expected: String) throws {
        #expect(try rewritten(text, .professional).text == expected, "\(text)")
    }

    /// Where the word carries meaning it stays, in every tool: "just" as "only", "exactly" or
    /// "recently", "kind of" as "type of", "so" as "therefore" or a degree, "well" as an
    /// adverb, "honestly" on a verb, "I mean it", "pretty" as an adjective.
    @Test(arguments: [WritingTool.concise, .rewrite, .professional])
    func meaningStays(_ tool: WritingTool) throws {
        let text = try Fixture.text("spoken/meaning-stays.txt")
        let new = try rewritten(text, tool).text
        for kept in ["What kind of adapter do we need?", "It is a kind of glue that holds the frame.", "We tried every sort of fix.",
                     "It took just two days.", "I just got back from the depot.", "just sit there.", "It fits just about anywhere.",
                     "It is just the two of us on Friday.", "The room is booked, so we moved the review.", "So far the numbers look good.",
                     "So do I.", "The queue was so long that we left.", "Well done on the launch.", "It was well over budget.",
                     "She sings well.", "She answered honestly.", "I mean it.", "You know the drill.",
                     "I have to be honest with you about the budget.", "She lives in a pretty village by the river."] {
            #expect(new.contains(kept), "\(tool): \(kept)\n\(new)")
        }
    }

    @Test func aCasualEmailLosesItsSpokenWords() throws {
        let text = try Fixture.text("spoken/garden-party.txt")
        let concise = try rewritten(text, .concise).text
        for expected in ["I was wondering about the garden party again.", "The back lawn is small for forty people, and the neighbours were not thrilled last time.",
                         "We could ask them over too.", "The other option is the community hall", "it has a kitchen and it costs less than the marquee.",
                         "I prefer it.", "Let me know what you think by Friday"] {
            #expect(concise.contains(expected), "\(expected)\n\(concise)")
        }
        let rewrite = try rewritten(text, .rewrite).text
        #expect(rewrite.contains("I was wondering about the garden party again.") && rewrite.contains("Just let me know"), "\(rewrite)")
        for spoken in ["So I", "Honestly", "kind of", "you know", "I mean", "Well,", "To be honest", "sort of"] {
            #expect(!concise.contains(spoken) && !rewrite.contains(spoken), "\(spoken)\n\(concise)\n\(rewrite)")
        }
    }

    @Test func aTeamChat() throws {
        let new = try rewritten(try Fixture.text("spoken/release-chat.txt"), .concise).text
        for expected in ["The release candidate is out.", "but the installer is slow on older laptops.", "and time it?",
                         "Write the numbers in the sheet.", "I think we need more than two data points"] {
            #expect(new.contains(expected), "\(expected)\n\(new)")
        }
    }

    /// The trial's own e-mail: both tools now change it, Concise and Rewrite alike.
    @Test func theTrialsProposalEmail() throws {
        let text = try Fixture.text("trial50/email-proposal.txt")
        for tool in [WritingTool.concise, .rewrite] {
            let new = try rewritten(text, tool).text
            #expect(new.contains("\n\nI was thinking about the offsite thing again last night."), "\(tool): \(new)")
            #expect(new.contains("and it costs about the same as the hotel"), "\(tool): \(new)")
        }
        #expect(try rewritten(text, .concise).text.contains("that's fine too, let me know so I can book that instead."))
    }

    /// No edit adds a finding (the rewrite's re-check drops one that would), in any tool.
    @Test(arguments: files)
    func noEditAddsAFinding(_ file: String) throws {
        let text = try Fixture.text(file)
        let before = try RewriteNeverWorseTests.findings(text).map { $0.split(separator: ":")[0] }
        for tool in [WritingTool.concise, .rewrite, .professional] {
            let new = try rewritten(text, tool).text
            for f in try RewriteNeverWorseTests.findings(new) {
                #expect(before.contains(f.split(separator: ":")[0]), "\(tool) added “\(f)”: \(new)")
            }
        }
    }

    /// Protected text stays as written: code spans and a fenced block hold the same words.
    @Test func protectedTextIsNeverEdited() throws {
        let text = """
        So I was thinking we could run `just build` first. Honestly, the flag `--kind-of` is kind of odd.

        ```
        So we just run it, you know, twice.
        ```
        """
        let new = try rewritten(text, .concise, markup: .markdown).text
        #expect(new.hasPrefix("I was thinking we could run `just build` first. The flag `--kind-of` is odd."), "\(new)")
        #expect(new.contains("So we just run it, you know, twice."), "\(new)")
    }

    /// The classes by themselves: each edit's rule, on a sentence of its own.
    @Test func theClassesNameTheirRules() {
        let cases: [(String, CasualFillers.Purpose, String)] = [
            ("So we met.", .concise, "CONCISE_SPOKEN_OPENER"), ("It was, you know, fine.", .clarity, "REWRITE_SPOKEN_FILLER"),
            ("It is kind of slow.", .concise, "CONCISE_HEDGE_KIND_OF"), ("It is kind of slow.", .professional, "PRO_KIND_OF"),
            ("I think we should go.", .clarity, "REWRITE_HEDGE_OPENER"), ("Please just send it.", .concise, "CONCISE_JUST"),
            ("It is pretty slow.", .concise, "CONCISE_PRETTY"),
        ]
        for (text, purpose, id) in cases {
            #expect(CasualFillers.edits(in: text, for: purpose).map(\.ruleID) == [id], "\(text): \(CasualFillers.edits(in: text, for: purpose))")
        }
        #expect(CasualFillers.edits(in: "Please just send it.", for: .clarity).isEmpty)
        #expect(CasualFillers.edits(in: "I think we should go.", for: .professional).isEmpty)
    }
}
