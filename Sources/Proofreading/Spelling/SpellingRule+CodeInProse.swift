import Foundation

// Code in prose for the spelling rule: identifiers and codes, scripts other than Latin, placeholders,
// hyphenated command and package names, and a token's neighbours (a hyphen, a mark).
extension SpellingRule {
    /// True for tokens that look like identifiers or codes rather than words.
    public static func isIdentifierLike(_ token: Token) -> Bool { isIdentifierLike(traits: token.traits) }

    /// ``isIdentifierLike(_:)`` from a token's traits (read in place, without copying the token).
    @inline(__always)
    static func isIdentifierLike(traits: Token.Traits) -> Bool {
        // Digits, capitals, underscores; two capitals or more: an acronym with a suffix or a
        // product name (IDEs, NUnit, FFmpeg); CamelCase: an uppercase letter after a lowercase one
        // (iPhone, URLSession, macOS).
        // One mask of raw bits: an option-set literal here would build an array at every call.
        traits.rawValue & (Token.Traits.hasDigit.rawValue | Token.Traits.allCaps.rawValue | Token.Traits.hasUnderscore.rawValue
            | Token.Traits.multipleUppercase.rawValue | Token.Traits.innerUppercase.rawValue) != 0
    }

    /// True when every letter of `word` is a Latin letter (the only script an English
    /// dictionary can judge).
    public static func isLatinScript(_ word: String) -> Bool {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return true }
        for s in word.unicodeScalars where s.value >= 0x80 && s != "\u{2019}" && s.properties.isAlphabetic {
            switch s.value {
            case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x1E00...0x1EFF: continue
            default: return false
            }
        }
        return true
    }

    /// True when `lower` is a placeholder, not a word: one letter three to twelve times
    /// (`nnnnn`, `yyyy`, `zzzz`) or a run of the alphabet (`abc`, `abcd`, `xyz`).
    ///
    /// Also a format's fields, every letter written twice or more (`mmddyyyy`, `hhmmss`: no
    /// English word doubles every letter), and one or two letters before a run of `x` or `n`
    /// (`Uxxxx`, `Lxxxxxxxx`, `0xnnnn`'s letters: a code point's or a number's digits).
    static func isPlaceholder(_ lower: String) -> Bool {
        let b = Array(lower.utf8)
        guard b.count >= 3, b.count <= 12, b.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { return false }
        if b.allSatisfy({ $0 == b[0] }) { return true }
        if zip(b, b.dropFirst()).allSatisfy({ $1 == $0 + 1 }) { return true }
        // Runs of one letter.
        var runs: [(letter: UInt8, count: Int)] = []
        for c in b {
            if let last = runs.last, last.letter == c { runs[runs.count - 1].count += 1 } else { runs.append((c, 1)) }
        }
        if b.count >= 4, runs.count >= 2, runs.allSatisfy({ $0.count >= 2 }) { return true }
        if let last = runs.last, last.letter == 120 || last.letter == 110, last.count >= 3, b.count - last.count <= 2 { return true }
        return false
    }

    /// True when token `k` of `tokens` is part of a hyphenated name (words and hyphens without
    /// spaces: `dpkg-buildpackage`) that the technical vocabulary knows (``VocabularyLayers``),
    /// or a part after the prefix of a command family (`apt-`, `dpkg-`: `apt-ftparchive`).
    static func inHyphenatedName<C: RandomAccessCollection>(_ tokens: C, _ k: Int, layers: VocabularyLayers) -> Bool where C.Element == Token, C.Index == Int {
        var a = k, b = k
        while a >= 2, tokens[a - 1].isOne(of: "-"), tokens[a - 2].kind == .word { a -= 2 }
        while b + 2 < tokens.count, tokens[b + 1].isOne(of: "-"), tokens[b + 2].kind == .word { b += 2 }
        guard b > a else { return false }
        let name = (a...b).map { tokens[$0].text }.joined().lowercased()
        if layers.layers(of: name).contains(.technical) { return true }
        // A command of a family this machine has (`apt-ftparchive`, `dpkg-buildinfo` beside
        // `apt-get`, `dpkg-deb`): its parts after the family's prefix are its own.
        return k > a && layers.layers(of: tokens[a].lower + "-").contains(.technical)
    }

    /// True when token `k` of `tokens` is followed directly by one of `characters` (see
    /// ``Token/isOne(of:)``).
    static func isFollowed<C: RandomAccessCollection>(_ tokens: C, _ k: Int, by characters: StaticString) -> Bool where C.Element == Token, C.Index == Int {
        k + 1 < tokens.count && tokens[k + 1].isOne(of: characters)
    }

    /// True when token `k` of `tokens` is followed, without a space, by a period and a number
    /// (asoundrc's `ttable.0.8 1`, a key with its indices): a name of code.
    static func isDottedNumberKey<C: RandomAccessCollection>(_ tokens: C, _ k: Int) -> Bool where C.Element == Token, C.Index == Int {
        k + 2 < tokens.count && tokens[k + 1].isOne(of: ".") && tokens[k + 2].kind == .number
    }

    /// True when token `k` of `tokens` is joined by a period, without a space, to a word or a
    /// number before or after it (`ttable.0.8`, `slave.pcm`, `sys.path`): a part of a dotted
    /// name. (A sentence's end glued to the next, “itself.To”, is one too: its guess is reported.)
    static func isInDottedName<C: RandomAccessCollection>(_ tokens: C, _ k: Int) -> Bool where C.Element == Token, C.Index == Int {
        func isPart(_ j: Int) -> Bool { tokens[j].kind == .word || tokens[j].kind == .number }
        if k + 2 < tokens.count, tokens[k + 1].isOne(of: "."), isPart(k + 2) { return true }
        return k >= 2 && tokens[k - 1].isOne(of: ".") && isPart(k - 2)
    }

    /// True when token `k` of `tokens` is the first word of its line and a `{` ends the line after
    /// it (`ttable {`, `cchannels {	# Client channels`: a comment may follow): a key opening a
    /// block of configuration, not a word of prose.
    static func isBlockKey<C: RandomAccessCollection>(_ tokens: C, _ k: Int) -> Bool where C.Element == Token, C.Index == Int {
        // A line break is a token of its own or inside a run of white space.
        func breaksLine(_ j: Int) -> Bool {
            tokens[j].kind == .newline || tokens[j].kind == .whitespace && tokens[j].text.contains(where: \.isNewline)
        }
        var p = k - 1
        while p >= 0, tokens[p].kind == .whitespace, !breaksLine(p) { p -= 1 }
        guard p < 0 || breaksLine(p) else { return false }
        var q = k + 1
        while q < tokens.count, tokens[q].kind == .whitespace, !breaksLine(q) { q += 1 }
        guard q < tokens.count, tokens[q].isOne(of: "{") else { return false }
        q += 1
        while q < tokens.count, tokens[q].kind == .whitespace, !breaksLine(q) { q += 1 }
        return q >= tokens.count || breaksLine(q) || tokens[q].isOne(of: "#")
    }

    /// C's type words that start a declaration (`int fd;`, `char *buf,`).
    static let cTypeWords: WordSet = ["int", "char", "long", "short", "unsigned", "signed", "void", "double", "float", "bool", "const"]

    /// True when token `k` of `tokens` is the name a C declaration declares, as plain-text
    /// manuals of C libraries print them (xtrans, libXrender): after a pointer's `*` glued to
    /// it (`*addr;`, `*templ,`, `*num)`) or after a type word (`int fd;`), and before `;`, `,`,
    /// `)`, `[` or `=`; or alone in a C comment (`/* buf */`, a parameter's name).
    static func isCDeclarator<C: RandomAccessCollection>(_ tokens: C, _ k: Int) -> Bool where C.Element == Token, C.Index == Int {
        func previous(_ j: Int) -> Int? { var p = j - 1; while p >= 0, tokens[p].kind == .whitespace { p -= 1 }; return p >= 0 ? p : nil }
        func next(_ j: Int) -> Int? { var q = j + 1; while q < tokens.count, tokens[q].kind == .whitespace { q += 1 }; return q < tokens.count ? q : nil }
        // Alone in a comment: `/* buf */`.
        if let p = previous(k), tokens[p].isOne(of: "*"), p >= 1, tokens[p - 1].isOne(of: "/"),
           let q = next(k), tokens[q].isOne(of: "*"), q + 1 < tokens.count, tokens[q + 1].isOne(of: "/") { return true }
        guard k + 1 < tokens.count, tokens[k + 1].isOne(of: ";,)[=") else { return false }
        // (A `*` the document's structure took for emphasis, `*priv;` … `*addr;`, stands as a
        // protected placeholder, U+FFFC.)
        if k >= 2, tokens[k - 1].isOne(of: "*") || tokens[k - 1].text.unicodeScalars.first?.value == 0xFFFC,
           tokens[k - 2].kind == .whitespace || tokens[k - 2].isOne(of: "*(") { return true }
        if let p = previous(k), p < k - 1, tokens[p].kind == .word, cTypeWords.contains(tokens[p].text) { return true }
        return false
    }

    /// Prefixes that turn the word they start round (“un”, “non”, “dis”, “anti”, “mis”).
    static let oppositePrefixes = ["un", "non", "dis", "anti", "mis"]

    /// True when `lower` starts with one of the ``oppositePrefixes`` and `guess` does not
    /// (`unitialized` → “initialized”, `nonblocing` → “blocking”): the guess says the opposite.
    /// (“untill” → “until”, “dissapear” → “disappear” keep theirs.)
    static func dropsNegatingPrefix(_ lower: String, _ guess: String) -> Bool {
        oppositePrefixes.contains { lower.hasASCIIPrefix($0) && lower.utf8.count > $0.utf8.count + 3 && !guess.hasASCIIPrefix($0) }
    }

    /// True when token `k` of `tokens` is followed, without a space, by a hyphen and a number
    /// (`latin-1`, `iso-8859`, `x86-64`'s kin): a label, as `latin1` is.
    static func isNumberLabel<C: RandomAccessCollection>(_ tokens: C, _ k: Int) -> Bool where C.Element == Token, C.Index == Int {
        k + 2 < tokens.count && tokens[k + 1].isOne(of: "-\u{2010}") && tokens[k + 2].kind == .number
    }

    /// True when token `k` of `tokens` is, alone or with the other parts of its hyphenated word,
    /// all that stands between two quotes: straight double quotes (`the "dh" tool`,
    /// `"binary-indep"`, `"uscan" understands`), curly ones (`the “rbytes” argument`, `the
    /// ‘des’ hash`), GNU's `` `gropdf' `` or straight single quotes (`'des'`). Plain text quotes
    /// a command, a file, an argument or a target so, as Markdown writes code in backticks; the
    /// caller still flags a longer quoted word with a plain guess (“recieve”, “so-calld”).
    static func isQuotedLiteral<C: RandomAccessCollection>(_ tokens: C, _ k: Int) -> Bool where C.Element == Token, C.Index == Int {
        var a = k, b = k
        while a >= 2, tokens[a - 1].isOne(of: "-_."), tokens[a - 2].kind == .word || tokens[a - 2].kind == .number { a -= 2 }
        while b + 2 < tokens.count, tokens[b + 1].isOne(of: "-_."), tokens[b + 2].kind == .word || tokens[b + 2].kind == .number { b += 2 }
        guard a >= 1, b + 1 < tokens.count else { return false }
        let open = tokens[a - 1], close = tokens[b + 1]
        if open.isOne(of: "\"") { return close.isOne(of: "\"") }
        if open.isOne(of: "\u{201C}") { return close.isOne(of: "\u{201D}") }
        if open.isOne(of: "\u{2018}") { return close.isOne(of: "\u{2019}") }
        if open.isOne(of: "`") { return close.isOne(of: "'\u{2019}") }
        // A straight single quote opens only after a space or a bracket (not an apostrophe).
        if open.isOne(of: "'") { return close.isOne(of: "'") && (a < 2 || tokens[a - 2].isSpace || tokens[a - 2].isOne(of: "([")) }
        return false
    }

    /// True when token `k` of `tokens` touches a slash, without a space (`src/`, `/usr/lib`,
    /// `docs/api`): a part of a path. (Words joined by a slash in prose, “and/or”, are known.)
    static func isPathPart<C: RandomAccessCollection>(_ tokens: C, _ k: Int) -> Bool where C.Element == Token, C.Index == Int {
        isFollowed(tokens, k, by: "/") || (k > 0 && tokens[k - 1].isOne(of: "/"))
    }

    /// True when token `k` of `tokens` is written against a hyphen (“pre” in “pre-release”,
    /// “brainer” in “no-brainer”).
    static func touchesHyphen<C: RandomAccessCollection>(_ tokens: C, _ k: Int) -> Bool where C.Element == Token, C.Index == Int {
        isFollowed(tokens, k, by: "-\u{2010}") || (k > 0 && tokens[k - 1].isOne(of: "-\u{2010}"))
    }

    /// Words that introduce other names of a command or a field (“(alias tname, tty)”,
    /// “(alias: swapp)”).
    static let aliasWords: WordSet = ["alias", "aliases", "aka", "synonym", "synonyms"]

    /// True when token `k` of `sentence` stands where technical text puts an identifier, so that
    /// a guess for it is reported, never applied: in a list joined by commas without spaces
    /// (`-o pid,format,state,tname,time`, ps(1)), as the value after an option (`-o tname`,
    /// `--sort tname`), after a word introducing another name (`(alias: swapp)`, tmux(1);
    /// `(alias tname, tty)`), or in the first column of a table or definition list (a line's
    /// first word followed by a gap of two spaces or more: `tname       TTY       controlling tty`).
    static func isIdentifierSlot(_ sentence: Sentence, _ k: Int) -> Bool {
        let tokens = sentence.tokens
        // Glued to a comma or a colon with a word or a number on the other side.
        func isJoin(_ m: Int) -> Bool { tokens[m].isOne(of: ",:") }
        func isItem(_ m: Int) -> Bool { tokens[m].kind == .word || tokens[m].kind == .number }
        if k >= 2, isJoin(k - 1), isItem(k - 2) { return true }
        if k + 2 < tokens.count, isJoin(k + 1), isItem(k + 2) { return true }
        // After an option: `-o tname`, `--sort tname` (a dash glued to a word, a space before it).
        if let p = sentence.previousNonSpace(before: k), p < k - 1, tokens[p].kind == .word || tokens[p].kind == .number {
            var d = p
            while d > 0, tokens[d - 1].isOne(of: "-\u{2010}") { d -= 1 }
            if d < p, d == 0 || tokens[d - 1].isSpace || tokens[d - 1].isOne(of: "([") { return true }
        }
        // After “alias” and the like, across the other names of its list: `(alias tt, tname)`.
        var p = sentence.previousNonSpace(before: k)
        var steps = 0
        while let q = p, steps < 6 {
            if tokens[q].kind == .word, aliasWords.containsLower(of: tokens, q) { return true }
            if tokens[q].isOne(of: ":") { p = sentence.previousNonSpace(before: q); steps += 1; continue }
            guard tokens[q].isOne(of: ","), let w = sentence.previousNonSpace(before: q), tokens[w].kind == .word else { break }
            p = sentence.previousNonSpace(before: w)
            steps += 1
        }
        // A table's or a definition list's first column: the line's first word, then a gap.
        if k + 1 < tokens.count, tokens[k + 1].kind == .whitespace, tokens[k + 1].range.length >= 2 || tokens[k + 1].text.contains("\t"),
           k == 0 || tokens[k - 1].kind == .newline || k >= 2 && tokens[k - 1].kind == .whitespace && tokens[k - 2].kind == .newline
            || k == 1 && tokens[0].kind == .whitespace {
            return true
        }
        return false
    }
}

