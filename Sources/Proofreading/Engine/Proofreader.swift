import Foundation
import Synchronization
import TextModel
import DocumentStructure

/// Options of one proofreading run.
public struct ProofreadingOptions: Sendable {
    /// Rule IDs not to run.
    public var disabledRules: Set<String>
    /// How thorough the run is: `.picky` adds the rules for formal text (``Rule/level``).
    public var level: ProofreadingLevel = .default
    /// IDs of picky rules to run at the default level too (LanguageTool's `enabledRules`,
    /// which switches on a rule that is off by default). ``disabledRules`` wins over it.
    public var enabledRules: Set<String> = []
    /// Words accepted besides the dictionary (a user's or workspace's word list).
    public var vocabulary: Vocabulary
    /// How many replacements to keep per match (spelling suggestions are the costly ones).
    public var maxReplacements: Int
    /// Rules run besides the proofreader's own (a user's rule files), after its grammar rules
    /// and before spelling; only a proofreader with the registry's rules runs them.
    public var extraRules: RuleBook?
    /// Asked before each part of the document is checked (each prose segment, and every
    /// ``sentencesBetweenStopChecks`` sentences inside one): true stops the run, which then
    /// returns what it found so far, unsorted (a caller that stops a run must not take its
    /// result for the whole document). Called from several threads at once; nil: never stops.
    public var shouldStop: (@Sendable () -> Bool)?

    /// Where to check, as UTF-16 ranges of the document's text (nil: everywhere): only the prose
    /// segments (paragraph, heading, list item, cell) that a range overlaps or touches are
    /// checked, each whole, so no sentence is cut (no rule reads across a segment). What the run
    /// reads from the whole document is read as for a whole check (names counted across it, its
    /// code vocabulary, suppression comments, whether it is technical, dialect passages); a
    /// finding that depends on other findings (a term's later uses, ``DocumentTerms``) is
    /// judged among the checked segments' findings only. For a caller that re-checks the
    /// paragraphs it changed (a rewrite's edits, issue 34).
    public var checkedRanges: [NSRange]?

    /// How many sentences of one segment are checked between two asks of ``shouldStop``: a
    /// document of one huge paragraph (an editor's 20 MB line) stops part-way too.
    public static let sentencesBetweenStopChecks = 64

    /// Creates options.
    public init(disabledRules: Set<String> = [], vocabulary: Vocabulary = Vocabulary(), maxReplacements: Int = 5, extraRules: RuleBook? = nil) {
        self.disabledRules = disabledRules
        self.vocabulary = vocabulary
        self.maxReplacements = maxReplacements
        self.extraRules = extraRules
    }
}

/// Runs the rules and the speller over a document's prose.
///
/// Only a ``StructuredDocument``'s prose segments are checked, so nothing inside a protected
/// range is ever flagged; rules switched off by `<!-- writing-tools-disable RULE -->` comments
/// (see ``SuppressionComments``) are not reported where the comments say; a rule match that would touch a placeholder or cut through
/// substituted text (an entity, a line break's indentation) is dropped.
public struct Proofreader: Sendable {
    /// The speller (its language is the run's language).
    public let speller: any Speller
    /// The rules it can run, spelling included.
    public let rules: [any Rule]

    /// Creates a proofreader with `speller` and `rules` (all registered rules when `nil`, with
    /// their trigger index made once per process). Of these rules (and a run's
    /// ``ProofreadingOptions/extraRules``), the picky ones run only at ``ProofreadingLevel/picky``
    /// or when enabled by name.
    public init(speller: any Speller, rules: [any Rule]? = nil) {
        self.speller = speller
        let all = rules ?? RuleRegistry.all
        let picky = Set(all.filter { $0.level == .picky }.map(\.id))
        self.usesRegistry = rules == nil
        self.rules = all
        self.pickyRuleIDs = picky
        if let rules {
            let plan = RulePlan(rules)
            self.ownPlan = plan
            self.defaultPlan = picky.isEmpty ? plan : RulePlan(rules.filter { !picky.contains($0.id) })
        } else {
            // The registry's plan with every rule is indexed only when a run asks for the picky
            // rules (``RulePlan/registry``, once per process): a default run indexes the
            // triggers once, not twice.
            self.ownPlan = nil
            self.defaultPlan = picky.isEmpty ? RulePlan.registry : RulePlan.registry(disabling: picky)
        }
    }

    /// True when ``rules`` are the registry's (whose plans without some rules are cached).
    private let usesRegistry: Bool

