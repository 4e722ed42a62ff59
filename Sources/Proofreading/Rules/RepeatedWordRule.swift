import Foundation
import TextModel

/// Flags a word typed twice in a row (“the the”), except repetitions that are grammatical
/// (“had had”, “that that”, “what it is is”) or idiomatic (“bye bye”).
public struct RepeatedWordRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms)] }
    /// Stable rule ID.
    public let id = "REPEATED_WORD"
    /// A word typed twice is a slip in any dialect: stays confident in dialect passages.
    public var confidentInDialect: Bool { true }
    /// In a plain-text table laid out with spaces, a word repeated across a column gap is two
    /// cells (“loaded failed failed  User Manager”), unless it is a function word (“the the”).
    public var tableLayout: TableLayoutTest? {
        TableLayoutTest { finding, text in
            let word = (text as NSString).substring(with: finding.range).split(separator: " ").first.map { $0.lowercased() } ?? ""
            if Self.columnRowFunctionWords.contains(word) { return false }
            return Self.isInTable(text, at: finding.range.location)
        }
    }
    /// The rule's category.
    public let category = RuleCategory.redundancy
    /// One line saying what the rule checks.
    public let summary = "A word repeated by mistake (“the the”)"

    /// Repetitions that are grammatical or idiomatic anywhere (“had had”, “that that”).
    /// “is is” is grammatical only after a clause that is itself a subject (“what it is is”):
    /// see ``isDoubledIsGrammatical(_:_:)``.
    static let allowed: WordSet = [
        "had", "that", "bye", "ha", "haha", "no", "yeah", "yes", "very", "so", "there", "now", "well",
        "knock", "chop", "tut", "tsk", "blah", "bla", "la", "go", "hear", "dum", "boo", "pom", "ho", "hee", "he",
        "ta", "wait", "really", "many", "why", "please",
        "buh", "bam", "boom", "bang", "tick", "tock", "yada", "yum", "ooh", "oh", "ah", "aye", "do", "hip", "fifty",
        "can", "win", "bling", "hubba", "mama", "papa", "dada", "night", "pretty", "long", "little", "one", "two",
        // Reduplicated names of dances, places and things (“the cha cha”, “Bora Bora”, “a tom tom”).
        "cha", "bora", "tom", "baden", "walla", "pago", "mahi", "bonbon", "cous", "tutu", "yo", "choo", "ding", "ping", "pong",
        "hush", "beep", "honk", "meow", "woof", "quack", "rah", "gogo", "zoom",
    ]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("This is the the best option.", "This is the best option."),
                        ("Save the file and and close the editor.", "Save the file and close the editor."),
                        ("The the server restarts.", "The server restarts."),
                        ("What is the best way to to do it?", "What is the best way to do it?"),
                        ("They decided to to wait a week.", "They decided to wait a week."),
                        ("The tests pass again again after the fix.", "The tests pass again after the fix."),
                        ("The main problem is is the slow disk.", "The main problem is the slow disk."),
                        ("Did you you see it?", "Did you see it?"), ("I gave it it to him.", "I gave it to him."),
                        ("The file is in in the folder.", "The file is in the folder."), ("Click on on the button.", "Click on the button."),
                        ("Put the key on on the table.", "Put the key on the table.")],
            correct: ["He had had enough of the noise by midnight.", "(gdb) core core", "mysql> use use", "\"%s: time stamp %s is %s s in the future\"", "AND and OR lists are common.", "The commands g G h H x copy the hold space.",
                      "Where the key is is anyone's guess.",
                      "She said that that was the last train.",
                      "What it is is a matter of opinion.",
                      "They visited Bora Bora last spring.",
                      "Which packages do I need to refer to to create a runner?",
                      "Do what you have to to take care of yourself.",
                      "I'll do whatever I need to to stay healthy.",
                      "Who told you you might meddle with it?", "But I tell you you don't get the point.",
                      "When I got to it it was gone.",
                      "He put in in the spring what he took out in the fall.", "Log on on Monday to see the results.",
                      "Send \"PROXY TCP6 ffff:f...f:ffff ffff:f...f:ffff 65535 65535\" first.", "Copy src/lib lib/src there.",
                      "They put it in in the morning."])
    }

    /// Verbs (lemmas) that take a “to” infinitive and no preposition “to” of their own: “to to”
    /// after one of them is a slip.
    static let infinitiveVerbs: WordSet = [
        "need", "try", "plan", "hope", "decide", "forget", "remember", "wish", "expect", "promise", "seem", "begin",
        "start", "continue", "manage", "fail", "refuse", "learn", "attempt", "intend", "prefer", "deserve", "afford",
        "offer", "tend", "choose", "agree", "appear", "pretend", "hesitate", "arrange", "aim", "strive",
    ]

    /// Words before “need to to” that leave its verb out (“whatever I need to, to stay”).
    static let ellipsisOpeners: WordSet = ["what", "whatever", "as", "everything", "anything", "all", "whenever", "if", "when", "however", "wherever"]

    /// “to to” is grammatical after a verb's preposition before an infinitive (“refer to to
    /// create”); it is a typo before a noun phrase, after a noun or possessive, or tripled.
    static func isDoubledTo(_ sentence: Sentence, _ i: Int, _ j: Int, context: RuleContext) -> Bool {
        let tokens = sentence.tokens
        if let k = RuleSupport.nextWord(sentence, after: j) {
            let n = tokens[k]
            if n.lowerIs("to") { return true }
            if Lexicon.determiners.contains(n.lower) || Lexicon.possessives.contains(n.lower) || n.startsUppercase || n.hasDigit { return true }
        } else if let k = sentence.nextNonSpace(after: j), tokens[k].kind == .number || tokens[k].kind == .placeholder {
            return true
        }
        if let p = RuleSupport.previousWord(sentence, before: i) {
            let pw = tokens[p].lower
            if pw == "to" || Lexicon.possessives.contains(pw) || Lexicon.determiners.contains(pw) { return true }
            if pw.isAny(of: "way", "chance", "according", "due", "how", "want", "wants", "going", "able", "trying", "order", "ways", "time") { return true }
            // After a verb that takes the infinitive and no preposition (“need to to finish”,
            // any form: the lemma of the tagger's reading).
            // Not after an elided verb phrase (“whatever I need to, to stay healthy”, “adjust as
            // you need to to increase it”).
            if tokens[p].kind == .word, !RuleSupport.sentence(sentence, contains: Self.ellipsisOpeners, before: p), let lemma = context.tags(of: sentence).lemma(at: p), Self.infinitiveVerbs.contains(lemma),
               context.tags(of: sentence)[p].isVerb { return true }
        }
        return false
    }

    /// Words that open a clause which can be the subject of “is” (“what it is is”, “all we
    /// need is is”).
    static let subjectClauseOpeners: WordSet = ["what", "where", "how", "why", "who", "whatever", "whoever", "when", "all", "whether"]

    /// “is is” is grammatical when the first “is” ends a subject clause opened by a wh-word
    /// earlier in the sentence (“What it is is a matter of taste”).
    static func isDoubledIsGrammatical(_ sentence: Sentence, _ i: Int) -> Bool {
        RuleSupport.sentence(sentence, contains: subjectClauseOpeners, before: i)
    }

    /// Pronouns that are both an object and a subject.
    static let objectSubjectPronouns: WordSet = ["you", "it"]

    /// “you you” and “it it” are grammatical when the first ends a verb's or a preposition's
    /// phrase and the second opens a clause (“Who told you you might”, “I tell you you don't”,
    /// “when I got to it it was gone”, “bit into it it most”): the word before the pair is a
    /// verb other than an auxiliary (after which the pronoun is the subject of a question: “Did
    /// you you see”) or a preposition, and a verb, a modal or an adverb follows the pair.
    static func isObjectThenSubject(_ sentence: Sentence, _ i: Int, context: RuleContext) -> Bool {
        let tokens = sentence.tokens
        guard objectSubjectPronouns.containsLower(of: tokens, i), let p = sentence.previousNonSpace(before: i), tokens[p].kind == .word,
              let j = sentence.nextNonSpace(after: i), let n = sentence.nextNonSpace(after: j), tokens[n].kind == .word else { return false }
        if RuleSupport.modals.containsLower(of: tokens, p) || RuleSupport.beForms.containsLower(of: tokens, p)
            || tokens[p].lower.isAny(of: "have", "has", "had", "let", "thank", "thanks") { return false }
        let tags = context.tags(of: sentence)
        // The second opens a clause: a verb, a modal or an adverb follows (“you might”, “it
        // most”; not “gave it it to him”).
        let next = tags[n]
        guard next.isVerb || next == .MD || next == .RB || next == .RBR || next == .RBS || tokens[n].lower.hasSuffix("n't") else { return false }
        return tags[p].isVerb || tags[p] == .IN || tags[p] == .TO
    }

    /// Adverb particles of phrasal verbs that are prepositions too (“put in”, “log on”, “fill
    /// out”, “come by”).
    static let particles: WordSet = ["in", "on", "up", "out", "off", "down", "over", "by", "through", "around", "along", "about", "across"]

    /// Object pronouns that may stand between a verb and its particle (“put it in in the morning”).
    static let objectPronouns: WordSet = ["it", "them", "him", "her", "me", "us", "you", "this", "that"]

    /// The phrasal verbs of WordNet (`wordnet-base`'s `index.verb`, the source the tagger's
    /// lemmas come from) whose second part is one of ``particles``, as `lemma particle`
    /// (`put in`, `log on`, `fill out`: 1,564 of them); read once, when a doubled particle is
    /// first seen. Empty when WordNet is not installed (then every doubled particle is flagged).
    static let phrasalVerbs: Set<String> = {
        guard let text = try? String(contentsOfFile: TagLexiconSources.debian.wordnet + "/index.verb", encoding: .utf8) else { return [] }
        var out = Set<String>()
        for line in text.lines(omittingEmpty: true) {
            guard let space = line.firstIndex(of: " ") else { continue }
            let parts = line[..<space].split(separator: "_")
            if parts.count == 2, particles.contains(String(parts[1])) { out.insert(parts[0] + " " + parts[1]) }
        }
        return out
    }()

    /// “in in”, “on on”, “up up” are grammatical when the first closes a phrasal verb (a
    /// particle: “put in”, “log on”, “put it in”) and the second is a preposition opening a
    /// noun phrase (“put in in the box”, “log on on Monday”, “put it in in the morning”): a
    /// particle, after a verb that WordNet lists with it (``phrasalVerbs``; not “click on”, a
    /// verb and its preposition: “click on on the button” is a slip; nor a form of “be”, “have”
    /// or “do”, or a modal: “is in in the”), directly or across an object pronoun, before a
    /// determiner, a possessive, a number, a noun, an adjective or a pronoun.
    static func isParticleThenPreposition(_ sentence: Sentence, _ i: Int, _ j: Int, context: RuleContext) -> Bool {
        let tokens = sentence.tokens
        guard particles.containsLower(of: tokens, i), var p = RuleSupport.previousWord(sentence, before: i),
              let n = RuleSupport.nextWord(sentence, after: j) else { return false }
        let tags = context.tags(of: sentence)
        if objectPronouns.containsLower(of: tokens, p), let q = RuleSupport.previousWord(sentence, before: p) { p = q }
        guard tags[p].isVerb, !RuleSupport.modals.containsLower(of: tokens, p), !RuleSupport.beForms.containsLower(of: tokens, p),
              !tokens[p].lower.isAny(of: "have", "has", "had", "having", "do", "does", "did"),
              let lemma = tags.lemma(at: p), phrasalVerbs.contains(lemma + " " + tokens[i].lower) else { return false }
        let next = tags[n]
        return next == .DT || next == .PRPS || next == .CD || next.isNoun || next.isAdjective || next == .PRP
            || Lexicon.determiners.contains(tokens[n].lower) || Lexicon.possessives.contains(tokens[n].lower)
    }

    /// True when words `i` and `j` are a doubled particle (``particles``) right after a form of
    /// “be” and before a word: the first may be the predicate (“is on”, “was over”, “are out”)
    /// and the second a preposition (“Caps Lock is on on Windows”, pinentry's NEWS).
    static func isBePredicateThenPreposition(_ sentence: Sentence, _ i: Int, _ j: Int) -> Bool {
        let tokens = sentence.tokens
        guard particles.containsLower(of: tokens, i), let p = RuleSupport.previousWord(sentence, before: i),
              RuleSupport.beForms.containsLower(of: tokens, p), RuleSupport.nextWord(sentence, after: j) != nil else { return false }
        return true
    }

    /// True when token `k` of `sentence` is whitespace holding a line break.
    static func breaksLine(_ sentence: Sentence, _ k: Int) -> Bool {
        let t = sentence.tokens[k]
        return t.kind == .newline || t.isSpace && (t.text.utf8.contains(10) || t.text.utf8.contains(13))
    }

    /// True when word `j` of `sentence` opens its line (nothing but spaces before it since a line
    /// break) and the line is a command: after the word, an option (` -x`, ` --long`), a path or a
    /// URL (a `/` glued to a letter, or protected text), and no period at its end.
    static func opensCommandLine(_ sentence: Sentence, _ j: Int) -> Bool {
        let tokens = sentence.tokens
        var k = j - 1
        while k >= 0, tokens[k].kind == .whitespace, !breaksLine(sentence, k) { k -= 1 }
        guard k >= 0, breaksLine(sentence, k) else { return false }
        var e = j + 1
        var commandLike = false
        var last: Token?
        while e < tokens.count, !breaksLine(sentence, e) {
            let t = tokens[e]
            if t.isOne(of: "-"), tokens[e - 1].isSpace, e + 1 < tokens.count, tokens[e + 1].kind == .word || tokens[e + 1].isOne(of: "-") { commandLike = true }
            if t.isOne(of: "/"), e + 1 < tokens.count, tokens[e + 1].kind == .word || tokens[e + 1].isOne(of: "/") { commandLike = true }
            // (A path, a URL or code protected from the rules stands as a placeholder.)
            if t.kind == .placeholder { commandLike = true }
            if !t.isSpace { last = t }
            e += 1
        }
        return commandLike && !(last?.isOne(of: ".") ?? false)
    }

    /// True when word `i` of `sentence` is the only word of its line: nothing but spaces
    /// before it since the line's start (or the sentence's) and a line break right after it.
    static func isAloneOnLine(_ sentence: Sentence, _ i: Int) -> Bool {
        let tokens = sentence.tokens
        guard i + 1 < tokens.count, breaksLine(sentence, i + 1) else { return false }
        var k = i - 1
        while k >= 0, tokens[k].kind == .whitespace, !breaksLine(sentence, k) { k -= 1 }
        return k < 0 || breaksLine(sentence, k)
    }

    /// For words `i` and `j` repeated across a line break (a soft break in a wrapped paragraph),
    /// the range to delete and its replacement that keep the break and the next line's
    /// indentation: the second word with the spaces after it (“the⏎the store” → “the⏎store”),
    /// or, when punctuation follows it, the first word with the spaces before it (“in the⏎the.”
    /// → “in⏎the.”). Nil for words on one line, or when neither deletion keeps the line whole.
    static func deletionKeepingLineBreak(_ sentence: Sentence, _ i: Int, _ j: Int) -> (NSRange, String)? {
        let tokens = sentence.tokens
        guard (i + 1..<j).contains(where: { breaksLine(sentence, $0) }) else { return nil }
        // The second word and the spaces after it, when a word follows on the same line.
        if j + 2 < tokens.count, tokens[j + 1].kind == .whitespace, !breaksLine(sentence, j + 1), !tokens[j + 2].isSpace {
            return (NSRange(location: tokens[j].range.location, length: tokens[j + 1].end - tokens[j].range.location), "")
        }
        // The first word and the spaces before it, when a word comes before them on that line.
        if i >= 2, tokens[i - 1].kind == .whitespace, !breaksLine(sentence, i - 1), !tokens[i - 2].isSpace {
            return (NSRange(location: tokens[i - 1].range.location, length: tokens[i].end - tokens[i - 1].range.location), "")
        }
        return nil
    }

    /// True when word `i` is glued (no space) after a `:`, `/`, `=`, `@`, `_` or `.`, or word `j`
    /// before a `:`, `/`, `=`, `@`, `_`, or a `.` followed by a letter or digit: each is a part of
    /// a longer token (an address, a path, a key, a file name), so the pair is no doubled word.
    static func isPartOfLongerToken<C: RandomAccessCollection>(_ tokens: C, _ i: Int, _ j: Int) -> Bool where C.Element == Token, C.Index == Int {
        if i > 0, tokens[i - 1].isOne(of: ":/=@_.") { return true }
        guard j + 1 < tokens.count else { return false }
        if tokens[j + 1].isOne(of: ":/=@_") { return true }
        if tokens[j + 1].isOne(of: "."), j + 2 < tokens.count, tokens[j + 2].kind == .word || tokens[j + 2].kind == .number { return true }
        return false
    }

    /// True when the line of `text` holding UTF-16 offset `location` is laid out in columns
    /// (``isInColumnRow(_:at:minimumGaps:)``) and the line before or after it has a column gap
    /// too: a row of a table, not one line of prose with two slips (“Hello  world, and  more.”).
    static func isInTable(_ text: String, at location: Int) -> Bool {
        guard isInColumnRow(text, at: location) else { return false }
        let u = Array(text.utf16)
        var s = location, e = location
        while s > 0, u[s - 1] != 10 { s -= 1 }
        while e < u.count, u[e] != 10 { e += 1 }
        if s >= 2, isInColumnRow(text, at: s - 2, minimumGaps: 1) { return true }
        if e + 1 < u.count, u[e + 1] != 10, isInColumnRow(text, at: e + 1, minimumGaps: 1) { return true }
        return false
    }

    /// Words that stay slips when doubled in a row of columns (“the the”, “to to”).
    static let columnRowFunctionWords: Set<String> = Lexicon.objectStarts.set.union(
        ["to", "of", "in", "on", "for", "and", "or", "is", "are", "was", "be"])

    /// True when the line of `text` holding UTF-16 offset `location` is laid out in columns: a
    /// tab after its first word, or `minimumGaps` gaps of two spaces or more between its words.
    static func isInColumnRow(_ text: String, at location: Int, minimumGaps: Int = 2) -> Bool {
        let u = Array(text.utf16)
        guard location >= 0, location < u.count else { return false }
        var s = location, e = location
        while s > 0, u[s - 1] != 10 { s -= 1 }
        while e < u.count, u[e] != 10 { e += 1 }
        while s < e, u[s] == 32 || u[s] == 9 { s += 1 }
        var gaps = 0, k = s
        while k < e {
            if u[k] == 9 { gaps += 2; k += 1; continue }
            if u[k] == 32, k + 1 < e, u[k + 1] == 32 {
                gaps += 1
                while k < e, u[k] == 32 { k += 1 }
                continue
            }
            k += 1
        }
        return gaps >= minimumGaps
    }

    /// True when token `i` of `sentence` is on a line that starts with a prompt: `(gdb)`,
    /// `(Pdb)`, a word and `>` (`mysql>`), or `$`, `#`, `%`, `>`, `>>>` alone, then a space.
    static func isAfterPrompt(_ sentence: Sentence, _ i: Int) -> Bool {
        let tokens = sentence.tokens
        var s = i
        while s > 0, tokens[s - 1].kind != .newline { s -= 1 }
        while s < i, tokens[s].kind == .whitespace { s += 1 }
        guard s < i else { return false }
        // `(gdb) `
        if tokens[s].isOne(of: "("), s + 3 <= i, tokens[s + 1].kind == .word, tokens[s + 2].isOne(of: ")"),
           s + 3 < tokens.count, tokens[s + 3].kind == .whitespace { return true }
        // `mysql> `
        if tokens[s].kind == .word, s + 2 <= i, tokens[s + 1].isOne(of: ">"), tokens[s + 2].kind == .whitespace { return true }
        // `$ `, `# `, `% `, `> `, `>>> `
        var m = s
        while m < i, tokens[m].isOne(of: ">") { m += 1 }
        if m == s, tokens[s].isOne(of: "$#%") { m = s + 1 }
        return m > s && m < i && (m - s == 1 || m - s == 3) && tokens[m].kind == .whitespace
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        // The tokens are read in place: a copy of each word's token (two strings) costs more
        // than the tests that turn almost every pair away.
        for i in tokens.indices where tokens[i].kind == .word {
            guard let j = RuleSupport.nextWordAfterSpace(sentence, after: i) else { continue }
            // Two ASCII words of different lengths differ, and so do two whose lowercase forms
            // end in different bytes: no string comparison needed. (Not for other words: `==`
            // finds canonically equivalent spellings equal.)
            if tokens[i].traits.contains(.ascii), tokens[j].traits.contains(.ascii),
               tokens[i].range.length != tokens[j].range.length || tokens[i].lastByte != tokens[j].lastByte { continue }
            guard tokens[j].lower == tokens[i].lower, !Self.allowed.containsLower(of: tokens, i), !RuleSupport.isCodeLike(tokens, i) else { continue }
            if tokens[i].lowerIs("to") && !Self.isDoubledTo(sentence, i, j, context: context) { continue }
            if tokens[i].lowerIs("is") && Self.isDoubledIsGrammatical(sentence, i) { continue }
            if Self.isObjectThenSubject(sentence, i, context: context) { continue }
            if Self.isParticleThenPreposition(sentence, i, j, context: context) { continue }
            // One in capitals and one not names something (“AND and OR lists”, “see SEE ALSO”):
            // a keyword or a section beside the word; two letters of other cases are keys or
            // commands (sed(1): “g G h H x”), but “A a” opening a sentence is a slip.
            if tokens[i].isAllCaps != tokens[j].isAllCaps, tokens[i].range.length > 1 { continue }
            if tokens[i].range.length == 1, tokens[i].text != tokens[j].text, !tokens[i].lower.isAny(of: "a", "i") { continue }
            // A format directive's letter glued to its sign (“%s s in the future”, “%d d”): a
            // placeholder beside a word, not a word written twice.
            if i > 0, tokens[i - 1].isOne(of: "%$\\") { continue }
            // A command typed at a prompt (“(gdb) core core”, “$ make make”, “mysql> use use”):
            // a sample of input, whose words are a program's, not the writer's.
            if Self.isAfterPrompt(sentence, i) { continue }
            // A row of a table laid out with spaces or tabs (systemctl(1): “● user@1000.service
            // loaded failed failed  User Manager”: the ACTIVE and SUB columns): cells, not a word
            // typed twice.
            // (A doubled function word stays a slip there: “the the”, “to to”.)
            if !Self.columnRowFunctionWords.contains(tokens[i].lower),
               Self.isInTable(context.segmentText, at: tokens[i].range.location) { continue }
            // A word alone on its line and the same word opening the next (`make` / `make
            // check` / `make install`): lines of commands or of a list, not a word typed twice.
            if Self.isAloneOnLine(sentence, i), (i + 1..<j).contains(where: { Self.breaksLine(sentence, $0) }) { continue }
            // A prose line ending in a command's name and a command line opening with it
            // (debootstrap's README: “* Either by using git” / “  git clone https://…”; `--fix`
            // removed the command): a line of input, not a word typed twice.
            // (A command's name: “It is intended that this” / “this format replace the old .lzma
            // format” has a doubled word and a file name after it.)
            if (i + 1..<j).contains(where: { Self.breaksLine(sentence, $0) }), context.hunspell?.vocabularyLayers.isCommand(tokens[j].text) == true,
               Self.opensCommandLine(sentence, j) { continue }
            // Two capitalised words mid-sentence are likely a name (“Bora Bora”, “Baden Baden”).
            if tokens[j].startsUppercase && !tokens[j].isAllCaps && (tokens[i].text == tokens[j].text) { continue }
            // A word glued on its far side to a colon, a slash, an equals sign, an at sign or an
            // underscore, or to a dot before a letter or digit, is part of a longer token (two
            // addresses `ffff:f...f:ffff ffff:f...f:ffff`, paths `a/b b/c`, `key=v v=w`): not a
            // word written twice.
            if Self.isPartOfLongerToken(tokens, i, j) { continue }
            // A hyphen or apostrophe glued to the second word (“the the-”) means something else.
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            if let p = sentence.previousNonSpace(before: i), tokens[p].isOne(of: "-'\u{2019}"),
               p == i - 1 { continue }
            // A manual page writes a metavariable after the noun it stands for (“filesystem of
            // type type”, “the shell function function”, “enable -f name name”): there only a
            // doubled function word (“the the”, “was was”) is a slip.
            if context.isManualPage {
                let tag = context.tags(of: sentence)[i]
                if tag.isNoun || tag.isAdjective || tag == .VB || tag == .FW || tag == .CD { continue }
            }
            let message = "The word “\(tokens[i].text)” is repeated: remove one."
            // A particle after a form of “be” may be its predicate (“Caps Lock is on on Windows”:
            // switched on, on Windows), or a slip (“the book is on on the table”): reported, not
            // applied.
            let confident = !Self.isBePredicateThenPreposition(sentence, i, j)
            if let (range, replacement) = Self.deletionKeepingLineBreak(sentence, i, j) {
                out.append(ProofreadingSuggestion(range: range, replacements: [replacement], message: message, isConfident: confident))
                continue
            }
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [tokens[i].text], message: message,
                                 isConfident: confident))
        }
        return out
    }
}