// Calls, manual page references and lists of code names written in prose.
extension SpellingRule {
    /// True when token `k` of `tokens`, a word, is the term of a definition list item written
    /// `- term :: definition` (or with `+`, `*`): a bullet at its line's start, the word, and
    /// `::` after spaces. A one-word key the line goes on to define (`- iobuf   :: The IOBUF
    /// system in common`), not prose.
    static func isDefinitionListTerm<C: RandomAccessCollection>(_ tokens: C, _ k: Int) -> Bool where C.Element == Token, C.Index == Int {
        var j = k + 1
        while j < tokens.endIndex, tokens[j].kind == .whitespace, !tokens[j].text.contains("\n") { j += 1 }
        guard j < tokens.endIndex, tokens[j].text == "::" || j + 1 < tokens.endIndex && tokens[j].isOne(of: ":") && tokens[j + 1].isOne(of: ":") else { return false }
        var i = k - 1
        while i >= tokens.startIndex, tokens[i].kind == .whitespace, !tokens[i].text.contains("\n") { i -= 1 }
        // (The bullet may be the list's, not the sentence's: a sentence that opens with the term.)
        if i < tokens.startIndex { return true }
        guard tokens[i].isOne(of: "-+*") else { return false }
        i -= 1
        while i >= tokens.startIndex, tokens[i].kind == .whitespace, !tokens[i].text.contains("\n") { i -= 1 }
        return i < tokens.startIndex || tokens[i].kind == .newline || tokens[i].kind == .whitespace && tokens[i].text.contains("\n")
    }

