import Foundation
import Synchronization
import DocumentStructure

/// How thorough a proofreading run is: LanguageTool's `level` (`default` or `picky`).
///
/// A rule declares the lowest level it runs at (``Rule/level``). The default level runs the
/// rules for errors and for style hints that hold in any text; `picky` adds the rules that only
/// a careful, formal text wants (contractions, “in order to”, “utilize”, a sentence opening
/// with “And”), as LanguageTool's `level=picky` and LTeX's `enablePickyRules` do.
public enum ProofreadingLevel: String, Sendable, Hashable, CaseIterable, Codable {
    /// The rules every text wants.
    case `default`
    /// The default rules and the ones for formal text.
    case picky

    /// The level named `name` (`default`, `picky`, any case), or nil.
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }
}

/// Example sentences of a rule, run by one test for every registered rule.
public struct RuleExamples: Sendable {
    /// Sentences the rule must flag, each with the sentence that results from applying the
    /// first replacement of the rule's match.
    public var incorrect: [(text: String, corrected: String)]
    /// Sentences the rule must not flag, from real prose where possible.
    public var correct: [String]

    /// Creates examples.
    public init(incorrect: [(text: String, corrected: String)], correct: [String]) {
        self.incorrect = incorrect
        self.correct = correct
    }
}

/// The kind of block a prose segment comes from, for rules on sentence form.
public enum BlockKind: Sendable, Hashable {
    /// A paragraph of running text (also inside a block quote).
    case paragraph
    /// A paragraph inside a list item (often a fragment).
    case listItem
    /// A heading.
    case heading
    /// A table cell.
    case tableCell
    /// Anything else, or not known (plain strings checked without structure).
    case other
}

/// What a rule may consult besides the sentence.
public struct RuleContext: Sendable {
    /// The whole segment text (the sentence's ranges refer to it).
    public var segmentText: String
    /// All sentences of the segment, and the index of the current one.
    public var sentences: [Sentence]
    /// Index of the current sentence in ``sentences``.
    public var sentenceIndex: Int
    /// The speller, for rules that need to know whether a word exists.
    public var speller: any Speller {
        // What is derived from the speller follows it (set in the initialiser, where this does not run).
        didSet {
            wordClasses = WordClasses.of(speller)
            standaloneEntries = wordClasses?.standaloneEntries(of: speller)
            hunspell = speller as? HunspellSpeller
        }
    }
    /// Words accepted in this document besides the dictionary (user words, code identifiers),
    /// lowercased and as written.
    public var vocabulary: Vocabulary
    /// True when the segment is a heading (rules on sentence form may relax there).
    public var isHeading: Bool
    /// The kind of block the segment comes from.
    public var blockKind: BlockKind
    /// The words a person accepted (a user's or workspace's word list), without the document's
    /// code identifiers: a word accepted only because it appears in code may still be a typo.
    public var userVocabulary: Vocabulary
    /// True when the document is a manual page rendered as text
    /// (``StructuredDocument/isManualPage``). The proofreader does not run rules whose
    /// ``Rule/appliesToManualPages`` is false there; a rule that runs may still relax on one
    /// (the repeated-word rule keeps only doubled function words).
    public var isManualPage = false
    /// True when the segment takes up a sentence that a code block or a displayed formula
    /// interrupted: the prose before that block ended without a sentence's end (“If you see an
    /// error like⏎```…```⏎from runc, it means…”), so the segment's first word goes on a sentence
    /// rather than opening one (``Proofreader/continuesAnInterruptedSentence(_:in:)``).
    public var continuesInterruptedSentence = false
    /// True when the document spaces its colons as its own typography (“every time : the
    /// information”, “0x1 : AF_INET : the forwarded connection”): French spacing or a key and its
    /// value set apart, written so more often than not
    /// (``DocumentTypography/spacesItsColons(_:)``).
    public var spacesColons = false
    /// Capitalised words used three times or more in the document's prose (`Deno`, `Harper`):
    /// names by the author's own repeated use, never spelling mistakes. Counted over the
    /// document the first time a rule asks (few paragraphs have an unknown capitalised word).
    public var documentNames: Set<String> {
        get { names.value }
        set { names = DocumentNames(newValue) }
    }
    /// The store behind ``documentNames``.
    var names = DocumentNames([])
    /// Verdicts on the whole segment that a rule works out on the first sentence that asks and
    /// reuses on the others (a new store for every context, that is, for every segment).
    var segmentFacts = SegmentFacts()
    /// Word classes from the speller's Hunspell dictionary (nil for other spellers), looked up
    /// once for the context rather than by every rule.
    var wordClasses: WordClasses?
    /// The words of the speller's own dictionary that stand as entries without affixes
    /// (``WordClasses/standaloneEntries(of:)``), looked up once for the context: the spelling
    /// rule's first test of every word.
    var standaloneEntries: WordSet?
    /// The speller as a Hunspell speller (nil for other spellers): cast once for the context,
    /// not for every sentence.
    var hunspell: HunspellSpeller?

