import Foundation
import Testing
import DocumentStructure
import WritingToolsEngine

/// Opt-in benchmark (`WT_BENCH=1`, see Benchmarks/offline_tools.sh): every offline tool on
/// 256 KB, 512 KB and 1 MB documents built from the fixtures, to show linear time.
@Suite("Offline tools benchmark", .enabled(if: ProcessInfo.processInfo.environment["WT_BENCH"] != nil))
struct OfflineBenchmarkTests {
    /// A plain-text document of about `bytes` UTF-8 bytes: the prose fixtures repeated, each
    /// copy's paragraphs numbered so that no two paragraphs are identical.
    static func document(bytes: Int) throws -> String {
        let parts = try ["gettysburg.txt", "thoreau-civil-disobedience.txt", "emerson-self-reliance.txt", "email-thread.txt",
                         "recipe.txt", "cities.txt", "no-structure.txt"].map(Fixture.text)
        var out = ""
        var copy = 0
        while out.utf8.count < bytes {
            copy += 1
            for p in parts {
                out += "Part \(copy) of the collection, section \(out.utf8.count % 97).\n\n" + p + "\n"
            }
        }
        // Cut at the last paragraph break before `bytes`.
        var cut = String(decoding: out.utf8.prefix(bytes), as: UTF8.self)
        if let r = cut.range(of: "\n\n", options: .backwards) { cut = String(cut[..<r.lowerBound]) + "\n" }
        return cut
    }

    /// The worst shape for per-paragraph work: the whole document one paragraph, with a
    /// protected URL in every sentence.
    @Test func oneParagraphWithURLs() throws {
        func document(_ bytes: Int) -> String {
            var out = ""
            var k = 0
            while out.utf8.count < bytes {
                k += 1
                out += "Read https://example.org/page/\(k) in order to learn more about item \(k), which is very good. "
            }
            return out
        }
        let engine = BuiltInToolEngine()
        var lines = ["| tool (one 1 MB paragraph) | 256 KB | 1 MB | ratio |", "|---|---:|---:|---:|"]
        for tool in [WritingTool.summary, .keyPoints, .list, .table, .concise] {
            var times: [Double] = []
            for bytes in [256 * 1024, 1024 * 1024] {
                let d = document(bytes)
                let start = ContinuousClock.now
                _ = try engine.events(for: ToolRequest(tool: tool, text: d, resultOptions: [.plainText, .list, .table]))
                let elapsed = ContinuousClock.now - start
                times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
            let ratio = times[1] / max(times[0], 1e-9)
            lines.append("| \(tool.commandName) | " + times.map { String(format: "%.3f s", $0) }.joined(separator: " | ") + String(format: " | %.2f |", ratio))
            #expect(ratio < 7, "\(tool): 1 MB took \(ratio)× the 256 KB time")
        }
        print(lines.joined(separator: "\n"))
        if let path = ProcessInfo.processInfo.environment["WT_BENCH_OUT"] {
            let old = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            try (old + "\n" + lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    @Test func linearTime() throws {
        let tools: [WritingTool] = [.summary, .keyPoints, .list, .table, .concise, .professional, .friendly, .rewrite, .proofread,
                                    .describeYourChange(instruction: "shorter and more formal")]
        let sizes = [256 * 1024, 512 * 1024, 1024 * 1024]
        let docs = try sizes.map(Self.document)
        let engine = BuiltInToolEngine()
        // Warm up: load the dictionary and the spelling index once.
        _ = try engine.events(for: ToolRequest(tool: .proofread, text: "Warm up the speller."))
        var lines = ["| tool | 256 KB | 512 KB | 1 MB | 1 MB / 256 KB |", "|---|---:|---:|---:|---:|"]
        for tool in tools {
            var times: [Double] = []
            for d in docs {
                // Best of three runs: the machine may be busy with other work.
                var best = Double.infinity
                for _ in 0..<3 {
                    let start = ContinuousClock.now
                    let events = try engine.events(for: ToolRequest(tool: tool, text: d, resultOptions: [.plainText, .list, .table]))
                    let elapsed = ContinuousClock.now - start
                    #expect(!events.isEmpty)
                    best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                }
                times.append(best)
            }
            let ratio = times[2] / max(times[0], 1e-9)
            lines.append("| \(tool.commandName == "describe" ? "describe (shorter and more formal)" : tool.commandName) | "
                + times.map { String(format: "%.3f s", $0) }.joined(separator: " | ") + String(format: " | %.2f |", ratio))
            // Linear: four times the text takes about four times as long (well under n²'s 16).
            #expect(ratio < 7, "\(tool): 1 MB took \(ratio)× the 256 KB time")
        }
        let report = lines.joined(separator: "\n")
        print(report)
        if let path = ProcessInfo.processInfo.environment["WT_BENCH_OUT"] {
            try (report + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