    /// True when token `k` of `tokens` is a function called with empty brackets (`gzseek()`,
    /// `gztell()`) or a manual page named with its section (`nc(1)`, `sshd(8)`, `udisks(1)`,
    /// `update-sgmlcatalog(8)`, `openssl(1ssl)`): the bracket right after the word, then `)` or
    /// a section's digit (and at most four letters: `3p`), then `)`. Prose writes neither shape
    /// (“the word(s)” has a letter inside, “Tom (1)” a space before the bracket).
    static func isCallOrManReference<C: RandomAccessCollection>(_ tokens: C, _ k: Int) -> Bool where C.Element == Token, C.Index == Int {
        guard k + 2 < tokens.count, tokens[k + 1].isOne(of: "(") else { return false }
        var close = k + 2
        if tokens[close].kind == .number {
            guard tokens[close].text.utf8.count == 1 else { return false }
            close += 1
            if close < tokens.count, tokens[close].kind == .word, tokens[close].text.utf8.count <= 4 { close += 1 }
        } else if tokens[close].kind == .word, tokens[close].traits.contains(.hasDigit),
                  let first = tokens[close].text.utf8.first, first >= 0x31, first <= 0x39, tokens[close].text.utf8.count <= 5 {
            // (A section the tokenizer keeps whole: `3p`, `1ssl`.)
            close += 1
        }
        guard close < tokens.count, tokens[close].isOne(of: ")") else { return false }
        return close + 1 == tokens.count || tokens[close + 1].kind != .word && tokens[close + 1].kind != .number
    }

