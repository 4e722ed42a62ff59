import Foundation
import DocumentStructure
import Synchronization

/// A rule written in a rule file (see ``RuleFileParser`` for the format and
/// ``PatternCompiler`` for patterns): compiled once, then run like any other ``Rule``, woken by
/// the literal words of its patterns (``Rule/triggers``).
public struct PatternRule: Rule {
    /// Stable rule ID.
    public let id: String
    /// The rule's category.
    public let category: RuleCategory
    /// One line saying what the rule checks (its first pattern when the file gives no `summary`).
    public let summary: String
    /// The file's `wrong … => …` (with a correction) and `right …` lines.
    public var examples: RuleExamples { body.value.examples }
    /// Every pattern's anchor words, or nil when a pattern has no literal word to start from.
    public let triggers: Set<String>?
    /// The file the rule was read from (as given to the compiler).
    public let file: String
    /// The 1-based line of its `rule` line.
    public let line: Int
    /// The file's examples with their lines: `wrong` (corrected text, empty for a finding
    /// without a fix) and `right` (corrected nil).
    var exampleLines: [(text: String, corrected: String?, line: Int)] { body.value.exampleLines }

    /// The rule's patterns.
    var patterns: [TokenPattern] { body.value.patterns }
    /// Patterns by anchor word (``Token/norm`` form).
    var byAnchor: WordMap<[Int]> { body.value.byAnchor }
    /// Patterns whose anchor is no literal word, tried at every token.
    var scanned: [Int] { body.value.scanned }
    /// The rule's message template.
    var message: [TemplatePart] { body.value.message }
    /// The rule's fixes (a pattern's own, when it has some, come first: ``TokenPattern/fixes``).
    var fixes: [[TemplatePart]] { body.value.fixes }
    /// What the rule checks with: its patterns, templates and examples, made when first asked
    /// for (a rule read from the cache decodes them when a sentence first wakes it).
    let body: PatternRuleBody
    let isConfident: Bool
    let exactCase: Bool
    /// The lowest level the rule runs at: `.picky` for a file's `options picky`.
    public let level: ProofreadingLevel
    /// True when a pattern tests tags or lemmas, or a fix inflects (`\\2:VBD`).
    let usesTags: Bool
    /// True for a file's `options quiet-in-technical` (``Rule/quietInTechnicalDocuments``).
    public let quietInTechnicalDocuments: Bool
    /// A file's `options usage-by-subject` or `usage-by-word` (``Rule/repeatedUsage``).
    public let repeatedUsage: RepeatedUsageKey?

    /// A rule with its body made (the compiler's).
    init(id: String, category: RuleCategory, summary: String, examples: RuleExamples, triggers: Set<String>?, file: String, line: Int,
         exampleLines: [(text: String, corrected: String?, line: Int)], patterns: [TokenPattern], byAnchor: WordMap<[Int]>,
         scanned: [Int], message: [TemplatePart], fixes: [[TemplatePart]], isConfident: Bool, exactCase: Bool,
         level: ProofreadingLevel, usesTags: Bool, quietInTechnicalDocuments: Bool, repeatedUsage: RepeatedUsageKey?) {
        let made = PatternRuleBody.Contents(examples: examples, exampleLines: exampleLines, patterns: patterns, byAnchor: byAnchor,
                                            scanned: scanned, message: message, fixes: fixes)
        self.init(id: id, category: category, summary: summary, triggers: triggers, file: file, line: line, body: PatternRuleBody(made),
                  isConfident: isConfident, exactCase: exactCase, level: level, usesTags: usesTags,
                  quietInTechnicalDocuments: quietInTechnicalDocuments, repeatedUsage: repeatedUsage)
    }

    /// A rule whose body is `body` (made now or when first asked for).
    init(id: String, category: RuleCategory, summary: String, triggers: Set<String>?, file: String, line: Int, body: PatternRuleBody,
         isConfident: Bool, exactCase: Bool, level: ProofreadingLevel, usesTags: Bool, quietInTechnicalDocuments: Bool,
         repeatedUsage: RepeatedUsageKey?) {
        self.id = id
        self.category = category
        self.summary = summary
        self.triggers = triggers
        self.file = file
        self.line = line
        self.body = body
        self.isConfident = isConfident
        self.exactCase = exactCase
        self.level = level
        self.usesTags = usesTags
        self.quietInTechnicalDocuments = quietInTechnicalDocuments
        self.repeatedUsage = repeatedUsage
    }

