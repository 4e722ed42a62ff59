import Foundation

// Words English derives freely from a known word with a productive suffix (“triager”,
// “decodable”, “forwardings”): accepted when the dictionary's affix data says the stem is a verb
// and the word is spelled as the affix file's own rules spell the suffix; otherwise, when the
// word is still a regular derivation of a known word, its guess is never applied unattended.
extension SpellingRule {
    /// A productive suffix of English word formation that makes a word of a verb, spelled by
    /// the en-US affix file's rules for it (SCOWL's `en_US.aff`: `R`/`Z` for -er/-ers, `B` for
    /// -able, `J` for -ings).
    enum VerbSuffix: CaseIterable {
        /// An agent or instrument noun (“triager”, “forwarder”), `R`: `e` → `+r`, a consonant
        /// and `y` → `ier`, otherwise `+er`.
        case agent
        /// Its plural (“triagers”), `Z`.
        case agents
        /// An adjective of possibility (“decodable”, “copyable”), `B`: after a consonant or
        /// `ee`, `+able`; a consonant and `e` drop the `e` (“decodable”), except after `c`/`g`,
        /// where English keeps it (“manageable”).
        case able
        /// A plural noun of the -ing form (“forwardings”, “encodings”), `J`: `e` → `ings`,
        /// otherwise `+ings`.
        case ings
        /// A noun of the one the verb's action is done to (“tracee” of strace(1), “callee”,
        /// “mentee”): `e` → `+e`, otherwise `+ee` (no affix flag of en-US makes it).
        case patient
        /// Its plural (“tracees”, “callees”).
        case patients
    }

    /// The stems (four letters or more) that make `lower` with `suffix` by the affix rules
    /// (``VerbSuffix``), with no consonant doubled: the affix file never doubles one
    /// (`runner`, `stoppable` are entries of their own).
    static func regularStems(of lower: String, suffix: VerbSuffix) -> [String] {
        let b = Array(lower.utf8)
        guard b.count >= 5, b.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return [] }
        func isVowel(_ c: UInt8) -> Bool { c == 0x61 || c == 0x65 || c == 0x69 || c == 0x6F || c == 0x75 }
        let e: UInt8 = 0x65, y: UInt8 = 0x79
        var out: [[UInt8]] = []
        switch suffix {
        case .agent, .agents:
            let tail = suffix == .agents ? 1 : 0
            if tail == 1, b[b.count - 1] != 0x73 { return [] }
            guard b[b.count - 1 - tail] == 0x72 else { return [] }        // …r(s)
            let base = Array(b[..<(b.count - 1 - tail)])                  // the word without r(s)
            guard base.last == e else { return [] }
            out.append(base)                                              // triage|r
            let before = Array(base.dropLast())                           // the word without er(s)
            guard let p = before.last, before.count >= 2 else { break }
            let q = before[before.count - 2]
            if p == 0x69 {
                if !isVowel(q), q != y { out.append(Array(before.dropLast()) + [y]) }   // copi|er → copy
            } else if p == y {
                if isVowel(q) { out.append(before) }                      // deploy|er
            } else if p != e {
                out.append(before)                                        // forward|er
            }
        case .able:
            guard lower.hasSuffix("able") else { return [] }
            let base = Array(b[..<(b.count - 4)])
            guard let last = base.last, base.count >= 2 else { return [] }
            let p = base[base.count - 2]
            if !isVowel(last) {
                out.append(base)                                          // copy|able, forward|able
                out.append(base + [e])                                    // decod|able → decode
            } else if last == e, p == e || p == 0x63 || p == 0x67 {
                out.append(base)                                          // agree|able, manage|able
            }
        case .ings:
            guard lower.hasSuffix("ings") else { return [] }
            let base = Array(b[..<(b.count - 4)])
            guard let last = base.last else { return [] }
            out.append(base)                                              // forward|ings
            if last != e, !isVowel(last) { out.append(base + [e]) }       // encod|ings → encode
        case .patient, .patients:
            let tail = suffix == .patients ? 1 : 0
            if tail == 1, b[b.count - 1] != 0x73 { return [] }
            guard b[b.count - 1 - tail] == e, b[b.count - 2 - tail] == e else { return [] }   // …ee(s)
            let base = Array(b[..<(b.count - 2 - tail)])                  // the word without ee(s)
            out.append(base + [e])                                        // trace|e
            if let last = base.last, last != e { out.append(base) }      // call|ee
        }
        return out.filter { $0.count >= 4 }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// True when `lower` is a verb the dictionary knows with a productive suffix of
    /// ``VerbSuffix``, spelled by the affix file's rules (“triager”, “triagers”, “decodable”,
    /// “forwardings”, “copyable”): the dictionaries list these on their commonest verbs only.
    ///
    /// The stem must be an entry with the verb flags `D` or `G` (``WordClasses/isVerbBase(_:)``),
    /// four letters or more; a verb whose inflections double its last consonant takes no
    /// undoubled suffix (“runer”, “writter”, “stopable” stay typos). An `-er` whose `-or` or
    /// `-ar` form is a word (“editer”, “inventer”) is a slip of that form, as is an `-able`
    /// whose `-ible` form is a word (“accessable”), an `-able` that drops the `e` of a soft
    /// “c” or “g” (“changable”), and a word whose form with its last consonant doubled is a
    /// word (“flamable”: “flammable”). Measured on the dev spelling set: no misspelling of it
    /// is accepted.
    static func isVerbDerivation(_ lower: String, speller: any Speller, classes: WordClasses?) -> Bool {
        guard let classes, lower.utf8.count >= 7 else { return false }
        return derivations(of: lower, speller: speller, classes: classes).contains { stem in
            classes.isVerbBase(stem) && !(stem.utf8.withContiguousStorageIfAvailable { classes.hasDoubledInflection($0) } ?? false)
        }
    }