    /// The plan of rules given to ``init(speller:rules:)``, made once; nil for the registry's.
    private let ownPlan: RulePlan?
    /// The rules with their trigger index (the registry's made when first asked for).
    private var plan: RulePlan { ownPlan ?? RulePlan.registry }
    /// The rules of the default level (``plan`` less the picky rules), made once.
    private let defaultPlan: RulePlan
    /// IDs of the rules that run only at the picky level (``Rule/level``).
    private let pickyRuleIDs: Set<String>

    /// The rules a run with `options` runs: less the disabled ones and, at the default level,
    /// the picky ones it does not enable; a user's rule files join the registry's.
    private func plan(for options: ProofreadingOptions) -> RulePlan {
        let extra = usesRegistry ? options.extraRules.flatMap { $0.rules.isEmpty ? nil : $0 } : nil
        var disabled = options.disabledRules
        if options.level == .default {
            disabled.formUnion(pickyRuleIDs.subtracting(options.enabledRules))
            if let extra { disabled.formUnion(extra.pickyRuleIDs.subtracting(options.enabledRules)) }
        }
        if let extra { return extra.plan(disabling: disabled) }
        if disabled.isEmpty { return plan }
        if options.disabledRules.isEmpty && options.level == .default && options.enabledRules.isEmpty { return defaultPlan }
        return usesRegistry ? RulePlan.registry(disabling: disabled) : RulePlan(rules.filter { !disabled.contains($0.id) })
    }

