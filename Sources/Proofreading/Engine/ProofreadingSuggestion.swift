import Foundation

// The one finding type, from the rule that finds it to every front end's wire format
// (docs/ARCHITECTURE.md, “Findings”): a rule returns it, the proofreader places and stamps it,
// the engines and the Writing Tools API pass it on, and the CLI, the language server and the
// HTTP server encode it.

/// Categories of findings, with LanguageTool's category ids as raw values (the `/v2/check`
/// wire format's `rule.category.id`).
public enum RuleCategory: String, Sendable, CaseIterable, Codable {
    /// Misspellings (LanguageTool `TYPOS`).
    case typos = "TYPOS"
    /// Grammar: agreement, verb forms, articles (`GRAMMAR`).
    case grammar = "GRAMMAR"
    /// Punctuation (`PUNCTUATION`).
    case punctuation = "PUNCTUATION"
    /// Typography and spacing (`TYPOGRAPHY`).
    case typography = "TYPOGRAPHY"
    /// Capitalisation (`CASING`).
    case casing = "CASING"
    /// Commonly confused words (`CONFUSED_WORDS`).
    case confusedWords = "CONFUSED_WORDS"
    /// Repeated words and redundancy (`REDUNDANCY`).
    case redundancy = "REDUNDANCY"
    /// Style hints (`STYLE`).
    case style = "STYLE"
    /// A wordy phrase a plainer one says better (`PLAIN_ENGLISH`): the offline rewrite's
    /// wordy-phrase edits.
    case plainEnglish = "PLAIN_ENGLISH"
    /// Statements that cannot be true, such as a date's wrong weekday (`SEMANTICS`).
    case semantics = "SEMANTICS"
    /// Notes on the text rather than findings in it, such as a paragraph in a language other
    /// than the one checked (LanguageTool `MISC`).
    case misc = "MISC"
    /// Capitalised words the dictionary lacks that are no slip of a known word: names, most
    /// likely (`Siobhan`, `Niamh`), shown as hints (LSP `DiagnosticSeverity.Hint`) rather than as
    /// typos. Ours: LanguageTool reports such words under `TYPOS`.
    case names = "NAMES"

    /// A human-readable name, as LanguageTool's `rule.category.name`.
    public var displayName: String {
        switch self {
        case .typos: return "Possible Typo"
        case .grammar: return "Grammar"
        case .punctuation: return "Punctuation"
        case .typography: return "Typography"
        case .casing: return "Capitalization"
        case .confusedWords: return "Commonly Confused Words"
        case .redundancy: return "Redundant Phrases"
        case .style: return "Style"
        case .plainEnglish: return "Plain English"
        case .semantics: return "Semantics"
        case .names: return "Possible Name"
        case .misc: return "Miscellaneous"
        }
    }
}

/// Which part of the engine produced a suggestion.
public enum SuggestionProvenance: String, Sendable, Hashable, Codable {
    /// The built-in rule engine (grammar, punctuation, typography, casing rules, rule files).
    case rules
    /// The built-in speller (Hunspell dictionary and our suggester): the `SPELLING` rule.
    case spelling
    /// A language model's corrected text, diffed into edits.
    case languageModel = "model"
}

/// One proofreading suggestion: a finding in a text with its fixes, from the rule that finds it
/// to every front end's wire format.
///
/// `range` is in UTF-16 code units, zero-based and end-exclusive. A rule's finding, as
/// ``Rule/check(_:context:)`` returns it, is in the offsets of the segment the rule saw
/// (``RuleContext/segmentText``) and has no rule id yet: the rule does not know it. The
/// ``Proofreader`` then places it in the document's text (never overlapping a protected range)
/// and stamps it with the rule's ``Rule/id``, the rule's ``Rule/category`` unless the rule gave
/// one of its own, and its ``provenance``; every suggestion past the proofreader (the engines',
/// a model's, the Writing Tools API's) is in the offsets of the whole checked text.
public struct ProofreadingSuggestion: Hashable, Sendable {
    /// UTF-16 range in the checked text (in the rule's segment until the proofreader places it).
    public var range: NSRange
    /// Replacements for the range, best first; empty when there is no automatic fix.
    public var replacements: [String]
    /// The stable id of the rule that found it (`EN_A_VS_AN`, `SPELLING`, `LANGUAGE_MODEL`);
    /// empty in a rule's finding until the proofreader stamps it.
    public var ruleID: String
    /// The category, LanguageTool's (`TYPOS` / “Possible Typo”).
    public var category: RuleCategory
    /// One line a person understands, e.g. “Use “an” before words that start with a vowel sound.”
    public var message: String
    /// Which part of the engine produced it.
    public var provenance: SuggestionProvenance
    /// True when the first replacement may be applied without a person looking: every rule's
    /// fix by default, and a spelling guess only when the word is one cheap slip from a known
    /// word (`recieve`, `Teh`), not for names or product names (`Kubernetes`).
    public var isConfident: Bool
    /// False for a rule's finding made without a category of its own: the proofreader gives it
    /// the rule's (``category`` holds `.misc` until then). True for every stamped suggestion.
    var hasCategory: Bool

    /// Creates a suggestion in the offsets of the whole checked text.
    public init(range: NSRange, replacements: [String], ruleID: String, category: RuleCategory, message: String,
                provenance: SuggestionProvenance = .rules, isConfident: Bool = true) {
        self.range = range
        self.replacements = replacements
        self.ruleID = ruleID
        self.category = category
        self.message = message
        self.provenance = provenance
        self.isConfident = isConfident
        self.hasCategory = true
    }

    /// Creates a rule's finding, in the offsets of the segment the rule saw, for the
    /// proofreader to stamp with the rule's id and category: `category` only when it is not the
    /// rule's own (the spelling rule's ``RuleCategory/names`` for a capitalised word that is no
    /// slip).
    public init(range: NSRange, replacements: [String], message: String, isConfident: Bool = true, category: RuleCategory? = nil) {
        self.range = range
        self.replacements = replacements
        self.ruleID = ""
        self.category = category ?? .misc
        self.message = message
        self.provenance = .rules
        self.isConfident = isConfident
        self.hasCategory = category != nil
    }

    /// The category, or `rule`'s when this rule's finding has none of its own.
    func category(or rule: RuleCategory) -> RuleCategory { hasCategory ? category : rule }
}
