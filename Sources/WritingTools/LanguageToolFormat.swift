import Foundation

/// LanguageTool's match JSON (`/v2/check`'s `matches[]`, from LanguageTool's
/// `RuleMatchesAsJsonSerializer`), written for every front end by one encoder: the CLI's
/// `proofread --format json` report and the HTTP server's `/v2/check` answer.
///
/// Offsets are UTF-16 code units, as LanguageTool's (Java string indices). Keys are written in
/// sorted order, so the text equals what `JSONSerialization` writes with `.sortedKeys` and
/// `.withoutEscapingSlashes`.
public enum LanguageToolFormat {
    /// Which fields a match carries.
    public struct MatchOptions: Sendable {
        /// LanguageTool's full match for its clients: adds `contextForSureMatch`,
        /// `ignoreForIncompleteSentence`, `rule.issueType`, `sentence` and `type`, and reports
        /// spelling under LanguageTool's rule id (``wireRuleID(for:language:)``) and category
        /// `TYPOS`. False: the CLI report's shape (our rule ids, no such fields).
        public var languageToolFields: Bool
        /// LanguageTool's compact form (`c=1`): no `context` and no `sentence`, at most five
        /// replacements.
        public var compact: Bool
        /// The language checked (BCP 47, `en-US`): part of LanguageTool's spelling rule id.
        public var language: String

        /// Options; the defaults give the CLI report's shape.
        public init(languageToolFields: Bool = false, compact: Bool = false, language: String = "en-US") {
            self.languageToolFields = languageToolFields
            self.compact = compact
            self.language = language
        }
    }

    /// Rule ID → one-line summary (LanguageTool's `rule.description`).
    public static let ruleSummaries: [String: String] = Dictionary(
        WritingToolsChecker.rules.map { ($0.id, $0.summary) }, uniquingKeysWith: { a, _ in a })

    /// Our rules that LanguageTool would call text-level (`TextLevelRule`: they look at the
    /// text around a sentence, not the sentence alone): spacing (LanguageTool's
    /// `WHITESPACE_RULE` is one) and a sentence's capital, which depends on how the previous
    /// sentence ended. `mode=textLevelOnly` runs only these, `mode=allButTextLevelOnly` the others,
    /// so the browser add-on's two requests give disjoint sets that together are `mode=all`.
    public static let textLevelRuleIDs: Set<String> = ["CONSECUTIVE_SPACES", "UPPERCASE_SENTENCE_START"]

    /// LanguageTool rule ids that clients name (to disable, mostly) → ours. Any
    /// `MORFOLOGIK_RULE_*`, `HUNSPELL_*` or `*_SPELLER_RULE` / `*_SPELLING_RULE` id is our
    /// `SPELLING` (``ourRuleID(forWire:)``).
    public static let ruleAliases: [String: String] = [
        "WHITESPACE_RULE": "CONSECUTIVE_SPACES",
        "ENGLISH_WORD_REPEAT_RULE": "REPEATED_WORD",
        "WORD_REPEAT_RULE": "REPEATED_WORD",
        "COMMA_PARENTHESIS_WHITESPACE": "SPACE_BEFORE_PUNCTUATION",
        "I_LOWERCASE": "EN_I_LOWERCASE",
        "EN_DOUBLE_PUNCTUATION": "DOUBLE_PUNCTUATION",
    ]

    /// Our rule id for a rule id a client sent (upper-cased): a LanguageTool alias
    /// (``ruleAliases``), a LanguageTool spelling rule id (`MORFOLOGIK_RULE_EN_US` → `SPELLING`), or
    /// the id itself.
    public static func ourRuleID(forWire id: String) -> String {
        let upper = id.uppercased()
        if let ours = ruleAliases[upper] { return ours }
        if upper.hasPrefix("MORFOLOGIK_") || upper.hasPrefix("HUNSPELL_") || upper.hasSuffix("_SPELLER_RULE")
            || upper.hasSuffix("_SPELLING_RULE") { return "SPELLING" }
        return upper
    }

    /// True when the suggestion is a word the dictionary lacks (LanguageTool's `UnknownWord`):
    /// the spelling rule's typos and possible names, not its notes on a paragraph it did not check.
    public static func isUnknownWord(_ s: ProofreadingSuggestion) -> Bool {
        s.ruleID == "SPELLING" && (s.category == .typos || s.category == .names)
    }

