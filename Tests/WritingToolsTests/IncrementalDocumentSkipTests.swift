import Foundation
import Testing
import WritingTools

/// A check of an ``IncrementalDocument`` skips the paragraphs edited while it runs
/// (``SnapshotEdits``): it keeps its work on the others, and the next check checks only what
/// the edits touched (issue 35: the language server's first pull after a burst of edits took
/// 2–2.5× a full check, re-checking the paragraphs edited during the first).
@Suite("Incremental document checker: edits during a check")
struct IncrementalDocumentSkipTests {
    let checker = WritingToolsChecker()
    typealias Document = IncrementalDocument<String>

    static let text = "First has teh typo.\n\nSecond has a recieve.\n\nThird is fine.\n\nFourth has teh typo."

    func options(stop: (@Sendable () -> Bool)? = nil) -> IncrementalCheckOptions {
        var request = ProofreadingRequest(text: "", markup: .plain)
        request.shouldStop = stop
        return IncrementalCheckOptions(request: request)
    }

    /// The findings of a check from scratch of `text`, as (offset, length, rule).
    func fresh(_ text: String) throws -> [String] {
        var doc = Document(text: text)
        doc.endCheck(try doc.beginCheck().runNow(options(), checker: checker) { _, t in t })
        return Self.described(doc.suggestions)
    }

    static func described(_ s: [ProofreadingSuggestion]) -> [String] { s.map { "\($0.range.location)+\($0.range.length) \($0.ruleID)" } }

    /// The offset of the paragraph that starts with `word`.
    static func offset(of word: String, in text: String) -> Int { (text as NSString).range(of: word).location }

    @Test func aParagraphEditedBeforeTheCheckReachesItIsSkippedAndCheckedNext() async throws {
        var doc = Document(text: Self.text)
        let snapshot = doc.beginCheck()
        // The host edits the second paragraph while the check has not reached it.
        let second = Self.offset(of: "Second", in: Self.text)
        doc.replace(second, second, with: "The ")
        let result = try await snapshot.run(options(), checker: checker) { _, t in t }
        #expect(result.skippedParagraphCount == 1 && !result.isComplete)
        #expect(result.checkedParagraphCount == 3)
        #expect(result.paragraphs.map(\.annotation) == ["First has teh typo.", "Third is fine.", "Fourth has teh typo."])
        let adopted = doc.endCheck(result)
        #expect(adopted && !doc.isChecked)
        // The next check checks the edited paragraph alone, and finds what a fresh check finds.
        let next = try await doc.beginCheck().run(options(), checker: checker) { _, t in t }
        #expect(next.checkedParagraphCount == 1 && next.isComplete)
        let nextAdopted = doc.endCheck(next)
        #expect(nextAdopted && doc.isChecked)
        #expect(Self.described(doc.suggestions) == (try fresh(doc.text)))
        #expect(doc.paragraphs?.map(\.annotation) == ["First has teh typo.", "The Second has a recieve.", "Third is fine.", "Fourth has teh typo."])
    }

    /// Edits that arrive while the check runs (here as the first paragraph's findings are
    /// annotated): the paragraphs they touch that are not checked yet are skipped, the one
    /// already checked is kept for the next check to judge.
    @Test func editsArrivingMidCheckSkipWhatTheyTouchAndNothingElse() async throws {
        var doc = Document(text: Self.text)
        let snapshot = doc.beginCheck()
        let edits = try #require(snapshot.editsSinceSnapshot)
        let third = Self.offset(of: "Third", in: Self.text)
        let first = Self.offset(of: "First", in: Self.text)
        // Once the first paragraph is checked, the host edits it and the third one (as
        // `replace` records them).
        let result = try await snapshot.run(options(), checker: checker) { _, text in
            if text.hasPrefix("First") {
                edits.record(third, third, length: 4)
                edits.record(first, first, length: 4)
            }
            return text
        }
        // The window of the two edits covers the first three paragraphs: the second and third
        // were not checked yet and are skipped; the first was checked and is in the result.
        #expect(result.paragraphs.map(\.annotation) == ["First has teh typo.", "Fourth has teh typo."])
        #expect(result.skippedParagraphCount == 2)
        doc.replace(third, third, with: "The ")
        doc.replace(first, first, with: "The ")
        let adopted = doc.endCheck(result)
        #expect(adopted)
        let next = try await doc.beginCheck().run(options(), checker: checker) { _, t in t }
        #expect(next.checkedParagraphCount == 3)
        doc.endCheck(next)
        #expect(doc.isChecked)
        #expect(Self.described(doc.suggestions) == (try fresh(doc.text)))
    }

    /// Settings changed or the text replaced during a check: its result will be dropped, so it
    /// skips every paragraph left and ends at once.
    @Test func aCheckWhoseResultWillBeDroppedSkipsTheRest() async throws {
        var doc = Document(text: Self.text)
        let snapshot = doc.beginCheck()
        doc.discardResults()
        let result = try await snapshot.run(options(), checker: checker) { _, t in t }
        #expect(result.checkedParagraphCount == 0 && result.skippedParagraphCount == 4)
        let dropped = !doc.endCheck(result)
        #expect(dropped && doc.paragraphs == nil)
        // A second snapshot supersedes the first: the first skips the rest too.
        let old = doc.beginCheck()
        let current = doc.beginCheck()
        #expect(try old.runNow(options(), checker: checker) { _, t in t }.checkedParagraphCount == 0)
        let result2 = try current.runNow(options(), checker: checker) { _, t in t }
        #expect(result2.isComplete && result2.checkedParagraphCount == 4)
        let adopted = doc.endCheck(result2)
        #expect(adopted && doc.isChecked)
        #expect(Self.described(doc.suggestions) == (try fresh(Self.text)))
    }

    /// A stop test that says stop, or a cancelled task, still stops the check (nothing is
    /// adopted), edits or not.
    @Test func aStopStillStops() async throws {
        var doc = Document(text: Self.text)
        let snapshot = doc.beginCheck()
        doc.replace(0, 0, with: "X")
        await #expect(throws: CancellationError.self) {
            _ = try await snapshot.run(options(stop: { true }), checker: checker) { _, t in t }
        }
        let adopted = doc.endCheck(nil)
        #expect(!adopted)
    }
}
