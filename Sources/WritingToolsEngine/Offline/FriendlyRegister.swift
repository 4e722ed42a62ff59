import Foundation

/// How far Friendly warms a text, by the document's kind (a README-only trial's Friendly wrote
/// “Hi Mr. Hallworth,” … “Warm regards” under a formal notice, and fifteen contractions into a
/// technical README):
///
/// - A **message** (a greeting in its first lines, or a sign-off on a line of its own) to
///   someone addressed by title and surname (“Dear Mr. Hallworth,”, “Dear Sir,”) keeps that
///   form: the greeting becomes “Hello Mr. Hallworth,” at most, the sign-off “Kind regards”
///   (never “Hi”, never “Warm regards”), and contractions come sparingly.
/// - A **technical document**, no message and with code (commands, options, paths) or four
///   paragraphs or more (a README, a manual, notes), gets no greeting or sign-off edits,
///   contractions sparingly, and keeps its requirements (“you must” stays).
///
/// Sparingly: a negation only (“cannot” → “can't”, not “it is” → “it's”), one a paragraph at
/// most, none in a list item of a technical document.
/// - Any other text (a message to “Dear Sam,” or “Hi team,”, a short note) gets every edit.
struct FriendlyRegister: Equatable {
    /// The text opens with a greeting or has a sign-off on a line of its own.
    var isMessage: Bool
    /// The greeting addresses someone by title and surname, or as Sir or Madam.
    var formalAddress: Bool
    /// No message, and with code or four paragraphs or more.
    var isTechnical: Bool

    /// A sign-off alone on its line (a comma or a period after it allowed).
    static let signOff = #"^\s*(yours (sincerely|faithfully|truly)|sincerely|(kind|best|warm|warmest)? ?regards|cheers|many thanks|thanks|thank you|best( wishes)?)\s*[,.!]?\s*$"#
    /// A greeting by title and surname, or to Sir or Madam.
    static let formalGreeting = #"^\s*dear\s+((mr|mrs|ms|mx|dr|prof|miss)\.?\s+\p{Lu}|sir\b|madam\b)"#

    /// The register of `text`; `hasCode` says whether the document has code (commands,
    /// options, paths, code blocks).
    init(_ text: String, hasCode: Bool) {
        let lines = text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).map(String.init)
        let opening = lines.prefix(3).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let greeted = opening.contains { $0.trimmingCharacters(in: .whitespaces)
            .range(of: BuiltInToolEngine.greeting, options: [.regularExpression, .caseInsensitive]) != nil }
        let signed = lines.contains { $0.range(of: Self.signOff, options: [.regularExpression, .caseInsensitive]) != nil }
        isMessage = greeted || signed
        formalAddress = opening.contains { $0.range(of: Self.formalGreeting, options: [.regularExpression, .caseInsensitive]) != nil }
        let paragraphs = text.components(separatedBy: "\n\n").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.count
        isTechnical = !isMessage && (hasCode || paragraphs >= 4)
    }

    /// The phrases that change a message's greeting or sign-off.
    static let greetingsAndSignOffs: Set<String> = ["FRIENDLY_DEAR", "FRIENDLY_DEAR_SIR_OR_MADAM", "FRIENDLY_YOURS_SINCERELY",
                                                    "FRIENDLY_YOURS_FAITHFULLY", "FRIENDLY_SINCERELY", "FRIENDLY_KIND_REGARDS"]

    /// The phrases that soften a requirement (“you must” → “you'll need to”).
    static let requirements: Set<String> = ["FRIENDLY_YOU_MUST"]

    /// True when contractions come sparingly (a negation only, one a paragraph at most).
    var sparesContractions: Bool { isTechnical || formalAddress }

    /// The replacement Friendly makes for `phrase`'s edit to `replacement` here, or nil when the
    /// edit is not made. `contractionsSoFar` counts the contractions already made in the
    /// paragraph; `inListItem` says whether the edit is in a list item.
    func replacement(for phrase: RewritePhrase, _ replacement: String, contractionsSoFar: Int, inListItem: Bool) -> String? {
        if phrase.kind == .contraction, sparesContractions {
            // (A negation only, “cannot” → “can't”: “It is therefore respectfully requested”
            // made “It's therefore…” reads as neither register.)
            let negation = replacement.lowercased().hasSuffix("n't")
            return negation && contractionsSoFar == 0 && !(isTechnical && inListItem) ? replacement : nil
        }
        // A technical document's “you must” states a requirement (“you must ensure OpenSSL is
        // built with PIC”): it stays one, not “you'll need to” (session 52's README-only trial).
        if isTechnical, Self.requirements.contains(phrase.id) { return nil }
        guard Self.greetingsAndSignOffs.contains(phrase.id) else { return replacement }
        guard !isTechnical else { return nil }
        guard formalAddress else { return replacement }
        switch phrase.id {
        case "FRIENDLY_DEAR", "FRIENDLY_DEAR_SIR_OR_MADAM":
            return Self.sameCase(as: replacement, "hello")
        case "FRIENDLY_KIND_REGARDS":
            return nil
        default:
            // “Yours faithfully,” → “Kind regards,” (the comma as the phrase had it).
            return Self.sameCase(as: replacement, replacement.lowercased().replacingOccurrences(of: "warm regards", with: "kind regards"))
        }
    }

    /// `word` with a capital first letter when `model` has one.
    static func sameCase(as model: String, _ word: String) -> String {
        guard model.first?.isUppercase == true else { return word }
        return word.prefix(1).uppercased() + word.dropFirst()
    }
}
