import Foundation

/// Tells which language a text is in, from its most frequent function words: enough to catch a
/// model that answers in another language (peers.md §13.3, "language drift"), not a general
/// identifier. Knows English, French, German, Spanish, Italian, Portuguese, Dutch and Swedish;
/// answers nil when the text is too short or the evidence unclear, so it never rejects a
/// result on a guess.
public enum LanguageIdentifier {
    /// Function words per ISO 639-1 code (frequent, short, and mostly distinct between these languages).
    static let profiles: [String: Set<String>] = [
        "en": ["the", "and", "of", "to", "is", "in", "that", "it", "was", "for", "with", "are", "this", "be", "have", "not", "you", "they", "but", "from", "which", "would", "there", "their", "what", "will", "can", "has", "were", "been"],
        "fr": ["le", "la", "les", "et", "des", "est", "une", "un", "du", "que", "qui", "dans", "pour", "pas", "sur", "avec", "ce", "il", "elle", "sont", "nous", "vous", "au", "aux", "mais", "ou", "plus", "cette", "ces", "été"],
        "de": ["der", "die", "das", "und", "ist", "nicht", "ein", "eine", "zu", "den", "mit", "sich", "des", "auf", "für", "im", "dem", "auch", "es", "wir", "sie", "ich", "werden", "wird", "sind", "oder", "aber", "wie", "bei", "noch"],
        "es": ["el", "la", "los", "las", "y", "de", "que", "en", "es", "un", "una", "por", "con", "para", "se", "del", "al", "lo", "como", "pero", "más", "su", "sus", "este", "esta", "son", "fue", "ha", "muy", "también"],
        "it": ["il", "lo", "la", "gli", "le", "e", "di", "che", "è", "un", "una", "per", "non", "con", "sono", "del", "della", "nel", "nella", "ma", "come", "anche", "questo", "questa", "più", "ha", "dei", "delle", "alla", "si"],
        "pt": ["o", "a", "os", "as", "e", "de", "que", "em", "um", "uma", "para", "com", "não", "do", "da", "dos", "das", "se", "por", "mais", "como", "mas", "ao", "é", "foi", "são", "seu", "sua", "também", "muito"],
        "nl": ["de", "het", "een", "en", "van", "is", "dat", "op", "te", "niet", "met", "voor", "zijn", "er", "aan", "ook", "als", "maar", "wordt", "bij", "om", "dan", "nog", "wat", "deze", "ze", "hij", "wij", "ik", "naar"],
        "sv": ["och", "att", "det", "som", "en", "är", "av", "för", "på", "med", "till", "den", "har", "inte", "om", "ett", "var", "jag", "vi", "men", "de", "så", "från", "kan", "eller", "när", "hade", "sig", "skulle", "också"],
    ]

    /// The ISO 639-1 code of the language of `text`, or nil when unsure (fewer than 12 words,
    /// fewer than 4 function words, or no language clearly ahead).
    public static func identify(_ text: String) -> String? {
        var words: [String] = []
        var current = ""
        for ch in text.lowercased() {
            if ch.isLetter || ch == "'" || ch == "’" { current.append(ch) } else if !current.isEmpty { words.append(current); current = "" }
        }
        if !current.isEmpty { words.append(current) }
        guard words.count >= 12 else { return nil }
        var scores: [(String, Int)] = []
        for (code, set) in profiles {
            scores.append((code, words.reduce(0) { $0 + (set.contains($1) ? 1 : 0) }))
        }
        scores.sort { $0.1 > $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
        let (best, top) = scores[0]
        let second = scores[1].1
        guard top >= 4, Double(top) >= Double(second) * 1.6 + 1 else { return nil }
        return best
    }
}
