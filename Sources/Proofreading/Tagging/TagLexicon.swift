import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The part-of-speech lexicon: the Penn tags a word form can have (with how likely each is),
/// the lemma of a form (`went` → `go`, `children` → `child`, `better` → `good`), and the forms
/// of a lemma (`go` → `goes`, `went`, `gone`, `going`; `big` → `bigger`, `biggest`).
///
/// Built from Lingua::EN::Tagger's Penn Treebank lexicon and WordNet 3.0 (see
/// ``TagLexiconSources`` and ``TagLexiconBuilder``) once per machine, kept as a compact binary
/// index in the cache folder (`~/.cache/writing-tools/pos-*.idx`) and memory-mapped: loading
/// costs one `mmap`, and nothing is parsed or copied. Every query is a hash look-up of the
/// word's UTF-8 bytes. Words are looked up as written, then lowercased; every answer is
/// lowercase except proper-noun lemmas. Immutable and safe from any thread.
///
/// Index layout (little-endian): magic `WTPOSIX\0`, format version, then seven `UInt32` counts
/// (tags, entries, hash slots, key bytes, tag records, form records, 0); the transition matrix
/// (`Float32` log P(next | previous), tags × tags) and tag priors (`Float32` log P(tag)); the hash
/// slots (`Int32` entry or −1); the key offsets; per entry a run of tag records (`UInt32`: tag in
/// the low byte, weight P(tag | word) × 65535 in the high half) with their lemma entries (`Int32`,
/// −1 for the word itself); per entry a run of form records (tag, form entry); the key bytes.
public final class TagLexicon: @unchecked Sendable {
    // @unchecked: the memory is written before `init` returns (built or mapped) and never after.
    static let magic: [UInt8] = Array("WTPOSIX\0".utf8)
    /// Changed whenever the layout or the build rules change (to a number no other branch
    /// uses: the cache in `~/.cache/writing-tools` is keyed by it and shared by every build).
    static let formatVersion: UInt32 = 5603

    private let base: UnsafeRawPointer
    private let length: Int
    /// The mapped file the index lies in (it unmaps itself), or nil for memory of its own.
    private let file: MappedFile?
    /// Number of tags the index was built with (``PennTag/allCases``).
    let tagCount: Int
    /// Number of entries (word forms).
    public let count: Int
    private let slotMask: Int
    private let transitions: UnsafePointer<Float>
    private let priors: UnsafePointer<Float>
    private let slots: UnsafePointer<Int32>
    private let keyOffset: UnsafePointer<UInt32>
    private let tagStart: UnsafePointer<UInt32>
    private let tagRec: UnsafePointer<UInt32>
    private let tagLemma: UnsafePointer<Int32>
    private let formStart: UnsafePointer<UInt32>
    private let formRec: UnsafePointer<UInt32>
    private let formEntry: UnsafePointer<Int32>
    private let keyBytes: UnsafePointer<UInt8>
    private let keyByteCount: Int
    private let tagRecordCount: Int
    private let formRecordCount: Int

    /// The lexicon of Debian's files (``TagLexiconSources/debian``), loaded from the cache or
    /// built once and cached; an empty lexicon (every word unknown, tagged by its shape) when
    /// the packages are not installed.
    public static let shared: TagLexicon = load(sources: .debian, cacheDirectory: SpellingSuggester.defaultCacheDirectory)

