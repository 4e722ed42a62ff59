import Foundation

/// English regular inflection (Quirk et al., *A Comprehensive Grammar of the English
/// Language*, §3.5–3.7 and §5.77; the rules WordNet's `morphy` undoes): the forms a lemma takes
/// when no irregular form is listed for it. Lowercase ASCII in, lowercase out; consonant
/// doubling (`stop` → `stopped`) is not guessed here: WordNet's exception lists hold the doubled
/// forms.
enum Morphology {
    @inline(__always) static func isVowel(_ c: Character) -> Bool { "aeiou".contains(c) }

    /// True when `word` ends in a consonant and `y` (`try`, `city`; not `play`).
    static func endsInConsonantY(_ word: String) -> Bool {
        guard word.count >= 2, word.hasSuffix("y") else { return false }
        return !isVowel(word[word.index(word.endIndex, offsetBy: -2)])
    }

    /// True when `word` ends in a sibilant that takes `-es` (`-s`, `-x`, `-z`, `-ch`, `-sh`).
    static func endsInSibilant(_ word: String) -> Bool {
        word.hasSuffix("s") || word.hasSuffix("x") || word.hasSuffix("z") || word.hasSuffix("ch") || word.hasSuffix("sh")
    }

    /// The third person singular present of a verb (`go` → `goes`, `try` → `tries`, `fix` → `fixes`).
    static func thirdPerson(_ base: String) -> String {
        if endsInConsonantY(base) { return String(base.dropLast()) + "ies" }
        if endsInSibilant(base) || (base.hasSuffix("o") && !base.hasSuffix("oo")) { return base + "es" }
        return base + "s"
    }

    /// The regular past and past participle (`walk` → `walked`, `bake` → `baked`, `try` → `tried`).
    static func past(_ base: String) -> String {
        if base.hasSuffix("e") { return base + "d" }
        if endsInConsonantY(base) { return String(base.dropLast()) + "ied" }
        return base + "ed"
    }

    /// The present participle (`walk` → `walking`, `make` → `making`, `see` → `seeing`, `die` → `dying`).
    static func presentParticiple(_ base: String) -> String {
        if base.hasSuffix("ie"), base.count > 2 { return String(base.dropLast(2)) + "ying" }
        if base.hasSuffix("e"), base.count > 2, !base.hasSuffix("ee"), !base.hasSuffix("ye"), !base.hasSuffix("oe") {
            return String(base.dropLast()) + "ing"
        }
        return base + "ing"
    }

    /// The regular plural of a noun (`cat` → `cats`, `box` → `boxes`, `city` → `cities`).
    static func plural(_ noun: String) -> String {
        if endsInConsonantY(noun) { return String(noun.dropLast()) + "ies" }
        if endsInSibilant(noun) { return noun + "es" }
        return noun + "s"
    }

    /// The regular comparative (`-er`) of an adjective or adverb (`fast` → `faster`, `nice` →
    /// `nicer`, `happy` → `happier`).
    static func comparative(_ adjective: String) -> String {
        if adjective.hasSuffix("e") { return adjective + "r" }
        if endsInConsonantY(adjective) { return String(adjective.dropLast()) + "ier" }
        return adjective + "er"
    }

    /// The regular superlative (`-est`).
    static func superlative(_ adjective: String) -> String {
        if adjective.hasSuffix("e") { return adjective + "st" }
        if endsInConsonantY(adjective) { return String(adjective.dropLast()) + "iest" }
        return adjective + "est"
    }

    /// The lemmas `form` may come from by regular inflection as `tag` (several candidates,
    /// likeliest first; the caller keeps those the lexicon knows): `tries` → `try`, `boxes` →
    /// `box`, `baked` → `bake`, `bak`; `stopped` → `stop`; `bigger` → `big`.
    static func lemmaCandidates(of form: String, as tag: PennTag) -> [String] {
        func drop(_ n: Int) -> String { String(form.dropLast(n)) }
        var out: [String] = []
        switch tag {
        case .VBZ, .NNS, .NNPS:
            if form.hasSuffix("ies"), form.count > 4 { out.append(drop(3) + "y") }
            if form.hasSuffix("es"), form.count > 3 { out.append(drop(2)) }
            if form.hasSuffix("s"), !form.hasSuffix("ss"), form.count > 2 { out.append(drop(1)) }
        case .VBD, .VBN:
            if form.hasSuffix("ied"), form.count > 4 { out.append(drop(3) + "y") }
            if form.hasSuffix("ed"), form.count > 3 {
                out.append(drop(1))
                out.append(drop(2))
                let stem = drop(2)
                if stem.count >= 3, let last = stem.last, stem.dropLast().last == last { out.append(String(stem.dropLast())) }
            }
        case .VBG:
            if form.hasSuffix("ying"), form.count > 5 { out.append(drop(4) + "ie") }
            if form.hasSuffix("ing"), form.count > 4 {
                let stem = drop(3)
                out.append(stem)
                out.append(stem + "e")
                if stem.count >= 3, let last = stem.last, stem.dropLast().last == last { out.append(String(stem.dropLast())) }
            }
        case .JJR, .RBR:
            if form.hasSuffix("ier"), form.count > 4 { out.append(drop(3) + "y") }
            if form.hasSuffix("er"), form.count > 3 {
                out.append(drop(2))
                out.append(drop(1))
                let stem = drop(2)
                if stem.count >= 3, let last = stem.last, stem.dropLast().last == last { out.append(String(stem.dropLast())) }
            }
        case .JJS, .RBS:
            if form.hasSuffix("iest"), form.count > 5 { out.append(drop(4) + "y") }
            if form.hasSuffix("est"), form.count > 4 {
                out.append(drop(3))
                out.append(drop(2))
                let stem = drop(3)
                if stem.count >= 3, let last = stem.last, stem.dropLast().last == last { out.append(String(stem.dropLast())) }
            }
        default:
            break
        }
        return out
    }
}
