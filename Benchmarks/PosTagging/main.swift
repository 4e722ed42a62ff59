// pos-tag: the proofreader's part-of-speech tagger from the command line.
//
//   pos-tag < text.txt                 token<TAB>tag<TAB>lemma lines, a blank line between sentences
//   pos-tag --accuracy sample.tsv      accuracy on a hand-tagged sample (format: see its header)
//   pos-tag --speed text.txt [N]       tokens per second over N passes of a text (warm, in process)
//   pos-tag --load                     the time to load the lexicon (mapped from the cache, or built)
//   pos-tag --tags WORD…               every tag the lexicon gives each word (what a rule's `can=` tests)
import Foundation
import Proofreading

let args = Array(CommandLine.arguments.dropFirst())
let speller = try? HunspellSpeller(language: "en-US")

if args.first == "--load" {
    let start = Date()
    let lexicon = TagLexicon.shared
    let loaded = Date().timeIntervalSince(start)
    let tags = lexicon.tags(of: "went")
    print(String(format: "lexicon: %d entries, loaded in %.3f ms (went: %@)", lexicon.count, loaded * 1000, tags.map(\.description).joined(separator: " ")))
} else if args.first == "--tags", args.count >= 2 {
    for word in args.dropFirst() {
        print("\(word)\t\(TagLexicon.shared.tags(of: word).map(\.description).joined(separator: " "))")
    }
} else if args.first == "--accuracy", args.count >= 2 {
    let text = try String(contentsOfFile: args[1], encoding: .utf8)
    let result = PosSample.parse(text).map { PosSample.score($0, speller: speller) }
    let total = result.reduce(0) { $0 + $1.total }, right = result.reduce(0) { $0 + $1.right }
    for r in result { for e in r.errors { print("ERR\t\(e)") } }
    print(String(format: "accuracy %.2f %% (%d of %d tokens, %d sentences)", 100 * Double(right) / Double(max(total, 1)), right, total, result.count))
} else if args.first == "--speed", args.count >= 2 {
    let text = try String(contentsOfFile: args[1], encoding: .utf8)
    let passes = args.count >= 3 ? Int(args[2]) ?? 5 : 5
    _ = PartOfSpeechTagging.tag("Warm up the lexicon.", speller: speller)
    var tokens = 0
    let start = Date()
    for _ in 0..<passes { tokens += PartOfSpeechTagging.tag(text, speller: speller).reduce(0) { $0 + $1.count } }
    let seconds = Date().timeIntervalSince(start)
    print(String(format: "%d tokens in %.3f s: %.0f tokens/s (tokenizing and splitting included)", tokens, seconds, Double(tokens) / seconds))
} else {
    let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    for sentence in PartOfSpeechTagging.tag(text, speller: speller) {
        for t in sentence { print("\(t.text)\t\(t.tag)\t\(t.lemma ?? "")") }
        print("")
    }
}

/// The hand-tagged sample's format: `#` lines are comments, except `#text<TAB>…` which gives a
/// sentence's original text; then one `token<TAB>tag` line per token; a blank line ends it.
enum PosSample {
    struct Sentence { var text: String; var gold: [(String, String)] }

    static func parse(_ file: String) -> [Sentence] {
        var out: [Sentence] = []
        var current: Sentence?
        for line in file.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#text\t") {
                if let c = current { out.append(c) }
                current = Sentence(text: String(line.dropFirst(6)), gold: [])
            } else if line.hasPrefix("#") || line.isEmpty {
                continue
            } else {
                let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
                if parts.count >= 2 { current?.gold.append((String(parts[0]), String(parts[1]))) }
            }
        }
        if let c = current { out.append(c) }
        return out
    }

    static func score(_ s: Sentence, speller: (any Speller)?) -> (right: Int, total: Int, errors: [String]) {
        let tagged = PartOfSpeechTagging.tag(s.text, speller: speller).flatMap { $0 }
        guard tagged.map(\.text) == s.gold.map(\.0) else {
            return (0, s.gold.count, ["token mismatch: \(s.text)"])
        }
        var right = 0
        var errors: [String] = []
        for (t, g) in zip(tagged, s.gold) {
            if t.tag.description == g.1 { right += 1 } else { errors.append("\(t.text)\tgold \(g.1)\tgot \(t.tag)\t\(s.text)") }
        }
        return (right, s.gold.count, errors)
    }
}
