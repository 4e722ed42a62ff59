import Foundation
import Testing
import DocumentStructure
import TextModel
@testable import WritingToolsEngine

/// Issue 34, left from session 40: results worth reading.
///
/// 1. Summary, Key Points, List and Table of the built-in engine copy the document's sentences;
///    they show them as the proofreader's unattended fixes (what `proofread --fix` applies)
///    leave them, never touching protected text.
/// 2. Concise (and "make it shorter") shortens text that has nothing wordy: asides, trailing
///    examples, example sentences, restatements; and says why when it cannot.
@Suite("Results read well")
struct ResultsReadWellTests {
    static func result(_ tool: WritingTool, _ text: String, markup: MarkupKind = .plain, protected: [NSRange] = []) throws -> String {
        let request = ToolRequest(tool: tool, text: text, markup: markup, protectedRanges: protected,
                                  resultOptions: markup == .markdown ? [.richText, .list, .table] : [.plainText, .list, .table])
        for e in try BuiltInToolEngine().events(for: request) {
            if case let .result(r) = e { return r.text }
        }
        Issue.record("no result")
        return ""
    }

    static let essay = """
        Reading teh classics is a habit worth keeping for a whole life. It can open you're mind to ideas \
        that are new to you. Many readers recieve more from an old book than they expect. This is an \
        test of patience, but it pays back the the time it takes.
        """

    // MARK: 1. Results are proofread

    @Test("Summary and Key Points show the sentences with the safe fixes applied")
    func summaryAndKeyPointsAreProofread() throws {
        for tool in [WritingTool.summary, .keyPoints] {
            let out = try Self.result(tool, Self.essay)
            #expect(!out.isEmpty)
            for wrong in ["teh ", "recieve", "you're mind", "an test", "the the"] {
                #expect(!out.contains(wrong), "\(tool.commandName) kept “\(wrong)”: \(out)")
            }
            #expect(out.contains("the classics") || out.contains("receive") || out.contains("your mind"), "\(out)")
        }
    }

    @Test("List items are proofread")
    func listIsProofread() throws {
        let out = try Self.result(.list, "First, recieve the parcel at the door. Second, open teh box with care. Finally, check the the contents.")
        #expect(out == "1. Receive the parcel at the door.\n2. Open the box with care.\n3. Check the contents.", "\(out)")
    }

    @Test("Table cells are proofread")
    func tableCellsAreProofread() throws {
        let text = "Paris has a population of about 2.1 million and is teh capital.\n"
            + "Berlin has a population of about 3.6 million and is the capital.\n"
            + "Rome has a population of about 2.8 million and is the capital.\n"
        let out = try Self.result(.table, text)
        #expect(out.contains("|") || out.contains("---"), "\(out)")
        #expect(!out.contains("teh"), "\(out)")
    }

