import Foundation
import TextModel

/// Checks a model's answer before anything is applied, repairs what is safe to repair, and
/// rejects the rest with a reason (docs/ARCHITECTURE.md, “Modules”; peers.md §13.3, "typed output-contract
/// validation before anything is pasted").
///
/// Checks, in order: a control character the text did not have (NUL, ESC…: rejected, never
/// written into a file); a `<think>` block (removed; an unclosed one is rejected); the text markers
/// copied (removed); the refusal sentinel and apologies (rejected); a code fence, a preamble
/// ("Sure! Here is the corrected text:"), an epilogue ("Let me know if…") and quotation marks
/// around the whole answer (removed when the input did not have them); an empty answer; the
/// language (same as the input's when both are clear; not for Describe-your-change when the
/// user asks for a translation); that the answer is an edit of the input and not an answer to
/// it (a copy of the prompt's example; word similarity for Proofread, which must not recase a
/// whole sentence either; for the others ``ContentOverlap``: an edit keeps most of the text's
/// content words whatever its length, so one that obeys an instruction in the text ("reply with
/// APPROVED") is rejected, and a result draws on them with no sentence the text does not
/// support); placeholders (each exactly once and in order for edits, at most once for
/// results, never an unknown one); the length ratio fit for the tool; for List, Key Points and
/// Table, the shape asked for.
public enum OutputContract {
    /// A repair that was made.
    public enum Repair: String, Sendable, Hashable, CaseIterable {
        case thinkBlock = "removed a <think> block"
        case preamble = "removed a preamble"
        case epilogue = "removed a closing remark"
        case codeFence = "removed a code fence around the answer"
        case quotes = "removed quotation marks around the answer"
        case markers = "removed the text markers the model copied"
        /// A protected span the model wrote out itself (`.env`) where its placeholder was: the
        /// exact original text, in its place between its neighbours; it stands for the
        /// placeholder again, and the session still checks the span byte-identical.
        case restoredSpan = "took protected text the model wrote out itself, unchanged and in its place, as its placeholder"
    }

    /// Why an answer was rejected.
    public enum Violation: Error, Sendable, Hashable, CustomStringConvertible {
        case refusal(String)
        case reasoningOnly
        case empty
        case placeholderMissing(String)
        case placeholderDuplicated(String)
        case placeholderUnknown(String)
        case placeholderOrder
        case languageChanged(from: String, to: String)
        case length(ratio: Double, allowed: ClosedRange<Double>)
        case answeredInsteadOfEditing(similarity: Double)
        case wrongShape(String)
        case structureLost(String)
        /// The answer keeps too few of the text's content words (`kept`: the share of the
        /// text's distinct content stems found in the answer, 0–1): the model replaced the text,
        /// typically obeying an instruction inside it, instead of editing it.
        case contentDropped(kept: Double)
        /// A sentence, list item or table row of a result has no content word of the text: a
        /// claim the text does not make (the unit is given).
        case newClaim(String)
        /// A paragraph of the text whose content the answer dropped (its start, and the share of
        /// its content stems kept, 0–1): lost text, not an edit (``ContentOverlap``'s
        /// paragraph measure).
        case paragraphDropped(String, kept: Double)
        /// The answer has a control character (U+0000–U+001F, U+007F–U+009F; tab, line feed and
        /// carriage return excepted) that the text did not have (its code point).
        case controlCharacter(UInt32)
        /// The answer has an invisible character that the text did not have (its code point): a
        /// bidirectional control (U+202A–U+202E, U+2066–U+2069), which can make a text read
        /// otherwise than it is written, or a zero-width one (U+200B–U+200D, U+2060, U+FEFF).
        case invisibleCharacter(UInt32)
        /// A proofread changed the case of a whole sentence (the sentence, as the model wrote it).
        case caseChanged(String)

