import Foundation
import TextModel
import DocumentStructure
import WritingToolsEngine

/// The markup language of a document handed to the checker.
public enum DocumentMarkup: String, Sendable, CaseIterable {
    /// Plain text.
    case plain
    /// CommonMark with GitHub's extensions; code, links, HTML and other markup are protected.
    case markdown
    /// LaTeX source; commands, their non-prose arguments (`\cite{…}`, `\ref{…}`), comments,
    /// math and code environments are protected.
    case latex
    /// reStructuredText (docutils, Sphinx); directives, roles, literal blocks, targets and
    /// section adornments are protected, paragraphs, titles, lists and admonitions are prose.
    case restructuredText

    /// The markup a file name suggests: Markdown for `.md`, `.markdown`, `.mdown`, `.mkd`,
    /// `.mdx`; LaTeX for `.tex`, `.latex`, `.ltx`; reStructuredText for `.rst`, `.rest`; plain
    /// text otherwise.
    public static func inferred(fromPath path: String) -> DocumentMarkup {
        named(byPath: path) ?? .plain
    }

    /// The markup of a text format that a file's extension or name says (`.md` … Markdown;
    /// `.txt`, `.adoc`, `.org`, `.eml`, `.mbox`, `COMMIT_EDITMSG`, `README`, `NEWS`,
    /// `CHANGELOG` plain text, the markup lines of Org and AsciiDoc protected;
    /// `.tex`, `.latex`, `.ltx` LaTeX; `.rst`, `.rest` reStructuredText); nil for anything else (source
    /// code, an unknown extension). The one table of file names: the CLI's
    /// ``inferred(fromPath:)`` and the language server's fallback for an editor without a
    /// language ID both read it.
    public static func named(byPath path: String) -> DocumentMarkup? {
        let name = PathText.lastComponent(of: path)
        let ext = name.contains(".") ? String(name[name.index(after: name.lastIndex(of: ".")!)...]).lowercased() : ""
        switch ext {
        case "md", "markdown", "mdown", "mkd", "mkdn", "mdx": return .markdown
        case "txt", "text", "adoc", "asciidoc", "org", "eml", "mbox": return .plain
        case "rst", "rest": return .restructuredText
        case "tex", "latex", "ltx": return .latex
        default:
            return ["COMMIT_EDITMSG", "README", "NEWS", "CHANGELOG"].contains(name) ? .plain : nil
        }
    }

    /// The names a format goes by, on the command line (`--markup`) and as an editor's language
    /// ID, with the markup each is checked as: the one table that `writing-tools --markup` and
    /// the language server both read.
    public static let formatNames: [(name: String, markup: DocumentMarkup)] = [
        ("markdown", .markdown), ("md", .markdown), ("mdx", .markdown),
        ("plain", .plain), ("plaintext", .plain), ("text", .plain), ("txt", .plain), ("mail", .plain),
        ("git-commit", .plain), ("gitcommit", .plain),
        ("rst", .restructuredText), ("restructuredtext", .restructuredText), ("rest", .restructuredText),
        ("asciidoc", .plain), ("adoc", .plain), ("org", .plain),
        ("latex", .latex), ("tex", .latex), ("plaintex", .latex), ("context", .latex),
    ]

    /// The markup of a format named as `--markup` takes it or as an editor's language ID
    /// (``formatNames``: `markdown`, `plaintext`, `rst`, `asciidoc`, `org`, `tex`, …); nil for
    /// a name that is none of them. Org and AsciiDoc are read as plain text whose markup lines
    /// (`#+OPTIONS: …`, `:toc:`) are protected; reStructuredText by its own reader.
    public static func named(format name: String) -> DocumentMarkup? {
        formatNames.first { $0.name == name }?.markup
    }

    /// The markup a text without a file name looks like (standard input): Markdown when it has
    /// a code fence, an ATX heading, inline code, a link or a table delimiter row, so that its
    /// code is protected; plain text otherwise. Reads at most the first 64 KB.
    public static func sniffed(from text: String) -> DocumentMarkup {
        let head = text.utf16.count > 65_536 ? String(text.utf16.prefix(65_536)) ?? text : text
        let patterns = [
            #"(?m)^[ ]{0,3}(```|~~~)"#,                       // code fence
            #"(?m)^[ ]{0,3}#{1,6}[ \t]+\S"#,                   // ATX heading
            #"`[^`\n]+`"#,                                    // inline code
            #"\[[^\]\n]+\]\([^)\s]+\)"#,                       // [link](url)
            #"(?m)^\|?[ ]*:?-{3,}:?[ ]*(\|[ ]*:?-{3,}:?[ ]*)+\|?[ ]*$"#, // table delimiter row
        ]
        for p in patterns where head.range(of: p, options: .regularExpression) != nil { return .markdown }
        return .plain
    }