    @Test("Protected text is never fixed: code spans, URLs, code blocks, block quotations")
    func protectedTextStaysAsWritten() throws {
        let text = """
            # Setup

            Run `cache-tool --init` once to set up teh cache, and see https://example.com/recieve for teh details.

            > Teh quoted report said we recieve too much mail.

            After that, recieve updates with the the sync command every day.
            """
        for tool in [WritingTool.summary, .keyPoints, .list] {
            let out = try Self.result(tool, text, markup: .markdown)
            if out.contains("--init") || out.contains("set up") {
                #expect(out.contains("`cache-tool --init`"), "\(tool.commandName): \(out)")
                #expect(out.contains("set up the cache"), "\(tool.commandName): \(out)")
            }
            if out.contains("example.com") { #expect(out.contains("https://example.com/recieve"), "\(tool.commandName): \(out)") }
            // A block quotation is someone else's words, as `proofread --fix` leaves it.
            if out.contains("quoted report") { #expect(out.contains("Teh quoted report said we recieve"), "\(tool.commandName): \(out)") }
            if out.contains("updates") { #expect(out.lowercased().contains("receive updates with the sync"), "\(tool.commandName): \(out)") }
        }
        // A host's protected range stays too.
        let plain = "We recieve teh reports every morning before the meeting starts."
        let r = (plain as NSString).range(of: "teh reports")
        let out = try Self.result(.keyPoints, plain + " The team reads them and writes a short note for the board.", protected: [r])
        #expect(out.contains("receive teh reports"), "\(out)")
    }

    @Test("What --fix leaves, a result leaves: a guess for a name, a word the document writes as code")
    func onlyUnattendedFixes() throws {
        let out = try Self.result(.summary, "Priya Raghunathan wrote the parser in a week. Kubernetes runs it on every node we have.")
        #expect(out.contains("Priya Raghunathan"), "\(out)")
        #expect(out.contains("Kubernetes"), "\(out)")
        // `teh` is a name in this document's code: its prose mention is not "fixed" either.
        let code = try Self.result(.keyPoints, "Run `teh --init` to start the tool.\n\nThen teh tool builds its cache in the background.",
                                   markup: .markdown)
        #expect(code.contains("Then teh tool builds"), "\(code)")
    }

    @Test("Quoted words are quoted as written")
    func quotationsStay() throws {
        let out = try Self.result(.list, "The test fed 'teh cat' to the checker 100,000 times and it took teh whole night. "
                                  + "She wrote “we recieve it daily” in her report to the board.")
        #expect(out.contains("'teh cat'"), "\(out)")
        #expect(out.contains("“we recieve it daily”"), "\(out)")
        #expect(!out.contains("took teh"), "\(out)")
    }

    // MARK: 2. Concise shortens

    static func concise(_ text: String, tool: WritingTool = .concise) throws -> (text: String, rules: [String], notices: [String]) {
        var new = "", rules: [String] = [], notices: [String] = []
        for e in try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text)) {
            switch e {
            case let .rewrittenText(t): new += t
            case let .rewriteEdits(es): rules += es.map(\.ruleID)
            case let .notice(n): notices.append(n)
            default: break
            }
        }
        return (new, rules, notices)
    }

    @Test("Concise cuts asides, trailing examples, example sentences and restatements")
    func conciseShortensTightProse() throws {
        let text = "The new release (which took the team three months to build) adds support for plugins. "
            + "Plugins extend the editor with new features, such as commands, themes and file formats. "
            + "For example, a plugin can add a spell checker. "
            + "Users asked for plugins on the forum. "
            + "Plugins extend the editor with new features."
        let (new, rules, notices) = try Self.concise(text)
        #expect(new == "The new release adds support for plugins. Plugins extend the editor with new features. "
                + "Users asked for plugins on the forum.", "\(rules)")
        #expect(Set(rules) == ["CONCISE_ASIDE", "CONCISE_EXAMPLES", "CONCISE_EXAMPLE_SENTENCE", "CONCISE_RESTATEMENT"])
        #expect(notices.isEmpty)
        // "Make it shorter" and "cut it down" are the same tool.
        for instruction in ["make it shorter", "cut it down", "Make it more concise"] {
            #expect(try Self.concise(text, tool: .describeYourChange(instruction: instruction)).text == new, "\(instruction)")
        }
        // Rewrite fixes and tightens wording, but keeps the content.
        #expect(try Self.concise(text, tool: .rewrite).text == text)
    }

    @Test("Concise keeps what carries meaning", arguments: [
        "Install the package (as root) before you start.",
        "The Application Programming Interface (API) is stable.",
        "The limit is raised (but not on Windows) in this release.",
        "Set the size (in bytes) of the buffer.",
        "The study (2004) found no effect.",
        "Choose one of the options: (a) keep it or (b) drop it.",
        "He said “we ship tools (such as grep and sed) every day” at the meeting.",
        "Tools such as grep are useful every day.",
        "It works, except on systems such as Windows.",
        // Examples and asides that name things are content (a README-only trial: wrk's “…
        // event notification systems such as epoll and kqueue.” lost its examples, zlib's
        // “used by gzip (also zip and zlib)” its aside).
        "It combines a multithreaded design with scalable event notification systems such as epoll and kqueue.",
        "The deflation algorithm used by gzip (also zip and zlib) is a variation of LZ77.",
        "Editors support it, such as Vim and Emacs.",
        "The external software it does work with, such as OpenSSL, is optional.",
        "Editors, such as Vim, Emacs and Nano, can open it.",
        "Some formats, such as GIF, were dropped in this release.",
        "It runs on many systems (for example Linux 6.1 and FreeBSD).",
    ])
    func conciseKeepsMeaning(_ text: String) throws {
        let (new, rules, _) = try Self.concise(text)
        #expect(!rules.contains { $0 == "CONCISE_ASIDE" || $0 == "CONCISE_EXAMPLES" }, "\(new)")
    }

