import Foundation

/// Every registered rule, in the order they run (the first match on a span wins).
public enum RuleRegistry {
    /// All rules: grammar, punctuation, typography and casing rules, then spelling.
    public static var all: [any Rule] { grammarRules + spellingRules }

    /// The spelling rules, in order: a dialect's variant (“colour” in American English) is
    /// named as such before the general spelling rule would call it unknown.
    public static var spellingRules: [any Rule] { [DialectSpellingRule(), SpellingRule()] }

    /// The rule with this ID, if any.
    public static func rule(id: String) -> (any Rule)? { all.first { $0.id == id } }

    /// Grammar, punctuation, typography and casing rules (one file each under `Rules/`).
    public static let grammarRules: [any Rule] = [
        RepeatedWordRule(),
        ArticleUncountableRule(),
        ArticlePluralRule(),
        ArticleAnRule(),
        ModalOfRule(),
        NonstandardWordRule(),
        NonstandardPhraseRule(),
        RedundantPhraseRule(),
        CouldCareLessRule(),
        ItsContractionRule(),
        ItsPossessiveRule(),
        YourYoureRule(),
        ThenThanRule(),
        ThanThenRule(),
        LoseLooseRule(),
        AffectEffectRule(),
        WhoseWhosRule(),
        TheirThereRule(),
        HereHearRule(),
        AdviceAdviseRule(),
        PrincipalPrincipleRule(),
        CompoundPronounRule(),
        RealWordSlipRule(),
        SplitCompoundRule(),
        ToTooRule(),
        WereWhereRule(),
        LetsConfusionRule(),
        AgreementBeRule(),
        AgreementWasWereRule(),
        AgreementHaveDoRule(),
        AgreementThirdPersonRule(),
        ThereIsPluralRule(),
        DeterminerNumberRule(),
        QuantifierPluralRule(),
        EveryEachPluralRule(),
        FewerLessRule(),
        PrepositionCollocationRule(),
        VerbNounCollocationRule(),
        MissingBeBeforeAdjectiveRule(),
        DoubleComparativeRule(),
        AuxiliaryPastTenseRule(),
        IrregularPastRule(),
        ModalThirdPersonRule(),
        ToBaseFormRule(),
        NounSubjectAgreementRule(),
        PastParticipleRule(),
        SupposedToRule(),
        UppercaseSentenceStartRule(),
        LowercasePronounIRule(),
        DayMonthCapitalizationRule(),
        NationalityCapitalizationRule(),
        ConsecutiveSpacesRule(),
        SpaceBeforePunctuationRule(),
        MissingSpaceAfterPunctuationRule(),
        DoublePunctuationRule(),
        IntroductoryCommaRule(),
        CompoundModifierHyphenRule(),
        SpaceInsideBracketsRule(),
        LatinAbbreviationRule(),
        OrdinalSuffixRule(),
        TypographicSymbolRule(),
        DateCheckRule(),
    ]
}