    /// Matches in `sentence`: left to right, none overlapping another (the first pattern, in
    /// file order, that matches at an anchor wins).
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        let tokens = sentence.tokens
        var out: [ProofreadingSuggestion] = []
        var last = -1
        let body = self.body.value
        let byAnchor = body.byAnchor, patterns = body.patterns, scanned = body.scanned
        // The sentence's tags, for a rule that asks, made when a pattern is first tried.
        var tags: SentenceTags?
        for i in tokens.indices where i > last {
            var found: TokenPattern.Match?
            var which = -1
            let kind = tokens[i].kind
            // (The patterns are read in place: an array element read by subscript is copied.)
            if kind == .word || kind == .number, let candidates = byAnchor.value(forNormOf: tokens, i) {
                if usesTags, tags == nil { tags = context.tags(of: sentence) }
                patterns.withUnsafeBufferPointer { patterns in
                    for c in candidates {
                        if let m = TokenPattern.match(patterns.baseAddress! + c, tokens, anchoredAt: i, tags: tags), m.first > last { found = m; which = c; break }
                    }
                }
            }
            if found == nil, !scanned.isEmpty, !tokens[i].isSpace {
                if usesTags, tags == nil { tags = context.tags(of: sentence) }
                patterns.withUnsafeBufferPointer { patterns in
                    for c in scanned {
                        if let m = TokenPattern.match(patterns.baseAddress! + c, tokens, anchoredAt: i, tags: tags), m.first > last { found = m; which = c; break }
                    }
                }
            }
            guard let m = found else { continue }
            // A tag read off a misspelled word is a guess: a rule over tags stays silent on a
            // match holding one (“it is allready” is no base-form verb after “is”).
            if usesTags, holdsMisspelling(m, tokens, context) { continue }
            // An article put before a name is no article a noun lacked: “get Nettle from git”
            // is no “the git” (a command's name, or a word of the document's code).
            if putsArticle(patterns[which]), namesSoftware(m, tokens, context) { continue }
            var match = ruleMatch(m, patterns[which], tokens, tags)
            // An inflecting fix that gives back the text found (a form the lexicon lacks) is none.
            if inflects(patterns[which]), !match.replacements.isEmpty,
               match.replacements.allSatisfy({ $0 == tokens[m.first...m.last].map(\.text).joined() }) { continue }
            // A word inflected that is an installed command's name or a word of the document's
            // code (“There is code in configure to find”, “the tests on find at each”: the
            // script, the command, not a verb to make “configuring”, “finding”): reported, not
            // applied unattended.
            if inflects(patterns[which]), m.first == m.last, tokens[m.first].kind == .word, tokens[m.first].startsLowercase,
               context.vocabulary.contains(tokens[m.first].text) || context.hunspell?.vocabularyLayers.isCommand(tokens[m.first].text) == true {
                match.isConfident = false
            }
            if inflects(patterns[which]) {
                switch Self.agreementDoubt(m, tokens, tags, context) {
                case .name: continue
                case .uncertain: match.isConfident = false
                case .none: break
                }
            }
            out.append(match)
            last = m.last
        }
        return out
    }

    /// The rule's examples run through a ``Proofreader`` with `speller` and this rule alone, at
    /// the rule's level:
    /// each failure as `file:line: message` (empty when all pass). A `wrong` example must be
    /// flagged (and its first replacement give the corrected text); a `right` one must not.
    public func exampleFailures(speller: any Speller) -> [String] {
        var failures: [String] = []
        let proofreader = Proofreader(speller: speller, rules: [self])
        var options = ProofreadingOptions()
        options.level = level
        for (text, corrected, line) in exampleLines {
            let found = proofreader.check(DocumentParser.parse(text, markup: .plain), options: options)
            let at = "\(file):\(line)"
            guard let corrected else {
                if let m = found.first {
                    failures.append("\(at): \(id) flags a right example: “\((text as NSString).substring(with: m.range))” in “\(text)”")
                }
                continue
            }
            guard let m = found.first else {
                failures.append("\(at): \(id) does not flag: “\(text)”")
                continue
            }
            if corrected.isEmpty { continue }
            guard let fix = m.replacements.first else {
                failures.append("\(at): \(id) flags “\(text)” but offers no fix")
                continue
            }
            let fixed = (text as NSString).replacingCharacters(in: m.range, with: fix)
            if fixed != corrected { failures.append("\(at): \(id) makes “\(fixed)”, not “\(corrected)”") }
        }
        return failures
    }

    /// True when a lowercase word of match `m` (its outer tokens) is unknown to the tag lexicon,
    /// so that its tag was guessed, and rejected by the speller (a British spelling such as
    /// “color” under en-GB is still a word the lexicon knows).
    private func holdsMisspelling(_ m: TokenPattern.Match, _ tokens: TokenList, _ context: RuleContext) -> Bool {
        guard m.outerFirst >= 0, m.outerLast >= m.outerFirst else { return false }
        let lexicon = context.lexicon
        for k in m.outerFirst...m.outerLast where tokens[k].kind == .word && tokens[k].startsLowercase {
            if lexicon.tagSet(of: tokens[k].lower).isEmpty, !context.speller.isCorrect(tokens[k].text) { return true }
        }
        return false
    }

    /// What is in doubt about an inflecting fix (an agreement: “The tests passes” → “pass”).
    enum AgreementDoubt { case none, name, uncertain }

    /// Nouns that name the word after them (“the command find”, “the option sort”).
    static let namingNouns: WordSet = ["command", "program", "utility", "tool", "function", "option", "package", "binary", "script",
                                       "daemon", "macro", "keyword", "variable", "flag", "method", "builtin", "subcommand", "action", "filter"]

    /// The doubt about an inflecting fix of match `m`, whose span is the word inflected and
    /// the word before it its subject:
    /// - `.name`: the word is a name given after a noun that names it, an installed command or
    ///   a word before code (“The command find . lists”: `find` is no verb of “command”); no
    ///   finding.
    /// - `.uncertain`: the subject is a command's or a package's name written in lowercase
    ///   (“your cups needs a little help”: the software, one thing), or the word inflected can
    ///   be a plural noun and the next word a verb (“the rules files reference usernames”: a
    ///   compound noun before its verb): reported, not applied unattended.
    static func agreementDoubt(_ m: TokenPattern.Match, _ tokens: TokenList, _ tags: SentenceTags?, _ context: RuleContext) -> AgreementDoubt {
        guard m.first >= 0, m.first == m.last, tokens[m.first].kind == .word else { return .none }
        var p = m.first - 1
        while p >= 0, tokens[p].isSpace { p -= 1 }
        // (The word a command's name, or code after it: “That function return the wrong
        // value” is still a slip.)
        if p >= 0, tokens[p].kind == .word, Self.namingNouns.contains(tokens[p].lower), tokens[m.first].startsLowercase {
            var n = m.last + 1
            while n < tokens.count, tokens[n].isSpace { n += 1 }
            let codeFollows = n < tokens.count && tokens[n].kind != .word && tokens[n].isOne(of: ".-/*'\"`<[")
            if codeFollows || context.hunspell?.vocabularyLayers.isCommand(tokens[m.first].text) == true { return .name }
        }
        if p >= 0, tokens[p].kind == .word, tokens[p].startsLowercase, let layers = context.hunspell?.vocabularyLayers,
           !layers.layers(of: tokens[p].text).isDisjoint(with: [.command, .technical, .packageName, .packagePart]) { return .uncertain }
        if let tags, tags.possibleTags(at: m.first).contains(.NNS) {
            var n = m.last + 1
            while n < tokens.count, tokens[n].isSpace { n += 1 }
            if n < tokens.count, tokens[n].kind == .word, !tags.possibleTags(at: n).isDisjoint(with: PennTagSet([.VBP, .VB])) { return .uncertain }
        }
        return .none
    }

    /// True when pattern `p`'s fixes (or the rule's) put an article before the words found
    /// (`=> a \\3`, `=> the \\5 | a \\5`).
    private func putsArticle(_ p: TokenPattern) -> Bool {
        (p.fixes.isEmpty ? fixes : p.fixes).contains { parts in
            guard case let .text(t)? = parts.first else { return false }
            let lower = t.lowercased()
            return lower == "a " || lower == "an " || lower == "the "
        }
    }

    /// True when a lowercase word of match `m`'s span is a name of software: an installed
    /// command packaged under its own name (`git`) or a word the document writes in its code.
    private func namesSoftware(_ m: TokenPattern.Match, _ tokens: TokenList, _ context: RuleContext) -> Bool {
        guard m.first >= 0, m.last >= m.first else { return false }
        for k in m.first...m.last where tokens[k].kind == .word && tokens[k].startsLowercase {
            if context.vocabulary.contains(tokens[k].text) { return true }
            // (An installed command packaged under its own name: `git`, not `editor`.)
            if let layers = context.hunspell?.vocabularyLayers, layers.isCommand(tokens[k].text),
               layers.layers(of: tokens[k].text).contains(.packageName) { return true }
        }
        return false
    }

    /// True when pattern `p`'s fixes (or the rule's) inflect a matched word (`\\2:VB`).
    private func inflects(_ p: TokenPattern) -> Bool {
        (p.fixes.isEmpty ? fixes : p.fixes).contains { parts in
            parts.contains { if case let .tokens(_, _, inflection) = $0 { return inflection != nil } else { return false } }
        }
    }

    /// The number of `wrong` examples (with or without a correction).
    public var exampleCount: Int { exampleLines.count { $0.corrected != nil } }

    /// The finding of match `m` of pattern `p`.
    private func ruleMatch(_ m: TokenPattern.Match, _ p: TokenPattern, _ tokens: TokenList, _ tags: SentenceTags?) -> ProofreadingSuggestion {
        let start = tokens[m.first].range.location
        let range = NSRange(location: start, length: tokens[m.last].end - start)
        var replacements = (p.fixes.isEmpty ? fixes : p.fixes).map { render($0, m, p, tokens, tags, fix: nil) }
        if !exactCase { replacements = replacements.map { RuleSupport.matchCase($0, like: tokens[m.first].text) } }
        return ProofreadingSuggestion(range: range, replacements: replacements, message: render(p.message ?? message, m, p, tokens, tags, fix: replacements.first),
                         isConfident: isConfident)
    }

    /// `template` filled from match `m`.
    private func render(_ template: [TemplatePart], _ m: TokenPattern.Match, _ p: TokenPattern, _ tokens: TokenList, _ tags: SentenceTags?,
                        fix: String?) -> String {
        var out = ""
        for part in template {
            switch part {
            case let .text(t): out += t
            case .fix: out += fix ?? ""
            case let .tokens(group, transform, inflection):
                var first = -1, last = -1
                if group == 0 {
                    first = m.first
                    last = m.last
                } else {
                    for (e, el) in p.elements.enumerated() where el.group == group && m.groups[e].first >= 0 {
                        if first < 0 { first = m.groups[e].first }
                        last = m.groups[e].last
                    }
                }
                guard first >= 0 else { continue }
                var text = tokens[first...last].map(\.text).joined()
                if let inflection, first == last, let tags, let lemma = tags.lemma(at: first),
                   let form = tags.lexicon.form(of: lemma, as: inflection) {
                    text = RuleSupport.matchCase(form, like: text)
                }
                switch transform {
                case "lower": out += text.lowercased()
                case "upper": out += text.uppercased()
                case "cap": out += text.prefix(1).uppercased() + text.dropFirst()
                default: out += text
                }
            }
        }
        return out
    }
}

