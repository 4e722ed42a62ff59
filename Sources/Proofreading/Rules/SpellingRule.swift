import Foundation
import Synchronization

/// Flags words the speller does not know, except those that are plainly not prose words:
/// tokens with digits, acronyms in capitals, CamelCase and snake_case identifiers, words in
/// other scripts than the dictionary's (Latin), and words in the document's vocabulary (user
/// words, identifiers that appear in the document's code).
///
/// Possessives (`Harper's`) and contractions are accepted when their stem is, with straight or
/// curly apostrophes. A capitalised word in the middle of a sentence that the dictionary does
/// not know is taken for a name, and left alone, when the evidence says so: it stands next to
/// another name (`Geoff Brydon`, `Ludwig von Mises`), or it appears more than once in the
/// paragraph, spelled the same. A lone unknown capitalised word is still flagged, since a
/// misspelled name (`Amercia`, `Brittish`) looks just like it. A British spelling under en-US
/// (or an American one under en-GB) is named as such, with the dialect's spelling first
/// (``DialectVariants``).
public struct SpellingRule: Rule {
    /// `SPELLING`.
    public let id = "SPELLING"
    /// The speller's rule (``Rule/findsMisspellings``).
    public var findsMisspellings: Bool { true }
    /// Misspellings (``RuleCategory/typos``).
    public let category = RuleCategory.typos
    /// One line saying what the rule checks.
    public let summary = "Words the dictionary does not know"

    /// Creates the rule.
    public init() {}

