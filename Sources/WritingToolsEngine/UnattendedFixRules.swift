import Foundation

/// The rules whose findings are preferences or conventions, not corrections: never applied
/// without a person looking (`proofread --fix`, the language server's unattended fixes: the
/// public `FixPolicy` of WritingTools), and never by a rewrite's proofreading pass (Friendly
/// made "three line items" "three-line items": a hyphen by form, not a certain fix).
public enum UnattendedFixRules {
    /// The rule IDs.
    public static let preferenceRules: Set<String> = [
        "EN_SPLIT_COMPOUND", "EN_COMPOUND_MODIFIER_HYPHEN", "EN_COMMA_COMPOUND_SENTENCE", "EN_INTRODUCTORY_COMMA",
        "CONSECUTIVE_SPACES", "EN_WORDY_PHRASE", "EN_REDUNDANT_PHRASE", "TYPOGRAPHIC_SYMBOLS",
        // Agreement read across a phrase the rule cannot parse for sure: a parameter's name
        // (“If steps is not specified”), a subject before a modifier (“names without SIG prefix
        // are”), a count used as a modifier (“to 32 bit”) were all made wrong.
        "EN_PLURAL_SUBJECT_COMMA_PHRASE", "EN_BARE_PLURAL_SUBJECT", "EN_QUANTIFIER_PLURAL",
    ]
}