    /// Creates a context. `userVocabulary` defaults to `vocabulary`.
    public init(segmentText: String, sentences: [Sentence], sentenceIndex: Int, speller: any Speller,
                vocabulary: Vocabulary, isHeading: Bool, blockKind: BlockKind = .other, userVocabulary: Vocabulary? = nil) {
        self.userVocabulary = userVocabulary ?? vocabulary
        self.segmentText = segmentText
        self.sentences = sentences
        self.sentenceIndex = sentenceIndex
        self.speller = speller
        self.vocabulary = vocabulary
        self.isHeading = isHeading
        self.blockKind = blockKind
        self.wordClasses = WordClasses.of(speller)
        self.standaloneEntries = wordClasses?.standaloneEntries(of: speller)
        self.hunspell = speller as? HunspellSpeller
    }
}

/// A document's repeated capitalised words (``RuleContext/documentNames``), counted once, on
/// first use, for every segment and thread that asks.
/// Verdicts on one segment, each computed once: rules run sentence by sentence, and a verdict
/// on the whole paragraph asked for on each of its sentences cost the paragraph's length times
/// its number of sentences (the spelling rule's foreign-paragraph test read a paragraph of
/// 22,000 words cut into 44 sentences 44 times, asking the suggester about every word each time).
final class SegmentFacts: Sendable {
    private let foreign = Mutex<Bool?>(nil)

    /// Whether the segment reads as another language, computed by `compute` the first time.
    func isForeign(_ compute: () -> Bool) -> Bool {
        foreign.withLock { known in
            if let known { return known }
            let verdict = compute()
            known = verdict
            return verdict
        }
    }
}

final class DocumentNames: Sendable {
    private let segments: [ProseSegment]
    private let names: Mutex<Set<String>?>

    /// The names of `segments`, to be counted when first asked for.
    init(counting segments: [ProseSegment]) {
        self.segments = segments
        self.names = Mutex(nil)
    }

    /// Names known already.
    init(_ names: Set<String>) {
        self.segments = []
        self.names = Mutex(names)
    }

    /// The names (see ``Proofreader/repeatedCapitalisedWords(_:)``).
    var value: Set<String> {
        names.withLock { names in
            if let names { return names }
            let counted = Proofreader.repeatedCapitalisedWords(segments)
            names = counted
            return counted
        }
    }
}

