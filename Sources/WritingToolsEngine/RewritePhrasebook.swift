import Foundation

/// The tone or length a rule-based rewrite aims at.
public enum RewriteStyle: String, Sendable, Hashable, CaseIterable {
    /// Shorter: wordy phrases, redundancies, filler words and hedges.
    case concise
    /// More formal: informal words, slang, repeated exclamation marks, emoticons, contractions.
    case professional
    /// Warmer: contractions and softer phrasing.
    case friendly
}

/// One phrase edit of the offline rewrites: a pattern, its replacement, the reason shown to the
/// user, and examples the tests run (the edit must turn `example` into `expected`, and leave
/// each of `keeps` unchanged).
public struct RewritePhrase: Sendable, Hashable {
    /// Why a phrase is edited (the category of the reviewable edit).
    public enum Kind: String, Sendable, Hashable {
        /// A wordy phrase with a shorter equivalent.
        case wordy
        /// A filler or intensifier that adds nothing.
        case filler
        /// A hedge that weakens a statement.
        case hedge
        /// Slang or an informal word.
        case informal
        /// Punctuation or an emoticon.
        case punctuation
        /// A contraction (made for Friendly, expanded for Professional).
        case contraction
        /// Stiff or harsh phrasing made softer.
        case softer
    }

    /// Stable ID (`CONCISE_IN_ORDER_TO`).
    public var id: String
    /// The style it belongs to.
    public var style: RewriteStyle
    /// The kind of edit.
    public var kind: Kind
    /// The words to find, lowercased, spaces between words; punctuation written next to a word
    /// must be next to it in the text too (`":)"`, `"!!"`).
    public var pattern: String
    /// What replaces the phrase, in lower case unless a capital is always needed ("I'm"); empty
    /// to delete it. The first letter is capitalised when the phrase's was.
    public var replacement: String
    /// One sentence for the user.
    public var reason: String
    /// A sentence the edit changes…
    public var example: String
    /// …into this.
    public var expected: String
    /// Sentences the edit must leave alone (meaning would change).
    public var keeps: [String]
    /// The edit is not made when the next word is one of these.
    public var notBefore: Set<String>
    /// The edit is not made when the previous word is one of these.
    public var notAfter: Set<String>
    /// When set, the edit is made only before one of these words.
    public var onlyBefore: Set<String>?
    /// The edit needs a word right after the phrase (a contraction at the end of a clause —
    /// "I know what it is." — would be wrong).
    public var needsWordAfter: Bool
    /// The edit is made only at the end of a clause (before punctuation, a line break or the
    /// end of the text), or after sentence-final punctuation (for emoticons).
    public var onlyAtClauseEnd: Bool
    /// The edit is made only at the start of a sentence.
    public var onlyAtSentenceStart: Bool
    /// The pattern's negation is part of an idiom the replacement keeps in other words ("do not
    /// hesitate to" → "feel free to"); without this, an edit that loses a negation is never made.
    public var negationIdiom: Bool
    /// The phrase is also an ordinary word or a name when written with a capital ("RN", a
    /// registered nurse; the letter "U"; "Ur", the city): matched only in lower case.
    public var onlyLowercase: Bool
    /// The edit is not made before a word that can only be a noun ("it's capacity", "you're
    /// thoughts"): there the contraction is most likely a misused possessive, which the
    /// proofreader fixes or leaves for the user; spelt out ("it is capacity") it would be worse.
    public var notBeforeNoun: Bool
    /// The phrase is a sign-off: made only where it stands alone on its line, a comma after it
    /// allowed ("Yours faithfully,"), never inside a sentence ("We remain, Sir, yours
    /// faithfully," is a closing of its own, and "warm regards" would break it).
    public var onlyOnOwnLine: Bool
    /// The replacement ends in an infinitive's "to" ("you must" → "you'll need to"): not made
    /// before an adverb ("you must therefore follow" is no "you'll need to therefore follow").
    public var notBeforeAdverb: Bool
    /// The phrase is an obligation ("you must"), which a licence's or a contract's terms state
    /// as they are: not made in a paragraph about a licence, its terms or conditions.
    public var notInLicenceTerms: Bool

    /// The edit makes a sentence clearer without changing its tone or emphasis, as Rewrite's
    /// do: a hedge on the writer's own statement ("I think that"), a wordy phrase said plainly
    /// ("in order to" → "to") or dropped when it says nothing ("it should be noted that"); not a
    /// filler or intensifier ("very", "basically") or a connective ("furthermore,"), which
    /// Concise cuts and which carry tone and flow.
    public var isClarityEdit: Bool {
        guard style == .concise else { return false }
        switch kind {
        case .hedge: return true
        case .wordy: return !(replacement.isEmpty && pattern.hasSuffix(","))
        default: return false
        }
    }

    init(_ id: String, _ style: RewriteStyle, _ kind: Kind, _ pattern: String, _ replacement: String, _ reason: String,
         _ example: String, _ expected: String, keeps: [String] = [], notBefore: Set<String> = [], notAfter: Set<String> = [],
         onlyBefore: Set<String>? = nil, needsWordAfter: Bool = false, onlyAtClauseEnd: Bool = false, onlyAtSentenceStart: Bool = false, negationIdiom: Bool = false, onlyLowercase: Bool = false,
         notBeforeNoun: Bool = false, notBeforeAdverb: Bool = false, onlyOnOwnLine: Bool = false, notInLicenceTerms: Bool = false) {
        self.id = id
        self.style = style
        self.kind = kind
        self.pattern = pattern
        self.replacement = replacement
        self.reason = reason
        self.example = example
        self.expected = expected
        self.keeps = keeps
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.onlyBefore = onlyBefore
        self.needsWordAfter = needsWordAfter
        self.onlyAtClauseEnd = onlyAtClauseEnd
        self.onlyAtSentenceStart = onlyAtSentenceStart
        self.negationIdiom = negationIdiom
        self.onlyLowercase = onlyLowercase
        self.notBeforeNoun = notBeforeNoun
        self.notBeforeAdverb = notBeforeAdverb
        self.onlyOnOwnLine = onlyOnOwnLine
        self.notInLicenceTerms = notInLicenceTerms
    }
}

/// The phrase lists of the offline Concise, Professional and Friendly rewrites (data; every
/// entry's examples run as tests in `RewritePhrasebookTests`).
///
/// Sources for the wordy phrases: the U.S. Plain Language guidelines (plainlanguage.gov, "Use
/// simple words and phrases") and Strunk and White's "Omit needless words"; the lists are ours.
/// Redundancies ("past history") are not here: Concise takes them from the proofreader's
/// `RedundantPhraseRule`, one list for both.
public enum RewritePhrasebook {

    /// Every entry, all styles.
    public static let all: [RewritePhrase] = concise + professional + friendly

    /// Professional entries that fix texting spellings rather than change the register ("u",
    /// "ur", "pls", a lower-case "i"): Friendly makes them too, as a warm text has no errors.
    public static let textingErrors: Set<String> = ["PRO_U", "PRO_UR", "PRO_UR_YOURE", "PRO_PLS", "PRO_PLZ", "PRO_LOWERCASE_I", "PRO_PPL"]

    /// Entries of one style.
    public static func phrases(for style: RewriteStyle) -> [RewritePhrase] {
        switch style {
        case .concise: return concise
        case .professional: return professional
        case .friendly: return friendly
        }
    }

