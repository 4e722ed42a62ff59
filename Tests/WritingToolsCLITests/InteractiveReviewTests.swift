import Foundation
import Testing
@testable import WritingToolsCLI

/// `proofread --interactive`, with keys from standard input (the tmux test in
/// Tests/interactive-e2e drives the same code in a real terminal).
@Suite("Command line: proofread --interactive")
struct InteractiveReviewTests {
    static let text = "Teh cat sat on teh mat.\nThis is an test of the the review.\n"

    func review(_ keys: String, text: String = Self.text, extra: [String] = []) throws -> (code: Int32, out: String, file: String, dir: TempDir, path: String) {
        let dir = try TempDir()
        let path = try dir.file("doc.txt", text)
        let r = run(["proofread", "--interactive", "--no-color"] + extra + [path], stdin: keys)
        return (r.code, r.out + r.err, try String(contentsOfFile: path, encoding: .utf8), dir, path)
    }

    @Test func acceptRejectUndoQuitWritesTheAcceptedChangesWithABackup() throws {
        // 1 accept (Teh → The), 2 reject (teh stays), undo, 2 reject again, 3 skip, q (which
        // first names the skipped suggestion), q again.
        let r = try review("a r u r s q q")
        #expect(r.code == 0)
        #expect(r.file == "The cat sat on teh mat.\nThis is an test of the the review.\n")
        #expect(r.out.contains("Suggestion 1 of 4 · line 1 · SPELLING"))
        #expect(r.out.contains("1 │ [-Teh-]{+The+} cat sat on the mat."))
        #expect(r.out.contains("Undone: suggestion 2 is undecided again"))
        #expect(r.out.contains("Wrote \(r.path): 1 change accepted (original kept in \(r.path).orig)"))
        #expect(try String(contentsOfFile: r.path + ".orig", encoding: .utf8) == Self.text)
    }

    /// `q` with a skipped suggestion still undecided names it before writing without it
    /// (session 52's README-only trial: `q` wrote the file and the skip counted as a reject,
    /// unasked); `s` then goes back to it, and end of input still writes nothing.
    @Test func quitWithASkippedSuggestionAsksFirst() throws {
        let twice = try review("s a q q", extra: ["--no-backup"])
        #expect(twice.out.contains("1 skipped suggestion still undecided (1): q again writes the file without it"), "\(twice.out)")
        #expect(twice.file == "Teh cat sat on the mat.\nThis is an test of the the review.\n")
        // `s` after the question: back to suggestion 1, decided now; no question at the next `q`
        // (3 and 4 were never skipped: left out as before).
        let back = try review("s a q s a q", extra: ["--no-backup"])
        let tail = back.out.components(separatedBy: "still undecided").last ?? ""
        #expect(tail.contains("Suggestion 1 of 4 · line 1 · SPELLING"))
        #expect(back.out.components(separatedBy: "still undecided").count == 2)
        #expect(back.file == "The cat sat on the mat.\nThis is an test of the the review.\n")
        // The question, then the end of input: nothing written, as `x`.
        let ended = try review("s a q")
        #expect(ended.file == Self.text)
        #expect(ended.out.contains("no changes written"))
        // Without a skipped suggestion, `q` writes at once.
        let plain = try review("a q", extra: ["--no-backup"])
        #expect(!plain.out.contains("still undecided"))
        #expect(plain.file == "The cat sat on teh mat.\nThis is an test of the the review.\n")
    }

    @Test func quitRevertingLeavesTheFileByteIdenticalAndWritesNoBackup() throws {
        for keys in ["a a x", "A x", "a \u{03}", "a a"] { // x, Ctrl-C, end of input
            let r = try review(keys)
            #expect(r.code == 0)
            #expect(r.file == Self.text)
            #expect(!FileManager.default.fileExists(atPath: r.path + ".orig"))
            #expect(r.out.contains("no changes written"))
        }
    }

    @Test func acceptAllThenQuitAppliesEverything() throws {
        let r = try review("A q", extra: ["--no-backup"])
        #expect(r.file == "The cat sat on the mat.\nThis is a test of the review.\n")
        #expect(r.out.contains("All 4 suggestions reviewed: 4 accepted, 0 rejected."))
        #expect(!FileManager.default.fileExists(atPath: r.path + ".orig"))
    }

