import Foundation

/// Builds the bytes of a ``TagLexicon`` index from its Debian sources (``TagLexiconSources``):
/// run once per machine (about a second), then the index is memory-mapped from the cache.
///
/// What each entry gets:
/// - a word form of Lingua::EN::Tagger's lexicon: its Penn tags with their relative
///   frequencies in the treebank, plus the tags WordNet's morphology gives it in a word class
///   the treebank already gives it (`forget`, seen as `VB` only, also gets `VBP`), or in any
///   class when the treebank saw it fewer than 50 times (`port`, seen as a noun only, is a verb too); a frequent word does not get a
///   WordNet class the treebank never gave it (`go` is no noun, `a` no noun, in running text);
/// - a form WordNet's lemmas and exception lists make (every lemma of `index.*` with its regular
///   or listed inflections): its tags, weighted by how common each tag is;
/// - for each tag, the entry of its lemma (`went` `VBD` → `go`); for each lemma, the entries of
///   its forms (`go` → `goes`, `went`, `gone`, `going`).
enum TagLexiconBuilder {
    /// Verbs that software's English uses as nouns as often as verbs (“the build server”, “a
    /// clean install”), which the 1989 newswire treebank saw as verbs only: they keep WordNet's
    /// noun class, which a frequent word otherwise does not get.
    static let softwareNouns: Set<String> = ["build", "rebuild", "install", "reinstall", "deploy", "redeploy"]

    /// Lingua::EN::Tagger's tag names → Penn tags.
    static let linguaTags: [String: PennTag] = {
        var map: [String: PennTag] = [:]
        for tag in PennTag.allCases where tag.rawValue >= PennTag.CC.rawValue && tag.rawValue <= PennTag.WRB.rawValue {
            map[tag.description.lowercased()] = tag
        }
        map["det"] = .DT
        map["prps"] = .PRPS
        map["wps"] = .WPS
        map["pp"] = .period
        map["ppc"] = .comma
        map["pps"] = .colon
        map["ppl"] = .openQuote
        map["ppr"] = .closeQuote
        map["lrb"] = .openBracket
        map["rrb"] = .closeBracket
        map["ppd"] = .dollar
        return map
    }()