    /// This markup as the engine names it, for ``ToolRequest/markup`` (a host that builds a
    /// ``ToolRequest`` for a document of this markup).
    public var kind: MarkupKind {
        switch self {
        case .plain: return .plain
        case .markdown: return .markdown
        case .latex: return .latex
        case .restructuredText: return .restructuredText
        }
    }
}

/// A document to check.
public struct ProofreadingRequest: Sendable {
    /// The whole text (a leading byte-order mark, if any, is an ordinary character).
    public var text: String
    /// How to read it.
    public var markup: DocumentMarkup
    /// BCP 47 language tag of the dictionary to use (`en-US` default, `en-GB`, …).
    public var language: String
    /// Rule IDs not to run.
    public var disabledRules: Set<String>
    /// How thorough the check is: `.picky` adds the rules for formal text (LanguageTool's
    /// `level=picky`); `.default` by default.
    public var level: ProofreadingLevel = .default
    /// Picky rules to run at the default level too (LanguageTool's `enabledRules`, which
    /// switches on a rule that is off by default); ``disabledRules`` wins over it.
    public var enabledRules: Set<String> = []
    /// Words to accept besides the dictionary (a user or workspace word list).
    public var userWords: [String]
    /// UTF-16 ranges of `text` the host wants left alone (reason: host-declared).
    public var ignoredRanges: [NSRange]
    /// UTF-16 ranges of `text` that are checked as text but must come back byte-identical (a
    /// host's stand-ins for its markup, such as a paragraph break for `<p>`); an empty range is
    /// a position where the host keeps markup the text does not show. A suggestion that would
    /// change one, or delete across a position, is narrowed to what it changes or rejected
    /// (``KeptRanges``). Empty by default.
    public var keptRanges: [NSRange] = []
    /// Rules from rule files (a user's and a workspace's, ``UserRules/load(environment:workspaceFrom:)``)
    /// to run besides the built-in ones; nil for none.
    public var userRules: UserRules?
    /// True to have the report list the text's sentences (``ProofreadingReport/sentenceRanges``):
    /// LanguageTool's `sentence` and `sentenceRanges` fields. Off by default (it costs a second
    /// pass of the tokenizer).
    public var includesSentenceRanges = false
    /// Asked as the check goes (from several threads): true stops it, and
    /// ``WritingToolsChecker/check(_:)`` throws `CancellationError` instead of returning part
    /// of the findings. Once true it must stay true (an HTTP client that closed its
    /// connection). Nil, the default: the check runs to its end.
    public var shouldStop: (@Sendable () -> Bool)?

    /// Creates a request.
    public init(text: String, markup: DocumentMarkup = .plain, language: String = "en-US",
                disabledRules: Set<String> = [], userWords: [String] = [], ignoredRanges: [NSRange] = [], userRules: UserRules? = nil) {
        self.userRules = userRules
        self.text = text
        self.markup = markup
        self.language = language
        self.disabledRules = disabledRules
        self.userWords = userWords
        self.ignoredRanges = ignoredRanges
    }
}

/// A protected range of a checked document, with its reason (`fencedCode`, `inlineCode`, …).
public struct ProtectedTextRange: Hashable, Sendable {
    /// UTF-16 range.
    public var range: NSRange
    /// Why no tool may change it (a ``DocumentStructure`` reason's raw value, e.g. `inlineCode`).
    public var reason: String

    /// Creates a protected range.
    public init(range: NSRange, reason: String) {
        self.range = range
        self.reason = reason
    }
}

/// The result of checking one document.
public struct ProofreadingReport: Sendable {
    /// The text that was checked.
    public var text: String
    /// Suggestions sorted by location. Never one that changes nothing: a replacement equal to
    /// the text it replaces is left out, and so is a suggestion all of whose replacements were
    /// such (``ProofreadingSuggestion/changingOnly(_:)``), however the list is set. Every
    /// front end's findings come through a report, so this is where the invariant holds.
    public var suggestions: [ProofreadingSuggestion] {
        didSet { if suggestions.contains(where: { $0.changingOnly(text) != $0 }) { suggestions = Self.changing(suggestions, in: text) } }
    }
    /// The document's protected ranges, sorted by location.
    public var protectedRanges: [ProtectedTextRange]
    /// The text's sentences (UTF-16 ranges, in order, without surrounding whitespace) when the
    /// request asked for them (``ProofreadingRequest/includesSentenceRanges``); else empty.
    public var sentenceRanges: [NSRange] = []

