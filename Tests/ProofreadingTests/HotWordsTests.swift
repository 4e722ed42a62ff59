import Foundation
import Testing
@testable import Proofreading

/// The hot word lists (``HotWords``): every token carries the bits of the lists that hold its
/// ``Token/norm``, and reading a list through a token's bit answers as the lookup it replaces.
struct HotWordsTests {
    /// Words of every kind the lists and the tokenizer meet: list members in every case, with
    /// straight and typographic apostrophes, long words (not small strings), non-ASCII words,
    /// numbers, punctuation.
    static let text: String = {
        var words: [String] = []
        for list in HotWords.madeLists {
            for word in list.words.prefix(40) {
                words += [word, word.capitalized, word.uppercased(), word.replacingOccurrences(of: "'", with: "\u{2019}")]
            }
        }
        words += ["counterrevolutionaries", "Übermäßig", "naïve", "café", "don’t", "DON’T", "3.14", "1st", "snake_case",
                  "camelCase", "i", "I", "a", "A", "—", "’", "'", "x2", "ﬁne", "İstanbul"]
        return words.joined(separator: " ") + ". The teacher, who is here, says they were late; we have been there."
    }()

    @Test func tokensCarryTheBitsOfTheirNormForm() {
        let tokens = Tokenizer.tokenize(Self.text)
        #expect(tokens.count > 1000)
        for token in tokens {
            #expect(token.lexBits == HotWords.bits(of: token.norm), "\(token.text)")
        }
        // Tokens made one at a time (not by the tokenizer) get them too.
        let made = Token(kind: .word, range: NSRange(location: 0, length: 4), text: "Were")
        #expect(RuleSupport.beForms.hotBit != 0)
        #expect(made.lexBits & RuleSupport.beForms.hotBit != 0)
    }

    @Test func readingThroughBitsAnswersAsTheLookup() {
        let list = TokenList(Tokenizer.tokenize(Self.text))
        let sets: [WordSet] = [PronounVerbAgreement.subjects, RuleSupport.beForms, ModalThirdPersonRule.modals,
                               SplitCompoundRule.functionWords, AuxiliaryPastTenseRule.auxiliaries, DoubleNegativeRule.negators,
                               Lexicon.subjectPronouns, Lexicon.possessives /* not hot: the lookup */]
        #expect(Lexicon.possessives.hotBit == 0)
        for set in sets {
            for k in list.indices {
                #expect(set.containsLower(of: list, k) == set.contains(list[k].lower), "\(list[k].text)")
                #expect(set.containsNorm(of: list, k) == set.contains(list[k].norm), "\(list[k].text)")
            }
        }
        let maps = [MissingBeBeforeAdjectiveRule.contracted]
        for map in maps {
            for k in list.indices {
                #expect(map.value(forLowerOf: list, k) == map[list[k].lower], "\(list[k].text)")
                #expect(map.value(forNormOf: list, k) == map[list[k].norm], "\(list[k].text)")
            }
        }
    }

    @Test func everyListIsMadeWithItsOwnBit() {
        let made = HotWords.madeLists
        #expect(made.count >= 19 && made.count <= 63)
        #expect(Set(made.map(\.bit)).count == made.count)
        for (words, bit) in made {
            #expect(bit != 0 && bit != HotWords.triggerBit)
            #expect(!words.isEmpty)
            for word in words { #expect(HotWords.bits(of: word) & bit != 0, "\(word)") }
        }
        // A set derived from a hot one is a set of its own, read by lookup.
        #expect(RuleSupport.beForms.union(["seem"]).hotBit == 0)
    }

    /// The lists come from the rules: every hot list is declared by a registered rule
    /// (``Rule/hotWordLists``), so none owes its bit to which list happened to be made first,
    /// and every declared list has a bit.
    @Test func theHotListsAreTheOnesTheRulesDeclare() {
        let declared = RuleRegistry.all.flatMap { $0.hotWordLists.map(\.bit) }
        #expect(!declared.contains(0))
        #expect(Set(declared) == Set(HotWords.madeLists.map(\.bit)))
        // A list made after the table is built gets no bit, and reads by lookup.
        let late = (["zyzzyva", "is"] as WordSet).hot()
        #expect(late.hotBit == 0)
        let tokens = TokenList(Tokenizer.tokenize("The zyzzyva is here."))
        #expect((0..<tokens.count).filter { late.containsLower(of: tokens, $0) }.map { tokens[$0].lower } == ["zyzzyva", "is"])
    }

    @Test func aTokenStillFillsSixtyFourBytes() {
        // Rules copy and scan tokens by the million: the bits live in what was padding.
        #expect(MemoryLayout<Token>.stride == 64)
        // Where the tokenizer writes the strings' words (else it takes its general path).
        #expect(MemoryLayout<Token>.offset(of: \Token.text) == TokenStore.textOffset)
        #expect(MemoryLayout<Token>.offset(of: \Token.lower) == TokenStore.lowerOffset)
        #expect(SmallStringKey.isAvailable)
    }
}
