import Foundation

/// The word lists the rules consult for nearly every word of every sentence, as bits of each
/// token's ``Token/lexBits``: the tokenizer looks a word up once, in ``table``, and then “is this
/// a subject pronoun?”, “a be form?”, “the first word of a listed phrase?” is a test of a bit
/// where it was a lookup in a table each (about fifteen lookups a word over the rule set, the
/// largest share of the proofreader's time after tokenizing). Harper keeps the same kind of
/// per-word metadata on its tokens; LanguageTool's rule filtering by token hints is the same idea
/// for whole rules.
///
/// A list is a ``WordSet`` or a ``WordMap`` (its keys) made with `hot:` naming its case here, and
/// read through ``WordSet/containsLower(of:_:)``, ``WordSet/containsNorm(of:_:)``,
/// ``WordMap/value(forLowerOf:_:)`` or ``WordMap/value(forNormOf:_:)``: the answers are those of
/// the lookups they replace (HotWordsTests compares both on every list's words in every case and
/// apostrophe form; the differential check on the 10,075 dev records found no finding changed).
/// The bits are of ``Token/norm`` (lowercase, straight apostrophes).
enum HotWords {
    /// The lists, one bit each (at most 64).
    enum List: Int, CaseIterable, Sendable {
        case pronounSubjects, compoundModifierWords, prepositionHeads, quantifierStarters, singularDeterminers
        case contractedSubjects, agreementVerbForms, beForms, haveOrBeForms, splitFunctionWords
        case verbNounTriggers, modalsBeforeBase, doForms, splitListedFirsts, pastTenseAuxiliaries
        case slipWords, negators, subjectPronouns, nonstandardPhraseFirsts
        case redundantPhraseFirsts, splitListedAnchors
        /// Every trigger word (``Rule/triggers``) of the registered rules (``RuleRegistry/all``):
        /// a word without this bit wakes none of them (``RulePlan/active(in:into:)``).
        case triggerWords

        /// The list's bit.
        var bit: UInt64 { 1 << UInt64(rawValue) }

        /// The list's words and the bit its set or map was made with.
        var words: (words: [String], bit: UInt64) {
            switch self {
            case .pronounSubjects: return (Array(PronounVerbAgreement.subjects), PronounVerbAgreement.subjects.hotBit)
            case .compoundModifierWords:
                return (CompoundModifierHyphenRule.patternWords.allKeys, CompoundModifierHyphenRule.patternWords.hotBit)
            case .prepositionHeads: return (Array(PrepositionCollocationRule.heads), PrepositionCollocationRule.heads.hotBit)
            case .quantifierStarters: return (Array(QuantifierPluralRule.starters), QuantifierPluralRule.starters.hotBit)
            case .singularDeterminers:
                return (Array(NounAgreementWords.singularDeterminers), NounAgreementWords.singularDeterminers.hotBit)
            case .contractedSubjects:
                return (MissingBeBeforeAdjectiveRule.contracted.allKeys, MissingBeBeforeAdjectiveRule.contracted.hotBit)
            case .agreementVerbForms: return (Array(NounAgreementWords.listedForms), NounAgreementWords.listedForms.hotBit)
            case .beForms: return (Array(RuleSupport.beForms), RuleSupport.beForms.hotBit)
            case .haveOrBeForms: return (Array(PastParticipleRule.haveOrBeForms), PastParticipleRule.haveOrBeForms.hotBit)
            case .splitFunctionWords: return (Array(SplitCompoundRule.functionWords), SplitCompoundRule.functionWords.hotBit)
            case .verbNounTriggers: return (Array(VerbNounCollocationRule.triggerWordSet), VerbNounCollocationRule.triggerWordSet.hotBit)
            case .modalsBeforeBase: return (Array(ModalThirdPersonRule.modals), ModalThirdPersonRule.modals.hotBit)
            case .doForms: return (Array(ModalThirdPersonRule.doForms), ModalThirdPersonRule.doForms.hotBit)
            case .splitListedFirsts: return (Array(SplitCompoundRule.listedFirsts), SplitCompoundRule.listedFirsts.hotBit)
            case .pastTenseAuxiliaries: return (Array(AuxiliaryPastTenseRule.auxiliaries), AuxiliaryPastTenseRule.auxiliaries.hotBit)
            case .slipWords: return (Array(RealWordSlipRule.slipWords), RealWordSlipRule.slipWords.hotBit)
            case .negators: return (Array(DoubleNegativeRule.negators), DoubleNegativeRule.negators.hotBit)
            case .subjectPronouns: return (Array(Lexicon.subjectPronouns), Lexicon.subjectPronouns.hotBit)
            case .nonstandardPhraseFirsts:
                return (NonstandardPhraseRule.phrasesByFirst.allKeys, NonstandardPhraseRule.phrasesByFirst.hotBit)
            case .redundantPhraseFirsts: return (RedundantPhraseRule.phrasesByFirst.allKeys, RedundantPhraseRule.phrasesByFirst.hotBit)
            case .splitListedAnchors: return (SplitCompoundRule.listed.anchorKeys, SplitCompoundRule.listed.anchorBit)
            case .triggerWords: return (registryTriggerWords, List.triggerWords.bit)
            }
        }
    }

    /// The trigger words of the registered rules in ``Token/norm`` form (as ``RulePlan`` indexes them).
    static let registryTriggerWords: [String] = {
        var words = Set<String>()
        for rule in RuleRegistry.all {
            for word in rule.triggers ?? [] { words.insert(normalized(word)) }
        }
        return Array(words)
    }()

    /// `word` lowercased, with `’` made `'` (``Token/norm``'s form; ``RulePlan`` indexes trigger
    /// words so).
    static func normalized(_ word: String) -> String {
        let lower = word.lowercased()
        return lower.unicodeScalars.contains("\u{2019}") ? lower.replacingOccurrences(of: "\u{2019}", with: "'") : lower
    }

    /// Every listed word → the bits of the lists that hold it.
    static let table: WordMap<UInt64> = {
        precondition(List.allCases.count <= 64, "more hot word lists than bits")
        var bits: [String: UInt64] = [:]
        for list in List.allCases {
            let (words, declared) = list.words
            // A set made without its `hot:` (or with another list's) would read bits that are not its own.
            precondition(declared == list.bit, "hot word list \(list) is not made with hot: .\(list)")
            for word in words { bits[word, default: 0] |= list.bit }
        }
        return WordMap(bits)
    }()

    /// The bits of the lists that hold `norm` (a ``Token/norm``).
    static func bits(of norm: String) -> UInt64 { table[norm] ?? 0 }
}