    /// `s` then `A`: the skipped suggestion is not accepted unseen; the review comes back to it
    /// (a trial skipped one it was unsure of and `A` accepted it).
    @Test func acceptTheRestLeavesTheSkippedToDecide() throws {
        let r = try review("s A r q", extra: ["--no-backup"])
        #expect(r.out.contains("Accepted 3 suggestions."))
        #expect(r.out.contains("1 skipped suggestion still to decide."))
        let tail = r.out.components(separatedBy: "1 skipped suggestion still to decide.").last ?? ""
        #expect(tail.contains("Suggestion 1 of 4 · line 1 · SPELLING"))
        #expect(r.out.contains("All 4 suggestions reviewed: 3 accepted, 1 rejected."))
        #expect(r.file == "Teh cat sat on the mat.\nThis is a test of the review.\n")
        // Back at the skipped one, `A` accepts it too; two skipped come back in order.
        let again = try review("s s A A q", extra: ["--no-backup"])
        #expect(again.out.contains("Accepted 2 suggestions."))
        #expect(again.out.contains("2 skipped suggestions still to decide."))
        #expect(again.file == "The cat sat on the mat.\nThis is a test of the review.\n")
        // Undo takes the accept-the-rest back as one step.
        let undone = try review("s A u q", extra: ["--no-backup"])
        #expect(undone.out.contains("Undone: 3 suggestions are undecided again"))
        #expect(undone.file == Self.text)
    }

    @Test func undoOfAcceptAllAndExplain() throws {
        let r = try review("a A u e r q")
        #expect(r.out.contains("Undone: 3 suggestions are undecided again"))
        #expect(r.out.contains("Rule SPELLING: “teh” is not in the dictionary."))
        // `e` shows the sentence as written with the words marked at their line and column,
        // the change, and how to write one's own wording; no UTF-16 offset (a new user's trial).
        #expect(r.out.contains("Line 1, column 16: The cat sat on ⟦teh⟧ mat."), "\(r.out)")
        #expect(r.out.contains("Replaces “teh” with “the”"))
        #expect(r.out.contains("To write your own wording instead: r (reject), then edit the file"))
        #expect(!r.out.contains("UTF-16"))
        // Suggestion 2 rejected; 3 and 4 left undecided at q: left out.
        #expect(r.file == "The cat sat on teh mat.\nThis is an test of the the review.\n")
    }

    @Test func nothingToReviewAndUsageErrors() throws {
        let clean = try review("q", text: "All good here.\n")
        #expect(clean.out.contains("nothing to review"))
        #expect(run(["proofread", "--interactive"], stdin: "q").code == 2)
        #expect(run(["proofread", "--interactive", "-"], stdin: "q").code == 2)
        #expect(run(["proofread", "--interactive", "--fix", "a.txt"]).code == 2)
        #expect(run(["proofread", "--interactive", "--format", "json", "a.txt"]).code == 2)
        #expect(run(["proofread", "--interactive", "a.txt", "b.txt"]).code == 2)
        #expect(run(["proofread", "--help"]).out.contains("--interactive"))
    }

    @Test func keysSkipWhitespaceAndEscapeSequences() {
        var keys = KeyReader(io: MemoryIO(input: [Data("\u{1B}[A a\r\n".utf8), Data("\u{1B}OBq".utf8)]))
        #expect(keys.next() == "a")
        #expect(keys.next() == "q")
        #expect(keys.next() == nil)
    }

    /// Esc and then an arrow never act as the letter the arrow's sequence ends with (ESC ESC [ A
    /// was read as `[` and `A`: accept all): sequences are read whole, a lone Esc does nothing.
    @Test func escapeThenArrowIsNoKey() {
        // In one read (tmux's send-keys Escape Up), in separate reads, split mid-sequence, with
        // parameters (Shift+Up ESC [ 1 ; 2 A, F5 ESC [ 1 5 ~), SS3, Alt+A, and Esc at the very end.
        let reads = ["\u{1B}\u{1B}[A", "\u{1B}", "\u{1B}[B", "\u{1B}[1;2A\u{1B}[15~", "\u{1B}OA", "\u{1B}A", "\u{1B}[", "1;5C", "s", "\u{1B}\u{03}", "\u{1B}"]
        var keys = KeyReader(io: MemoryIO(input: reads.map { Data($0.utf8) }))
        #expect(keys.next() == "s")
        // Ctrl-C after an Esc is still Ctrl-C.
        #expect(keys.next() == "\u{03}")
        #expect(keys.next() == nil)
    }

    /// Accept-all keeps variation selectors and decomposed accents (it wrote “❤I”: U+FE0F was
    /// a word whose guess was “I”).
    @Test func acceptAllKeepsSelectorsAndMarks() throws {
        let text = "I \u{2764}\u{FE0F} teh cafe\u{301} and teh\u{FE0E} tea.\n"
        let r = try review("A q", text: text, extra: ["--no-backup"])
        #expect(r.file == "I \u{2764}\u{FE0F} the cafe\u{301} and the\u{FE0E} tea.\n", "\(r.out)")
    }