    /// Concise: wordy phrases, fillers and hedges (and, from `RedundantPhraseRule`, redundancies).
    public static let concise: [RewritePhrase] = [
        .init("CONCISE_IN_ORDER_TO", .concise, .wordy, "in order to", "to", "“In order to” says no more than “to”.",
              "We met in order to plan the launch.", "We met to plan the launch.",
              keeps: ["The files are in order to the best of my knowledge.", "We will in order to be safe postpone the launch."],
              notBefore: ["the", "a", "my", "our", "your", "their"],
              // After a modal the phrase is an aside between the modal and its verb (“we will, in
              // order to be safe, postpone”): “we will to be safe postpone” is no sentence.
              notAfter: ["will", "would", "shall", "should", "can", "could", "may", "might", "must", "to", "not"]),
        .init("CONCISE_DUE_TO_THE_FACT_THAT", .concise, .wordy, "due to the fact that", "because", "“Because” says it in one word.",
              "We stopped due to the fact that it rained.", "We stopped because it rained."),
        .init("CONCISE_IN_VIEW_OF_THE_FACT_THAT", .concise, .wordy, "in view of the fact that", "because", "“Because” says it in one word.",
              "Send it now, in view of the fact that the project starts soon.", "Send it now, because the project starts soon."),
        .init("CONCISE_IT_IS_THE_CASE_THAT", .concise, .wordy, "it is the case that", "", "“It is the case that” adds nothing to the statement after it.",
              "It is the case that the bug blocks our reports.", "The bug blocks our reports.",
              keeps: ["It is not the case that the bug blocks our reports."]),
        .init("CONCISE_OWING_TO_THE_FACT_THAT", .concise, .wordy, "owing to the fact that", "because", "“Because” says it in one word.",
              "Owing to the fact that it rained, we stopped.", "Because it rained, we stopped."),
        .init("CONCISE_IN_LIGHT_OF_THE_FACT_THAT", .concise, .wordy, "in light of the fact that", "because", "“Because” says it in one word.",
              "In light of the fact that sales fell, we cut costs.", "Because sales fell, we cut costs."),
        .init("CONCISE_DESPITE_THE_FACT_THAT", .concise, .wordy, "despite the fact that", "although", "“Although” says it in one word.",
              "Despite the fact that it rained, we played.", "Although it rained, we played."),
        .init("CONCISE_IN_SPITE_OF_THE_FACT_THAT", .concise, .wordy, "in spite of the fact that", "although", "“Although” says it in one word.",
              "In spite of the fact that it rained, we played.", "Although it rained, we played."),
        .init("CONCISE_AT_THIS_POINT_IN_TIME", .concise, .wordy, "at this point in time", "now", "“Now” says the same.",
              "At this point in time we have no plans.", "Now we have no plans."),
        .init("CONCISE_AT_THE_PRESENT_TIME", .concise, .wordy, "at the present time", "now", "“Now” says the same.",
              "We are busy at the present time.", "We are busy now."),
        .init("CONCISE_AT_THAT_POINT_IN_TIME", .concise, .wordy, "at that point in time", "then", "“Then” says the same.",
              "At that point in time we left.", "Then we left."),
        .init("CONCISE_FOR_THE_PURPOSE_OF", .concise, .wordy, "for the purpose of", "for", "“For” says the same.",
              "We met for the purpose of planning.", "We met for planning."),
        .init("CONCISE_IN_THE_EVENT_THAT", .concise, .wordy, "in the event that", "if", "“If” says the same.",
              "In the event that it fails, call me.", "If it fails, call me."),
        .init("CONCISE_IN_THE_NEAR_FUTURE", .concise, .wordy, "in the near future", "soon", "“Soon” says the same.",
              "We will ship it in the near future.", "We will ship it soon."),
        .init("CONCISE_A_LARGE_NUMBER_OF", .concise, .wordy, "a large number of", "many", "“Many” says the same.",
              "A large number of users wrote in.", "Many users wrote in."),
        .init("CONCISE_THE_MAJORITY_OF", .concise, .wordy, "the majority of", "most", "“Most” says the same.",
              "The majority of users agree.", "Most users agree."),
        .init("CONCISE_HAS_THE_ABILITY_TO", .concise, .wordy, "has the ability to", "can", "“Can” says the same.",
              "The tool has the ability to fix typos.", "The tool can fix typos."),
        .init("CONCISE_HAVE_THE_ABILITY_TO", .concise, .wordy, "have the ability to", "can", "“Can” says the same.",
              "Users have the ability to export.", "Users can export.",
              keeps: ["They will have the ability to vote."], notAfter: ["will", "would", "to", "should", "might", "may", "must", "could"]),
        .init("CONCISE_IS_ABLE_TO", .concise, .wordy, "is able to", "can", "“Can” says the same.",
              "The parser is able to read tables.", "The parser can read tables."),
        .init("CONCISE_ARE_ABLE_TO", .concise, .wordy, "are able to", "can", "“Can” says the same.",
              "Users are able to export.", "Users can export."),
        .init("CONCISE_WITH_REGARD_TO", .concise, .wordy, "with regard to", "about", "“About” says the same.",
              "I am writing with regard to your order.", "I am writing about your order."),
        .init("CONCISE_WITH_RESPECT_TO", .concise, .wordy, "with respect to", "about", "“About” says the same.",
              "I have a question with respect to the invoice.", "I have a question about the invoice.",
              keeps: ["The derivative with respect to x is zero."], notBefore: ["x", "y", "z", "t", "time"]),
        .init("CONCISE_IN_REFERENCE_TO", .concise, .wordy, "in reference to", "about", "“About” says the same.",
              "I am calling in reference to your letter.", "I am calling about your letter."),
        .init("CONCISE_PRIOR_TO", .concise, .wordy, "prior to", "before", "“Before” is plainer.",
              "Read the guide prior to installing.", "Read the guide before installing."),
        .init("CONCISE_SUBSEQUENT_TO", .concise, .wordy, "subsequent to", "after", "“After” is plainer.",
              "Subsequent to the meeting, we left.", "After the meeting, we left."),
        .init("CONCISE_IN_ADDITION_TO", .concise, .wordy, "in addition to", "besides", "“Besides” says the same.",
              "In addition to tests, we wrote docs.", "Besides tests, we wrote docs."),
        .init("CONCISE_UNTIL_SUCH_TIME_AS", .concise, .wordy, "until such time as", "until", "“Until” says the same.",
              "Wait until such time as the build passes.", "Wait until the build passes."),
        .init("CONCISE_DUE_TO_THE_FACT", .concise, .wordy, "due to the fact", "because", "“Because” says it in one word.",
              "We stopped due to the fact it rained.", "We stopped because it rained."),
        .init("CONCISE_MAKE_A_DECISION", .concise, .wordy, "make a decision", "decide", "A verb says it more directly than “make a decision”.",
              "We need to make a decision today.", "We need to decide today."),
        .init("CONCISE_CAME_TO_THE_CONCLUSION", .concise, .wordy, "came to the conclusion", "concluded", "A verb says it more directly.",
              "We came to the conclusion that it works.", "We concluded that it works."),
        .init("CONCISE_GIVE_CONSIDERATION_TO", .concise, .wordy, "give consideration to", "consider", "A verb says it more directly.",
              "Please give consideration to my offer.", "Please consider my offer."),
        .init("CONCISE_IN_THE_PROCESS_OF", .concise, .wordy, "in the process of", "", "“In the process of” adds nothing before a verb.",
              "We are in the process of moving.", "We are moving."),
        .init("CONCISE_FIRST_AND_FOREMOST", .concise, .wordy, "first and foremost", "first", "“First” says the same.",
              "First and foremost, thank you.", "First, thank you."),
        .init("CONCISE_VERY", .concise, .filler, "very", "", "“Very” rarely adds meaning; a stronger word does.",
              "The results were very good.", "The results were good.",
              keeps: ["Thank you very much.", "It was the very first day.", "At the very least, call.", "Not very good."],
              notBefore: ["much", "many", "few", "little", "well", "least", "best", "first", "last", "same", "end", "beginning", "own", "next", "top", "bottom", "moment", "thing", "idea", "start", "edge", "heart", "day"],
              notAfter: ["the", "this", "that", "these", "those", "his", "her", "its", "their", "our", "my", "your", "not", "isn't", "wasn't", "aren't", "weren't", "no", "at"]),
        .init("CONCISE_REALLY", .concise, .filler, "really", "", "“Really” adds little here.",
              "The demo was really impressive.", "The demo was impressive.",
              keeps: ["I'm not really sure.", "Really?", "Is it really true?", "Do you really think so?"],
              notAfter: ["not", "isn't", "don't", "doesn't", "didn't", "wasn't", "aren't", "weren't", "never", "it", "you", "do", "does", "did"],
              needsWordAfter: true),
        .init("CONCISE_BASICALLY_COMMA", .concise, .filler, "basically,", "", "“Basically” adds nothing.",
              "Basically, the build is broken.", "The build is broken."),
        .init("CONCISE_BASICALLY", .concise, .filler, "basically", "", "“Basically” adds nothing.",
              "The build is basically broken.", "The build is broken.", notAfter: [","], needsWordAfter: true),
        .init("CONCISE_ACTUALLY", .concise, .filler, "actually", "", "“Actually” adds nothing here.",
              "I actually finished the report.", "I finished the report.",
              keeps: ["Is it actually true?", "The actual cost was higher."], notAfter: ["it", "is", "was", "are", "were", "not", "did", "does", "do"], needsWordAfter: true),
        .init("CONCISE_JUST_WANTED_TO_START", .concise, .filler, "just wanted to", "I wanted to", "“Just” adds nothing; the sentence needs its subject.",
              "Just wanted to follow up on the budget.", "I wanted to follow up on the budget.", onlyAtSentenceStart: true),
        .init("CONCISE_JUST_WANTED_TO", .concise, .filler, "just wanted to", "wanted to", "“Just” adds nothing here.",
              "I just wanted to say thanks.", "I wanted to say thanks.", keeps: ["He just arrived.", "It was a just cause."]),
        .init("CONCISE_JUST_WANT_TO", .concise, .filler, "just want to", "want to", "“Just” adds nothing here.",
              "I just want to check the dates.", "I want to check the dates."),
        // “Just” after a modal softens the verb and says nothing more (“I can just read the
        // notes”, “we could just push it to Tuesday”); not “just about”, “just as”, “just in
        // case”, “just like”, where it means “almost” or “exactly”.
        .init("CONCISE_CAN_JUST", .concise, .filler, "can just", "can", "“Just” adds nothing here.",
              "I can just read the notes afterwards.", "I can read the notes afterwards.", keeps: ["It can just about fit."],
              notBefore: ["about", "as", "like", "in", "because", "a", "the", "so"], needsWordAfter: true),
        .init("CONCISE_COULD_JUST", .concise, .filler, "could just", "could", "“Just” adds nothing here.",
              "We could just push it to Tuesday.", "We could push it to Tuesday.", keeps: ["It could just as well rain."],
              notBefore: ["about", "as", "like", "in", "because", "a", "the", "so"], needsWordAfter: true),
        .init("CONCISE_WILL_JUST", .concise, .filler, "will just", "will", "“Just” adds nothing here.",
              "I will just send the file.", "I will send the file.", keeps: ["It will just about fit."],
              notBefore: ["about", "as", "like", "in", "because", "a", "the", "so"], needsWordAfter: true),
        .init("CONCISE_WOULD_JUST", .concise, .filler, "would just", "would", "“Just” adds nothing here.",
              "I would just ask them.", "I would ask them.", keeps: ["It would just as well fail."],
              notBefore: ["about", "as", "like", "in", "because", "a", "the", "so"], needsWordAfter: true),
        .init("CONCISE_JUST_CHECKING", .concise, .filler, "just checking", "checking", "“Just” adds nothing here.",
              "Just checking that you got it.", "Checking that you got it."),
        .init("CONCISE_I_THINK_THAT", .concise, .hedge, "i think that", "", "A hedge: say it directly.",
              "I think that the plan works.", "The plan works.",
              keeps: ["What I think that means is unclear.", "I don't think that it works."], onlyAtSentenceStart: true),
        .init("CONCISE_I_BELIEVE_THAT", .concise, .hedge, "i believe that", "", "A hedge: say it directly.",
              "I believe that the plan works.", "The plan works.", onlyAtSentenceStart: true),
        .init("CONCISE_IT_SHOULD_BE_NOTED_THAT", .concise, .wordy, "it should be noted that", "", "Say the point directly.",
              "It should be noted that tests are slow.", "Tests are slow.", onlyAtSentenceStart: true),
        .init("CONCISE_IT_IS_IMPORTANT_TO_NOTE_THAT", .concise, .wordy, "it is important to note that", "", "Say the point directly.",
              "It is important to note that tests are slow.", "Tests are slow.", onlyAtSentenceStart: true),
        .init("CONCISE_IT_IS_WORTH_NOTING_THAT", .concise, .wordy, "it is worth noting that", "", "Say the point directly.",
              "It is worth noting that tests are slow.", "Tests are slow.", onlyAtSentenceStart: true),
        .init("CONCISE_IT_IS_WORTH_MENTIONING_THAT", .concise, .wordy, "it is worth mentioning that", "", "Say the point directly.",
              "It is worth mentioning that tests are slow.", "Tests are slow.", onlyAtSentenceStart: true),
        // A formal letter's boilerplate (issue 34: a trial's Concise left all three of these
        // in a formal e-mail). "Please" for a formal request changes its register: Concise's
        // (`.softer`), not Rewrite's, which keeps the tone.
        .init("CONCISE_HEREBY_ACKNOWLEDGE_RECEIPT", .concise, .wordy, "we hereby wish to acknowledge receipt of", "we have received", "Say it plainly.",
              "Today we hereby wish to acknowledge receipt of your letter.", "Today we have received your letter."),
        .init("CONCISE_WISH_TO_ACKNOWLEDGE_RECEIPT", .concise, .wordy, "we wish to acknowledge receipt of", "we have received", "Say it plainly.",
              "We wish to acknowledge receipt of your letter.", "We have received your letter."),
        .init("CONCISE_ACKNOWLEDGE_RECEIPT", .concise, .wordy, "we acknowledge receipt of", "we have received", "Say it plainly.",
              "We acknowledge receipt of your letter.", "We have received your letter."),
        .init("CONCISE_INCUMBENT_UPON_US_INFORM", .concise, .wordy, "it is incumbent upon us to inform you that", "we must tell you that", "Say it plainly.",
              "It is incumbent upon us to inform you that the office closes.", "We must tell you that the office closes."),
        .init("CONCISE_INCUMBENT_UPON_US", .concise, .wordy, "it is incumbent upon us to", "we must", "Say it plainly.",
              "It is incumbent upon us to reply.", "We must reply."),
        .init("CONCISE_INCUMBENT_UPON_ME", .concise, .wordy, "it is incumbent upon me to", "I must", "Say it plainly.",
              "It is incumbent upon me to reply.", "I must reply."),
        .init("CONCISE_INCUMBENT_UPON_YOU", .concise, .wordy, "it is incumbent upon you to", "you must", "Say it plainly.",
              "It is incumbent upon you to reply.", "You must reply."),
        .init("CONCISE_MOST_GRATEFUL_SO_KIND_WE", .concise, .softer, "we should be most grateful if you would be so kind as to", "please", "Say it plainly.",
              "We should be most grateful if you would be so kind as to reply.", "Please reply."),
        .init("CONCISE_MOST_GRATEFUL_SO_KIND_I", .concise, .softer, "i should be most grateful if you would be so kind as to", "please", "Say it plainly.",
              "I should be most grateful if you would be so kind as to reply.", "Please reply."),
        .init("CONCISE_GRATEFUL_IF_YOU_WOULD_WE", .concise, .softer, "we would be grateful if you would", "please", "Say it plainly.",
              "We would be grateful if you would reply.", "Please reply.", onlyAtSentenceStart: true),
        .init("CONCISE_GRATEFUL_IF_YOU_WOULD_I", .concise, .softer, "i would be grateful if you would", "please", "Say it plainly.",
              "I would be grateful if you would reply.", "Please reply.", onlyAtSentenceStart: true),
        .init("CONCISE_IF_YOU_WOULD_BE_SO_KIND_AS_TO", .concise, .wordy, "if you would be so kind as to", "if you would", "Say it plainly.",
              "We would be glad if you would be so kind as to reply.", "We would be glad if you would reply."),
        .init("CONCISE_IT_IS_A_WELL_KNOWN_FACT_THAT", .concise, .wordy, "it is a well-known fact that", "", "Say the fact.",
              "It is a well-known fact that tests are slow.", "Tests are slow.", onlyAtSentenceStart: true),
        .init("CONCISE_IT_GOES_WITHOUT_SAYING_THAT", .concise, .filler, "it goes without saying that", "", "If it need not be said, say it plainly.",
              "It goes without saying that tests are slow.", "Tests are slow.", onlyAtSentenceStart: true, negationIdiom: true),
        .init("CONCISE_THE_FACT_OF_THE_MATTER_IS_THAT", .concise, .wordy, "the fact of the matter is that", "", "Say the fact.",
              "The fact of the matter is that tests are slow.", "Tests are slow.", onlyAtSentenceStart: true),
        .init("CONCISE_IN_ACTUAL_FACT", .concise, .wordy, "in actual fact,", "", "“In actual fact” adds nothing.",
              "In actual fact, tests are slow.", "Tests are slow.", onlyAtSentenceStart: true),
        .init("CONCISE_IN_MY_OPINION_COMMA", .concise, .hedge, "in my opinion,", "", "A hedge: say it directly.",
              "In my opinion, the plan works.", "The plan works.", onlyAtSentenceStart: true),
        .init("CONCISE_FIRST_OF_ALL", .concise, .wordy, "first of all,", "first,", "“First” says the same.",
              "First of all, thank you.", "First, thank you."),
        .init("CONCISE_HAVE_COME_TO_THE_CONCLUSION", .concise, .wordy, "have come to the conclusion", "have concluded", "A verb says it more directly.",
              "We have come to the conclusion that it works.", "We have concluded that it works."),
        .init("CONCISE_HAS_COME_TO_THE_CONCLUSION", .concise, .wordy, "has come to the conclusion", "has concluded", "A verb says it more directly.",
              "She has come to the conclusion that it works.", "She has concluded that it works."),
        .init("CONCISE_A_NUMBER_OF", .concise, .wordy, "a number of", "several", "“Several” says the same.",
              "There are a number of reasons.", "There are several reasons.",
              keeps: ["Enter a number of your choice.", "Pick a number of at least ten."], notBefore: ["your", "my", "the", "at", "between", "from", "that", "which"]),
        .init("CONCISE_LATER_ON", .concise, .wordy, "later on", "later", "“Later” says the same.",
              "We can fix it later on.", "We can fix it later."),
        .init("CONCISE_WHETHER_OR_NOT", .concise, .wordy, "whether or not", "whether", "“Whether” says the same.",
              "Ask whether or not the build passed.", "Ask whether the build passed.", keeps: ["It ships, whether or not you agree."],
              notAfter: [","], negationIdiom: true),
        .init("CONCISE_IT_IS_RECOMMENDED_THAT_YOU", .concise, .wordy, "it is recommended that you", "you should", "“You should” says it directly, without the passive.",
              "It is recommended that you back up the disk first.", "You should back up the disk first."),
        .init("CONCISE_IT_IS_SUGGESTED_THAT_YOU", .concise, .wordy, "it is suggested that you", "you should", "“You should” says it directly, without the passive.",
              "It is suggested that you restart the server.", "You should restart the server."),
        .init("CONCISE_IT_IS_ADVISED_THAT_YOU", .concise, .wordy, "it is advised that you", "you should", "“You should” says it directly, without the passive.",
              "It is advised that you read the notes.", "You should read the notes."),
        .init("CONCISE_MAKE_USE_OF", .concise, .wordy, "make use of", "use", "“Use” says the same.",
              "We make use of the cache.", "We use the cache."),
        .init("CONCISE_MAKES_USE_OF", .concise, .wordy, "makes use of", "uses", "“Uses” says the same.",
              "The tool makes use of the cache.", "The tool uses the cache."),
        .init("CONCISE_MADE_USE_OF", .concise, .wordy, "made use of", "used", "“Used” says the same.",
              "We made use of the cache.", "We used the cache."),
        .init("CONCISE_REACH_A_DECISION", .concise, .wordy, "reach a decision", "decide", "A verb says it more directly.",
              "We will reach a decision on Friday.", "We will decide on Friday."),
        .init("CONCISE_MAKE_AN_ASSUMPTION_THAT", .concise, .wordy, "make the assumption that", "assume that", "A verb says it more directly.",
              "We make the assumption that the input is sorted.", "We assume that the input is sorted."),
        .init("CONCISE_CONDUCT_AN_INVESTIGATION_INTO", .concise, .wordy, "conduct an investigation into", "investigate", "A verb says it more directly.",
              "We will conduct an investigation into the outage.", "We will investigate the outage."),
        .init("CONCISE_PROVIDE_AN_EXPLANATION_OF", .concise, .wordy, "provide an explanation of", "explain", "A verb says it more directly.",
              "Please provide an explanation of the change.", "Please explain the change."),
        .init("CONCISE_GIVE_AN_EXPLANATION_OF", .concise, .wordy, "give an explanation of", "explain", "A verb says it more directly.",
              "Please give an explanation of the change.", "Please explain the change."),
        .init("CONCISE_HAVE_A_DISCUSSION_ABOUT", .concise, .wordy, "have a discussion about", "discuss", "A verb says it more directly.",
              "We should have a discussion about the budget.", "We should discuss the budget."),
        .init("CONCISE_IS_IN_NEED_OF", .concise, .wordy, "is in need of", "needs", "“Needs” says the same.",
              "The page is in need of an update.", "The page needs an update."),
        .init("CONCISE_ARE_IN_NEED_OF", .concise, .wordy, "are in need of", "need", "“Need” says the same.",
              "The pages are in need of an update.", "The pages need an update."),
        .init("CONCISE_IS_DEPENDENT_ON", .concise, .wordy, "is dependent on", "depends on", "A verb says it more directly.",
              "The result is dependent on the input.", "The result depends on the input."),
        .init("CONCISE_ARE_DEPENDENT_ON", .concise, .wordy, "are dependent on", "depend on", "A verb says it more directly.",
              "The results are dependent on the input.", "The results depend on the input."),
        .init("CONCISE_IS_INDICATIVE_OF", .concise, .wordy, "is indicative of", "indicates", "A verb says it more directly.",
              "The error is indicative of a full disk.", "The error indicates a full disk."),
        .init("CONCISE_ON_THE_GROUNDS_THAT", .concise, .wordy, "on the grounds that", "because", "“Because” says it in one word.",
              "They refused on the grounds that it was late.", "They refused because it was late."),
        .init("CONCISE_IN_THE_ABSENCE_OF", .concise, .wordy, "in the absence of", "without", "“Without” says the same.",
              "In the absence of a config file, defaults apply.", "Without a config file, defaults apply."),
        .init("CONCISE_EACH_AND_EVERY", .concise, .wordy, "each and every", "every", "“Every” says the same.",
              "Each and every test passed.", "Every test passed."),
        .init("CONCISE_ON_A_DAILY_BASIS", .concise, .wordy, "on a daily basis", "daily", "“Daily” says the same.",
              "We deploy on a daily basis.", "We deploy daily."),
        .init("CONCISE_ON_A_REGULAR_BASIS", .concise, .wordy, "on a regular basis", "regularly", "“Regularly” says the same.",
              "We test on a regular basis.", "We test regularly."),
        .init("CONCISE_AS_A_RESULT_OF", .concise, .wordy, "as a result of", "because of", "“Because of” says the same.",
              "We stopped as a result of the rain.", "We stopped because of the rain."),
        .init("CONCISE_FOR_THE_REASON_THAT", .concise, .wordy, "for the reason that", "because", "“Because” says it in one word.",
              "We stopped for the reason that it rained.", "We stopped because it rained."),
        .init("CONCISE_IN_EXCESS_OF", .concise, .wordy, "in excess of", "more than", "“More than” is plainer.",
              "It costs in excess of ten dollars.", "It costs more than ten dollars."),
        .init("CONCISE_IN_CLOSE_PROXIMITY_TO", .concise, .wordy, "in close proximity to", "near", "“Near” says the same.",
              "The office is in close proximity to the station.", "The office is near the station."),
        .init("CONCISE_DURING_THE_COURSE_OF", .concise, .wordy, "during the course of", "during", "“During” says the same.",
              "We met during the course of the week.", "We met during the week."),
        .init("CONCISE_WITH_THE_EXCEPTION_OF", .concise, .wordy, "with the exception of", "except", "“Except” says the same.",
              "All passed with the exception of one.", "All passed except one."),
        .init("CONCISE_HAVE_A_TENDENCY_TO", .concise, .wordy, "have a tendency to", "tend to", "“Tend to” says the same.",
              "Teams have a tendency to drift.", "Teams tend to drift."),
        .init("CONCISE_HAS_A_TENDENCY_TO", .concise, .wordy, "has a tendency to", "tends to", "“Tends to” says the same.",
              "The build has a tendency to break.", "The build tends to break."),
        .init("CONCISE_SO_AS_TO", .concise, .wordy, "so as to", "to", "“To” says the same.",
              "We left early so as to catch the train.", "We left early to catch the train.", notAfter: ["not"]),
        .init("CONCISE_ALL_OF_A_SUDDEN", .concise, .wordy, "all of a sudden", "suddenly", "“Suddenly” says the same.",
              "All of a sudden the build failed.", "Suddenly the build failed."),
        .init("CONCISE_THE_WAY_IN_WHICH", .concise, .wordy, "the way in which", "how", "“How” says the same.",
              "I like the way in which it works.", "I like how it works."),
        .init("CONCISE_TAKE_INTO_CONSIDERATION", .concise, .wordy, "take into consideration", "consider", "A verb says it more directly.",
              "Please take into consideration the cost.", "Please consider the cost."),
        .init("CONCISE_MAKE_AN_ATTEMPT_TO", .concise, .wordy, "make an attempt to", "try to", "“Try to” says the same.",
              "We will make an attempt to fix it.", "We will try to fix it."),
        .init("CONCISE_IN_A_TIMELY_MANNER", .concise, .wordy, "in a timely manner", "promptly", "“Promptly” says the same.",
              "Please reply in a timely manner.", "Please reply promptly."),
        .init("CONCISE_AT_ALL_TIMES", .concise, .wordy, "at all times", "always", "“Always” says the same.",
              "Keep the door locked at all times.", "Keep the door locked always."),
        .init("CONCISE_SIMPLY", .concise, .filler, "simply", "", "“Simply” adds nothing here.",
              "Small changes are simply the most reliable way.", "Small changes are the most reliable way.",
              keeps: ["Put simply, it works.", "It is not simply a bug."], notAfter: ["not", "put", "quite", "very", "more", "most", "so", "to"], needsWordAfter: true),
        .init("CONCISE_CERTAINLY", .concise, .filler, "certainly", "", "“Certainly” adds nothing here.",
              "The plan is certainly ambitious.", "The plan is ambitious.", keeps: ["Certainly!", "It is not certainly true."],
              notAfter: ["not", "almost", "most"], needsWordAfter: true),
        .init("CONCISE_DEFINITELY", .concise, .filler, "definitely", "", "“Definitely” adds nothing here.",
              "We will definitely ship on Monday.", "We will ship on Monday.", notAfter: ["not"], needsWordAfter: true),
        .init("CONCISE_TRULY", .concise, .filler, "truly", "", "“Truly” adds nothing here.",
              "The results are truly impressive.", "The results are impressive.", keeps: ["Yours truly, Ann."], notAfter: ["not", "yours"], needsWordAfter: true),
        .init("CONCISE_LITERALLY", .concise, .filler, "literally", "", "“Literally” adds nothing here.",
              "The build literally took all day.", "The build took all day.", keeps: ["Do not take it literally."], notAfter: ["not", "it", "translated"], needsWordAfter: true),
        .init("CONCISE_EXTREMELY", .concise, .filler, "extremely", "", "“Extremely” rarely adds meaning; a stronger word does.",
              "The queue was extremely long.", "The queue was long.", keeps: ["It is not extremely long."], notAfter: ["not"], needsWordAfter: true),
        .init("CONCISE_QUITE", .concise, .filler, "quite", "", "“Quite” adds little here.",
              "The fix was quite simple.", "The fix was simple.",
              keeps: ["It is not quite ready.", "There were quite a few bugs.", "Quite right!", "I quite agree."],
              notBefore: ["a", "an", "the", "right", "so", "some", "like", "agree", "understand", "know", "sure", "enough"], notAfter: ["not", "i", "we", "you", "they"], needsWordAfter: true),
        .init("CONCISE_NEEDLESS_TO_SAY", .concise, .filler, "needless to say,", "", "If it need not be said, leave it out.",
              "Needless to say, we won.", "We won."),
        // Connectives and comments that open a sentence and carry no content: the sentence
        // says the same without them (wordy, so Professional, which takes Concise's fillers,
        // keeps them).
        .init("CONCISE_FURTHERMORE", .concise, .wordy, "furthermore,", "", "The sentence adds its point without “Furthermore”.",
              "Furthermore, the office is closed.", "The office is closed.", onlyAtSentenceStart: true),
        .init("CONCISE_MOREOVER", .concise, .wordy, "moreover,", "", "The sentence adds its point without “Moreover”.",
              "Moreover, the office is closed.", "The office is closed.", onlyAtSentenceStart: true),
        .init("CONCISE_ADDITIONALLY", .concise, .wordy, "additionally,", "", "The sentence adds its point without “Additionally”.",
              "Additionally, the office is closed.", "The office is closed.", onlyAtSentenceStart: true),
        .init("CONCISE_IN_ADDITION_COMMA", .concise, .wordy, "in addition,", "", "The sentence adds its point without “In addition”.",
              "In addition, the office is closed.", "The office is closed.", onlyAtSentenceStart: true),
        .init("CONCISE_OF_COURSE", .concise, .wordy, "of course,", "", "“Of course” tells the reader nothing.",
              "Of course, the office is closed.", "The office is closed.", onlyAtSentenceStart: true),
        .init("CONCISE_OBVIOUSLY", .concise, .wordy, "obviously,", "", "“Obviously” tells the reader nothing.",
              "Obviously, the office is closed.", "The office is closed.", onlyAtSentenceStart: true),
        .init("CONCISE_INTERESTINGLY", .concise, .wordy, "interestingly,", "", "Let the point interest the reader.",
              "Interestingly, the office is closed.", "The office is closed.", onlyAtSentenceStart: true),
        .init("CONCISE_ESSENTIALLY", .concise, .wordy, "essentially,", "", "“Essentially” adds nothing.",
              "Essentially, the office is closed.", "The office is closed.", onlyAtSentenceStart: true),
        .init("CONCISE_AS_A_MATTER_OF_FACT", .concise, .wordy, "as a matter of fact,", "", "Say the fact.",
              "As a matter of fact, the office is closed.", "The office is closed.", onlyAtSentenceStart: true),
        .init("CONCISE_AT_THE_END_OF_THE_DAY", .concise, .wordy, "at the end of the day,", "", "A cliché: say the point.",
              "At the end of the day, the office is closed.", "The office is closed.",
              keeps: ["We met at the end of the day, after work."], onlyAtSentenceStart: true),
        .init("CONCISE_KIND_OF", .concise, .hedge, "kind of", "", "A hedge before an adjective.",
              "The meeting was kind of long.", "The meeting was long.",
              keeps: ["What kind of tool is it?", "A new kind of engine."],
              notAfter: ["what", "which", "a", "an", "the", "this", "that", "any", "some", "every", "one", "same", "new", "other", "each"],
              onlyBefore: ["long", "short", "slow", "fast", "hard", "easy", "boring", "weird", "strange", "odd", "big", "small", "late", "early", "busy", "tired", "confusing", "messy", "difficult", "expensive"]),
    ]

