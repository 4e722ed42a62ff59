import Foundation

/// Every word a Hunspell dictionary accepts on its own, made by applying the affix file's
/// prefix and suffix rules to the dictionary's entries (what Hunspell's `unmunch` does), for the
/// dictionaries whose affix file uses nothing else that changes which words are accepted.
///
/// With every such word in ``AcceptedWordsCache``'s set, a plain word missing from the set is
/// one Hunspell rejects: the verdict needs no Hunspell, whose dictionary costs about 140 M
/// instructions to load (more than the rest of a short document's check). English's affix
/// files (`en_US`, `en_GB`: one level of `PFX`/`SFX` rules, compound rules for numerals only)
/// qualify; an affix file with continuation classes, compound flags, `KEEPCASE`,
/// `FORBIDDENWORD`, `CIRCUMFIX`, `IGNORE`, flag aliases or anything unknown does not
/// (``forms(affixPath:dictionaryPath:)`` answers nil, and every verdict goes to Hunspell as
/// before). Hunspell's affix file format: hunspell(5).
enum AffixExpansion {
    /// One `PFX`/`SFX` rule line: what is taken off the word (`strip`), what is put on (`add`),
    /// and the condition the word must meet, as Unicode scalars.
    struct Affix {
        let strip: [Unicode.Scalar]
        let add: [Unicode.Scalar]
        let condition: [CharacterClass]
    }

    /// One position of an affix condition: any character (`.`), one of a set (`[abc]`, `y`),
    /// or none of a set (`[^abc]`).
    struct CharacterClass: Equatable {
        let scalars: Set<Unicode.Scalar>?
        let negated: Bool

        func matches(_ s: Unicode.Scalar) -> Bool {
            guard let scalars else { return true }
            return scalars.contains(s) != negated
        }
    }

    /// The affix rules under one flag.
    struct AffixClass {
        let isPrefix: Bool
        let crossProduct: Bool
        var rules: [Affix]
    }

    /// What an affix file says that the expansion needs.
    struct AffixFile {
        var classes: [String: AffixClass] = [:]
        var flagType = "char"
        var onlyInCompound: String?
        var needAffix: String?
        var compoundRuleFlags = Set<String>()
        var fullStrip = false
        /// `ICONV` pairs: what Hunspell replaces in a word before looking it up (`’` → `'`).
        var inputConversions: [InputConversion] = []
    }

    /// One `ICONV` pair of an affix file: Hunspell writes `to` for `from` wherever it occurs in
    /// a word it is asked about (the longest pattern at each position; `RepList::conv`), before
    /// any other step.
    struct InputConversion: Equatable, Sendable {
        let from: String
        let to: String
    }

    /// Directives that do not change which single words are accepted (suggestion tables,
    /// tokenizer settings, names), or that ``parse(_:)`` models.
    private static let understood: Set<String> = [
        "SET", "FLAG", "TRY", "KEY", "REP", "MAP", "PHONE", "NOSUGGEST", "WORDCHARS", "COMPOUNDMIN",
        "ONLYINCOMPOUND", "COMPOUNDRULE", "MAXNGRAMSUGS", "MAXCPDSUGS", "MAXDIFF", "ONLYMAXDIFF", "NOSPLITSUGS",
        "SUGSWITHDOTS", "FORBIDWARN", "WARN", "NAME", "VERSION", "HOME", "LANG", "BREAK", "NEEDAFFIX",
        "FULLSTRIP", "ICONV", "OCONV", "PFX", "SFX",
    ]

