import Foundation
import Testing
@testable import Proofreading

/// The sentence splitter: terminal punctuation, abbreviations, initials, ellipses, quotes,
/// decimals.
struct SentenceSplitterTests {
    private func sentences(_ text: String) -> [String] {
        SentenceSplitter.split(Tokenizer.tokenize(text)).map { s in
            (text as NSString).substring(with: s.range).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test func splitsAtTerminalPunctuation() {
        #expect(sentences("It rained. Then it stopped! Did it? Yes.") == ["It rained.", "Then it stopped!", "Did it?", "Yes."])
    }

    @Test func sentencesPartitionTheText() {
        let text = "One two.  Three four?\nFive."
        let s = SentenceSplitter.split(Tokenizer.tokenize(text))
        #expect(s.first?.range.location == 0)
        #expect(s.last.map { $0.range.location + $0.range.length } == (text as NSString).length)
        for (a, b) in zip(s, s.dropFirst()) { #expect(a.range.location + a.range.length == b.range.location) }
        #expect(s.first?.isBlockStart == true && s.dropFirst().allSatisfy { !$0.isBlockStart })
    }

    /// The proofreader's path (tokens made in a ``TokenStore`` that the sentences take over)
    /// gives the same sentences, token for token, as splitting an array of tokens; a store that
    /// grows past its first capacity keeps every token.
    @Test(arguments: ["It rained. Then it stopped! Did it? Yes.", "", "   ", "One.", "No end", "Dr. Smith met J. R. R. Tolkien at 9 a.m. today.",
                      "“Why not?” she asked. He left… and came back.", String(repeating: "a.b ", count: 3_000),
                      "Ünïcødé wörds 😀 and don’t forget.\nNew line. Done"])
    func movingSplitMatchesCopyingSplit(text: String) {
        let copied = SentenceSplitter.split(Tokenizer.tokenize(text))
        let store = Tokenizer.makeStore(text)
        let moved = SentenceSplitter.split(taking: store)
        #expect(moved.count == copied.count)
        for (m, c) in zip(moved, copied) {
            #expect(m.range == c.range && m.isBlockStart == c.isBlockStart && m.tokens == c.tokens)
        }
        var small = TokenStore(capacity: 1)
        for t in Tokenizer.tokenize(text) { small.append(t) }
        #expect(Array(small.tokens) == Tokenizer.tokenize(text))
        small.deallocate()
    }

    @Test func abbreviationsDoNotSplit() {
        #expect(sentences("Use a tool, e.g. Harper, or ask Dr. Smith about it.").count == 1)
        #expect(sentences("Bring pens, paper, etc. and a bag.").count == 1)
        #expect(sentences("We met at 9 a.m. and left.").count == 1)
        #expect(sentences("The U.S. economy grew.").count == 1)
    }

    @Test func sentenceFinalAbbreviationBeforeCapital() {
        #expect(sentences("Bring pens, paper, etc. The bag is yours.").count == 2)
    }

    @Test func initialsDoNotSplit() {
        #expect(sentences("J. R. R. Tolkien wrote it.").count == 1)
    }

    @Test func decimalsDoNotSplit() {
        #expect(sentences("Pi is 3.14 or so. Next.").count == 2)
    }

    @Test func ellipsisBeforeLowercaseContinues() {
        #expect(sentences("We waited... and then it worked.").count == 1)
        #expect(sentences("We waited… Then it worked.").count == 2)
    }

    @Test func quotedQuestionBeforeLowercaseContinues() {
        #expect(sentences("“Why not?” she asked. He left.") == ["“Why not?” she asked.", "He left."])
        #expect(sentences("He said “Stop!” Then he left.").count == 2)
    }

    @Test func closingQuotesStayWithTheSentence() {
        #expect(sentences("She said “yes.” Then she left.") == ["She said “yes.”", "Then she left."])
    }

    @Test func neighbourHelpers() {
        let s = SentenceSplitter.split(Tokenizer.tokenize("a  b"))[0]
        #expect(s.nextNonSpace(after: 0) == 2)
        #expect(s.previousNonSpace(before: 2) == 0)
        #expect(s.wordIndices == [0, 2])
    }
}
