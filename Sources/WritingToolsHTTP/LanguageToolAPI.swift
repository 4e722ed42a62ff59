import Foundation
import WritingTools

/// LanguageTool's HTTP API, version 2 (`/v2/check`, `/v2/languages`, `/v2/info`,
/// `/v2/healthcheck`, `/v2/maxtextlength`, `/v2/configinfo`, `/v2/words`), answered with the
/// built-in checker, so that LanguageTool's clients work unchanged (wire format from
/// LanguageTool's server: `ApiV2`, `TextChecker`, `RuleMatchesAsJsonSerializer`).
struct LanguageToolAPI: Sendable {
    /// Our name and version (`/v2/info`, `software` in every check).
    var softwareName = "writing-tools"
    var softwareVersion = "0.1.0"
    /// Longest text in UTF-16 units, markup not counted (413 above it).
    var maxTextLength = 100_000
    /// The key every request but `/v2/healthcheck` must carry (`apiKey` parameter or
    /// `Authorization: Bearer`); nil: none needed.
    var apiKey: String?
    /// Longest time a check may take, milliseconds (nil: no limit). With a limit the text is
    /// checked paragraph group by paragraph group; when the time is up the check stops there,
    /// and answers what it found with `warnings.incompleteResults` if the client sent
    /// `allowIncompleteResults=true`, else 500 (LanguageTool's `maxCheckTimeMillis`).
    var maxCheckMillis: Int?
    /// The user dictionary `/v2/words` edits and checks accept.
    var dictionary: UserDictionary
    /// Installed dictionaries (BCP 47: `en-GB`, `en-US`).
    var installed: [String] = WritingToolsChecker.installedLanguages
    /// The answers already given (`--check-cache N` entries; 0 turns it off).
    var cache = CheckCache(maxEntries: 4096)

    /// Called on the check's thread before each check that the cache does not answer, with the
    /// text: for tests that make a check slow (fault injection); nil in the server.
    var beforeCheck: (@Sendable (String) -> Void)?

    private let checker = WritingToolsChecker()
    private static let rules = WritingToolsChecker.rules
    private static let allRuleIDs = Set(rules.map(\.id))

    init(dictionary: UserDictionary) {
        self.dictionary = dictionary
    }

    // MARK: Routing

    /// The answer to one request.
    func handle(_ request: HTTPRequest, server: HTTPServer?) -> HTTPResponse {
        var path = request.path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        if path == "/v2/healthcheck" {
            // Before authentication and parameters: a load balancer's probe.
            if let server, server.isOverloaded { return .error(503, "too many parallel requests") }
            return .text("OK")
        }
        let parameters: RequestParameters
        do { parameters = try RequestParameters.of(request) } catch {
            return .error(400, "\(error)")
        }
        if let apiKey {
            var given = parameters["apiKey"]
            if let auth = request.header("authorization"), auth.lowercased().hasPrefix("bearer ") {
                given = String(auth.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            }
            guard let given, !given.isEmpty else {
                return .error(401, "Missing API key: send it as the 'apiKey' parameter or as 'Authorization: Bearer <key>'")
            }
            guard Self.constantTimeEqual(given, apiKey) else { return .error(403, "Access denied: wrong API key") }
        }
        let method = request.method.uppercased()
        func only(_ allowed: String...) -> HTTPResponse? {
            allowed.contains(method) ? nil
                : HTTPResponse(status: 405, contentType: "text/plain; charset=utf-8",
                               body: Array("Error: \(path) takes \(allowed.joined(separator: " or ")) requests, not \(method)".utf8),
                               headers: [("Allow", allowed.joined(separator: ", "))])
        }
        switch path {
        case "/v2/check":
            return only("GET", "POST") ?? check(parameters, server: server)
        case "/v2/languages":
            return only("GET", "POST") ?? .json(languagesJSON())
        case "/v2/info":
            return only("GET", "POST") ?? .json(infoJSON())
        case "/v2/maxtextlength":
            return only("GET", "POST") ?? .text(String(maxTextLength))
        case "/v2/configinfo":
            return only("GET", "POST") ?? configInfo(parameters)
        case "/v2/words":
            return only("GET") ?? words(parameters)
        case "/v2/words/add":
            return only("POST") ?? changeWords(parameters, add: true)
        case "/v2/words/delete":
            return only("POST") ?? changeWords(parameters, add: false)
        case "/", "":
            return .error(400, "Missing arguments for LanguageTool API. Please see https://languagetool.org/http-api/")
        default:
            if path.hasPrefix("/v2/") {
                return .error(404, "Unsupported action: '\(path.dropFirst(4))'. Please see https://languagetool.org/http-api/")
            }
            return .error(404, "Not found: '\(path)'; this server answers LanguageTool's API under /v2/")
        }
    }

    /// `a == b` in time that depends on the lengths only.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var diff = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<max(x.count, y.count) { diff |= (i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0) }
        return diff == 0
    }