/// A proofreading rule: one per file under `Rules/`, with a stable ID, a category, a message a
/// person understands, ranked replacements and example sentences.
///
/// Rules are pure: given a sentence, they return matches in the segment's UTF-16 offsets.
public protocol Rule: Sendable {
    /// Stable, upper-snake-case ID (`EN_A_VS_AN`), used in output and to disable the rule.
    var id: String { get }
    /// The rule's category.
    var category: RuleCategory { get }
    /// One line saying what the rule checks.
    var summary: String { get }
    /// Sentences that must and must not be flagged.
    var examples: RuleExamples { get }
    /// Words at least one of which a sentence must contain for the rule to find anything in it
    /// (compared with ``Token/norm``: lowercase, straight apostrophes), or `nil` for a rule that
    /// may match any sentence. The proofreader skips the rule on sentences without any of them
    /// (LanguageTool's rule filtering by token hints works the same way), so a rule declares
    /// triggers only when every match it can report starts from one of them; a test checks
    /// that each of its incorrect examples contains one.
    var triggers: Set<String>? { get }
    /// Features (``SentenceFeatures``) at least one of which a sentence must have for the rule
    /// to find anything in it, or `nil` for a rule that may match any sentence: for rules on
    /// punctuation and spacing, which have no trigger words and would otherwise scan every
    /// sentence for the few that hold, say, a parenthesis. Declared only when every match the
    /// rule can report needs one of them; tests check that each incorrect example has one, and
    /// that the rule finds the same with and without them on every rule's examples and on a
    /// fixture of punctuation-heavy sentences. A rule declares these or ``triggers``, not both
    /// (a plan with such a rule stops at a precondition).
    var featureTriggers: SentenceFeatures? { get }
    /// False for a rule on prose typography (a lowercase sentence start, spaces around
    /// punctuation, runs of spaces) that a manual page rendered as text breaks on every line by
    /// its layout, not by mistake (``StructuredDocument/isManualPage``): the proofreader does not
    /// run such a rule on a manual page. True by default.
    var appliesToManualPages: Bool { get }
    /// The lowest level the rule runs at (``ProofreadingLevel``): `.default` for most rules;
    /// a `.picky` rule runs only when a run asks for that level or names the rule in
    /// ``ProofreadingOptions/enabledRules``.
    var level: ProofreadingLevel { get }
    /// The hot word lists the rule reads through tokens' bits (``HotWords``): declaring a list
    /// makes it before the tokenizer's table is built, so its words carry its bit; a list no
    /// loaded rule declares is read by lookup (the same answers, slower).
    var hotWordLists: [HotWordList] { get }
    /// Work on a sentence the rule shares with other rules (a search they all start from),
    /// or nil: when two rules or more of a run declare the same (by ``SentencePreparation/name``),
    /// the proofreader does it once per sentence before the rules run.
    var sentencePreparation: SentencePreparation? { get }
    /// True for the rule that finds misspelled words (the speller's): its findings are
    /// ``SuggestionProvenance/spelling``, and other rules' grammar findings next to one are
    /// dropped (a rule must not read a misspelled word as another word). False by default.
    var findsMisspellings: Bool { get }
    /// True for a rule whose finding depends on its own span and the word after it only (“a”
    /// or “an” is chosen by the next word's sound): a misspelled word just before the span
    /// cannot have misled it, so its findings stay (``Proofreader`` drops other grammar
    /// findings next to a misspelling on either side). False by default.
    var readsOnlyTheNextWord: Bool { get }
    /// True for a rule whose findings are style a technical document is better without (an
    /// optional comma, a hyphen in a compound modifier, a wordy phrase): the proofreader drops
    /// them in a manual page and in a document with code (``TechnicalDocumentStyle``) unless the
    /// run asks for the picky level or names the rule. False by default; a rule file says
    /// `options quiet-in-technical`.
    var quietInTechnicalDocuments: Bool { get }
    /// True for a rule whose findings are mechanics no dialect writes otherwise on purpose (a
    /// word typed twice): they stay confident in a passage written in dialect
    /// (``NonstandardPassages``), as punctuation and typography findings do. False by default.
    var confidentInDialect: Bool { get }
    /// For a rule whose findings in a plain-text document may be a table's layout rather than a
    /// slip (a row's column gaps read as doubled words or runs of spaces): the test that tells
    /// them, after which the proofreader drops them; nil (the default) for every other rule.
    var tableLayout: TableLayoutTest? { get }
    /// For a rule that judges a word's number by the word alone (a bare plural subject, a mass
    /// noun's plural): which word keys its findings when a document repeats one, so that three
    /// or more with one key are the document's usage, reported once as a hint
    /// (``RepeatedUsage``). Nil (the default) leaves each finding alone; a rule file says
    /// `options usage-by-subject` or `options usage-by-word`.
    var repeatedUsage: RepeatedUsageKey? { get }
    /// Matches of this rule in `sentence` (ranges in the segment text's UTF-16 offsets).
    func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion]
}

extension Rule {
    /// No triggers: the rule runs on every sentence.
    public var triggers: Set<String>? { nil }
    /// No feature triggers: the rule runs on every sentence its ``triggers`` allow.
    public var featureTriggers: SentenceFeatures? { nil }
    /// The rule runs on manual pages too.
    public var appliesToManualPages: Bool { true }
    /// The rule runs at the default level.
    public var level: ProofreadingLevel { .default }
    /// No hot word lists.
    public var hotWordLists: [HotWordList] { [] }
    /// Nothing shared with other rules.
    public var sentencePreparation: SentencePreparation? { nil }
    /// Not the speller's rule.
    public var findsMisspellings: Bool { false }
    /// Reads the words before its span too.
    public var readsOnlyTheNextWord: Bool { false }
    /// Reported in technical documents too.
    public var quietInTechnicalDocuments: Bool { false }
    /// Hedged like any word finding in a dialect passage.
    public var confidentInDialect: Bool { false }
    /// No finding is a table's layout.
    public var tableLayout: TableLayoutTest? { nil }
    /// Each finding stands alone.
    public var repeatedUsage: RepeatedUsageKey? { nil }
}

