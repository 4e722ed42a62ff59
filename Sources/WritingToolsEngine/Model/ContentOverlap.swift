import Foundation
import TextModel

/// How much of a text's content a model's answer keeps, and whether it says things the text
/// does not: the output contract's measure against an answer that obeys an instruction inside
/// the text ("reply with the single word APPROVED") instead of editing it.
///
/// **Content words** are words of three letters or more, or with a digit, that are not function
/// words (``OfflineLexicon/stopWords``), compared by stem (``OfflineLexicon/stem(_:)`` with a
/// final "e" dropped, so that "move" and "moved" meet). Phrases that Concise and Professional
/// remove or replace by design (the ``RewritePhrasebook`` entries of kinds wordy, filler, hedge
/// and informal: "in order to", "due to the fact that", "basically", "thx") are taken out of
/// both texts first. Sets of distinct stems are compared, so the cost is linear in the texts.
///
/// Calibration (see `ContentOverlapTests`): hand-written genuine answers of every tool keep 40 %
/// or more of their text's content stems (the lowest: a Professional rewrite with synonyms for
/// most words); answers that obey an instruction or replace the text keep 12 % or less.
struct ContentOverlap {
    /// The text's distinct content stems.
    let inputStems: Set<String>
    /// The answer's distinct content stems.
    let outputStems: Set<String>
    /// The answer, for finding units (sentences, items, rows) that share nothing with the text.
    let output: String

    /// Measures `output` against `input` (both with placeholders already removed).
    init(input: String, output: String) {
        inputStems = Set(Self.stems(input))
        outputStems = Set(Self.stems(output))
        self.output = output
    }

    /// Distinct stems found in both.
    var shared: Int { inputStems.intersection(outputStems).count }
    /// Share of the text's stems the answer keeps (0–1; 1 when the text has none).
    var coverage: Double { inputStems.isEmpty ? 1 : Double(shared) / Double(inputStems.count) }
    /// Share of the answer's stems that come from the text (0–1; 1 when the answer has none).
    var precision: Double { outputStems.isEmpty ? 1 : Double(shared) / Double(outputStems.count) }

    /// A text with fewer content stems than this is judged leniently (one shared stem will do):
    /// a short note may be reworded entirely by a tone change.
    static let shortText = 5
    /// An edit (Rewrite, Friendly, Professional, Concise) keeps at least this share of the
    /// text's content stems.
    static let minimumEditCoverage = 0.3
    /// A result (Summary, Key Points, List, Table) takes at least this share of its content
    /// stems from the text.
    static let minimumResultPrecision = 0.4
    /// A sentence, item or row of a result with this many content stems, none of them from the
    /// text, is a new claim.
    static let newClaimStems = 3

    /// The contract's verdict for `tool`; nil when the answer passes. Proofread and
    /// Describe-your-change are not measured here (Proofread has its word similarity; a described
    /// change may legitimately replace everything).
    func violation(for tool: WritingTool) -> OutputContract.Violation? {
        switch tool {
        case .rewrite, .friendly, .professional, .concise:
            if inputStems.count < Self.shortText {
                // Short: something of the text must remain, once the answer has content at all.
                if inputStems.count >= 2, !outputStems.isEmpty, shared == 0 { return .answeredInsteadOfEditing(similarity: 0) }
                return nil
            }
            // Most of the answer comes from elsewhere: an answer to the text, not an edit of it.
            if inputStems.count >= 8, precision < 0.2 { return .answeredInsteadOfEditing(similarity: precision) }
            // Whatever its length, an answer that drops most of the text's content is no edit of it.
            if coverage < Self.minimumEditCoverage { return .contentDropped(kept: coverage) }
            return nil
        case .summary, .keyPoints, .list, .table:
            if inputStems.count < 2 { return nil }
            if inputStems.count >= Self.shortText, precision < Self.minimumResultPrecision {
                return .answeredInsteadOfEditing(similarity: precision)
            }
            // It must draw on the text: a few of its content words at least (one word is not a summary).
            let needed = min(3, Int((Double(inputStems.count) * 0.3).rounded(.up)))
            if shared < needed { return .contentDropped(kept: coverage) }
            if let unit = newClaim(skippingTableHeader: tool == .table) { return .newClaim(unit) }
            return nil
        case .proofread, .describeYourChange:
            return nil
        }
    }

    /// How a tool that edits may treat one of the text's paragraphs: a paragraph with at least
    /// `stems` content stems of its own (distinct, and in no other paragraph of the text) must
    /// keep at least `kept` of them somewhere in the answer.
    /// A whole paragraph's content gone is lost text, not an edit, whatever the rest keeps (a
    /// trial's model dropped 3 of 5 paragraphs, 40 % of the stems kept, and `rewrite -i` wrote it).
    /// - Proofread corrects words: a paragraph keeps half of its stems (a genuine proofread keeps
    ///   nearly all).
    /// - Rewrite, Friendly, Professional reword: a quarter (Professional's synonyms keep 40 % of
    ///   a whole text's stems at the lowest; a paragraph may vary more).
    /// - Concise shortens and may merge paragraphs, but keeps what each says: a sixth of a
    ///   paragraph of six stems or more.
    /// Results (Summary, Key Points, List, Table) and Describe-your-change are not measured.
    static func paragraphMeasure(for tool: WritingTool) -> (stems: Int, kept: Double)? {
        switch tool {
        case .proofread: return (3, 0.5)
        case .rewrite, .friendly, .professional: return (4, 0.25)
        case .concise: return (6, 1.0 / 6.0)
        case .summary, .keyPoints, .list, .table, .describeYourChange: return nil
        }
    }

