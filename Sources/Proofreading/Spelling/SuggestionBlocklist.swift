import Foundation

/// Words never offered as a spelling suggestion: slurs and obscenities. A person who types one
/// is not corrected (the dictionary still accepts it), but no misspelled name or word is ever
/// "corrected" into one (`Okafor` → a slur).
///
/// Two sources: the entries the Hunspell dictionary itself marks with its `NOSUGGEST` flag
/// (Hunspell's mechanism for exactly this; en-US marks 27, en-GB 47), which our own suggester,
/// built from word lists, would otherwise ignore; and a short list of slurs the dictionaries
/// leave unmarked (none with a common harmless sense: “chink”, “cracker” and “dyke” stay).
/// Plurals and possessives are blocked with their stem.
enum SuggestionBlocklist {
    /// Slurs the Debian dictionaries do not mark `NOSUGGEST` (lowercase).
    static let unmarked: Set<String> = [
        "kafir", "kaffir", "kike", "spic", "gook", "wetback", "faggot", "tranny", "raghead", "towelhead", "paki", "beaner",
        "whore", "slut", "twat", "darkie", "darky", "jap", "gyp", "gypped", "honky",
        // Crude words no slip should be turned into (en-GB offered “anally” for “analog”).
        "anally",
    ]

    /// The dictionary's `NOSUGGEST` entries (lowercase), for an affix file with single-character
    /// flags; empty when it has none or uses another flag format.
    static func marked(affixPath: String, dictionaryPath: String) -> Set<String> {
        guard let aff = try? String(contentsOfFile: affixPath, encoding: .utf8) else { return [] }
        var flag: Character?
        for line in aff.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 2 else { continue }
            // Only the default flag format (one character a flag) is read.
            if parts[0] == "FLAG" { return [] }
            if parts[0] == "NOSUGGEST", parts[1].count == 1 { flag = parts[1].first }
        }
        guard let flag, let byte = flag.asciiValue else { return [] }
        // Only the few marked words become strings.
        var out: Set<String> = []
        DictionaryEntries.forEach(dictionaryPath: dictionaryPath) { word, flags in
            if flags.contains(byte) { out.insert(String(decoding: word, as: UTF8.self).lowercased()) }
        }
        return out
    }

    /// True when `suggestion` is `blocked`, or the plural or possessive of a blocked word (only
    /// `-s` and `'s`: “spices” is not “spic” + “es”).
    static func contains(_ suggestion: String, in blocked: Set<String>) -> Bool {
        let w = suggestion.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
        if blocked.contains(w) { return true }
        for suffix in ["'s", "s'", "s"] where w.hasSuffix(suffix) && w.count > suffix.count + 1 {
            if blocked.contains(String(w.dropLast(suffix.count))) { return true }
        }
        return false
    }
}
