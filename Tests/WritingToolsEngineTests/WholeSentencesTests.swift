import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// No sentence of a Summary or Key Points is a fragment (issue 34, trial 46: bc's README gave
/// "tells bc to use the BSD editline package…", a predicate whose subject, an option, was
/// left out, and "…(b) addition of the &&, ||, and !", cut at an operator read as a sentence's
/// end; its label lines, "OS: UNIX (BSD, System V, MINIX, POSIX)", and its list of machines,
/// "MINIX 1.5 (IBM PC, …)", had no verb). Fixture `summaries/bc-README.txt` (bc's own README)
/// and the real READMEs, NEWS files and manual pages among the other fixtures.
@Suite("Summary and Key Points: whole sentences")
struct WholeSentencesTests {
    private func result(_ tool: WritingTool, _ name: String) throws -> String {
        let text = try Fixture.text(name)
        let markup: MarkupKind = name.hasSuffix(".md") ? .markdown : .plain
        for case let .result(r) in try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text, markup: markup, resultOptions: [.plainText, .list])) {
            return r.text
        }
        return ""
    }

    @Test func fragmentsAreNoSentences() {
        for p in ["tells bc to use the BSD editline package that allows for editing input lines.",
                  "The major changes are (a) names, (b) addition of the &&, ||, and !",
                  "MINIX 1.5 (IBM PC, both K&R and ANSI compilers)", "(Sparc Ultra 10, Pentium II, 450.)"] {
            #expect(DocumentDigest.isFragmentOfASentence(p), "\(p)")
        }
        for p in ["bc is an arbitrary precision numeric processing language.", "It supports interactive execution of statements.",
                  "The Makefile contains rules to make sbc.", "I'm calling this point the crossover point.", "Don't panic!",
                  "Sara and I will update the timeline tomorrow."] {
            #expect(!DocumentDigest.isFragmentOfASentence(p), "\(p)")
        }
    }

    @Test(arguments: ["summaries/bc-README.txt", "leads/coreutils-README.txt", "leads/gettext-README.txt", "leads/make-README.txt",
                      "boilerplate/wget-README.txt", "boilerplate/wget-NEWS.txt", "summaries/zstd-readme.md", "readme.md",
                      "manpages/grep.1.txt"])
    func everySentenceOfAResultIsWhole(name: String) throws {
        for tool in [WritingTool.summary, .keyPoints] {
            let out = try result(tool, name)
            #expect(!out.isEmpty, "\(name) \(tool)")
            let points = tool == .keyPoints ? out.split(separator: "\n").filter { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) } : [out]
            for p in points {
                #expect(!p.hasPrefix("tells ") && p.range(of: #"\s[!?](\s|$)"#, options: .regularExpression) == nil, "\(name) \(tool): \(p)")
                if tool == .keyPoints {
                    #expect(!DocumentDigest.isFragmentOfASentence(p) || !DocumentDigest.isClosed(p), "\(name): a fragment: \(p)")
                }
            }
        }
        if name == "summaries/bc-README.txt" {
            let points = try result(.keyPoints, name)
            #expect(!points.contains("OS: UNIX") && !points.contains("MINIX 1.5 (") && !points.contains("operators, (c)"), "\(points)")
        }
    }
}