        public var description: String {
            switch self {
            case let .refusal(t): return "the model refused (\"\(t.prefix(80))\")"
            case .reasoningOnly: return "the model's answer is an unfinished <think> block, with no result"
            case .empty: return "the model's answer is empty"
            case let .placeholderMissing(t): return "the model dropped protected text (placeholder \(t)); code, links and quotations must come back unchanged"
            case let .placeholderDuplicated(t): return "the model repeated protected text (placeholder \(t))"
            case let .placeholderUnknown(t): return "the model invented a placeholder (\(t))"
            case .placeholderOrder: return "the model moved protected text (code, links, quotations) out of its order"
            case let .languageChanged(from, to): return "the model answered in \(PromptLibrary.languageName(to)); the text is in \(PromptLibrary.languageName(from))"
            case let .length(ratio, allowed):
                return String(format: "the answer is %.2f times as long as the text; this tool allows %.2f to %.2f", ratio, allowed.lowerBound, allowed.upperBound)
            case let .answeredInsteadOfEditing(s):
                return String(format: "the model's answer is not about the text: it answered it, or replaced it with something else (similarity %.2f)", s)
            case let .wrongShape(m): return m
            case let .structureLost(m): return m
            case let .contentDropped(kept):
                return String(format: "the model's answer keeps only %.0f %% of the text's content words: it replaced the text (it may have obeyed an instruction in it) instead of editing it", kept * 100)
            case let .paragraphDropped(paragraph, kept):
                return "the model's answer drops a paragraph (\"\(paragraph.prefix(60))\"; \(Int((kept * 100).rounded())) % of its content words kept): an edit keeps every paragraph's content"
            case let .newClaim(unit):
                return "the model's answer says something the text does not (\"\(unit.prefix(80))\"): it may have obeyed an instruction in the text"
            case let .controlCharacter(c):
                return String(format: "the model's answer contains a control character (U+%04X) the text does not have", c)
            case let .invisibleCharacter(c):
                return String(format: "the model's answer contains an invisible character (U+%04X) the text does not have", c)
            case let .caseChanged(sentence):
                return "the model changed the case of a whole sentence (\"\(sentence.prefix(80))\"); an edit corrects or rewords, it does not recase whole sentences"
            }
        }
    }

    /// The outcome of a check.
    public enum Outcome: Sendable, Hashable {
        /// The answer, repaired, with the repairs made (placeholders still in it).
        case accepted(String, repairs: [Repair])
        /// The answer cannot be used.
        case rejected(Violation)
    }

    /// `text` with each placeholder of `input` that is missing from it put back where the model
    /// wrote the span's original text instead: the exact text (case and every character), once
    /// only between the placeholders before and after it (found or put back), not glued to a
    /// longer word (`.env` in `.envrc` is no copy). Nil when nothing was put back.
    static func restoringWrittenOutSpans(_ text: String, input: String, mask: ProtectedSpanMask) -> String? {
        let expected = mask.tokens(in: input).map(\.token)
        guard !expected.isEmpty else { return nil }
        let originals = Dictionary(mask.spans.map { ($0.token, $0.original) }, uniquingKeysWith: { a, _ in a })
        var units = Array(text.utf16)
        var changed = false
        var cursor = 0
        for (i, token) in expected.enumerated() {
            let tokenUnits = Array(token.utf16)
            let present = mask.tokens(in: String(decoding: units, as: UTF16.self))
            if let here = present.first(where: { $0.token == token && $0.range.location >= cursor }) {
                cursor = NSMaxRange(here.range)
                continue
            }
            // The window: up to the next expected placeholder that is there.
            let later = Set(expected[(i + 1)...])
            let limit = present.first(where: { later.contains($0.token) && $0.range.location >= cursor })?.range.location ?? units.count
            guard let original = originals[token], !original.isEmpty else { return nil }
            let needle = Array(original.utf16)
            var hits: [Int] = []
            var k = cursor
            while k + needle.count <= limit {
                if units[k] == needle[0], Array(units[k..<(k + needle.count)]) == needle, isWhole(needle, at: k, in: units) { hits.append(k) }
                k += 1
            }
            guard hits.count == 1 else { return nil }
            units.replaceSubrange(hits[0]..<(hits[0] + needle.count), with: tokenUnits)
            cursor = hits[0] + tokenUnits.count
            changed = true
        }
        return changed ? String(decoding: units, as: UTF16.self) : nil
    }