    /// In a real review: Esc, Up, then quit reverting: nothing was accepted, the file is as it was.
    @Test func escapeThenUpDoesNotAcceptAll() throws {
        let r = try review("\u{1B}\u{1B}[Ax", text: Self.text)
        #expect(!r.out.contains("Accepted"), "\(r.out)")
        #expect(r.file == Self.text)
    }
}

extension InteractiveReviewTests {
    @Test func readOnlyFileIsRefusedBeforeTheReviewStarts() throws {
        let dir = try TempDir()
        let path = try dir.file("ro.txt", Self.text)
        chmod(path, 0o444)
        let r = run(["proofread", "--interactive", "--no-color", path], stdin: "a a a a q")
        #expect(r.code == 3)
        #expect(r.err.contains("\(path) is read-only"))
        // No suggestion was shown: nothing to review in a file that cannot be written.
        #expect(!r.out.contains("Suggestion 1"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.text)
    }
}

/// `concise|rewrite|friendly|professional|describe --interactive` (issue 34, point 3): a
/// rewrite reviewed edit by edit with Proofread's keys, through the same session (the tmux test
/// Tests/interactive-e2e/test_rewrite_interactive_tmux.py drives it in a real terminal).
@Suite("Command line: rewrites --interactive")
struct RewriteInteractiveTests {
    static let text = "We met in order to plan the launch.\nThe demo was very good.\nAt this point in time we have no plans.\n"

    func review(_ tool: [String], _ keys: String, text: String = Self.text) throws -> (code: Int32, out: String, file: String, path: String, dir: TempDir) {
        let dir = try TempDir()
        let path = try dir.file("doc.txt", text)
        let r = run(tool + ["--interactive", "--no-color", path], stdin: keys)
        return (r.code, r.out + r.err, try String(contentsOfFile: path, encoding: .utf8), path, dir)
    }

    @Test func conciseEditsAreReviewedOneByOne() throws {
        // 1 accept, 2 reject, undo, 2 accept, 3 reject, q.
        let r = try review(["concise"], "a r u a r q")
        #expect(r.code == 0, "\(r.out)")
        #expect(r.out.contains("doc.txt: 3 edits to review."))
        #expect(r.out.contains("Edit 1 of 3 · line 1 · CONCISE_IN_ORDER_TO"))
        #expect(r.out.contains("1 │ We met [-in order to-]{+to+} plan the launch."))
        #expect(r.out.contains("Undone: edit 2 is undecided again"))
        #expect(r.file == "We met to plan the launch.\nThe demo was good.\nAt this point in time we have no plans.\n")
        #expect(try String(contentsOfFile: r.path + ".orig", encoding: .utf8) == Self.text)
    }

    @Test func everyRewriteToolReviewsAndQuitRevertingKeepsTheFile() throws {
        let casual = "Hey guys, thx for the notes!! The demo was very good and we will ship it in the near future.\n"
        for tool in [["rewrite"], ["friendly"], ["professional"], ["concise"], ["describe", "make it shorter"]] {
            let r = try review(tool, "A x", text: casual)
            #expect(r.code == 0, "\(tool): \(r.out)")
            #expect(r.out.contains(" to review.") && r.out.contains("no changes written"), "\(tool): \(r.out)")
            #expect(r.file == casual, "\(tool)")
        }
        let all = try review(["professional"], "A q", text: casual)
        #expect(all.file == "Hello everyone, thank you for the notes! The demo was good and we will ship it in the near future.\n")
    }

    @Test func explainShowsTheReason() throws {
        let r = try review(["concise"], "e x")
        #expect(r.out.contains("Rule CONCISE_IN_ORDER_TO: “In order to” says no more than “to”."))
    }

    @Test func usageErrors() throws {
        #expect(run(["summary", "--interactive", "a.txt"]).code == 2)
        #expect(run(["concise", "--interactive"], stdin: "q").code == 2)
        #expect(run(["concise", "--interactive", "-"], stdin: "q").code == 2)
        #expect(run(["concise", "--interactive", "--diff", "a.txt"]).code == 2)
        #expect(run(["concise", "--help"]).out.contains("--interactive"))
        #expect(!run(["summary", "--help"]).out.contains("--interactive"))
        let nothing = try review(["concise"], "q", text: "All good here.\n")
        // Concise says why it has nothing to cut; another tool, that it changes nothing.
        #expect(nothing.out.contains("nothing to review: nothing to shorten without changing the meaning"))
        let friendly = try review(["friendly"], "q", text: "All good here.\n")
        #expect(friendly.out.contains("nothing to review (friendly changes nothing in this text)"))
    }
}