    /// Professional: informal words, slang, exclamation runs, emoticons, contractions.
    public static let professional: [RewritePhrase] = [
        .init("PRO_GONNA", .professional, .informal, "gonna", "going to", "“Gonna” is informal.",
              "We're gonna ship on Monday.", "We're going to ship on Monday."),
        .init("PRO_WANNA", .professional, .informal, "wanna", "want to", "“Wanna” is informal.",
              "Do you wanna join?", "Do you want to join?"),
        .init("PRO_GOTTA", .professional, .informal, "gotta", "have to", "“Gotta” is informal.",
              "We gotta fix this.", "We have to fix this."),
        .init("PRO_KINDA_A", .professional, .informal, "kinda a", "rather a", "“Kinda” is informal.",
              "It is kinda a big deal.", "It is rather a big deal."),
        .init("PRO_KINDA", .professional, .informal, "kinda", "somewhat", "“Kinda” is informal.",
              "It was kinda slow.", "It was somewhat slow.", notBefore: ["a", "an"]),
        .init("PRO_SORTA", .professional, .informal, "sorta", "somewhat", "“Sorta” is informal.",
              "It was sorta slow.", "It was somewhat slow."),
        .init("PRO_LOTS_OF", .professional, .informal, "lots of", "many", "“Lots of” is informal.",
              "We got lots of requests.", "We got many requests.",
              keeps: ["We drank lots of water."], onlyBefore: ["requests", "people", "users", "questions", "issues", "bugs", "changes", "ideas", "customers", "emails", "comments", "problems", "options", "reasons", "things", "tests", "files", "errors"]),
        .init("PRO_STUFF", .professional, .informal, "stuff", "material", "“Stuff” is vague and informal.",
              "Send me the stuff for the review.", "Send me the material for the review.",
              keeps: ["They stuff the envelopes by hand."], notAfter: ["i", "we", "you", "they", "to", "will", "can", "and"]),
        // Texting abbreviations and slang (issue 34: “rn”, “cuz”, “thx” were kept). Those that
        // are also words or names in capitals (RN, U, Ur, NP) are matched in lower case only.
        .init("PRO_RN", .professional, .informal, "rn", "right now", "Spell out texting abbreviations in formal writing.",
              "I can't talk rn.", "I can't talk right now.", keeps: ["She is an RN at the clinic."], onlyLowercase: true),
        .init("PRO_CUZ", .professional, .informal, "cuz", "because", "“Cuz” is slang for “because”.",
              "We stopped cuz it rained.", "We stopped because it rained."),
        .init("PRO_COZ", .professional, .informal, "coz", "because", "“Coz” is slang for “because”.",
              "We stopped coz it rained.", "We stopped because it rained."),
        .init("PRO_THX", .professional, .informal, "thx", "thank you", "Spell out texting abbreviations in formal writing.",
              "Thx for the quick reply.", "Thank you for the quick reply."),
        .init("PRO_TY", .professional, .informal, "ty", "thank you", "Spell out texting abbreviations in formal writing.",
              "Got it, ty!", "Got it, thank you!", keeps: ["Ty Burrell starred."], onlyLowercase: true),
        .init("PRO_PLS", .professional, .informal, "pls", "please", "Spell out texting abbreviations in formal writing.",
              "Pls send the report.", "Please send the report."),
        .init("PRO_PLZ", .professional, .informal, "plz", "please", "Spell out texting abbreviations in formal writing.",
              "Send the report plz.", "Send the report please."),
        .init("PRO_UR_YOURE", .professional, .informal, "ur", "you're", "“Ur” is texting; here it means “you're”.",
              "Let me know if ur free.", "Let me know if you're free.", keeps: ["Ur was a city in Sumer."],
              onlyBefore: ["welcome", "right", "not", "going", "doing", "so", "very", "being", "coming", "free", "busy", "done", "ready", "sure",
                           "late", "making", "getting", "looking", "here", "there", "still", "also", "just", "really", "always", "never",
                           "probably", "kidding", "the", "a", "an", "in", "on", "at", "available", "able", "working", "gonna", "awesome", "great"],
              onlyLowercase: true),
        .init("PRO_UR", .professional, .informal, "ur", "your", "“Ur” is texting for “your”.",
              "Thanks for ur help.", "Thanks for your help.", keeps: ["Ur was a city in Sumer."], onlyLowercase: true),
        .init("PRO_U", .professional, .informal, "u", "you", "“U” is texting for “you”.",
              "Can u send it today?", "Can you send it today?",
              keeps: ["The letter U is a vowel.", "Let u be a vector.", "Take a U-turn."],
              notBefore: ["-", "=", "/", "+", "_", "'", "and"], notAfter: ["letter", "vowel", "let", "variable", "the", "a", "vector", "/", "-", "="],
              onlyLowercase: true),
        .init("PRO_IMO_COMMA", .professional, .informal, "imo,", "in my opinion,", "Spell out texting abbreviations in formal writing.",
              "IMO, the plan works.", "In my opinion, the plan works."),
        // At the start of a sentence the phrase takes its comma (“In my opinion the plan works”
        // has the proofreader ask for one).
        .init("PRO_IMO_START", .professional, .informal, "imo", "in my opinion,", "Spell out texting abbreviations in formal writing.",
              "IMO the plan works.", "In my opinion, the plan works.", needsWordAfter: true, onlyAtSentenceStart: true),
        .init("PRO_IMO", .professional, .informal, "imo", "in my opinion", "Spell out texting abbreviations in formal writing.",
              "The plan works, imo.", "The plan works, in my opinion."),
        .init("PRO_IMHO", .professional, .informal, "imho", "in my opinion", "Spell out texting abbreviations in formal writing.",
              "The plan works, imho.", "The plan works, in my opinion."),
        .init("PRO_TBH_START", .professional, .informal, "tbh", "to be honest,", "Spell out texting abbreviations in formal writing.",
              "Tbh the plan is late.", "To be honest, the plan is late.", notBefore: [","], needsWordAfter: true, onlyAtSentenceStart: true),
        .init("PRO_TBH", .professional, .informal, "tbh", "to be honest", "Spell out texting abbreviations in formal writing.",
              "Tbh, the plan is late.", "To be honest, the plan is late."),
        .init("PRO_IDK", .professional, .informal, "idk", "I do not know", "Spell out texting abbreviations in formal writing.",
              "Idk when it ships.", "I do not know when it ships."),
        .init("PRO_AFAIK", .professional, .informal, "afaik", "as far as I know", "Spell out texting abbreviations in formal writing.",
              "AFAIK, it ships on Monday.", "As far as I know, it ships on Monday.", notAfter: [","]),
        .init("PRO_OFC", .professional, .informal, "ofc", "of course", "Spell out texting abbreviations in formal writing.",
              "We will ofc pay the invoice.", "We will of course pay the invoice."),
        .init("PRO_NP", .professional, .informal, "np", "no problem", "Spell out texting abbreviations in formal writing.",
              "Sure, np, I can do it.", "Sure, no problem, I can do it.", keeps: ["The problem is NP-hard.", "It is np-hard."], notBefore: ["-"], onlyLowercase: true),
        .init("PRO_NVM", .professional, .informal, "nvm", "never mind", "Spell out texting abbreviations in formal writing.",
              "Nvm, I found it.", "Never mind, I found it."),
        .init("PRO_PPL", .professional, .informal, "ppl", "people", "Spell out texting abbreviations in formal writing.",
              "Many ppl asked about it.", "Many people asked about it."),
        .init("PRO_THRU", .professional, .informal, "thru", "through", "“Thru” is informal spelling.",
              "We went thru the list.", "We went through the list."),
        .init("PRO_THO", .professional, .informal, "tho", "though", "“Tho” is informal spelling.",
              "It works, tho.", "It works, though."),
        .init("PRO_LEMME", .professional, .informal, "lemme", "let me", "“Lemme” is informal.",
              "Lemme know by Friday.", "Let me know by Friday."),
        .init("PRO_GIMME", .professional, .informal, "gimme", "give me", "“Gimme” is informal.",
              "Gimme a minute.", "Give me a minute."),
        .init("PRO_DUNNO", .professional, .informal, "dunno", "do not know", "“Dunno” is informal.",
              "I dunno why it fails.", "I do not know why it fails."),
        // Contractions written without their apostrophe: spelt out at once (the spelling fix
        // would give the contraction, which Professional spells out anyway).
        .init("PRO_IM_BARE", .professional, .informal, "im", "I am", "Texting spelling of “I'm”; formal writing spells it out.",
              "Sorry, im late.", "Sorry, I am late.", keeps: ["Send me an IM."], onlyLowercase: true),
        .init("PRO_IVE_BARE", .professional, .informal, "ive", "I have", "Texting spelling of “I've”; formal writing spells it out.",
              "Sorry, ive been busy.", "Sorry, I have been busy.", onlyLowercase: true),
        .init("PRO_CANT_BARE", .professional, .informal, "cant", "cannot", "Texting spelling of “can't”; formal writing spells it out.",
              "I cant make it.", "I cannot make it.", keeps: ["Avoid marketing cant."], notAfter: ["the", "marketing", "of"]),
        .init("PRO_DONT_BARE", .professional, .informal, "dont", "do not", "Texting spelling of “don't”; formal writing spells it out.",
              "I dont know.", "I do not know."),
        .init("PRO_DIDNT_BARE", .professional, .informal, "didnt", "did not", "Texting spelling of “didn't”; formal writing spells it out.",
              "It didnt build.", "It did not build."),
        .init("PRO_DOESNT_BARE", .professional, .informal, "doesnt", "does not", "Texting spelling of “doesn't”; formal writing spells it out.",
              "It doesnt build.", "It does not build."),
        .init("PRO_ISNT_BARE", .professional, .informal, "isnt", "is not", "Texting spelling of “isn't”; formal writing spells it out.",
              "It isnt ready.", "It is not ready."),
        .init("PRO_WASNT_BARE", .professional, .informal, "wasnt", "was not", "Texting spelling of “wasn't”; formal writing spells it out.",
              "It wasnt ready.", "It was not ready."),
        .init("PRO_THATS_BARE", .professional, .informal, "thats", "that is", "Texting spelling of “that's”; formal writing spells it out.",
              "Thats fine.", "That is fine.", notBeforeNoun: true),
        .init("PRO_YOURE_BARE", .professional, .informal, "youre", "you are", "Texting spelling of “you're”; formal writing spells it out.",
              "Let me know if youre free.", "Let me know if you are free.", keeps: ["I value youre thoughts."], notBeforeNoun: true),
        .init("PRO_THEYRE_BARE", .professional, .informal, "theyre", "they are", "Texting spelling of “they're”; formal writing spells it out.",
              "I think theyre ready.", "I think they are ready.", keeps: ["They shared theyre plans."], notBeforeNoun: true),
        .init("PRO_LOWERCASE_I", .professional, .informal, "i", "I", "The pronoun “I” is a capital letter.",
              "Yes, i can do it.", "Yes, I can do it.", keeps: ["That is, i.e., a test.", "See item (i) below.", "Step i) comes first."],
              notBefore: [".", ")", "-", "'", "’", "/"], notAfter: ["(", "-", ".", "/", "item", "step", "part"], onlyLowercase: true),
        .init("PRO_YALL", .professional, .informal, "y'all", "you all", "“Y'all” is informal.",
              "Thanks, y'all.", "Thanks, you all."),
        .init("PRO_LOL", .professional, .punctuation, "lol", "", "“Lol” is informal.",
              "The build broke again lol.", "The build broke again.", onlyAtClauseEnd: true, onlyLowercase: true),
        .init("PRO_AWESOME", .professional, .informal, "awesome", "excellent", "“Awesome” is informal.",
              "The demo was awesome.", "The demo was excellent."),
        .init("PRO_COOL_WITH", .professional, .informal, "cool with", "fine with", "“Cool with” is informal.",
              "Are you cool with Friday?", "Are you fine with Friday?"),
        .init("PRO_HEY_GUYS", .professional, .informal, "hey guys", "hello everyone", "“Hey guys” is informal and not inclusive.",
              "Hey guys, the build is green.", "Hello everyone, the build is green."),
        .init("PRO_HI_GUYS", .professional, .informal, "hi guys", "hi everyone", "“Guys” is informal and not inclusive.",
              "Hi guys, the build is green.", "Hi everyone, the build is green."),
        .init("PRO_YOU_GUYS", .professional, .informal, "you guys", "you all", "“You guys” is informal and not inclusive.",
              "Thanks, you guys rock.", "Thanks, you all rock."),
        .init("PRO_HEY", .professional, .informal, "hey", "hello", "“Hey” is an informal greeting.",
              "Hey Sam, the report is ready.", "Hello Sam, the report is ready.", onlyAtSentenceStart: true),
        // A casual e-mail's words (issue 34: a README-only trial's Professional kept “cheers,”,
        // “like a week”, “no worries”, “anyway let me know”).
        .init("PRO_CHEERS", .professional, .informal, "cheers,", "best regards,", "A more formal sign-off.",
              "Thanks for the notes.\n\nCheers,\nJo", "Thanks for the notes.\n\nBest regards,\nJo", onlyAtSentenceStart: true),
        .init("PRO_FOR_LIKE", .professional, .informal, "for like", "for about", "“Like” before an amount is casual; “about” says it.",
              "It has been broken for like a week.", "It has been broken for about a week.", keeps: ["We asked for like minds."],
              onlyBefore: ["a", "an", "one", "two", "three", "four", "five", "six", "ten", "twenty", "half", "several", "an"]),
        .init("PRO_IN_LIKE", .professional, .informal, "in like", "in about", "“Like” before an amount is casual; “about” says it.",
              "I can be there in like ten minutes.", "I can be there in about ten minutes.", keeps: ["They dress in like fashion."],
              onlyBefore: ["a", "an", "one", "two", "three", "four", "five", "six", "ten", "twenty", "half", "several"]),
        .init("PRO_NO_WORRIES", .professional, .informal, "no worries", "no problem", "“No worries” is casual.",
              "If not, no worries.", "If not, no problem."),
        .init("PRO_PRETTY_SOON", .professional, .informal, "pretty soon", "soon", "“Pretty” as an intensifier is informal.",
              "We need an answer pretty soon.", "We need an answer soon."),
        .init("PRO_SORTED_OUT", .professional, .informal, "sorted out", "resolved", "“Sorted out” is casual.",
              "We need to get the pricing sorted out.", "We need to get the pricing resolved.", keeps: ["The files are sorted out of order."],
              notBefore: ["of", "by"]),
        .init("PRO_ANYWAY_START", .professional, .informal, "anyway", "", "“Anyway” is a casual way to change the subject.",
              "Anyway let me know what works for you.", "Let me know what works for you.", needsWordAfter: true, onlyAtSentenceStart: true),
        .init("PRO_ANYWAY_COMMA_START", .professional, .informal, "anyway,", "", "“Anyway” is a casual way to change the subject.",
              "Anyway, let me know what works for you.", "Let me know what works for you.", onlyAtSentenceStart: true),
        .init("PRO_SO_BASICALLY_THING_IS_THAT", .professional, .informal, "so basically the thing is that", "", "A casual lead-in: say the point.",
              "So basically the thing is that I cannot come.", "I cannot come.", onlyAtSentenceStart: true),
        .init("PRO_THE_THING_IS_THAT", .professional, .informal, "so the thing is that", "", "A casual lead-in: say the point.",
              "So the thing is that I cannot come.", "I cannot come.", onlyAtSentenceStart: true),
        .init("PRO_THING_IS_THAT", .professional, .informal, "the thing is that", "", "A casual lead-in: say the point.",
              "The thing is that I cannot come.", "I cannot come.", onlyAtSentenceStart: true),
        // Interjections that open a sentence without their comma (“yeah that works”, “oh I
        // forgot”, “well we could try”): an answer word takes its comma, a filler goes.
        .init("PRO_YEAH_START", .professional, .informal, "yeah", "yes,", "“Yeah” is informal; “Yes” takes its comma before the clause.",
              "Yeah that works for me.", "Yes, that works for me.", notBefore: [",", ".", "!", "?"], needsWordAfter: true, onlyAtSentenceStart: true),
        .init("PRO_YEP_START", .professional, .informal, "yep", "yes,", "“Yep” is informal; “Yes” takes its comma before the clause.",
              "Yep that works for me.", "Yes, that works for me.", notBefore: [",", ".", "!", "?"], needsWordAfter: true, onlyAtSentenceStart: true),
        .init("PRO_NOPE_START", .professional, .informal, "nope", "no,", "“Nope” is informal; “No” takes its comma before the clause.",
              "Nope that fails too.", "No, that fails too.", notBefore: [",", ".", "!", "?"], needsWordAfter: true, onlyAtSentenceStart: true),
        .init("PRO_OH_COMMA_START", .professional, .informal, "oh,", "", "An interjection is casual.",
              "Oh, I forgot the file.", "I forgot the file.", onlyAtSentenceStart: true),
        .init("PRO_OH_START", .professional, .informal, "oh", "", "An interjection is casual.",
              "Oh I forgot the file.", "I forgot the file.", keeps: ["Oh no!", "Oh dear, it broke."], notBefore: ["no", "dear", "well", "my", "and", "yes"],
              needsWordAfter: true, onlyAtSentenceStart: true),
        .init("PRO_WELL_START", .professional, .informal, "well", "", "An interjection is casual.",
              "Well we could try again.", "We could try again.", keeps: ["Well done!", "Well over half the users agreed."],
              onlyBefore: ["i", "we", "you", "they", "it", "that", "this", "there", "he", "she"], needsWordAfter: true, onlyAtSentenceStart: true),
        .init("PRO_OK_SO_START", .professional, .informal, "ok so", "", "A casual lead-in: say the point.",
              "Ok so the plan is ready.", "The plan is ready.", needsWordAfter: true, onlyAtSentenceStart: true),
        .init("PRO_OKAY_SO_START", .professional, .informal, "okay so", "", "A casual lead-in: say the point.",
              "Okay so the plan is ready.", "The plan is ready.", needsWordAfter: true, onlyAtSentenceStart: true),
        // “If not no worries, I can read the notes”: the casual reply goes and “If not” keeps
        // the comma it lacked.
        .init("PRO_IF_NOT_NO_WORRIES", .professional, .informal, "if not no worries,", "if not,", "“No worries” is casual; “If not” takes its comma.",
              "If not no worries, I can read the notes.", "If not, I can read the notes.", negationIdiom: true),
        .init("PRO_IF_NOT_COMMA_NO_WORRIES", .professional, .informal, "if not, no worries,", "if not,", "“No worries” is casual.",
              "If not, no worries, I can read the notes.", "If not, I can read the notes.", negationIdiom: true),
        .init("PRO_IF_NOT_NO_PROBLEM", .professional, .informal, "if not no problem,", "if not,", "“No problem” is casual here; “If not” takes its comma.",
              "If not no problem, I can read the notes.", "If not, I can read the notes.", negationIdiom: true),
        .init("PRO_IF_NOT_COMMA_NO_PROBLEM", .professional, .informal, "if not, no problem,", "if not,", "“No problem” is casual here.",
              "If not, no problem, I can read the notes.", "If not, I can read the notes.", negationIdiom: true),
        // Sentence adverbs of candour and hedges (“honestly I don't have an answer”).
        .init("PRO_HONESTLY_COMMA_START", .professional, .filler, "honestly,", "", "“Honestly” adds nothing in formal writing.",
              "Honestly, I have no answer yet.", "I have no answer yet.", onlyAtSentenceStart: true),
        .init("PRO_HONESTLY", .professional, .filler, "honestly", "", "“Honestly” adds nothing in formal writing.",
              "We are late and honestly I have no answer yet.", "We are late and I have no answer yet.", keeps: ["She answered honestly.", "He spoke honestly about it."],
              onlyBefore: ["i", "we", "you", "they", "it", "that", "this", "there", "he", "she", "the"], needsWordAfter: true),
        .init("PRO_FRANKLY_COMMA_START", .professional, .filler, "frankly,", "", "“Frankly” adds nothing in formal writing.",
              "Frankly, the plan is late.", "The plan is late.", onlyAtSentenceStart: true),
        .init("PRO_FRANKLY", .professional, .filler, "frankly", "", "“Frankly” adds nothing in formal writing.",
              "We are late and frankly I have no answer yet.", "We are late and I have no answer yet.", keeps: ["She spoke frankly."],
              onlyBefore: ["i", "we", "you", "they", "it", "that", "this", "there", "he", "she", "the"], needsWordAfter: true),
        .init("PRO_PRETTY", .professional, .informal, "pretty", "fairly", "“Pretty” as an intensifier is informal.",
              "The fix was pretty simple.", "The fix was fairly simple.", keeps: ["A pretty garden."],
              onlyBefore: ["good", "bad", "simple", "easy", "hard", "quick", "slow", "close", "clear", "busy", "big", "small", "common", "rare",
                           "confident", "certain", "likely", "late", "early", "high", "low", "long", "short", "new", "old"]),
        .init("PRO_YEAH", .professional, .informal, "yeah", "yes", "“Yeah” is informal.",
              "Yeah, that works.", "Yes, that works."),
        .init("PRO_YEP", .professional, .informal, "yep", "yes", "“Yep” is informal.",
              "Yep, that works.", "Yes, that works."),
        .init("PRO_NOPE", .professional, .informal, "nope", "no", "“Nope” is informal.",
              "Nope, that fails.", "No, that fails."),
        .init("PRO_THANKS_A_LOT", .professional, .informal, "thanks a lot", "thank you very much", "A more formal thanks.",
              "Thanks a lot for the help.", "Thank you very much for the help."),
        .init("PRO_THANKS_A_BUNCH", .professional, .informal, "thanks a bunch", "thank you very much", "A more formal thanks.",
              "Thanks a bunch for the help.", "Thank you very much for the help."),
        .init("PRO_THANKS_A_TON", .professional, .informal, "thanks a ton", "thank you very much", "A more formal thanks.",
              "Thanks a ton for the help.", "Thank you very much for the help."),
        .init("PRO_THANKS", .professional, .informal, "thanks", "thank you", "“Thank you” is more formal.",
              "Thanks for the quick reply.", "Thank you for the quick reply.", keeps: ["Thanks a bunch!", "Thanks to Ann for the review, we shipped."], notBefore: ["a", "to"],
              notAfter: ["many", "no", "special"], onlyAtSentenceStart: true),
        .init("PRO_ASAP", .professional, .informal, "asap", "as soon as possible", "Spell out abbreviations in formal writing.",
              "Please reply ASAP.", "Please reply as soon as possible."),
        .init("PRO_FYI", .professional, .informal, "fyi", "for your information", "Spell out abbreviations in formal writing.",
              "FYI, the office is closed.", "For your information, the office is closed."),
        .init("PRO_BTW_COMMA", .professional, .informal, "btw,", "by the way,", "Spell out abbreviations in formal writing.",
              "BTW, the office is closed.", "By the way, the office is closed."),
        .init("PRO_BTW_START", .professional, .informal, "btw", "by the way,", "Spell out abbreviations in formal writing.",
              "BTW the office is closed.", "By the way, the office is closed.", needsWordAfter: true, onlyAtSentenceStart: true),
        .init("PRO_BTW", .professional, .informal, "btw", "by the way", "Spell out abbreviations in formal writing.",
              "The office is closed, btw.", "The office is closed, by the way."),
        .init("PRO_TOTALLY", .professional, .informal, "totally", "completely", "“Totally” is informal.",
              "I totally agree.", "I completely agree."),
        .init("PRO_SUPER", .professional, .informal, "super", "very", "“Super” as an intensifier is informal.",
              "The fix was super easy.", "The fix was very easy.",
              keeps: ["The Super Bowl is on."], onlyBefore: ["easy", "fast", "quick", "helpful", "useful", "important", "simple", "hard", "slow", "busy", "happy", "excited", "cool", "nice", "clear"]),
        .init("PRO_PRETTY_SURE", .professional, .informal, "pretty sure", "fairly sure", "“Pretty” as an intensifier is informal.",
              "I'm pretty sure it works.", "I'm fairly sure it works."),
        .init("PRO_OK", .professional, .informal, "ok", "OK", "Write “OK” in capitals.",
              "The build is ok now.", "The build is OK now.", keeps: ["The build is OK now."]),
        .init("PRO_DONT", .professional, .contraction, "don't", "do not", "Formal writing spells out contractions.",
              "We don't ship on Fridays.", "We do not ship on Fridays."),
        .init("PRO_DOESNT", .professional, .contraction, "doesn't", "does not", "Formal writing spells out contractions.",
              "It doesn't build.", "It does not build."),
        .init("PRO_DIDNT", .professional, .contraction, "didn't", "did not", "Formal writing spells out contractions.",
              "It didn't build.", "It did not build."),
        .init("PRO_CANT", .professional, .contraction, "can't", "cannot", "Formal writing spells out contractions.",
              "We can't ship yet.", "We cannot ship yet."),
        .init("PRO_WONT", .professional, .contraction, "won't", "will not", "Formal writing spells out contractions.",
              "It won't build.", "It will not build."),
        .init("PRO_ISNT", .professional, .contraction, "isn't", "is not", "Formal writing spells out contractions.",
              "It isn't ready.", "It is not ready."),
        .init("PRO_ARENT", .professional, .contraction, "aren't", "are not", "Formal writing spells out contractions.",
              "They aren't ready.", "They are not ready."),
        .init("PRO_WASNT", .professional, .contraction, "wasn't", "was not", "Formal writing spells out contractions.",
              "It wasn't ready.", "It was not ready."),
        .init("PRO_IM", .professional, .contraction, "i'm", "I am", "Formal writing spells out contractions.",
              "I'm writing about the invoice.", "I am writing about the invoice."),
        .init("PRO_WERE_CONTRACTION", .professional, .contraction, "we're", "we are", "Formal writing spells out contractions.",
              "We're ready.", "We are ready.", keeps: ["We're plans changed."], notBeforeNoun: true),
        .init("PRO_THEYRE", .professional, .contraction, "they're", "they are", "Formal writing spells out contractions.",
              "They're ready.", "They are ready.", keeps: ["The team shared they're plans."], notBeforeNoun: true),
        .init("PRO_YOURE", .professional, .contraction, "you're", "you are", "Formal writing spells out contractions.",
              "You're right.", "You are right.", keeps: ["I value you're thoughts."], notBeforeNoun: true),
        .init("PRO_ITS_IS", .professional, .contraction, "it's", "it is", "Formal writing spells out contractions.",
              "It's ready.", "It is ready.", keeps: ["It's been a week.", "The server reached it's capacity.", "The report lost it's formatting."], notBefore: ["been", "got", "had"],
              notBeforeNoun: true),
        .init("PRO_LETS", .professional, .contraction, "let's", "let us", "Formal writing spells out contractions.",
              "Let's meet on Monday.", "Let us meet on Monday."),
        .init("PRO_EXCLAMATIONS", .professional, .punctuation, "!!", "!", "One exclamation mark is enough.",
              "The build is green!!!", "The build is green!"),
        .init("PRO_INTERROBANG", .professional, .punctuation, "?!", "?", "Use one mark.",
              "Why is it red?!", "Why is it red?"),
        .init("PRO_SMILEY", .professional, .punctuation, ":)", "", "Emoticons are informal.",
              "Thanks for the help :)", "Thanks for the help", onlyAtClauseEnd: true),
        .init("PRO_SMILEY_NOSE", .professional, .punctuation, ":-)", "", "Emoticons are informal.",
              "Thanks for the help :-)", "Thanks for the help", onlyAtClauseEnd: true),
        .init("PRO_WINK", .professional, .punctuation, ";)", "", "Emoticons are informal.",
              "See you there ;)", "See you there", onlyAtClauseEnd: true),
        .init("PRO_GRIN", .professional, .punctuation, ":d", "", "Emoticons are informal.",
              "That was fun :D", "That was fun", onlyAtClauseEnd: true),
        .init("PRO_FROWN", .professional, .punctuation, ":(", "", "Emoticons are informal.",
              "The build failed :(", "The build failed", onlyAtClauseEnd: true),
    ]

