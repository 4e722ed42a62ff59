import Foundation
import Testing
import DocumentStructure
import Proofreading
@testable import WritingToolsEngine

/// Issue 34, session 55: what session 54's README-only trial left (/tmp/trial54; its formal
/// letter, proposal e-mail and meeting notes in `Fixtures/trial54/`). Each fix is a class of
/// text, shown on sentences written for it with near-misses that must stay as they are.
@Suite("Session 54's trial: padding, summaries, register, list and table")
struct TrialFix54Tests {
    static func concise(_ text: String, markup: MarkupKind = .plain) throws -> String { try rewritten(text, .concise, markup: markup).text }

    /// The notices of a rewrite of `text`.
    static func notices(_ tool: WritingTool, _ text: String) throws -> [String] {
        try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text)).compactMap { e in
            if case let .notice(n) = e { return n } else { return nil }
        }
    }

    // MARK: 1. Concise finds padding as classes

    /// Two words of one meaning joined by “and” say it once, in the plainer word; two words
    /// that say two things stay.
    @Test func aRedundantPairIsSaidOnce() throws {
        let cases = [
            ("Any and all applications need a full and complete cost breakdown.", "All applications need a complete cost breakdown."),
            ("Each and every member of staff must sign.", "Every member of staff must sign."),
            ("The agreement is null and void.", "The agreement is void."),
            ("She has the sole and exclusive right to sell it.", "She has the sole right to sell it."),
            ("The figures are true and correct.", "The figures are correct."),
        ]
        for (text, expected) in cases { #expect(try Self.concise(text) == expected, "\(text)") }
        for keep in ["Restarting early may cause severe and permanent damage.", "Full and part-time staff are invited.",
                     "Each answer is true and false at once.", "We sell new and used cars."] {
            #expect(try Self.concise(keep) == keep)
        }
    }

    /// A wordy phrase of time is “now” (or “then”), its commas going with it inside a clause;
    /// a phrase that names a moment of something stays.
    @Test func aWordyPhraseOfTimeIsNow() throws {
        let cases = [
            ("The application is, at this present moment in time, unable to be approved.", "The application is now unable to be approved."),
            ("The committee could not proceed at this juncture.", "The committee could not proceed now."),
            ("We were short of staff at that juncture.", "We were short of staff then."),
            ("The booking system is not operational at the current time.", "The booking system is not operational now."),
        ]
        for (text, expected) in cases { #expect(try Self.concise(text) == expected, "\(text)") }
        for keep in ["At this point in the process, the file is locked.", "At the time of writing, the mirror was down.",
                     "At this stage of the project we test weekly.", "The river splits at this juncture of the valley.",
                     "We met at this time last week."] {
            #expect(try Self.concise(keep) == keep)
        }
    }

    /// “The fact that” after a preposition, and “in order to / for”, said in a word.
    @Test func theFactThatAndInOrderToAreSaidInAWord() throws {
        let cases = [
            ("Given the fact that the freezers cannot be shut down, a chiller is used.", "Given that the freezers cannot be shut down, a chiller is used."),
            ("On account of the fact that the lift is closed, use the stairs.", "Because the lift is closed, use the stairs."),
            ("I am aware of the fact that the form is late.", "I am aware that the form is late."),
            ("The package must be installed in order for the service to run.", "The package must be installed for the service to run."),
        ]
        for (text, expected) in cases { #expect(try Self.concise(text) == expected, "\(text)") }
        for keep in ["The fact that it failed twice worries me.", "Everything is in order for the audit.", "The files are in order."] {
            #expect(try Self.concise(keep) == keep)
        }
    }

    /// A performative opener with more in its frame (“also”) goes too.
    @Test func aFramedPerformativeOpenerGoes() throws {
        #expect(try Self.concise("We would also like to take this opportunity to remind you that the booking system is not yet operational.")
            == "The booking system is not yet operational.")
        #expect(try Self.concise("We would also like to inform you that the office is closed.") == "The office is closed.")
        #expect(try Self.concise("I remind you that the booking system is closed.") == "I remind you that the booking system is closed.")
    }

    /// Emphasis in a warning is its content: bold, a warning's label, or a word of risk keeps
    /// its intensifier; the same word elsewhere is cut.
    @Test func aWarningKeepsItsEmphasis() throws {
        let md = "**Be very careful when passing file descriptors to a container.** The output is very long."
        #expect(try Self.concise(md, markup: .markdown) == "**Be very careful when passing file descriptors to a container.** The output is long.")
        #expect(try Self.concise("Warning: it is very important that nothing is restarted.") == "Warning: it is very important that nothing is restarted.")
        #expect(try Self.concise("Be very careful with the old keys.") == "Be very careful with the old keys.")
        #expect(try Self.concise("The talk was very good.") == "The talk was good.")
    }

    /// A memo's header lines (“To:”, “From:”, “Subject:”) are no glossary: its “to” and “from”
    /// are no defined terms, so “in order to”, “prior to” and “due to the fact that” are cut.
    @Test func aMemosHeaderDefinesNoTerms() throws {
        let memo = "To: All staff\nFrom: Facilities\nSubject: Works\n\n"
            + "Due to the fact that the plant needs repair, the supply stops prior to 06:00 in order to protect the pumps.\n"
        #expect(try Self.concise(memo) == "To: All staff\nFrom: Facilities\nSubject: Works\n\n"
            + "Because the plant needs repair, the supply stops before 06:00 to protect the pumps.\n")
        // (A glossary's entries are still terms: Professional keeps “AFAIK” where it is defined.)
        #expect(DefinedTerms("- **AFAIK**: as far as I know\n- **IIRC**: if I recall correctly\n").terms == ["afaik", "iirc"])
        #expect(DefinedTerms("To: All staff\nFrom: Facilities\nSubject: Works\n").terms.isEmpty)
    }

    /// The trial's formal letter: none of the padding it left, no “, now,” left by a cut.
    @Test func theTrialsLetterLosesItsPadding() throws {
        let out = try Self.concise(try Fixture.text("trial54/email3-formal.txt"))
        for gone in ["any and all", "full and complete", "at this present moment in time", "at this juncture", "in order to", ", now,"] {
            #expect(!out.contains(gone), "“\(gone)” left: \(out)")
        }
        #expect(out.contains("no later than 1 December"))
    }

    /// “Nothing to shorten” only when nothing was found; a text with padding never says it.
    @Test func nothingToShortenOnlyWhenNothingWasFound() throws {
        let tight = "Take the shard lock before checking the expiry time. The benchmark shows no difference."
        #expect(try Self.notices(.concise, tight).contains { $0.hasPrefix("nothing to shorten") })
        for padded in ["The committee could not proceed at this juncture.", "Any and all forms go to the office."] {
            #expect(try !Self.notices(.concise, padded).contains { $0.hasPrefix("nothing to shorten") }, "\(padded)")
        }
    }

    // MARK: 2. Summaries a reader can trust

    /// Meeting notes: a medium or long summary has every action item; the short one its
    /// decisions.
    @Test(arguments: [SummaryLength.medium, .long])
    func meetingNotesSummariesHaveEveryActionItem(_ length: SummaryLength) throws {
        let text = try resultText(.summary, try Fixture.text("trial54/meeting-notes.md"), markup: .markdown, length: length)
        for action in ["Chen to add the composite index", "Dora to write the customer notice", "Ana to change the alert rule",
                       "Eamon to schedule the second interviews"] {
            #expect(text.contains(action), "\(length): no “\(action)”: \(text)")
        }
        let short = try resultText(.summary, try Fixture.text("trial54/meeting-notes.md"), markup: .markdown, length: .short)
        #expect(short.contains("production migration on Saturday 13 December") && short.contains("disk-space alert becomes a ticket"), "\(short)")
    }

    /// A point left open is an outcome of the notes, as a decision is; a fact that something is
    /// open is not.
    @Test func anOpenPointIsAnOutcome() {
        for p in ["We did not reach agreement and will revisit next week.", "Nobody knew the budget, so this stays open.",
                  "The hiring question is still undecided."] {
            #expect(DocumentDigest.statesDecision(p), "\(p)")
        }
        for p in ["The office stays open until eight.", "Open the file and revisit the figures."] {
            #expect(!DocumentDigest.statesDecision(p), "\(p)")
        }
    }

    /// The trial's proposal e-mail: the medium summary states the proposal itself.
    @Test func aProposalEmailsMediumSummaryHasTheProposal() throws {
        let text = try resultText(.summary, try Fixture.text("trial54/email1-proposal.txt"), length: .medium)
        #expect(text.contains("move the new-hire docs out of the old wiki and into the repo"), "\(text)")
    }

    /// No summary sentence opens by pointing at what it leaves out (“For that you need…”), and
    /// none ends where a code block cut it (“…these fields default to.”).
    @Test(arguments: [SummaryLength.short, .medium, .long])
    func noSummarySentenceDanglesOrIsCutOff(_ length: SummaryLength) throws {
        let guide = """
        # Storage

        The tool keeps its images in a storage directory that every user owns. It is recommended to use the overlay driver rather than the copying one on every system. For that you need the overlay helper installed in your path. The helper is small and fast.

        ## Defaults

        In rootless mode certain fields in the main configuration file are ignored by the tool. In rootless mode these fields default to
        ```
        graphroot="$HOME/.local/share/storage"
        ```
        The files in the home directory configure the tool for each user. They are read after the system files and override them.
        """
        let text = try resultText(.summary, guide, markup: .markdown, length: length)
        #expect(!text.contains("default to."), "\(text)")
        if text.contains("For that you need") { #expect(text.contains("overlay driver rather than the copying one"), "\(text)") }
        #expect(DocumentDigest.endsCutOff("In rootless mode these fields default to"))
        #expect(!DocumentDigest.endsCutOff("These fields are ignored"))
        #expect(!DocumentDigest.endsCutOff("Run it as root."))
    }

    /// An opening that points back is read as one.
    @Test func anOpeningThatPointsBackIsRead() {
        for p in ["For that you need the helper installed.", "For this, run make first.", "In that case the build fails.", "To do so, open the menu."] {
            #expect(p.range(of: DocumentDigest.pointsBack, options: [.regularExpression, .caseInsensitive]) != nil, "\(p)")
        }
        for p in ["For this release we rewrote the parser.", "With that tool you can edit images.", "For the record, it works."] {
            #expect(p.range(of: DocumentDigest.pointsBack, options: [.regularExpression, .caseInsensitive]) == nil, "\(p)")
        }
    }

    // MARK: 3. Professional reads “stuff” and “totally” in context

    @Test func professionalReadsStuffAndTotallyInContext() throws {
        let cases = [
            ("I'd totally take one of your shifts.", "I would certainly take one of your shifts."),
            ("The printer is totally broken.", "The printer is completely broken."),
            ("I totally agree with the plan.", "I completely agree with the plan."),
            ("I totally get that you are busy.", "I fully understand that you are busy."),
            ("People would keep them up to date when they change stuff.", "People would keep them up to date when they change things."),
            ("The client loved the new dashboard stuff.", "The client loved the new dashboard."),
        ]
        for (text, expected) in cases { #expect(try rewritten(text, .professional).text == expected, "\(text)") }
        for keep in ["Some stuff is still unclear to me.", "They stuff the envelopes by hand."] {
            #expect(try !rewritten(keep, .professional).text.contains("material"), "\(keep)")
            #expect(try rewritten(keep, .professional).text.contains("stuff"), "\(keep)")
        }
    }

    // MARK: 4. List groups a paragraph's points; Table makes no rows of directions

    /// A sentence that goes on the one before it shares its item; sentences that make points of
    /// their own stay items of their own; a line-structured paragraph keeps an item a line.
    @Test func aListItemIsAPointNotASentence() throws {
        let notes = """
        Chen gave an update on the migration. The staging cluster has run for two weeks, but the reports are slower because two queries lost their index plans. Bilal thinks we can fix this by adding a composite index.
        """
        let list = try resultText(.list, notes)
        #expect(list.contains("- The staging cluster has run for two weeks, but the reports are slower because two queries lost their index plans. Bilal thinks we can fix this by adding a composite index."), "\(list)")
        #expect(list.contains("- Chen gave an update on the migration.\n"), "\(list)")
        let points = "The office opens at nine. The canteen closes at three. Parking is free on Sundays."
        let pointsList = try resultText(.list, points)
        #expect(pointsList.components(separatedBy: "\n- ").count == 3, "\(pointsList)")
        let mail = "I'd propose that I take the first pass over the next two weeks. I don't want to step on anyone's toes though."
        let mailList = try resultText(.list, mail)
        #expect(mailList.trimmingCharacters(in: .newlines).filter { $0 == "\n" }.isEmpty, "\(mailList)")
        // “However” joins as a connective (with its comma), not as a degree (“However little…”).
        #expect(BuiltInToolEngine.continuesThePoint("However, the review found no leak."))
        #expect(!BuiltInToolEngine.continuesThePoint("However little known his views may be, they matter."))
    }

    /// Sentences that send the reader elsewhere make no table; parallel facts still do.
    @Test func directionsMakeNoTable() throws {
        let links = """
        For installing Podman, please see the [installation instructions](https://example.org/install).

        For building Podman, please see the [build instructions](https://example.org/build).
        """
        let table = try resultText(.table, links, markup: .markdown)
        #expect(!table.contains("|"), "\(table)")
        #expect(TableDetector.isDirection("For building Podman, please see the build instructions."))
        #expect(TableDetector.isDirection("More information is available at the project site."))
        #expect(!TableDetector.isDirection("Paris has 2.1 million people and an area of 105 square kilometres."))
        let facts = "Paris has 2.1 million people and an area of 105 square kilometres. Rome has 2.8 million people and an area of 1285 square kilometres. "
            + "Madrid has 3.3 million people and an area of 604 square kilometres."
        #expect(try resultText(.table, facts).contains("|"))
    }
}
