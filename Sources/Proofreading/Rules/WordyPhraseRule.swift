import Foundation

/// Flags a long-winded phrase that one word says as well, as a style hint: “due to the fact that”
/// → “because”, “at this point in time” → “now”, “in the event that” → “if”, “until such time
/// as” → “until”, “on a daily basis” → “daily”, “make reference to” → “refer to”.
///
/// Follows the plain-English lists of the *Plain English Campaign* (“The A to Z of alternative
/// words”), the US Federal Plain Language Guidelines (“Use simple words and phrases”) and
/// Garner's *Modern English Usage* (“wordiness”), as LanguageTool's `PLAIN_ENGLISH` rules do.
/// Only phrases that are wordy wherever they stand are listed (not “in order to” or “prior to”,
/// which many writers use on purpose). The matches are hints on wording (not confident:
/// `proofread --fix` leaves them); the offline Concise rewrite makes such edits itself.
public struct WordyPhraseRule: Rule {
    /// Stable rule ID.
    public let id = "EN_WORDY_PHRASE"
    /// Style hints (``RuleCategory/style``).
    public let category = RuleCategory.style
    /// One line saying what the rule checks.
    public let summary = "A wordy phrase that one word says as well (“due to the fact that” → “because”)"

    /// Creates the rule.
    public init() {}

    /// The phrases (see ``PhraseTable``) and their short forms.
    static let table = (PhraseTable([
        ("due to the fact that", "because"), ("owing to the fact that", "because"), ("in light of the fact that", "because"),
        ("in view of the fact that", "because"), ("on account of the fact that", "because"), ("for the reason that", "because"),
        ("in spite of the fact that", "although"), ("regardless of the fact that", "although"),
        ("notwithstanding the fact that", "although"), ("at this point in time", "now"), ("at this moment in time", "now"),
        ("at that point in time", "then"), ("at the present time", "now"), ("in the event that", "if"),
        ("until such time as", "until"), ("during the time that", "while"), ("in a timely manner", "promptly"),
        ("at an early date", "soon"), ("a sufficient number of", "enough"), ("with the exception of", "except"),
        ("on a daily basis", "daily"), ("on a weekly basis", "weekly"), ("on a monthly basis", "monthly"),
        ("on a yearly basis", "yearly"), ("on an annual basis", "annually"), ("on a regular basis", "regularly"),
        ("give consideration to", "consider"), ("gives consideration to", "considers"), ("gave consideration to", "considered"),
        ("giving consideration to", "considering"), ("make reference to", "refer to"), ("makes reference to", "refers to"),
        ("made reference to", "referred to"), ("making reference to", "referring to"),
    ])).hot(.wordyPhraseAnchors)

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The game was called off due to the fact that it rained.", "The game was called off because it rained."),
                        ("We have no plans at this point in time.", "We have no plans now."),
                        ("Call us in the event that the parcel is late.", "Call us if the parcel is late."),
                        ("The report made reference to an older study.", "The report referred to an older study."),
                        ("We back up the files on a daily basis.", "We back up the files daily.")],
            correct: ["The game was called off because it rained.", "The fact that it rained changed nothing.",
                      "In the event, nobody came.", "Everyone came with the exception noted above.", "It is a daily basis for planning."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = table.anchorWords
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        let table = Self.table
        return table.matches(in: sentence).map { m in
            let written = sentence.tokens[m.start...m.end].map(\.text).joined()
            // A hint on wording, for a person to accept: `proofread --fix` leaves it alone.
            return RuleMatch(range: RuleSupport.span(sentence, m.start, m.end), replacements: [m.fix],
                             message: "“\(written)” says in many words what “\(m.fix)” says in one.", isConfident: false)
        }
    }
}
