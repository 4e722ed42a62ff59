import Foundation

/// A part-of-speech tag of the Penn Treebank tag set (Marcus, Santorini & Marcinkiewicz 1993;
/// Santorini, *Part-of-Speech Tagging Guidelines for the Penn Treebank Project*, 1990), with
/// the punctuation tags grouped as Penn does (`.` for sentence ends, `,`, `:` for colons,
/// semicolons, dashes and ellipses, quotes and brackets).
///
/// Raw values are small and stable (they are stored in the cached lexicon index): add new cases
/// at the end only.
public enum PennTag: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Not tagged: whitespace, line breaks, placeholders for protected text.
    case none = 0
    /// Coordinating conjunction (`and`, `but`, `or`).
    case CC
    /// Cardinal number (`3`, `three`).
    case CD
    /// Determiner (`the`, `a`, `this`, `every`).
    case DT
    /// Existential `there`.
    case EX
    /// Foreign word (`de facto`).
    case FW
    /// Preposition or subordinating conjunction (`in`, `of`, `because`, `that` as a
    /// complementiser).
    case IN
    /// Adjective (`big`).
    case JJ
    /// Comparative adjective (`bigger`).
    case JJR
    /// Superlative adjective (`biggest`).
    case JJS
    /// List item marker.
    case LS
    /// Modal (`can`, `should`, `will`).
    case MD
    /// Singular or mass noun (`dog`, `water`).
    case NN
    /// Plural noun (`dogs`).
    case NNS
    /// Singular proper noun (`London`).
    case NNP
    /// Plural proper noun (`Americans`).
    case NNPS
    /// Predeterminer (`all the`, `both the`, `half the`).
    case PDT
    /// Possessive ending (`'s`).
    case POS
    /// Personal pronoun (`I`, `them`, `it`).
    case PRP
    /// Possessive pronoun (`my`, `their`).
    case PRPS
    /// Adverb (`quickly`, `not`).
    case RB
    /// Comparative adverb (`faster` in “runs faster”).
    case RBR
    /// Superlative adverb (`most` in “most often”).
    case RBS
    /// Particle (`up` in “give up”).
    case RP
    /// Symbol (`%`, `&`, `+`).
    case SYM
    /// `to`.
    case TO
    /// Interjection (`oh`, `yes`).
    case UH
    /// Verb, base form (`go` in “to go”, “can go”).
    case VB
    /// Verb, past tense (`went`).
    case VBD
    /// Verb, gerund or present participle (`going`).
    case VBG
    /// Verb, past participle (`gone`).
    case VBN
    /// Verb, non-third-person singular present (`go` in “they go”).
    case VBP
    /// Verb, third-person singular present (`goes`).
    case VBZ
    /// Wh-determiner (`which`, `that` as a relative).
    case WDT
    /// Wh-pronoun (`who`, `what`).
    case WP
    /// Possessive wh-pronoun (`whose`).
    case WPS
    /// Wh-adverb (`where`, `when`, `how`).
    case WRB
    /// Sentence-final punctuation (`.`, `!`, `?`).
    case period
    /// Comma.
    case comma
    /// Mid-sentence punctuation: colon, semicolon, dash, ellipsis (Penn `:`).
    case colon
    /// Opening quotation mark (Penn ` `` `).
    case openQuote
    /// Closing quotation mark (Penn `''`).
    case closeQuote
    /// Opening bracket (Penn `-LRB-`).
    case openBracket
    /// Closing bracket (Penn `-RRB-`).
    case closeBracket
    /// `$`, `£`, `€` and other currency signs (Penn `$`).
    case dollar
    /// `#`.
    case hash

    /// The tag as Penn writes it (`NN`, `PRP$`, `-LRB-`, `.`, `,`, `:`, ` `` `, `''`).
    public var description: String { Self.names[Int(rawValue)] }

    /// Penn's name of each tag, by raw value.
    static let names: [String] = [
        "", "CC", "CD", "DT", "EX", "FW", "IN", "JJ", "JJR", "JJS", "LS", "MD", "NN", "NNS", "NNP", "NNPS", "PDT", "POS",
        "PRP", "PRP$", "RB", "RBR", "RBS", "RP", "SYM", "TO", "UH", "VB", "VBD", "VBG", "VBN", "VBP", "VBZ", "WDT", "WP",
        "WP$", "WRB", ".", ",", ":", "``", "''", "-LRB-", "-RRB-", "$", "#",
    ]

    /// The tag Penn writes as `name` (`NN`, `PRP$`, `-LRB-`, `(`, `.`, `''`); nil for other text.
    public init?(penn name: String) {
        switch name {
        case "(": self = .openBracket
        case ")": self = .closeBracket
        case "\"": self = .closeQuote
        default:
            guard let k = Self.names.firstIndex(of: name), k > 0 else { return nil }
            self.init(rawValue: UInt8(k))
        }
    }

    /// A verb form: `VB`, `VBD`, `VBG`, `VBN`, `VBP`, `VBZ` (not `MD`).
    public var isVerb: Bool { rawValue >= PennTag.VB.rawValue && rawValue <= PennTag.VBZ.rawValue }
    /// A noun: `NN`, `NNS`, `NNP`, `NNPS`.
    public var isNoun: Bool { rawValue >= PennTag.NN.rawValue && rawValue <= PennTag.NNPS.rawValue }
    /// A proper noun: `NNP`, `NNPS`.
    public var isProperNoun: Bool { self == .NNP || self == .NNPS }
    /// An adjective: `JJ`, `JJR`, `JJS`.
    public var isAdjective: Bool { rawValue >= PennTag.JJ.rawValue && rawValue <= PennTag.JJS.rawValue }
    /// An adverb: `RB`, `RBR`, `RBS` (not `WRB`).
    public var isAdverb: Bool { rawValue >= PennTag.RB.rawValue && rawValue <= PennTag.RBS.rawValue }
    /// A finite present or past verb: `VBD`, `VBP`, `VBZ`.
    public var isFiniteVerb: Bool { self == .VBD || self == .VBP || self == .VBZ }
    /// Punctuation (any of the punctuation tags, `$` and `#` included; `SYM` not).
    public var isPunctuation: Bool { rawValue >= PennTag.period.rawValue }

    /// The word class of the tag, for lemma look-ups.
    public var wordClass: WordClass? {
        if isVerb || self == .MD { return .verb }
        if isNoun { return .noun }
        if isAdjective { return .adjective }
        if isAdverb { return .adverb }
        return nil
    }
}