    /// Creates a report.
    public init(text: String, suggestions: [ProofreadingSuggestion], protectedRanges: [ProtectedTextRange]) {
        self.text = text
        self.suggestions = Self.changing(suggestions, in: text)
        self.protectedRanges = protectedRanges
    }

    /// `suggestions` without the replacements that equal the text they replace, and without a
    /// suggestion left with none that had some (a finding with nothing to change is no finding).
    static func changing(_ suggestions: [ProofreadingSuggestion], in text: String) -> [ProofreadingSuggestion] {
        suggestions.compactMap { s in
            let kept = s.changingOnly(text)
            return s.replacements.isEmpty || !kept.replacements.isEmpty ? kept : nil
        }
    }
}

extension ProofreadingSuggestion {
    /// This suggestion without the replacements that equal the text of `text` it covers (they
    /// would change nothing): all of them when every one does. A suggestion with no replacement
    /// (no automatic fix) is returned as it is.
    public func changingOnly(_ text: String) -> ProofreadingSuggestion {
        guard !replacements.isEmpty, let flagged = text.substring(utf16Range: range) else { return self }
        var s = self
        s.replacements.removeAll { $0 == flagged }
        return s
    }
}

/// Errors of the Writing Tools API.
public enum WritingToolsError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// No dictionary is installed for the language; `message` says what to install.
    case languageUnavailable(language: String, message: String)

    public var description: String {
        switch self {
        case let .languageUnavailable(_, message): return message
        }
    }

    public var errorDescription: String? { description }
}

/// Checks documents without a session: the entry point for diagnostics (LSP), `/v2/check`
/// and `writing-tools proofread` (docs/ARCHITECTURE.md, “How text flows”). Offline, with the built-in engine.
///
/// Thread-safe; dictionaries are loaded on first use per language and shared.
public struct WritingToolsChecker: Sendable {
    private let engine = BuiltInProofreadingEngine()

    /// Creates a checker.
    public init() {}

    /// Languages whose dictionaries are installed (BCP 47 tags, e.g. `en-GB`, `en-US`).
    public static var installedLanguages: [String] { BuiltInProofreadingEngine.installedLanguages() }

    /// Whether `tag` is shaped like a BCP 47 language tag: a language subtag of 2–3 ASCII
    /// letters, then subtags of 1–8 ASCII letters or digits, joined by `-` (or `_`, as in
    /// `en_GB`); at most 35 characters. Never a path: no `/`, `.` or space.
    public static func isLanguageTagShaped(_ tag: String) -> Bool {
        guard !tag.isEmpty, tag.utf8.count <= 35 else { return false }
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, (2...3).contains(first.count), first.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else { return false }
        return parts.dropFirst().allSatisfy { p in
            (1...8).contains(p.count) && p.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        }
    }

    /// The installed language a client's tag names, or nil: the one check of a language tag
    /// for every front end (HTTP `/api` and `/v2`, the language server's `language` setting,
    /// the CLI's `--language`). Case and `_` do not matter (`en_gb` → `en-GB`); a language
    /// alone names its installed variant (`en` → `en-US`, else the first); an English variant
    /// that is not installed (`en-AU`) names `en-GB` when it is (LanguageTool's reading). Nil for
    /// a tag not shaped like one (``isLanguageTagShaped(_:)``) and for a language not installed.
    /// - Parameter installed: the installed tags (``installedLanguages`` unless a test says).
    public static func installedLanguage(for tag: String, among installed: [String] = installedLanguages) -> String? {
        guard isLanguageTagShaped(tag) else { return nil }
        let normal = tag.replacingOccurrences(of: "_", with: "-").lowercased()
        if let exact = installed.first(where: { $0.lowercased() == normal }) { return exact }
        let parts = normal.split(separator: "-")
        guard let first = parts.first else { return nil }
        let base = String(first)
        let variants = installed.filter { $0.lowercased().hasPrefix(base + "-") || $0.lowercased() == base }
        guard !variants.isEmpty else { return nil }
        if parts.count > 1, base == "en", let british = variants.first(where: { $0.lowercased() == "en-gb" }) { return british }
        return variants.first { $0.lowercased() == base + "-us" } ?? variants.first
    }

