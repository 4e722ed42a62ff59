import Foundation
import Synchronization
import TextModel
import DocumentStructure
import Proofreading

/// What to proofread and how.
public struct ProofreadingEngineRequest: Sendable {
    /// The parsed document (its protected ranges are never touched).
    public var document: StructuredDocument
    /// BCP 47 language tag (`en-US`, `en-GB`).
    public var language: String
    /// Rule IDs not to run.
    public var disabledRules: Set<String>
    /// How thorough the check is: `.picky` adds the rules for formal text (LanguageTool's
    /// `level=picky`); `.default` by default.
    public var level: ProofreadingLevel = .default
    /// Picky rules to run at the default level too (LanguageTool's `enabledRules`, which
    /// switches on a rule that is off by default); ``disabledRules`` wins over it.
    public var enabledRules: Set<String> = []
    /// Words to accept besides the dictionary.
    public var userWords: [String]
    /// Rules from rule files to run besides the built-in ones (nil: none).
    public var userRules: UserRuleSet?
    /// Where to check (UTF-16 ranges of the document's text; nil: the whole document): the
    /// paragraphs and other prose segments these overlap or touch, each whole
    /// (``ProofreadingOptions/checkedRanges``).
    public var checkedRanges: [NSRange]?
    /// Asked as the check goes: true stops it, and ``BuiltInProofreadingEngine/proofread(_:)``
    /// throws `CancellationError` rather than return part of the findings (nil: never stops).
    public var shouldStop: (@Sendable () -> Bool)?

    /// Creates a request.
    public init(document: StructuredDocument, language: String = "en-US", disabledRules: Set<String> = [], userWords: [String] = [],
                userRules: UserRuleSet? = nil) {
        self.userRules = userRules
        self.document = document
        self.language = language
        self.disabledRules = disabledRules
        self.userWords = userWords
    }
}

/// Errors of the built-in engine.
public enum EngineError: Error, Equatable, CustomStringConvertible {
    /// No dictionary for the language; the message says which package to install.
    case languageUnavailable(language: String, reason: String)

    public var description: String {
        switch self {
        case let .languageUnavailable(_, reason): return reason
        }
    }
}

/// The offline proofreader: Hunspell spelling plus the rule engine (docs/ARCHITECTURE.md, “What it is”).
///
/// Spellers are loaded once per language and shared by every instance (loading a Hunspell
/// dictionary takes about 0.1 s). Thread-safe.
public struct BuiltInProofreadingEngine: Sendable {
    private static let spellers = Mutex<[String: HunspellSpeller]>([:])

    /// Creates the engine.
    public init() {}

    /// Starts building the rules (``RuleRegistry/grammarRules``: the bundled rule files
    /// compiled, the Swift rules' tables) on a thread of their own, once per process, and
    /// returns at once: a process that checks one document compiles them on the second core
    /// while it loads the dictionary (``speller(for:)``). A check that needs them first waits
    /// for them (Swift's one-time initialisation); nothing is built twice.
    public static func beginBuildingRules() {
        guard !rulesStarted.exchange(true, ordering: .relaxed) else { return }
        Thread.detachNewThread { _ = RuleRegistry.grammarRules.count }
    }
    private static let rulesStarted = Atomic<Bool>(false)

    /// Makes the speller for `language` (``speller(for:)``) and, with `loadingHunspell`, loads
    /// Hunspell's dictionary now (about 140 M instructions) rather than on the first word that
    /// needs it: for a long-lived host, whose first check should not wait for it. A one-shot
    /// check leaves it to the words (a text whose words are all common ones never loads it).
    /// - Throws: ``EngineError/languageUnavailable(language:reason:)`` when no dictionary is installed.
    public static func prepareSpeller(for language: String, loadingHunspell: Bool) throws {
        let speller = try speller(for: language)
        if loadingHunspell { speller.loadHunspell() }
    }

    /// The speller for `language`, loaded on first use.
    /// - Throws: ``EngineError/languageUnavailable(language:reason:)`` when no dictionary is installed.
    public static func speller(for language: String) throws -> HunspellSpeller {
        // The tag as given first (every request asks again), then its normal form.
        if let s = spellers.withLock({ $0[language] }) { return s }
        let key = language.lowercased().replacingOccurrences(of: "_", with: "-")
        if let s = spellers.withLock({ table -> HunspellSpeller? in
            guard let s = table[key] else { return nil }
            table[language] = s
            return s
        }) { return s }
        do {
            // The process's one speller of the dictionary (dialect detection and the other
            // dialect's checks use it too): loaded once.
            let s = try HunspellSpeller.shared(language: language)
            return spellers.withLock { table in
                if let existing = table[key] { return existing }
                table[key] = s
                table[language] = s
                return s
            }
        } catch let e as SpellingError {
            throw EngineError.languageUnavailable(language: language, reason: e.description)
        }
    }

    /// A proofreader kept for every check of its language: a class, so that handing it out
    /// retains one object instead of copying the proofreader's fields.
    private final class SharedProofreader: Sendable {
        let proofreader: Proofreader
        init(_ proofreader: Proofreader) { self.proofreader = proofreader }
    }

    /// A proofreader with every rule for each speller, made once (its rule plan is shared).
    private static let proofreaders = Mutex<[ObjectIdentifier: SharedProofreader]>([:])

