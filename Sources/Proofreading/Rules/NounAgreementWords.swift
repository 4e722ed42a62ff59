import Foundation

/// Word classes of noun agreement that several rules share: plurals without -s, plurals that
/// agree as singulars, nouns of group, and the singular and plural forms of “be”, “have” and
/// “do”. (They were the lists of the Swift rule `EN_NOUN_SUBJECT_AGREEMENT`, which the pattern
/// rules of `Resources/rules/agreement.rules` replace.)
enum NounAgreementWords {
    /// Singular and plural forms of “be”, “have” and “do”.
    static let singularToPlural: WordMap<String> = WordMap([
        "is": "are", "was": "were", "has": "have", "does": "do", "isn't": "aren't", "wasn't": "weren't",
        "hasn't": "haven't", "doesn't": "don't",
    ])
    /// The keys of ``singularToPlural``, ``pluralToSingular`` and the irregular third-person
    /// forms: the words not ending in -s that the rule looks at.
    static let listedForms: WordSet = (WordSet(singularToPlural.allKeys).union(pluralToSingular.allKeys).union(WordClasses.irregularThirdPerson.keys) as WordSet)
    /// Plural forms of “be” with their singulars.
    static let pluralToSingular: WordMap<String> = WordMap(["are": "is", "were": "was", "aren't": "isn't", "weren't": "wasn't"])
    /// Irregular plurals.
    static let irregularPlurals: WordSet = ["people", "children", "men", "women", "feet", "teeth", "mice", "geese"]
    /// Nouns that look plural but agree as singulars, or may take either number.
    static let notPlural: WordSet = [
        "news", "series", "species", "means", "headquarters", "crossroads", "whereabouts", "odds", "thanks", "lens",
        "bus", "gas", "status", "analysis", "basis", "crisis", "thesis", "axis", "chassis", "corps", "mumps", "measles",
        "billiards", "darts", "innings", "barracks", "gallows", "alms", "lots", "ones", "us", "yes", "plus", "minus",
        "masters", "bachelors",
    ]
    /// Nouns that agree as a plural in British use or as a group (“the team are”), or are used
    /// as plurals without -s.
    static let collective: WordSet = [
        "police", "staff", "team", "family", "government", "committee", "audience", "public", "crew", "class", "couple",
        "majority", "minority", "number", "rest", "remainder", "lot", "percent", "half", "kind", "sort", "type",
        "variety", "group", "band", "company", "council", "board", "jury", "army", "firm", "club", "party", "media",
        "data", "fish", "sheep", "deer", "aircraft", "offspring", "cattle", "personnel", "clergy", "faculty", "total",
        "range", "pair", "set", "bunch", "host", "series", "species", "dozen", "hundred", "thousand", "million", "billion",
        "school", "university", "college", "department", "ministry", "management", "opposition", "enemy", "population",
        "youth", "community", "generation", "world", "rest", "other", "same", "none", "people", "folk", "proportion",
        "following",
    ]
    /// Determiners that open a singular subject before a base-form verb.
    static let singularDeterminers: WordSet = (["the", "my", "your", "his", "her", "our", "their", "this", "a", "an", "every", "each"] as WordSet)
    /// Base forms with their third person that are no lexical verb to check by the dictionary.
    static let auxiliaryThird: WordMap<String> = WordMap(["have": "has", "do": "does", "don't": "doesn't", "haven't": "hasn't"])
}
