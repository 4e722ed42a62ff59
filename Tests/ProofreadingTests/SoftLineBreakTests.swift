import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// A paragraph's soft line breaks are spaces between words: a slip split across two lines of a
/// wrapped paragraph is found as on one line (CommonMark 0.31 §6.7: a soft break renders as a
/// space). Line breaks that may end an item of their own (a plain-text line starting with a
/// bullet) and those of headings and table cells are not.
struct SoftLineBreakTests {
    static let rules: [any Rule] = [ArticleAnRule(), RepeatedWordRule(), RuleRegistry.rule(id: "EN_MODAL_OF")!, ConsecutiveSpacesRule()]

    func found(_ text: String, markup: MarkupKind) -> [String] {
        RuleTestSupport.matches(Self.rules, in: text, markup: markup).map { m in
            "\(m.ruleID) \((text as NSString).substring(with: m.range))"
        }
    }

    @Test func tokenizerReadsSoftBreaksAsWhitespace() {
        func kinds(_ text: String, _ mode: Tokenizer.LineBreaks) -> [String] {
            var store = Tokenizer.makeStore(text, lineBreaks: mode)
            defer { store.deallocate() }
            return store.moveAll().map { "\($0.kind):\($0.text)" }
        }
        #expect(kinds("a\napple", .kept) == ["word:a", "newline:\n", "word:apple"])
        #expect(kinds("a\napple", .spaces) == ["word:a", "whitespace:\n", "word:apple"])
        #expect(kinds("a  \r\n  b", .spaces) == ["word:a", "whitespace:  \r\n  ", "word:b"])
        #expect(kinds("a\n- b", .spaces) == ["word:a", "whitespace:\n", "punctuation:-", "whitespace: ", "word:b"])
        // Plain text: only a break before a letter.
        #expect(kinds("a\n- b", .spacesBeforeLetter) == ["word:a", "newline:\n", "punctuation:-", "whitespace: ", "word:b"])
        #expect(kinds("a\n  b", .spacesBeforeLetter) == ["word:a", "whitespace:\n  ", "word:b"])
        // One soft break to a run: a blank line is never inside one.
        #expect(kinds("a\n\nb", .spaces) == ["word:a", "whitespace:\n", "newline:\n", "word:b"])
    }

    @Test func markdownParagraphsAndListItems() {
        #expect(found("I want a\napple and I could\nof known that the\nthe cat is here.\n", markup: .markdown)
                == ["EN_A_VS_AN a", "EN_MODAL_OF could\nof", "REPEATED_WORD the "])   // the second “the”, to delete
        #expect(found("- I want a\n  apple today.\n- And\n  a pear.\n", markup: .markdown) == ["EN_A_VS_AN a"])
        #expect(found("> Quoted text with a\n> apple in it.\n", markup: .markdown) == ["EN_A_VS_AN a"])
    }

    /// A word repeated across a soft line break: the fix deletes the second word and keeps the
    /// line break and the next line's indentation (it used to join the two lines).
    @Test func repeatedWordAcrossALineBreakKeepsTheBreak() {
        func fixed(_ text: String, markup: MarkupKind) -> String {
            let m = RuleTestSupport.matches([RepeatedWordRule()], in: text, markup: markup)
            guard let first = m.first, let r = first.replacements.first else { return "no match" }
            return RuleTestSupport.applying(r, at: first.range, to: text)
        }
        #expect(fixed("We went to the\nthe store.\n", markup: .markdown) == "We went to the\nstore.\n")
        #expect(fixed("- We went to the\n  the store.\n", markup: .markdown) == "- We went to the\n  store.\n")
        #expect(fixed("We went to the\nthe store.\n", markup: .plain) == "We went to the\nstore.\n")
        // At the end of a sentence the first word goes, with the space before it.
        #expect(fixed("It was in the\nthe.\n", markup: .markdown) == "It was in\nthe.\n")
        // On one line, as before.
        #expect(fixed("We went to the the store.\n", markup: .markdown) == "We went to the store.\n")
    }

    /// A message that quotes the words it found quotes them on one line.
    @Test func messagesQuoteOnOneLine() throws {
        let text = "It was due to\nthe fact that it rained.\n"
        let m = RuleTestSupport.matches([try #require(RuleRegistry.rule(id: "EN_WORDY_PHRASE"))], in: text, markup: .markdown)
        #expect(m.count == 1)
        #expect(m.first.map { !$0.message.contains("\n") && $0.message.contains("due to the fact that") } == true, "\(m)")
    }

    @Test func wrappedPlainText() {
        #expect(found("I want a\napple and I could\nof known.\n", markup: .plain) == ["EN_A_VS_AN a", "EN_MODAL_OF could\nof"])
        // A line that starts with a bullet or a number may be an item of its own.
        #expect(found("Things to buy: a\n- apple\n- the\n1. the end\n", markup: .plain) == [])
    }

    @Test func breaksThatAreNotSpaces() {
        // Markdown's hard break (two spaces, then the line break) is not a run of spaces to flag.
        #expect(found("The end  \nof the line.\n", markup: .markdown) == [])
        // Headings are one line; table cells keep their own lines.
        #expect(found("| a |\n|---|\n| apple |\n", markup: .markdown) == [])
    }

    /// Two spaces beside inline code are a slip as between words (a README's “set the
    /// `TCNN_CUDA_ARCHITECTURES` variable”); the code itself is untouched.
    @Test func doubleSpacesBesideCode() {
        #expect(found("Set the  `FOO` variable.\n", markup: .markdown) == ["CONSECUTIVE_SPACES   "])
        #expect(found("Set `FOO`  first.\n", markup: .markdown) == ["CONSECUTIVE_SPACES   "])
        #expect(found("Set the `FOO` variable.\n", markup: .markdown) == [])
    }
}
