import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// The grammar, punctuation, typography and casing rules raise nothing on real, correct prose:
/// public-domain fiction (Project Gutenberg texts) and technical README-style writing.
struct RuleRealProseTests {
    static let fiction = [
        // Jane Austen, Pride and Prejudice (1813), chapter 1.
        """
        It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife. \
        However little known the feelings or views of such a man may be on his first entering a neighbourhood, this truth is so \
        well fixed in the minds of the surrounding families, that he is considered the rightful property of some one or other of \
        their daughters. “My dear Mr. Bennet,” said his lady to him one day, “have you heard that Netherfield Park is let at last?” \
        Mr. Bennet replied that he had not.
        """,
        // Charles Dickens, A Tale of Two Cities (1859), book 1, chapter 1.
        """
        It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, it was the \
        epoch of belief, it was the epoch of incredulity, it was the season of Light, it was the season of Darkness, it was the \
        spring of hope, it was the winter of despair, we had everything before us, we had nothing before us, we were all going \
        direct to Heaven, we were all going direct the other way.
        """,
        // Lewis Carroll, Alice's Adventures in Wonderland (1865), chapter 1.
        """
        Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do: once or twice \
        she had peeped into the book her sister was reading, but it had no pictures or conversations in it, “and what is the use \
        of a book,” thought Alice “without pictures or conversations?” So she was considering in her own mind (as well as she \
        could, for the hot day made her feel very sleepy and stupid), whether the pleasure of making a daisy-chain would be worth \
        the trouble of getting up and picking the daisies, when suddenly a White Rabbit with pink eyes ran close by her.
        """,
        // Herman Melville, Moby-Dick (1851), chapter 1.
        """
        Call me Ishmael. Some years ago—never mind how long precisely—having little or no money in my purse, and nothing \
        particular to interest me on shore, I thought I would sail about a little and see the watery part of the world. It is a \
        way I have of driving off the spleen and regulating the circulation. Whenever I find myself growing grim about the mouth; \
        whenever it is a damp, drizzly November in my soul, then, I account it high time to get to sea as soon as I can.
        """,
        // Mark Twain, Adventures of Huckleberry Finn (1884), chapter 1 (dialect kept out).
        """
        The widow rung a bell for supper, and you had to come to time. When you got to the table you couldn't go right to \
        eating, but you had to wait for the widow to tuck down her head and grumble a little over the victuals, though there \
        warn't really anything the matter with them.
        """,
    ]

    static let technical = [
        """
        swift-writing-tools checks spelling, grammar and punctuation offline. It is a Swift package with no outside \
        dependencies: the proofreader uses Hunspell for spelling and its own rules for everything else. Each rule lives in one \
        file, has a stable ID such as EN_A_VS_AN, and ships with examples that the tests run automatically.
        """,
        """
        To install it, clone the repository and run the build script. The first build takes about a minute on a laptop; \
        later builds are incremental. If the build fails with an error about a missing library, install libhunspell-dev \
        and try again. On macOS, use Homebrew; on Debian or Ubuntu, use apt. The binary is written to .build/release.
        """,
        """
        The server listens on port 8081 by default (set PORT to change it). Send a POST request with the text and the \
        language, e.g. en-US, and you get back a list of matches: an offset, a length, the replacements and a message. \
        Offsets count UTF-16 code units, i.e. what JavaScript strings use. There are three ways to run it: as a CLI, as a \
        language server, or as an HTTP service behind a load balancer.
        """,
        """
        Version 2.1 fixed a crash that happened when a document was empty. It also made the checker about 30% faster on \
        long files, because it now re-checks only the paragraphs that changed. We tested it on Linux and macOS with Swift 6. \
        Thanks to everyone who reported bugs and sent patches!
        """,
        """
        The tool has its own cache, and it's fast. If you're new to the project, read the guide first; then pick an issue \
        labelled “good first issue”. You may find that an hour is enough to get started. A university course or an MBA is \
        not required, but a one-off question in the forum is always welcome.
        """,
    ]

    @Test(arguments: fiction + technical)
    func noGrammarMatches(paragraph: String) throws {
        try #require(RuleTestSupport.speller != nil)
        let found = RuleTestSupport.matches(RuleRegistry.grammarRules, in: paragraph)
        #expect(found.isEmpty, "\(found.map { "\($0.ruleID): “\((paragraph as NSString).substring(with: $0.range))”" })")
    }
}