/// The word that keys a rule's findings when a document repeats one (``Rule/repeatedUsage``).
public enum RepeatedUsageKey: UInt8, Sendable {
    /// The word that ends right before the finding: the subject of the verb flagged
    /// (“Requests has” keyed by “requests”).
    case wordBefore = 1
    /// The flagged word itself (“magics”).
    case flaggedWord = 2
}

/// How a rule tells that one of its findings in a plain-text document is a table's layout, not
/// a slip (``Rule/tableLayout``).
public struct TableLayoutTest: Sendable {
    /// True when the finding (its range within the document's text, the second argument) sits
    /// in a table laid out with spaces and is to be dropped.
    let isLayout: @Sendable (ProofreadingSuggestion, String) -> Bool

    /// A test that `isLayout` makes.
    init(_ isLayout: @escaping @Sendable (ProofreadingSuggestion, String) -> Bool) {
        self.isLayout = isLayout
    }
}

/// Work on a sentence that several rules start from (``Rule/sentencePreparation``): done once
/// per sentence by the proofreader when two rules or more of a run declare it, its result kept
/// on the ``Sentence`` for them.
public struct SentencePreparation: Sendable {
    /// What the work is, for telling two rules' declarations apart.
    let name: String
    /// The work: fills in what the rules read from the sentence.
    let prepare: @Sendable (inout Sentence) -> Void

    /// Work named `name` that `prepare` does.
    init(_ name: String, prepare: @escaping @Sendable (inout Sentence) -> Void) {
        self.name = name
        self.prepare = prepare
    }
}

/// The rules of one run, with an index from trigger words to the rules they wake
/// (see ``Rule/triggers``).
struct RulePlan: Sendable {
    /// The rules, in registry order (the order in which they claim a span).
    let rules: [any Rule]
    /// Indices of the rules without triggers.
    private let always: [Int]
    /// Trigger word (``Token/norm`` form) → indices of the rules it wakes.
    private let index: WordMap<[Int]>
    /// The same index as bit masks, when there are at most 128 rules.
    private let masks: WordMap<Mask>?
    /// The rules without triggers, as bits.
    private let alwaysMask: Mask
    /// The rules with feature triggers (``Rule/featureTriggers``; none has trigger words),
    /// each with the features that wake it.
    private let gated: [(rule: Int, features: SentenceFeatures)]

    /// Every registered rule (``RuleRegistry/all``), indexed once.
    static let registry = RulePlan(RuleRegistry.all)

    /// The registry's rules less those in `disabled`, indexed once per set of disabled rules
    /// (a client that switches rules off sends the same set with every request; indexing the
    /// triggers again each time cost more than checking a paragraph).
    static func registry(disabling disabled: Set<String>) -> RulePlan {
        if let plan = plans.withLock({ $0[disabled] }) { return plan }
        // From the registry's rules, not ``registry``'s: that plan is not indexed unless asked for.
        let plan = disabled.isEmpty ? registry : RulePlan(RuleRegistry.all.filter { !disabled.contains($0.id) })
        plans.withLock { cache in
            // A handful of sets in practice; a client that sends a new one each time is bounded.
            if cache.count >= 32 { cache.removeAll() }
            cache[disabled] = plan
        }
        return plan
    }
    private static let plans = Mutex<[Set<String>: RulePlan]>([:])

    /// For each rule (by index), true when it does not run on manual pages
    /// (``Rule/appliesToManualPages``).
    let silentInManualPages: [Bool]
    /// The sentence preparations (``Rule/sentencePreparation``) that two rules or more of the
    /// plan declare: done once per sentence before the rules run.
    let preparations: [SentencePreparation]
    /// The IDs of the plan's rules that are quiet in technical documents
    /// (``Rule/quietInTechnicalDocuments``).
    let quietInTechnicalDocuments: Set<String>
    /// The IDs of the plan's rules whose findings stay confident in dialect passages
    /// (``Rule/confidentInDialect``).
    let confidentInDialect: Set<String>
    /// The plan's rules' table-layout tests (``Rule/tableLayout``), by rule ID.
    let tableLayoutTests: [String: TableLayoutTest]
    /// The keys of the plan's rules whose repeated findings are a document's usage
    /// (``Rule/repeatedUsage``), by rule ID.
    let repeatedUsage: [String: RepeatedUsageKey]
    /// True when every trigger word is one of the registered rules' (``HotWords/triggerBit``):
    /// a word without that bit then wakes no rule, and is not looked up.
    private let triggersAreHot: Bool

