import Foundation
import DocumentStructure

/// A word's grammar the document uses again and again is the document's usage, not a slip:
/// requests' change log writes “Requests has …”, “Requests relaxes …” seven times (the
/// library's name, singular), shared-mime-info's NEWS “add magics” five times (a term of its
/// own: the magic rules). Rules that judge a word's number by the word alone
/// (``rules``: a bare plural subject, a mass noun's plural) flagged each, and `--fix` made
/// “Requests relax”.
///
/// When three findings or more of the rules that declare a key (``Rule/repeatedUsage``) share
/// a key word in one document (the subject of a bare-plural finding, the word itself for a mass
/// noun's plural; compared in lowercase),
/// the first is kept as a hint (reported, never applied) and the others are dropped, as the
/// spelling rule flags a document's term once (``DocumentTerms``). One or two findings stay as
/// they are: a slip is made once, not in every entry of a document.
enum RepeatedUsage {
    /// How many findings with one key make the document's usage.
    static let threshold = 3

    /// `matches` (in document order) with each repeated usage reported once (see the type's
    /// description); `rules`: the key of each rule that declares one, by rule ID.
    static func collapsing(_ matches: [ProofreadingSuggestion], text: String,
                           rules: [String: RepeatedUsageKey]) -> [ProofreadingSuggestion] {
        guard matches.count(where: { rules[$0.ruleID] != nil }) >= threshold else { return matches }
        let u = Array(text.utf16)
        var keys: [Int: String] = [:]
        var counts: [String: Int] = [:]
        for (i, m) in matches.enumerated() {
            guard let k = rules[m.ruleID], let key = key(of: m, before: k == .wordBefore, units: u) else { continue }
            keys[i] = key
            counts[key, default: 0] += 1
        }
        var seen = Set<String>()
        var out: [ProofreadingSuggestion] = []
        out.reserveCapacity(matches.count)
        for (i, m) in matches.enumerated() {
            guard let key = keys[i], counts[key, default: 0] >= threshold else { out.append(m); continue }
            if seen.insert(key).inserted {
                var hint = m
                hint.isConfident = false
                out.append(hint)
            }
        }
        return out
    }

    /// The key word of `m`: the word (letters) that ends before its range, past spaces, when
    /// `before`; the flagged text otherwise. Lowercased; nil when there is none.
    static func key(of m: ProofreadingSuggestion, before: Bool, units u: [UInt16]) -> String? {
        let start = m.range.location, end = m.range.location + m.range.length
        guard start >= 0, end <= u.count, start < end else { return nil }
        if !before { return String(decoding: u[start..<end], as: UTF16.self).lowercased() }
        var e = start
        while e > 0, u[e - 1] == 32 || u[e - 1] == 9 { e -= 1 }
        var a = e
        func isLetter(_ c: UInt16) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c >= 0xC0 }
        while a > 0, isLetter(u[a - 1]) { a -= 1 }
        return a < e ? String(decoding: u[a..<e], as: UTF16.self).lowercased() : nil
    }
}
