import Foundation
import Proofreading

/// Whether a text is legal drafting (a licence, a contract, terms of service), where a word
/// that elsewhere is filler can carry the meaning (“costs actually incurred”, “substantially
/// similar”) and a plainer phrase is not the same term (“with respect to” is not “about”).
///
/// Read from the words of legal drafting that ordinary prose rarely uses: the defined parties
/// (“Licensee”, “Licensor”), the drafting adverbs (“herein”, “thereof”, “notwithstanding”),
/// “shall” as the verb of obligation, “pursuant to” (``cues``), with the vocabulary of licences
/// and terms (“license”, “copyright”, “patent”, “terms”, “party”: ``topicWords``). Measured on
/// this machine: every licence under /usr/share/common-licenses has 3.5 to 8.7 such words per
/// 100 (the GPL 5.3, Apache 8.7); of 296 READMEs under /usr/share/doc none has more than 3.3
/// (most under 1.5).
enum LegalRegister {
    /// Words of legal drafting, lowercased.
    static let cues: Set<String> = [
        "herein", "hereby", "hereof", "hereto", "hereunder", "hereinafter", "thereof", "therein", "thereto", "thereunder",
        "whereas", "whereby", "notwithstanding", "aforesaid", "aforementioned", "licensee", "licensees", "licensor",
        "licensors", "indemnify", "indemnification", "warranty", "warranties", "liability", "liable", "shall",
        "pursuant", "covenant", "covenants", "termination", "sublicense", "sublicensable", "infringement",
    ]

    /// The vocabulary of licences and terms, lowercased: common in legal text, but also in a
    /// README's licence section, so they count only with ``cues``.
    static let topicWords: Set<String> = [
        "license", "licenses", "licensed", "licence", "licences", "copyright", "patent", "patents", "provided",
        "terms", "conditions", "party", "parties", "accordance",
    ]

    /// True when `text` reads as legal drafting: at least 2 ``cues``, at least 5 cue and topic
    /// words together, and those at least 3.4 in 100 of its words. A letter (its first line a
    /// greeting, “Dear Mr. Hargreaves,”) is no legal drafting, however stiff: its
    /// “aforementioned”, “hereby” and “notwithstanding” are padding, not terms (session 52's
    /// README-only trial: a lettings office's letter read as a contract kept all its padding).
    static func isLegal(_ text: String) -> Bool {
        if let first = text.split(whereSeparator: \.isNewline).first(where: { !$0.allSatisfy(\.isWhitespace) }),
           first.trimmingCharacters(in: .whitespaces).range(of: BuiltInToolEngine.greeting, options: [.regularExpression, .caseInsensitive]) != nil {
            return false
        }
        var words = 0, strong = 0, topic = 0
        for t in Tokenizer.tokenize(text) where t.isWord {
            words += 1
            let w = t.lower
            if cues.contains(w) { strong += 1 } else if topicWords.contains(w) { topic += 1 }
        }
        let all = strong + topic
        return strong >= 2 && all >= 5 && all * 1000 >= words * 34
    }

    /// Concise edits that are not the same term in legal drafting: a vaguer preposition for a
    /// term of scope (“with respect to” → “about”), “most” for “the majority of” (more than
    /// half). Fillers and hedges are left too (``RewritePhrase/Kind/filler``,
    /// ``RewritePhrase/Kind/hedge``): “actually”, “substantially”, “really” can be the clause's
    /// meaning there.
    static let looserTerms: Set<String> = [
        "CONCISE_WITH_RESPECT_TO", "CONCISE_WITH_REGARD_TO", "CONCISE_IN_REFERENCE_TO", "CONCISE_THE_MAJORITY_OF",
    ]

    /// True when `phrase` keeps its meaning in legal drafting.
    static func keepsMeaning(_ phrase: RewritePhrase) -> Bool {
        phrase.kind != .filler && phrase.kind != .hedge && !looserTerms.contains(phrase.id)
    }
}
