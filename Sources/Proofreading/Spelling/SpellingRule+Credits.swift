import Foundation

// People's names where documents credit them: AUTHORS and THANKS lists, a release note's
// “(Kalev Lember)”, a man page's AUTHORS section, “port by Paul von Behren”.
extension SpellingRule {
    /// How a credited name is known (``creditEvidence(_:_:speller:lexicon:)``).
    enum CreditEvidence {
        /// An e-mail address or a link follows the name.
        case address
        /// The name stands where a credit puts one (brackets, a list of names, after “by”).
        case slot
    }

    /// Lowercase particles of personal names (“Paul von Behren”, “Theo de Raadt”, “Hans de
    /// Goede”): part of a name between two capitalised words, never alone.
    static let nameParticles: WordSet = ["von", "van", "de", "der", "den", "da", "di", "du", "del", "della", "dos", "das",
                                         "le", "la", "ten", "ter", "zu", "bin", "ibn", "al", "el", "af", "av"]

    /// Words before a name that credit a person (“a port by Dirk Haase”, “thanks to …”).
    static let creditWords: WordSet = ["by", "thanks", "thank", "credit", "credits", "author", "authors", "maintainer",
                                       "maintainers", "contributor", "contributors", "written", "from"]

    /// Verbs in the past that credit their subject with work (“Markus Friedl contributed …”,
    /// “Ann Lee wrote the parser”).
    static let creditVerbs: WordSet = ["contributed", "wrote", "rewrote", "created", "designed", "implemented", "ported",
                                       "maintained", "developed", "authored", "co-authored", "invented", "donated"]

    /// The run of name words around word token `k` of `tokens`: capitalised words (an initial
    /// with its period, a hyphenated part: “Jean-Michel”) joined by single spaces, with name
    /// particles (``nameParticles``) between them and a nickname in brackets (“Alexandre
    /// (Midnite) Jousset”): the first and last token of the run and its capitalised words,
    /// or nil when `k` is no part of one.
    static func nameRun(_ tokens: TokenList, around k: Int) -> (first: Int, last: Int, capitals: Int)? {
        let n = tokens.count
        func isCapital(_ m: Int) -> Bool {
            m >= 0 && m < n && tokens[m].kind == .word && tokens[m].startsUppercase
                && (!tokens[m].traits.contains(.allCaps) || tokens[m].range.length == 1)
        }
        func isParticle(_ m: Int) -> Bool { m >= 0 && m < n && tokens[m].kind == .word && nameParticles.containsLower(of: tokens, m) }
        // One space, or a soft line break read as one.
        func isGap(_ m: Int) -> Bool {
            m >= 0 && m < n && tokens[m].kind == .whitespace && (tokens[m].text == " " || tokens[m].text.contains("\n"))
        }
        /// The word after a line break (and the next line's indentation) at `m`, if any.
        func afterBreak(_ m: Int) -> Int? {
            guard m < n, tokens[m].kind == .newline else { return nil }
            return m + 1 < n && tokens[m + 1].kind == .whitespace ? m + 2 : m + 1
        }
        /// The word before a line break (and the line's indentation) ending at `m`, if any.
        func beforeBreak(_ m: Int) -> Int? {
            var j = m
            if j >= 0, tokens[j].kind == .whitespace { j -= 1 }
            guard j >= 1, tokens[j].kind == .newline else { return nil }
            return j - 1
        }
        /// A nickname in brackets: a word of two letters or more (not the `c` of “Copyright (c)”).
        func isNickname(_ m: Int) -> Bool { m >= 0 && m < n && tokens[m].kind == .word && tokens[m].range.length >= 2 }
        /// The next word of the run after `m`, if any.
        func next(_ m: Int) -> Int? {
            if m + 2 < n, tokens[m + 1].isOne(of: "-\u{2010}"), isCapital(m + 2) { return m + 2 }
            if m + 3 < n, tokens[m].range.length == 1, tokens[m + 1].isOne(of: "."), isGap(m + 2), isCapital(m + 3) || isParticle(m + 3) { return m + 3 }
            if m + 2 < n, isGap(m + 1), isCapital(m + 2) || isParticle(m + 2) { return m + 2 }
            // A name broken across lines (“Theo” / “de Raadt”).
            if let w = afterBreak(m + 1), w < n, isCapital(w) || isParticle(w) { return w }
            // A nickname in brackets between two names.
            if m + 6 < n, isGap(m + 1), tokens[m + 2].isOne(of: "("), isNickname(m + 3), tokens[m + 4].isOne(of: ")"),
               isGap(m + 5), isCapital(m + 6) { return m + 6 }
            return nil
        }
        /// The previous word of the run before `m`, if any.
        func previous(_ m: Int) -> Int? {
            if m >= 2, tokens[m - 1].isOne(of: "-\u{2010}"), isCapital(m - 2) { return m - 2 }
            if m >= 3, isGap(m - 1), tokens[m - 2].isOne(of: "."), tokens[m - 3].range.length == 1, isCapital(m - 3) { return m - 3 }
            if m >= 2, isGap(m - 1), isCapital(m - 2) || isParticle(m - 2) { return m - 2 }
            if let w = beforeBreak(m - 1), isCapital(w) || isParticle(w) { return w }
            if m >= 6, isGap(m - 1), tokens[m - 2].isOne(of: ")"), isNickname(m - 3), tokens[m - 4].isOne(of: "("),
               isGap(m - 5), isCapital(m - 6) { return m - 6 }
            return nil
        }
        var start = k
        // A nickname in brackets: the run around it.
        if k >= 3, k + 3 < n, tokens[k - 1].isOne(of: "("), tokens[k + 1].isOne(of: ")"), isGap(k - 2), isCapital(k - 3) {
            start = k - 3
        } else if !isCapital(k), !isParticle(k) {
            return nil
        }
        var words = [start]
        var m = start
        while let p = previous(m), words.count < 6 { words.insert(p, at: 0); m = p }
        m = start
        while let q = next(m), words.count < 8 { words.append(q); m = q }
        // Particles stand between names, never at an end.
        while let f = words.first, isParticle(f) { words.removeFirst() }
        while let l = words.last, isParticle(l) { words.removeLast() }
        // (A run of particles alone, or one cut off so that `k` is outside it, is none.)
        guard let first = words.first, let last = words.last, (first...last).contains(k) else { return nil }
        return (first, last, words.filter { isCapital($0) }.count)
    }