    /// The rule id LanguageTool's clients expect: `MORFOLOGIK_RULE_EN_US` (LanguageTool's own
    /// English spelling rule id, language and variant upper-cased, `-` as `_`) for an unknown
    /// word, so that LTeX offers "add to dictionary" and flycheck filters spelling; our id
    /// otherwise.
    public static func wireRuleID(for s: ProofreadingSuggestion, language: String) -> String {
        guard isUnknownWord(s) else { return s.ruleID }
        return "MORFOLOGIK_RULE_" + language.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// The category clients see: `TYPOS` for every unknown word (names included, as
    /// LanguageTool reports them), ours otherwise.
    public static func wireCategory(for s: ProofreadingSuggestion) -> RuleCategory {
        isUnknownWord(s) ? .typos : s.category
    }

    /// LanguageTool's `rule.issueType` (an ITS 2.0 localization-quality issue type) for a
    /// category id.
    public static func issueType(categoryID: String, ruleID: String) -> String {
        switch categoryID {
        case "TYPOS", "NAMES": return "misspelling"
        case "GRAMMAR", "CONFUSED_WORDS": return "grammar"
        case "PUNCTUATION", "CASING": return "typographical"
        case "TYPOGRAPHY": return ruleID.contains("SPACE") ? "whitespace" : "typographical"
        case "REDUNDANCY": return ruleID == "REPEATED_WORD" ? "duplication" : "style"
        case "STYLE": return "style"
        case "SEMANTICS": return "inconsistency"
        default: return "uncategorized"
        }
    }

    /// Writes one match: `{"context":…,"length":…,"message":…,"offset":…,"provenance":…,
    /// "replacements":[…],"rule":…,"shortMessage":…}` (with ``MatchOptions/languageToolFields``
    /// also `contextForSureMatch`, `ignoreForIncompleteSentence`, `rule.issueType`, `sentence` and
    /// `type`).
    ///
    /// - Parameters:
    ///   - units: the UTF-16 of the checked text (`s.range` indexes it): the context (±40 units,
    ///     never cutting a surrogate pair) comes from it.
    ///   - sentence: the sentence holding the match (LanguageTool's `sentence`; "" when unknown).
    ///   - reportedRange: the `offset`/`length` to report when they differ from `s.range` (text
    ///     sent with markup, whose offsets count the markup); nil for `s.range`.
    public static func writeMatch(_ s: ProofreadingSuggestion, units: [UInt16], sentence: String = "",
                                  reportedRange: NSRange? = nil, options: MatchOptions = MatchOptions(),
                                  to out: inout JSONLineWriter) {
        let lt = options.languageToolFields
        let range = reportedRange ?? s.range
        if options.compact {
            out.raw("{")
        } else {
            // Context: up to 40 UTF-16 units either side, cut at character boundaries (never
            // inside a surrogate pair).
            func boundary(_ k: Int) -> Bool { k <= 0 || k >= units.count || !UTF16.isTrailSurrogate(units[k]) }
            let location = min(max(0, s.range.location), units.count)
            var a = max(0, location - 40)
            var b = min(units.count, location + s.range.length + 40)
            while a > 0, !(boundary(a) && boundary(location)) { a -= 1 }
            while b < units.count, !(boundary(location) && boundary(b)) { b += 1 }
            let context = a <= b && boundary(a) && boundary(b) ? String(decoding: units[a..<b], as: UTF16.self) : ""
            out.raw("{\"context\":{\"length\":")
            out.integer(s.range.length)
            out.raw(",\"offset\":")
            out.integer(s.range.location - a)
            out.raw(",\"text\":")
            out.string(context)
            out.raw("},")
        }
        if lt {
            // LanguageTool's defaults: no rule of ours needs more context to be sure.
            out.raw("\"contextForSureMatch\":0,\"ignoreForIncompleteSentence\":false,")
        }
        out.raw("\"length\":")
        out.integer(range.length)
        out.raw(",\"message\":")
        out.string(s.message)
        out.raw(",\"offset\":")
        out.integer(range.location)
        out.raw(",\"provenance\":")
        out.string(s.provenance.rawValue)
        out.raw(",\"replacements\":[")
        let replacements = options.compact ? Array(s.replacements.prefix(5)) : s.replacements
        for (k, r) in replacements.enumerated() {
            out.raw(k == 0 ? "{\"value\":" : ",{\"value\":")
            out.string(r)
            out.raw("}")
        }
        let category = lt ? wireCategory(for: s) : s.category
        out.raw("],\"rule\":{\"category\":{\"id\":")
        out.string(category.rawValue)
        out.raw(",\"name\":")
        out.string(category.displayName)
        out.raw("},\"description\":")
        out.string(ruleSummaries[s.ruleID] ?? s.message)
        out.raw(",\"id\":")
        out.string(lt ? wireRuleID(for: s, language: options.language) : s.ruleID)
        if lt {
            out.raw(",\"issueType\":")
            out.string(issueType(categoryID: category.rawValue, ruleID: s.ruleID))
        }
        out.raw("},")
        if lt && !options.compact {
            out.raw("\"sentence\":")
            out.string(sentence)
            out.raw(",")
        }
        out.raw("\"shortMessage\":")
        out.string(s.category.displayName)
        if lt {
            out.raw(",\"type\":{\"typeName\":")
            out.raw(isUnknownWord(s) ? "\"UnknownWord\"" : s.category == .misc ? "\"Hint\"" : "\"Other\"")
            out.raw("}")
        }
        out.raw("}")
    }
}