/// What a ``PatternRule`` checks with (its patterns, anchor index, templates and examples):
/// made at once by the compiler, or decoded from the compiled-rules cache when first asked for
/// (``CompiledRulesCache``: a process whose text never wakes a rule never decodes it). A class,
/// so that copies of the rule share one body, decoded once.
final class PatternRuleBody: Sendable {
    /// The body's parts.
    final class Contents: Sendable {
        let examples: RuleExamples
        let exampleLines: [(text: String, corrected: String?, line: Int)]
        let patterns: [TokenPattern]
        let byAnchor: WordMap<[Int]>
        let scanned: [Int]
        let message: [TemplatePart]
        let fixes: [[TemplatePart]]

        init(examples: RuleExamples, exampleLines: [(text: String, corrected: String?, line: Int)], patterns: [TokenPattern],
             byAnchor: WordMap<[Int]>, scanned: [Int], message: [TemplatePart], fixes: [[TemplatePart]]) {
            self.examples = examples
            self.exampleLines = exampleLines
            self.patterns = patterns
            self.byAnchor = byAnchor
            self.scanned = scanned
            self.message = message
            self.fixes = fixes
        }
    }

    /// The contents when made at once.
    private let made: Contents?
    /// The contents when made on first use, and what makes them.
    private let pending: Mutex<Contents?>
    private let make: (@Sendable () -> Contents)?