    /// Matches in `document`, sorted by location then rule ID.
    public func check(_ document: StructuredDocument, options given: ProofreadingOptions = ProofreadingOptions()) -> [ProofreadingSuggestion] {
        // A manual page's metavariables (`-f reffile`) are its own words, as a user's are.
        var withDocumentWords = given
        let metavariables = document.metavariables
        if !metavariables.isEmpty { withDocumentWords.vocabulary.formUnion(Vocabulary(metavariables)) }
        // The letters of an identifier with a number (`sparc64`, `ppc64el`) are its name: the
        // same letters alone (“the Sparc port”) are no slip.
        let stems = Self.numberedNameStems(document.proseSegments)
        if !stems.isEmpty { withDocumentWords.vocabulary.formUnion(Vocabulary(stems)) }
        // A camelCase identifier of the document in lowercase (bzip2's changelog: “fixed
        // bzWrite/bzRead …”, then “fixed bzread to …”) is the same function, not a slip.
        let folded = Self.foldedCamelCaseWords(document.proseSegments)
        if !folded.isEmpty { withDocumentWords.vocabulary.formUnion(Vocabulary(folded)) }
        let options = withDocumentWords
        var documentVocabulary = options.vocabulary
        // (Most documents have no code: no vocabulary to build and merge.)
        if !document.codeVocabulary.isEmpty { documentVocabulary.formUnion(Vocabulary(document.codeVocabulary)) }
        let vocabulary = documentVocabulary
        let names = DocumentNames(counting: document.proseSegments)
        let spacesColons = DocumentTypography.spacesItsColons(document.proseSegments.lazy.map(\.text))
        let plan = plan(for: options)
        let segments = document.proseSegments
        // Each segment's matches depend on that segment alone: a long document's segments are
        // checked on every core (``SegmentChunks``), results joined in order.
        let shouldStop = options.shouldStop
        let checked = options.checkedRanges.map { Self.segments(segments, touching: $0) } ?? segments
        // A stopped run asks no more for the rest of a chunk.
        var out = SegmentChunks.map(checked) { part in
            var found: [ProofreadingSuggestion] = []
            for segment in part {
                if let shouldStop, shouldStop() { break }
                found += check(segment, plan: plan, vocabulary: vocabulary, options: options, document: document, names: names,
                               spacesColons: spacesColons)
            }
            return found
        }.flatMap { $0 }
        // A stopped run's findings are incomplete and dropped by its caller: not sorted or
        // collapsed (on a huge document that took seconds).
        if let shouldStop, shouldStop() { return out }
        // `<!-- writing-tools-disable RULE -->` … `<!-- writing-tools-enable RULE -->`.
        let suppression = SuppressionComments(document: document)
        if !suppression.regions.isEmpty { out.removeAll { suppression.suppresses($0) } }
        out.sort { ($0.range.location, $0.range.length, $0.ruleID) < ($1.range.location, $1.range.length, $1.ruleID) }
        // In a passage written in dialect (“I says”, “warn't”, “nothin'”) no word finding is
        // applied unattended (``NonstandardPassages``).
        out = NonstandardPassages.hedging(out, segments: segments, speller: speller, confident: plan.confidentInDialect)
        // A word the document uses again and again is its term: flagged once (``DocumentTerms``).
        // A technical name the document writes in lowercase keeps it at a sentence's start.
        let hunspell = speller as? HunspellSpeller
        // Optional commas, hyphens and wordy phrases stay silent in technical documents
        // (``TechnicalDocumentStyle``).
        out = TechnicalDocumentStyle.quieting(out, document: document, options: options, quiet: plan.quietInTechnicalDocuments)
        // Initialisms typed in lowercase (`efi`, `gui`, `fd`) in a technical document
        // (``LowercaseInitialisms``).
        out = LowercaseInitialisms.filtering(out, document: document, layers: hunspell?.vocabularyLayers)
        // Technical compounds written solid (`dlltool`, `keyinfo`) in a technical document
        // (``TechnicalCompounds``).
        out = TechnicalCompounds.filtering(out, document: document, hunspell: hunspell)
        // A short word's spelling guess applied unattended in a technical document only when the
        // document writes the guess or it is one of the commonest words (``TechnicalFixEvidence``).
        out = TechnicalFixEvidence.hedging(out, document: document)
        // A word's number the document uses three times or more (“Requests has”, “magics”) is
        // its usage: reported once, as a hint (``RepeatedUsage``).
        out = RepeatedUsage.collapsing(out, text: document.text, rules: plan.repeatedUsage)
        // The second half of a word hyphenated at a line's end (man-db's manual: “This flag
        // suppresses this be-” / “haviour.”): no misspelling when the two halves make a word.
        if document.markup == .plain, out.contains(where: { $0.provenance == .spelling }) {
            let u = Array(document.text.utf16)
            out.removeAll { m in
                m.provenance == .spelling && Self.isSecondHalfOfHyphenatedWord(u, m.range, speller: speller)
            }
        }
        // Rows of a table laid out with spaces, read in the document: a manual page's reach the
        // rules with their column gaps made one space (systemctl(1): “loaded failed failed  User
        // Manager”), and a plain-text table's rows may be checked one by one (fontconfig's
        // “dpi             Double  Target dots per inch”): no word typed twice, no spaces to mend.
        // The rules that say which of their findings are a table's layout (``Rule/tableLayout``).
        if document.markup == .plain, !plan.tableLayoutTests.isEmpty,
           out.contains(where: { plan.tableLayoutTests[$0.ruleID] != nil }) {
            let length = document.text.utf16.count
            out.removeAll { m in
                guard let test = plan.tableLayoutTests[m.ruleID], m.range.location + m.range.length <= length else { return false }
                return test.isLayout(m, document.text)
            }
        }
        let collapsed = DocumentTerms.collapse(out, text: document.text, isPlausible: { hunspell?.isPlausibleWord($0) ?? false })
        return DocumentTerms.keepingLowercaseNames(collapsed, text: document.text, speller: speller,
                                                   codeWords: document.codeVocabulary)
    }