    /// Sentences the rule must and must not flag (run by the rule-examples test).
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I recieve mail.", "I receive mail."), ("This is teh end.", "This is the end."),
                        ("Teh end is near.", "The end is near."), ("We flew to Amercia in May.", "We flew to America in May."),
                        ("We met Jhon Smith yesterday.", "We met John Smith yesterday.")],
            correct: ["The HTTP server uses snake_case names like max_value and CamelCase types like URLSession.",
                      "We shipped version 2.0 with 3x the speed and mp3 support.",
                      "Harper's checker doesn't flag it’s or don’t.",
                      "Yesterday Nick Bollettieri met Schirmer in Zagreb; Schirmer won.",
                      "The word λόγος is Greek.",
                      "We met at the café in Zürich to discuss her résumé, naïvely."])
    }

    /// For “dont” or “doesnt” (token `k` of `sentence`) after a subject pronoun (and at most one
    /// adverb: “she never dont”), the contraction that agrees with the pronoun: “doesn't” after
    /// “he”, “she”, “it”; “don't” after “I”, “you”, “we”, “they”. For “dont” after a singular
    /// noun subject (``isSingularNounSubject(_:before:tags:classes:)``: “The config file dont exist”),
    /// “doesn't”; for “doesnt” after a plural one (``isPluralNounSubject(_:before:tags:)``: “The
    /// kids doesnt listen”), “don't”. Nil otherwise.
    static func agreeingContraction(_ t: Token, at k: Int, in sentence: Sentence, context: RuleContext) -> String? {
        guard t.lower == "dont" || t.lower == "doesnt", var p = RuleSupport.previousWord(sentence, before: k) else { return nil }
        let tokens = sentence.tokens
        if PronounVerbAgreement.adverbs.contains(tokens[p].lower), let q = RuleSupport.previousWord(sentence, before: p) { p = q }
        let want: String
        if let person = PronounVerbAgreement.person(tokens[p].lower) {
            guard tokens[p].textIs("I") || !tokens[p].textIs("i") else { return nil }
            want = person == .third ? "doesn't" : "don't"
        } else if t.lower == "dont", isSingularNounSubject(sentence, before: k, tags: context.tags(of: sentence), classes: context.wordClasses) {
            want = "doesn't"
        } else if t.lower == "doesnt", isPluralNounSubject(sentence, before: k, tags: context.tags(of: sentence)) {
            want = "don't"
        } else {
            return nil
        }
        return t.startsUppercase ? want.prefix(1).uppercased() + want.dropFirst() : want
    }

    /// `replacements` with the guess that is the word with a contraction's apostrophe put back
    /// (`n't`, `'m`, `'ve`, `'re`, `'ll`, `'d`: “ive” → “I've”, offered after “ice” by the
    /// suggester's edit costs) moved to the front; unchanged when there is none.
    static func contractionFirst(_ replacements: [String], for lower: String) -> [String] {
        guard let k = replacements.firstIndex(where: { r in
            let straight = r.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
            guard let apostrophe = straight.firstIndex(of: "'") else { return false }
            let ending = straight[apostrophe...]
            return ["'t", "'m", "'ve", "'re", "'ll", "'d"].contains(String(ending)) && straight.replacingOccurrences(of: "'", with: "") == lower
        }), k > 0 else { return replacements }
        var out = replacements
        out.insert(out.remove(at: k), at: 0)
        return out
    }

    /// Determiners of one thing, which start a singular noun subject.
    static let singularDeterminers: WordSet = ["the", "a", "an", "this", "that", "my", "your", "his", "her", "our", "their", "its", "each", "every"]
    /// Nouns of a group, which may take a plural verb (“The team dont care” is British English).
    static let groupNouns: WordSet = ["team", "staff", "police", "family", "government", "committee", "audience", "public", "crew",
                                      "company", "council", "board", "jury", "band", "group", "class", "couple", "majority",
                                      "people", "data", "media", "rest", "number", "lot", "sheep", "fish", "deer", "series", "species"]

    /// True when the words before token `k` of `sentence` are a singular noun phrase that starts
    /// its clause: a determiner of one (“the”, “this”, “my”), at most two adjectives or nouns, then
    /// a singular common noun (`NN`, not a group noun) right before `k` (“The config file dont”,
    /// “When the build dont”). The clause starts at the sentence's start, after a comma, or
    /// after a subordinating word (“if”, “when”, “because”).
    static func isSingularNounSubject(_ sentence: Sentence, before k: Int, tags: SentenceTags, classes: WordClasses?) -> Bool {
        let tokens = sentence.tokens
        // The word before: a singular common noun, or a word that can be one (“the build”: the
        // tagger's lexicon knows it as a verb only; Hunspell's flags say it is a noun too).
        guard let noun = RuleSupport.previousWord(sentence, before: k),
              tags[noun] == .NN || !tags.possibleTags(at: noun).contains(.NNS) && (tags.possibleTags(at: noun).contains(.NN)
                  || classes?.isSingularNoun(tokens[noun].lower) == true),
              !groupNouns.contains(tokens[noun].lower), !tokens[noun].traits.contains(.anyUppercase) || noun == 0,
              var det = RuleSupport.previousWord(sentence, before: noun) else { return false }
        // Up to two modifiers between the determiner and the noun (“the new build server”): an
        // adjective or a singular noun, by the tagger or by Hunspell's noun flag.
        var modifiers = 0
        while !singularDeterminers.contains(tokens[det].lower) {
            let lower = tokens[det].lower
            guard modifiers < 2, tags[det] == .JJ || tags[det] == .NN || classes?.isSingularNoun(lower) == true && tags[det] != .NNS,
                  let d = RuleSupport.previousWord(sentence, before: det) else { return false }
            modifiers += 1
            det = d
        }
        guard let before = sentence.previousNonSpace(before: det) else { return true }
        if tokens[before].isOne(of: ",;:") { return true }
        return tokens[before].kind == .word
            && ["if", "when", "whenever", "because", "while", "although", "though", "once", "since", "until", "unless", "and", "but", "so"].contains(tokens[before].lower)
    }

    /// Determiners that start a plural noun phrase (or any noun phrase: “the”, “my”).
    static let pluralDeterminers: WordSet = ["the", "these", "those", "my", "your", "his", "her", "our", "their", "its", "some",
                                             "many", "most", "all", "both", "few", "several", "no", "other", "such"]

    /// True when the words before token `k` of `sentence` are a plural noun phrase that starts
    /// its clause: a plural common noun (`NNS`, and no singular reading: “kids”, “servers”, not
    /// “news” or “series”) right before `k`, after at most two adjectives or nouns and a
    /// determiner (“The new servers doesnt”, “My parents doesnt”), or with none at the clause's
    /// start (“Kids doesnt listen”). The clause starts as for ``isSingularNounSubject(_:before:tags:classes:)``.
    static func isPluralNounSubject(_ sentence: Sentence, before k: Int, tags: SentenceTags) -> Bool {
        let tokens = sentence.tokens
        guard let noun = RuleSupport.previousWord(sentence, before: k), tags[noun] == .NNS,
              !tags.possibleTags(at: noun).contains(.NN), !groupNouns.contains(tokens[noun].lower),
              !tokens[noun].traits.contains(.anyUppercase) || noun == 0 else { return false }
        var first = noun
        var modifiers = 0
        while let p = RuleSupport.previousWord(sentence, before: first), RuleSupport.separatedBySpaceOnly(sentence, p, first) {
            if pluralDeterminers.contains(tokens[p].lower) { first = p; break }
            guard modifiers < 2, tags[p] == .JJ || tags[p] == .NN || tags[p] == .VBG else { break }
            modifiers += 1
            first = p
        }
        guard let before = sentence.previousNonSpace(before: first) else { return true }
        if tokens[before].isOne(of: ",;:") { return true }
        return tokens[before].kind == .word
            && ["if", "when", "whenever", "because", "while", "although", "though", "once", "since", "until", "unless", "and", "but", "so", "that"].contains(tokens[before].lower)
    }

    /// Unknown words of `sentence`, each with up to five suggestions, best first.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        // Most sentences have no unknown word: find that out reading tokens in place, a word
        // without capitals that is a dictionary entry as it stands without asking Hunspell.
        let tokens = sentence.tokens
        let entries = context.standaloneEntries
        guard tokens.indices.contains(where: { i in
            tokens[i].kind == .word && !Self.isIdentifierLike(traits: tokens[i].traits)
                && (tokens[i].traits.contains(.ascii) || Self.isLatinScript(tokens[i].text))
                && !Self.isKnown(tokens, i, entries: entries, context: context)
        }) else { return out }
        // The word tokens, and each one's index among all the sentence's tokens (its neighbours:
        // a hyphen, an apostrophe, a dash), found once, not by a search per unknown word.
        let wordIndices = tokens.indices.filter { tokens[$0].kind == .word }
        let words = wordIndices.map { tokens[$0] }
        // A paragraph in another language (“Das ist ein kurzer Text”): one note on its first
        // word instead of a typo for every word.
        if Self.mayBeForeign(words, entries: entries, context: context),
           context.segmentFacts.isForeign({ Self.isForeignSegment(context.sentences, entries: entries, context: context) }) {
            guard let first = context.sentences.indices.first(where: { k in context.sentences[k].tokens.contains { $0.kind == .word } }),
                  first == context.sentenceIndex, let w = words.first else { return out }
            let language = context.speller.language
            return [ProofreadingSuggestion(range: w.range, replacements: [],
                              message: "This paragraph does not read as English: most of its words are not in the \(language) dictionary, so its spelling was not checked.",
                              isConfident: false, category: .misc)]
        }
        var runs = UnknownRuns(words: words, context: context)
        for (i, t) in words.enumerated() {
            let k = wordIndices[i]
            if Self.isIdentifierLike(t) || !(t.traits.contains(.ascii) || Self.isLatinScript(t.text)) { continue }
            // A word with a dotless ı (U+0131) is Turkish or Azeri (a name, a place: “Kadıköy”):
            // English never writes one, and its guesses would make another word of it.
            if !t.traits.contains(.ascii), t.text.unicodeScalars.contains("\u{0131}") { continue }
            if Self.isKnown(words, i, entries: entries, context: context) { continue }
            if Self.inForeignPhrase(words, i) { continue }
            // A title in quotes in another language (“The "dinde aux marrons" release”).
            if Self.isInOtherLanguageQuotation(tokens, k) { continue }
            // An archaic contraction of “it” (“’Tis so”, “’twere better”), written with its apostrophe.
            if k > 0, tokens[k - 1].isOne(of: "'\u{2019}"), Self.archaicContractions.contains(t.lower) { continue }
            // An abbreviation the dictionary lists with its period (en-GB's `etc.`), written so.
            if Self.isFollowed(tokens, k, by: "."), context.speller.isCorrect(t.text + ".") { continue }
            // Dialect in dialogue: a dropped “g” marked by an apostrophe (“goin'”, “Nothin'”).
            if Self.isFollowed(tokens, k, by: "'\u{2019}"), t.lower.hasASCIISuffix("in"), context.speller.isCorrect(t.lower + "g") { continue }
            // A prefix before a hyphen (“pre-release”).
            if Self.hyphenPrefixes.contains(t.lower), Self.isFollowed(tokens, k, by: "-\u{2010}") { continue }
            // An ending named with its hyphen, five letters at most (“the -ing form”, “(-ed)”), or
            // a productive suffix written onto a word (“idle-ish”, “Kafka-esque”).
            if t.startsLowercase, k > 0, tokens[k - 1].isOne(of: "-\u{2010}") {
                if k == 1 || tokens[k - 2].isSpace || tokens[k - 2].isOne(of: "(“\"'‘[/") {
                    if t.range.length <= 5 { continue }
                } else if Self.hyphenSuffixes.contains(t.lower) {
                    continue
                }
            }
            // A placeholder (`nnnnn`, `yyyy`, `abcd`) or a format specifier's letters (`%lu`, `%s`):
            // no word.
            // (Nor a letter glued to a backslash: an escape, `\ttail` in a shell string.)
            if Self.isPlaceholder(t.lower) || (k > 0 && tokens[k - 1].isOne(of: "%\\")) { continue }
            // A variable of make or the shell named in prose (`$(bindir)/diff`, `${prefix}`): code.
            if k >= 2, tokens[k - 1].isOne(of: "({"), tokens[k - 2].isOne(of: "$") { continue }
            // A function called or a manual page named (`gzseek()`, `sshd(8)`): code, not a word.
            if Self.isCallOrManReference(tokens, k) { continue }
            // The term of a definition list written `- term :: what it is` (Org mode's shape;
            // GnuPG's HACKING: `- iobuf   :: The IOBUF system`): a key the line defines.
            if Self.isDefinitionListTerm(tokens, k) { continue }
            // An option glued to its dash after a space (`-Wformat-y2k`, `-lpthread`; “the -ing
            // form” is an ending, above): code.
            if k > 0, tokens[k - 1].isOne(of: "-"), k == 1 || tokens[k - 2].isSpace || tokens[k - 2].isOne(of: "(["),
               t.range.length >= 2 { continue }
            // A substitution of reStructuredText (`|tideliftlogo|`): code.
            if k > 0, k + 1 < tokens.count, tokens[k - 1].isOne(of: "|"), tokens[k + 1].isOne(of: "|") { continue }
            // A list of names (mount(8)'s “nosuid, nodev, noexec, noatime, nodiratime, relatime
            // and nosymfollow”, the log levels “emerg, alert, crit, err, warning”): values.
            // (A word of the manual pages the dictionary lacks counts as unknown there: `nosuid`
            // and `noexec` are still values.)
            if t.startsLowercase, Self.isInNameList(tokens, k, isUnknown: { n in
                !Self.isIdentifierLike(tokens[n]) && (!Self.isKnown(tokens, n, entries: entries, context: context)
                    || context.hunspell?.vocabularyLayers.layers(of: tokens[n].lower).isDisjoint(with: [.manualWord, .manualMention]) == false)
            }) { continue }
            // A signature or a call written out (`sourcehook(self, newfile)`): code.
            if Self.isInSignature(tokens, k) { continue }
            // A key or a value of an assignment written without spaces (`tname=TTY`,
            // `--color=auto`): code, not a word.
            if Self.isFollowed(tokens, k, by: "=") || (k > 0 && tokens[k - 1].isOne(of: "=")) { continue }
            // A key of configuration written with its path of numbers (asoundrc's `ttable.0.8 1`)
            // or opening a block on its own line (`ttable {`, `cchannels {`): code, not a word.
            if Self.isDottedNumberKey(tokens, k) || Self.isBlockKey(tokens, k) { continue }
            // The name a C declaration declares (`int fd;`, `char *addr;`, `/* buf */`): code.
            if t.startsLowercase, Self.isCDeclarator(tokens, k) { continue }
            // A label glued to a number by a hyphen (`latin-1`, `iso-8859`: `latin1` is an
            // identifier already): code, not a word.
            if Self.isNumberLabel(tokens, k) { continue }
            // Two letters against a hyphen: a range (`A-Za-z`) or a code, not a word.
            if t.range.length <= 2, Self.touchesHyphen(tokens, k) { continue }
            // A part of a hyphenated command or package name (`dpkg-buildpackage`, `dh-python`).
            if t.startsLowercase, Self.touchesHyphen(tokens, k), let hunspell = context.hunspell,
               Self.inHyphenatedName(tokens, k, layers: hunspell.vocabularyLayers) { continue }
            // A lowercase word without a vowel in a hyphenated name (“cmark-gfm”, “pkg-config”):
            // a package or a command, not a slip.
            if t.startsLowercase, t.range.length >= 2, Self.touchesHyphen(tokens, k), RuleSupport.hasNoVowel(t.lower) { continue }
            // The name a greeting addresses (“Hi Priya,”, “Dear Ngozi:”, “Thanks Siddharth!”).
            // (Not two letters of a known word swapped: “Hi Jhon,”.)
            if t.startsUppercase, Self.isGreetedName(tokens, k), !Self.isSwapOfGuess(t.text, speller: context.speller) { continue }
            // A C type's name after its keyword (`struct frobnode`, `enum frobkind`, `union
            // frobval`): code, unless one cheap slip of a known word.
            if t.startsLowercase, k >= 2, tokens[k - 1].text == " ", tokens[k - 2].kind == .word,
               Self.typeKeywords.contains(tokens[k - 2].text), !Self.isNearMiss(t.text, speller: context.speller) { continue }
            // A library's name (`libcrun`, `libocispec`, `libxcrypt`, `libfoo`).
            if t.startsLowercase, Self.isLibraryName(t.lower, context: context) { continue }
            // A prefix on a word the dictionary knows (“unflagged”, “deduplicates”,
            // “preprocessor”): the dictionaries list only the commonest of these.
            // (Not a capitalised word mid-sentence: a name, most likely, and the test is not free.)
            if t.traits.contains(.ascii), !(t.startsUppercase && i > 0),
               Self.isPrefixedWord(t.lower, speller: context.speller, classes: context.wordClasses) { continue }
            // An inflection of a verb of reversal the dictionary lists bare or the machine has as
            // a command (“unsets”, “unsetting”, “unsharing”, “uncompresses”).
            if t.traits.contains(.ascii), !(t.startsUppercase && i > 0),
               Self.isReversiveVerbForm(t.lower, speller: context.speller, classes: context.wordClasses,
                                        layers: context.hunspell?.vocabularyLayers) { continue }
            // A verb with a productive suffix spelled by the affix rules (“triager”,
            // “decodable”, “forwardings”): the dictionaries list only the commonest of these.
            if t.traits.contains(.ascii), !(t.startsUppercase && i > 0),
               Self.isVerbDerivation(t.lower, speller: context.speller, classes: context.wordClasses) { continue }
            // The plural of a countable noun in -ion (“suppressions”, “redirections”).
            if t.traits.contains(.ascii), !(t.startsUppercase && i > 0), Self.isIonPlural(t.lower, speller: context.speller) { continue }
            // A closed compound the other English dictionary knows (“namespace”, “codebase”,
            // “middleware” in American English): a word, not a slip.
            if t.startsLowercase, DialectVariants.isKnownCompound(t.text, speller: context.speller) { continue }
            // The author's own repeated use makes a capitalised word a name (`Deno`).
            var bare = t.text
            if bare.hasASCIISuffix("'s") || bare.hasSuffix("\u{2019}s") { bare = String(bare.dropLast(2)) }
            // (Unless it is a known word with two letters swapped, the commonest slip: “Teh cat
            // sat. Teh dog ran. Teh end.” and “Amercia” used three times stay typos; “Soo—oop” and
            // `Deno` do not.)
            if context.documentNames.contains(bare) || bare.first.map({ $0.isLowercase && context.documentNames.contains($0.uppercased() + bare.dropFirst()) }) == true,
               !Self.isSwapOfGuess(bare, speller: context.speller), !Self.isLongSlipOfGuess(bare, speller: context.speller) { continue }
            // A person's name where the document credits one (an AUTHORS line `Achim Bohnet
            // <ach@mpe.mpg.de>`, “(Kalev Lember)”, “a port by Paul von Behren”: ``isCreditName``):
            // its bearer's spelling, unless, with no address after it, two letters of another
            // name are swapped (“by Jhon Smith”; “Tatu” is no slip of “taut”).
            if t.startsUppercase || Self.nameParticles.containsLower(of: tokens, k),
               let evidence = Self.creditEvidence(sentence, k, speller: context.speller, lexicon: context.lexicon),
               evidence == .address || !Self.isSwapOfName(bare, speller: context.speller, lexicon: context.lexicon) { continue }
            // (Its possessive too: `Ollama's` after `ollama` in the code.)
            // (Or an item of a list whose other items are code: “kill, tkill, `pidfd_send_signal`”.)
            // The areas a change-log entry or a commit subject opens with (libuv's “* zos:
            // implement …”, “* aix, ibmi: handle …”): the names of the code's parts.
            if t.startsLowercase, Self.isAreaPrefix(sentence, k, inListItem: context.blockKind == .listItem) { continue }
            // A handle alone in brackets closing a change-log entry (“* win: fix … (twosee)”):
            // its author, credited, unless it is a near miss of a known word.
            if Self.isEntryCredit(sentence, k), !Self.isNearMiss(bare, speller: context.speller) { continue }
            let inCode = context.vocabulary.contains(t.text) || bare != t.text && context.vocabulary.contains(bare)
                || Self.isInCodeList(sentence, k)
            // A part of a path (`src/`, `debian/substvars`) or a word quoted as plain text quotes
            // code (`the "dh" tool`): code, when the suggester has no guess for it but a split or
            // a change of case, or when it is short (five letters at most: `src`, `dh`, `indep`,
            // abbreviations more often than slips) and no common slip of a known word (as the
            // document's code is judged). A longer word with a guess is likelier a slip:
            // `[Modifiying]/deleting`, `"utilites"`, `"enivonment"` stay flagged.
            if Self.isPathPart(tokens, k) || Self.isQuotedLiteral(tokens, k),
               Self.hasNoPlainGuess(bare, speller: context.speller)
                || bare.count <= 5 && !Self.isNearMiss(bare, speller: context.speller, maxScore: Self.codeNearMissScore) { continue }
            if inCode {
                // Spelled the same in the document's code: accepted unless it is a common slip
                // of a known word (`recieve` in code).
                if !Self.isNearMiss(bare, speller: context.speller, maxScore: Self.codeNearMissScore) { continue }
            } else if Self.isLikelyName(i, words: words, sentence: sentence, context: context) {
                // After a given name the dictionary knows (“Harlan Stenn”, “Richard M.
                // Stallman”): a surname, unless two letters of a known word are swapped.
                if Self.followsGivenName(i, words: words, sentence: sentence, context: context),
                   !Self.isSwapOfGuess(t.text, speller: context.speller) { continue }
                // Beside a name: accepted unless it is a near miss of a known word (`Jhon Smith`,
                // `Quartely Review`).
                if !Self.isNearMiss(t.text, speller: context.speller), !Self.isLongSlipOfGuess(t.text, speller: context.speller) { continue }
            }
            // A half of a word split by a hyphen at a line's end (`exe-` / `cution`): no word
            // of its own. Accepted when the whole word is known; otherwise its guess is
            // reported, never applied (“cution” is no slip of “caution”).
            var isSplitHalf = false
            if let joined = Self.wordSplitAcrossLine(tokens, k) {
                if Self.isKnown(joined, speller: context.speller, vocabulary: context.userVocabulary)
                    || Self.isPrefixedWord(joined.lowercased(), speller: context.speller, classes: context.wordClasses) { continue }
                isSplitHalf = true
            }
            // A capitalised word mid-sentence before a version (“Solaris <= 9”, “IRIX 6.5”) is a
            // product's name, unless it is one slip from its first guess (“Febuary 2.5”).
            if i > 0, t.startsUppercase, Self.precedesVersion(tokens, k), !Self.isOneSlipOfFirstGuess(bare, speller: context.speller) { continue }
            // A capitalised word mid-sentence that the suggester reads first as two words run
            // together (“the Openwall extensions”, “the Weblate service”, “on Freenode”) is a
            // product's or a project's name: a writer who glued two words would not capitalise
            // them mid-sentence. (Measured: one of the dev spelling set's 2,373 misspellings,
            // `Foundland` → “Found land”, is lost so.)
            if i > 0, t.startsUppercase, bare.count >= 4, Self.firstGuessIsSplit(bare, speller: context.speller) { continue }
            // A lowercase compound of two words written solid (`grayscale`, `checkpointing`): a term.
            if t.startsLowercase, Self.isSolidCompound(bare, speller: context.speller) { continue }
            // A capitalised word mid-sentence may be a name: its guess is never applied unattended.
            // Nor is a word with accents (a loanword: “brûlée”), or one beside another unknown word
            // (a phrase in another language: “Ça va très bien, merci”; a run of names).
            let verdict = Self.verdict(on: k, in: sentence, context: context)
            let replacements = Self.contractionFirst(verdict.replacements, for: t.lower), isName = verdict.isName
            let midSentence = i > 0
            var confident = !(t.startsUppercase && midSentence) && !Self.foreignLooking(t.text) && verdict.isNearMiss
            if confident {
                // The run of unknown words around this one: a phrase, unless every word in it is a
                // plain slip of a known word (“I recieve teh letter”). This word is one (it is
                // confident), so the run is a phrase when any of its words is not.
                let (a, b, hasPhraseWord) = runs.run(around: i)
                if b > a, hasPhraseWord {
                    confident = false
                }
                // Next to a word with accents (“très bien”): another language, most likely; not
                // next to an English word written with its accent (“Café teh”, “naïve”).
                // (en-US lists “cafe”, not “café”: the English loanwords are named.)
                // (In its composed form: a decomposed “cafe\u{301}” is the dictionary's “café”.)
                func foreignNeighbour(_ n: Int) -> Bool {
                    let w = words[n].text
                    guard Self.foreignLooking(w) else { return false }
                    let composed = w.precomposedStringWithCanonicalMapping
                    return !context.speller.isCorrect(composed) && !Self.accentedEnglishWords.contains(composed.lowercased())
                }
                if (a > 0 && foreignNeighbour(a - 1)) || (b + 1 < words.count && foreignNeighbour(b + 1)) {
                    confident = false
                }
            }
            // Applied unattended only when the guess is one slip from what was typed (a letter
            // added, dropped, changed, or two swapped): “teh” → “the”, never “sudo” → “side”.
            if confident, let best = replacements.first, !Self.isOneSlip(t.text, best) { confident = false }
            // A guess in capitals for a lowercase word makes it a name or an acronym (“endian” →
            // “Indian”): reported, not changed.
            if confident, t.startsLowercase, let best = replacements.first, best.first?.isUppercase == true, best.lowercased() != t.lower { confident = false }
            // A guess that drops the word's first or last letter, where that letter is not a
            // doubled one (“thee” → “the” is a slip; “cmake” → “make”, “wasm” → “was”, “crypto” →
            // “crypt”, “truthy” → “truth” are other words, most often terms): reported, not changed.
            if confident, let best = replacements.first, Self.dropsAnEdgeLetter(t.lower, best.lowercased()) { confident = false }
            // A lowercase word of three letters or more without a vowel (y is none here) is an
            // abbreviation or a command far more often than a slip (`gpg`, `pkg`, `src`, `tty`):
            // reported, not changed.
            if confident, t.startsLowercase, t.range.length >= 3,
               !t.lower.unicodeScalars.contains(where: { "aeiou".unicodeScalars.contains($0) }) { confident = false }
            // A short lowercase word (four letters at most) is an abbreviation of technical
            // writing as often as a slip (`pid`, `cpu`, `sed`, `ack`, `deps`, `perf`, `addr`):
            // its guess is applied unattended only when it is one of the commonest words, by a
            // swap, an added or a dropped letter (`teh` → `the`, `taht` → `that`, `wich` →
            // `which`), not a changed one (`sha` → `she`, `gui` → `guy` are reported).
            // (A dropped letter only when it is a doubled one, `iin` → `in`: a letter inside a
            // short word dropped to make a shorter word reads a term as a slip, `ipt` → `it`, a
            // filter action of tc(8).)
            if confident, t.startsLowercase, t.lower.count <= 4, let best = replacements.first,
               !Self.frequentWords.contains(best.lowercased()) || best.count == t.lower.count && !Self.isSwap(t.lower, best.lowercased())
                || best.count < t.lower.count && !Self.changesDoubling(t.lower, best.lowercased()) {
                confident = false
            }
            // A short lowercase word between code or technical names (a changelog's “build with
            // lto and pgo”, “-flto -fuse-linker-plugin”) is a term among terms: `--fix` made
            // “lto” “lot”. Reported, not changed.
            // (Not a slip of a function word beside another slip: “Fix teh recieve loop”.)
            if confident, t.startsLowercase, t.lower.count <= 4,
               !(replacements.first.map { DocumentTerms.functionWords.contains($0.lowercased()) } ?? false),
               Self.hasTechnicalNeighbour(words, i, entries: entries, context: context) { confident = false }
            // A capitalised word opening the sentence is a name as often as a slip (“Matteo
            // opened the door” → “Matter”): its guess is applied unattended only when it is one
            // of the commonest words (“Teh” → “The”).
            if confident, t.startsUppercase, let best = replacements.first, !Self.frequentWords.contains(best.lowercased()) { confident = false }
            // A guess that adds an apostrophe makes a contraction of a word (“donut” → “don't”),
            // and a part of a hyphenated word (“pre-release”, “no-brainer”) is a prefix or a coinage
            // more often than a slip: reported, not changed.
            if confident, let best = replacements.first, best.utf8.contains(0x27) || best.unicodeScalars.contains("\u{2019}"), !t.text.utf8.contains(0x27), !t.text.unicodeScalars.contains("\u{2019}"),
               best.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "\u{2019}", with: "").lowercased() != t.lower { confident = false }
            if confident, Self.touchesHyphen(tokens, k) || isSplitHalf { confident = false }
            // A word talked about, not used (“the word alot”, “'exersize'”), or standing where
            // technical text puts an identifier (`-o pid,tname,time`, `(alias: swapp)`, a table's
            // first column: ``isIdentifierSlot(_:_:)``): reported, not changed (ps(1)'s `tname`
            // became “tame”, tmux(1)'s `swapp` “swap” in a --fix trial).
            if confident, WordMention.isMentioned(sentence, k) || Self.isIdentifierSlot(sentence, k) { confident = false }
            // The other dialect's spelling (“colour” under en-US) is a preference of the document,
            // not a slip: reported with the dialect's spelling first, not changed.
            if confident, verdict.isDialect { confident = false }
            // A plausible word of the domain, though the dictionary lacks it: a word of SCOWL's
            // largest lists or a package, command or man page name (`recurse`, `undefine`,
            // `archiver`, `ctime`): reported, not changed.
            // (Unless the guess is one of the commonest words, or a swap or a doubled letter away,
            // the strongest evidence of a slip: “wich” → “which”, “tomorow” → “tomorrow”.)
            // A word the machine itself attests as a term (three manual pages or more use it, or
            // it names a command or a package: nft(8)'s `iif`, on six pages, “if” to the speller)
            // is never changed unattended, whatever the guess: the layers already leave out the
            // common slips of common words (`teh`, `recieve`, `wich`).
            if confident, t.startsLowercase, let layers = context.hunspell?.vocabularyLayers,
               !layers.layers(of: t.lower).isDisjoint(with: [.manualMention, .manualWord, .command, .technical, .packageName, .packagePart]) {
                confident = false
            }
            if confident, let hunspell = context.hunspell, let best = replacements.first, hunspell.isPlausibleWord(t.text),
               !Self.frequentWords.contains(best.lowercased()), !Self.isSwap(t.lower, best.lowercased()),
               !Self.changesDoubling(t.lower, best.lowercased()) { confident = false }
            // A guess that differs from the word only at its end (a last letter changed, added,
            // or dropped when it is not doubled) makes another form or another word
            // (`archiver` → `archived`, `undefine` → `undefined`, `quicklz` → `quickly`), not a
            // slip's correction; “untill” → “until” is still one.
            if confident, let best = replacements.first, Self.differsOnlyAtEnd(t.lower, best.lowercased()) { confident = false }
            // One changed letter in a word of six letters or fewer (`dired` → `dared`, `ctime` →
            // `crime`) turns a term into a word as often as it corrects a slip: reported.
            if confident, let best = replacements.first, best.count == t.text.count, t.text.count < 7,
               !Self.isSwap(t.lower, best.lowercased()) { confident = false }
            // A vowel changed (the weakest evidence of a slip) when another guess is one slip
            // away as well (“contructed”: “contracted”, or “constructed”, a letter left out)
            // leaves the choice to the writer, unless the first is one of the commonest words and
            // the other is not.
            if confident, let best = replacements.first, Self.changesOneVowel(t.lower, best.lowercased()),
               replacements.dropFirst().prefix(4).contains(where: { other in
                   other.lowercased() != best.lowercased() && Self.isOneSlip(t.text, other)
                       && !(Self.frequentWords.contains(best.lowercased()) && !Self.frequentWords.contains(other.lowercased()))
               }) {
                confident = false
            }
            // Another word one slip away as well (`mainted`: “minted”, “painted”, “tainted”; it
            // meant “maintained”): no guess wins clearly, unless the first is a swap or a doubled
            // letter away (the commonest slips), or one of the commonest words and the others are
            // not: reported, not changed.
            if confident, t.traits.contains(.ascii), let best = replacements.first, !Self.isSwap(t.lower, best.lowercased()),
               !Self.changesDoubling(t.lower, best.lowercased()), !Self.frequentWords.contains(best.lowercased()),
               Self.hasOtherOneSlipWord(t.lower, besides: best, speller: context.speller) { confident = false }
            // A prefix on a known word of five letters or more (“re” + “getting”, “un” +
            // “mount”): a word English forms freely whose guess is another word (“regetting” is
            // no slip of “regretting”), unless the guess is a swap or a doubled letter away
            // (“untill” → “until”).
            if confident, t.traits.contains(.ascii), let best = replacements.first,
               Self.wordPrefixes.contains(where: { p in t.lower.hasASCIIPrefix(p) && t.lower.utf8.count - p.utf8.count >= 5
                   && context.speller.isCorrect(String(t.lower.dropFirst(p.count))) }),
               !Self.isSwap(t.lower, best.lowercased()), !Self.changesDoubling(t.lower, best.lowercased()) { confident = false }
            // A regular derivation of a known word (“triager” → “trigger” changes the meaning;
            // ``looksDerived(_:speller:classes:)``) is a word the dictionary lacks as often as a slip.
            // (A possessive's word without its `'s`: “tracee's”.)
            if confident, t.traits.contains(.ascii),
               Self.looksDerived(t.lower.hasSuffix("'s") ? String(t.lower.dropLast(2)) : t.lower, speller: context.speller, classes: context.wordClasses) { confident = false }
            // A guess the sentence itself writes elsewhere (hunspell(1)'s sample output `& exsample
            // 4 0: example, examples`, Valgrind's “"grinned" … rather than "grined"”) shows the
            // writer knows the word: the misspelling is shown on purpose. Reported, not changed
            // (unless the guess is a short one of the commonest words, which a sentence writes
            // anyway: “teh cat and the dog”, “wich one, and which way”).
            if confident, let best = replacements.first, !(best.count <= 5 && Self.frequentWords.contains(best.lowercased())),
               tokens.indices.contains(where: { $0 != k && tokens[$0].kind == .word && tokens[$0].lower == best.lowercased() }) { confident = false }
            // A word alone in brackets (`(bce)`, `[ack]`) is an abbreviation or a symbol.
            if confident, k > 0, k + 1 < tokens.count, tokens[k - 1].isOne(of: "([{"), tokens[k + 1].isOne(of: ")]}") { confident = false }
            // A guess that drops a negating prefix the word starts with (libksba's NEWS:
            // `unitialized` → “initialized”; it meant “uninitialized”) turns the meaning round:
            // reported, not changed.
            if confident, let best = replacements.first, Self.dropsNegatingPrefix(t.lower, best.lowercased()) { confident = false }
            // A part of a dotted name written without spaces (`ttable.0.8`, `slave.pcm`): a name of
            // code, whatever the guess.
            if confident, Self.isInDottedName(tokens, k) { confident = false }
            // A word broken off by a dash is a stammer or an interruption (“Wha— what?”).
            if confident, Self.isFollowed(tokens, k, by: "\u{2014}\u{2013}") { confident = false }
            // A known word run together with a short part of code (libuv's `closefd`, close +
            // fd; `smartos`, smart + os) is an identifier written as one word: a guess that
            // edits the short part (“closed”, “smarts”) is another word. Reported, not changed.
            if confident, t.startsLowercase, t.traits.contains(.ascii), let best = replacements.first,
               Self.isWordWithShortPart(t.lower, guess: best.lowercased(), context: context) { confident = false }
            // A short word on a line that names a variable (`filter input iif $int_ifs accept`,
            // nft(8)'s example) is a keyword of that code: “iif” is no slip of “if”.
            if confident, t.startsLowercase, t.lower.count <= 4, Self.lineNamesVariable(tokens, k) { confident = false }
            // “dont”, “doesnt” without their apostrophe after a subject pronoun: the form that
            // agrees with it first (“He dont know” → “doesn't”, not “don't”), applied as the
            // apostrophe alone would be.
            // A regular -ed form of a verb whose past is irregular (“layed” → “laid”, “drinked” →
            // “drank”, “swimmed” → “swam”): the lexicon's form first, not the dictionary's
            // nearest spelling (“layer”); ``IrregularPastRule`` flags the same words as grammar.
            if let irregular = Self.irregularPast(of: t, at: k, in: sentence, lexicon: context.lexicon),
               replacements.first?.lowercased() != irregular {
                var message = verdict.message
                if let old = replacements.first { message = message.replacingOccurrences(of: "“\(old)”", with: "“\(irregular)”") }
                out.append(ProofreadingSuggestion(range: t.range, replacements: [irregular] + replacements.filter { $0 != irregular }.prefix(4),
                                     message: message, isConfident: confident && !isName))
                continue
            }
            if let agreeing = Self.agreeingContraction(t, at: k, in: sentence, context: context) {
                var message = verdict.message
                if let old = replacements.first { message = message.replacingOccurrences(of: "“\(old)”", with: "“\(agreeing)”") }
                let wasConfident = confident && replacements.first.map { $0.lowercased() == "don't" || $0.lowercased() == "doesn't" } == true
                out.append(ProofreadingSuggestion(range: t.range, replacements: [agreeing] + replacements.filter { $0 != agreeing }.prefix(4),
                                     message: message, isConfident: wasConfident))
                continue
            }
            // A contraction written without its apostrophe (“arent” → “aren't”, “thats” →
            // “that's”): the same letters with the apostrophe put back is no guess; every rewrite
            // makes it, and `--fix` does too (issue 34: it was fixed only inside rewrites).
            // (Not a noun's possessive: “a suppressions file” is no “suppression's file”; a plural
            // before a noun modifies it, and the dictionary may lack the plural.)
            if !confident, !isName, t.startsLowercase, let best = replacements.first, Self.isApostropheForm(best, of: t.text),
               !Self.isNounPossessive(best, lexicon: context.lexicon) { confident = true }
            out.append(ProofreadingSuggestion(range: t.range, replacements: replacements, message: verdict.message, isConfident: confident && !isName,
                                  category: isName ? .names : verdict.isDialect ? .style : nil))
        }
        return out
    }

    /// Whether `candidate` is a noun's possessive (`suppression's`): a word the lexicon knows as
    /// a noun only (not a pronoun, a determiner or a verb: `that's`, `it's`, `let's` are
    /// contractions), then `'s`.
    static func isNounPossessive(_ candidate: String, lexicon: TagLexicon) -> Bool {
        let lower = candidate.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
        guard lower.hasSuffix("'s"), lower.count > 3 else { return false }
        let stem = String(lower.dropLast(2))
        return lexicon.isNoun(stem) && !lexicon.isVerb(stem) && !lexicon.canBe(stem, .PRP) && !lexicon.canBe(stem, .DT)
            && !lexicon.canBe(stem, .WP) && !lexicon.canBe(stem, .EX)
    }

    /// Whether `candidate` is `word` with one apostrophe put in (`aren't` for `arent`).
    static func isApostropheForm(_ candidate: String, of word: String) -> Bool {
        guard !word.contains("'"), !word.contains("’"), candidate.count == word.count + 1 else { return false }
        let marks = candidate.filter { $0 == "'" || $0 == "’" }
        return marks.count == 1 && candidate.filter { $0 != "'" && $0 != "’" } == word
    }
}
