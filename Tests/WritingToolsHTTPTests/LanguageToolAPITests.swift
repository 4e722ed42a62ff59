import Foundation
import Testing
import WritingTools
@testable import WritingToolsHTTP

/// `/v2` answered in process (the handler without the network; the network is Tests/http-e2e's).
@Suite("HTTP: LanguageTool /v2")
struct LanguageToolAPITests {
    let home: String
    let api: LanguageToolAPI

    init() throws {
        home = NSTemporaryDirectory() + "wt-http-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        api = LanguageToolAPI(dictionary: UserDictionary(environment: ["HOME": home]))
    }

    func call(_ method: String = "POST", _ path: String = "/v2/check", query: String = "", form: [(String, String)] = [],
              headers: [(String, String)] = [], api: LanguageToolAPI? = nil) -> HTTPResponse {
        let body = form.map { k, v in
            "\(k)=\(v.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? v)"
        }.joined(separator: "&")
        let request = HTTPRequest(method: method, path: path, query: query, headers: headers.map { ($0.0.lowercased(), $0.1) },
                                  body: Array(body.utf8), remoteAddress: "127.0.0.1")
        return (api ?? self.api).handle(request, server: nil)
    }

    func json(_ r: HTTPResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
    }

    func matches(_ r: HTTPResponse) throws -> [[String: Any]] {
        try #require(try json(r)["matches"] as? [[String: Any]])
    }

    static let sample = "This is a example  sentence with a speling mistake. the next one starts small."

