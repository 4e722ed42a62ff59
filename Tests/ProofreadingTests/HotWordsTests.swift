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
        for list in HotWords.List.allCases {
            for word in list.words.words.prefix(40) {
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
        #expect(made.lexBits & HotWords.List.beForms.bit != 0)
    }

    @Test func readingThroughBitsAnswersAsTheLookup() {
        let list = TokenList(Tokenizer.tokenize(Self.text))
        let sets: [WordSet] = [PronounVerbAgreement.subjects, RuleSupport.beForms, NounAgreementWords.listedForms,
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
        #expect(HotWords.List.allCases.count <= 64)
        for list in HotWords.List.allCases {
            let (words, bit) = list.words
            #expect(bit == list.bit, "\(list)")
            #expect(!words.isEmpty, "\(list)")
            for word in words { #expect(HotWords.bits(of: word) & list.bit != 0, "\(list): \(word)") }
        }
        // A set derived from a hot one is a set of its own, read by lookup.
        #expect(RuleSupport.beForms.union(["seem"]).hotBit == 0)
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
