import Foundation
import Testing
import WritingTools
import WritingToolsTestSupport

/// The incremental document checker any host uses (``IncrementalDocument``): paragraphs are
/// checked once and reused while edits elsewhere move them, findings come back with document
/// offsets, and a check running while the text changes still counts.
@Suite("Incremental document checker")
struct IncrementalDocumentTests {
    let checker = WritingToolsChecker()

    /// The host's annotation in these tests: the text each checked paragraph had (to show that
    /// `annotate` gets the paragraph's own text, once per checked paragraph).
    typealias Document = IncrementalDocument<String>

    func options(_ markup: DocumentMarkup = .plain, gitCommit: Bool = false, stop: (@Sendable () -> Bool)? = nil) -> IncrementalCheckOptions {
        var request = ProofreadingRequest(text: "", markup: markup)
        request.shouldStop = stop
        return IncrementalCheckOptions(request: request, isGitCommit: gitCommit)
    }

    /// Checks `doc` as a host does: snapshot, check, adopt.
    @discardableResult
    func check(_ doc: inout Document, _ options: IncrementalCheckOptions? = nil) async throws -> Int {
        let snapshot = doc.beginCheck()
        let result = try await snapshot.run(options ?? self.options(), checker: checker) { _, text in text }
        let adopted = doc.endCheck(result)
        #expect(adopted)
        return result.checkedParagraphCount
    }

    /// What a check of the whole text from scratch finds, as (range, rule) pairs.
    func fresh(_ text: String, _ options: IncrementalCheckOptions? = nil) throws -> [String] {
        var doc = Document(text: text)
        let result = try doc.beginCheck().runNow(options ?? self.options(), checker: checker) { _, t in t }
        doc.endCheck(result)
        return Self.described(doc.suggestions)
    }

    static func described(_ s: [ProofreadingSuggestion]) -> [String] {
        s.map { "\($0.range.location)+\($0.range.length) \($0.ruleID)" }
    }

    /// The word at a suggestion's range in `text`.
    static func word(_ s: ProofreadingSuggestion, in text: String) -> String {
        String(decoding: Array(text.utf16)[s.range.location..<(s.range.location + s.range.length)], as: UTF16.self)
    }

    @Test func paragraphsEndAtBlankLinesButNotInsideCodeOrIndentedContinuations() {
        let text = "One\ntwo.\n\n```\na\n\nb\n```\n\n- item\n\n  more\n\r\nLast"
        let spans = DocumentParagraphs.spans(Array(text.utf16), markdown: true)
        #expect(spans.map(\.line) == [0, 3, 9, 13])
        let units = Array(text.utf16)
        let texts = spans.map { String(decoding: units[$0.location..<$0.end], as: UTF16.self) }
        #expect(texts == ["One\ntwo.", "```\na\n\nb\n```", "- item\n\n  more", "Last"])
        // Plain text: a blank line ends a paragraph wherever it is.
        #expect(DocumentParagraphs.split(Array("```\na\n\nb\n```".utf16), markdown: false).count == 2)
        #expect(DocumentParagraphs.lineStarts(Array("a\r\nb\rc\n".utf16)) == [0, 3, 5, 7])
    }

    @Test func editWindowsAddUp() {
        var w = EditWindow.adding(nil, a: 10, b: 12, length: 5)
        #expect(w == EditWindow(oldStart: 10, oldEnd: 12, delta: 3))
        // An edit before the window, in new coordinates, widens it to the left.
        w = EditWindow.adding(w, a: 0, b: 1, length: 0)
        #expect(w == EditWindow(oldStart: 0, oldEnd: 12, delta: 2))
        // One after it: its end in old coordinates is 41 - 2.
        w = EditWindow.adding(w, a: 40, b: 41, length: 2)
        #expect(w == EditWindow(oldStart: 0, oldEnd: 39, delta: 3))
    }

