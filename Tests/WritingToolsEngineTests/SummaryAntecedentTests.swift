import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// A summary sentence whose pronoun points outside it carries what it points to (session 49's
/// README-only trial: the short summary of a proposal e-mail was "What if we just did it here in
/// town instead?", which says neither what "it" is nor where "here" is). The sentence that names
/// it comes along, or the sentence goes when nothing can carry it.
///
/// Texts written for this suite: `summaries/email-proposal-town.txt` (the trial's kind),
/// `email-proposal-printer.txt`, `email-proposal-review.txt`; and `email-favour-plants.txt`,
/// whose favour ends on "water them".
@Suite("Summaries carry what their pronouns point to")
struct SummaryAntecedentTests {
    private func summary(_ name: String, length: SummaryLength = .short) throws -> String {
        var request = ToolRequest(tool: .summary, text: try Fixture.text("summaries/" + name), markup: .plain, resultOptions: [.plainText])
        request.length = length
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { return r.text }
        Issue.record("no summary of \(name)")
        return ""
    }

    @Test(arguments: [
        ("email-proposal-town.txt", "What if we just did it here in town instead?", "The hotel we booked for the team retreat in May"),
        ("email-proposal-printer.txt", "Could we move it to the copy room until then?", "The printer on the third floor has jammed"),
        ("email-proposal-review.txt", "Should we split it into two shorter sessions", "Our Thursday design review keeps running past six"),
        ("email-favour-plants.txt", "Would you be able to come round every other day and water them?", "the plants on the balcony"),
    ])
    func aProposalComesWithWhatItIsAbout(name: String, proposal: String, antecedent: String) throws {
        for length in SummaryLength.allCases {
            let out = try summary(name, length: length)
            #expect(out.contains(proposal), "\(name) \(length):\n\(out)")
            #expect(out.contains(antecedent), "\(name) \(length):\n\(out)")
            // In reading order: what it is about first.
            if let a = out.range(of: antecedent), let p = out.range(of: proposal) { #expect(a.lowerBound < p.lowerBound, "\(out)") }
        }
    }

    /// A short summary stays short: the pair, not the whole message.
    @Test func theShortSummaryStaysShort() throws {
        for name in ["email-proposal-town.txt", "email-proposal-printer.txt", "email-proposal-review.txt"] {
            let out = try summary(name)
            #expect(out.split(separator: " ").count <= 70, "\(name):\n\(out)")
            #expect(!out.contains("Let me know what you think"), "\(name):\n\(out)")
        }
    }

    /// A document's first sentence points at its title ("This is GNU Bash, version 5.2."): it
    /// stays, with nothing before it to carry it.
    @Test func aLeadThatPointsAtTheTitleStays() throws {
        let text = """
        Frobtools
        =========

        This is GNU Frobtools, version 2.4. Frobtools sorts records of text and merges sorted files.

        Frobtools reads its records from files or from standard input. Records are lines by default; the --record option names another separator. The sort is stable, so records with equal keys keep their order.

        Frobtools 2.4 needs a C compiler and GNU make to build. Run ./configure, then make and make install.

        Report bugs in Frobtools to the mailing list. The list's archives hold the answers to most questions.
        """
        for length in SummaryLength.allCases {
            var request = ToolRequest(tool: .summary, text: text, markup: .plain, resultOptions: [.plainText])
            request.length = length
            var out = ""
            for case let .result(r) in try BuiltInToolEngine().events(for: request) { out = r.text }
            #expect(out.hasPrefix("This is GNU Frobtools, version 2.4."), "\(length): \(out)")
        }
    }

    @Test(arguments: [
        ("What if we just did it here in town instead?", true),
        ("Could we move it to the copy room until then?", true),
        ("Would you be able to come round every other day and water them?", true),
        ("It'd save us the rental costs.", true),
        ("That would save us the bus too.", true),
        ("We could meet at the cafe instead.", true),
        ("It is easy to see why the build failed.", false),
        ("The printer jammed again and it needs a repair.", false),
        ("Could you send the revenue table by Friday?", false),
        ("I need numbers for the caterer by Thursday.", false),
        ("We will make it to the meeting on time.", false),
        ("The plants need water and their pots are dry.", false),
    ])
    func whatPointsOutside(_ sentence: String, _ expected: Bool) {
        #expect(DocumentDigest.pointsOutside(sentence) == expected, "\(sentence)")
    }
}