    /// True when token `k` of `tokens` is a function's name or a parameter in a signature or a
    /// call written out (`push_source(self, newstream, newfile=None)`, `sourcehook(self,
    /// newfile)`, pydoc's and API references' shape): a word glued to `(`, and in the brackets,
    /// on one line, names joined by commas, `=` defaults and `*`, with a comma or an `=` (a list
    /// of parameters, not “word(s)” or a note in brackets).
    static func isInSignature(_ tokens: TokenList, _ k: Int) -> Bool {
        let n = tokens.count
        // The opening bracket: right after `k`, or before `k` inside the same brackets.
        var open = -1
        if k + 1 < n, tokens[k + 1].isOne(of: "(") {
            open = k + 1
        } else {
            var j = k - 1
            while j >= 0, k - j < 40 {
                if tokens[j].kind == .newline || tokens[j].isOne(of: ")") { return false }
                if tokens[j].isOne(of: "(") { open = j; break }
                j -= 1
            }
        }
        guard open > 0, tokens[open - 1].kind == .word || tokens[open - 1].kind == .placeholder else { return false }
        var separated = false
        var j = open + 1
        while j < n {
            let t = tokens[j]
            if t.isOne(of: ")") { return separated }
            switch t.kind {
            case .word, .number, .whitespace, .placeholder: break
            case .punctuation:
                if t.isOne(of: ",=") { separated = true } else if !t.isOne(of: "*.'\"-") { return false }
            default: return false
            }
            j += 1
        }
        return false
    }