    /// Friendly: contractions and softer phrasing.
    public static let friendly: [RewritePhrase] = [
        .init("FRIENDLY_DO_NOT", .friendly, .contraction, "do not", "don't", "A contraction sounds warmer.",
              "Please do not worry.", "Please don't worry.", needsWordAfter: true),
        .init("FRIENDLY_DOES_NOT", .friendly, .contraction, "does not", "doesn't", "A contraction sounds warmer.",
              "It does not matter.", "It doesn't matter.", needsWordAfter: true),
        .init("FRIENDLY_DID_NOT", .friendly, .contraction, "did not", "didn't", "A contraction sounds warmer.",
              "We did not know.", "We didn't know.", needsWordAfter: true),
        .init("FRIENDLY_CANNOT", .friendly, .contraction, "cannot", "can't", "A contraction sounds warmer.",
              "We cannot make it.", "We can't make it."),
        .init("FRIENDLY_WILL_NOT", .friendly, .contraction, "will not", "won't", "A contraction sounds warmer.",
              "It will not take long.", "It won't take long.", needsWordAfter: true),
        .init("FRIENDLY_IS_NOT", .friendly, .contraction, "is not", "isn't", "A contraction sounds warmer.",
              "This is not a problem.", "This isn't a problem.", needsWordAfter: true),
        .init("FRIENDLY_ARE_NOT", .friendly, .contraction, "are not", "aren't", "A contraction sounds warmer.",
              "These are not ready.", "These aren't ready.", notAfter: ["i"], needsWordAfter: true),
        .init("FRIENDLY_IT_IS", .friendly, .contraction, "it is", "it's", "A contraction sounds warmer.",
              "It is a pleasure.", "It's a pleasure.", keeps: ["I know what it is.", "Is it? Yes, it is."], needsWordAfter: true),
        .init("FRIENDLY_THAT_IS", .friendly, .contraction, "that is", "that's", "A contraction sounds warmer.",
              "That is great news.", "That's great news.",
              // After a comma “that is” means “i.e.” (“…, that is modules should not be built”).
              keeps: ["That is, we ship on Monday.", "Some names are not supported, that is modules are not built for them."],
              // Nor in “what that is which he can do” (“what that's which”).
              notBefore: ["which", "who"], notAfter: [",", "(", ";", "what"], needsWordAfter: true),
        .init("FRIENDLY_I_AM", .friendly, .contraction, "i am", "I'm", "A contraction sounds warmer.",
              "I am happy to help.", "I'm happy to help.", keeps: ["Yes, I am."], needsWordAfter: true),
        .init("FRIENDLY_WE_ARE", .friendly, .contraction, "we are", "we're", "A contraction sounds warmer.",
              "We are glad you asked.", "We're glad you asked.", needsWordAfter: true),
        .init("FRIENDLY_YOU_ARE", .friendly, .contraction, "you are", "you're", "A contraction sounds warmer.",
              "You are welcome to join.", "You're welcome to join.", needsWordAfter: true),
        .init("FRIENDLY_THEY_ARE", .friendly, .contraction, "they are", "they're", "A contraction sounds warmer.",
              "They are on their way.", "They're on their way.", needsWordAfter: true),
        // Not before “not”: “will not” becomes “won't” (FRIENDLY_WILL_NOT), not the stilted “we'll not”.
        .init("FRIENDLY_WE_WILL", .friendly, .contraction, "we will", "we'll", "A contraction sounds warmer.",
              "We will send it tomorrow.", "We'll send it tomorrow.", keeps: ["We will not forget."], notBefore: ["not"], needsWordAfter: true),
        .init("FRIENDLY_I_WILL", .friendly, .contraction, "i will", "I'll", "A contraction sounds warmer.",
              "I will send it tomorrow.", "I'll send it tomorrow.", keeps: ["I will not forget."], notBefore: ["not"], needsWordAfter: true),
        .init("FRIENDLY_LET_US", .friendly, .contraction, "let us", "let's", "A contraction sounds warmer.",
              "Let us meet on Monday.", "Let's meet on Monday.", keeps: ["Let us know."], notBefore: ["know"], needsWordAfter: true),
        .init("FRIENDLY_I_HAVE_BEEN", .friendly, .contraction, "i have", "I've", "A contraction sounds warmer.",
              "I have been busy.", "I've been busy.", keeps: ["I have a car."], onlyBefore: ["been", "had", "seen", "done", "sent", "made", "finished", "heard", "got", "attached", "added"]),
        .init("FRIENDLY_WE_HAVE_BEEN", .friendly, .contraction, "we have", "we've", "A contraction sounds warmer.",
              "We have been busy.", "We've been busy.", keeps: ["We have a car."], onlyBefore: ["been", "had", "seen", "done", "sent", "made", "finished", "heard", "got", "attached", "added"]),
        .init("FRIENDLY_PLEASE_BE_ADVISED", .friendly, .softer, "please be advised that", "", "Stiff: just say it.",
              "Please be advised that the office is closed.", "The office is closed.", onlyAtSentenceStart: true),
        .init("FRIENDLY_WE_REGRET_TO_INFORM", .friendly, .softer, "we regret to inform you that", "unfortunately,", "Warmer and simpler.",
              "We regret to inform you that the event is cancelled.", "Unfortunately, the event is cancelled."),
        .init("FRIENDLY_COME_TO_OUR_ATTENTION", .friendly, .softer, "it has come to our attention that", "we noticed that", "Warmer and simpler.",
              "It has come to our attention that the invoice is late.", "We noticed that the invoice is late."),
        .init("FRIENDLY_DO_NOT_HESITATE", .friendly, .softer, "do not hesitate to", "feel free to", "Warmer and simpler.",
              "Do not hesitate to contact me.", "Feel free to contact me.", negationIdiom: true),
        .init("FRIENDLY_EARLIEST_CONVENIENCE", .friendly, .softer, "at your earliest convenience", "when you get a chance", "Warmer and simpler.",
              "Please reply at your earliest convenience.", "Please reply when you get a chance."),
        .init("FRIENDLY_YOU_MUST", .friendly, .softer, "you must", "you'll need to", "Softer than an order.",
              "You must sign the form.", "You'll need to sign the form.",
              keeps: ["You must be Sam.", "Unless you remove those parts, you must therefore follow the terms of the GPL v3.",
                      "You must always sign the form.", "Under this licence, you must keep the copyright notice."],
              notBefore: ["be", "have", "not"], notBeforeAdverb: true, notInLicenceTerms: true),
        .init("FRIENDLY_DEAR_SIR_OR_MADAM", .friendly, .softer, "dear sir or madam", "hello", "A warmer greeting.",
              "Dear Sir or Madam, thank you for writing.", "Hello, thank you for writing."),
        .init("FRIENDLY_THANK_YOU_FOR_YOUR_COOPERATION", .friendly, .softer, "thank you for your cooperation", "thanks for your help", "Warmer and simpler.",
              "Thank you for your cooperation.", "Thanks for your help."),
        .init("FRIENDLY_UTILIZE", .friendly, .softer, "utilize", "use", "Plainer.",
              "You can utilize the portal.", "You can use the portal."),
        .init("FRIENDLY_COMMENCE", .friendly, .softer, "commence", "start", "Plainer.",
              "The work will commence on Monday.", "The work will start on Monday."),
        .init("FRIENDLY_REQUEST_THAT_YOU", .friendly, .softer, "we request that you", "please", "Warmer and simpler.",
              "We request that you sign the form.", "Please sign the form."),
        // The stiff phrases of a formal e-mail (issue 34: Friendly made no change to one); the
        // measured effect on ten formal e-mails is in `FriendlyRegisterTests`.
        .init("FRIENDLY_WRITING_TO_INFORM", .friendly, .softer, "i am writing to inform you that", "I wanted to let you know that", "Warmer and simpler.",
              "I am writing to inform you that the office moves.", "I wanted to let you know that the office moves."),
        .init("FRIENDLY_LIKE_TO_INFORM", .friendly, .softer, "i would like to inform you that", "I wanted to let you know that", "Warmer and simpler.",
              "I would like to inform you that the office moves.", "I wanted to let you know that the office moves."),
        .init("FRIENDLY_INFORM_YOU_THAT", .friendly, .softer, "inform you that", "let you know that", "Warmer and simpler.",
              "We wish to inform you that the office moves.", "We wish to let you know that the office moves."),
        .init("FRIENDLY_INFORM_US", .friendly, .softer, "inform us", "let us know", "Warmer and simpler.",
              "Please inform us of any changes.", "Please let us know of any changes.", notBefore: ["that"]),
        .init("FRIENDLY_INFORM_ME", .friendly, .softer, "inform me", "let me know", "Warmer and simpler.",
              "Please inform me when it arrives.", "Please let me know when it arrives.", notBefore: ["that"]),
        .init("FRIENDLY_FIND_ATTACHED", .friendly, .softer, "please find attached", "I've attached", "Warmer and simpler.",
              "Please find attached the report.", "I've attached the report.", onlyAtSentenceStart: true),
        .init("FRIENDLY_FIND_ENCLOSED", .friendly, .softer, "please find enclosed", "I've enclosed", "Warmer and simpler.",
              "Please find enclosed the invoice.", "I've enclosed the invoice.", onlyAtSentenceStart: true),
        .init("FRIENDLY_KINDLY", .friendly, .softer, "kindly", "please", "“Please” is warmer than “kindly”.",
              "Kindly send the form.", "Please send the form.", onlyAtSentenceStart: true),
        .init("FRIENDLY_WE_GRATEFUL_IF", .friendly, .softer, "we would be grateful if you could", "it would be great if you could", "Warmer and simpler.",
              "We would be grateful if you could reply.", "It would be great if you could reply."),
        .init("FRIENDLY_I_GRATEFUL_IF", .friendly, .softer, "i would be grateful if you could", "it would be great if you could", "Warmer and simpler.",
              "I would be grateful if you could reply.", "It would be great if you could reply."),
        .init("FRIENDLY_APPRECIATE_IT_IF", .friendly, .softer, "i would appreciate it if you could", "it would be great if you could", "Warmer and simpler.",
              "I would appreciate it if you could reply.", "It would be great if you could reply."),
        .init("FRIENDLY_SHOULD_YOU_HAVE", .friendly, .softer, "should you have any", "if you have any", "Warmer and simpler.",
              "Should you have any questions, call me.", "If you have any questions, call me."),
        .init("FRIENDLY_SHOULD_YOU_REQUIRE", .friendly, .softer, "should you require", "if you need", "Warmer and simpler.",
              "Should you require help, call me.", "If you need help, call me."),
        .init("FRIENDLY_YOURS_SINCERELY", .friendly, .softer, "yours sincerely", "warm regards", "A warmer sign-off.",
              "Yours sincerely,\nAnna", "Warm regards,\nAnna", onlyOnOwnLine: true),
        .init("FRIENDLY_YOURS_FAITHFULLY", .friendly, .softer, "yours faithfully", "warm regards", "A warmer sign-off.",
              "Yours faithfully,\nAnna", "Warm regards,\nAnna", keeps: ["We remain, Sir, yours faithfully,\nAnna"], onlyOnOwnLine: true),
        .init("FRIENDLY_SINCERELY", .friendly, .softer, "sincerely,", "warm regards,", "A warmer sign-off.",
              "Sincerely,\nAnna", "Warm regards,\nAnna", onlyAtSentenceStart: true, onlyOnOwnLine: true),
        .init("FRIENDLY_KIND_REGARDS", .friendly, .softer, "kind regards", "warm regards", "A warmer sign-off.",
              "Kind regards,\nAnna", "Warm regards,\nAnna", onlyOnOwnLine: true),
        .init("FRIENDLY_DEAR", .friendly, .softer, "dear", "hi", "A warmer greeting.",
              "Dear Ms. Patel, thank you for writing.", "Hi Ms. Patel, thank you for writing.", keeps: ["Oh dear, it broke."], notBefore: ["me", "god", "lord", "sir"], onlyAtSentenceStart: true),
        .init("FRIENDLY_I_LOOK_FORWARD", .friendly, .softer, "i look forward to", "I'm looking forward to", "Warmer and simpler.",
              "I look forward to your reply.", "I'm looking forward to your reply."),
        .init("FRIENDLY_WE_LOOK_FORWARD", .friendly, .softer, "we look forward to", "we're looking forward to", "Warmer and simpler.",
              "We look forward to your reply.", "We're looking forward to your reply."),
        .init("FRIENDLY_THANK_YOU_VERY_MUCH", .friendly, .softer, "thank you very much", "thanks so much", "Warmer and simpler.",
              "Thank you very much for your help.", "Thanks so much for your help."),
        .init("FRIENDLY_THANK_YOU", .friendly, .softer, "thank you", "thanks", "“Thanks” is warmer.",
              "Thank you for your email.", "Thanks for your email.", keeps: ["I said thank you to him.", "I would like to thank you for your help."],
              notAfter: ["said", "say", "saying", "a", "big", "to", "will", "would", "can", "could", "must", "should", "i", "we", "and"]),
        .init("FRIENDLY_WE_APOLOGIZE_INCONVENIENCE", .friendly, .softer, "we apologize for any inconvenience", "sorry for any trouble", "Warmer and simpler.",
              "We apologize for any inconvenience.", "Sorry for any trouble."),
        .init("FRIENDLY_I_APOLOGIZE_FOR", .friendly, .softer, "i apologize for", "I'm sorry for", "Warmer and simpler.",
              "I apologize for the delay.", "I'm sorry for the delay."),
        .init("FRIENDLY_WE_APOLOGIZE_FOR", .friendly, .softer, "we apologize for", "we're sorry for", "Warmer and simpler.",
              "We apologize for the delay.", "We're sorry for the delay."),
        .init("FRIENDLY_I_APOLOGISE_FOR", .friendly, .softer, "i apologise for", "I'm sorry for", "Warmer and simpler.",
              "I apologise for the delay.", "I'm sorry for the delay."),
        .init("FRIENDLY_WE_APOLOGISE_FOR", .friendly, .softer, "we apologise for", "we're sorry for", "Warmer and simpler.",
              "We apologise for the delay.", "We're sorry for the delay."),
        .init("FRIENDLY_ACCEPT_APOLOGIES", .friendly, .softer, "please accept our apologies for", "we're sorry for", "Warmer and simpler.",
              "Please accept our apologies for the delay.", "We're sorry for the delay."),
        .init("FRIENDLY_REGARDING", .friendly, .softer, "regarding", "about", "Plainer.",
              "I have a question regarding the invoice.", "I have a question about the invoice."),
        .init("FRIENDLY_WITH_REGARD_TO", .friendly, .softer, "with regard to", "about", "Plainer.",
              "I am writing with regard to the invoice.", "I am writing about the invoice."),
        .init("FRIENDLY_ASSISTANCE", .friendly, .softer, "assistance", "help", "Plainer.",
              "Thank you for your assistance.", "Thank you for your help."),
        .init("FRIENDLY_REQUIRE", .friendly, .softer, "require", "need", "Plainer.",
              "We require your signature.", "We need your signature."),
        .init("FRIENDLY_REQUIRES", .friendly, .softer, "requires", "needs", "Plainer.",
              "The form requires your signature.", "The form needs your signature."),
        .init("FRIENDLY_OBTAIN", .friendly, .softer, "obtain", "get", "Plainer.",
              "You can obtain a copy online.", "You can get a copy online."),
        .init("FRIENDLY_APPROXIMATELY", .friendly, .softer, "approximately", "about", "Plainer.",
              "It takes approximately ten days.", "It takes about ten days."),
        .init("FRIENDLY_SUFFICIENT", .friendly, .softer, "sufficient", "enough", "Plainer.",
              "We have sufficient time.", "We have enough time."),
        .init("FRIENDLY_ADDITIONALLY", .friendly, .softer, "additionally,", "also,", "Plainer.",
              "Additionally, the office is closed.", "Also, the office is closed."),
        .init("FRIENDLY_FURTHERMORE", .friendly, .softer, "furthermore,", "also,", "Plainer.",
              "Furthermore, the office is closed.", "Also, the office is closed."),
        .init("FRIENDLY_MOREOVER", .friendly, .softer, "moreover,", "also,", "Plainer.",
              "Moreover, the office is closed.", "Also, the office is closed."),
        .init("FRIENDLY_ENSURE_THAT", .friendly, .softer, "ensure that", "make sure that", "Plainer.",
              "Please ensure that the form is signed.", "Please make sure that the form is signed."),
        .init("FRIENDLY_HOPE_EMAIL_FINDS", .friendly, .softer, "i hope this email finds you well", "I hope you're doing well", "Warmer and simpler.",
              "I hope this email finds you well.", "I hope you're doing well."),
        .init("FRIENDLY_HOPE_MESSAGE_FINDS", .friendly, .softer, "i hope this message finds you well", "I hope you're doing well", "Warmer and simpler.",
              "I hope this message finds you well.", "I hope you're doing well."),
        .init("FRIENDLY_TRUST_EMAIL_FINDS", .friendly, .softer, "i trust this email finds you well", "I hope you're doing well", "Warmer and simpler.",
              "I trust this email finds you well.", "I hope you're doing well."),
        .init("FRIENDLY_WE_ARE_PLEASED", .friendly, .softer, "we are pleased to", "we're happy to", "Warmer and simpler.",
              "We are pleased to confirm your booking.", "We're happy to confirm your booking."),
        .init("FRIENDLY_I_AM_PLEASED", .friendly, .softer, "i am pleased to", "I'm happy to", "Warmer and simpler.",
              "I am pleased to confirm your booking.", "I'm happy to confirm your booking."),
        .init("FRIENDLY_AT_THIS_TIME", .friendly, .softer, "at this time", "right now", "Plainer.",
              "We cannot help at this time.", "We cannot help right now."),
        .init("FRIENDLY_PLEASE_NOTE_THAT", .friendly, .softer, "please note that", "just so you know,", "Warmer and simpler.",
              "Please note that the office is closed.", "Just so you know, the office is closed.", onlyAtSentenceStart: true),
        .init("FRIENDLY_PRIOR_TO", .friendly, .softer, "prior to", "before", "Plainer.",
              "Read the guide prior to the call.", "Read the guide before the call."),
        .init("FRIENDLY_PLEASE_ADVISE", .friendly, .softer, "please advise", "let me know", "Warmer and simpler.",
              "Please advise.", "Let me know.", onlyAtSentenceStart: true),
        .init("FRIENDLY_ENDEAVOR_TO", .friendly, .softer, "endeavor to", "try to", "Plainer.",
              "We will endeavor to reply.", "We will try to reply."),
        .init("FRIENDLY_ENDEAVOUR_TO", .friendly, .softer, "endeavour to", "try to", "Plainer.",
              "We will endeavour to reply.", "We will try to reply."),
        .init("FRIENDLY_UTILISE", .friendly, .softer, "utilise", "use", "Plainer.",
              "You can utilise the portal.", "You can use the portal."),
        // More plain words for formal ones (issue 34: a README-only trial of session 48 found
        // Friendly almost only contracting on a formal guide).
        .init("FRIENDLY_ASSIST", .friendly, .softer, "assist", "help", "Plainer.",
              "Our staff can assist you with the form.", "Our staff can help you with the form.", notAfter: ["an", "the"]),
        .init("FRIENDLY_NUMEROUS", .friendly, .softer, "numerous", "many", "Plainer.",
              "We received numerous requests.", "We received many requests."),
        .init("FRIENDLY_INDIVIDUALS", .friendly, .softer, "individuals", "people", "Plainer.",
              "Individuals who apply early get a reply first.", "People who apply early get a reply first."),
        .init("FRIENDLY_INQUIRE", .friendly, .softer, "inquire", "ask", "Plainer.",
              "You may inquire at the front desk.", "You may ask at the front desk."),
        .init("FRIENDLY_RECEIVE", .friendly, .softer, "receive", "get", "Plainer.",
              "You will receive a receipt by email.", "You will get a receipt by email.", notBefore: ["that"]),
        .init("FRIENDLY_ADDITIONAL", .friendly, .softer, "additional", "more", "Plainer.",
              "Please send additional details.", "Please send more details.", keeps: ["There is an additional fee."],
              notAfter: ["a", "an", "the", "any", "no", "each"]),
        .init("FRIENDLY_THEREFORE", .friendly, .softer, "therefore,", "so", "Plainer.",
              "Therefore, we will close early.", "So we will close early.", onlyAtSentenceStart: true),
        .init("FRIENDLY_IN_ORDER_TO", .friendly, .softer, "in order to", "to", "Plainer.",
              "We met in order to plan the launch.", "We met to plan the launch.",
              notBefore: ["the", "a", "my", "our", "your", "their"],
              notAfter: ["will", "would", "shall", "should", "can", "could", "may", "might", "must", "to", "not"]),
        .init("FRIENDLY_I_WOULD", .friendly, .contraction, "i would", "I'd", "A contraction sounds warmer.",
              "I would be happy to help.", "I'd be happy to help.", keeps: ["Yes, I would."], notBefore: ["not"], needsWordAfter: true),
        .init("FRIENDLY_WE_WOULD", .friendly, .contraction, "we would", "we'd", "A contraction sounds warmer.",
              "We would be happy to help.", "We'd be happy to help.", notBefore: ["not"], needsWordAfter: true),
        .init("FRIENDLY_YOU_WILL", .friendly, .contraction, "you will", "you'll", "A contraction sounds warmer.",
              "You will get a receipt.", "You'll get a receipt.", notBefore: ["not"], needsWordAfter: true),
        .init("FRIENDLY_THEY_WILL", .friendly, .contraction, "they will", "they'll", "A contraction sounds warmer.",
              "They will call you.", "They'll call you.", notBefore: ["not"], needsWordAfter: true),
        .init("FRIENDLY_WOULD_NOT", .friendly, .contraction, "would not", "wouldn't", "A contraction sounds warmer.",
              "It would not take long.", "It wouldn't take long.", needsWordAfter: true),
        .init("FRIENDLY_COULD_NOT", .friendly, .contraction, "could not", "couldn't", "A contraction sounds warmer.",
              "We could not reach you.", "We couldn't reach you.", needsWordAfter: true),
        .init("FRIENDLY_SHOULD_NOT", .friendly, .contraction, "should not", "shouldn't", "A contraction sounds warmer.",
              "It should not take long.", "It shouldn't take long.", needsWordAfter: true),
        .init("FRIENDLY_HAVE_NOT", .friendly, .contraction, "have not", "haven't", "A contraction sounds warmer.",
              "We have not heard back.", "We haven't heard back.", needsWordAfter: true),
        .init("FRIENDLY_HAS_NOT", .friendly, .contraction, "has not", "hasn't", "A contraction sounds warmer.",
              "It has not arrived.", "It hasn't arrived.", needsWordAfter: true),
        .init("FRIENDLY_WAS_NOT", .friendly, .contraction, "was not", "wasn't", "A contraction sounds warmer.",
              "It was not ready.", "It wasn't ready.", needsWordAfter: true),
        .init("FRIENDLY_WERE_NOT", .friendly, .contraction, "were not", "weren't", "A contraction sounds warmer.",
              "They were not ready.", "They weren't ready.", needsWordAfter: true),
        .init("FRIENDLY_THERE_IS", .friendly, .contraction, "there is", "there's", "A contraction sounds warmer.",
              "There is a problem.", "There's a problem.", keeps: ["Is there? Yes, there is."], needsWordAfter: true),
        // Texting thanks: warm, but spelt as a word.
        .init("FRIENDLY_THX", .friendly, .informal, "thx", "thanks", "“Thx” is texting; “thanks” is as warm.",
              "Thx for the help!", "Thanks for the help!"),
    ]
}
