import Foundation
import Testing
@testable import WritingToolsEngine

/// Concise goes beyond phrase cuts where the meaning is safe (issue 34, users' report: on tight
/// prose it removed 0-1 words): "There is/are X who/that VERB" says "X VERB"; nouns made of
/// verbs and the passive "it is recommended that you" are phrasebook entries (their examples
/// run in `RewritePhrasebookTests`). Every case that would change the meaning stays.
@Suite struct ConciseTightProseTests {
    @Test(arguments: [
        ("There are many users who prefer dark mode.", "Many users prefer dark mode."),
        ("There were two reports that described the crash.", "Two reports described the crash."),
        ("There is a script that runs the tests.", "A script runs the tests."),
        ("There are people who can help.", "People can help."),
        ("There is an option that is rarely used.", "An option is rarely used."),
        // The clause has a subject of its own, or "there" is no existential.
        ("There is a bug that we fixed yesterday.", "There is a bug that we fixed yesterday."),
        ("There are files that the tool skips.", "There are files that the tool skips."),
        ("There isn't a user who complained.", "There isn't a user who complained."),
        ("Put it there that works.", "Put it there that works."),
        ("There is the question of who pays.", "There is the question of who pays."),
    ])
    func existentials(_ text: String, _ expected: String) throws {
        #expect(try rewritten(text, .concise).text == expected)
    }

    /// Real README sentences (systemd's README.logs, dconf's README): "make use of" → "use".
    @Test func realSentences() throws {
        #expect(try rewritten("To make use of the journal and access the collected log data simply add the user to the group.", .concise).text
            == "To use the journal and access the collected log data add the user to the group.")
        #expect(try rewritten("Applications that make use of GDBus keep working.", .concise).text == "Applications that use GDBus keep working.")
        #expect(try rewritten("It is recommended that you back up the disk first.", .concise).text == "You should back up the disk first.")
    }

    /// An example marker after a conjunction or a preposition belongs to the phrase (less(1) on a
    /// wide terminal, one sentence on one line: “from the last line up to and including the
    /// target line.” was cut to “up to and.”); examples set after a noun still go, unless they
    /// name things.
    @Test func examplesAfterAConjunctionStay() throws {
        let wide = "Backwards searches will skip the displayed screen from the last line up to and including the target line."
        #expect(try rewritten(wide, .concise).text == wide)
        let by = "You can extend the list by including the file in your configuration."
        #expect(try rewritten(by, .concise).text == by)
        #expect(try rewritten("The app reads many formats including images and spreadsheets.", .concise).text == "The app reads many formats.")
        // (Examples that name things stay: s44-trialfix.)
        let named = "The app reads many formats including PDF and EPUB."
        #expect(try rewritten(named, .concise).text == named)
    }
}
