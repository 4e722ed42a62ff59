import Foundation
import Testing
@testable import Proofreading

/// A list written one item a line, each in lowercase, with no bullets (a GNU-style NEWS file's
/// “Bug fixes:” entries): the list's style, not sentences missing their capitals. A README-only
/// trial (session 50) saw twelve such flags on bc's NEWS. Prose keeps its flags: a lowercase
/// sentence after one that starts with a capital, on the same line or the next.
struct LowercaseLineItemTests {
    @Test func lowercaseItemsOneALineAreAList() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s50-lowercase-line-items.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text, rule: "UPPERCASE_SENTENCE_START") == ["it", "they"])
    }
}

/// A title that asks, set off by a link or emphasis the checker does not see: the noun after its
/// “?” continues the sentence (session 53's README-only trial: podman's rootless tutorial, “the
/// [How does rootless Podman work?](…) article by Dan Walsh” was told to capitalise “article”).
struct QuestionTitleTests {
    @Test func aNounAfterALinkedQuestionContinuesTheSentence() throws {
        try #require(RuleTestSupport.speller != nil)
        let text = """
            Read the [How does rootless Podman work?](https://example.com/x) article by Dan Walsh today. It is good.

            Read the *Why is it slow?* post by the team first. It is short.

            Are you coming tonight? let me know by six. We start at seven.

            Did it work in the end? nobody knows for sure. We try again soon.
            """
        let found = RuleTestSupport.matches(RuleRegistry.all, in: text, markup: .markdown)
        // (An indefinite pronoun the tagger reads as a noun still starts a sentence.)
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text, rule: "UPPERCASE_SENTENCE_START") == ["let", "nobody"])
    }
}

/// A paragraph that goes on a sentence a code block interrupted: its first word continues the
/// sentence, whatever word it is (session 54's README-only trial: runc's terminals guide, “If
/// you see an error like⏎```…```⏎from runc, it means…”, became “From runc” in every rewrite).
/// A paragraph after a code block that follows a finished sentence still starts one.
struct InterruptedSentenceTests {
    @Test func aSentenceGoesOnAfterACodeBlock() throws {
        try #require(RuleTestSupport.speller != nil)
        let text = """
            If you see an error like

            ```
            open /dev/tty: no such device or address
            ```

            from runc, it means it can't open a terminal. This can happen when stdin is redirected.

            Run the command below.

            ```
            make install
            ```

            the files are copied into place. They are owned by root after that.

            You can also write it as

                cc -o hello hello.c

            using the compiler directly, without make. It is the same thing.

            The build ran for an hour. after that we stopped it. The log was long.
            """
        let found = RuleTestSupport.matches(RuleRegistry.all, in: text, markup: .markdown)
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text, rule: "UPPERCASE_SENTENCE_START") == ["the", "after"])
    }
}
