import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// Opt-in measurement of the spelling rule on the shared development data (never copied into
/// the repository). Run with `WT_EVAL=1 swift test -c release --filter SpellingEval`;
/// `WT_EVAL_DATA` overrides the data folder, `WT_EVAL_OUT` names a file for the misses.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["WT_EVAL"] == "1"))
struct SpellingEvalTests {
    static var dataFolder: String {
        ProcessInfo.processInfo.environment["WT_EVAL_DATA"] ?? "/work/shared/data/dev"
    }

    static func records(_ name: String) throws -> [[String: Any]] {
        let text = try String(contentsOfFile: dataFolder + "/" + name, encoding: .utf8)
        return try text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }

    static func matches(_ proofreader: Proofreader, _ text: String) -> [Match] {
        proofreader.check(DocumentParser.parse(text, markup: .plain))
    }

    @Test func spellingTask() throws {
        let start = Date()
        let speller = try HunspellSpeller(language: "en-US")
        let proofreader = Proofreader(speller: speller, rules: [Self.rule])
        _ = Self.matches(proofreader, "I wrote recieve yesterday.")
        let startup = Date().timeIntervalSince(start)
        var n = 0, detected = 0, top1 = 0, top5 = 0
        var misses: [String] = []
        let t0 = Date()
        var chars = 0
        for r in try Self.records("spelling.jsonl") where (r["real_word"] as? Bool) == false {
            n += 1
            let text = r["text"] as! String
            chars += text.utf16.count
            let span = r["span"] as! [Int]
            let targets = r["targets"] as! [String]
            let ms = Self.matches(proofreader, text)
            guard let m = ms.first(where: { $0.range.location < span[1] && $0.range.location + $0.range.length > span[0] }) else {
                misses.append("UNDETECTED \(r["misspelling"]!)")
                continue
            }
            detected += 1
            func same(_ s: String, _ t: String) -> Bool { t == t.lowercased() ? s.lowercased() == t : s == t }
            let rank = m.replacements.firstIndex { s in targets.contains { same(s, $0) } }
            if rank == 0 { top1 += 1 }
            if let k = rank, k < 5 { top5 += 1 }
            if rank != 0 {
                misses.append("\(r["misspelling"]!) -> \(targets) got \(m.replacements) rank \(rank.map(String.init) ?? "-")")
            }
        }
        let elapsed = Date().timeIntervalSince(t0)
        let pct = { (x: Int) in String(format: "%.1f", 100.0 * Double(x) / Double(max(n, 1))) }
        let summary = """
            spelling: n=\(n) detection \(pct(detected)) top-1 \(pct(top1)) top-5 \(pct(top5))
            start-up \(String(format: "%.1f", startup * 1000)) ms, \(String(format: "%.1f", elapsed / Double(n) * 1e6)) µs per record, \(String(format: "%.0f", Double(chars) / elapsed / 1000)) kchar/s
            """
        print(summary)
        if let out = ProcessInfo.processInfo.environment["WT_EVAL_OUT"] {
            try (summary + "\n" + misses.joined(separator: "\n")).write(toFile: out, atomically: true, encoding: .utf8)
        }
    }

    static var rule: SpellingRule {
        return SpellingRule()
    }

    @Test func examplesFalsePositives() throws {
        var proofreaders: [String: Proofreader] = [:]
        var n = 0, flagged = 0, incorrect = 0, detected = 0
        var lines: [String] = []
        let t0 = Date()
        var chars = 0
        for r in try Self.records("examples.jsonl") where r["apart"] is NSNull || r["apart"] == nil {
            let text = r["text"] as! String
            chars += text.utf16.count
            let language = r["language"] as? String ?? "en-US"
            if proofreaders[language] == nil {
                let speller = try (try? HunspellSpeller(language: language)) ?? HunspellSpeller(language: "en-US")
                proofreaders[language] = Proofreader(speller: speller, rules: [Self.rule])
            }
            let ms = Self.matches(proofreaders[language]!, text)
            if (r["kind"] as? String) == "correct" {
                n += 1
                if !ms.isEmpty {
                    flagged += 1
                    let words = ms.map { m in (text as NSString).substring(with: m.range) }
                    lines.append("FP \(words) | \(text)")
                }
            } else if let span = r["span"] as? [Int], (r["category"] as? String) == "TYPOS" || (r["category"] as? String) == "Spelling" {
                incorrect += 1
                if ms.contains(where: { $0.range.location < span[1] && $0.range.location + $0.range.length > span[0] }) {
                    detected += 1
                }
            }
        }
        let elapsed = Date().timeIntervalSince(t0)
        let summary = String(format: "examples: false-positive rate %.1f%% (%d/%d); spelling/typo detection %d/%d; %.0f kchar/s",
                             100.0 * Double(flagged) / Double(max(n, 1)), flagged, n, detected, incorrect,
                             Double(chars) / elapsed / 1000)
        print(summary)
        if let out = ProcessInfo.processInfo.environment["WT_EVAL_OUT"] {
            try (summary + "\n" + lines.joined(separator: "\n")).write(toFile: out + ".examples", atomically: true, encoding: .utf8)
        }
    }
}