    /// True when token `m` of `tokens` ends a copyright notice's opening on its line: the word
    /// “Copyright” (or “©”) followed only by `(c)`, years, ranges and commas up to `m`.
    static func followsCopyright(_ tokens: TokenList, _ m: Int) -> Bool {
        var j = m
        var steps = 0
        while j >= 0, steps < 16 {
            let t = tokens[j]
            if t.kind == .newline || t.kind == .whitespace && t.text.contains("\n") { return false }
            if t.kind == .word, t.lowerIs("copyright") { return true }
            if t.isOne(of: "\u{00A9}") { return true }
            guard t.kind == .number || t.kind == .whitespace || t.isOne(of: "-\u{2013},()") || t.kind == .word && t.lowerIs("c")
                    || t.text == "(c)" || t.text == "(C)" else { return false }
            j -= 1
            steps += 1
        }
        return false
    }

    /// True when word token `k` of `sentence` is a part of a person's name in a credit: a run
    /// of name words (``nameRun(_:around:)``) that
    /// - is followed by an e-mail address or a link (protected: `Achim Bohnet <ach@mpe.mpg.de>`;
    ///   two words or more, or the address in angle brackets);
    /// - stands in brackets or in a list of names (“(Kalev Lember)”, “(Hans de Goede, Marco
    ///   Trevisan)”, “Aaron Campbell, Bob Beck, Markus Friedl and Dug Song”), two words or more;
    /// - follows a word that credits a person (“port by Paul von Behren”, “thanks to …”), two
    ///   words or more;
    /// - opens a line or a list item and is followed by a bracket, a comma or “for” (“* Marc
    ///   Schlaich (schlamar) for a fix”, “* Ben Hoyt, for a fix”), two words or more; or
    /// - is a line of its own, two to four words none of which is a lowercase dictionary word
    ///   (“Ambrose Kofi Laing” in perl's AUTHORS).
    /// A name's spelling is its bearer's: “Bohnet”, “Friedl”, “Provos” are no slips of “Bonnet”,
    /// “Fried”, “Proves”.
    static func isCreditName(_ sentence: Sentence, _ k: Int, speller: any Speller, lexicon: TagLexicon) -> Bool {
        creditEvidence(sentence, k, speller: speller, lexicon: lexicon) != nil
    }