    /// The lexicon of `sources`, mapped from `cacheDirectory` when built before, else built and
    /// stored there (nil: built in memory).
    static func load(sources: TagLexiconSources, cacheDirectory: URL?) -> TagLexicon {
        guard sources.areInstalled else { return TagLexicon(bytes: TagLexiconBuilder.build(sources)) ?? empty() }
        let hash = String(hash(Array("\(formatVersion)\n\(sources.fingerprint())".utf8)), radix: 16)
        let url = cacheDirectory?.appendingPathComponent("pos-en-\(hash).idx")
        if let url, let mapped = TagLexicon(mapping: url.path) { return mapped }
        let bytes = TagLexiconBuilder.build(sources)
        if let url {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url, options: .atomic)
                removeStale(besides: url)
                if let mapped = TagLexicon(mapping: url.path) { return mapped }
            } catch {}
        }
        return TagLexicon(bytes: bytes) ?? empty()
    }

    /// A lexicon without words.
    static func empty() -> TagLexicon { TagLexicon(bytes: TagLexiconBuilder.build(TagLexiconSources(words: "", transitions: "", wordnet: "")))! }

    /// Deletes older `pos-en-*.idx` files next to `url`.
    private static func removeStale(besides url: URL) {
        let dir = url.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return }
        for name in names where name != url.lastPathComponent && name.hasPrefix("pos-en-") && name.hasSuffix(".idx") {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent(name))
        }
    }

    /// Maps the index file at `path`; nil when it is missing, damaged or of another format.
    convenience init?(mapping path: String) {
        guard let file = MappedFile(path: path), file.count > 64 else { return nil }
        self.init(base: file.base, length: file.count, file: file)
    }

    /// An index held in memory (a copy of `bytes`); nil when they are no valid index.
    convenience init?(bytes: [UInt8]) {
        let p = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        bytes.withUnsafeBytes { p.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        self.init(base: UnsafeRawPointer(p), length: bytes.count, file: nil)
    }

    private init?(base: UnsafeRawPointer, length: Int, file: MappedFile?) {
        func release() {
            if file == nil { base.deallocate() }
        }
        func u32(_ offset: Int) -> Int { Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        let header = Self.magic.count + 4 + 7 * 4
        guard length >= header, (0..<Self.magic.count).allSatisfy({ base.load(fromByteOffset: $0, as: UInt8.self) == Self.magic[$0] }),
              u32(Self.magic.count) == Int(Self.formatVersion) else { release(); return nil }
        var o = Self.magic.count + 4
        let tags = u32(o), entries = u32(o + 4), slots = u32(o + 8), keyBytes = u32(o + 12), tagRecs = u32(o + 16), formRecs = u32(o + 20)
        o = header
        let need = 4 * (tags * tags + tags + slots + 3 * (entries + 1) + 2 * tagRecs + 2 * formRecs) + keyBytes
        guard tags == PennTag.allCases.count, slots > 0, slots & (slots - 1) == 0, length == header + need else { release(); return nil }
        func take<T>(_ n: Int, _: T.Type) -> UnsafePointer<T> {
            let p = (base + o).assumingMemoryBound(to: T.self)
            o += n * MemoryLayout<T>.size
            return p
        }
        self.base = base
        self.length = length
        self.file = file
        self.tagCount = tags
        self.count = entries
        self.slotMask = slots - 1
        transitions = take(tags * tags, Float.self)
        priors = take(tags, Float.self)
        self.slots = take(slots, Int32.self)
        keyOffset = take(entries + 1, UInt32.self)
        tagStart = take(entries + 1, UInt32.self)
        tagRec = take(tagRecs, UInt32.self)
        tagLemma = take(tagRecs, Int32.self)
        formStart = take(entries + 1, UInt32.self)
        formRec = take(formRecs, UInt32.self)
        formEntry = take(formRecs, Int32.self)
        self.keyBytes = take(keyBytes, UInt8.self)
        // Only the ends of the tables are checked here (a full scan would read every page of the
        // file at start-up); every read below checks its own index, so a damaged file gives
        // wrong answers at worst, never a read out of bounds.
        guard keyOffset[entries] == keyBytes, tagStart[entries] == tagRecs, formStart[entries] == formRecs else { release(); return nil }
        self.keyByteCount = keyBytes
        self.tagRecordCount = tagRecs
        self.formRecordCount = formRecs
    }

    deinit {
        if file == nil { base.deallocate() }
    }

    /// FNV-1a over bytes.
    static func hash<C: Sequence>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }

    // MARK: Entries

    /// The entry of exactly these bytes, or -1.
    func entry(bytes b: UnsafeBufferPointer<UInt8>) -> Int {
        var s = Int(Self.hash(b) & UInt64(slotMask))
        while true {
            let e = Int(slots[s])
            if e < 0 || e >= count { return -1 }
            let start = Int(keyOffset[e]), end = Int(keyOffset[e + 1])
            if end - start == b.count, start <= end, end <= keyByteCount, memcmp(keyBytes + start, b.baseAddress!, b.count) == 0 { return e }
            s = (s + 1) & slotMask
        }
    }

    /// The entry of `word` exactly, or -1.
    func entry(exactly word: String) -> Int {
        var w = word
        return w.withUTF8 { b in b.isEmpty ? -1 : entry(bytes: b) }
    }

    /// The entry of `word` as written, else lowercased; -1 when neither is known.
    func entry(_ word: String) -> Int {
        let e = entry(exactly: word)
        if e >= 0 { return e }
        let lower = word.lowercased()
        return lower == word ? -1 : entry(exactly: lower)
    }

    /// The word of entry `e`.
    func key(_ e: Int) -> String {
        let start = Int(keyOffset[e]), end = max(start, min(Int(keyOffset[e + 1]), keyByteCount))
        guard start <= keyByteCount else { return "" }
        return String(decoding: UnsafeBufferPointer(start: keyBytes + start, count: end - start), as: UTF8.self)
    }

    /// The tag records of entry `e`: tags, likeliest first.
    func records(_ e: Int) -> Range<Int> {
        let start = min(Int(tagStart[e]), tagRecordCount)
        return start..<max(start, min(Int(tagStart[e + 1]), tagRecordCount))
    }
    /// The tag of record `r`.
    func recordTag(_ r: Int) -> PennTag { PennTag(rawValue: UInt8(truncatingIfNeeded: tagRec[r])) ?? .NN }
    /// P(tag | word) of record `r`.
    func recordWeight(_ r: Int) -> Float { Float(tagRec[r] >> 16) / 65535 }
    /// The lemma entry of record `r` (-1: the word itself).
    func recordLemma(_ r: Int) -> Int {
        let l = Int(tagLemma[r])
        return l < count ? l : -1
    }

    /// log P(next | previous), from the treebank's tag bigrams.
    @inline(__always) func logTransition(_ previous: PennTag, _ next: PennTag) -> Float {
        transitions[Int(previous.rawValue) * tagCount + Int(next.rawValue)]
    }
    /// log P(tag) in the treebank.
    @inline(__always) func logPrior(_ tag: PennTag) -> Float { priors[Int(tag.rawValue)] }

    // MARK: Queries

    /// The tags `word` can have, likeliest first (empty for a word the lexicon does not know).
    /// Looked up as written, then lowercased.
    public func tags(of word: String) -> [PennTag] {
        let e = entry(word)
        guard e >= 0 else { return [] }
        return records(e).map(recordTag)
    }

    /// ``tags(of:)`` as a set.
    public func tagSet(of word: String) -> PennTagSet {
        let e = entry(word)
        guard e >= 0 else { return [] }
        var s: UInt64 = 0
        for r in records(e) { s |= 1 << UInt64(tagRec[r] & 0x3F) }
        return PennTagSet(rawValue: s)
    }

    /// The tags of `word` with P(tag | word), likeliest first.
    public func weightedTags(of word: String) -> [(tag: PennTag, probability: Float)] {
        let e = entry(word)
        guard e >= 0 else { return [] }
        return records(e).map { (recordTag($0), recordWeight($0)) }
    }

    /// True when `word` can be `tag`.
    public func canBe(_ word: String, _ tag: PennTag) -> Bool { tagSet(of: word).contains(tag) }
    /// True when `word` can be a verb (any of `VB` … `VBZ`).
    public func isVerb(_ word: String) -> Bool { !tagSet(of: word).isDisjoint(with: .verbs) }
    /// True when `word` can be a verb's base form (`VB`: `forget`, `schedule`).
    public func isBaseVerb(_ word: String) -> Bool { tagSet(of: word).contains(.VB) }
    /// True when `word` can be a noun.
    public func isNoun(_ word: String) -> Bool { !tagSet(of: word).isDisjoint(with: .nouns) }
    /// True when `word` can be an adjective.
    public func isAdjective(_ word: String) -> Bool { !tagSet(of: word).isDisjoint(with: .adjectives) }
    /// True when `word` can be an adverb.
    public func isAdverb(_ word: String) -> Bool { !tagSet(of: word).isDisjoint(with: .adverbs) }

    /// The lemma of `word` read as `tag` (`went` `VBD` → `go`, `children` `NNS` → `child`,
    /// `better` `JJR` → `good`, `is` `VBZ` → `be`); nil when the lexicon knows `word` without
    /// that tag, or does not know it and regular inflection does not lead to a lemma it knows
    /// (`refactored` → nil; `cleverest` → `clever`). A base form
    /// (`VB`, `NN`, `JJ`…) is its own lemma, lowercased (proper nouns keep their case).
    public func lemma(of word: String, as tag: PennTag) -> String? {
        let e = entry(word)
        if e >= 0 {
            for r in records(e) where recordTag(r) == tag {
                let l = recordLemma(r)
                if l >= 0 { return key(l) }
                return tag.isProperNoun ? key(e) : key(e).lowercased()
            }
            // A known word without that tag is no such form (“matter” is no comparative of “matt”).
            return nil
        }
        guard let wordClass = tag.wordClass else { return nil }
        let lower = word.lowercased()
        switch tag {
        case .VB, .VBP, .NN, .JJ, .RB: return isLemma(lower, wordClass) ? lower : nil
        case .NNP: return word
        default: return Morphology.lemmaCandidates(of: lower, as: tag).first { isLemma($0, wordClass) }
        }
    }

    /// The lemma of `word` in `wordClass`, whatever its form (`went` → `go` as a verb,
    /// `better` → `good` as an adjective, `well` as an adverb); nil when `word` is no form of
    /// that class.
    public func lemma(of word: String, as wordClass: WordClass) -> String? {
        let e = entry(word)
        if e >= 0 {
            for r in records(e) where recordTag(r).wordClass == wordClass && recordTag(r) != .MD {
                let l = recordLemma(r)
                if l >= 0 { return key(l) }
                let t = recordTag(r)
                return t.isProperNoun ? key(e) : key(e).lowercased()
            }
        }
        return nil
    }

    /// The lemma of `word` when it is only an irregular past form of another verb (`went` → `go`,
    /// `sought` → `seek`, `swore` → `swear`): the lexicon gives it `VBD` and no tag but `VBN` (not
    /// `saw`, a noun; not `found`, `lay`, `fell`, `bore`, verbs' bases too; not `beat`, `put`,
    /// their own bases), and it is no regular `-ed` form. Nil for any other word.
    public func irregularPastLemma(_ word: String) -> String? {
        // No irregular past ends in -ing, -ly or -s (“was” is left to the rules' own lists), or is shorter than three letters; most words
        // a rule asks about are turned away here, before any look-up.
        let n = word.utf8.count
        guard n >= 3, !word.hasSuffix("ing"), !word.hasSuffix("ly"), !word.hasSuffix("s") else { return nil }
        let lower = word.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) ? word.lowercased() : word
        guard !lower.hasSuffix("ed") || n <= 4 else { return nil }
        let e = entry(exactly: lower)
        guard e >= 0 else { return nil }
        var hasPast = false
        for r in records(e) {
            let t = recordTag(r)
            if t == .VBD { hasPast = true } else if t != .VBN { return nil }
        }
        guard hasPast, let lemma = lemma(of: lower, as: .VBD), lemma != lower else { return nil }
        return lemma
    }

    /// The lemma and past participle of `word` when it is only an irregular simple past
    /// (``irregularPastLemma(_:)``) whose participle differs (`went` → `go`, `gone`; `swore` →
    /// `swear`, `sworn`; `underwent` → `undergo`, `undergone`; not `sought`). Nil otherwise.
    public func irregularPast(_ word: String) -> (lemma: String, participle: String)? {
        guard let lemma = irregularPastLemma(word) else { return nil }
        let lower = word.lowercased()
        guard let participle = form(of: lemma, as: .VBN), participle != lower, !canBe(lower, .VBN) else { return nil }
        return (lemma, participle)
    }

    /// The verb whose irregular past a regular `-ed` spelling stands for, with that past and
    /// participle (`choosed` → `choose`, `chose`, `chosen`; `layed` → `lay`, `laid`, `laid`;
    /// `swimmed` → `swim`, `swam`, `swum`; `flied` → `fly`, `flew`, `flown`; `splitted` →
    /// `split`, `split`, `split`): the bases the ending leaves (`-ed`, `-d`, a doubled consonant,
    /// `-ied` → `-y`), the first that is a verb whose past the lexicon lists as another word
    /// than the regular one. Nil when there is none (`played`, `costed` is `cost`'s: the caller
    /// asks the dictionary whether the word is a word of its own).
    public func irregularForms(ofRegularPast word: String) -> (lemma: String, past: String, participle: String)? {
        let w = word.lowercased()
        guard w.utf8.count >= 5, w.hasSuffix("ed") else { return nil }
        var bases = [String(w.dropLast(2)), String(w.dropLast(1))]
        let stem = Array(w.dropLast(2))
        if stem.count >= 3, stem[stem.count - 1] == stem[stem.count - 2] { bases.append(String(stem.dropLast())) }
        if w.hasSuffix("ied") { bases.append(String(w.dropLast(3)) + "y") }
        for base in bases where base.count >= 2 && isBaseVerb(base) {
            guard let past = form(of: base, as: .VBD), let participle = form(of: base, as: .VBN) else { continue }
            // Regular after all (“played”), or the word itself: no irregular form to offer.
            let regular: Set<String> = [base + "ed", base + "d", base + String(base.last!) + "ed", String(base.dropLast()) + "ied"]
            if regular.contains(past) || past == w || participle == w { continue }
            return (base, past, participle)
        }
        return nil
    }

    /// The lemma and the real past forms of an irregular verb whose vowel `word` changes the way
    /// "sing"/"sang"/"sung" do, where the verb itself does not ("brung", "brang" for "bring",
    /// "swang" for "swing"): one "a" or "u" read as "i" gives a base verb
    /// whose past is neither `word` nor regular. Nil otherwise; the caller checks that the
    /// dictionary does not know `word`.
    public func irregularForms(ofVowelChangedPast word: String) -> (lemma: String, past: String, participle: String)? {
        let w = Array(word.lowercased())
        guard w.count >= 4, w.count <= 8, w.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        for k in w.indices where w[k] == "a" || w[k] == "u" {
            var b = w
            b[k] = "i"
            let base = String(b)
            guard isBaseVerb(base), let past = form(of: base, as: .VBD), let participle = form(of: base, as: .VBN) else { continue }
            let regular: Set<String> = [base + "ed", base + "d", base + String(base.last!) + "ed"]
            if regular.contains(past) || past == String(w) || participle == String(w) { continue }
            return (base, past, participle)
        }
        return nil
    }

    /// True when `word` (lowercase) is a lemma of `wordClass`: it has the class's base tag.
    func isLemma(_ word: String, _ wordClass: WordClass) -> Bool {
        let e = entry(exactly: word)
        guard e >= 0 else { return false }
        let baseTag: PennTag
        switch wordClass {
        case .verb: baseTag = .VB
        case .noun: baseTag = .NN
        case .adjective: baseTag = .JJ
        case .adverb: baseTag = .RB
        }
        return records(e).contains { recordTag($0) == baseTag }
    }

    /// The forms of `lemma` (lowercase): its verb, noun, adjective and adverb inflections as
    /// WordNet lists them or regular inflection makes them; nil when the lexicon lists no form
    /// of it.
    public func forms(of lemma: String) -> WordForms? {
        let e = entry(exactly: lemma)
        guard e >= 0 else { return nil }
        var out = WordForms(lemma: lemma)
        let start = min(Int(formStart[e]), formRecordCount)
        for r in start..<max(start, min(Int(formStart[e + 1]), formRecordCount)) {
            guard let t = PennTag(rawValue: UInt8(truncatingIfNeeded: formRec[r])), formEntry[r] >= 0, Int(formEntry[r]) < count else { continue }
            out.byTag[t] = key(Int(formEntry[r]))
        }
        return out.byTag.isEmpty ? nil : out
    }

    /// The form of `lemma` for `tag` (`go` `VBN` → `gone`, `child` `NNS` → `children`, `big`
    /// `JJR` → `bigger`); the lemma itself for `VB`, `VBP`, `NN`, `JJ`, `RB` when it has that
    /// class; nil when the lexicon has no such form.
    public func form(of lemma: String, as tag: PennTag) -> String? {
        if let f = forms(of: lemma)?[tag] { return f }
        if tag == .VBP || tag == .VB, isLemma(lemma, .verb) { return lemma == "be" ? (tag == .VB ? "be" : "are") : lemma }
        if tag == .NN, isLemma(lemma, .noun) { return lemma }
        if tag == .JJ, isLemma(lemma, .adjective) { return lemma }
        if tag == .RB, isLemma(lemma, .adverb) { return lemma }
        return nil
    }
}

