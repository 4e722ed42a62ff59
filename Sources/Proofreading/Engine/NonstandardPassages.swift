import Foundation
import DocumentStructure

/// Passages written in a dialect, an eye dialect or an archaic verse form on purpose (Twain's
/// “I says”, “warn't”, “nothin'”; a poem's “lov'd”), where a correction towards standard English
/// is no correction: the findings on the words there are still reported, but none is confident
/// (``ProofreadingSuggestion/isConfident``), so that nothing applies them unattended (`proofread --fix`, a
/// selection proofread in an editor).
///
/// The signal is the density of **nonstandard forms** that a writer of standard prose does not
/// write by accident, each recognised by its form rather than from a list of dialect words:
///
/// - a word clipped with an apostrophe where the dictionary knows the word with its `g`
///   (`nothin'`, `goin'`; not `cabin'`, where `cabin` is a word and the mark a closing quote);
/// - a lowercase word with an apostrophe inside that the dictionary does not know and that is
///   no misplaced apostrophe of a known word (`hick'ry`, `up'ards`, `warn't`, `lov'd`; not
///   `does'nt`, a learner's `doesn't`, nor `O'Brien`);
/// - the few elided function words and forms that English spelling has for speech, which a
///   dictionary may know or cut into other tokens: `ain't`, `'em`, `o'`, `an'`, `th'`, `ol'`,
///   `'bout`, `y'all`, and the spoken run-togethers `gonna`, `wanna`, `gotta`, `dunno`,
///   `lemme`, `gimme`.
///
/// A document is nonstandard as a whole when it has at least ``documentMinimum`` such forms and
/// at least ``perThousand`` per 1,000 words (Huckleberry Finn: 11; Alice in Wonderland: 0.2;
/// learners' essays and technical documents: 0); otherwise a prose block is when it, or the
/// passage around it (the block and its neighbours, about ``passageWords`` words either side),
/// has at least ``passageMinimum`` of them at that density (a dialect speaker's dialogue in a
/// novel written in standard English).
///
/// What stays confident there: the mechanics that no dialect changes (spacing, doubled
/// punctuation, a word repeated by a slip): findings of the punctuation and typography
/// categories and of the rules that say so (``Rule/confidentInDialect``).
enum NonstandardPassages {
    /// Forms per 1,000 words from which a document or a passage reads as nonstandard.
    static let perThousand = 4
    /// Forms a whole document needs at least.
    static let documentMinimum = 5
    /// Forms a passage needs at least.
    static let passageMinimum = 3
    /// Words of neighbouring blocks a passage takes in, on each side of its block.
    static let passageWords = 200

    /// Elided and spoken forms counted whatever the dictionary says of them (lowercase, straight
    /// apostrophes).
    static let spokenForms: Set<String> = [
        "ain't", "'em", "o'", "an'", "th'", "ol'", "'bout", "y'all", "'tain't",
        "gonna", "wanna", "gotta", "dunno", "lemme", "gimme",
    ]

    /// `matches` (in `document`'s offsets) with the word findings inside nonstandard passages
    /// made not confident; `confident` holds the IDs of the rules whose findings stay so
    /// (``Rule/confidentInDialect``).
    static func hedging(_ matches: [ProofreadingSuggestion], segments: [ProseSegment], speller: any Speller,
                        confident: Set<String>) -> [ProofreadingSuggestion] {
        guard matches.contains(where: { $0.isConfident && isWordFinding($0, confident: confident) }) else { return matches }
        let dense = nonstandardBlocks(segments, speller: speller)
        guard !dense.isEmpty else { return matches }
        var out = matches
        for k in out.indices where out[k].isConfident && isWordFinding(out[k], confident: confident) {
            let r = out[k].range
            if dense.contains(where: { r.location >= $0.location && r.location + r.length <= $0.location + $0.length }) {
                out[k].isConfident = false
            }
        }
        return out
    }

    /// True for a finding about the words themselves (their spelling, form, choice, case), which
    /// a dialect writes otherwise on purpose; not for one of a rule in `confident`.
    static func isWordFinding(_ m: ProofreadingSuggestion, confident: Set<String>) -> Bool {
        switch m.category {
        case .punctuation, .typography: return false
        default: return !confident.contains(m.ruleID)
        }
    }