    /// The affix file at `path`, or nil when it cannot be read or uses a directive outside
    /// ``understood`` (the expansion would not be every accepted word).
    static func parse(affixPath path: String) -> AffixFile? {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return nil }
        var file = AffixFile()
        var sawUTF8 = false
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = rawLine.hasPrefix("\u{FEFF}") ? rawLine.dropFirst() : rawLine
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let directive = fields.first, !directive.hasPrefix("#") else { continue }
            guard understood.contains(directive) else { return nil }
            switch directive {
            case "SET":
                guard fields.count >= 2, fields[1].uppercased() == "UTF-8" else { return nil }
                sawUTF8 = true
            case "FLAG":
                guard fields.count >= 2, ["long", "num", "UTF-8"].contains(fields[1]) else { return nil }
                file.flagType = fields[1]
            case "LANG":
                // Turkish and Azeri case rules (dotless i) and others with special handling.
                guard fields.count >= 2, fields[1].lowercased().hasPrefix("en") else { return nil }
            case "ONLYINCOMPOUND":
                guard fields.count >= 2 else { return nil }
                file.onlyInCompound = fields[1]
            case "NEEDAFFIX":
                guard fields.count >= 2 else { return nil }
                file.needAffix = fields[1]
            case "FULLSTRIP":
                file.fullStrip = true
            case "COMPOUNDRULE":
                // `COMPOUNDRULE 2` (the count), then rules such as `n*1t`: their flags matter
                // (see ``forms(affixPath:dictionaryPath:)``).
                guard fields.count >= 2 else { return nil }
                if Int(fields[1]) == nil {
                    for flag in flags(fields[1].filter { !"*?()".contains($0) }, type: file.flagType) { file.compoundRuleFlags.insert(flag) }
                }
            case "ICONV", "OCONV":
                // A conversion of ASCII letters or the apostrophe on the way in would change
                // the words looked up; other conversions (`’` → `'`) only widen the input, and
                // the verdicts take them (``AcceptedWordsCache/Words/verdict(_:also:)``). A
                // pattern anchored with `_` is not modelled. `OCONV` changes suggestions only.
                if fields.count >= 3, fields[1].unicodeScalars.contains(where: { $0.isASCII && ($0.properties.isAlphabetic || $0 == "'") }) {
                    return nil
                }
                if directive == "ICONV", fields.count >= 3 {
                    guard !fields[1].contains("_"), !fields[2].contains("_") else { return nil }
                    file.inputConversions.append(InputConversion(from: fields[1], to: fields[2]))
                }
            case "PFX", "SFX":
                guard fields.count >= 4 else { return nil }
                let flag = fields[1]
                if file.classes[flag] == nil {
                    // The header: `SFX D Y 4`.
                    guard fields[2] == "Y" || fields[2] == "N", Int(fields[3]) != nil else { return nil }
                    file.classes[flag] = AffixClass(isPrefix: directive == "PFX", crossProduct: fields[2] == "Y", rules: [])
                    continue
                }
                guard file.classes[flag]?.isPrefix == (directive == "PFX") else { return nil }
                // A rule: `SFX D y ied [^aeiou]y` (strip, add, condition); `0` is nothing. An
                // added part with `/flags` (a continuation class) is not modelled.
                let add = fields[3]
                guard !add.contains("/") else { return nil }
                let condition = fields.count >= 5 ? fields[4] : "."
                guard let parsed = parseCondition(condition) else { return nil }
                file.classes[flag]?.rules.append(Affix(strip: fields[2] == "0" ? [] : Array(fields[2].unicodeScalars),
                                                       add: add == "0" ? [] : Array(add.unicodeScalars), condition: parsed))
            default:
                continue
            }
        }
        return sawUTF8 ? file : nil
    }

    /// An affix condition (`[^aeiou]y`, `.`, `ing`) as one class per position; nil when malformed.
    static func parseCondition(_ text: String) -> [CharacterClass]? {
        if text == "." { return [] }
        var out: [CharacterClass] = []
        var scalars = Array(text.unicodeScalars)[...]
        while let s = scalars.popFirst() {
            switch s {
            case ".": out.append(CharacterClass(scalars: nil, negated: false))
            case "[":
                var negated = false
                if scalars.first == "^" { negated = true; scalars.removeFirst() }
                var set = Set<Unicode.Scalar>()
                var closed = false
                while let c = scalars.popFirst() {
                    if c == "]" { closed = true; break }
                    set.insert(c)
                }
                guard closed else { return nil }
                out.append(CharacterClass(scalars: set, negated: negated))
            default: out.append(CharacterClass(scalars: [s], negated: false))
            }
        }
        return out
    }

    /// The flags of a flag string, as the affix file's `FLAG` type reads them.
    static func flags(_ text: String, type: String) -> [String] {
        switch type {
        case "long":
            let chars = Array(text)
            return stride(from: 0, to: chars.count - 1, by: 2).map { String(chars[$0...$0 + 1]) }
        case "num":
            return text.split(separator: ",").map(String.init)
        case "UTF-8":
            return text.map { String($0) }
        default:
            // Single bytes; the English files' flags are ASCII.
            return text.unicodeScalars.map { String($0) }
        }
    }

    /// What ``forms(affixPath:dictionaryPath:)`` finds.
    struct Expansion {
        /// Each entry and its affixed forms, as written.
        var words: [String] = []
        /// The forms Hunspell accepts only in capitals: for an entry in mixed case, or in
        /// capitals with affix flags (`McDonald`, `PBX/MS`), Hunspell adds a hidden entry with an
        /// initial capital alone (`Mcdonald`, `Pbx`) and the same flags that only a word in
        /// capitals may match (`MCDONALD`, `PBXES`, `CIA'S`): these forms, in capitals.
        var inCapitalsOnly: [String] = []
        /// The affix file's `ICONV` pairs (``AffixFile/inputConversions``).
        var inputConversions: [InputConversion] = []
    }

    /// Every word the dictionary at `dictionaryPath` accepts on its own under `affixPath`'s
    /// rules: each entry and its affixed forms (a prefix and a suffix together when both
    /// classes allow cross products), without entries only for compounds. Possibly with a few
    /// forms Hunspell rejects (callers verify them); nil when the affix file is outside what
    /// this models (see ``AffixExpansion``) or a file cannot be read.
    static func forms(affixPath: String, dictionaryPath: String) -> Expansion? {
        guard let aff = parse(affixPath: affixPath) else { return nil }
        var out = Expansion(inputConversions: aff.inputConversions)
        var modelled = true
        let read = DictionaryEntries.forEach(dictionaryPath: dictionaryPath) { wordBytes, flagBytes in
            guard modelled else { return }
            guard let word = String(validating: wordBytes, as: UTF8.self) else { modelled = false; return }
            let entryFlags = flagBytes.isEmpty ? [] : flags(String(decoding: flagBytes, as: UTF8.self), type: aff.flagType)
            // Words made by compound rules: English's rules join numerals (`1st`, `11th`); a
            // letters-only entry in a compound rule could make letters-only compounds, which
            // this does not model.
            if !aff.compoundRuleFlags.isEmpty, entryFlags.contains(where: aff.compoundRuleFlags.contains),
               word.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "'" }) {
                modelled = false
                return
            }
            if let only = aff.onlyInCompound, entryFlags.contains(only) { return }
            let bare = !(aff.needAffix.map(entryFlags.contains) ?? false)
            for form in expand(Array(word.unicodeScalars), flags: entryFlags, aff, bare: bare) {
                out.words.append(String(String.UnicodeScalarView(form)))
            }
            // Hunspell's hidden entry (HashMgr::add_hidden_capitalized_word).
            let scalars = word.unicodeScalars
            let capitals = scalars.filter { $0.properties.isUppercase }.count
            let lowers = scalars.filter { $0.properties.isLowercase }.count
            let mixed = capitals > 0 && lowers > 0 && !(capitals == 1 && scalars.first!.properties.isUppercase)
            let allCapitals = capitals > 0 && lowers == 0
            if mixed || (allCapitals && !entryFlags.isEmpty) {
                let hidden = word.prefix(1).uppercased() + word.dropFirst().lowercased()
                for form in expand(Array(hidden.unicodeScalars), flags: entryFlags, aff, bare: bare) {
                    out.inCapitalsOnly.append(String(String.UnicodeScalarView(form)).uppercased())
                }
            }
        }
        return read && modelled ? out : nil
    }

    /// `root` (when `bare`) and its forms under the affix classes of `entryFlags`.
    private static func expand(_ root: [Unicode.Scalar], flags entryFlags: [String], _ aff: AffixFile, bare: Bool) -> [[Unicode.Scalar]] {
        var out: [[Unicode.Scalar]] = bare ? [root] : []
        var suffixed: [(form: [Unicode.Scalar], cross: Bool)] = []
        for flag in entryFlags {
            guard let cls = aff.classes[flag], !cls.isPrefix else { continue }
            for rule in cls.rules {
                if let form = apply(rule, to: root, prefix: false, fullStrip: aff.fullStrip) {
                    suffixed.append((form, cls.crossProduct))
                    out.append(form)
                }
            }
        }
        for flag in entryFlags {
            guard let cls = aff.classes[flag], cls.isPrefix else { continue }
            for rule in cls.rules {
                if let form = apply(rule, to: root, prefix: true, fullStrip: aff.fullStrip) { out.append(form) }
                guard cls.crossProduct else { continue }
                // Hunspell checks a prefix's condition on the word with the suffix on it; the
                // root's start is asked too (the verification drops what is wrong).
                for (base, cross) in suffixed where cross {
                    if let form = apply(rule, to: base, prefix: true, fullStrip: aff.fullStrip)
                        ?? (matches(rule, root, prefix: true) ? Array(rule.add) + base.dropFirst(rule.strip.count) : nil) {
                        out.append(form)
                    }
                }
            }
        }
        return out
    }

    /// `word` with `rule` applied (as a prefix or a suffix), or nil when the rule's strip or
    /// condition does not fit the word (Hunspell: the word keeps at least one character after
    /// the strip unless `FULLSTRIP`, and is at least as long as the condition).
    static func apply(_ rule: Affix, to word: [Unicode.Scalar], prefix: Bool, fullStrip: Bool) -> [Unicode.Scalar]? {
        guard matches(rule, word, prefix: prefix) else { return nil }
        let kept = word.count - rule.strip.count
        guard kept > 0 || (kept == 0 && fullStrip) else { return nil }
        return prefix ? rule.add + word.dropFirst(rule.strip.count) : Array(word.dropLast(rule.strip.count)) + rule.add
    }

    /// True when `word` starts (prefix) or ends (suffix) with `rule`'s strip and meets its condition.
    static func matches(_ rule: Affix, _ word: [Unicode.Scalar], prefix: Bool) -> Bool {
        guard word.count >= rule.condition.count, word.count >= rule.strip.count else { return false }
        if prefix {
            guard word.starts(with: rule.strip) else { return false }
            for (i, cls) in rule.condition.enumerated() where !cls.matches(word[i]) { return false }
        } else {
            guard word.suffix(rule.strip.count).elementsEqual(rule.strip) else { return false }
            let start = word.count - rule.condition.count
            for (i, cls) in rule.condition.enumerated() where !cls.matches(word[start + i]) { return false }
        }
        return true
    }
}