    // MARK: Languages

    /// LanguageTool's name of a variant (`English (US)`).
    static func languageName(_ tag: String) -> String {
        let names = ["en-US": "English (US)", "en-GB": "English (GB)", "en-AU": "English (Australian)", "en-CA": "English (Canadian)",
                     "en-NZ": "English (New Zealand)", "en-ZA": "English (South African)", "en": "English"]
        if let n = names[tag] { return n }
        return Locale(identifier: "en").localizedString(forIdentifier: tag) ?? tag
    }

    /// The installed tag for a client's language code (`en-us`, `en_GB`, `en`: case and `_`
    /// ignored). A bare language is its US variant, else its first. A variant without a
    /// dictionary of its own is checked with its closest one: every English but American with
    /// British spelling (`en-AU`, `en-NZ`, `en-CA`, `en-IE`, `en-ZA`, `en-IN` → `en-GB`, as LibreOffice
    /// sends a document's own language), another language's with its first variant. Nil when the
    /// language has no dictionary at all.
    /// (``WritingToolsChecker/installedLanguage(for:among:)``, the check every front end makes.)
    func installedTag(for code: String) -> String? {
        WritingToolsChecker.installedLanguage(for: code, among: installed)
    }

    /// `[{"code":"en","longCode":"en-US","name":"English (US)"}, …]`, sorted by name; each
    /// language also listed by itself (`en`).
    func languagesJSON() -> [UInt8] {
        var entries: [(name: String, code: String, long: String)] = []
        var bases = Set<String>()
        for tag in installed {
            let base = tag.split(separator: "-").first.map(String.init) ?? tag
            entries.append((Self.languageName(tag), base, tag))
            bases.insert(base)
        }
        for base in bases where !installed.contains(base) { entries.append((Self.languageName(base), base, base)) }
        entries.sort { $0.name < $1.name }
        var out = JSONLineWriter(capacity: 64 * entries.count)
        out.raw("[")
        for (k, e) in entries.enumerated() {
            out.raw(k == 0 ? "{\"code\":" : ",{\"code\":")
            out.string(e.code)
            out.raw(",\"longCode\":")
            out.string(e.long)
            out.raw(",\"name\":")
            out.string(e.name)
            out.raw("}")
        }
        out.raw("]")
        return out.utf8
    }

    /// `{"software":{…}}` as `/v2/info` answers.
    func infoJSON() -> [UInt8] {
        var out = JSONLineWriter()
        out.raw("{\"software\":")
        writeSoftware(&out)
        out.raw("}")
        return out.utf8
    }

    private func writeSoftware(_ out: inout JSONLineWriter) {
        out.raw("{\"apiVersion\":1,\"buildDate\":\"\",\"name\":")
        out.string(softwareName)
        out.raw(",\"premium\":false,\"premiumHint\":\"\",\"status\":\"\",\"version\":")
        out.string(softwareVersion)
        out.raw("}")
    }

    // MARK: /v2/check

    /// What a `/v2/check` request asks for, validated (LanguageTool's `TextChecker` rules).
    struct CheckOptions: Equatable, Sendable {
        var text: AnnotatedText
        /// The language to check in (installed tag), and whether it was detected (`auto`).
        var language: String
        var detected: Bool
        var disabledRules: Set<String>
        /// `level=picky`: the rules for formal text too.
        var level = ProofreadingLevel.default
        /// Picky rules `enabledRules` names, run at the default level too.
        var enabledRules: Set<String> = []
        /// Category ids whose findings are left out (`disabledCategories`).
        var disabledCategories: Set<String>
        /// With `enabledOnly`: the rules and categories that alone may report.
        var onlyRules: Set<String>?
        var onlyCategories: Set<String>?
        var compact: Bool
        /// `allowIncompleteResults=true`: a check past its time answers what it found.
        var allowIncomplete = false
    }