/// The inflected forms of one lemma, by Penn tag (see ``TagLexicon/forms(of:)``).
public struct WordForms: Sendable, Hashable {
    /// The lemma (`go`, `child`, `big`).
    public var lemma: String
    /// The forms, by tag: `VBZ`, `VBD`, `VBN`, `VBG` for a verb; `NNS` for a noun; `JJR`,
    /// `JJS` for an adjective; `RBR`, `RBS` for an adverb.
    public var byTag: [PennTag: String] = [:]

    /// Creates forms of `lemma`.
    public init(lemma: String, byTag: [PennTag: String] = [:]) {
        self.lemma = lemma
        self.byTag = byTag
    }

    /// The form for `tag` (the lemma for `VB`, `VBP` of a verb); nil when there is none.
    public subscript(tag: PennTag) -> String? {
        if let f = byTag[tag] { return f }
        if tag == .VB || tag == .VBP, byTag[.VBD] != nil { return lemma == "be" && tag == .VBP ? "are" : lemma }
        return nil
    }

    /// Third person singular present (`goes`).
    public var thirdPerson: String? { byTag[.VBZ] }
    /// Simple past (`went`).
    public var past: String? { byTag[.VBD] }
    /// Past participle (`gone`).
    public var pastParticiple: String? { byTag[.VBN] }
    /// Present participle or gerund (`going`).
    public var presentParticiple: String? { byTag[.VBG] }
    /// Plural (`children`).
    public var plural: String? { byTag[.NNS] }
    /// Comparative adjective (`bigger`), else comparative adverb.
    public var comparative: String? { byTag[.JJR] ?? byTag[.RBR] }
    /// Superlative adjective (`biggest`), else superlative adverb.
    public var superlative: String? { byTag[.JJS] ?? byTag[.RBS] }
}