    init(_ rules: [any Rule]) {
        self.rules = rules
        self.silentInManualPages = rules.map { !$0.appliesToManualPages }
        self.quietInTechnicalDocuments = Set(rules.filter(\.quietInTechnicalDocuments).map(\.id))
        self.confidentInDialect = Set(rules.filter(\.confidentInDialect).map(\.id))
        var tableLayoutTests: [String: TableLayoutTest] = [:]
        for rule in rules { if let t = rule.tableLayout { tableLayoutTests[rule.id] = t } }
        self.tableLayoutTests = tableLayoutTests
        var repeatedUsage: [String: RepeatedUsageKey] = [:]
        for rule in rules { if let k = rule.repeatedUsage { repeatedUsage[rule.id] = k } }
        self.repeatedUsage = repeatedUsage
        var declared: [String: (preparation: SentencePreparation, count: Int)] = [:]
        var order: [String] = []
        for rule in rules {
            guard let p = rule.sentencePreparation else { continue }
            if declared[p.name] == nil { order.append(p.name) }
            declared[p.name, default: (p, 0)].count += 1
        }
        self.preparations = order.compactMap { declared[$0].flatMap { $0.count >= 2 ? $0.preparation : nil } }
        var always: [Int] = []
        var index: [String: [Int]] = [:]
        var gated: [(rule: Int, features: SentenceFeatures)] = []
        for (i, rule) in rules.enumerated() {
            if let features = rule.featureTriggers {
                precondition(rule.triggers == nil, "\(rule.id): trigger words and feature triggers")
                gated.append((i, features))
                continue
            }
            guard let words = rule.triggers else { always.append(i); continue }
            for word in words {
                let key = HotWords.normalized(word)
                if index[key]?.last != i { index[key, default: []].append(i) }
            }
        }
        self.always = always
        self.index = WordMap(index)
        let hot = HotWords.table, triggerBit = HotWords.triggerBit
        self.triggersAreHot = index.keys.allSatisfy { (hot[$0] ?? 0) & triggerBit != 0 }
        self.gated = gated
        if rules.count <= 128 {
            self.masks = WordMap(index.mapValues { Mask($0) })
            self.alwaysMask = Mask(always)
        } else {
            self.masks = nil
            self.alwaysMask = Mask([])
        }
    }

    /// The indices of the rules to run on `sentence`, ascending.
    func active(in sentence: Sentence) -> [Int] {
        var out: [Int] = []
        active(in: sentence, into: &out)
        return out
    }