    /// The segments of `segments` (in document order) whose block range overlaps or touches one
    /// of `ranges` (``ProofreadingOptions/checkedRanges``), in order.
    public static func segments(_ segments: [ProseSegment], touching ranges: [NSRange]) -> [ProseSegment] {
        // The ranges merged where they overlap or touch: disjoint, in order.
        var merged: [NSRange] = []
        for r in ranges.sorted(by: { $0.location < $1.location }) {
            if let last = merged.last, r.location <= NSMaxRange(last) {
                merged[merged.count - 1].length = max(NSMaxRange(last), NSMaxRange(r)) - last.location
            } else {
                merged.append(r)
            }
        }
        guard !merged.isEmpty else { return [] }
        return segments.filter { s in
            let b = s.blockRange
            // The first merged range that does not end before the block starts.
            var lo = 0, hi = merged.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if NSMaxRange(merged[mid]) < b.location { lo = mid + 1 } else { hi = mid }
            }
            return lo < merged.count && merged[lo].location <= NSMaxRange(b)
        }
    }

    /// True when `range` of `u` is a word opening a line (after its indentation) whose previous
    /// line ends in letters and a hyphen (`-` or `‐`), and those letters and the word make a word
    /// `speller` accepts (`be-` / `haviour` → “behaviour”, `re-` / `spectively`).
    static func isSecondHalfOfHyphenatedWord(_ u: [UInt16], _ range: NSRange, speller: any Speller) -> Bool {
        let start = range.location, end = range.location + range.length
        guard start > 0, end <= u.count, range.length > 0 else { return false }
        var k = start
        while k > 0, u[k - 1] == 32 || u[k - 1] == 9 { k -= 1 }
        guard k > 0, u[k - 1] == 10 else { return false }
        var h = k - 1
        while h > 0, u[h - 1] == 32 || u[h - 1] == 13 { h -= 1 }
        guard h > 1, u[h - 1] == 45 || u[h - 1] == 0x2010 else { return false }
        var w = h - 1
        func isLetter(_ c: UInt16) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }
        while w > 0, isLetter(u[w - 1]) { w -= 1 }
        guard w < h - 1 else { return false }
        let joined = String(decoding: u[w..<(h - 1)], as: UTF16.self) + String(decoding: u[start..<end], as: UTF16.self)
        return speller.isCorrect(joined)
    }

    /// The lowercase letters before the digits of each word of `segments` made of three ASCII
    /// letters or more, then a digit (`sparc64` → `sparc`, `ppc64el` → `ppc`, `armv7l` →
    /// `armv`): identifiers whose letter part names the thing (an architecture, a codec).
    static func numberedNameStems(_ segments: [ProseSegment]) -> Set<String> {
        var out = Set<String>()
        for segment in segments {
            let b = Array(segment.text.utf8)
            guard b.contains(where: { $0 >= 48 && $0 <= 57 }) else { continue }
            func isLetter(_ c: UInt8) -> Bool { c | 0x20 >= 97 && c | 0x20 <= 122 }
            var i = 0
            while i < b.count {
                guard isLetter(b[i]), i == 0 || !(isLetter(b[i - 1]) || b[i - 1] >= 48 && b[i - 1] <= 57 || b[i - 1] == 95 || b[i - 1] >= 0x80) else { i += 1; continue }
                var j = i
                while j < b.count, isLetter(b[j]) { j += 1 }
                if j - i >= 3, j < b.count, b[j] >= 48, b[j] <= 57 {
                    out.insert(String(decoding: b[i..<j], as: UTF8.self).lowercased())
                }
                i = j
            }
        }
        return out
    }

    /// The lowercase form of each camelCase identifier of `segments`: a run of ASCII letters of
    /// four or more that starts with two lowercase letters and has an uppercase one after them
    /// (`bzRead` → `bzread`, `getElementById` → `getelementbyid`), not touching a digit, an
    /// underscore or a letter outside ASCII.
    static func foldedCamelCaseWords(_ segments: [ProseSegment]) -> Set<String> {
        var out = Set<String>()
        for segment in segments {
            var text = segment.text
            text.withUTF8 { b in
                @inline(__always) func isLower(_ c: UInt8) -> Bool { c >= 97 && c <= 122 }
                @inline(__always) func isUpper(_ c: UInt8) -> Bool { c >= 65 && c <= 90 }
                @inline(__always) func isGlue(_ c: UInt8) -> Bool { c == 95 || c >= 0x80 || (c >= 48 && c <= 57) }
                var i = 0
                while i < b.count {
                    guard isLower(b[i]) || isUpper(b[i]) else { i += 1; continue }
                    var j = i
                    var upperInside = false
                    while j < b.count, isLower(b[j]) || isUpper(b[j]) {
                        if j >= i + 2, isUpper(b[j]) { upperInside = true }
                        j += 1
                    }
                    if upperInside, j - i >= 4, isLower(b[i]), isLower(b[i + 1]),
                       i == 0 || !isGlue(b[i - 1]), j == b.count || !isGlue(b[j]) {
                        out.insert(String(decoding: b[i..<j], as: UTF8.self).lowercased())
                    }
                    i = j
                }
            }
        }
        return out
    }

    /// Capitalised words (an uppercase letter, then lowercase letters) that occur at least three
    /// times in the segments' text: one linear pass over the UTF-8 code units, no tokenizer
    /// (letters and case by Unicode scalar properties; combining marks continue a word).
    static func repeatedCapitalisedWords(_ segments: [ProseSegment]) -> Set<String> {
        // Counted on every core, in chunks, then added up.
        var counts: [String: Int] = [:]
        for part in SegmentChunks.map(segments, capitalisedWordCounts) { counts.merge(part, uniquingKeysWith: +) }
        return Set(counts.filter { $0.value >= 3 }.map(\.key))
    }

    /// How often each capitalised word occurs in `segments` (see ``repeatedCapitalisedWords(_:)``).
    static func capitalisedWordCounts(_ segments: ArraySlice<ProseSegment>) -> [String: Int] {
        var counts: [String: Int] = [:]
        enum Kind { case upper, lower, mark, other }
        @inline(__always) func kind(_ s: Unicode.Scalar) -> Kind {
            if s.value < 0x80 {
                switch s.value {
                case 0x41...0x5A: return .upper
                case 0x61...0x7A: return .lower
                default: return .other
                }
            }
            if s.value >= 0x2010 && s.value <= 0x2027 { return .other } // dashes, quotes, the ellipsis
            let p = s.properties
            if p.isUppercase { return .upper }
            if p.isLowercase { return .lower }
            switch p.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
            default: return p.isAlphabetic ? .mark : .other
            }
        }
        for segment in segments {
            var text = segment.text
            text.withUTF8 { b in
                let n = b.count
                // The scalar at byte `i` and its length in bytes (valid UTF-8).
                @inline(__always) func scalar(_ i: Int) -> (Kind, Int) {
                    let u0 = b[i]
                    if u0 < 0x80 { return (u0 >= 0x41 && u0 <= 0x5A ? .upper : u0 >= 0x61 && u0 <= 0x7A ? .lower : .other, 1) }
                    let (v, len) = UTF8Scalars.decode(b, at: i)
                    return (Unicode.Scalar(v).map(kind) ?? .other, len)
                }
                var i = 0
                var previousIsLetter = false
                while i < n {
                    let (k, len) = scalar(i)
                    guard k == .upper, !previousIsLetter else {
                        previousIsLetter = k != .other
                        i += len
                        continue
                    }
                    let start = i
                    var length = 1
                    var j = i + len
                    var endKind = Kind.other
                    while j < n {
                        let (kj, lj) = scalar(j)
                        guard kj == .lower || kj == .mark else { endKind = kj; break }
                        if kj == .lower { length += 1 }
                        j += lj
                    }
                    if j < n, endKind != .other {
                        // An uppercase letter inside the word (`McDonald`, `JSON`): not a plain capitalised word.
                        previousIsLetter = true
                        i = j
                        continue
                    }
                    if length >= 3 { counts[String(decoding: UnsafeBufferPointer(rebasing: b[start..<j]), as: UTF8.self), default: 0] += 1 }
                    previousIsLetter = false
                    i = j
                }
            }
        }
        return counts
    }

    /// `text` with its straight apostrophes made curly (U+2019).
    static func curled(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "'" ? "\u{2019}" : $0 }))
    }

    /// `replacement` with the white space of `original` put back where the two have the same
    /// number of runs of white space and `original`'s run holds a line break (“I⏎says” and
    /// “I say” give “I⏎say”); otherwise `replacement` as it is.
    static func keepingLineBreaks(of original: String, in replacement: String) -> String {
        func runs(_ s: String) -> [(isSpace: Bool, text: Substring)] {
            var out: [(Bool, Substring)] = []
            var i = s.startIndex
            while i < s.endIndex {
                let space = s[i].isWhitespace
                var j = s.index(after: i)
                while j < s.endIndex, s[j].isWhitespace == space { j = s.index(after: j) }
                out.append((space, s[i..<j]))
                i = j
            }
            return out
        }
        let a = runs(original), b = runs(replacement)
        let aSpaces = a.filter(\.isSpace), bSpaces = b.filter(\.isSpace)
        guard aSpaces.count == bSpaces.count, !aSpaces.isEmpty,
              a.first?.isSpace == b.first?.isSpace, a.last?.isSpace == b.last?.isSpace else { return replacement }
        var k = 0
        var out = ""
        for run in b {
            if run.isSpace {
                let mine = aSpaces[k].text
                out += mine.contains(where: \.isNewline) ? String(mine) : String(run.text)
                k += 1
            } else {
                out += run.text
            }
        }
        return out
    }

    /// `text` with each line break, and the spaces around it, as one space.
    static func oneLine(_ text: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// True when `text` is a table drawn with bars: two lines or more, each with a bar between
    /// cells, every cell one token or empty (`name | ext | mode`, `gzip | gz | stream`).
    static func isTokenTable(_ text: String) -> Bool {
        let lines = text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
        guard lines.count >= 2 else { return false }
        return lines.allSatisfy { line in
            line.contains("|") && line.split(separator: "|", omittingEmptySubsequences: false).allSatisfy { cell in
                !cell.trimmingCharacters(in: .whitespaces).contains(where: \.isWhitespace)
            }
        }
    }

    /// The kind of block of a segment with `intent` (innermost component first).
    static func blockKind(of intent: PresentationIntent) -> BlockKind {
        var kind = BlockKind.other
        for component in intent.components {
            switch component.kind {
            case .header: return .heading
            case .listItem: return .listItem
            case .tableCell, .tableRow, .tableHeaderRow, .table: return .tableCell
            case .paragraph: kind = .paragraph
            default: continue
            }
        }
        return kind
    }

    /// True when the prose segment before `segment` in `document` is a paragraph that ends
    /// without a sentence's end (no “.”, “!”, “?”, “:” or “;”) and only code blocks or displayed
    /// math stand between the two: `segment` goes on the sentence the block interrupted (“If you
    /// see an error like⏎```…```⏎from runc, it means…”: a README-only trial's rewrite made it
    /// “From runc”). After a colon, only when `segment` opens with a verb whose subject is the
    /// code (``opensWithCodesVerb(_:)``: “```…```⏎will create a timeout”).
    static func continuesAnInterruptedSentence(_ segment: ProseSegment, in document: StructuredDocument) -> Bool {
        let segments = document.proseSegments
        let start = segment.blockRange.location
        // The last segment whose block starts before this one's (segments are in document order).
        var lo = 0, hi = segments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if segments[mid].blockRange.location < start { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return false }
        let prev = segments[lo - 1]
        guard Self.blockKind(of: prev.intent) == .paragraph else { return false }
        let prevEnd = prev.blockRange.location + prev.blockRange.length
        guard prevEnd < start, let last = prev.text.unicodeScalars.last(where: { !CharacterSet.whitespacesAndNewlines.contains($0) }),
              CharacterSet.alphanumerics.contains(last) || last == "," || last == ":" && Self.opensWithCodesVerb(segment.text) else { return false }
        // Something other than blank lines between the two, and all of it code or math.
        let gap = NSRange(location: prevEnd, length: start - prevEnd)
        var covered = 0
        for p in document.protectedRanges where NSIntersectionRange(p.range, gap).length > 0 {
            guard p.reason == .fencedCode || p.reason == .indentedCode || p.reason == .math else { return false }
            covered += NSIntersectionRange(p.range, gap).length
        }
        return covered > 0
    }

    /// Verbs that open a paragraph whose subject is the code block right above it (Node.js's
    /// “It allows setting timeouts depending on the platform:⏎```js⏎const timer = …⏎```⏎will
    /// create a 4-second timeout”): modals, forms of “be”, and the verbs that say what code does.
    static let codeSubjectVerbs: WordSet = [
        "will", "would", "can", "could", "should", "may", "might", "must", "is", "are", "was", "were",
        "returns", "prints", "outputs", "produces", "creates", "yields", "gives", "shows", "displays", "logs", "throws",
        "emits", "writes", "sets", "starts", "runs", "fails", "succeeds", "results",
    ]

    /// True when `text` opens with a lowercase word of ``codeSubjectVerbs``: after a lead-in ending
    /// with a colon and a code block, the paragraph goes on with the block as its subject.
    static func opensWithCodesVerb(_ text: String) -> Bool {
        let word = text.drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" }).prefix(while: { $0.isLetter })
        guard let first = word.first, first.isLowercase else { return false }
        return codeSubjectVerbs.contains(String(word))
    }

    /// Matches in one prose segment, in document offsets.
    public func check(_ segment: ProseSegment, rules: [any Rule], vocabulary: Vocabulary,
                      options: ProofreadingOptions, document: StructuredDocument, names: Set<String> = []) -> [ProofreadingSuggestion] {
        check(segment, plan: RulePlan(rules), vocabulary: vocabulary, options: options, document: document, names: DocumentNames(names))
    }

    /// Matches in one prose segment, in document offsets, running each rule only on the
    /// sentences that contain one of its triggers.
    func check(_ segment: ProseSegment, plan: RulePlan, vocabulary: Vocabulary,
               options: ProofreadingOptions, document: StructuredDocument, names: DocumentNames, spacesColons: Bool = false) -> [ProofreadingSuggestion] {
        let blockKind = Self.blockKind(of: segment.intent)
        // A table's cell of one token (`swapp`, `neww`, `gz`: a name, a value, a keyword), or a
        // Markdown paragraph that is a table of such cells drawn with bars and no delimiter row,
        // is no prose (a --fix trial made tmux's alias `swapp` “swap” in a table).
        if blockKind == .tableCell, !segment.text.trimmingCharacters(in: .whitespacesAndNewlines).contains(where: \.isWhitespace) { return [] }
        if blockKind == .paragraph, document.markup == .markdown, Self.isTokenTable(segment.text) { return [] }
        // A paragraph's soft line breaks are spaces between words (“could⏎of”); in plain text,
        // only those before a letter (a line that starts otherwise may be an item of its own).
        let lineBreaks: Tokenizer.LineBreaks
        switch blockKind {
        case .paragraph, .listItem: lineBreaks = document.markup == .markdown ? .spaces : .spacesBeforeLetter
        case .heading, .tableCell, .other: lineBreaks = .kept
        }
        // Tokens made in a store of their own and moved into the sentences, not copied.
        var store = Tokenizer.makeStore(segment.text, lineBreaks: lineBreaks)
        var hasWord = false
        for k in 0..<store.count where store.base[k].kind == .word {
            hasWord = true
            break
        }
        guard hasWord else {
            store.deallocate()
            return []
        }
        var sentences = SentenceSplitter.split(taking: store)
        // Searches that several rules start from, done once (``Rule/sentencePreparation``).
        for p in plan.preparations {
            for k in sentences.indices { p.prepare(&sentences[k]) }
        }
        var isHeading = false
        if case .header = segment.intent.kind { isHeading = true }
        var out: [ProofreadingSuggestion] = []
        var seen = Set<NSRange>()
        // Decided on the first match only (most segments have none): whether the text writes its
        // apostrophes curly, and none straight.
        var curly: Bool?
        func curlyApostrophes() -> Bool {
            if let curly { return curly }
            var sawCurly = false, sawStraight = false
            for sentence in sentences {
                for k in sentence.tokens.indices where sentence.tokens[k].traits.contains(.apostrophe) {
                    if sentence.tokens[k].traits.contains(.curlyApostrophe) { sawCurly = true } else { sawStraight = true }
                }
            }
            curly = sawCurly && !sawStraight
            return curly!
        }
        var context = RuleContext(segmentText: segment.text, sentences: sentences, sentenceIndex: 0,
                                  speller: speller, vocabulary: vocabulary, isHeading: isHeading,
                                  blockKind: blockKind, userVocabulary: options.vocabulary)
        context.names = names
        context.isManualPage = document.isManualPage
        context.spacesColons = spacesColons
        context.continuesInterruptedSentence = blockKind == .paragraph && Self.continuesAnInterruptedSentence(segment, in: document)
        var active: [Int] = []
        active.reserveCapacity(plan.rules.count)
        var pending: [(rule: Int, match: ProofreadingSuggestion)] = []
        let stopEvery = ProofreadingOptions.sentencesBetweenStopChecks
        for (index, sentence) in sentences.enumerated() {
            if index % stopEvery == stopEvery - 1, let stop = options.shouldStop, stop() { break }
            context.sentenceIndex = index
            plan.active(in: sentence, into: &active)
            pending.removeAll(keepingCapacity: true)
            for r in active {
                if context.isManualPage, plan.silentInManualPages[r] { continue }
                // Called in place: `let rule = plan.rules[r]` copied the existential (the rule's
                // stored strings retained and released) for every rule on every sentence.
                let matches = plan.rules[r].check(sentence, context: context)
                for m in matches { pending.append((r, m)) }
            }
            if pending.count > 1 { Self.silenceNextToMisspellings(&pending, sentence: sentence, rules: plan.rules) }
            for (r, m) in pending {
                let rule = plan.rules[r]
                guard let r = segment.documentRange(for: m.range), !document.intersectsProtected(r) else { continue }
                // A fragment of a longer word, cut off by protected text or an inline tag
                // (`Kuber<b>netes</b>`): no word of its own to judge, and never edited alone.
                if document.isWordFragment(m.range, in: segment) { continue }
                // One finding per span: the first rule (registry order) wins.
                guard seen.insert(r).inserted else { continue }
                // A span across markup the segment leaves out (“the [the manual](…)”): pointed
                // at, but no replacement, which would delete the markup.
                var replacements = segment.omitsDocumentText(in: m.range) ? [] : Array(m.replacements.prefix(options.maxReplacements))
                // Text that writes its apostrophes curly gets curly ones in replacements too
                // (“you’re”, not “you're”, in “Your welcome, and you’re right.”).
                if replacements.contains(where: { $0.utf8.contains(0x27) }), curlyApostrophes() {
                    replacements = replacements.map { $0.utf8.contains(0x27) ? Self.curled($0) : $0 }
                }
                // A span across a line break of hard-wrapped text (“I⏎says” → “I say”) keeps the
                // break where the replacement keeps the space: the line is not joined to the next.
                if !replacements.isEmpty, let original = segment.text.substring(utf16Range: m.range),
                   original.utf8.contains(0x0A) || original.utf8.contains(0x0D) {
                    replacements = replacements.map { Self.keepingLineBreaks(of: original, in: $0) }
                }
                // A message that quotes words across a soft line break quotes them on one line.
                let message = m.message.utf8.contains(0x0A) || m.message.utf8.contains(0x0D) ? Self.oneLine(m.message) : m.message
                // Stamped: the rule's id, its category unless the finding has its own, and
                // the speller's findings as its own.
                out.append(ProofreadingSuggestion(range: r, replacements: replacements, ruleID: rule.id,
                                                  category: m.category(or: rule.category), message: message,
                                                  provenance: rule.findsMisspellings ? .spelling : .rules, isConfident: m.isConfident))
            }
        }
        return out
    }

    /// Drops the grammar and confused-word findings of `pending` (one sentence's, rule index
    /// and match) that cover or touch a word the spelling rule flags as a slip (not a name):
    /// a rule must not read “beleive” or “reciev” as another word, so it stays silent next to
    /// one (issue 30, point 4). “Touch”: the word is inside the finding's span or the nearest
    /// word right before or after it (across spaces or a hyphen only). A finding whose span is the unknown word itself stays (a
    /// rule that knows the word: “alot”), as do findings of other categories and the spelling
    /// findings.
    static func silenceNextToMisspellings(_ pending: inout [(rule: Int, match: ProofreadingSuggestion)], sentence: Sentence, rules: [any Rule]) {
        var misspelt: [NSRange] = []
        for (r, m) in pending where !m.hasCategory && rules[r].category == .typos && rules[r].findsMisspellings { misspelt.append(m.range) }
        guard !misspelt.isEmpty else { return }
        let tokens = sentence.tokens
        pending.removeAll { r, m in
            let category = m.category(or: rules[r].category)
            guard category == .grammar || category == .confusedWords else { return false }
            // The span widened to the word right before and after it, across whitespace or a
            // hyphen but not across other punctuation or a number (“many convenient store,
            // 7-11 minimart” keeps its finding on “store”).
            var start = m.range.location, end = m.range.location + m.range.length
            func crossable(_ j: Int) -> Bool { tokens[j].kind == .whitespace || tokens[j].kind == .punctuation && tokens[j].isOne(of: "-") }
            // (Not back to the word before, for a rule that reads only what follows: “recieve an
            // URL” keeps its “a URL”, a README-only trial's sentence.)
            if !rules[r].readsOnlyTheNextWord, let first = tokens.indices.first(where: { tokens[$0].range.location >= start }) {
                var j = first - 1
                while j >= 0, crossable(j) { j -= 1 }
                if j >= 0, tokens[j].kind == .word { start = tokens[j].range.location }
            }
            if let last = tokens.indices.last(where: { tokens[$0].end <= end }) {
                var j = last + 1
                while j < tokens.count, crossable(j) { j += 1 }
                if j < tokens.count, tokens[j].kind == .word { end = tokens[j].end }
            }
            // A finding on the unknown word itself is a rule that knows it (“alot”): it stays; so
            // does one whose span holds the unknown word and whose fix no longer has it (“many
            // informations” → “much information”: the rule knows the form it replaces).
            let fix = m.replacements.first
            return misspelt.contains { w in
                guard w != m.range, w.location < end, w.location + w.length > start else { return false }
                let inside = w.location >= m.range.location && w.location + w.length <= m.range.location + m.range.length
                guard inside, let fix, !fix.isEmpty else { return true }
                guard let t = tokens.indices.first(where: { tokens[$0].range == w }) else { return true }
                let word = tokens[t].text
                return fix.range(of: "\\b" + NSRegularExpression.escapedPattern(for: word) + "\\b", options: [.regularExpression, .caseInsensitive]) != nil
            }
        }
    }
}