    /// Examples set off by commas in the middle of a sentence go alone: the predicate after them
    /// stays (a README-only trial: “The external software it does work with, such as OpenSSL, is
    /// optional.” became “The external software it does work with.”; examples that name things
    /// now stay whole, see ``conciseKeepsMeaning(_:)``).
    @Test("Concise cuts examples in the middle of a sentence, not the predicate after them", arguments: [
        ("The optional parts, such as compressors and viewers, are installed later.", "The optional parts are installed later."),
        ("Some files, such as logs, caches and backups, can be deleted.", "Some files can be deleted."),
        ("Some formats, such as images, were dropped in this release.", "Some formats were dropped in this release."),
    ])
    func conciseKeepsThePredicateAfterMidSentenceExamples(_ text: String, _ expected: String) throws {
        let (new, rules, _) = try Self.concise(text)
        #expect(new == expected, "\(rules)")
    }

    /// Commas whose role is unclear (a series without “and”, a word after them that may be a
    /// noun): no example is cut, and nothing after them is lost.
    @Test("Concise cuts no examples when the commas after them are unclear", arguments: [
        "The tools, such as grep, sed, work on text.",
        "Editors support it, such as Vim, Emacs.",
    ])
    func conciseLeavesUnclearExamples(_ text: String) throws {
        let (new, rules, _) = try Self.concise(text)
        #expect(!rules.contains("CONCISE_EXAMPLES"), "\(new)")
    }

    @Test("The same words in another order are no restatement")
    func reversedIsNoRestatement() throws {
        let text = "A full build of dbus, with all regression tests enabled, depends on GLib. "
            + "A full build of GLib, with all regression tests enabled, depends on dbus."
        #expect(try Self.concise(text).text == text)
    }

    @Test("A sentence that introduces a code block is never cut")
    func introductionStays() throws {
        let text = "You can build it out of tree. For example, if you want to build in the source tree, run:\n\n    make all\n"
        let (new, rules, _) = try Self.concise(text)
        #expect(new == text, "\(rules)")
    }

    @Test("Sentence-opening connectives go, and the next word takes the capital")
    func connectives() throws {
        let (new, _, _) = try Self.concise("The office is closed. Furthermore, the phones are off. Of course, email still works.")
        #expect(new == "The office is closed. The phones are off. Email still works.")
    }

    @Test("Concise that finds nothing to cut says why")
    func nothingToShortenIsExplained() throws {
        let (new, rules, notices) = try Self.concise("The cat sat on the mat. The dog slept by the door.")
        #expect(new == "The cat sat on the mat. The dog slept by the door.")
        #expect(rules.isEmpty)
        #expect(notices == [BuiltInToolEngine.nothingToShorten])
    }

    /// When its only edits are the proofreader's fixes, Concise says it cut nothing and what its
    /// edits are (a new user's trial read “concise: 7 edits” on an e-mail it left as long).
    @Test("Concise whose only edits are proofreading fixes says it cut nothing")
    func onlyFixesAreSaidToBeFixes() throws {
        let (new, rules, notices) = try Self.concise("Thank you for you're message. Please let me know wich time works for you.")
        #expect(new == "Thank you for your message. Please let me know which time works for you.", "\(rules)")
        #expect(rules.count == 2)
        #expect(notices == [BuiltInToolEngine.nothingToShorten + "; its 2 edits are fixes that 'proofread --fix' would make"], "\(notices)")
    }

    /// Rewrite says the same as Concise (docs/tools.md): nothing to reword, and why; and that
    /// its only edits are the fixes `proofread --fix` would make (a new user's trial read
    /// “rewrite: 2 edits” on a cover letter where both were spelling fixes, fixture
    /// `rewrite/cover-letter.txt`, the trial's own text).
    @Test("Rewrite that finds nothing to reword says why, and that its edits are fixes")
    func rewriteWithOnlyFixesSaysSo() throws {
        let plain = try Self.concise("The cat sat on the mat. The dog slept by the door.", tool: .rewrite)
        #expect(plain.rules.isEmpty && plain.notices == [BuiltInToolEngine.nothingToReword], "\(plain.notices)")
        let letter = try Self.concise(try Fixture.text("rewrite/cover-letter.txt"), tool: .rewrite)
        #expect(letter.text.contains("an accounting firm") && letter.text.contains("the opportunity"), "\(letter.text)")
        #expect(letter.notices == [BuiltInToolEngine.nothingToReword + "; its \(letter.rules.count) edits are fixes that 'proofread --fix' would make"],
                "\(letter.rules) \(letter.notices)")
        // A rewrite that rewords says nothing of the kind.
        let wordy = try Self.concise("In order to build it, run make. It should be noted that the tests take a minute.", tool: .rewrite)
        #expect(wordy.notices.isEmpty && wordy.text.hasPrefix("To build it"), "\(wordy.text) \(wordy.notices)")
    }
}