    /// The known stems (four letters or more) that make `lower` a regular derivation with a
    /// suffix of ``VerbSuffix``, whatever their class, less the shapes of a slip: an `-er`
    /// whose `-or`/`-ar` form is a word, an `-able` whose `-ible` form is, an `-able` that
    /// drops the `e` of a soft “c” or “g”, a form whose doubled last consonant makes a word
    /// (“flamable”, “runer”: “runner”), an adverb's stem (“simplier”), and a “y” made “i”
    /// on a stem that is no verb (“authoritiers”).
    static func derivations(of lower: String, speller: any Speller, classes: WordClasses?) -> [String] {
        var out: [String] = []
        for suffix in VerbSuffix.allCases {
            let ending: Int
            switch suffix {
            case .agent, .patient: ending = 2
            case .agents, .patients: ending = 3
            case .able, .ings: ending = 4
            }
            guard lower.utf8.count > ending + 3 else { continue }
            let root = String(lower.dropLast(ending)), tail = String(lower.suffix(ending))
            for stem in regularStems(of: lower, suffix: suffix) {
                guard !stem.hasSuffix("ly"), speller.isCorrect(stem) else { continue }
                switch suffix {
                case .agent, .agents:
                    let s = suffix == .agents ? "s" : ""
                    if speller.isCorrect(root + "or" + s) || speller.isCorrect(root + "ar" + s) { continue }
                    // “copier” from “copy”: a verb's -er only.
                    if stem.hasSuffix("y"), root.hasSuffix("i"), classes?.isVerbBase(stem) != true { continue }
                case .able:
                    if speller.isCorrect(root + "ible") { continue }
                    // A soft “c” or “g” keeps its “e” (“changable” is a slip of “changeable”).
                    if stem.hasSuffix("ce") || stem.hasSuffix("ge"), !root.hasSuffix("e") { continue }
                case .ings, .patient, .patients:
                    break
                }
                // The same word with its last consonant doubled is a word (“flamable”:
                // “flammable”, “runer”: “runner”): a slip of it.
                if let c = root.last, !"aeiouy".contains(c), speller.isCorrect(root + String(c) + tail) { continue }
                out.append(stem)
            }
        }
        return out
    }

    /// True when `lower` reads as a regular derivation of a word the dictionary knows, whatever
    /// its class (``derivations(of:speller:classes:)``: “podcaster” from the noun, “triager” from the
    /// verb when the dictionary had no verb flags). Such a word may be a real word the
    /// dictionary lacks (“triager” is no slip of “trigger”): its guess is reported, never
    /// applied unattended. (Prefixed words are ``isPrefixedWord(_:speller:classes:)``'s: what
    /// it turns away is a slip of a known word, “referal”, “interelated”.)
    static func looksDerived(_ lower: String, speller: any Speller, classes: WordClasses?) -> Bool {
        !derivations(of: lower, speller: speller, classes: classes).isEmpty
    }
}

// The plural of a noun in -ion the dictionary lists without one.
extension SpellingRule {
    /// True when `lower` is the regular plural of a noun in *-ion* the dictionary knows
    /// (“suppressions”, “redirections”): SCOWL's en-US lists the plural of the commonest of these
    /// only (`suppression` has no `S` flag), though technical English counts them (Valgrind's
    /// “a suppressions file”, zsh's “multiple redirections”). Not the plural of a noun that
    /// Link Grammar's dictionary (``NounCountability``) knows as a mass noun only
    /// (“informations”, “expirations”: a learner's plural of an uncountable noun is an error
    /// the countability rules name). Eight letters or more; the stem must be a word as it
    /// stands, so a slip inside it (“comisions”, “descisions”) stays one.
    static func isIonPlural(_ lower: String, speller: any Speller, countability: NounCountability = .shared) -> Bool {
        guard lower.utf8.count >= 8, lower.hasASCIISuffix("ions"), lower.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return false }
        let stem = String(lower.dropLast())
        guard speller.isCorrect(stem) else { return false }
        return countability.isCountable(stem) || !countability.isMass(stem)
    }
}