    /// ``active(in:)`` written into `out` (emptied first, its storage kept): the proofreader
    /// reuses one array for a segment's sentences instead of allocating one per sentence.
    func active(in sentence: Sentence, into out: inout [Int]) {
        out.removeAll(keepingCapacity: true)
        let features = gated.isEmpty ? [] : SentenceFeatures(of: sentence.tokens)
        guard !index.isEmpty else {
            out.append(contentsOf: always)
            for g in gated where !g.features.isDisjoint(with: features) { out.append(g.rule) }
            out.sort()
            return
        }
        let tokens = sentence.tokens
        if let masks {
            // Up to 128 rules: the woken set is two words of bits.
            var woken = alwaysMask
            if !gated.isEmpty {
                for g in gated where !g.features.isDisjoint(with: features) {
                    if g.rule < 64 { woken.low |= 1 << UInt64(g.rule) } else { woken.high |= 1 << UInt64(g.rule - 64) }
                }
            }
            let skipBit = triggersAreHot ? HotWords.triggerBit : 0
            for k in tokens.indices where tokens[k].kind == .word {
                // A word that is no rule's trigger, by its bit (see ``HotWords``).
                if skipBit != 0, tokens[k].lexBits & skipBit == 0 { continue }
                // ``Token/norm`` is `lower` itself unless the word has a `’`; `lower` is read in
                // place, where the `norm` getter hands back a copy.
                let m = tokens[k].traits.contains(.curlyApostrophe) ? masks[tokens.norm(k)] : masks[tokens[k].lower]
                guard let m else { continue }
                woken.low |= m.low
                woken.high |= m.high
            }
            out.reserveCapacity(woken.low.nonzeroBitCount + woken.high.nonzeroBitCount)
            var bits = woken.low
            while bits != 0 { out.append(bits.trailingZeroBitCount); bits &= bits - 1 }
            bits = woken.high
            while bits != 0 { out.append(64 + bits.trailingZeroBitCount); bits &= bits - 1 }
            return
        }
        // More than 128 rules (the registry's): the woken set as bits on the stack, the words
        // that are no rule's trigger turned away by their bit and the rest read in place, as
        // above (this ran a lookup with a copied `norm` for every word of every sentence).
        let skipBit = triggersAreHot ? HotWords.triggerBit : 0
        let words = (rules.count + 63) / 64
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { wake in
            wake.initialize(repeating: 0)
            for i in always { wake[i >> 6] |= 1 << UInt64(i & 63) }
            for g in gated where !g.features.isDisjoint(with: features) { wake[g.rule >> 6] |= 1 << UInt64(g.rule & 63) }
            for k in tokens.indices where tokens[k].kind == .word {
                if skipBit != 0, tokens[k].lexBits & skipBit == 0 { continue }
                let woken = tokens[k].traits.contains(.curlyApostrophe) ? index[tokens.norm(k)] : index[tokens[k].lower]
                guard let woken else { continue }
                for i in woken { wake[i >> 6] |= 1 << UInt64(i & 63) }
            }
            for w in 0..<words {
                var bits = wake[w]
                while bits != 0 { out.append(w << 6 + bits.trailingZeroBitCount); bits &= bits - 1 }
            }
        }
    }

    /// A set of rule indices below 128, as bits.
    struct Mask: Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init(_ indices: [Int]) {
            for i in indices { if i < 64 { low |= 1 << UInt64(i) } else { high |= 1 << UInt64(i - 64) } }
        }
    }
}

/// A rule written as one value instead of a type of its own: for a Swift rule that needs real
/// logic (a rule file cannot say it) but no state, without the protocol's ceremony.
///
/// ```swift
/// static let ordinalSuffix = CodedRule("EN_ORDINAL_SUFFIX", .typography, "Ordinal numbers with the wrong suffix",
///     features: .digitWord, wrong: [("The 1th day.", "The 1st day."), …], right: ["The 2nd day.", …]) { sentence, context in
///     …  // the matches
/// }
/// ```
public struct CodedRule: Rule {
    /// Stable rule ID.
    public let id: String
    /// The rule's category.
    public let category: RuleCategory
    /// One line saying what the rule checks.
    public let summary: String
    /// Sentences that must and must not be flagged.
    public let examples: RuleExamples
    /// The words that wake the rule (``Rule/triggers``), or nil.
    public let triggers: Set<String>?
    /// The features that wake the rule (``Rule/featureTriggers``), or nil.
    public let featureTriggers: SentenceFeatures?
    /// How the rule's repeated findings are keyed (``Rule/repeatedUsage``), or nil.
    public let repeatedUsage: RepeatedUsageKey?
    /// The check.
    private let body: @Sendable (Sentence, RuleContext) -> [ProofreadingSuggestion]

    /// A rule with `id`, `category`, `summary`, the words or features that wake it, how its
    /// repeated findings are keyed (``Rule/repeatedUsage``), its examples (`wrong`: text and
    /// corrected text; `right`) and its check.
    public init(_ id: String, _ category: RuleCategory, _ summary: String, triggers: Set<String>? = nil,
                features: SentenceFeatures? = nil, repeatedUsage: RepeatedUsageKey? = nil, wrong: [(String, String)], right: [String],
                check: @escaping @Sendable (Sentence, RuleContext) -> [ProofreadingSuggestion]) {
        self.id = id
        self.repeatedUsage = repeatedUsage
        self.category = category
        self.summary = summary
        self.triggers = triggers
        self.featureTriggers = features
        self.examples = RuleExamples(incorrect: wrong.map { (text: $0.0, corrected: $0.1) }, correct: right)
        self.body = check
    }

    /// The matches of ``init(_:_:_:triggers:features:repeatedUsage:wrong:right:check:)``'s check.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] { body(sentence, context) }
}