    /// The first paragraph of `input` (split at blank lines) whose content the answer dropped
    /// under ``paragraphMeasure(for:)``: its text and the share of its stems kept; nil when every
    /// paragraph is kept (or the text has a single paragraph: the whole-text measures judge it).
    static func droppedParagraph(input: String, output: String, tool: WritingTool) -> (paragraph: String, kept: Double)? {
        guard let measure = paragraphMeasure(for: tool) else { return nil }
        let parts = Self.paragraphs(of: input)
        guard parts.count > 1 else { return nil }
        let outputStems = Set(stems(output))
        let each = parts.map { Set(stems($0)) }
        var seen: [String: Int] = [:]
        for stems in each { for s in stems { seen[s, default: 0] += 1 } }
        for (paragraph, stems) in zip(parts, each) {
            // Its own stems: those no other paragraph has (a dropped paragraph's words that
            // others repeat would still be in the answer).
            let own = stems.filter { seen[$0] == 1 }
            guard own.count >= measure.stems else { continue }
            let kept = Double(own.intersection(outputStems).count) / Double(own.count)
            if kept < measure.kept { return (paragraph, kept) }
        }
        return nil
    }

    /// The paragraphs of `text`: runs of lines between blank lines.
    static func paragraphs(of text: String) -> [String] {
        var out: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { out.append(current.joined(separator: "\n")); current = [] }
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { out.append(current.joined(separator: "\n")) }
        return out
    }

    /// The first sentence, list item or table cell of the answer with ``newClaimStems`` content
    /// stems or more and none of them from the text. With `skippingTableHeader`, a table's
    /// header row (the line before its delimiter row: labels a table adds, "Name | Role | City")
    /// is not a claim.
    func newClaim(skippingTableHeader: Bool = false) -> String? {
        var body = output
        if skippingTableHeader {
            let lines = output.lines()
            if let d = lines.firstIndex(where: Self.isDelimiterRow), d >= 1 {
                body = lines[(d + 1)...].joined(separator: "\n")
            }
        }
        for unit in Self.units(body) {
            let stems = Set(Self.stems(unit))
            if stems.count >= Self.newClaimStems, stems.isDisjoint(with: inputStems) {
                return unit.trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// A table's delimiter row, Markdown (`| --- | :-: |`) or plain (`-----  ----`).
    static func isDelimiterRow(_ line: Substring) -> Bool {
        line.contains("---") && line.allSatisfy { $0 == "-" || $0 == "|" || $0 == ":" || $0 == " " || $0 == "\t" }
    }

    // MARK: Words

    /// Sentences (split after `.`, `!`, `?`, `;` or `:` before a space), lines and table cells.
    static func units(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        var previous: Character = " "
        for ch in text {
            if ch.isLineBreak || ch == "|" || (ch.isWhitespace && ".!?;:".contains(previous)) {
                if current.contains(where: \.isLetter) { out.append(current) }
                current = ""
            } else {
                current.append(ch)
            }
            previous = ch
        }
        if current.contains(where: \.isLetter) { out.append(current) }
        return out
    }

    /// The content stems of `text`, in order, repeated as often as they occur.
    static func stems(_ text: String) -> [String] {
        let plain = removingRewritablePhrases(text)
        var out: [String] = []
        for raw in OutputContract.words(plain) {
            let w = raw.replacingOccurrences(of: "’", with: "'").trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            guard !w.isEmpty, !OfflineLexicon.stopWords.contains(w) else { continue }
            let hasDigit = w.contains(where: \.isNumber)
            guard hasDigit || w.count >= 3 else { continue }
            out.append(key(w))
        }
        return out
    }

    /// The comparison key of a lowercased word: its stem, without a final "e" ("moved" → "mov",
    /// "move" → "mov"; ``OfflineLexicon/stem(_:)`` keeps the "e" of four-letter words).
    static func key(_ word: String) -> String {
        var s = OfflineLexicon.stem(word)
        if s.count >= 4, s.hasSuffix("e") { s.removeLast() }
        return s
    }

    /// `text` with the phrases Concise and Professional remove or replace by design blanked out.
    static func removingRewritablePhrases(_ text: String) -> String {
        guard let re = rewritablePhrases else { return text }
        return re.stringByReplacingMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length), withTemplate: " ")
    }

    /// One expression for every wordy, filler, hedge and informal phrase of the phrasebook (the
    /// ones made of letters, apostrophes and spaces), longest first, matched as whole words.
    static let rewritablePhrases: NSRegularExpression? = {
        let kinds: Set<RewritePhrase.Kind> = [.wordy, .filler, .hedge, .informal]
        var patterns = Set<String>()
        for p in RewritePhrasebook.all where kinds.contains(p.kind) {
            var t = p.pattern
            while t.hasSuffix(",") { t.removeLast() }
            guard !t.isEmpty, t.allSatisfy({ $0.isLetter || $0 == " " || $0 == "'" }) else { continue }
            patterns.insert(t)
        }
        guard !patterns.isEmpty else { return nil }
        let alternation = patterns.sorted { ($0.count, $0) > ($1.count, $1) }
            .map { NSRegularExpression.escapedPattern(for: $0).replacingOccurrences(of: " ", with: "\\s+") }
            .joined(separator: "|")
        return try? NSRegularExpression(pattern: "\\b(?:" + alternation + ")\\b", options: [.caseInsensitive])
    }()
}