    /// True when `needle` at `k` of `units` is not part of a longer word: a letter or digit at
    /// its edge is not continued by another.
    private static func isWhole(_ needle: [UInt16], at k: Int, in units: [UInt16]) -> Bool {
        func isWordUnit(_ u: UInt16) -> Bool {
            guard let s = Unicode.Scalar(u) else { return true }
            return s.properties.isAlphabetic || ("0"..."9").contains(Character(s)) || u == 0x5F
        }
        if isWordUnit(needle[0]), k > 0, isWordUnit(units[k - 1]) { return false }
        let end = k + needle.count
        if isWordUnit(needle[needle.count - 1]), end < units.count, isWordUnit(units[end]) { return false }
        return true
    }

    /// How many times `needle` occurs in `text`, in any case.
    static func count(of needle: String, in text: String) -> Int {
        var n = 0
        var from = text.startIndex
        while let r = text.range(of: needle, options: .caseInsensitive, range: from..<text.endIndex) {
            n += 1
            from = r.upperBound
        }
        return n
    }

    /// Checks `output`, the model's answer for `input` (both masked with `mask`), for `tool`.
    /// `language` is the request's BCP 47 tag (the input's language is identified from its
    /// text when possible, and the tag's language otherwise).
    public static func check(_ output: String, tool: WritingTool, input: String, mask: ProtectedSpanMask, language: String) -> Outcome {
        var text = output
        var repairs: [Repair] = []

        // Control characters (NUL, ESC, …) the text did not have: never written into a file.
        if let c = newControlCharacter(output, input: input) { return .rejected(.controlCharacter(c)) }
        // Bidirectional controls and zero-width characters the text did not have: invisible,
        // they change how a text reads or what it matches; never written into a file.
        if let c = newInvisibleCharacter(output, input: input) { return .rejected(.invisibleCharacter(c)) }
        // Read with LF line breaks (a paragraph break is "\n\n" for the epilogue and a
        // summary's paragraphs); written back as the text writes them at the end.
        text = text.replacingOccurrences(of: "\r\n", with: "\n")

        // <think> blocks (reasoning models): removed, wherever they are, unless the text has
        // `<think>` tags of its own (a text about reasoning models): then only the blocks the
        // answer has beyond the text's, at its start, are the model's.
        let inputThinks = Self.count(of: "<think>", in: input)
        if inputThinks == 0, text.range(of: "<think>", options: .caseInsensitive) != nil {
            let stripped = text.replacingOccurrences(of: "(?is)<think>.*?</think>", with: "", options: .regularExpression)
            if stripped.range(of: "<think>", options: .caseInsensitive) != nil { return .rejected(.reasoningOnly) }
            text = stripped
            repairs.append(.thinkBlock)
        } else if inputThinks > 0 {
            while Self.count(of: "<think>", in: text) > inputThinks {
                let lead = text.drop(while: { $0.isWhitespace })
                guard lead.lowercased().hasPrefix("<think>") else { break }
                guard let close = lead.range(of: "</think>", options: .caseInsensitive) else { return .rejected(.reasoningOnly) }
                text = String(lead[close.upperBound...])
                repairs.append(.thinkBlock)
            }
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let trimmedInput = input.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)

        // The fence markers copied (small models echo them; generation stops at the closing one).
        if !trimmedInput.contains(PromptLibrary.openTag) {
            var changed = false
            // The request echoed before it ("Proofread this text.\n<text_to_edit>\n…"): the answer follows the tag.
            if let r = text.range(of: PromptLibrary.openTag, options: .backwards) { text = String(text[r.upperBound...]); changed = true }
            if let r = text.range(of: PromptLibrary.closeTag) { text = String(text[..<r.lowerBound]); changed = true }
            if changed {
                text = text.trimmingCharacters(in: .whitespacesAndNewlines)
                repairs.append(.markers)
            }
        }

        // Refusals.
        if text.contains(PromptLibrary.refusalSentinel) { return .rejected(.refusal(text)) }
        if matches(text, #"^(i'?m sorry|i am sorry|sorry,? (but )?i|i cannot|i can'?t|i am unable|i'?m unable|i won'?t be able|as an ai\b|unfortunately,? i)"#),
           !matches(trimmedInput, #"^(i'?m sorry|i am sorry|sorry|i cannot|i can'?t|i am unable|i'?m unable|as an ai|unfortunately)"#) {
            return .rejected(.refusal(text))
        }

        // Wrappers: a code fence or quotation marks around everything.
        if !trimmedInput.hasPrefix("```"),
           let inner = capture(text, #"^```[A-Za-z0-9_+-]*[ \t]*\n([\s\S]*?)\n?```$"#) {
            text = inner.trimmingCharacters(in: .whitespacesAndNewlines)
            repairs.append(.codeFence)
        }
        // Preamble lines, possibly several ("Sure!\nHere is the text:").
        var strippedPreamble = false
        while let firstLineEnd = text.firstIndex(where: \.isLineBreak) ?? (text.isEmpty ? nil : text.endIndex) {
            let line = String(text[..<firstLineEnd]).trimmingCharacters(in: .whitespaces)
            guard isPreambleLine(line), !trimmedInput.hasPrefix(line) else { break }
            text = String(text[firstLineEnd...]).trimmingCharacters(in: .whitespacesAndNewlines)
            strippedPreamble = true
        }
        // "Here is the corrected text: The quick…" on one line.
        if let rest = capture(text, #"^(?i:here(?:'s| is| are)|below is)[^:\n]{0,80}:[ \t]+([\s\S]+)$"#),
           !matches(trimmedInput, #"^(?i:here|below)"#) {
            text = rest
            strippedPreamble = true
        }
        if strippedPreamble { repairs.append(.preamble) }
        if !trimmedInput.hasPrefix("```"),
           let inner = capture(text, #"^```[A-Za-z0-9_+-]*[ \t]*\n([\s\S]*?)\n?```$"#) {
            text = inner.trimmingCharacters(in: .whitespacesAndNewlines)
            if !repairs.contains(.codeFence) { repairs.append(.codeFence) }
        }
        // A closing remark as the last paragraph.
        if let range = text.range(of: "\n\n", options: .backwards) {
            let last = String(text[range.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
            if isEpilogue(last), !trimmedInput.contains(last) {
                text = String(text[..<range.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
                repairs.append(.epilogue)
            }
        }
        let quotePairs: [(Character, Character)] = [("\"", "\""), ("“", "”"), ("«", "»"), ("'", "'")]
        for (open, close) in quotePairs where text.count >= 2 && text.first == open && text.last == close
            && trimmedInput.first != open && text.dropFirst().dropLast().firstIndex(of: close) == nil {
            text = String(text.dropFirst().dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
            repairs.append(.quotes)
            break
        }

        if text.isEmpty { return trimmedInput.isEmpty ? .accepted("", repairs: repairs) : .rejected(.empty) }
        // An edit's line breaks written as the text writes them: an answer with LF lines for a
        // CRLF text would leave the document with mixed line endings. A result (Summary, Key
        // Points, List, Table) keeps LF: the session writes it as the document does.
        switch tool {
        case .summary, .keyPoints, .list, .table: break
        default: text = Self.withLineBreaks(of: input, text)
        }

        // Language.
        var translating = false
        if case let .describeYourChange(instruction) = tool {
            translating = matches(instruction, #"(?i)\b(translat|in(to)? (english|french|german|spanish|italian|portuguese|dutch|swedish|[a-z]+ish)\b|language)"#)
        }
        if !translating {
            let plainIn = stripTokens(trimmedInput, mask)
            let plainOut = stripTokens(text, mask)
            let from = LanguageIdentifier.identify(plainIn)
                ?? (plainIn.split(separator: " ").count >= 12 ? language.split(separator: "-").first.map { $0.lowercased() } : nil)
            if let from, let to = LanguageIdentifier.identify(plainOut), to != from {
                return .rejected(.languageChanged(from: from, to: to))
            }
        }

        // Edit, not answer. A copy of the prompt's worked example is no answer for another text.
        if let example = PromptLibrary.entry(for: tool).example, text == example.output, trimmedInput != example.input {
            return .rejected(.answeredInsteadOfEditing(similarity: 0))
        }
        switch tool {
        case .proofread:
            let s = wordSimilarity(stripTokens(trimmedInput, mask), stripTokens(text, mask))
            if s < 0.6 { return .rejected(.answeredInsteadOfEditing(similarity: s)) }
            if let (paragraph, kept) = ContentOverlap.droppedParagraph(input: stripTokens(trimmedInput, mask), output: stripTokens(text, mask), tool: tool) {
                return .rejected(.paragraphDropped(paragraph, kept: kept))
            }
            if let sentence = recasedSentence(stripTokens(trimmedInput, mask), stripTokens(text, mask)) {
                return .rejected(.caseChanged(sentence))
            }
        case .rewrite, .friendly, .professional, .concise, .summary, .keyPoints, .list, .table:
            let overlap = ContentOverlap(input: stripTokens(trimmedInput, mask), output: stripTokens(text, mask))
            if let v = overlap.violation(for: tool) { return .rejected(v) }
            if let (paragraph, kept) = ContentOverlap.droppedParagraph(input: stripTokens(trimmedInput, mask), output: stripTokens(text, mask), tool: tool) {
                return .rejected(.paragraphDropped(paragraph, kept: kept))
            }
            // Shouting is no rewrite: a sentence turned to capitals (`professional --in-place`
            // wrote a model's all-capitals answer over the file, a session-43 trial). Title
            // Case and single words stay allowed; Describe, which may be asked for capitals, is
            // left out.
            if let sentence = recasedSentence(stripTokens(trimmedInput, mask), stripTokens(text, mask), capitalsOnly: true) {
                return .rejected(.caseChanged(sentence))
            }
        case .describeYourChange:
            break
        }

        // Placeholders. A span the model wrote back as its own text, exactly, where its
        // placeholder belonged, is taken as the placeholder (issue 34, point 5).
        if tool.isEdit, let restored = restoringWrittenOutSpans(text, input: input, mask: mask) {
            text = restored
            repairs.append(.restoredSpan)
        }
        let found = mask.tokens(in: text).map(\.token)
        let known = mask.spans.map(\.token)
        let knownSet = Set(known)
        if let unknown = found.first(where: { !knownSet.contains($0) }) { return .rejected(.placeholderUnknown(unknown)) }
        var counts: [String: Int] = [:]
        for t in found { counts[t, default: 0] += 1 }
        if let dup = found.first(where: { counts[$0]! > 1 }) { return .rejected(.placeholderDuplicated(dup)) }
        let isEdit = tool.isEdit
        if isEdit {
            // Only the placeholders of this input (a chunk) are expected.
            let expected = mask.tokens(in: input).map(\.token)
            if let missing = expected.first(where: { counts[$0] == nil }) { return .rejected(.placeholderMissing(missing)) }
            if found != expected { return .rejected(.placeholderOrder) }
        }

        // Structure: a rewrite keeps the text's headings and list items (a model that drops
        // "# Setup notes" has not just edited the wording).
        if tool.isEdit, !translatingOrRestructuring(tool) {
            let (inHeadings, inItems) = markdownStructure(trimmedInput)
            let (outHeadings, outItems) = markdownStructure(text)
            if outHeadings < inHeadings {
                return .rejected(.structureLost("the model removed \(inHeadings - outHeadings == 1 ? "a heading" : "\(inHeadings - outHeadings) headings") of the text"))
            }
            if outItems < inItems {
                return .rejected(.structureLost("the model removed \(inItems - outItems == 1 ? "a list item" : "\(inItems - outItems) list items") of the text"))
            }
            // A table's cells are text (an edit may reword one); its rows and columns are not.
            let inTables = tableShapes(trimmedInput)
            if !inTables.isEmpty, tableShapes(text) != inTables {
                return .rejected(.structureLost("the model changed a table's rows or columns; an edit may change the words in its cells, not its shape"))
            }
        }

        // Length.
        let inLength = Double(max(1, trimmedInput.count))
        let outLength = Double(text.count)
        let allowed = lengthRange(for: tool, inputLength: trimmedInput.count)
        let ratio = outLength / inLength
        if !allowed.contains(ratio) { return .rejected(.length(ratio: ratio, allowed: allowed)) }

        // Shape.
        switch tool {
        case .list, .keyPoints:
            let lines = text.lines(omittingEmpty: true).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let items = lines.filter { matches($0, #"^([-*+•]|\d+[.)])\s+\S"#) }
            if items.isEmpty || Double(items.count) < Double(lines.count) * 0.6 {
                return .rejected(.wrongShape("the answer is not a list (lines starting with \"- \")"))
            }
        case .table:
            if MarkdownTableShape(text) == nil {
                return .rejected(.wrongShape("the answer is not a Markdown table with a header row, a delimiter row and at least one row"))
            }
        default:
            break
        }
        return .accepted(text, repairs: repairs)
    }

    /// The length ratios (answer ÷ text, in characters) a tool may produce. Short texts get
    /// slack: a 20-character note may become a 60-character friendly sentence.
    public static func lengthRange(for tool: WritingTool, inputLength: Int) -> ClosedRange<Double> {
        let slack = inputLength < 80 ? 40.0 / Double(max(inputLength, 1)) : 0
        switch tool {
        case .proofread: return (0.75 - slack / 4)...(1.3 + slack / 2)
        case .rewrite: return 0.4...(2.0 + slack)
        case .friendly, .professional: return 0.4...(2.5 + slack)
        case .concise: return 0.05...(1.1 + slack / 4)
        case .summary: return 0.01...(inputLength < 400 ? 1.5 + slack : 0.9)
        case .keyPoints: return 0.02...(inputLength < 400 ? 2.5 + slack : 1.5)
        case .list: return 0.2...(3.0 + slack)
        case .table: return 0.2...(4.0 + slack * 2)
        case let .describeYourChange(instruction):
            let growing = instruction.range(of: #"(?i)\b(long|expand|elaborat|more detail|add|extend|continue)"#, options: .regularExpression) != nil
            return 0.02...(growing ? 12 : 4 + slack)
        }
    }

    // MARK: Helpers

    /// Describe-your-change may restructure on purpose ("as one paragraph", "drop the headings").
    static func translatingOrRestructuring(_ tool: WritingTool) -> Bool {
        if case .describeYourChange = tool { return true }
        return false
    }

    /// Markdown headings (`# …`) and list items (`- …`, `1. …`) in `text`, by line.
    /// The shape of each Markdown table of `text` (a run of non-blank lines holding a delimiter
    /// row, `|---|---|`): the number of unescaped `|` on each of its lines, in order.
    static func tableShapes(_ text: String) -> [[Int]] {
        var shapes: [[Int]] = []
        var block: [Substring] = []
        func flush() {
            if block.contains(where: { ContentOverlap.isDelimiterRow($0.drop(while: { $0 == " " })) && $0.contains("|") }) {
                shapes.append(block.map { line in
                    var pipes = 0, escaped = false
                    for c in line {
                        if escaped { escaped = false; continue }
                        if c == "\\" { escaped = true } else if c == "|" { pipes += 1 }
                    }
                    return pipes
                })
            }
            block = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) { flush() } else { block.append(line) }
        }
        flush()
        return shapes
    }

    static func markdownStructure(_ text: String) -> (headings: Int, items: Int) {
        var h = 0, i = 0
        for line in text.lines(omittingEmpty: true) {
            let t = line.drop(while: { $0 == " " })
            if t.range(of: #"^#{1,6}[ \t]+\S"#, options: .regularExpression) != nil { h += 1 }
            else if t.range(of: #"^([-*+]|\d{1,9}[.)])[ \t]+\S"#, options: .regularExpression) != nil { i += 1 }
        }
        return (h, i)
    }

    static func isPreambleLine(_ line: String) -> Bool {
        guard !line.isEmpty, line.count <= 120 else { return false }
        if matches(line, #"^(?i:sure|certainly|of course|okay|ok|absolutely|great|alright|no problem)\b[^\n]{0,80}[!.:]$"#) { return true }
        if matches(line, #"^(?i:here(?:'s| is| are)|below is|this is|the following is)\b[^\n]{0,100}:$"#) { return true }
        if matches(line, #"^(?i:(?:the |your |a )?(?:corrected|rewritten|revised|edited|proofread|improved|updated|polished|friendlier|more professional|professional|shorter|concise|summari[sz]ed|final)\b[^\n]{0,60}:)$"#) { return true }
        if matches(line, #"^(?i:(?:summary|key points|list|table|rewrite|rewritten text|corrected text)\s*:)$"#) { return true }
        return false
    }

    static func isEpilogue(_ paragraph: String) -> Bool {
        guard !paragraph.isEmpty, paragraph.count <= 400 else { return false }
        return matches(paragraph, #"^(?i:let me know|i hope|hope this|feel free|note:|notes:|changes made|changes:|explanation:|\*\*changes|i (?:have |'ve )?(?:made|corrected|changed|fixed|rewritten|kept|adjusted)|i made|in this (?:version|rewrite)|this (?:version|rewrite) )"#)
    }

    static func matches(_ s: String, _ pattern: String) -> Bool {
        s.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil
    }

    static func capture(_ s: String, _ pattern: String) -> String? {
        guard let re = try? NSRegularExpression(pattern: pattern),
              let m = re.firstMatch(in: s, range: NSRange(location: 0, length: (s as NSString).length)), m.numberOfRanges > 1,
              m.range(at: 1).location != NSNotFound else { return nil }
        return (s as NSString).substring(with: m.range(at: 1))
    }

    static func stripTokens(_ s: String, _ mask: ProtectedSpanMask) -> String {
        guard !mask.spans.isEmpty else { return s }
        var out = s
        for (token, _) in mask.tokens(in: s).reversed() { out = out.replacingOccurrences(of: token, with: " ") }
        return out
    }

    static func words(_ s: String) -> [String] {
        s.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "’") }).map(String.init)
    }

    /// `answer` with its line breaks written as `input` writes most of its own: CRLF for a CRLF
    /// text (``LineBreakStyle/dominant(in:)``), LF for a text with no CR at all.
    static func withLineBreaks(of input: String, _ answer: String) -> String {
        if LineBreakStyle.dominant(in: input) == .crlf {
            return answer.utf16.contains(0x0A) ? LineBreakStyle.writingCRLF(answer).text : answer
        }
        if !input.utf16.contains(0x0D), answer.utf16.contains(0x0D) {
            return answer.replacingOccurrences(of: "\r\n", with: "\n")
        }
        return answer
    }

    /// True for the invisible characters an answer may not add: bidirectional embeddings,
    /// overrides and isolates (U+202A–U+202E, U+2066–U+2069) and zero-width characters
    /// (U+200B–U+200D, U+2060, U+FEFF).
    static func isInvisible(_ v: UInt32) -> Bool {
        (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || (0x200B...0x200D).contains(v) || v == 0x2060 || v == 0xFEFF
    }

    /// The first invisible character (``isInvisible(_:)``) of `output` that `input` does not have.
    static func newInvisibleCharacter(_ output: String, input: String) -> UInt32? {
        var inputHas: Set<UInt32>?
        for scalar in output.unicodeScalars where isInvisible(scalar.value) {
            if inputHas == nil { inputHas = Set(input.unicodeScalars.map(\.value).filter(isInvisible)) }
            if !inputHas!.contains(scalar.value) { return scalar.value }
        }
        return nil
    }

    /// The first control character of `output` (general category Cc: U+0000–U+001F,
    /// U+007F–U+009F; tab, line feed and carriage return excepted) that `input` does not have.
    static func newControlCharacter(_ output: String, input: String) -> UInt32? {
        var inputControls: Set<UInt32>?
        for scalar in output.unicodeScalars where scalar.properties.generalCategory == .control {
            let v = scalar.value
            if v == 0x09 || v == 0x0A || v == 0x0D { continue }
            if inputControls == nil {
                inputControls = Set(input.unicodeScalars.filter { $0.properties.generalCategory == .control }.map(\.value))
            }
            if !inputControls!.contains(v) { return v }
        }
        return nil
    }

    /// The first sentence of a proofread `output` whose case was changed as a whole: three
    /// words or more, and at least 60 % of its words, written in a case the input never uses
    /// for them ("THE QUARTERLY BUDGET IS LATE." for "The quarterly budget is late."). Single
    /// words ("i" → "I", a capital at a sentence's start, a proper name) stay allowed. Calibrated
    /// on human corrections: no JFLEG reference correction (3,016) is caught, one LanguageTool
    /// example correction of 3,564 is (Title Case made sentence case).
    /// With `capitalsOnly`, only words turned to capitals count (for rewrites, which may well
    /// change a word's case otherwise: a heading in Title Case).
    static func recasedSentence(_ input: String, _ output: String, capitalsOnly: Bool = false) -> String? {
        func letterWords(_ s: Substring) -> [Substring] {
            s.split(whereSeparator: { !($0.isLetter || $0 == "'" || $0 == "’") }).filter { $0.contains(where: \.isLetter) }
        }
        var forms: [String: Set<Substring>] = [:]
        for w in letterWords(input[...]) { forms[w.lowercased(), default: []].insert(w) }
        var sentenceStart = output.startIndex
        var i = output.startIndex
        func check(_ end: String.Index) -> String? {
            let sentence = output[sentenceStart..<end]
            let words = letterWords(sentence)
            guard words.count >= 3 else { return nil }
            let changed = words.filter { w in
                guard !capitalsOnly || (w.count >= 2 && w.uppercased() == w) else { return false }
                return forms[w.lowercased()].map { !$0.contains(w) } ?? false
            }.count
            if changed >= 3, Double(changed) >= 0.6 * Double(words.count) {
                return sentence.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return nil
        }
        while i < output.endIndex {
            let ch = output[i]
            let next = output.index(after: i)
            let ends = ch.isLineBreak || (".!?".contains(ch) && (next == output.endIndex || output[next].isWhitespace))
            if ends {
                if let s = check(next) { return s }
                sentenceStart = next
            }
            i = next
        }
        return check(output.endIndex)
    }

    /// 2·LCS / (|a| + |b|) over words (1 = same words in the same order).
    static func wordSimilarity(_ a: String, _ b: String) -> Double {
        let x = words(a), y = words(b)
        if x.isEmpty && y.isEmpty { return 1 }
        if x.isEmpty || y.isEmpty { return 0 }
        if x.count * y.count > 4_000_000 {
            // Too long for the table: shared words as a multiset.
            var bag: [String: Int] = [:]
            for w in x { bag[w, default: 0] += 1 }
            var shared = 0
            for w in y where (bag[w] ?? 0) > 0 { bag[w]! -= 1; shared += 1 }
            return 2 * Double(shared) / Double(x.count + y.count)
        }
        var prev = [Int](repeating: 0, count: y.count + 1)
        var cur = prev
        for i in 1...x.count {
            for j in 1...y.count {
                cur[j] = x[i - 1] == y[j - 1] ? prev[j - 1] + 1 : max(prev[j], cur[j - 1])
            }
            swap(&prev, &cur)
        }
        return 2 * Double(prev[y.count]) / Double(x.count + y.count)
    }
}

/// A Markdown table read from text: a header row, a delimiter row, body rows.
struct MarkdownTableShape {
    var header: [String]
    var rows: [[String]]

    init?(_ text: String) {
        let lines = text.lines(omittingEmpty: true).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let d = lines.firstIndex(where: { Self.isDelimiter($0) }), d >= 1, d + 1 < lines.count else { return nil }
        let header = Self.cells(lines[d - 1])
        let body = lines[(d + 1)...].prefix { $0.contains("|") }.map(Self.cells)
        guard header.count >= 1, !body.isEmpty else { return nil }
        self.header = header
        self.rows = body.map { r in Array((r + Array(repeating: "", count: max(0, header.count - r.count))).prefix(header.count)) }
    }

    static func isDelimiter(_ line: String) -> Bool {
        line.contains("-") && line.range(of: #"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$"#, options: .regularExpression) != nil
    }

    /// The cells of a table row, split at every `|` that is not escaped (`\|` is a pipe inside
    /// a cell, kept as written; GFM 0.29 §4.10: an unescaped pipe splits a cell even inside a
    /// code span).
    static func cells(_ line: String) -> [String] {
        var t = line
        if t.hasPrefix("|") { t.removeFirst() }
        if t.hasSuffix("|"), !t.hasSuffix("\\|") { t.removeLast() }
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for ch in t {
            if escaped { cell.append(ch); escaped = false; continue }
            if ch == "\\" { escaped = true; cell.append(ch); continue }
            if ch == "|" { cells.append(cell); cell = ""; continue }
            cell.append(ch)
        }
        cells.append(cell)
        return cells.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

extension WritingTool {
    /// True for tools whose answer replaces the text (Proofread, the rewrites, Describe-your-change).
    public var isEdit: Bool {
        switch self {
        case .proofread, .rewrite, .friendly, .professional, .concise, .describeYourChange: return true
        case .summary, .keyPoints, .list, .table: return false
        }
    }
}