    /// A body made already.
    init(_ contents: Contents) {
        made = contents
        pending = Mutex(nil)
        make = nil
    }

    /// A body that `make` makes when first asked for (once, whichever thread asks first).
    init(making make: @escaping @Sendable () -> Contents) {
        made = nil
        pending = Mutex(nil)
        self.make = make
    }

    /// The contents (made now if they were not).
    var value: Contents {
        if let made { return made }
        return pending.withLock { contents in
            if let contents { return contents }
            let built = make!()
            contents = built
            return built
        }
    }
}

/// Compiles rule files into ``PatternRule``s.
public enum RuleFileCompiler {
    /// The rules of a rule file's `text`; `file` names it in errors and in each rule's
    /// ``PatternRule/file``. `bundled`: the package's own rules, whose trigger words are
    /// indexed in every token's bits (``HotWords``).
    /// - Throws: ``RuleFileError`` (file, line, column, message) at the first fault.
    public static func compile(_ text: String, file: String) throws -> [PatternRule] {
        try compile(text, file: file, bundled: false)
    }

    /// The rules of the file at `url`.
    /// - Throws: ``RuleFileError``, also when the file cannot be read (line 0).
    public static func compile(contentsOf url: URL) throws -> [PatternRule] {
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
            throw RuleFileError(file: url.path, line: 0, column: 0, message: "cannot read the file (missing, unreadable or not UTF-8)")
        }
        return try compile(text, file: url.path, bundled: false)
    }

    static func compile(_ text: String, file: String, bundled: Bool) throws -> [PatternRule] {
        let (specs, listLines) = try RuleFileParser.parse(text, file: file)
        var lists: [String: [String]] = [:]
        for (name, line) in listLines {
            lists[name] = line.text.split(whereSeparator: { $0 == " " || $0 == "|" || $0 == "," }).map(String.init)
        }
        let memo = PatternCompiler.Memo()
        return try specs.map { try rule($0, lists: lists, file: file, bundled: bundled, memo: memo) }
    }

    /// The anchor index of a rule's `patterns`: patterns by anchor word, the patterns tried at
    /// every token (no literal anchor), and the rule's trigger words (nil when a pattern has no
    /// literal anchor). `bundled`: the package's rules, whose triggers are the hot trigger words
    /// (``HotWords``).
    static func anchorIndex(_ patterns: [TokenPattern], bundled: Bool) -> (WordMap<[Int]>, [Int], Set<String>?) {
        var index: [String: [Int]] = [:]
        var scanned: [Int] = []
        var triggers: Set<String>? = []
        for (k, p) in patterns.enumerated() {
            if let words = p.elements[p.anchor].literalWords {
                for w in words where index[w]?.last != k { index[w, default: []].append(k) }
                triggers?.formUnion(words)
            } else {
                scanned.append(k)
                triggers = nil
            }
        }
        var map = WordMap(index)
        if bundled { map = map.withTriggerBit() }
        return (map, scanned, triggers)
    }

    private static func rule(_ spec: RuleSpec, lists: [String: [String]], file: String, bundled: Bool,
                             memo: PatternCompiler.Memo) throws -> PatternRule {
        func at(_ line: RuleSpec.Line, _ f: PatternCompiler.Failure) -> RuleFileError {
            RuleFileError(file: file, line: line.number, column: line.column + f.column, message: f.message)
        }
        var checks = TokenPattern.Checks()
        checks.skipCapitalized = spec.options.contains("skip-capitalized")
        checks.unquoted = spec.options.contains("unquoted")
        for line in spec.unless {
            do {
                var u = try PatternCompiler.compile(line.text, lists: lists, allowFix: false, line: line.number, memo: memo)
                u.checks.isAntipattern = true
                checks.unless.append(u)
            } catch let f as PatternCompiler.Failure { throw at(line, f) }
        }
        var patterns: [TokenPattern] = []
        for (line, messageLine) in zip(spec.patterns, spec.patternMessages) {
            do {
                var p = try PatternCompiler.compile(line.text, lists: lists, allowFix: true, line: line.number, memo: memo)
                p.checks = checks
                // A message line after the rule's first holds for the patterns after it.
                if let messageLine, messageLine.number != spec.message?.number {
                    do { p.message = try PatternCompiler.template(messageLine.text, column: 0, allowFix: true) } catch let f as PatternCompiler.Failure {
                        throw at(messageLine, f)
                    }
                }
                patterns.append(p)
            } catch let f as PatternCompiler.Failure { throw at(line, f) }
        }
        var fixes: [[TemplatePart]] = []
        if let fix = spec.fix {
            do {
                fixes = try PatternCompiler.splitAlternatives(fix.text).map { try PatternCompiler.template($0, column: 0) }
            } catch let f as PatternCompiler.Failure { throw at(fix, f) }
        }
        let message: [TemplatePart]
        do { message = try PatternCompiler.template(spec.message!.text, column: 0, allowFix: true) } catch let f as PatternCompiler.Failure {
            throw at(spec.message!, f)
        }
        // A `\N` past the pattern's elements.
        for (p, line) in zip(patterns, spec.patterns) {
            let groups = p.elements.map(\.group).max() ?? 0
            for template in (p.fixes.isEmpty ? fixes : p.fixes) + [p.message ?? message] {
                for case let .tokens(group, _, _) in template where group > groups {
                    throw RuleFileError(file: file, line: line.number, column: line.column,
                                        message: "\\\(group) refers to element \(group), but the pattern has \(groups)")
                }
            }
        }
        // Tags are asked for when a test or an inflection needs them.
        func inflects(_ t: [TemplatePart]) -> Bool { t.contains { if case .tokens(_, _, _?) = $0 { return true }; return false } }
        let usesTags = (patterns + checks.unless).contains { $0.elements.contains { $0.usesTags } }
            || patterns.contains { $0.fixes.contains(where: inflects) } || fixes.contains(where: inflects)
        let (map, scanned, triggers) = anchorIndex(patterns, bundled: bundled)
        let examples = RuleExamples(incorrect: spec.wrong.compactMap { $0.corrected.isEmpty ? nil : ($0.text, $0.corrected) },
                                    correct: spec.right.map(\.text))
        return PatternRule(id: spec.id, category: spec.category!, summary: spec.summary ?? "pattern " + spec.patterns[0].text, examples: examples,
                           triggers: triggers, file: file, line: spec.idLine.number,
                           exampleLines: spec.wrong.map { ($0.text, $0.corrected, $0.line) } + spec.right.map { ($0.text, nil, $0.line) },
                           patterns: patterns, byAnchor: map, scanned: scanned, message: message, fixes: fixes,
                           isConfident: !spec.options.contains("hint"), exactCase: spec.options.contains("exact"),
                           level: spec.options.contains("picky") ? .picky : .default, usesTags: usesTags,
                           quietInTechnicalDocuments: spec.options.contains("quiet-in-technical"),
                           repeatedUsage: spec.options.contains("usage-by-subject") ? .wordBefore
                               : spec.options.contains("usage-by-word") ? .flaggedWord : nil)
    }
}

