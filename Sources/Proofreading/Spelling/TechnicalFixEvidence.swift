import Foundation
import DocumentStructure

/// What a spelling guess must show before `--fix` applies it to a short word of a technical
/// document: that the guess is a word this document is about, not just a word of the dictionary.
///
/// In technical writing a short lowercase word the dictionary lacks is a name of code (a C
/// struct's `ucred`, a clipped `creds`, `ctime`, `dired`) as often as a slip, and a guess one
/// cheap slip away (“cured”, “creeds”, “crime”, “dared”) is another word that the document never
/// uses: applied, it changes the meaning. A real slip of a short word is a slip of a word the
/// writer uses anyway (`betwen` → “between”, `libary` → “library”: the same document writes the
/// guess elsewhere) or of one of the commonest words (`teh`, `wich`, `whith`).
///
/// So, in a document ``TechnicalDocumentStyle/isTechnical(_:)`` calls technical, a confident
/// spelling guess for a word of six letters or fewer starting in lowercase is applied unattended
/// only when the guess is one of ``SpellingRule/frequentWords`` or the document writes it as a
/// word elsewhere; otherwise it is still reported, with the same guesses, and left alone. Prose
/// without code, and longer words (`accomodate`, `environtment`, where a slip's guess is
/// clear), are not touched. Measured on the held-out set of session 55 (issue 31), where `--fix`
/// made `ucred` “cured” twice and `creds` “creeds” twice.
enum TechnicalFixEvidence {
    /// The longest word (in UTF-16 units) whose guess needs the document's evidence.
    static let maximumLength = 6

    /// `matches` with the confident spelling guesses that lack the evidence above made
    /// unconfident (reported, not applied), when `document` is technical.
    static func hedging(_ matches: [ProofreadingSuggestion], document: StructuredDocument) -> [ProofreadingSuggestion] {
        let text = document.text as NSString
        func needsEvidence(_ m: ProofreadingSuggestion) -> Bool {
            guard m.provenance == .spelling, m.isConfident, m.range.length <= maximumLength, m.range.location >= 0,
                  m.range.location + m.range.length <= text.length, let guess = m.replacements.first else { return false }
            let word = text.substring(with: m.range)
            guard let first = word.unicodeScalars.first, first.properties.isLowercase else { return false }
            return !SpellingRule.frequentWords.contains(guess.lowercased())
        }
        guard matches.contains(where: needsEvidence), TechnicalDocumentStyle.isTechnical(document) else { return matches }
        let used = wordsOf(document.text)
        return matches.map { m in
            guard needsEvidence(m), let guess = m.replacements.first, !used.contains(guess.lowercased()) else { return m }
            var hedged = m
            hedged.isConfident = false
            return hedged
        }
    }

    /// The words (runs of letters, with inner apostrophes) of `text`, lowercased.
    static func wordsOf(_ text: String) -> Set<String> {
        var out = Set<String>()
        var current = ""
        for ch in text.lowercased() {
            if ch.isLetter || (ch == "'" || ch == "\u{2019}") && !current.isEmpty {
                current.append(ch)
            } else if !current.isEmpty {
                out.insert(current.trimmingCharacters(in: ["'", "\u{2019}"]))
                current = ""
            }
        }
        if !current.isEmpty { out.insert(current.trimmingCharacters(in: ["'", "\u{2019}"])) }
        return out
    }
}
