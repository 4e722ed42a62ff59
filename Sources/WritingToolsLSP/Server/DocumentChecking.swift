import Foundation
import WritingTools

/// An open document.
struct OpenDocument: Sendable {
    var uri: DocumentURI
    var languageId: String
    var version: Int
    var text: String
    /// The converter for `text`, built when first needed.
    var converter: OffsetConverter?
    /// Paragraph text → its suggestions (ranges relative to the paragraph).
    var cache: [String: [ProofreadingSuggestion]] = [:]
    /// The latest suggestions for `version` (absolute UTF-16 ranges), nil before the first check.
    var suggestions: [ProofreadingSuggestion]?
    /// Rules ignored in this document ("Ignore ‹rule› in this file").
    var ignoredRules: Set<String> = []
    /// How many paragraphs the last check ran the checker on (the others came from the cache).
    var lastCheckedParagraphs = 0

    mutating func currentConverter() -> OffsetConverter {
        if let c = converter { return c }
        let c = OffsetConverter(text)
        converter = c
        return c
    }

    /// Applies one `didChange` content change; positions are clamped.
    mutating func apply(_ change: TextDocumentContentChangeEvent, encoding: PositionEncoding) {
        defer { converter = nil }
        guard let range = change.range else { text = change.text; return }
        let conv = currentConverter()
        var a = conv.utf16Offset(from: range.start.linePosition, encoding: encoding)
        var b = conv.utf16Offset(from: range.end.linePosition, encoding: encoding)
        if b < a { swap(&a, &b) }
        let u = text.utf16
        let ia = u.index(u.startIndex, offsetBy: a)
        let ib = u.index(ia, offsetBy: b - a)
        text.replaceSubrange(ia..<ib, with: change.text)
    }
}

/// What a check needs, copied from the server so that it runs off the actor.
struct CheckInput: Sendable {
    var text: String
    var converter: OffsetConverter?
    var markup: DocumentMarkup
    var isGitCommit: Bool
    var language: String
    var disabledRules: Set<String>
    var words: [String]
    var cache: [String: [ProofreadingSuggestion]]
}

/// What a check found.
struct CheckOutput: Sendable {
    var suggestions: [ProofreadingSuggestion]
    var cache: [String: [ProofreadingSuggestion]]
    var converter: OffsetConverter
    var checkedParagraphs: Int
}

enum DocumentChecking {
    /// Checks the paragraphs of `input.text` not in the cache; cancellable between paragraphs.
    /// - Throws: `CancellationError`, ``WritingToolsError``.
    @concurrent
    static func check(_ input: CheckInput, checker: WritingToolsChecker) async throws -> CheckOutput {
        let units = Array(input.text.utf16)
        let converter = input.converter ?? OffsetConverter(input.text)
        var newCache: [String: [ProofreadingSuggestion]] = [:]
        var all: [ProofreadingSuggestion] = []
        var checked = 0
        for p in Paragraphs.split(units, markdown: input.markup == .markdown) {
            let slice = units[p.location..<(p.location + p.length)]
            let text = String(decoding: slice, as: UTF16.self)
            let found: [ProofreadingSuggestion]
            if let hit = newCache[text] ?? input.cache[text] {
                found = hit
            } else {
                try Task.checkCancellation()
                let ignored = input.isGitCommit ? Paragraphs.gitCommentRanges(slice) : []
                let request = ProofreadingRequest(text: text, markup: input.markup, language: input.language,
                                                  disabledRules: input.disabledRules, userWords: input.words, ignoredRanges: ignored)
                found = try checkNow(request, checker).suggestions
                checked += 1
            }
            newCache[text] = found
            for var s in found {
                s.range.location += p.location
                all.append(s)
            }
        }
        return CheckOutput(suggestions: all, cache: newCache, converter: converter, checkedParagraphs: checked)
    }

    /// The synchronous check (this thread is already off the actor).
    private static func checkNow(_ request: ProofreadingRequest, _ checker: WritingToolsChecker) throws -> ProofreadingReport {
        try checker.check(request)
    }

    /// The LSP range of a UTF-16 range.
    static func lspRange(_ r: NSRange, _ conv: OffsetConverter, _ encoding: PositionEncoding) -> Range {
        Range(start: Position(conv.position(fromUTF16: r.location, encoding: encoding)),
              end: Position(conv.position(fromUTF16: r.location + r.length, encoding: encoding)))
    }

    /// The diagnostic of a suggestion.
    static func diagnostic(_ s: ProofreadingSuggestion, conv: OffsetConverter, encoding: PositionEncoding,
                           configuration: ServerConfiguration) -> Diagnostic {
        Diagnostic(range: lspRange(s.range, conv, encoding), severity: configuration.severity(forCategory: s.category.id),
                   code: s.ruleID, source: "writing-tools", message: s.message,
                   data: .object(["category": .string(s.category.id),
                                  "replacements": .array(s.replacements.prefix(5).map { .string($0) })]))
    }
}