    /// The lines `key: { tag: number, tag: number }` of a Lingua::EN::Tagger YAML file, as the
    /// module's own loader reads them (`_load_words`, `_load_tags`).
    static func readYAML(_ path: String) -> [(key: String, values: [(String, Double)])] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var out: [(String, [(String, Double)])] = []
        text.enumerateLines { line, _ in
            guard let open = line.range(of: ": { "), line.hasSuffix(" }") else { return }
            var key = String(line[..<open.lowerBound])
            if key.hasPrefix("\""), key.hasSuffix("\""), key.count >= 2 { key = String(key.dropFirst().dropLast()) }
            guard !key.isEmpty else { return }
            let body = line[open.upperBound..<line.index(line.endIndex, offsetBy: -2)]
            var values: [(String, Double)] = []
            for pair in body.split(separator: ",") {
                let parts = pair.split(separator: ":")
                guard parts.count == 2, let v = Double(parts[1].trimmingCharacters(in: .whitespaces)) else { continue }
                values.append((parts[0].trimmingCharacters(in: .whitespaces), v))
            }
            out.append((key, values))
        }
        return out
    }

    /// The lemmas of a WordNet `index.*` file: single words only (no `_` compounds), lowercase.
    static func readWordNetIndex(_ path: String) -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var out: [String] = []
        text.enumerateLines { line, _ in
            guard !line.hasPrefix(" "), let space = line.firstIndex(of: " ") else { return }
            let lemma = line[..<space]
            guard !lemma.contains("_"), lemma.first?.isLetter == true else { return }
            out.append(String(lemma))
        }
        return out
    }

    /// A WordNet `*.exc` file: `form base [base…]` lines, single words only.
    static func readWordNetExceptions(_ path: String) -> [(form: String, bases: [String])] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var out: [(String, [String])] = []
        text.enumerateLines { line, _ in
            let parts = line.split(separator: " ").map(String.init)
            guard parts.count >= 2, !parts[0].contains("_") else { return }
            let bases = parts.dropFirst().filter { !$0.contains("_") }
            if !bases.isEmpty { out.append((parts[0], Array(bases))) }
        }
        return out
    }

    /// What the build collects for one word form.
    private struct Entry {
        /// Tag → (weight, lemma) with weights summing to 1 once normalised.
        var tags: [PennTag: (weight: Double, lemma: String?)] = [:]
        /// Tag → forms of this word as a lemma (first is the preferred one).
        var forms: [PennTag: [String]] = [:]
    }

    /// The index's bytes (see ``TagLexicon`` for the layout).
    static func build(_ sources: TagLexiconSources) -> [UInt8] {
        let tagCount = PennTag.allCases.count
        // Transitions.
        var transition = [Double](repeating: 0, count: tagCount * tagCount)
        for (key, values) in readYAML(sources.transitions) {
            guard let from = linguaTags[key] else { continue }
            for (name, p) in values {
                if let to = linguaTags[name] { transition[Int(from.rawValue) * tagCount + Int(to.rawValue)] = p }
            }
        }
        // Word counts.
        var lingua: [String: [PennTag: Double]] = [:]
        var tagTotals = [Double](repeating: 0, count: tagCount)
        for (key, values) in readYAML(sources.words) {
            var counts: [PennTag: Double] = [:]
            for (name, c) in values {
                guard let t = linguaTags[name], c > 0 else { continue }
                counts[t, default: 0] += c
                tagTotals[Int(t.rawValue)] += c
            }
            if !counts.isEmpty { lingua[key, default: [:]].merge(counts, uniquingKeysWith: +) }
        }
        let grand = max(tagTotals.reduce(0, +), 1)
        let prior = tagTotals.map { max($0 / grand, 1e-6) }
        func linguaCount(_ word: String, _ tag: PennTag) -> Double { lingua[word]?[tag] ?? 0 }

        // WordNet: lemmas and exceptions per class; then every form of every lemma.
        var lemmas: [WordClass: Set<String>] = [:]
        var generated: [String: [PennTag: String]] = [:]
        var forms: [String: [PennTag: [String]]] = [:]
        // Verbs WordNet lists irregular forms of (`build`: `built`).
        var irregularVerbs = Set<String>()
        func add(_ form: String, _ tag: PennTag, lemma: String) {
            if generated[form]?[tag] == nil { generated[form, default: [:]][tag] = lemma }
            if form != lemma || tag == .VB || tag == .VBD || tag == .VBN {
                if forms[lemma]?[tag]?.contains(form) != true { forms[lemma, default: [:]][tag, default: []].append(form) }
            }
        }
        for (wordClass, indexPath, excPath) in sources.wordnetFiles {
            let set = Set(readWordNetIndex(indexPath))
            lemmas[wordClass] = set
            var irregular: [String: [String]] = [:]
            for (form, bases) in readWordNetExceptions(excPath) {
                for base in bases { irregular[base, default: []].append(form) }
            }
            for lemma in set.sorted() {
                let listed = irregular[lemma] ?? []
                switch wordClass {
                case .verb:
                    if !listed.isEmpty { irregularVerbs.insert(lemma) }
                    add(lemma, .VB, lemma: lemma)
                    add(lemma, .VBP, lemma: lemma)
                    var seen = Set<PennTag>()
                    // A strong verb's two forms that differ by the vowel alone, a in one and u in
                    // the other (drank/drunk, swam/swum, stank/stunk): the a-form is the simple
                    // past, the u-form the participle (WordNet lists both against the lemma, and
                    // the treebank saw neither as a verb).
                    let ablaut = Self.ablautPairs(listed)
                    for form in listed {
                        // The treebank's tags for the form; else those of the same form of the
                        // verb it is built on (`overthrew` as `threw`); else by its shape.
                        var known = [PennTag.VBD, .VBN, .VBG, .VBZ, .VBP].filter { linguaCount(form, $0) > 0 }
                        if known.isEmpty {
                            for cut in 1..<max(1, min(lemma.count, form.count) - 2) {
                                let prefix = String(lemma.prefix(cut))
                                guard form.hasPrefix(prefix) else { break }
                                let inner = String(form.dropFirst(cut))
                                let tags = [PennTag.VBD, .VBN, .VBG, .VBZ].filter { linguaCount(inner, $0) > 0 }
                                if !tags.isEmpty, irregular[String(lemma.dropFirst(cut))]?.contains(inner) == true { known = tags; break }
                            }
                        }
                        let tags: [PennTag]
                        if !known.isEmpty { tags = known }
                        else if let tag = ablaut[form] { tags = [tag] }
                        else if form.hasSuffix("ing") { tags = [.VBG] }
                        else if form.hasSuffix("s"), form.hasPrefix(String(lemma.prefix(2))), !form.hasSuffix("ss") { tags = [.VBZ] }
                        else if listed.count > 1, form.hasSuffix("n") { tags = [.VBN] }
                        else if listed.count > 1, listed.contains(where: { $0 != form && $0.hasSuffix("n") }) { tags = [.VBD] }
                        else { tags = [.VBD, .VBN] }
                        for t in tags { add(form, t, lemma: lemma); seen.insert(t) }
                    }
                    // An irregular past listed without a participle is the participle too (`wept`,
                    // `kept`: the treebank saw “wept” as a past only); a participle listed alone
                    // leaves the past regular (`showed`, `shown`; `sewed`, `sewn`).
                    // A verb the treebank saw as its own participle keeps it (`ran`, `came`,
                    // `became` were seen as pasts only, but `run`, `come`, `become` as `VBN`).
                    if seen.contains(.VBD), !seen.contains(.VBN) {
                        if linguaCount(lemma, .VBN) > 0 {
                            add(lemma, .VBN, lemma: lemma)
                        } else {
                            for form in forms[lemma]?[.VBD] ?? [] { add(form, .VBN, lemma: lemma) }
                        }
                        seen.insert(.VBN)
                    }
                    // A verb in -t or -d that the treebank saw often as a base and as a past is
                    // its own past and participle (`set`, `put`, `cut`, `hit`, `spread`, `read`:
                    // WordNet lists no exception for a form that is the lemma; `seted` is none).
                    if !seen.contains(.VBD), lemma.hasSuffix("t") || lemma.hasSuffix("d"), linguaCount(lemma, .VBD) >= 3,
                       linguaCount(lemma, .VB) + linguaCount(lemma, .VBP) >= 3 {
                        add(lemma, .VBD, lemma: lemma)
                        seen.insert(.VBD)
                        if !seen.contains(.VBN) { add(lemma, .VBN, lemma: lemma); seen.insert(.VBN) }
                    }
                    if !seen.contains(.VBZ) { add(Morphology.thirdPerson(lemma), .VBZ, lemma: lemma) }
                    if !seen.contains(.VBD) { add(Morphology.past(lemma), .VBD, lemma: lemma) }
                    if !seen.contains(.VBN) { add(Morphology.past(lemma), .VBN, lemma: lemma) }
                    if !seen.contains(.VBG) { add(Morphology.presentParticiple(lemma), .VBG, lemma: lemma) }
                case .noun:
                    add(lemma, .NN, lemma: lemma)
                    if listed.isEmpty { add(Morphology.plural(lemma), .NNS, lemma: lemma) }
                    for form in listed { add(form, .NNS, lemma: lemma) }
                case .adjective, .adverb:
                    let (base, er, est): (PennTag, PennTag, PennTag) = wordClass == .adjective ? (.JJ, .JJR, .JJS) : (.RB, .RBR, .RBS)
                    add(lemma, base, lemma: lemma)
                    for form in listed {
                        add(form, form.hasSuffix("st") ? est : er, lemma: lemma)
                    }
                    // Regular -er/-est forms only where the treebank saw them as such.
                    let c = Morphology.comparative(lemma), s = Morphology.superlative(lemma)
                    if listed.isEmpty, linguaCount(c, er) > 0 { add(c, er, lemma: lemma) }
                    if listed.isEmpty, linguaCount(s, est) > 0 { add(s, est, lemma: lemma) }
                }
            }
        }
        // The lemma of a treebank word's tag when WordNet's forms do not give it.
        func lemma(of word: String, _ tag: PennTag) -> String? {
            let lower = word.lowercased()
            if let l = generated[lower]?[tag] { return l }
            guard let wordClass = tag.wordClass, let set = lemmas[wordClass] else { return nil }
            return Morphology.lemmaCandidates(of: lower, as: tag).first { set.contains($0) }
        }

        // Entries.
        var entries: [String: Entry] = [:]
        for (word, seen) in lingua {
            // An irregular verb's base that the treebank tagged a few times as its own past or
            // participle where WordNet lists that form as another word (`build` as `VBN`, where
            // the participle is `built`): a tagging slip, left out, so that “have build our
            // frame” reads as a base after “have”. A verb that is its own past or participle
            // (`cut`, `run`, `come`) has itself among the forms and keeps the tag; so does a verb
            // WordNet lists no forms of (`burst`: its regular forms are guesses).
            let seenTotal = seen.values.reduce(0, +)
            let counts = seen.filter { t, c in
                guard t == .VBN || t == .VBD, c / seenTotal < 0.1, irregularVerbs.contains(word),
                      let listed = forms[word]?[t], !listed.isEmpty else { return true }
                return listed.contains(word)
            }
            guard !counts.isEmpty else { continue }
            let total = counts.values.reduce(0, +)
            var e = Entry()
            for (t, c) in counts { e.tags[t] = (c / total, lemma(of: word, t)) }
            let own = generated[word] ?? [:]
            let classes = Set(counts.keys.compactMap(\.wordClass))
            var extra: [PennTag: String] = [:]
            for (t, l) in own where counts[t] == nil {
                if total < 50 || t.wordClass.map(classes.contains) == true || t == .NN && Self.softwareNouns.contains(word) { extra[t] = l }
            }
            if !extra.isEmpty {
                // Each added tag as if seen 0.3 times.
                let scale = total / (total + 0.3 * Double(extra.count))
                for t in Array(e.tags.keys) { e.tags[t]!.weight *= scale }
                for (t, l) in extra { e.tags[t] = (0.3 / (total + 0.3 * Double(extra.count)), l) }
            }
            entries[word] = e
        }
        for (word, tags) in generated where entries[word] == nil {
            var e = Entry()
            let sum = tags.keys.reduce(0) { $0 + prior[Int($1.rawValue)] }
            for (t, l) in tags { e.tags[t] = (prior[Int(t.rawValue)] / sum, l) }
            // A plural that WordNet also lists as a noun of its own (`drawers`, `whiskers`,
            // `slippers`: most are plurals in form and sense, which the Penn guidelines tag
            // `NNS`) is mostly the plural, not a singular noun in -s.
            if let plural = e.tags[.NNS], let singular = e.tags[.NN], plural.lemma != nil, plural.lemma != word, !word.hasSuffix("ics") {
                let both = plural.weight + singular.weight
                e.tags[.NNS]!.weight = both * 0.8
                e.tags[.NN]!.weight = both * 0.2
            }
            entries[word] = e
        }
        for (lemma, byTag) in forms {
            // The form the treebank saw most often with the tag first (`dreamed` or `dreamt`).
            var sorted: [PennTag: [String]] = [:]
            for (t, list) in byTag {
                sorted[t] = list.enumerated().sorted { a, b in
                    let ca = linguaCount(a.element, t), cb = linguaCount(b.element, t)
                    return ca != cb ? ca > cb : a.offset < b.offset
                }.map(\.element)
            }
            entries[lemma, default: Entry()].forms = sorted
        }
        return serialise(entries: entries, transition: transition, prior: prior)
    }

    /// The simple past and the participle among a strong verb's listed forms that differ by
    /// one vowel, `a` in the past and `u` in the participle (`drank` `drunk`, `swam` `swum`,
    /// `began` `begun`): form → `VBD` or `VBN`.
    static func ablautPairs(_ forms: [String]) -> [String: PennTag] {
        var out: [String: PennTag] = [:]
        for a in forms {
            for u in forms where u != a && u.count == a.count {
                let diff = zip(a, u).enumerated().filter { $0.element.0 != $0.element.1 }
                guard diff.count == 1, diff[0].element == ("a", "u") else { continue }
                out[a] = .VBD
                out[u] = .VBN
            }
        }
        return out
    }

    /// The bytes of the index (layout in ``TagLexicon``).
    private static func serialise(entries: [String: Entry], transition: [Double], prior: [Double]) -> [UInt8] {
        let keys = entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var index: [String: Int32] = [:]
        for (k, key) in keys.enumerated() { index[key] = Int32(k) }
        let n = keys.count
        var slots = 1
        while slots < max(n + n / 2, 2) { slots <<= 1 }
        var slotTable = [Int32](repeating: -1, count: slots)
        var keyOffset: [UInt32] = [0], keyBytes: [UInt8] = []
        var tagStart: [UInt32] = [0], tagRec: [UInt32] = [], tagLemma: [Int32] = []
        var formStart: [UInt32] = [0], formRec: [UInt32] = [], formEntry: [Int32] = []
        for (k, key) in keys.enumerated() {
            let bytes = Array(key.utf8)
            keyBytes.append(contentsOf: bytes)
            keyOffset.append(UInt32(keyBytes.count))
            var s = Int(TagLexicon.hash(bytes) & UInt64(slots - 1))
            while slotTable[s] >= 0 { s = (s + 1) & (slots - 1) }
            slotTable[s] = Int32(k)
            let e = entries[key]!
            for (t, v) in e.tags.sorted(by: { $0.value.weight != $1.value.weight ? $0.value.weight > $1.value.weight : $0.key.rawValue < $1.key.rawValue }) {
                let w = UInt32(max(1, min(65535, (v.weight * 65535).rounded())))
                tagRec.append(UInt32(t.rawValue) | w << 16)
                tagLemma.append(v.lemma.flatMap { $0 == key ? -1 : index[$0] } ?? -1)
            }
            tagStart.append(UInt32(tagRec.count))
            for (t, list) in e.forms.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                guard let first = list.first, let target = index[first] else { continue }
                formRec.append(UInt32(t.rawValue))
                formEntry.append(target)
            }
            formStart.append(UInt32(formRec.count))
        }
        var out: [UInt8] = TagLexicon.magic
        func put<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        func put<T: FixedWidthInteger>(_ vs: [T]) { for v in vs { put(v) } }
        let tagCount = PennTag.allCases.count
        put(TagLexicon.formatVersion)
        for v in [tagCount, n, slots, keyBytes.count, tagRec.count, formRec.count, 0] { put(UInt32(v)) }
        put(transition.map { Float(log(max($0, 1e-7))).bitPattern })
        put(prior.map { Float(log($0)).bitPattern })
        put(slotTable)
        put(keyOffset)
        put(tagStart)
        put(tagRec)
        put(tagLemma)
        put(formStart)
        put(formRec)
        put(formEntry)
        out.append(contentsOf: keyBytes)
        return out
    }
}
