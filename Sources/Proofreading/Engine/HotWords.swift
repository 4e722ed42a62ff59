import Foundation
import Synchronization

/// The word lists the rules consult for nearly every word of every sentence, as bits of each
/// token's ``Token/lexBits``: the tokenizer looks a word up once, in ``table``, and then “is this
/// a subject pronoun?”, “a be form?”, “the first word of a listed phrase?” is a test of a bit
/// where it was a lookup in a table each (about fifteen lookups a word over the rule set, the
/// largest share of the proofreader's time after tokenizing). Harper keeps the same kind of
/// per-word metadata on its tokens; LanguageTool's rule filtering by token hints is the same idea
/// for whole rules.
///
/// The engine names no list and no rule: a list becomes hot when it is made with `.hot()`
/// (``WordSet/hot()``, ``WordMap/hot()``), which hands it the next free bit, and a rule declares
/// the hot lists it reads (``Rule/hotWordLists``). ``table`` is built the first time a word is
/// tokenized, from the lists the registered rules declare (reading them makes them) and the
/// rules' trigger words (``triggerBit``); a list made after that, or past the 63rd, gets no bit
/// and is read by lookup, so a bit is never read that the table did not set.
///
/// A hot list is read through ``WordSet/containsLower(of:_:)``, ``WordSet/containsNorm(of:_:)``,
/// ``WordMap/value(forLowerOf:_:)`` or ``WordMap/value(forNormOf:_:)``: the answers are those of
/// the lookups they replace (HotWordsTests compares both on every list's words in every case and
/// apostrophe form). The bits are of ``Token/norm`` (lowercase, straight apostrophes).
enum HotWords {
    /// The bit of every trigger word (``Rule/triggers``) of the registered rules
    /// (``RuleRegistry/all``): a word without it wakes none of them
    /// (``RulePlan/active(in:into:)``).
    static let triggerBit: UInt64 = 1 << 63

    /// The hot lists made so far, and whether ``table`` has been built (no bit is handed out
    /// after that).
    private struct Lists {
        var words: [(words: [String], bit: UInt64)] = []
        var closed = false
    }
    private static let lists = Mutex(Lists())

    /// A bit of its own for a new hot list of `words`, or 0 (the list is read by lookup) when
    /// ``table`` is built already or the 63 bits below ``triggerBit`` are taken.
    static func bit(for words: [String]) -> UInt64 {
        lists.withLock { lists in
            guard !lists.closed, lists.words.count < 63 else { return 0 }
            let bit: UInt64 = 1 << UInt64(lists.words.count)
            lists.words.append((words, bit))
            return bit
        }
    }

    /// The hot lists with their bits, as ``table`` was built from them (builds it first).
    static var madeLists: [(words: [String], bit: UInt64)] {
        _ = table
        return lists.withLock { $0.words }
    }

    /// The trigger words of the registered rules in ``Token/norm`` form (as ``RulePlan`` indexes them).
    static let registryTriggerWords: [String] = {
        var words = Set<String>()
        for rule in RuleRegistry.all {
            for word in rule.triggers ?? [] { words.insert(normalized(word)) }
        }
        return Array(words)
    }()

    /// `word` lowercased, with `’` made `'` (``Token/norm``'s form; ``RulePlan`` indexes trigger
    /// words so).
    static func normalized(_ word: String) -> String {
        let lower = word.lowercased()
        return lower.unicodeScalars.contains("\u{2019}") ? lower.replacingOccurrences(of: "\u{2019}", with: "'") : lower
    }

    /// Every listed word → the bits of the lists that hold it: the lists the registered rules
    /// declare (and any other made before this), and their trigger words.
    static let table: WordMap<UInt64> = {
        // Reading the declared lists makes those not made yet, which takes their bits.
        for rule in RuleRegistry.all { _ = rule.hotWordLists }
        let triggerWords = registryTriggerWords
        let made = lists.withLock { lists in
            lists.closed = true
            return lists.words
        }
        var bits: [String: UInt64] = [:]
        for (words, bit) in made {
            for word in words { bits[word, default: 0] |= bit }
        }
        for word in triggerWords { bits[word, default: 0] |= triggerBit }
        return WordMap(bits)
    }()

    /// The bits of the lists that hold `norm` (a ``Token/norm``).
    static func bits(of norm: String) -> UInt64 { table[norm] ?? 0 }
}

/// A hot word list a rule reads (``Rule/hotWordLists``): declaring it makes it before the
/// tokenizer's table (``HotWords/table``) is built, so its words carry its bit.
public struct HotWordList: Sendable {
    /// The list's bit in ``Token/lexBits`` (0: the list is read by lookup).
    let bit: UInt64

    /// The hot set `set` (made with ``WordSet/hot()``).
    init(_ set: WordSet) { self.bit = set.hotBit }

    /// The hot map `map` (its keys; made with ``WordMap/hot()``).
    init<Value>(_ map: WordMap<Value>) { self.bit = map.hotBit }
}