    /// How word token `k` of `sentence` is known to be a part of a credited name
    /// (``isCreditName(_:_:speller:lexicon:)``): `.address` when an e-mail address or a link follows
    /// the name (the person wrote it so), `.slot` for the other shapes; nil when it is not.
    static func creditEvidence(_ sentence: Sentence, _ k: Int, speller: any Speller, lexicon: TagLexicon) -> CreditEvidence? {
        let tokens = sentence.tokens
        guard let run = nameRun(tokens, around: k) else { return nil }
        let left = sentence.previousNonSpace(before: run.first)
        let right = sentence.nextNonSpace(after: run.last)
        func hasLineBreak(_ a: Int, _ b: Int) -> Bool { a < b && tokens[a..<b].contains { $0.kind == .newline } }
        // Followed by an address: `Name <e-mail>` (or a link), at any length.
        // (A lone word before protected text may be a product before its version, `Scipy v1.5`.)
        if let r = right, tokens[r].kind == .placeholder && run.capitals >= 2 || tokens[r].isOne(of: "<"),
           !hasLineBreak(run.last + 1, r) { return .address }
        guard run.capitals >= 2 else { return nil }
        let l = left.map { tokens[$0] }
        let r = right.map { tokens[$0] }
        let lineStart = left == nil || hasLineBreak(left! + 1, run.first)
            || l!.isOne(of: "*-\u{2022}") && (left! == 0 || hasLineBreak(sentence.previousNonSpace(before: left!).map { $0 + 1 } ?? 0, left!))
        let lineEnd = right == nil || hasLineBreak(run.last + 1, right!)
        func isListJoin(_ t: Token?) -> Bool { t.map { $0.isOne(of: ",&") || $0.kind == .word && ($0.lower == "and") } ?? false }
        // In brackets, or an item of a list of names.
        // Square brackets too: a release note's credit at the end of an entry (gdk-pixbuf's NEWS:
        // “[Emmanuele Bassi, #126]”, “[!136, Hesham Essam]”).
        if let l, l.isOne(of: "(["), let r, r.isOne(of: "),]") { return .slot }
        if isListJoin(l), r == nil || lineEnd || r!.isOne(of: ").;]") || isListJoin(r) { return .slot }
        if isListJoin(r), let after = sentence.nextNonSpace(after: right!), let next = nameRun(tokens, around: after), next.capitals >= 2 { return .slot }
        // After a word that credits a person, or “thanks to”.
        if let left, l!.kind == .word, creditWords.containsLower(of: tokens, left) { return .slot }
        if let left, l!.kind == .word, l!.lowerIs("to"), let w = sentence.previousNonSpace(before: left), tokens[w].kind == .word,
           tokens[w].lower.isAny(of: "thanks", "thank", "due", "grateful", "indebted") { return .slot }
        // Before a verb that credits its subject (ssh-add(1)'s AUTHORS: “Markus Friedl
        // contributed the support for SSH protocol versions 1.5 and 2.0”).
        if let right, r!.kind == .word, creditVerbs.containsLower(of: tokens, right) { return .slot }
        // After a copyright notice's years on its line (“Copyright (c) 1998-2018 Glenn
        // Randers-Pehrson”, “Copyright (c) Pavel Kalvoda, 2014-2020”, “© 2021 Ann Lee”).
        if let left, Self.followsCopyright(tokens, left) { return .slot }
        if let left, l!.isOne(of: ":"), let w = sentence.previousNonSpace(before: left), tokens[w].kind == .word,
           creditWords.containsLower(of: tokens, w) { return .slot }
        // A credit list's item (of names only: a word of the dictionary in it is a name by the
        // tag lexicon, “Roger”, not “Ask”).
        if lineStart, let r, r.isOne(of: "(,") || r.kind == .word && r.lower == "for",
           (run.first...run.last).allSatisfy({ m in
               tokens[m].kind != .word || !speller.isCorrect(tokens[m].lower) || lexicon.canBe(tokens[m].text, .NNP)
           }) { return .slot }
        // A line of its own made of names only.
        if lineStart, lineEnd, run.capitals <= 4, (run.first...run.last).allSatisfy({ m in
            tokens[m].kind != .word || !speller.isCorrect(tokens[m].lower)
        }) { return .slot }
        // A release note's credit heading: a list item (or a line) of two to four names alone on its line,
        // or before a colon that ends it (polkit's NEWS: “* Martin Kletzander” over the work,
        // “- Inigo Martinez:”), a name the tag lexicon has among them (“Martin”, “Peter”: words
        // in lowercase too), and every other word no lowercase word of the dictionary.
        func breaksLine(_ a: Int, _ b: Int) -> Bool {
            a < b && tokens[a..<b].contains { $0.kind == .newline || $0.kind == .whitespace && $0.text.contains("\n") }
        }
        let colonEnd = r.map { $0.isOne(of: ":") } == true && right.map({ sentence.nextNonSpace(after: $0).map { breaksLine(right! + 1, $0) } ?? true }) == true
        if lineStart, lineEnd || colonEnd, l.map({ $0.isOne(of: "*-\u{2022}") }) ?? true, run.capitals <= 4,
           (run.first...run.last).contains(where: { tokens[$0].kind == .word && lexicon.canBe(tokens[$0].text, .NNP) && speller.isCorrect(tokens[$0].text) }),
           (run.first...run.last).allSatisfy({ m in
               tokens[m].kind != .word || !speller.isCorrect(tokens[m].lower) || lexicon.canBe(tokens[m].text, .NNP)
           }) { return .slot }
        return nil
    }
}