    /// The proofreader of each language tag asked for, as given: every check asks again, and
    /// finds it with one look-up. (A tag's speller never changes once loaded.)
    private static let proofreadersByTag = Mutex<[String: SharedProofreader]>([:])

    /// The proofreader for `language`'s speller (``speller(for:)``), made on first use.
    private static func proofreader(for language: String) throws -> SharedProofreader {
        if let p = proofreadersByTag.withLock({ $0[language] }) { return p }
        let speller = try speller(for: language)
        let key = ObjectIdentifier(speller)
        let shared: SharedProofreader
        if let p = proofreaders.withLock({ $0[key] }) {
            shared = p
        } else {
            let made = SharedProofreader(Proofreader(speller: speller))
            shared = proofreaders.withLock { table in
                if let existing = table[key] { return existing }
                table[key] = made
                return made
            }
        }
        proofreadersByTag.withLock { $0[language] = shared }
        return shared
    }

    /// Whether spellers serve their older vocabulary cache while rebuilding one whose sources
    /// changed (``HunspellSpeller/servesStaleVocabularyWhileRebuilding``): for long-lived hosts.
    public static var servesStaleIndexesWhileRebuilding: Bool {
        get { HunspellSpeller.servesStaleVocabularyWhileRebuilding }
        set { HunspellSpeller.servesStaleVocabularyWhileRebuilding = newValue }
    }

    /// Languages with an installed Hunspell dictionary, as BCP 47 tags, sorted.
    public static func installedLanguages() -> [String] {
        var found = Set<String>()
        for dir in HunspellSpeller.searchPaths {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
            for n in names where n.hasSuffix(".dic") {
                let code = String(n.dropLast(4))
                if names.contains(code + ".aff"), code.count <= 6 { found.insert(code.replacingOccurrences(of: "_", with: "-")) }
            }
        }
        return found.sorted()
    }

    /// Every rule the engine runs: (ID, category ID, summary, lowest level it runs at).
    public static var rules: [(id: String, categoryID: String, summary: String, level: ProofreadingLevel)] {
        RuleRegistry.all.map { ($0.id, $0.category.rawValue, $0.summary, $0.level) }
    }

    /// Rule IDs that `text`'s `writing-tools-disable`/`-enable` comments name but no rule has
    /// (upper-cased, each once).
    public static func unknownSuppressedRuleIDs(in text: String) -> [String] {
        SuppressionComments.unknownRuleIDs(in: text, known: Set(RuleRegistry.all.map(\.id)))
    }

    /// ``unknownSuppressedRuleIDs(in:)`` for the comments that count in `document` (not one
    /// shown inside code or math).
    public static func unknownSuppressedRuleIDs(in document: StructuredDocument) -> [String] {
        SuppressionComments.unknownRuleIDs(in: document, known: Set(RuleRegistry.all.map(\.id)))
    }

    /// `"en-GB"` when `prose` (a document's prose, in order) is written with British spellings,
    /// else `"en-US"` (``DialectDetection/englishVariant(of:)``).
    public static func englishVariant(ofProse prose: [String]) -> String { DialectDetection.englishVariant(of: prose) }

    /// The sentences of `document`'s prose as UTF-16 ranges of its text, in order, each without
    /// the whitespace around it: the proofreader's own tokenizer and sentence splitter, one
    /// prose segment (paragraph, heading, list item, cell) at a time. A sentence interrupted by
    /// protected text (inline code) is one range across it.
    public static func sentenceRanges(of document: StructuredDocument) -> [NSRange] {
        var out: [NSRange] = []
        for segment in document.proseSegments {
            for sentence in SentenceSplitter.split(Tokenizer.tokenize(segment.text)) {
                // The first and last tokens that are not whitespace.
                guard let first = sentence.tokens.firstIndex(where: { $0.kind != .whitespace && $0.kind != .newline }),
                      let last = sentence.tokens.lastIndex(where: { $0.kind != .whitespace && $0.kind != .newline }) else { continue }
                let a = sentence.tokens[first].range.location
                let b = sentence.tokens[last].range.location + sentence.tokens[last].range.length
                guard b > a, let start = segment.documentRange(for: NSRange(location: a, length: 0)),
                      let end = segment.documentRange(for: NSRange(location: b, length: 0)) else { continue }
                if end.location > start.location { out.append(NSRange(location: start.location, length: end.location - start.location)) }
            }
        }
        return out
    }

    /// Proofreads a document synchronously.
    /// - Throws: ``EngineError/languageUnavailable(language:reason:)``; `CancellationError`
    ///   when the request's ``ProofreadingEngineRequest/shouldStop`` stopped it.
    public func proofread(_ request: ProofreadingEngineRequest) throws -> [ProofreadingSuggestion] {
        let shared = try Self.proofreader(for: request.language)
        // No user words (most requests): the empty vocabulary, without building one from them.
        let vocabulary = request.userWords.isEmpty ? Vocabulary() : Vocabulary(request.userWords)
        var options = ProofreadingOptions(disabledRules: request.disabledRules, vocabulary: vocabulary,
                                          extraRules: request.userRules.flatMap { $0.isEmpty ? nil : $0.book })
        options.shouldStop = request.shouldStop
        options.level = request.level
        options.enabledRules = request.enabledRules
        options.checkedRanges = request.checkedRanges
        let suggestions = shared.proofreader.check(request.document, options: options)
        if let stop = request.shouldStop, stop() { throw CancellationError() }
        return suggestions
    }
}