    @Test func onlyTheEditedParagraphsAreCheckedAgainAndFindingsMoveWithTheText() async throws {
        let original = "First paragraph is fine.\n\nSecond has teh typo.\n\nThird has a recieve.\n"
        var doc = Document(text: original)
        #expect(!doc.isChecked)
        #expect(try await check(&doc) == 3)
        #expect(doc.isChecked)
        #expect(doc.suggestions.map { Self.word($0, in: doc.text) } == ["teh", "recieve"])
        #expect(Self.described(doc.suggestions) == (try fresh(original)))
        // Each checked paragraph's annotation was made from its own text.
        #expect(doc.paragraphs?.map(\.annotation) == ["First paragraph is fine.", "Second has teh typo.", "Third has a recieve."])

        // Fix the typo in the second paragraph: one paragraph checked, the third reused.
        let a = (original as NSString).range(of: "teh").location
        doc.replace(a, a + 3, with: "the")
        #expect(!doc.isChecked)
        #expect(doc.edits == EditWindow(oldStart: a, oldEnd: a + 3, delta: 0))
        #expect(try await check(&doc) == 1)
        #expect(doc.lastCheckedParagraphCount == 1)
        #expect(doc.suggestions.map { Self.word($0, in: doc.text) } == ["recieve"])

        // Two lines before everything: nothing but the new paragraph is checked, and the third
        // paragraph's finding (from the first check) points at its word in the new text.
        doc.replace(0, 0, with: "A new opening line.\n\n")
        #expect(try await check(&doc) == 1)
        #expect(doc.suggestions.map { Self.word($0, in: doc.text) } == ["recieve"])
        #expect(doc.paragraphs?.map(\.span.line) == [0, 2, 4, 6])
        #expect(Self.described(doc.suggestions) == (try fresh(doc.text)))
        // The third paragraph's annotation is still the one made by the first check.
        #expect(doc.paragraphs?.last?.annotation == "Third has a recieve.")
    }

    @Test func editsMadeWhileACheckRunsAreCheckedNext() async throws {
        var doc = Document(text: "One is fine.\n\nTwo is fine.\n\nThree is fine.")
        try await check(&doc)
        // A check of the text as it is now…
        let snapshot = doc.beginCheck()
        // …while the host edits the first paragraph.
        doc.replace(0, 3, with: "Teh one")
        let result = try await snapshot.run(options(), checker: checker) { _, t in t }
        let adopted = doc.endCheck(result)
        #expect(adopted)
        // The snapshot's result is the baseline; the edit since is still to be checked.
        #expect(!doc.isChecked)
        #expect(doc.edits == EditWindow(oldStart: 0, oldEnd: 3, delta: 4))
        #expect(try await check(&doc) == 1)
        #expect(doc.suggestions.map { Self.word($0, in: doc.text) } == ["Teh"])
        #expect(Self.described(doc.suggestions) == (try fresh(doc.text)))
    }

    @Test func aCheckOfAReplacedTextOrOfDiscardedResultsIsDropped() async throws {
        var doc = Document(text: "Teh first.\n\nSecond.")
        var snapshot = doc.beginCheck()
        doc.replaceAll(with: "Entirely new text.")
        var result = try await snapshot.run(options(), checker: checker) { _, t in t }
        let replaced = doc.endCheck(result)
        #expect(!replaced)
        #expect(doc.paragraphs == nil && !doc.isChecked)
        try await check(&doc)
        #expect(doc.suggestions.isEmpty)

        // Settings changed during a check: its result (found with the old ones) is dropped and
        // the next check runs on every paragraph.
        snapshot = doc.beginCheck()
        doc.discardResults()
        result = try await snapshot.run(options(), checker: checker) { _, t in t }
        let discarded = doc.endCheck(result)
        #expect(!discarded)
        #expect(doc.paragraphs == nil)
        #expect(try await check(&doc) == 1)
        // A failed check leaves the last baseline and its edits as they were.
        doc.replace(0, 0, with: "Teh ")
        _ = doc.beginCheck()
        let failed = doc.endCheck(nil)
        #expect(!failed)
        #expect(doc.edits == EditWindow(oldStart: 0, oldEnd: 0, delta: 4))
        #expect(try await check(&doc) == 1)
        #expect(doc.suggestions.map { Self.word($0, in: doc.text) } == ["Teh"])
    }