    /// The message for a tag ``installedLanguage(for:among:)`` does not know: it names the tag
    /// (as JSON would quote it, so a path or a control character shows as what it is) and the
    /// installed languages.
    public static func unknownLanguageMessage(_ tag: String, installed: [String] = installedLanguages) -> String {
        let shown = tag.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(tag.unicodeScalars.prefix(40))) + "…" : tag
        let printable = String(String.UnicodeScalarView(shown.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
        return "'\(printable)' is not a language code known to this server; it knows \(installed.isEmpty ? "no language (no Hunspell dictionary is installed)" : installed.joined(separator: ", "))"
    }

    /// Whether the checker, when the machine's word sources changed since its spelling
    /// vocabulary was cached (apt installed packages), checks with the older cache while it
    /// rebuilds the current one in the background, instead of making the first check wait. For
    /// long-lived hosts such as the language server; off by default (a one-shot command would
    /// exit before the rebuild ends).
    public static var servesStaleIndexesWhileRebuilding: Bool {
        get { BuiltInProofreadingEngine.servesStaleIndexesWhileRebuilding }
        set { BuiltInProofreadingEngine.servesStaleIndexesWhileRebuilding = newValue }
    }

    /// Every rule the checker can run: ID, category ID, a one-line summary, and the lowest
    /// level it runs at (`.picky`: only when a request asks for that level or enables it).
    public static var rules: [(id: String, categoryID: String, summary: String, level: ProofreadingLevel)] { BuiltInProofreadingEngine.rules }

    /// Rule IDs that `text`'s `<!-- writing-tools-disable … -->` / `-enable` comments name but no
    /// rule has (upper-cased, each once, in order): a typo there switches nothing off.
    public static func unknownSuppressedRuleIDs(in text: String) -> [String] {
        BuiltInProofreadingEngine.unknownSuppressedRuleIDs(in: text)
    }

    /// The unknown rule IDs of the `writing-tools-disable`/`-enable` comments that count in
    /// `text` read as `markup`: a comment shown inside code or math (a README explaining the
    /// comments) switches nothing off, so its IDs are not reported either.
    public static func unknownSuppressedRuleIDs(in text: String, markup: DocumentMarkup) -> [String] {
        // Most texts have no such comment: no parse for them.
        guard text.range(of: "writing-tools-", options: .caseInsensitive) != nil else { return [] }
        let document = DocumentParser.parse(text, markup: markup.kind, hostProtectedRanges: [])
        return BuiltInProofreadingEngine.unknownSuppressedRuleIDs(in: document)
    }

    /// The English a document is written in, told by the spellings of its prose (code, links
    /// and `ignoredRanges`, UTF-16 ranges of `text`, not counted): `"en-GB"` when it writes
    /// British spellings (“colour”, “centre”, “organisation”: at least three, and more than three
    /// times as many as American ones), else `"en-US"`, the default. For a front end that was
    /// given no language. Never throws: without both English dictionaries installed, `"en-US"`.
    public static func englishVariant(of text: String, markup: DocumentMarkup, ignoredRanges: [NSRange] = []) -> String {
        let document = DocumentParser.parse(text, markup: markup.kind, hostProtectedRanges: ignoredRanges)
        return BuiltInProofreadingEngine.englishVariant(ofProse: document.proseSegments.map(\.text))
    }

    /// When ``prepare(language:loadingDictionary:)`` loads the Hunspell dictionary (about 140 M
    /// instructions, the largest start-up cost of a check whose text has a word that only the
    /// dictionary knows: a name, a rare word, a misspelling).
    public enum DictionaryLoading: Sendable {
        /// Now, before `prepare` returns: a long-lived host, whose first check should not wait.
        case now
        /// On a thread of its own while the caller goes on (parsing, dialect detection, the
        /// rules): a one-shot check of a text long enough to hold such a word. Not at all when
        /// the speller judges every plain word without it
        /// (``HunspellSpeller/judgesPlainWordsWithoutHunspell``: English), which leaves it to
        /// the first word that needs it (one with a digit, a hyphen or no case), as
        /// ``whenNeeded``.
        case inBackground
        /// By the first word that needs it, if any: a one-shot check of a short text (one of
        /// common words never loads it).
        case whenNeeded
    }

    /// Finds the dictionary for `language` and loads it as `loadingDictionary` says (now, by
    /// default), while the rules are built on another thread
    /// (``BuiltInProofreadingEngine/beginBuildingRules()``).
    /// - Throws: ``WritingToolsError/languageUnavailable(language:message:)``.
    public func prepare(language: String, loadingDictionary: DictionaryLoading = .now) throws {
        BuiltInProofreadingEngine.beginBuildingRules()
        do {
            let speller = try BuiltInProofreadingEngine.speller(for: language)
            switch loadingDictionary {
            case .now: speller.loadHunspell()
            case .inBackground:
                if !speller.isHunspellLoaded, !speller.judgesPlainWordsWithoutHunspell { speller.beginLoadingHunspell() }
            case .whenNeeded: break
            }
        } catch let e as EngineError {
            throw WritingToolsError.languageUnavailable(language: language, message: e.description)
        }
    }

    /// Proofreads one document.
    /// - Returns: suggestions in UTF-16 offsets of `request.text`, none inside protected text.
    /// - Throws: ``WritingToolsError/languageUnavailable(language:message:)`` when no
    ///   dictionary for `request.language` is installed; `CancellationError` when
    ///   ``ProofreadingRequest/shouldStop`` stopped it.
    public func check(_ request: ProofreadingRequest) throws -> ProofreadingReport {
        let document = DocumentParser.parse(request.text, markup: request.markup.kind, hostProtectedRanges: request.ignoredRanges)
        var engineRequest = ProofreadingEngineRequest(document: document, language: request.language,
                                                      disabledRules: request.disabledRules, userWords: request.userWords,
                                                      userRules: request.userRules)
        engineRequest.shouldStop = request.shouldStop
        engineRequest.level = request.level
        engineRequest.enabledRules = request.enabledRules
        var found: [ProofreadingSuggestion]
        do { found = try engine.proofread(engineRequest) } catch let e as EngineError {
            throw WritingToolsError.languageUnavailable(language: request.language, message: e.description)
        }
        found = KeptRanges.apply(found, keeping: request.keptRanges, in: request.text)
        var report = Self.report(request.text, found, document)
        if request.includesSentenceRanges { report.sentenceRanges = BuiltInProofreadingEngine.sentenceRanges(of: document) }
        return report
    }

    /// Proofreads one document off the caller's task (async form of ``check(_:)``).
    public func check(_ request: ProofreadingRequest) async throws -> ProofreadingReport {
        // On the host's preferred executor when it set one (``PreferredExecutor``), not the shared pool.
        try await Task.detached(executorPreference: PreferredExecutor.current, priority: .userInitiated) { try self.check(request) }.value
    }

    /// Proofreads one document with the rules and a language model (hybrid proofreading,
    /// ``LanguageModelToolEngine``): the rules' suggestions plus the model's edits, each with its
    /// provenance (``SuggestionProvenance/languageModel`` for the model's). Disabled rules are left
    /// out; a model edit of a word in `userWords` too.
    ///
    /// - Parameters:
    ///   - preview: the model's text as it streams (for a live display).
    ///   - notice: what the user should know (a part whose corrections were rejected…).
    /// - Throws: ``WritingToolsError/languageUnavailable(language:message:)``; `ToolError`
    ///   (``ToolError/modelFailed(_:)``) when the model cannot be used.
    public func check(_ request: ProofreadingRequest, engine: LanguageModelToolEngine,
                      preview: @escaping @Sendable (String) -> Void = { _ in },
                      notice: @escaping @Sendable (String) -> Void = { _ in }) async throws -> ProofreadingReport {
        try prepare(language: request.language)
        // One run: the engine checks the rules (with this request's disabled rules and words),
        // asks the model, and merges the two (LanguageModelToolEngine's hybrid proofreading).
        var toolRequest = ToolRequest(tool: .proofread, text: request.text, markup: request.markup.kind,
                                      protectedRanges: request.ignoredRanges, resultOptions: [.plainText], language: request.language,
                                      disabledRules: request.disabledRules, userWords: request.userWords, userRules: request.userRules)
        toolRequest.level = request.level
        toolRequest.enabledRules = request.enabledRules
        var found: [ProofreadingSuggestion] = []
        for try await event in engine.run(toolRequest) {
            switch event {
            case let .suggestions(s): found += s
            case let .preview(t): preview(t)
            case let .notice(n): notice(n)
            default: break
            }
        }
        // A model edit of a word the user accepts is no finding either.
        let words = Set(request.userWords.map { $0.lowercased() })
        found.removeAll { $0.provenance == .languageModel && words.contains((request.text.substring(utf16Range: $0.range) ?? "").lowercased()) }
        found = KeptRanges.apply(found, keeping: request.keptRanges, in: request.text)
        let document = DocumentParser.parse(request.text, markup: request.markup.kind, hostProtectedRanges: request.ignoredRanges)
        return Self.report(request.text, found, document)
    }

    /// The report of `found` for `text`, with the document's protected ranges.
    static func report(_ text: String, _ found: [ProofreadingSuggestion], _ document: StructuredDocument) -> ProofreadingReport {
        ProofreadingReport(text: text, suggestions: found,
                                  protectedRanges: document.protectedRanges.map { ProtectedTextRange(range: $0.range, reason: $0.reason.rawValue) })
    }
}
