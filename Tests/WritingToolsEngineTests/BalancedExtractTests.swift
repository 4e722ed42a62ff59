import Foundation
import Testing
import DocumentStructure
import Proofreading
@testable import WritingToolsEngine

/// The extractive tools (Summary, Key Points, List) take sentences whole: never a fragment
/// whose bracket or quotation mark has its pair in another sentence (the sentence splitter
/// cuts at a full stop inside "(see v. 2. It explains…)").
@Suite("Extracts keep brackets and quotation marks paired")
struct BalancedExtractTests {
    /// The marks of `text` left unpaired: a closing mark with nothing open, or an opening mark
    /// never closed (straight `"` counted in twos).
    static func unpaired(_ text: String) -> [Character] {
        let close: [Character: Character] = [")": "(", "]": "[", "}": "{", "”": "“", "’": "‘", "»": "«"]
        var open: [Character] = []
        var stray: [Character] = []
        var straight = 0
        for c in text {
            if c == "\"" { straight += 1 } else if "([{“‘«".contains(c) { open.append(c) } else if let o = close[c] {
                if open.last == o { open.removeLast() } else if c != "’" { stray.append(c) } // ’ is also an apostrophe
            }
        }
        return stray + open + (straight % 2 == 1 ? ["\""] : [])
    }

    func output(_ tool: WritingTool, _ text: String, markup: MarkupKind = .plain) throws -> String {
        let events = try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text, markup: markup, resultOptions: [.plainText, .list]))
        for e in events { if case let .result(r) = e { return r.text } }
        Issue.record("no result")
        return ""
    }

    /// The user's report: the summary was the second half of a parenthesis cut at "v. 2.".
    /// A summary that drops “First,” from its first sentence drops the next step's “Second,”
    /// too (it read “We moved … Second, the database …”); a connective of a sentence that
    /// follows its neighbour in the text is kept otherwise.
    @Test func summaryDropsTheRestOfAnEnumerationItCut() throws {
        let text = "First, we moved the servers to the new region last week. Second, the database was upgraded to version 16 on Monday. "
            + "Third, the cache layer was rewritten to cut latency by half. Also, the team hired two engineers for the platform group. "
            + "Finally, the budget for next year was approved by the board."
        let summary = try output(.summary, text)
        #expect(!summary.isEmpty)
        for marker in ["First,", "Second,", "Third,", "Finally,"] { #expect(!summary.contains(marker), "\(summary)") }
    }

    @Test func summaryOfACutParenthesis() throws {
        let text = """
        Caching makes incremental builds faster for every project. The build cache stores compiled modules (see the docs at v. 2. It explains how the build cache stores compiled modules and when the build cache is invalidated) so builds reuse compiled modules. The build cache is invalidated when the toolchain changes.

        Compiled modules in the build cache are shared between targets. Incremental builds reuse the build cache and skip compiled modules that did not change.
        """
        for tool in [WritingTool.summary, .keyPoints, .list] {
            let out = try output(tool, text)
            #expect(!out.isEmpty)
            #expect(Self.unpaired(out).isEmpty, "\(tool): \(out)")
            #expect(!out.contains("It explains how") || out.contains("(see the docs at v. 2. It explains"), "\(tool): \(out)")
        }
    }

    /// Parentheses and quotations holding a sentence break, at every position in a paragraph,
    /// in plain text and Markdown: no output has a mark the input paired left unpaired.
    @Test func cutsInsideEveryKindOfPair() throws {
        let asides = [
            "(see the notes at p. 4. They cover the cache in depth)",
            "(“the best release yet! Everyone noticed it”)",
            "[as the vendor says. It is not a guarantee]",
            "(which matters. Really, it does (mostly. Not always))",
            "\"a quote with two sentences. Here is the second\"",
            "«le cache est rapide. Il est aussi petit»",
            "(‘the users’ builds are quicker. Nobody waits’, they say)",
        ]
        let sentences = [
            "The build cache keeps compiled modules between runs",
            "Incremental builds reuse the build cache when nothing changed",
            "The build cache is cleared when the toolchain changes",
            "Teams with large projects see the biggest gains from the build cache",
            "The build cache lives in the build folder of each project",
        ]
        for (a, aside) in asides.enumerated() {
            for position in sentences.indices {
                var parts = sentences.map { $0 + "." }
                parts[position] = sentences[position] + " " + aside + " for most teams."
                let text = parts[0..<3].joined(separator: " ") + "\n\n" + parts[3...].joined(separator: " ") + "\n"
                #expect(Self.unpaired(text).isEmpty)
                for markup in [MarkupKind.plain, .markdown] {
                    for tool in [WritingTool.summary, .keyPoints, .list] {
                        let out = try output(tool, text, markup: markup)
                        #expect(Self.unpaired(out).isEmpty, "aside \(a) in sentence \(position), \(tool), \(markup): \(out)")
                    }
                }
            }
        }
    }

    static func tokens(_ text: String) -> [[Token]] {
        SentenceSplitter.split(Tokenizer.tokenize(text), blockStart: true).map(\.tokens.array)
    }

    static func texts(_ sentences: [[Token]]) -> [String] {
        sentences.map { $0.map(\.text).joined().trimmingCharacters(in: .whitespaces) }
    }

    @Test func joinsOnlyWhatAPairSpans() {
        // Split inside the parenthesis: joined.
        let cut = Self.tokens("One (see p. 4. It is long) two. Three.")
        #expect(Self.texts(cut).count == 3)
        #expect(Self.texts(TextAnalysis.joinedAcrossOpenPairs(cut)) == ["One (see p. 4. It is long) two.", "Three."])
        // A quotation of two sentences.
        let quote = Self.tokens("He said, \"Go now. Do not wait.\" Then he left.")
        #expect(Self.texts(TextAnalysis.joinedAcrossOpenPairs(quote)) == ["He said, \"Go now. Do not wait.\"", "Then he left."])
        // British quotation marks, with a possessive apostrophe inside.
        let british = Self.tokens("She wrote: ‘Go now. The users’ builds can wait.’ Then she left.")
        #expect(Self.texts(TextAnalysis.joinedAcrossOpenPairs(british)).last == "Then she left.")
        #expect(Self.unpaired(Self.texts(TextAnalysis.joinedAcrossOpenPairs(british)).first ?? "").isEmpty)
        // Marks the text never pairs join nothing: "1)", an emoticon, inches, a bracket never closed.
        for text in ["1) Plug it in. 2) Switch it on. 3) Wait.", "It works :) Really. It does.",
                     "The 27\" screen is big. The \"pro\" one is bigger. Both are fine.",
                     "It opens (and never closes. That is all. The end."] {
            let split = Self.tokens(text)
            #expect(Self.texts(TextAnalysis.joinedAcrossOpenPairs(split)) == Self.texts(split), "\(text)")
        }
    }
}