    /// The block ranges (document offsets) of the segments that read as nonstandard.
    static func nonstandardBlocks(_ segments: [ProseSegment], speller: any Speller) -> [NSRange] {
        let counts = segments.map { count(in: $0.text, speller: speller) }
        let forms = counts.reduce(0) { $0 + $1.forms }, words = counts.reduce(0) { $0 + $1.words }
        guard forms >= passageMinimum else { return [] }
        if forms >= documentMinimum, forms * 1000 >= perThousand * words { return segments.map(\.blockRange) }
        var out: [NSRange] = []
        func dense(_ f: Int, _ w: Int) -> Bool { f >= passageMinimum && f * 1000 >= perThousand * w }
        for i in segments.indices {
            var f = counts[i].forms, w = counts[i].words
            // The block alone (a dialect speaker's paragraph between long standard ones).
            if dense(f, w) {
                out.append(segments[i].blockRange)
                continue
            }
            var j = i - 1, before = 0
            while j >= 0, before < passageWords {
                f += counts[j].forms; w += counts[j].words; before += counts[j].words; j -= 1
            }
            j = i + 1
            var after = 0
            while j < segments.count, after < passageWords {
                f += counts[j].forms; w += counts[j].words; after += counts[j].words; j += 1
            }
            if dense(f, w) { out.append(segments[i].blockRange) }
        }
        return out
    }

    /// The nonstandard forms (see the type's description) and the words (runs of letters) in
    /// `text`.
    static func count(in text: String, speller: any Speller) -> (forms: Int, words: Int) {
        var forms = 0, words = 0
        var token: [Unicode.Scalar] = []
        func isApostrophe(_ s: Unicode.Scalar) -> Bool { s == "'" || s == "\u{2019}" }
        // ASCII answered without the Unicode property tables (asked of every character).
        func isLetter(_ s: Unicode.Scalar) -> Bool {
            s.value < 0x80 ? (s.value | 0x20) >= 0x61 && (s.value | 0x20) <= 0x7A : s.properties.isAlphabetic
        }
        func finish() {
            defer { token.removeAll(keepingCapacity: true) }
            guard token.contains(where: isLetter) else { return }
            // Letters joined by apostrophes count as one word (“warn't”).
            words += 1
            if isNonstandard(token, speller: speller) { forms += 1 }
        }
        for s in text.unicodeScalars {
            if isLetter(s) || isApostrophe(s) {
                token.append(isApostrophe(s) ? "'" : s)
            } else if !token.isEmpty {
                finish()
            }
        }
        if !token.isEmpty { finish() }
        return (forms, words)
    }

    /// True when `token` (letters and straight apostrophes) is a nonstandard form.
    static func isNonstandard(_ token: [Unicode.Scalar], speller: any Speller) -> Bool {
        // Apostrophes are rare: most words are decided here.
        let hasApostrophe = token.contains("'")
        if !hasApostrophe, token.count != 5 { return false }
        let word = String(String.UnicodeScalarView(token)).lowercased()
        if spokenForms.contains(word) { return true }
        guard hasApostrophe else { return false }
        // A quotation's opening or closing mark is no part of the word: “'goin'”, “nothin''”.
        var core = Substring(word)
        while core.first == "'" { core = core.dropFirst() }
        let clipped = core.hasSuffix("'")
        while core.last == "'" { core = core.dropLast() }
        guard core.count >= 2 else { return false }
        if spokenForms.contains(String(core) + (clipped ? "'" : "")) { return true }
        // nothin' → nothing.
        if clipped, core.count >= 4, core.hasSuffix("in"), !core.contains("'"),
           !speller.isCorrect(String(core)), speller.isCorrect(core + "g") { return true }
        // hick'ry, warn't, lov'd: an apostrophe inside a lowercase word the dictionary lacks.
        guard core.contains("'"), token.first(where: { $0 != "'" })?.properties.isLowercase == true else { return false }
        // A possessive or a contraction the dictionary knows (“dog's”, “doesn't”), or a known
        // word with the clitic of “would”, “will”, “have”, “are” or “am” (“there'd”, “that'll”).
        if core.hasSuffix("'s") || speller.isCorrect(String(core)) { return false }
        if let mark = core.lastIndex(of: "'"), ["d", "ll", "ve", "re", "m"].contains(core[core.index(after: mark)...]),
           speller.isCorrect(String(core[..<mark])) { return false }
        // A misplaced apostrophe of a known word (“does'nt”, “is'nt”): a slip, not a dialect.
        let letters = core.filter { $0 != "'" }
        if speller.isCorrect(letters) { return false }
        for cut in letters.indices.dropFirst() {
            if speller.isCorrect(letters[..<cut] + "'" + letters[cut...]) { return false }
        }
        return true
    }
}
