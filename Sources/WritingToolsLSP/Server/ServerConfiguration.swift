import Foundation
import WritingTools

/// The server's settings, read from `initializationOptions` and `workspace/didChangeConfiguration`
/// (either this object or an object holding it under `"writing-tools"`):
///
/// ```json
/// {"language": "en-GB", "level": "picky", "disabledRules": ["EN_A_VS_AN"], "dictionary": ["Kubernetes"],
///  "severity": {"STYLE": "information", "TYPOS": "error"}, "languages": ["restructuredtext"],
///  "debounceMilliseconds": 150, "pushDiagnostics": true}
/// ```
/// Unknown keys are ignored; a key that is absent keeps its current value. A severity that is not
/// `error`, `warning`, `information` or `hint` (or 1–4) is left out; it, and a rule ID no rule
/// has, are reported by ``apply(_:)``. Rule IDs are read in any case (`spelling` is `SPELLING`).
public struct ServerConfiguration: Sendable, Equatable {
    /// BCP 47 tag of the dictionary (`en-US` by default).
    public var language = "en-US"
    /// Rule IDs not to run.
    public var disabledRules: Set<String> = []
    /// `"level": "picky"` adds the rules for formal text (``ProofreadingLevel``); `"default"`
    /// by default. LTeX's `"enablePickyRules": true` is read as `"picky"`.
    public var level = ProofreadingLevel.default
    /// Extra accepted words (besides the user and workspace dictionary files).
    public var words: [String] = []
    /// Severity per category ID; categories not listed use ``defaultSeverity(forCategory:)``.
    public var severities: [String: DiagnosticSeverity] = [:]
    /// Language IDs checked besides the built-in ones (``markup(forLanguageID:uri:)``), with the
    /// markup to read them as (`"languages": ["restructuredtext"]` or `{"typst": "plain"}`).
    public var extraLanguages: [String: DocumentMarkup] = [:]
    /// Delay between the last change and pushed diagnostics, in milliseconds (150 by default).
    public var debounceMilliseconds = 150
    /// Whether diagnostics are pushed with `textDocument/publishDiagnostics` (true by default).
    public var pushDiagnostics = true
    /// The language model for the Writing Tools code actions (`"model": {"provider": "openai",
    /// "model": "…", "baseURL": "…"}`); unset keys come from the environment and
    /// `~/.config/writing-tools/config.json` as on the command line (`writing-tools help models`).
    public var model = ModelFlags()

    /// The default configuration.
    public init() {}

    /// The severity for a category: TYPOS and GRAMMAR warn; CONFUSED_WORDS, PUNCTUATION and
    /// CASING inform; STYLE, TYPOGRAPHY, REDUNDANCY, NAMES and others are hints.
    public static func defaultSeverity(forCategory id: String) -> DiagnosticSeverity {
        switch id {
        case "TYPOS", "GRAMMAR": return .warning
        case "CONFUSED_WORDS", "PUNCTUATION", "CASING": return .information
        default: return .hint  // STYLE, REDUNDANCY, TYPOGRAPHY, SEMANTICS, NAMES
        }
    }

    /// The severity configured for a category.
    public func severity(forCategory id: String) -> DiagnosticSeverity {
        severities[id] ?? Self.defaultSeverity(forCategory: id)
    }

    /// The markup to check a document with `languageId` as; nil when it is not checked.
    ///
    /// Checked (``DocumentMarkup/named(format:)``): `markdown` (and `mdx`); `plaintext`, `text`
    /// (Vim's and Neovim's `.txt`), `mail`, `git-commit`/`gitcommit`, `asciidoc`, `org` as plain
    /// text (Org's and AsciiDoc's markup lines protected); `rst`/`restructuredtext` as
    /// reStructuredText; `tex`, `latex`, `plaintex` as LaTeX; the IDs of the `languages` setting; and, for an empty
    /// or unknown ID, none of them, the markup the document's file extension names when it is a
    /// text format (`.md`, `.txt`, `.tex`, `.rst`, …; `uri` is the document's URI).
    public func markup(forLanguageID languageId: String, uri: String = "") -> DocumentMarkup? {
        if let configured = extraLanguages[languageId] { return configured }
        // The table `writing-tools --markup` reads too (``DocumentMarkup/formatNames``).
        if let named = DocumentMarkup.named(format: languageId) { return named }
        switch languageId {
        default:
            // An editor that has no language for the file (an empty ID, or `""` for an unknown
            // extension): the file name decides, for text formats only (never source code).
            // (``DocumentMarkup/named(byPath:)``: the table the CLI reads too.)
            return DocumentMarkup.named(byPath: URL(string: uri)?.path ?? uri)
        }
    }