/// The rule files shipped with the package (`Resources/rules/*.rules`), compiled once.
public enum BundledRules {
    /// Every bundled rule, by file name then order in the file: compiled once per build and set
    /// of rule files, then read from the cache folder (``CompiledRulesCache``).
    public static let all: [PatternRule] = {
        let files = data()
        do { return try CompiledRulesCache.rules(files, cacheDirectory: SpellingSuggester.defaultCacheDirectory) } catch {
            unusable("\(error)")
        }
    }()

    /// Ends the process with a message a user can act on, exit status 70 (`EX_SOFTWARE`): the
    /// bundled rule files are missing, unreadable or do not compile. That happens only when the
    /// program and the resources beside it come from different builds (a build stopped half-way,
    /// a program copied without its resources, an install over a running older one); before,
    /// a release build stopped on a `preconditionFailure`, which prints nothing in `-O` builds
    /// ("Illegal instruction" and no clue, session 53's README-only trial).
    static func unusable(_ problem: String) -> Never {
        let name = ProcessInfo.processInfo.processName
        let place = rulesDirectory?.path ?? "no resource folder found"
        FileHandle.standardError.write(Data("""
            \(name): the built-in rule files cannot be used (\(place)): \(problem)
            \(name): the program and the resources beside it come from different builds; rebuild it \
            (`swift build`, `make build`) or reinstall it (`make install`).

            """.utf8))
        exit(70)
    }

