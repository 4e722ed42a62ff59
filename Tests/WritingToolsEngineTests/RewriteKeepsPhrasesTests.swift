import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// Rewrites never break a phrase (issue 34, a README-only trial's formal letter and man-db's
/// README): a sign-off swapped inside a sentence ("We remain, Sir, warm regards,"), "you must
/// therefore follow" made "you'll need to therefore follow" in licence terms, a command name
/// capitalised at a sentence's start ("Man-db"), an aside that widens a claim cut, "It should
/// be noted that" left after "Furthermore,", and a formal letter's boilerplate left as long as it
/// was. The letter here is the trial's, shortened.
@Suite("Rewrites keep phrases whole")
struct RewriteKeepsPhrasesTests {
    static let letter = """
        Dear Mr. Hargreaves,

        With reference to your correspondence of the 3rd instant, we hereby wish to acknowledge receipt of the aforementioned documentation pertaining to the renewal of the maintenance agreement. It is incumbent upon us to inform you that, prior to the execution of said agreement, it will be necessary for the undersigned to be furnished with a revised schedule of charges.

        Furthermore, it should be noted that at this point in time the provisions set forth in Clause 7 remain the subject of ongoing deliberation by our legal department.

        We should be most grateful if you would be so kind as to give this matter your earliest attention.

        We remain, Sir, yours faithfully,

        Eleanor Whitcombe
        """

    /// A sign-off is swapped only where it stands alone on its line.
    @Test func aSignOffIsSwappedOnlyOnItsOwnLine() throws {
        #expect(try rewritten(Self.letter, .friendly).text.contains("We remain, Sir, yours faithfully,"))
        #expect(try rewritten("Thanks for the call.\n\nYours faithfully,\nAnna\n", .friendly).text.contains("Warm regards,\nAnna"))
        #expect(try rewritten("Thanks.\n\nKind regards,\nAnna\n", .friendly).text.contains("Warm regards,\nAnna"))
        #expect(try rewritten("I send my kind regards to your team.", .friendly).text == "I send my kind regards to your team.")
    }

    /// "You must" stays before an adverb and in a licence's terms; elsewhere it is softened.
    @Test func anObligationStaysWhereItIsTermsOrBeforeAnAdverb() throws {
        let licence = "Unless you take special pains to remove the GPL v3 portions, you must therefore follow the terms and conditions of the GPL v3 or later when distributing man-db."
        #expect(try rewritten(licence, .friendly).text.contains("you must therefore follow"))
        #expect(try rewritten("Under this licence, you must keep the copyright notice.", .friendly).text.contains("you must keep"))
        #expect(try rewritten("You must always lock the door.", .friendly).text.contains("You must always lock"))
        #expect(try rewritten("You must sign the form.", .friendly).text == "You'll need to sign the form.")
    }

    /// A name or a command written in lower case keeps its case when the words before it go.
    @Test func aLowerCaseNameKeepsItsCaseAtASentencesStart() throws {
        #expect(try rewritten("In addition, man-db incorporates Gnulib.", .concise).text == "man-db incorporates Gnulib.")
        #expect(try rewritten("In addition, systemd restarts the service.", .concise).text == "systemd restarts the service.")
        #expect(try rewritten("In addition, the master Makefile has a dist target.", .concise).text == "The master Makefile has a dist target.")
    }

    /// An aside that adds an alternative or more of what the sentence names is information.
    @Test func anAsideThatWidensTheClaimStays() throws {
        let options = "Use this option with an argument of GNU, HPUX or BSD (or more than one of these, separated by commas) to support only those layouts."
        #expect(try rewritten(options, .concise).text == options)
        let sources = "It is possible to build it in a directory other than the one containing this file (and all of the program sources)."
        #expect(try rewritten(sources, .concise).text.contains("(and all of the program sources)"))
        #expect(try rewritten("The release (which took three months) adds plugins.", .concise).text == "The release adds plugins.")
    }

    /// Sentence openers cut one after another: the words left start the sentence, with its capital.
    @Test func openersCutInARowLeaveTheSentenceWhole() throws {
        let text = "Furthermore, it should be noted that at this point in time the provisions remain open."
        #expect(try rewritten(text, .concise).text == "Now the provisions remain open.")
        #expect(try rewritten(text, .rewrite).text == "Furthermore, now the provisions remain open.")
        #expect(try rewritten("However, it should be noted that tests are slow.", .concise).text == "However, tests are slow.")
    }

    /// A formal letter's boilerplate is shortened by Concise.
    @Test func conciseShortensAFormalLettersBoilerplate() throws {
        let (text, _) = try rewritten(Self.letter, .concise)
        #expect(text.contains("we have received the documentation pertaining to"), "\(text)")
        #expect(text.contains("We must tell you that"), "\(text)")
        #expect(text.contains("Please give this matter your earliest attention."), "\(text)")
        #expect(text.contains("Now the provisions set forth in Clause 7"), "\(text)")
        #expect(text.contains("We remain, Sir, yours faithfully,"), "\(text)")
        // Rewrite keeps the letter's register: no "please" for the formal request.
        #expect(try rewritten(Self.letter, .rewrite).text.contains("We should be most grateful"))
    }
}