    /// True when token `m` is code in a list: protected text (a placeholder: `pidfd_send_signal`,
    /// `rt_pipefs`, a code span) or a word with a digit, an underscore or an inner capital
    /// (`getdents64`, `sparc64`). (Not an acronym in capitals: “NASA, ESA and JAXA” are names.)
    static func isCodeItem<C: RandomAccessCollection>(_ tokens: C, _ m: Int) -> Bool where C.Element == Token, C.Index == Int {
        if tokens[m].kind == .placeholder { return true }
        guard tokens[m].kind == .word else { return false }
        let t = tokens[m].traits
        return t.rawValue & (Token.Traits.hasDigit.rawValue | Token.Traits.hasUnderscore.rawValue | Token.Traits.innerUppercase.rawValue) != 0
    }

    /// True when token `k` of `sentence` is an item of a list of single names joined by commas,
    /// “and” or “or”, another item of which is code (``isCodeItem(_:_:)``): “kill, tkill, tgkill,
    /// `pidfd_send_signal` and …”, “the proc, devfs, devpts, sysfs, `rpc_pipefs` and nfsd
    /// filesystems”, “getdents and getdents64 syscalls”. A list names things of one kind: beside
    /// code, the others are code too (syscalls, file systems, libraries), not slips of words.
    static func isInCodeList(_ sentence: Sentence, _ k: Int) -> Bool {
        let tokens = sentence.tokens
        let n = tokens.count
        // (The word stands alone: `fork--pidns-translation` is no list's item.)
        guard k == 0 || tokens[k - 1].isSpace else { return false }
        func isItem(_ m: Int) -> Bool { tokens[m].kind == .word || tokens[m].kind == .placeholder }
        func isConjunction(_ m: Int) -> Bool { tokens[m].kind == .word && (tokens[m].lower == "and" || tokens[m].lower == "or") }
        func skipSpace(_ m: Int, _ step: Int) -> Int {
            var j = m
            while j >= 0, j < n, tokens[j].isSpace { j += step }
            return j
        }
        // The next item after item `m`: `, x`, ` and x`, `, and x`; nil at the list's end.
        func next(_ m: Int) -> Int? {
            var j = m + 1
            var separated = false
            if j < n, tokens[j].isOne(of: ",") { j += 1; separated = true }
            j = skipSpace(j, 1)
            if j < n, isConjunction(j) {
                j = skipSpace(j + 1, 1)
                separated = true
            }
            guard separated, j < n, j > m + 1, isItem(j) else { return nil }
            return j
        }
        // The item before item `m`, which stands alone (a space or the start before it).
        func previous(_ m: Int) -> Int? {
            var j = skipSpace(m - 1, -1)
            guard j >= 0 else { return nil }
            if isConjunction(j) {
                guard j < m - 1 else { return nil }
                j = skipSpace(j - 1, -1)
                guard j >= 0 else { return nil }
                if tokens[j].isOne(of: ",") { j -= 1 }
            } else if tokens[j].isOne(of: ",") {
                j -= 1
            } else {
                return nil
            }
            guard j >= 0, isItem(j), j == 0 || tokens[j - 1].isSpace else { return nil }
            return j
        }
        var m = k, steps = 0
        while let p = previous(m), steps < 8 {
            if isCodeItem(tokens, p) { return true }
            m = p
            steps += 1
        }
        m = k
        steps = 0
        while let q = next(m), steps < 8 {
            if isCodeItem(tokens, q) { return true }
            m = q
            steps += 1
        }
        return false
    }