/// The open word classes whose words inflect (WordNet's four parts of speech).
public enum WordClass: UInt8, Sendable, Hashable, CaseIterable {
    /// Verbs (`go`, `goes`, `went`, `gone`, `going`).
    case verb
    /// Nouns (`child`, `children`).
    case noun
    /// Adjectives (`big`, `bigger`, `biggest`).
    case adjective
    /// Adverbs (`fast`, `faster`, `fastest`; `well`, `better`, `best`).
    case adverb
}

/// A set of ``PennTag``s as bits (46 tags fit in a `UInt64`): the tags a word can have.
public struct PennTagSet: OptionSet, Sendable, Hashable {
    public let rawValue: UInt64
    /// Creates a set from its bits (bit `n` is the tag of raw value `n`).
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// The set of one tag.
    public init(_ tag: PennTag) { self.rawValue = 1 << UInt64(tag.rawValue) }
    /// The set of `tags`.
    public init(_ tags: [PennTag]) { self.rawValue = tags.reduce(0) { $0 | 1 << UInt64($1.rawValue) } }

    /// True when `tag` is in the set.
    public func contains(_ tag: PennTag) -> Bool { rawValue & (1 << UInt64(tag.rawValue)) != 0 }

    /// The verb tags (`VB` … `VBZ`).
    public static let verbs = PennTagSet([.VB, .VBD, .VBG, .VBN, .VBP, .VBZ])
    /// The noun tags.
    public static let nouns = PennTagSet([.NN, .NNS, .NNP, .NNPS])
    /// The adjective tags.
    public static let adjectives = PennTagSet([.JJ, .JJR, .JJS])
    /// The adverb tags.
    public static let adverbs = PennTagSet([.RB, .RBR, .RBS])

    /// The tags, in raw-value order.
    public var tags: [PennTag] {
        var out: [PennTag] = []
        var bits = rawValue
        while bits != 0 {
            if let t = PennTag(rawValue: UInt8(bits.trailingZeroBitCount)) { out.append(t) }
            bits &= bits - 1
        }
        return out
    }
}