    /// Reads and validates a check's parameters; a 400 or 413 response when they are wrong.
    func checkOptions(_ p: RequestParameters) -> Result<CheckOptions, HTTPErrorResponse> {
        func bad(_ m: String) -> Result<CheckOptions, HTTPErrorResponse> { .failure(HTTPErrorResponse(status: 400, message: m)) }
        for (old, new) in [("enabled", "enabledRules"), ("disabled", "disabledRules"), ("preferredvariants", "preferredVariants"), ("autodetect", "language=auto")]
            where p[old] != nil {
            return bad("You specified '\(old)', which was used by API version 1; use '\(new)' instead")
        }
        let text: AnnotatedText
        switch (p["text"], p["data"]) {
        case let (t?, nil): text = AnnotatedText(plain: t)
        case let (nil, d?):
            do { text = try AnnotatedText(data: d) } catch { return bad("\(error)") }
        case (.some, .some): return bad("Set only 'text' or 'data', not both")
        case (nil, nil): return bad("Missing 'text' or 'data' parameter")
        }
        guard let code = p["language"], !code.isEmpty else {
            return bad("Missing 'language' parameter, e.g. 'language=en-US' for American English or 'language=fr-FR' for French")
        }
        let preferred = p.list("preferredVariants")
        var language: String
        var detected = false
        if code.lowercased() == "auto" {
            detected = true
            if let variant = preferred.compactMap({ installedTag(for: $0) }).first {
                language = variant
            } else {
                let guess = WritingToolsChecker.englishVariant(of: text.checkedText, markup: .plain, ignoredRanges: text.ignoredRanges)
                guard let tag = installedTag(for: guess) ?? installed.first else { return bad("No language is installed on this server") }
                language = tag
            }
        } else {
            if !preferred.isEmpty { return bad("You specified 'preferredVariants' but you didn't specify 'language=auto'") }
            guard let tag = installedTag(for: code) else {
                return bad("'\(code)' is not a language code known to this server; it knows \(installed.joined(separator: ", ")) (see /v2/languages)")
            }
            language = tag
        }
        for v in preferred where !v.contains("-") {
            return bad("Invalid 'preferredVariants' entry '\(v)': each needs a variant, e.g. 'en-GB'")
        }
        let levelName = p["level"] ?? "default"
        guard let level = ProofreadingLevel(name: levelName) else { return bad("Unknown 'level': '\(levelName)'; use 'default' or 'picky'") }
        let mode = p["mode"] ?? "all"
        guard ["all", "textlevelonly", "allbuttextlevelonly"].contains(mode.lowercased()) else {
            return bad("Unknown 'mode': '\(mode)'; use 'all', 'textLevelOnly' or 'allButTextLevelOnly'")
        }
        let enabledRules = Set(p.list("enabledRules").map(LanguageToolFormat.ourRuleID(forWire:)))
        let enabledCategories = Set(p.list("enabledCategories").map { $0.uppercased() })
        var disabled = Set(p.list("disabledRules").map(LanguageToolFormat.ourRuleID(forWire:)))
        let disabledCategories = Set(p.list("disabledCategories").map { $0.uppercased() })
        var onlyRules: Set<String>?, onlyCategories: Set<String>?
        if p.flag("enabledOnly") {
            if enabledRules.isEmpty && enabledCategories.isEmpty {
                return bad("You cannot specify 'enabledOnly' without 'enabledRules' or 'enabledCategories'")
            }
            if !disabled.isEmpty || !disabledCategories.isEmpty {
                return bad("You cannot specify disabled rules or categories using 'enabledOnly=true'")
            }
            onlyRules = enabledRules
            onlyCategories = enabledCategories
            for r in Self.rules where !enabledRules.contains(r.id) && !enabledCategories.contains(r.categoryID) {
                // Spelling reports names (NAMES) as typos: kept when TYPOS is enabled.
                if r.id == "SPELLING" && enabledCategories.contains("TYPOS") { continue }
                disabled.insert(r.id)
            }
        }
        for r in Self.rules where disabledCategories.contains(r.categoryID) { disabled.insert(r.id) }
        switch mode.lowercased() {
        case "textlevelonly": disabled.formUnion(Self.allRuleIDs.subtracting(LanguageToolFormat.textLevelRuleIDs))
        case "allbuttextlevelonly": disabled.formUnion(LanguageToolFormat.textLevelRuleIDs)
        default: break
        }
        if text.checkedText.utf16.count > maxTextLength {
            return .failure(HTTPErrorResponse(status: 413, message: "Your text exceeds the limit of \(maxTextLength) characters (it's \(text.checkedText.utf16.count) characters). Please submit a shorter text."))
        }
        // A picky rule runs at the picky level, or when `enabledRules` or `enabledCategories`
        // names it (LanguageTool's rules that are off by default work so).
        let enabledPicky = Set(Self.rules.filter { $0.level == .picky && (enabledRules.contains($0.id) || enabledCategories.contains($0.categoryID)) }.map(\.id))
        return .success(CheckOptions(text: text, language: language, detected: detected, disabledRules: disabled, level: level,
                                     enabledRules: enabledPicky,
                                     disabledCategories: disabledCategories, onlyRules: onlyRules, onlyCategories: onlyCategories,
                                     compact: p["c"] == "1", allowIncomplete: p.flag("allowIncompleteResults")))
    }