    /// The folder of the bundled rule files: `swift-writing-tools_Proofreading.resources/rules`
    /// beside the running executable (where SwiftPM puts the resource bundle, and the first
    /// place `Bundle.module` looks), else `Bundle.module`'s. Found without `Bundle`: making the
    /// main bundle costs a cold process 22 M instructions.
    static let rulesDirectory: URL? = {
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
                .appendingPathComponent("swift-writing-tools_Proofreading.resources/rules")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDirectory), isDirectory.boolValue { return dir }
        }
        return Bundle.module.resourceURL?.appendingPathComponent("rules")
    }()

    /// The bundled rule files' names (`rules/NAME.rules`) and texts, sorted by name.
    public static func texts() -> [(name: String, text: String)] {
        data().map { file in
            guard let text = String(data: file.data, encoding: .utf8) else { unusable("\(file.name) is not UTF-8") }
            return (file.name, text)
        }
    }

    /// The bundled rule files' names (`rules/NAME.rules`) and bytes, sorted by name.
    static func data() -> [(name: String, data: Data)] {
        guard let dir = rulesDirectory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { unusable("the folder of rule files is missing") }
        return names.sorted().filter { $0.hasSuffix(".rules") }.map { name in
            guard let data = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) else {
                unusable("rules/\(name) is unreadable")
            }
            return ("rules/" + name, data)
        }
    }

    /// The rules of `files` (``texts()``), compiled as ``all`` is (for measuring).
    /// - Throws: ``RuleFileError``.
    public static func compile(_ files: [(name: String, text: String)]) throws -> [PatternRule] {
        try files.flatMap { try RuleFileCompiler.compile($0.text, file: $0.name, bundled: true) }
    }

    /// The bundled rule `id` (the registry places them in its order).
    static func rule(_ id: String) -> PatternRule {
        guard let r = all.first(where: { $0.id == id }) else { unusable("no rule file defines \(id)") }
        return r
    }
}

