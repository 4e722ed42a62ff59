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

    /// A name that is also an abbreviation (“Max.”, “Ed.”, “Jan.”) ends its sentence when a
    /// capitalised pronoun or determiner follows; titles, dates, “e.g.” do not.
    @Test func abbreviationLikeNameBeforePronounEndsTheSentence() throws {
        #expect(sentences("I met Max. She go to school.") == ["I met Max.", "She go to school."])
        #expect(sentences("We met Ed. He was late.") == ["We met Ed.", "He was late."])
        #expect(sentences("It snowed in Jan. The roads closed.") == ["It snowed in Jan.", "The roads closed."])
        #expect(sentences("Wait 5 min. This is slow.") == ["Wait 5 min.", "This is slow."])
        #expect(sentences("Call Dr. Smith and Mr. Jones today.") == ["Call Dr. Smith and Mr. Jones today."])
        #expect(sentences("It was Jan. 5 then.") == ["It was Jan. 5 then."])
        #expect(sentences("Read a novel, e.g. The Hobbit, tonight.") == ["Read a novel, e.g. The Hobbit, tonight."])
        #expect(sentences("Ask Dr. The answer comes.").count == 1)
        try #require(RuleTestSupport.speller != nil)
        let found = RuleTestSupport.matches(RuleRegistry.all, in: "I met Max. She go to school.")
        #expect(found.contains { $0.ruleID == "EN_AGREEMENT_THIRD_PERSON" || ("I met Max. She go to school." as NSString).substring(with: $0.range) == "go" },
                "\(found.map(\.ruleID))")
    }

    @Test func splitsAtTerminalPunctuation() {
        #expect(sentences("It rained. Then it stopped! Did it? Yes.") == ["It rained.", "Then it stopped!", "Did it?", "Yes."])
    }

    /// A run without a sentence end longer than ``SentenceSplitter/maxTokens`` (a log, an
    /// unpunctuated line of 100,000 words: quadratic work for rules that look along their
    /// sentence) is cut into pieces, at a line break where there is one; the pieces still
    /// partition the text, and only the first starts a sentence.
    @Test func longRunsAreCutIntoPieces() throws {
        let line = Array(repeating: "word", count: 3000).joined(separator: " ")
        let s = SentenceSplitter.split(Tokenizer.tokenize(line))
        #expect(s.count >= 6)
        #expect(s.allSatisfy { $0.tokens.count <= SentenceSplitter.maxTokens })
        #expect(s.first?.continuesSentence == false && s.dropFirst().allSatisfy(\.continuesSentence))
        for (a, b) in zip(s, s.dropFirst()) { #expect(a.range.location + a.range.length == b.range.location) }
        #expect(s.last.map { $0.range.location + $0.range.length } == (line as NSString).length)
        // At a line break in the second half of the window.
        let lines = (0..<10).map { _ in Array(repeating: "word", count: 70).joined(separator: " ") }.joined(separator: "\n")
        let cut = SentenceSplitter.split(Tokenizer.tokenize(lines))
        #expect(cut.count >= 2)
        #expect(cut.dropLast().allSatisfy { (lines as NSString).substring(with: $0.range).hasSuffix("\n") })
        // A real sentence end still starts a new sentence: “Done. then” keeps its finding.
        try #require(RuleTestSupport.speller != nil)
        let text = line + ". then it ended."
        #expect(RuleTestSupport.matches(RuleRegistry.all, in: text).filter { $0.ruleID == "UPPERCASE_SENTENCE_START" }.count == 1)
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

    /// “No.” before a capitalised word is the answer “No.”, not “number” (FAQs: zlib's “No.  Please
    /// read the license in zlib.h.”, xz's “A:  No. Use 7-Zip…”); before a number or a lower-case
    /// word it abbreviates (“invoice No. 4471”, “No. of users”).
    @Test func noBeforeACapitalisedWordIsAnAnswer() {
        #expect(sentences("Is zlib under the GNU license?\n\n    No.  Please read the license in zlib.h.")
                == ["Is zlib under the GNU license?", "No.", "Please read the license in zlib.h."])
        #expect(sentences("A:  No. Use 7-Zip (Windows) or p7zip to handle .7z files.")
                == ["A:  No.", "Use 7-Zip (Windows) or p7zip to handle .7z files."])
        #expect(sentences("Nos. Those are not ours.").count == 2)
        #expect(sentences("The invoice No. 4471 remains outstanding.").count == 1)
        #expect(sentences("See item No. 7 and Nos. 9–12 of the list.").count == 1)
        #expect(sentences("The No. of users grew.").count == 1)
        #expect(sentences("Vol. 2 and Fig. 3 show it.").count == 1)
    }

    /// An abbreviation's period closed by a bracket or a quotation mark, before a lower-case
    /// word, ends no sentence (procps's FAQ: “Why is %CPU underreported for multi-threaded
    /// (Java, etc.) apps?” was cut after “etc.)”); before a capital it still may.
    @Test func abbreviationInsideBracketsBeforeLowercaseContinues() {
        #expect(sentences("Why is %CPU underreported for multi-threaded (Java, etc.) apps?")
                == ["Why is %CPU underreported for multi-threaded (Java, etc.) apps?"])
        #expect(sentences("Use a shell (e.g.) the one you have.").count == 1)
        #expect(sentences("Bring tools (pens, paper, etc.) The bag is yours.").count == 2)
        #expect(sentences("He stopped (as one does.) Then he left.").count == 2)
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
