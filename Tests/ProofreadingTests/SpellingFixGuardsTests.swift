import Foundation
import Testing
@testable import Proofreading

/// The guards that keep `--fix` from applying a spelling guess where the word is named, stands
/// where technical text puts an identifier, or where no guess wins clearly: ``WordMention``,
/// ``SpellingRule/isIdentifierSlot(_:_:)`` and ``SpellingRule/hasOtherOneSlipWord(_:besides:speller:)``,
/// each on what it accepts and what it turns away.
@Suite("Spelling: the guards of --fix")
struct SpellingFixGuardsTests {
    /// The first sentence of `text` and the index of the first word token spelled `word`.
    static func locate(_ word: String, in text: String) throws -> (Sentence, Int) {
        let sentences = SentenceSplitter.split(Tokenizer.tokenize(text))
        for s in sentences {
            if let k = s.tokens.indices.first(where: { s.tokens[$0].kind == .word && s.tokens[$0].text == word }) { return (s, k) }
        }
        Issue.record("no word “\(word)” in “\(text)”")
        throw CancellationError()
    }

    /// Words named in quotes, after a naming noun, or as items of a list of bare words.
    @Test(arguments: [
        ("Fix suggestions for 'alot' and the rest.", "alot"),
        ("Its spelling is \"grined\", not the other.", "grined"),
        ("The tag `irregardless` goes away.", "irregardless"),
        ("He wrote “irregardless” twice.", "irregardless"),
        ("Avoid the word alot in essays.", "alot"),
        ("The spelling irregardless is nonstandard.", "irregardless"),
        ("Bump irregardless, froward (+ derivatives) and perpend to level 70.", "froward"),
        ("Bump irregardless, froward and perpend to level 70.", "perpend"),
    ])
    func mentionedWords(_ text: String, _ word: String) throws {
        let (s, k) = try Self.locate(word, in: text)
        #expect(WordMention.isMentioned(s, k), "\(text)")
    }

    /// Words used, not named: in running text, with one quote only, in a list of names or of
    /// two items, or in a list whose items are phrases.
    @Test(arguments: [
        ("Thanks alot for the help.", "alot"),
        ("He said \"I care irregardless of the cost\".", "irregardless"),
        ("Thanks alot, John and Mary.", "alot"),
        ("We bought apples and pears for the party.", "apples"),
        ("We bought red apples, ripe pears and plums today.", "pears"),
        ("The word is alot here.", "alot"),
    ])
    func usedWords(_ text: String, _ word: String) throws {
        let (s, k) = try Self.locate(word, in: text)
        #expect(!WordMention.isMentioned(s, k), "\(text)")
    }

    /// Identifier slots: a comma list without spaces, an option's value, after “alias”, a table's
    /// first column.
    @Test(arguments: [
        ("Use -o pid,format,state,tname,time to see it.", "tname"),
        ("Sort with --sort tname first.", "tname"),
        ("Run ps -o tname now.", "tname"),
        ("It is the same (alias tname, tty) here.", "tty"),
        ("Swap them (alias: swapp) at once.", "swapp"),
        ("Or aka tname in older versions.", "tname"),
        ("tname       TTY       controlling tty (terminal).", "tname"),
        ("  tname\tcontrolling tty.", "tname"),
    ])
    func identifierSlots(_ text: String, _ word: String) throws {
        let (s, k) = try Self.locate(word, in: text)
        #expect(SpellingRule.isIdentifierSlot(s, k), "\(text)")
    }

    /// Words of running prose: after a comma and a space, after a hyphenated word, a line's
    /// first word followed by one space, a word after a dash that is no option.
    @Test(arguments: [
        ("We need pid, tname and time here.", "tname"),
        ("The well-known tname is here.", "tname"),
        ("tname controls the terminal.", "tname"),
        ("It works - tname is the name.", "tname"),
        ("Write the recieve function first.", "recieve"),
    ])
    func proseSlots(_ text: String, _ word: String) throws {
        let (s, k) = try Self.locate(word, in: text)
        #expect(!SpellingRule.isIdentifierSlot(s, k), "\(text)")
    }

    /// Another word of another family one slip away: “mainted” (“minted”, “painted”,
    /// “tainted”), “tkill” (“kill” with a letter dropped).
    @Test func anotherWordOneSlipAway() throws {
        let speller = try #require(RuleTestSupport.speller)
        #expect(SpellingRule.hasOtherOneSlipWord("mainted", besides: "minted", speller: speller))
        #expect(SpellingRule.hasOtherOneSlipWord("tkill", besides: "till", speller: speller))
        #expect(SpellingRule.hasOtherOneSlipWord("regsets", besides: "regrets", speller: speller))
    }

    /// No other word one slip away, or only forms of the guess's own family (“argumens”:
    /// “arguments” and “argument”), or a word too short, too long or not ASCII lowercase.
    @Test func noOtherWordOneSlipAway() throws {
        let speller = try #require(RuleTestSupport.speller)
        #expect(!SpellingRule.hasOtherOneSlipWord("argumens", besides: "arguments", speller: speller))
        #expect(!SpellingRule.hasOtherOneSlipWord("specififed", besides: "specified", speller: speller))
        #expect(!SpellingRule.hasOtherOneSlipWord("accessiblity", besides: "accessibility", speller: speller))
        #expect(!SpellingRule.hasOtherOneSlipWord("ab", besides: "an", speller: speller))
        #expect(!SpellingRule.hasOtherOneSlipWord("Mainted", besides: "minted", speller: speller))
        #expect(!SpellingRule.hasOtherOneSlipWord("maïnted", besides: "minted", speller: speller))
    }
}
