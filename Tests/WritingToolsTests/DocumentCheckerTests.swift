import Foundation
import Testing
import WritingTools

@Suite("WritingToolsChecker: checking a document without a session")
struct DocumentCheckerTests {
    let checker = WritingToolsChecker()

    func slice(_ s: String, _ r: NSRange) -> String { String(decoding: Array(s.utf16)[r.location..<r.location + r.length], as: UTF16.self) }

    @Test func findsSpellingWithUTF16Ranges() throws {
        let text = "👩‍👩‍👧 Teh family."
        let report = try checker.check(ProofreadingRequest(text: text))
        let s = try #require(report.suggestions.first { $0.ruleID == "SPELLING" })
        #expect(slice(text, s.range) == "Teh")
        #expect(s.replacements.first == "The")
        #expect(s.category == .typos)
        #expect(s.provenance == .spelling)
    }

    @Test func markdownCodeIsProtected() throws {
        let text = "Call `recieve_all(x)` from teh shell.\n\n```sh\nseperate --help\n```\n"
        let report = try checker.check(ProofreadingRequest(text: text, markup: .markdown))
        #expect(report.suggestions.map { slice(text, $0.range) } == ["teh"])
        for s in report.suggestions {
            for p in report.protectedRanges {
                #expect(NSIntersectionRange(s.range, p.range).length == 0)
            }
        }
        #expect(report.protectedRanges.contains { $0.reason == "inlineCode" })
        #expect(report.protectedRanges.contains { $0.reason == "fencedCode" })
    }

    /// A finding whose every replacement is the text it flags changes nothing and is never
    /// reported, whatever produced it (here a user's rule “doesn't” → “doesn't”); a replacement
    /// equal to the flagged text is left out of a finding that has others.
    @Test func aFindingThatChangesNothingIsNeverReported() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("noop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("noop.rules")
        try "rule HOUSE_NO_OP\ncategory style\nmessage Write “{fix}”.\npattern [doesn't] => doesn't\n".write(to: file, atomically: true, encoding: .utf8)
        let rules = UserRules(files: [file.path])
        #expect(rules.errors.isEmpty && !rules.isEmpty, "\(rules.errors)")
        let text = "The user doesn't know."
        let report = try checker.check(ProofreadingRequest(text: text, userRules: rules))
        #expect(report.suggestions.isEmpty, "\(report.suggestions)")
        // The invariant holds for a report however it is made or changed.
        let range = NSRange(location: 9, length: 7)
        let noOp = ProofreadingSuggestion(range: range, replacements: ["doesn't"], ruleID: "X",
                                          category: .grammar, message: "m", provenance: .rules)
        var mixed = noOp
        mixed.replacements = ["doesn't", "does not"]
        var bare = noOp
        bare.replacements = []
        var made = ProofreadingReport(text: text, suggestions: [noOp, mixed, bare], protectedRanges: [])
        #expect(made.suggestions.map(\.replacements) == [["does not"], []])
        made.suggestions.append(noOp)
        #expect(made.suggestions.count == 2)
    }

    @Test func ignoredRangesFromTheHostAreLeftAlone() throws {
        let text = "Teh first and teh second."
        let report = try checker.check(ProofreadingRequest(text: text, ignoredRanges: [NSRange(location: 0, length: 3)]))
        #expect(report.suggestions.filter { $0.ruleID == "SPELLING" }.map(\.range.location) == [14])
    }

    @Test func userWordsAndDisabledRules() throws {
        let text = "The zorblax is teh best."
        let words = try checker.check(ProofreadingRequest(text: text, userWords: ["zorblax"]))
        #expect(words.suggestions.map { slice(text, $0.range) } == ["teh"])
        let none = try checker.check(ProofreadingRequest(text: text, disabledRules: ["SPELLING"]))
        #expect(none.suggestions.allSatisfy { $0.ruleID != "SPELLING" })
    }

    @Test func britishDictionary() throws {
        let text = "The colour of the color."
        let gb = try checker.check(ProofreadingRequest(text: text, language: "en-GB"))
        #expect(gb.suggestions.map { slice(text, $0.range) } == ["color"])
        let us = try checker.check(ProofreadingRequest(text: text, language: "en-US"))
        #expect(us.suggestions.map { slice(text, $0.range) } == ["colour"])
        #expect(WritingToolsChecker.installedLanguages.contains("en-GB"))
    }

    @Test func missingLanguageThrowsAClearError() {
        #expect(throws: WritingToolsError.self) { try checker.check(ProofreadingRequest(text: "Hi.", language: "zz-ZZ")) }
        do {
            _ = try checker.check(ProofreadingRequest(text: "Hi.", language: "zz-ZZ"))
        } catch {
            #expect("\(error)".contains("no Hunspell dictionary for zz-ZZ"))
        }
    }

    func checkSynchronously(_ request: ProofreadingRequest) throws -> ProofreadingReport { try checker.check(request) }

    @Test func asyncFormGivesTheSameResult() async throws {
        let request = ProofreadingRequest(text: "Teh end.")
        let a = try await checker.check(request)
        let b = try checkSynchronously(request)
        #expect(a.suggestions == b.suggestions)
    }

    @Test func concurrentChecksAreSafe() async throws {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<16 {
                group.addTask {
                    let report = try await WritingToolsChecker().check(ProofreadingRequest(text: "Line \(i): teh recieve."))
                    return report.suggestions.filter { $0.ruleID == "SPELLING" }.count
                }
            }
            for try await n in group { #expect(n == 2) }
        }
    }

    @Test func markupFromFileName() {
        #expect(DocumentMarkup.inferred(fromPath: "README.md") == .markdown)
        #expect(DocumentMarkup.inferred(fromPath: "a/b.MARKDOWN") == .markdown)
        #expect(DocumentMarkup.inferred(fromPath: "notes.txt") == .plain)
        #expect(DocumentMarkup.inferred(fromPath: "Makefile") == .plain)
    }
}

@Suite("WritingToolsChecker: words from the document's code")
struct CodeVocabularyTests {
    @Test func identifiersFromCodeAreAcceptedInProse() throws {
        let text = "Call `nonblockingpipe(fd)` first.\n\nThen nonblockingpipe returns, and teh loop ends.\n"
        let report = try WritingToolsChecker().check(ProofreadingRequest(text: text, markup: .markdown))
        let flagged = report.suggestions.map { String(decoding: Array(text.utf16)[$0.range.location..<$0.range.location + $0.range.length], as: UTF16.self) }
        #expect(flagged == ["teh"])
    }
}