    /// Applies the keys present in `settings` (see the type's documentation).
    /// - Returns: what was left out, one message each (a severity value that is none, an
    ///   unknown rule ID in `disabledRules`, a `language` no installed dictionary serves, a
    ///   setting of the wrong type), for the server to log as warnings.
    @discardableResult
    public mutating func apply(_ settings: JSONValue?) -> [String] {
        guard var s = settings, s.objectValue != nil else { return [] }
        var problems: [String] = []
        if let nested = s["writing-tools"] ?? s["writingTools"], nested.objectValue != nil { s = nested }
        // A setting of the wrong type is said, not silently dropped (as a severity that is none).
        func wrongType(_ key: String, _ expected: String) {
            guard let value = s[key], value != .null else { return }
            problems.append("\(key): \(Self.shown(value)) is not \(expected); ignored")
        }
        if let v = s["language"]?.stringValue, !v.isEmpty {
            // The check every front end makes: a tag of an installed language, never a path.
            if let tag = WritingToolsChecker.installedLanguage(for: v) { language = tag } else {
                problems.append("language: \(WritingToolsChecker.unknownLanguageMessage(v)); kept \(language)")
            }
        } else if s["language"]?.stringValue == nil { wrongType("language", "a language tag such as \"en-GB\"") }
        if s["disabledRules"]?.arrayValue == nil { wrongType("disabledRules", "a list of rule IDs such as [\"SPELLING\"]") }
        if (s["dictionary"] ?? s["words"])?.arrayValue == nil { wrongType(s["dictionary"] != nil ? "dictionary" : "words", "a list of words") }
        if s["severity"]?.objectValue == nil { wrongType("severity", "an object such as {\"STYLE\": \"information\"}") }
        if s["languages"]?.arrayValue == nil, s["languages"]?.objectValue == nil { wrongType("languages", "a list of language IDs or an object of IDs and markups") }
        if s["debounceMilliseconds"]?.intValue == nil { wrongType("debounceMilliseconds", "a whole number of milliseconds") }
        if s["pushDiagnostics"]?.boolValue == nil { wrongType("pushDiagnostics", "true or false") }
        if s["enablePickyRules"]?.boolValue == nil { wrongType("enablePickyRules", "true or false") }
        if let v = s["level"] {
            if let name = v.stringValue, let l = ProofreadingLevel(name: name) { level = l } else {
                problems.append("level: \(Self.shown(v)) is not \"default\" or \"picky\"; kept \"\(level.rawValue)\"")
            }
        } else if let picky = s["enablePickyRules"]?.boolValue {
            level = picky ? .picky : .default
        }
        if s["model"]?.objectValue == nil { wrongType("model", "an object such as {\"provider\": \"openai\"}") }
        if let v = s["disabledRules"]?.arrayValue {
            disabledRules = Set(v.compactMap { $0.stringValue?.uppercased() })
            let unknown = disabledRules.subtracting(Self.ruleIDs).sorted()
            if !unknown.isEmpty {
                problems.append("disabledRules: unknown rule ID\(unknown.count == 1 ? "" : "s") \(unknown.map { "'\($0)'" }.joined(separator: ", ")) (see 'writing-tools rules' for the rule IDs)")
            }
        }
        if let v = (s["dictionary"] ?? s["words"])?.arrayValue { words = v.compactMap(\.stringValue) }
        if let v = s["severity"]?.objectValue {
            for (k, value) in v.sorted(by: { $0.key < $1.key }) {
                if let sev = DiagnosticSeverity(configValue: value) { severities[k.uppercased()] = sev } else {
                    let shown = value.stringValue.map { "\"\($0)\"" } ?? "\(value)"
                    problems.append("severity: \(shown) for \"\(k)\" is not error, warning, information or hint; ignored")
                }
            }
        }
        if let v = s["languages"] {
            if let ids = v.arrayValue {
                // An ID the server knows keeps its markup (`["latex"]` stays LaTeX, not plain);
                // any other ID is read as plain text.
                for id in ids.compactMap(\.stringValue) { extraLanguages[id] = DocumentMarkup.named(format: id) ?? .plain }
            } else if let map = v.objectValue {
                for (id, m) in map { extraLanguages[id] = m.stringValue.flatMap { DocumentMarkup(rawValue: $0) ?? DocumentMarkup.named(format: $0) } ?? .plain }
            }
        }
        if let v = s["debounceMilliseconds"]?.intValue { debounceMilliseconds = max(0, min(v, 10_000)) }
        if let v = s["pushDiagnostics"]?.boolValue { pushDiagnostics = v }
        if let m = s["model"]?.objectValue {
            var f = ModelFlags()
            f.provider = m["provider"]?.stringValue.flatMap { ModelProvider(rawValue: $0 == "openai-compatible" ? "openai" : $0) }
            f.model = m["model"]?.stringValue
            f.baseURL = m["baseURL"]?.stringValue ?? m["baseUrl"]?.stringValue
            model = f
        }
        return problems
    }

    /// A setting's value as JSON would write it (short).
    static func shown(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return "\(d)"
        case .string(let t): return "\"\(t.count > 40 ? String(t.prefix(40)) + "…" : t)\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }

    /// The ID of every rule.
    static let ruleIDs = Set(WritingToolsChecker.rules.map(\.id))
}