    /// `/v2/check`: the answer from ``cache`` when the same check was answered before with the
    /// same user dictionary (on the calling thread: cheap), else a check (kept in the cache when
    /// complete), on `server`'s check threads (``HTTPResponse/onPool(language:_:)``) or, without
    /// a server, here.
    func check(_ p: RequestParameters, server: HTTPServer? = nil) -> HTTPResponse {
        let options: CheckOptions
        switch checkOptions(p) {
        case let .success(o): options = o
        case let .failure(e): return .error(e.status, e.message)
        }
        let dictionary = self.dictionary.snapshot()
        var key: CheckCache.Key?
        if cache.isEnabled {
            key = CheckCache.Key(input: p["text"] ?? p["data"] ?? "", isData: p["text"] == nil, language: options.language,
                                 detected: options.detected, disabledRules: options.disabledRules.sorted(),
                                 level: options.level.rawValue, enabledRules: options.enabledRules.sorted(),
                                 disabledCategories: options.disabledCategories.sorted(), onlyRules: options.onlyRules?.sorted(),
                                 onlyCategories: options.onlyCategories?.sorted(), compact: options.compact,
                                 dictionaryGeneration: dictionary.generation)
            if let key, let known = cache.answer(for: key) { return .json(known) }
        }
        guard server != nil else { return runCheck(options, dictionary: dictionary, key: key) }
        return .onPool(language: options.language) { [self, key, weak server] in
            let answer = runCheck(options, dictionary: dictionary, key: key)
            if answer.status == 503, HTTPServer.clientLeftTest?() == true { server?.checks.countAbandoned() }
            return answer
        }
    }

    /// The check itself (blocking: a check thread's work), its answer kept in the cache under
    /// `key` when complete.
    private func runCheck(_ options: CheckOptions, dictionary: (words: [String], generation: Int), key: CheckCache.Key?) -> HTTPResponse {
        beforeCheck?(options.text.checkedText)
        var request = ProofreadingRequest(text: options.text.checkedText, markup: .plain, language: options.language,
                                          disabledRules: options.disabledRules, userWords: dictionary.words,
                                          ignoredRanges: options.text.ignoredRanges)
        request.keptRanges = options.text.keptRanges
        request.level = options.level
        request.enabledRules = options.enabledRules
        request.includesSentenceRanges = !options.compact
        // A client that closes its connection while its check runs stops it (session-43 trial:
        // a check, and a language's first load, ran to their end for nobody).
        request.shouldStop = HTTPServer.clientLeftTest
        let report: ProofreadingReport
        var incomplete = false
        do {
            if let limit = maxCheckMillis {
                (report, incomplete) = try checkInTime(request, deadline: HTTPServer.now() + UInt64(max(0, limit)) * 1_000_000)
            } else {
                report = try checker.check(request)
            }
        } catch is CancellationError {
            return .error(503, "The client closed the connection while its check ran")
        } catch {
            return .error(400, "\(error)")
        }
        if incomplete && !options.allowIncomplete {
            return .error(500, "Checking took longer than \(Double(maxCheckMillis ?? 0) / 1000) seconds, which is this server's limit. Send allowIncompleteResults=true to get what was found, or a shorter text")
        }
        let answer = encode(report, options, incomplete: incomplete)
        if let key, !incomplete { cache.store(answer, for: key) }
        return .json(answer)
    }