/// Rules added to the registry's for a run (a user's and a workspace's rule files): run after
/// the registry's grammar rules and before spelling. A class, so that the proofreader indexes
/// their triggers once per set of disabled rules, not for every check.
public final class RuleBook: Sendable {
    /// The rules, in the order given.
    public let rules: [any Rule]
    /// Plans (the registry's rules with these) by set of disabled rule IDs.
    private let plans = Mutex<[Set<String>: RulePlan]>([:])

    /// A book of `rules`.
    public init(_ rules: [any Rule]) {
        self.rules = rules
        self.pickyRuleIDs = Set(rules.filter { $0.level == .picky }.map(\.id))
    }

    /// IDs of the book's rules that run only at the picky level (``Rule/level``).
    let pickyRuleIDs: Set<String>

    /// The registry's grammar rules, these, then spelling, less `disabled`, indexed once.
    func plan(disabling disabled: Set<String>) -> RulePlan {
        if let plan = plans.withLock({ $0[disabled] }) { return plan }
        let all = RuleRegistry.grammarRules + rules + [SpellingRule()]
        let plan = RulePlan(all.filter { !disabled.contains($0.id) })
        plans.withLock { cache in
            if cache.count >= 32 { cache.removeAll() }
            cache[disabled] = plan
        }
        return plan
    }
}