    @Test func checkAnswersEveryFieldTheClientsRead() throws {
        let r = call(form: [("text", Self.sample), ("language", "en-US")])
        #expect(r.status == 200)
        #expect(r.contentType == "application/json")
        let top = try json(r)
        for key in ["software", "warnings", "language", "matches", "sentenceRanges"] { #expect(top[key] != nil, "\(key)") }
        #expect((top["warnings"] as? [String: Any])?["incompleteResults"] as? Bool == false)
        let language = try #require(top["language"] as? [String: Any])
        #expect(language["code"] as? String == "en-US")
        let detected = try #require(language["detectedLanguage"] as? [String: Any])
        for key in ["name", "code", "confidence", "source"] { #expect(detected[key] != nil, "\(key)") }
        let ms = try matches(r)
        #expect(ms.count >= 4)
        for m in ms {
            for key in ["message", "shortMessage", "replacements", "offset", "length", "context", "sentence", "type", "rule",
                        "ignoreForIncompleteSentence", "contextForSureMatch"] {
                #expect(m[key] != nil, "\(key) missing in \(m)")
            }
            let rule = try #require(m["rule"] as? [String: Any])
            for key in ["id", "description", "issueType", "category"] { #expect(rule[key] != nil, "rule.\(key)") }
        }
        // Spelling: LanguageTool's rule id and category, UnknownWord, UTF-16 offsets.
        let spelling = try #require(ms.first { ($0["rule"] as? [String: Any])?["id"] as? String == "MORFOLOGIK_RULE_EN_US" })
        #expect(spelling["offset"] as? Int == (Self.sample as NSString).range(of: "speling").location)
        #expect(((spelling["rule"] as? [String: Any])?["category"] as? [String: Any])?["id"] as? String == "TYPOS")
        #expect((spelling["type"] as? [String: Any])?["typeName"] as? String == "UnknownWord")
        #expect(spelling["sentence"] as? String == "This is a example  sentence with a speling mistake.")
    }

    @Test func offsetsAreUTF16() throws {
        let text = "😀 I has a apple."
        let r = call(form: [("text", text), ("language", "en-US")])
        let an = try #require(try matches(r).first { ($0["rule"] as? [String: Any])?["id"] as? String == "EN_A_VS_AN" })
        #expect(an["offset"] as? Int == (text as NSString).range(of: "a apple").location)
    }

    @Test func textLevelAndTheRestAreDisjointAndComplete() throws {
        func ids(_ mode: String?) throws -> [String] {
            var form = [("text", Self.sample), ("language", "en-US")]
            if let mode { form.append(("mode", mode)) }
            return try matches(call(form: form)).map { m in
                "\((m["rule"] as? [String: Any])?["id"] as? String ?? "")@\(m["offset"] as? Int ?? -1)"
            }
        }
        let all = try ids(nil), textLevel = try ids("textLevelOnly"), rest = try ids("allButTextLevelOnly")
        #expect(!textLevel.isEmpty)
        #expect(Set(textLevel).isDisjoint(with: rest))
        #expect(Set(textLevel).union(rest) == Set(all))
        #expect(call(form: [("text", "x"), ("language", "en-US"), ("mode", "batch")]).status == 400)
    }

    @Test func rulesAndCategoriesFilter() throws {
        func ids(_ extra: [(String, String)]) throws -> Set<String> {
            Set(try matches(call(form: [("text", Self.sample), ("language", "en-US")] + extra)).compactMap { ($0["rule"] as? [String: Any])?["id"] as? String })
        }
        #expect(try !ids([("disabledRules", "MORFOLOGIK_RULE_EN_US")]).contains("MORFOLOGIK_RULE_EN_US"))
        #expect(try !ids([("disabledRules", "WHITESPACE_RULE")]).contains("CONSECUTIVE_SPACES"))
        #expect(try !ids([("disabledCategories", "TYPOS,GRAMMAR")]).contains("EN_A_VS_AN"))
        #expect(try ids([("enabledRules", "EN_A_VS_AN"), ("enabledOnly", "true")]) == ["EN_A_VS_AN"])
        #expect(try ids([("enabledCategories", "TYPOS"), ("enabledOnly", "yes")]) == ["MORFOLOGIK_RULE_EN_US"])
        #expect(call(form: [("text", "x"), ("language", "en-US"), ("enabledOnly", "true")]).status == 400)
        #expect(call(form: [("text", "x"), ("language", "en-US"), ("enabledOnly", "true"), ("enabledRules", "A"), ("disabledRules", "B")]).status == 400)
    }

    @Test func compactModeDropsContextAndSentence() throws {
        let r = call(query: "c=1", form: [("text", Self.sample), ("language", "en-US")])
        let top = try json(r)
        #expect(top["software"] == nil)
        for m in try matches(r) {
            #expect(m["context"] == nil && m["sentence"] == nil)
            #expect((m["replacements"] as? [Any])?.count ?? 0 <= 5)
        }
    }

    @Test func languagesAutoAndVariants() throws {
        let british = "The colour of the centre was the organisation's favourite; it will be realised."
        let auto = try json(call(form: [("text", british), ("language", "auto")]))
        #expect(((auto["language"] as? [String: Any])?["code"] as? String) == "en-GB")
        let preferred = try json(call(form: [("text", "Hello there."), ("language", "auto"), ("preferredVariants", "en-GB,de-AT")]))
        #expect(((preferred["language"] as? [String: Any])?["code"] as? String) == "en-GB")
        #expect(call(form: [("text", "x"), ("language", "en-US"), ("preferredVariants", "en-GB")]).status == 400)
        #expect(try json(call(form: [("text", "x"), ("language", "en")]))["language"].map { ($0 as? [String: Any])?["code"] as? String } == "en-US")
        let missing = call(form: [("text", "x")])
        #expect(missing.status == 400)
        #expect(String(decoding: missing.body, as: UTF8.self).hasPrefix("Error: Missing 'language' parameter"))
        #expect(call(form: [("text", "x"), ("language", "xx-YY")]).status == 400)
        // A variant without a dictionary of its own is checked with the closest one.
        #expect(api.installedTag(for: "en-AU") == "en-GB")
        #expect(api.installedTag(for: "en_us") == "en-US")
        #expect(api.installedTag(for: "de-DE") == nil)
        #expect(call(form: [("text", "x"), ("language", "en-US"), ("level", "extreme")]).status == 400)
        #expect(call(form: [("text", "x"), ("language", "en-US"), ("level", "picky")]).status == 200)
        #expect(call(form: [("text", "x"), ("language", "en-US"), ("motherTongue", "de-DE")]).status == 200)
        let languages = try #require(JSONSerialization.jsonObject(with: Data(call("GET", "/v2/languages").body)) as? [[String: String]])
        #expect(languages.contains { $0["longCode"] == "en-US" && $0["code"] == "en" && $0["name"] == "English (US)" })
    }

    @Test func textAndDataAreExclusiveAndMarkupOffsetsAreTheClients() throws {
        #expect(call(form: [("language", "en-US")]).status == 400)
        #expect(call(form: [("text", "a"), ("data", #"{"text":"a"}"#), ("language", "en-US")]).status == 400)
        #expect(call(form: [("data", "{"), ("language", "en-US")]).status == 400)
        let data = #"{"annotation":[{"markup":"<p>"},{"text":"This is a "},{"markup":"<b>"},{"text":"speling"},{"markup":"</b>"},{"text":" test."},{"markup":"</p>","interpretAs":"\n\n"}]}"#
        let ms = try matches(call(form: [("data", data), ("language", "en-US")]))
        let spelling = try #require(ms.first { ($0["rule"] as? [String: Any])?["id"] as? String == "MORFOLOGIK_RULE_EN_US" })
        #expect(spelling["offset"] as? Int == "<p>This is a <b>".utf16.count)
        #expect(spelling["length"] as? Int == 7)
    }

    @Test func sentenceRangesAreTheCheckersInTheClientsOffsets() throws {
        let plain = try json(call(form: [("text", "One sentence here.  Two follow, e.g. this one.\n\nA paragraph."), ("language", "en-US")]))
        #expect(plain["sentenceRanges"] as? [[Int]] == [[0, 18], [20, 46], [48, 60]])
        let data = #"{"annotation":[{"markup":"<p>"},{"text":"Hello world."},{"markup":"</p>","interpretAs":"\n\n"},{"markup":"<p>"},{"text":"Bye now."}]}"#
        let marked = try json(call(form: [("data", data), ("language", "en-US")]))
        #expect(marked["sentenceRanges"] as? [[Int]] == [[3, 15], [22, 30]])
    }

    @Test func tooLongTextIs413() {
        var small = api
        small.maxTextLength = 10
        let r = call(form: [("text", "This text is longer than ten."), ("language", "en-US")], api: small)
        #expect(r.status == 413)
        #expect(String(decoding: r.body, as: UTF8.self).hasPrefix("Error: Your text exceeds the limit of 10 characters"))
    }

    @Test func apiKeyIsRequiredWhenSet() {
        var keyed = api
        keyed.apiKey = "s3cret"
        let form = [("text", "Hello."), ("language", "en-US")]
        #expect(call(form: form, api: keyed).status == 401)
        #expect(call(form: form + [("apiKey", "wrong")], api: keyed).status == 403)
        #expect(call(form: form + [("username", "me"), ("apiKey", "s3cret")], api: keyed).status == 200)
        #expect(call(form: form, headers: [("Authorization", "Bearer s3cret")], api: keyed).status == 200)
        #expect(call("GET", "/v2/healthcheck", api: keyed).status == 200)
        #expect(LanguageToolAPI.constantTimeEqual("abc", "abc") && !LanguageToolAPI.constantTimeEqual("abc", "abd") && !LanguageToolAPI.constantTimeEqual("ab", "abc"))
    }

    @Test func wordsAreTheUserDictionary() throws {
        #expect(try json(call("POST", "/v2/words/add", form: [("word", "Zorblax")]))["added"] as? Bool == true)
        #expect(try json(call("POST", "/v2/words/add", form: [("mode", "batch"), ("words", "kubectl Deno")]))["added"] as? Bool == true)
        #expect(try json(call("GET", "/v2/words"))["words"] as? [String] == ["Zorblax", "kubectl", "Deno"])
        #expect(try json(call("GET", "/v2/words", query: "offset=1&limit=1"))["words"] as? [String] == ["kubectl"])
        // The words are accepted by the next check.
        let ids = try matches(call(form: [("text", "Zorblax runs kubectl."), ("language", "en-US")])).map { ($0["rule"] as? [String: Any])?["id"] as? String }
        #expect(!ids.contains("MORFOLOGIK_RULE_EN_US"))
        #expect(try json(call("POST", "/v2/words/delete", form: [("word", "Zorblax")]))["deleted"] as? Bool == true)
        #expect(try json(call("POST", "/v2/words/delete", form: [("word", "Zorblax")]))["deleted"] as? Bool == false)
        #expect(try String(contentsOfFile: home + "/.config/writing-tools/dictionary.txt", encoding: .utf8) == "kubectl\nDeno\n")
        #expect(call("POST", "/v2/words/add", form: [("word", "#hash")]).status == 400)
        // A 5,000-character "word" (the break-it trial grew the file so): 400, the file unchanged.
        let huge = call("POST", "/v2/words/add", form: [("word", String(repeating: "w", count: 5_000))])
        #expect(huge.status == 400 && String(decoding: huge.body, as: UTF8.self).contains("at most 256 bytes"), "\(String(decoding: huge.body, as: UTF8.self))")
        #expect(call("POST", "/v2/words").status == 405)
        #expect(call("GET", "/v2/words/add").status == 405)
    }

    /// A check sent again is answered from the cache, byte for byte; another option, another
    /// text or another language is checked anew.
    /// `level=picky` adds the rules for formal text; `enabledRules` (or `enabledCategories`)
    /// switches one on at the default level, as LanguageTool's rules that are off by default;
    /// the cache keeps the levels apart.
    @Test func pickyLevelAndEnabledRules() throws {
        let text = "We utilize a cache in order to speed it up, and it doesn't change the results."
        func ids(_ extra: [(String, String)]) throws -> [String] {
            try matches(call(form: [("text", text), ("language", "en-US")] + extra)).compactMap { ($0["rule"] as? [String: Any])?["id"] as? String }
        }
        #expect(try ids([]).isEmpty)
        #expect(try ids([("level", "picky")]) == ["EN_PICKY_PLAIN_WORD", "EN_PICKY_IN_ORDER_TO", "EN_PICKY_CONTRACTION"])
        #expect(try ids([("level", "PICKY"), ("disabledRules", "EN_PICKY_IN_ORDER_TO")]) == ["EN_PICKY_PLAIN_WORD", "EN_PICKY_CONTRACTION"])
        #expect(try ids([("enabledRules", "EN_PICKY_CONTRACTION")]) == ["EN_PICKY_CONTRACTION"])
        #expect(try ids([("enabledRules", "EN_PICKY_CONTRACTION"), ("enabledOnly", "true")]) == ["EN_PICKY_CONTRACTION"])
        #expect(try ids([("enabledCategories", "STYLE"), ("enabledOnly", "true")]) == ["EN_PICKY_PLAIN_WORD", "EN_PICKY_IN_ORDER_TO", "EN_PICKY_CONTRACTION"])
        // Answered again from the cache, each level its own answer.
        #expect(try ids([]).isEmpty)
        #expect(try ids([("level", "picky")]).count == 3)
    }

    @Test func aRepeatedCheckIsAnsweredFromTheCache() throws {
        let form = [("text", Self.sample), ("language", "en-US")]
        let first = call(form: form)
        let second = call(form: form)
        #expect(first.status == 200 && second.status == 200)
        #expect(first.body == second.body && !first.body.isEmpty)
        var s = api.cache.statistics
        #expect(s.hits == 1 && s.misses == 1 && s.entries == 1, "\(s)")
        for other in [form + [("c", "1")], form + [("disabledRules", "EN_A_VS_AN")], form + [("disabledCategories", "TYPOS")],
                      [("text", Self.sample + " "), ("language", "en-US")], [("text", Self.sample), ("language", "en-GB")],
                      [("data", #"{"annotation":[{"markup":"<p>"},{"text":"This is a example  sentence with a speling mistake. the next one starts small."}]}"#),
                       ("language", "en-US")]] {
            #expect(call(form: other).body != first.body, "\(other)")
        }
        s = api.cache.statistics
        #expect(s.hits == 1 && s.misses == 7, "\(s)")
        // Errors are not kept.
        #expect(call(form: [("text", Self.sample)]).status == 400)
        #expect(api.cache.statistics.entries == 7)
        // The answers agree with a server without a cache.
        var uncached = LanguageToolAPI(dictionary: UserDictionary(environment: ["HOME": home]))
        uncached.cache = CheckCache(maxEntries: 0)
        #expect(call(form: form, api: uncached).body == second.body)
        #expect(!uncached.cache.isEnabled && uncached.cache.statistics.entries == 0)
    }

    /// A word added to or deleted from the user dictionary, through `/v2/words` or by editing the
    /// file, makes the answers given before unusable.
    @Test func theCacheFollowsTheUserDictionary() throws {
        let form = [("text", "Zorblax runs the tests."), ("language", "en-US")]
        func flagged() throws -> Bool {
            try matches(call(form: form)).contains { ($0["rule"] as? [String: Any])?["id"] as? String == "MORFOLOGIK_RULE_EN_US" }
        }
        #expect(try flagged())
        #expect(try flagged())
        #expect(try json(call("POST", "/v2/words/add", form: [("word", "Zorblax")]))["added"] as? Bool == true)
        #expect(try !flagged())
        #expect(try json(call("POST", "/v2/words/delete", form: [("word", "Zorblax")]))["deleted"] as? Bool == true)
        #expect(try flagged())
        // The file edited by another program (the CLI's `dictionary add`, an editor).
        try "Zorblax\n".write(toFile: home + "/.config/writing-tools/dictionary.txt", atomically: true, encoding: .utf8)
        #expect(try !flagged())
    }

    /// The cache holds at most its entries and bytes, drops an answer too big to keep, and keeps
    /// what was used lately.
    @Test func theCacheIsBounded() {
        func key(_ i: Int) -> CheckCache.Key {
            CheckCache.Key(input: "t\(i)", isData: false, language: "en-US", detected: false, disabledRules: [], level: "default", enabledRules: [], disabledCategories: [],
                           onlyRules: nil, onlyCategories: nil, compact: false, dictionaryGeneration: 0)
        }
        let few = CheckCache(maxEntries: 8)
        for i in 0..<100 { few.store([UInt8](repeating: 1, count: 10), for: key(i)) }
        #expect(few.statistics.entries <= 8)
        #expect(few.answer(for: key(99)) != nil && few.answer(for: key(0)) == nil)

        let small = CheckCache(maxEntries: 1000, maxBytes: 16_000)
        for i in 0..<100 { small.store([UInt8](repeating: 2, count: 900), for: key(i)) }
        #expect(small.statistics.bytes <= 16_000 && small.statistics.entries < 100, "\(small.statistics)")
        small.store([UInt8](repeating: 3, count: 2_000), for: key(1_000))
        #expect(small.answer(for: key(1_000)) == nil, "an answer over a sixteenth of the bytes is not kept")

        let lru = CheckCache(maxEntries: 4)
        lru.store([1], for: key(1))
        lru.store([2], for: key(2))
        lru.store([3], for: key(3))
        #expect(lru.answer(for: key(1)) == [1])   // used: kept
        lru.store([4], for: key(4))
        lru.store([5], for: key(5))
        #expect(lru.answer(for: key(1)) == [1] && lru.answer(for: key(2)) == nil)
        #expect(lru.statistics.entries <= 4)

        let one = CheckCache(maxEntries: 1)
        one.store([1], for: key(1))
        one.store([2], for: key(2))
        #expect(one.statistics.entries == 1 && one.answer(for: key(2)) == [2])
    }

    @Test func otherEndpoints() throws {
        #expect(String(decoding: call("GET", "/v2/maxtextlength").body, as: UTF8.self) == "100000")
        let info = try json(call("GET", "/v2/info"))
        #expect((info["software"] as? [String: Any])?["name"] as? String == "writing-tools")
        let config = try json(call("GET", "/v2/configinfo", query: "language=en-US"))
        let rules = try #require(config["rules"] as? [[String: Any]])
        #expect(rules.contains { $0["ruleId"] as? String == "MORFOLOGIK_RULE_EN_US" && $0["isDictionaryBasedSpellingRule"] as? String == "yes" })
        #expect(rules.contains { $0["ruleId"] as? String == "CONSECUTIVE_SPACES" && $0["isTextLevelRule"] as? String == "yes" })
        #expect(call("GET", "/v2/configinfo").status == 400)
        let unknown = call("GET", "/v2/nope")
        #expect(unknown.status == 404)
        #expect(String(decoding: unknown.body, as: UTF8.self).hasPrefix("Error: Unsupported action: 'nope'"))
        #expect(call("GET", "/").status == 400)
        #expect(call("DELETE", "/v2/check").status == 405)
        #expect(call("GET", "/v2/check", query: "text=A+test.&language=en-US").status == 200)
        #expect(String(decoding: call("GET", "/v2/healthcheck").body, as: UTF8.self) == "OK")
    }

    @Test func theCLIReportShapeIsUnchangedAndTheWireShapeAddsFields() throws {
        let s = ProofreadingSuggestion(range: NSRange(location: 4, length: 3), replacements: ["the"], ruleID: "SPELLING",
                                       category: .typos,
                                       message: "“teh” is not in the dictionary.", provenance: .spelling)
        let units = Array("See teh cat.".utf16)
        var cli = JSONLineWriter()
        LanguageToolFormat.writeMatch(s, units: units, to: &cli)
        #expect(cli.text == #"{"context":{"length":3,"offset":4,"text":"See teh cat."},"length":3,"message":"“teh” is not in the dictionary.","offset":4,"provenance":"spelling","replacements":[{"value":"the"}],"rule":{"category":{"id":"TYPOS","name":"Possible Typo"},"description":"\#(LanguageToolFormat.ruleSummaries["SPELLING"] ?? "")","id":"SPELLING"},"shortMessage":"Possible Typo"}"#)
        var wire = JSONLineWriter()
        LanguageToolFormat.writeMatch(s, units: units, sentence: "See teh cat.", options: .init(languageToolFields: true, language: "en-GB"), to: &wire)
        let m = try #require(JSONSerialization.jsonObject(with: Data(wire.utf8)) as? [String: Any])
        #expect((m["rule"] as? [String: Any])?["id"] as? String == "MORFOLOGIK_RULE_EN_GB")
        #expect(m["sentence"] as? String == "See teh cat.")
        #expect(LanguageToolFormat.ourRuleID(forWire: "morfologik_rule_en_us") == "SPELLING")
        #expect(LanguageToolFormat.ourRuleID(forWire: "WHITESPACE_RULE") == "CONSECUTIVE_SPACES")
    }
}