    /// Checks `request` in groups of paragraphs (split at blank lines, at least 2,000 UTF-16
    /// units each) until `deadline` (monotonic nanoseconds) passes; the first group is always
    /// checked. Returns the findings so far (ranges in the whole text) and whether the check
    /// stopped early.
    func checkInTime(_ request: ProofreadingRequest, deadline: UInt64) throws -> (ProofreadingReport, Bool) {
        let units = Array(request.text.utf16)
        var cuts: [Int] = [0]
        var i = 0
        while i + 1 < units.count {
            if units[i] == 10 && units[i + 1] == 10 && i + 2 - cuts.last! >= 2000 { cuts.append(i + 2) }
            i += 1
        }
        if cuts.last! < units.count { cuts.append(units.count) }
        var suggestions: [ProofreadingSuggestion] = []
        var sentences: [NSRange] = []
        for k in 0..<(cuts.count - 1) {
            if k > 0 && HTTPServer.now() > deadline {
                var partial = ProofreadingReport(text: request.text, suggestions: suggestions, protectedRanges: [])
                partial.sentenceRanges = sentences
                return (partial, true)
            }
            let a = cuts[k], b = cuts[k + 1]
            var part = request
            part.text = String(decoding: units[a..<b], as: UTF16.self)
            part.ignoredRanges = request.ignoredRanges.compactMap { r in
                let s = max(r.location, a), e = min(NSMaxRange(r), b)
                return e > s ? NSRange(location: s - a, length: e - s) : nil
            }
            // Kept ranges (markup) at a cut belong to both sides; empty ones too.
            part.keptRanges = request.keptRanges.compactMap { r in
                let s = max(r.location, a), e = min(NSMaxRange(r), b)
                return e >= s ? NSRange(location: s - a, length: e - s) : nil
            }
            let found = try checker.check(part)
            suggestions += found.suggestions.map { var x = $0; x.range.location += a; return x }
            sentences += found.sentenceRanges.map { NSRange(location: $0.location + a, length: $0.length) }
        }
        var whole = ProofreadingReport(text: request.text, suggestions: suggestions, protectedRanges: [])
        whole.sentenceRanges = sentences
        return (whole, false)
    }

    /// The check's JSON answer (LanguageTool's `RuleMatchesAsJsonSerializer` fields, keys sorted).
    func encode(_ report: ProofreadingReport, _ o: CheckOptions, incomplete: Bool = false) -> [UInt8] {
        let matches = report.suggestions.filter { s in
            let category = LanguageToolFormat.wireCategory(for: s).rawValue
            if o.disabledCategories.contains(category) || o.disabledCategories.contains(s.category.rawValue) { return false }
            if let rules = o.onlyRules, let categories = o.onlyCategories,
               !rules.contains(s.ruleID) && !categories.contains(category) && !categories.contains(s.category.rawValue) { return false }
            return !o.text.isInsideStandIn(s.range)
        }
        let units = Array(report.text.utf16)
        let sentences = report.sentenceRanges
        var out = JSONLineWriter(capacity: 512 + 700 * matches.count)
        let name = Self.languageName(o.language)
        out.raw("{\"language\":{\"code\":")
        out.string(o.language)
        out.raw(",\"detectedLanguage\":{\"code\":")
        out.string(o.language)
        out.raw(o.detected ? ",\"confidence\":0.9" : ",\"confidence\":1.0")
        out.raw(",\"name\":")
        out.string(name)
        out.raw(",\"source\":")
        out.raw(o.detected ? "\"spelling-variants\"" : "\"request\"")
        out.raw("},\"name\":")
        out.string(name)
        out.raw("},\"matches\":[")
        let matchOptions = LanguageToolFormat.MatchOptions(languageToolFields: true, compact: o.compact, language: o.language)
        var k = 0
        for (n, s) in matches.enumerated() {
            if n > 0 { out.raw(",") }
            // The sentence holding the match's start (sentences are in order).
            var sentence = ""
            if !o.compact {
                while k + 1 < sentences.count && sentences[k].location + sentences[k].length <= s.range.location { k += 1 }
                if k < sentences.count {
                    let r = sentences[k]
                    sentence = String(decoding: units[r.location..<(r.location + r.length)], as: UTF16.self)
                }
            }
            LanguageToolFormat.writeMatch(s, units: units, sentence: sentence,
                                          reportedRange: o.text.isPlain ? nil : o.text.originalRange(s.range),
                                          options: matchOptions, to: &out)
        }
        out.raw("],\"sentenceRanges\":[")
        for (n, r) in sentences.enumerated() {
            let m = o.text.originalRange(r)
            out.raw(n == 0 ? "[" : ",[")
            out.integer(m.location)
            out.raw(",")
            out.integer(m.location + m.length)
            out.raw("]")
        }
        out.raw("]")
        if !o.compact {
            out.raw(",\"software\":")
            writeSoftware(&out)
        }
        out.raw(incomplete ? ",\"warnings\":{\"incompleteResults\":true,\"incompleteResultsReason\":\"Results are incomplete: the check took longer than this server allows\"}}"
                           : ",\"warnings\":{\"incompleteResults\":false}}")
        return out.utf8
    }