    /// True when `lower` is a known word of four letters or more run together with a short part
    /// of code, and `guess` keeps the word and shortens or changes that part (`closefd`: “close”
    /// and `fd` → “closed”; `smartos`: “smart” and `os` → “smarts”): an identifier written as one
    /// word, which the guess would make another word. The part is two letters, or three that
    /// the machine knows as a term (a command, a package, a manual pages' word), not merely a
    /// word of a large list. A guess that adds a letter (“beginnig” → “beginning”), a swap or a
    /// doubled letter away, or one that only adds an apostrophe (“wouldnt”) is a slip's fix.
    static func isWordWithShortPart(_ lower: String, guess: String, context: RuleContext) -> Bool {
        guard guess != lower, guess.count <= lower.count,
              guess.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "\u{2019}", with: "") != lower,
              !isSwap(lower, guess), !changesDoubling(lower, guess) else { return false }
        let chars = Array(lower)
        for n in 2...3 where chars.count - n >= 4 {
            let head = String(chars[..<(chars.count - n)]), tail = String(chars[(chars.count - n)...])
            guard guess.hasPrefix(head), context.speller.isCorrect(head) else { continue }
            if n == 2 { return true }
            if let layers = context.hunspell?.vocabularyLayers,
               !layers.layers(of: tail).isDisjoint(with: [.technical, .command, .packageName, .packagePart, .manualWord, .manualMention]) { return true }
        }
        return false
    }

    /// True when token `k` stands on a line that holds code: a `$` glued to a word, `{`, `(` or
    /// protected text (`$int_ifs`, `${HOME}`, `$(pwd)`; not a price, `$5`), or protected text (a placeholder:
    /// a variable, a path, an option) right before or after it.
    static func lineNamesVariable(_ tokens: TokenList, _ k: Int) -> Bool {
        func isProtected(_ j: Int) -> Bool { tokens[j].text.unicodeScalars.first?.value == 0xFFFC }
        var p = k - 1
        while p >= 0, tokens[p].kind == .whitespace { p -= 1 }
        var q = k + 1
        while q < tokens.count, tokens[q].kind == .whitespace { q += 1 }
        if p >= 0, isProtected(p) { return true }
        if q < tokens.count, isProtected(q) { return true }
        func scan(_ range: StrideTo<Int>) -> Bool {
            for j in range {
                if tokens[j].kind == .newline { return false }
                if tokens[j].text.hasPrefix("$") {
                    if tokens[j].text.count > 1 { return true }
                    if j + 1 < tokens.count, tokens[j + 1].kind == .word || tokens[j + 1].isOne(of: "{(") || isProtected(j + 1) { return true }
                }
            }
            return false
        }
        return scan(stride(from: k + 1, to: tokens.count, by: 1)) || scan(stride(from: k - 1, to: -1, by: -1))
    }

    /// True when word `k` of `sentence` stands alone in round brackets that end a line opening
    /// with a list's bullet (`*`, `-`, `•`) or the first line of a block (a list item's): the
    /// credit a change-log entry closes with (libuv's “* win: fix incompatible-types warning
    /// (twosee)”).
    static func isEntryCredit(_ sentence: Sentence, _ k: Int) -> Bool {
        let tokens = sentence.tokens
        guard k >= 1, k + 1 < tokens.count, tokens[k - 1].isOne(of: "("), tokens[k + 1].isOne(of: ")") else { return false }
        var q = k + 2
        while q < tokens.count, tokens[q].kind == .whitespace { q += 1 }
        guard q == tokens.count || tokens[q].kind == .newline else { return false }
        var p = k - 2, first = -1
        while p >= 0, tokens[p].kind != .newline {
            if !tokens[p].isSpace { first = p }
            p -= 1
        }
        // (A plain list's bullet may be the block's, not the sentence's: then the line is the
        // first of its block.)
        return first >= 0 && tokens[first].isOne(of: "*-\u{2022}") || p < 0 && sentence.isBlockStart
    }

    /// True when word `k` of `sentence` is one of the lowercase names, one to four, apart by
    /// commas, that open a list item (after its bullet: in the text, or left out of the
    /// sentence when the block is a list item, `inListItem`) and end at a colon and a space: the
    /// areas of a change-log entry (“* zos: implement …”, “* aix, ibmi: handle …”, “- unix,win:
    /// fix …”). A capitalised word there (“Note: …”) is no area, nor is a paragraph's first word
    /// (a commit body's “refactr: it was slow.” is a slip; a commit subject's prefix is the
    /// git-commit markup's to leave out, `GitCommitMessage`).
    static func isAreaPrefix(_ sentence: Sentence, _ k: Int, inListItem: Bool) -> Bool {
        let tokens = sentence.tokens
        func isArea(_ j: Int) -> Bool { tokens[j].kind == .word && tokens[j].startsLowercase }
        // Forward: `, name` pairs, then the colon and a space.
        var j = k, names = 1
        while true {
            guard j + 1 < tokens.count else { return false }
            if tokens[j + 1].isOne(of: ":") {
                guard j + 2 < tokens.count, tokens[j + 2].isSpace else { return false }
                break
            }
            guard tokens[j + 1].isOne(of: ",") else { return false }
            var m = j + 2
            while m < tokens.count, tokens[m].kind == .whitespace { m += 1 }
            guard m < tokens.count, isArea(m) else { return false }
            j = m
            names += 1
            if names > 4 { return false }
        }
        // Backward: `name ,` pairs to the line's start, a bullet allowed before the first.
        var i = k
        while true {
            var p = i - 1
            while p >= 0, tokens[p].kind == .whitespace { p -= 1 }
            // (The sentence's start is an item's only when it starts its block: “… directory.
            // eg: `pkg_dir`” is no area.)
            if p < 0 { return sentence.isBlockStart && inListItem }
            if tokens[p].kind == .newline { return false }
            if tokens[p].isOne(of: "*-\u{2022}") {
                var q = p - 1
                while q >= 0, tokens[q].kind == .whitespace { q -= 1 }
                return q < 0 || tokens[q].kind == .newline
            }
            guard tokens[p].isOne(of: ","), p > 0 else { return false }
            var m = p - 1
            while m >= 0, tokens[m].kind == .whitespace { m -= 1 }
            guard m >= 0, isArea(m) else { return false }
            i = m
            names += 1
            if names > 4 { return false }
        }
    }

    /// True when the word before or after word `i` of `words` is code or a technical name: an
    /// identifier (digits, an underscore, inner capitals: `x86_64`, `bzRead`), an installed
    /// command or package name the dictionary lacks (`gcc`, `pgo`), or another word the
    /// dictionary does not know.
    static func hasTechnicalNeighbour(_ words: [Token], _ i: Int, entries: WordSet?, context: RuleContext) -> Bool {
        let code = Token.Traits.hasDigit.rawValue | Token.Traits.hasUnderscore.rawValue
            | Token.Traits.multipleUppercase.rawValue | Token.Traits.innerUppercase.rawValue
        for n in [i - 1, i + 1] where words.indices.contains(n) {
            let w = words[n]
            if w.traits.rawValue & code != 0 && w.range.length >= 2 { return true }
            if w.traits.contains(.allCaps) { continue }
            if !isKnown(words, n, entries: entries, context: context) { return true }
            if w.startsLowercase, let layers = context.hunspell?.vocabularyLayers,
               !layers.layers(of: w.lower).isDisjoint(with: [.technical, .command]), !context.speller.isCorrect(w.lower) { return true }
        }
        return false
    }

    /// True when word `k` of `tokens` is an item of a list of four single lowercase words or more,
    /// apart by commas (the last by “and” or “or” too), three of which the dictionary does not
    /// know (`isUnknown`): a list of values or names (“nosuid, nodev, noatime, nodiratime,
    /// relatime and nosymfollow”), not prose with slips in it.
    static func isInNameList<C: RandomAccessCollection>(_ tokens: C, _ k: Int, isUnknown: (Int) -> Bool) -> Bool where C.Element == Token, C.Index == Int {
        func previous(_ i: Int) -> Int? {
            var j = i - 1
            while j >= 0, tokens[j].isSpace { j -= 1 }
            return j >= 0 ? j : nil
        }
        func next(_ i: Int) -> Int? {
            var j = i + 1
            while j < tokens.endIndex, tokens[j].isSpace { j += 1 }
            return j < tokens.endIndex ? j : nil
        }
        func isItem(_ i: Int) -> Bool { tokens[i].kind == .word && tokens[i].startsLowercase }
        func isSeparator(_ i: Int) -> Bool { tokens[i].isOne(of: ",") || tokens[i].kind == .word && (tokens[i].lower == "and" || tokens[i].lower == "or") }
        var items = [k]
        var p = k
        while let q = previous(p), isSeparator(q), var r = previous(q) {
            // (“, and”: a comma before the conjunction.)
            if tokens[q].kind == .word, tokens[r].isOne(of: ","), let r2 = previous(r) { r = r2 }
            guard isItem(r) else { break }
            items.append(r)
            p = r
        }
        p = k
        while let q = next(p), isSeparator(q), var r = next(q) {
            if tokens[q].isOne(of: ","), tokens[r].kind == .word, tokens[r].lower == "and" || tokens[r].lower == "or", let r2 = next(r) { r = r2 }
            guard isItem(r) else { break }
            items.append(r)
            p = r
        }
        guard items.count >= 4 else { return false }
        return items.filter(isUnknown).count >= 3
    }

    /// True when `lower` is a library's name as Unix writes them: `lib` and three lowercase
    /// letters or more (`libcrun`, `libocispec`, `libtoolise`, `libfoo`), unless the suggester
    /// reads it as a slip of an English word in “lib…”: its first guess starts so and is an edit
    /// for every four letters away at most (`libary`, `libitarianisn`: “library”,
    /// “libertarianism”; `libfoo` is two edits from “libido”), or as one slip of any word.
    static func isLibraryName(_ lower: String, context: RuleContext) -> Bool {
        guard lower.utf8.count >= 6, lower.utf8.count <= 30, lower.hasASCIIPrefix("lib"),
              lower.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 }), let hunspell = context.hunspell else { return false }
        guard let best = hunspell.suggester.scoredSuggestions(for: lower, limit: 5).first?.text.lowercased() else { return true }
        // (Nor a slip of any word: `libguistic` is “linguistic” with a letter changed.)
        if isOneSlip(lower, best) { return false }
        return !(best.hasPrefix("lib") && editDistance(lower, best) <= max(1, lower.utf8.count / 4))
    }

    /// The Levenshtein distance between two short words (insertions, deletions, changes).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf8), y = Array(b.utf8)
        var row = Array(0...y.count)
        for i in 1...max(1, x.count) where !x.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(1, y.count) where !y.isEmpty {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (x[i - 1] == y[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return x.isEmpty ? y.count : row[y.count]
    }

    /// C's keywords that name a type before its name (`struct stat`, `enum kind`, `union val`).
    static let typeKeywords: WordSet = ["struct", "enum", "union"]
}