    @Test func aGitCommitMessageEndsAtItsScissorsAndItsCommentsAreLeftAlone() async throws {
        let text = "Fix teh parser\n\n# Please enter teh commit message\n# ------------------------ >8 ------------------------\n+ teh diff\n"
        var doc = Document(text: text)
        try await check(&doc, options(gitCommit: true))
        let comment = (text as NSString).range(of: "#").location
        #expect(doc.suggestions.filter { Self.word($0, in: text) == "teh" }.map(\.range.location) == [4])
        #expect(doc.suggestions.allSatisfy { $0.range.location < comment })
        // As plain text, the comment and the diff are checked too.
        var plain = Document(text: text)
        try await check(&plain)
        #expect(plain.suggestions.filter { Self.word($0, in: text) == "teh" }.count == 3)
    }

    @Test func aStopTestStopsTheCheckAndNothingIsAdopted() async throws {
        var doc = Document(text: "One.\n\nTwo.\n\nThree.")
        let snapshot = doc.beginCheck()
        await #expect(throws: CancellationError.self) {
            _ = try await snapshot.run(options(stop: { true }), checker: checker) { _, t in t }
        }
        let adopted = doc.endCheck(nil)
        #expect(!adopted)
        #expect(doc.paragraphs == nil)
    }

    /// The README's example ("Using the library"), as written there.
    @Test func theReadmeExample() async throws {
        let markdown = "Greetings, world.\n\nA second paragraph with teh typo.\n"
        var doc = IncrementalDocument<Void>(text: markdown)
        let options = IncrementalCheckOptions(request: ProofreadingRequest(text: "", markup: .markdown))
        var snapshot = doc.beginCheck()
        doc.endCheck(try await snapshot.run(options, checker: checker) { _, _ in })
        doc.replace(0, 9, with: "Hello")
        snapshot = doc.beginCheck()
        doc.endCheck(try await snapshot.run(options, checker: checker) { _, _ in })
        #expect(doc.text.hasPrefix("Hello, world."))
        #expect(doc.lastCheckedParagraphCount == 1)
        #expect(doc.suggestions.map { Self.word($0, in: doc.text) } == ["teh"])
    }

    /// Random edits (inserting and deleting words, line breaks and typos), checked after each
    /// few: the incremental findings are always those of a check from scratch.
    @Test func randomEditsFindWhatAFreshCheckFinds() async throws {
        var rng = SplitMix64(seed: 48)
        let pieces = ["teh ", "word ", "\n\n", "\n", "recieve ", "A apple. ", "fine ", "# Title\n", "`code teh` "]
        var doc = Document(text: "Start here.\n\nSecond paragraph teh.\n\nThird one.\n")
        try await check(&doc, options(.markdown))
        var reused = 0
        for round in 0..<12 {
            for _ in 0..<(1 + rng.int(3)) {
                let n = doc.units.count
                let a = rng.int(n + 1)
                if rng.chance(0.4) {
                    doc.replace(a, min(n, a + rng.int(8)), with: "")
                } else {
                    doc.replace(a, a, with: pieces[rng.int(pieces.count)])
                }
            }
            let paragraphs = DocumentParagraphs.spans(doc.units, markdown: true).count
            let checked = try await check(&doc, options(.markdown))
            reused += paragraphs - checked
            #expect(Self.described(doc.suggestions) == (try fresh(doc.text, options(.markdown))), "round \(round): \(doc.text.debugDescription)")
        }
        // The cache did its work: most paragraphs were reused rather than checked again.
        #expect(reused > 12)
    }
}