    // MARK: /v2/configinfo, /v2/words

    /// `/v2/configinfo?language=…`: `{"parameter":{"maxTextLength":…},"rules":[…],"software":{…}}`.
    func configInfo(_ p: RequestParameters) -> HTTPResponse {
        guard let code = p["language"], !code.isEmpty else { return .error(400, "Missing 'language' parameter, e.g. 'language=en-US'") }
        guard let tag = installedTag(for: code) else { return .error(400, "'\(code)' is not a language code known to this server (see /v2/languages)") }
        var out = JSONLineWriter(capacity: 200 * Self.rules.count)
        out.raw("{\"parameter\":{\"maxTextLength\":")
        out.integer(maxTextLength)
        out.raw("},\"rules\":[")
        for (k, r) in Self.rules.enumerated() {
            let isSpelling = r.id == "SPELLING"
            out.raw(k == 0 ? "{" : ",{")
            out.raw("\"categoryId\":")
            out.string(r.categoryID)
            out.raw(",\"categoryName\":")
            out.string(RuleCategory(rawValue: r.categoryID)?.displayName ?? r.categoryID)
            out.raw(",\"description\":")
            out.string(r.summary)
            if isSpelling { out.raw(",\"isDictionaryBasedSpellingRule\":\"yes\"") }
            if LanguageToolFormat.textLevelRuleIDs.contains(r.id) { out.raw(",\"isTextLevelRule\":\"yes\"") }
            out.raw(",\"locQualityIssueType\":")
            out.string(LanguageToolFormat.issueType(categoryID: r.categoryID, ruleID: r.id))
            out.raw(",\"ruleId\":")
            out.string(isSpelling ? "MORFOLOGIK_RULE_" + tag.uppercased().replacingOccurrences(of: "-", with: "_") : r.id)
            out.raw("}")
        }
        out.raw("],\"software\":")
        writeSoftware(&out)
        out.raw("}")
        return .json(out.utf8)
    }

    /// `GET /v2/words?offset=0&limit=10`: `{"words":[…]}`, the user dictionary's words in file order.
    func words(_ p: RequestParameters) -> HTTPResponse {
        if p["dict"] != nil { return .error(400, "Use 'dicts' (a comma-separated list), not 'dict', when listing words") }
        guard let offset = Int(p["offset"] ?? "0"), offset >= 0, let limit = Int(p["limit"] ?? "10"), limit >= 1 else {
            return .error(400, "'offset' must be 0 or more and 'limit' 1 or more")
        }
        let all = dictionary.words()
        let page = offset < all.count ? Array(all[offset..<min(all.count, offset + limit)]) : []
        var out = JSONLineWriter()
        out.raw("{\"words\":[")
        for (k, w) in page.enumerated() {
            if k > 0 { out.raw(",") }
            out.string(w)
        }
        out.raw("]}")
        return .json(out.utf8)
    }

    /// `POST /v2/words/add` and `/v2/words/delete` (`word=…`, or `mode=batch&words=a b c`):
    /// `{"added":true}` / `{"deleted":true}` (false when the word was not there).
    func changeWords(_ p: RequestParameters, add: Bool) -> HTTPResponse {
        let list: [String]
        if p["mode"] == "batch" {
            list = (p["words"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        } else if let w = p["word"] {
            list = [w]
        } else {
            return .error(400, "Missing 'word' parameter (or 'mode=batch' with 'words')")
        }
        guard !list.isEmpty else { return .error(400, "No word given") }
        var changed = false
        do {
            for w in list {
                if add {
                    try dictionary.add(w)
                    changed = true
                } else if try dictionary.remove(w) {
                    changed = true
                }
            }
        } catch let e as Dictionaries.InvalidWord {
            return .error(400, e.description)
        } catch {
            return .error(500, "Could not write the user dictionary: \(error)")
        }
        return .json(Array((add ? "{\"added\":\(changed)}" : "{\"deleted\":\(changed)}").utf8))
    }
}

/// An error answer decided before any work (status and message).
struct HTTPErrorResponse: Error, Equatable {
    var status: Int
    var message: String
}
