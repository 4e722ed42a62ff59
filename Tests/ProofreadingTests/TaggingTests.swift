import Foundation
import Testing
@testable import Proofreading

/// The part-of-speech lexicon and tagger (Sources/Proofreading/Tagging) on the real Debian data.
struct TaggingTests {
    let lexicon = TagLexicon.shared

    @Test func lexiconIsInstalled() {
        #expect(lexicon.count > 100_000, "liblingua-en-tagger-perl and wordnet-base must be installed (scripts/install-deps.sh)")
    }

    @Test func possibleTags() {
        #expect(lexicon.tags(of: "can").first == .MD)
        #expect(lexicon.isBaseVerb("forget"))
        #expect(lexicon.isBaseVerb("schedule"))
        #expect(lexicon.canBe("schedule", .NN))
        #expect(!lexicon.isNoun("be"), "a frequent word gets no WordNet class the treebank never gave it (beryllium)")
        #expect(lexicon.isAdjective("big"))
        #expect(lexicon.tags(of: "xqzzv").isEmpty)
        // A treebank slip on an irregular verb's base is left out; a verb that is its own
        // participle keeps the tag.
        #expect(!lexicon.canBe("build", .VBN), "the participle of build is built")
        #expect(lexicon.canBe("cut", .VBN) && lexicon.canBe("run", .VBN) && lexicon.canBe("come", .VBN))
    }

    /// `cannot` is the modal `can` and `not` (the treebank writes two words).
    @Test func cannotIsAModal() {
        let tagged = PartOfSpeechTagging.tag("The package cannot satisfy it.", speller: RuleTestSupport.speller)
        #expect(tagged[0].map { "\($0.text)/\($0.tag)" }.prefix(4) == ["The/DT", "package/NN", "cannot/MD", "satisfy/VB"])
        #expect(tagged[0][2].lemma == "can")
    }

    @Test func lemmas() {
        #expect(lexicon.lemma(of: "went", as: .VBD) == "go")
        #expect(lexicon.lemma(of: "gone", as: .VBN) == "go")
        #expect(lexicon.lemma(of: "children", as: .NNS) == "child")
        #expect(lexicon.lemma(of: "better", as: .JJR) == "good")
        #expect(lexicon.lemma(of: "biggest", as: .JJS) == "big")
        #expect(lexicon.lemma(of: "is", as: .VBZ) == "be")
        #expect(lexicon.lemma(of: "tries", as: .VBZ) == "try")
        #expect(lexicon.lemma(of: "stopped", as: .VBD) == "stop")
        #expect(lexicon.lemma(of: "Went", as: .verb) == "go")
        #expect(lexicon.lemma(of: "better", as: .adverb) == "well")
    }

    @Test func forms() throws {
        let go = try #require(lexicon.forms(of: "go"))
        #expect(go.thirdPerson == "goes")
        #expect(go.past == "went")
        #expect(go.pastParticiple == "gone")
        #expect(go.presentParticiple == "going")
        #expect(lexicon.form(of: "see", as: .VBN) == "seen")
        #expect(lexicon.form(of: "stop", as: .VBD) == "stopped")
        #expect(lexicon.form(of: "schedule", as: .VBG) == "scheduling")
        #expect(lexicon.form(of: "big", as: .JJR) == "bigger")
        #expect(lexicon.form(of: "big", as: .JJS) == "biggest")
        #expect(lexicon.form(of: "child", as: .NNS) == "children")
        #expect(lexicon.form(of: "forget", as: .VB) == "forget")
    }

    @Test func taggingASentence() {
        let tagged = PartOfSpeechTagging.tag("The children went home, but he didn't see them.", speller: RuleTestSupport.speller)
        #expect(tagged.count == 1)
        let pairs = tagged[0].map { "\($0.text)/\($0.tag)" }
        #expect(pairs == ["The/DT", "children/NNS", "went/VBD", "home/NN", ",/,", "but/CC", "he/PRP", "didn't/VBD", "see/VB",
                          "them/PRP", "./."])
        #expect(tagged[0][2].lemma == "go")
        #expect(tagged[0][7].lemma == "do")
    }

    /// The index round-trips through its file, and a damaged file is refused (then rebuilt).
    @Test func cacheFileIsMappedAndChecked() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pos-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let built = TagLexicon.load(sources: .debian, cacheDirectory: dir)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("pos-en-") }
        #expect(files.count == 1)
        let path = dir.appendingPathComponent(files[0]).path
        let mapped = try #require(TagLexicon(mapping: path))
        #expect(mapped.count == built.count)
        #expect(mapped.lemma(of: "went", as: .VBD) == "go")
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes.removeLast(3)
        #expect(TagLexicon(bytes: bytes) == nil)
    }
}

/// The tagger's accuracy on a hand-tagged sample of real prose (Fixtures/pos-sample.tsv, 1,768
/// tokens of *Alice's Adventures in Wonderland* and Deno's roadmap, 541 of them held out; its header says how
/// ambiguous cases were decided). `swift run pos-tag --accuracy
/// Tests/ProofreadingTests/Fixtures/pos-sample.tsv` prints the same figure and every error.
struct TaggingAccuracyTests {
    /// One paragraph of the sample: its text, its tokens' gold tags, and whether it is in the
    /// held-out part (tagged after the tagger was tuned on the rest).
    struct Paragraph {
        var text: String
        var gold: [(token: String, tag: String)]
        var heldOut: Bool
    }

    static func sample() throws -> [Paragraph] {
        let text = try String(contentsOf: RuleTestSupport.fixture("pos-sample.tsv"), encoding: .utf8)
        var out: [Paragraph] = []
        var heldOut = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line == "#section\theld-out" {
                heldOut = true
            } else if line.hasPrefix("#text\t") {
                out.append(Paragraph(text: String(line.dropFirst(6)), gold: [], heldOut: heldOut))
            } else if !line.hasPrefix("#") {
                let parts = line.split(separator: "\t")
                if parts.count == 2, !out.isEmpty { out[out.count - 1].gold.append((String(parts[0]), String(parts[1]))) }
            }
        }
        return out
    }

    @Test func atLeast95PercentOfTheSampleIsTaggedRight() throws {
        let sample = try Self.sample()
        var right = 0, total = 0, wordsRight = 0, words = 0, heldRight = 0, heldTotal = 0
        for paragraph in sample {
            let tagged = PartOfSpeechTagging.tag(paragraph.text, speller: RuleTestSupport.speller).flatMap { $0 }
            #expect(tagged.map(\.text) == paragraph.gold.map(\.token), "tokens differ: \(paragraph.text)")
            guard tagged.count == paragraph.gold.count else { continue }
            for (t, g) in zip(tagged, paragraph.gold) {
                total += 1
                if paragraph.heldOut {
                    heldTotal += 1
                    if t.tag.description == g.tag { heldRight += 1 }
                }
                let isWord = g.token.unicodeScalars.contains { $0.properties.isAlphabetic }
                if isWord { words += 1 }
                if t.tag.description == g.tag {
                    right += 1
                    if isWord { wordsRight += 1 }
                }
            }
        }
        #expect(total >= 1_000)
        #expect(heldTotal >= 500)
        let accuracy = Double(right) / Double(max(total, 1))
        let heldAccuracy = Double(heldRight) / Double(max(heldTotal, 1))
        print("POS accuracy on the hand-tagged sample: \(String(format: "%.2f", 100 * accuracy)) % of \(total) tokens; "
              + "\(String(format: "%.2f", 100 * Double(wordsRight) / Double(max(words, 1)))) % of \(words) words; "
              + "held-out part \(String(format: "%.2f", 100 * heldAccuracy)) % of \(heldTotal) tokens")
        #expect(accuracy >= 0.95)
        #expect(heldAccuracy >= 0.95)
    }
}

extension TaggingTests {
    @Test func irregularPasts() {
        #expect(lexicon.irregularPast("went")! == ("go", "gone"))
        #expect(lexicon.irregularPast("swore")! == ("swear", "sworn"))
        #expect(lexicon.irregularPast("underwent")! == ("undergo", "undergone"))
        #expect(lexicon.irregularPast("forbade")! == ("forbid", "forbidden"))
        // “wept” is its own participle (the treebank saw it as a past only; WordNet lists no other form).
        #expect(lexicon.form(of: "weep", as: .VBN) == "wept")
        #expect(lexicon.form(of: "show", as: .VBD) == "showed")
        #expect(lexicon.form(of: "show", as: .VBN) == "shown")
        for word in ["saw", "found", "lay", "fell", "bore", "beat", "walked", "stopped", "made", "go", "table", "wept", "kept", "was"] {
            #expect(lexicon.irregularPast(word) == nil, "\(word)")
        }
    }
}

extension TaggingTests {
    /// WordNet's `verb.exc` lists a strong verb's simple past and participle against its lemma
    /// without saying which is which (`drank drink`, `drunk drink`); the lexicon tells them
    /// apart. Walks every verb the file lists with a pair of forms that differ by the vowel a/u
    /// alone (`drank`/`drunk`, `swam`/`swum`, `began`/`begun`): the a-form is the past and no
    /// participle, the u-form the participle and no past.
    @Test func strongVerbsTellPastFromParticiple() throws {
        let text = try String(contentsOfFile: TagLexiconSources.debian.wordnet + "/verb.exc", encoding: .utf8)
        var listed: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ").map(String.init)
            guard parts.count >= 2, !parts[0].contains("_") else { continue }
            for base in parts.dropFirst() where !base.contains("_") { listed[base, default: []].append(parts[0]) }
        }
        var strong = 0
        for (lemma, forms) in listed.sorted(by: { $0.key < $1.key }) where lexicon.isBaseVerb(lemma) {
            for a in forms {
                for u in forms where u.count == a.count && u != a {
                    let diff = zip(a, u).filter { $0.0 != $0.1 }
                    guard diff.count == 1, diff[0] == ("a", "u") else { continue }
                    strong += 1
                    #expect(lexicon.form(of: lemma, as: .VBD) == a, "\(lemma): past \(a)")
                    #expect(lexicon.form(of: lemma, as: .VBN) == u, "\(lemma): participle \(u)")
                    #expect(!lexicon.canBe(a, .VBN), "\(a) is no participle")
                    #expect(!lexicon.canBe(u, .VBD), "\(u) is no simple past")
                }
            }
        }
        #expect(strong >= 10, "drink, swim, stink, begin, sing, ring, sink, shrink, spring, countersink")
        // A verb the treebank saw as its own participle (`has run`, `has come`), and verbs in -t
        // or -d that are their own past and participle (`set`, `put`: not `seted`).
        for (lemma, past) in [("run", "ran"), ("come", "came"), ("become", "became"), ("overcome", "overcame")] {
            #expect(lexicon.form(of: lemma, as: .VBD) == past)
            #expect(lexicon.form(of: lemma, as: .VBN) == lemma)
            #expect(!lexicon.canBe(past, .VBN), "\(past) is no participle")
        }
        for lemma in ["set", "put", "cut", "hit", "let", "shut", "split", "spread", "read", "cost"] {
            #expect(lexicon.form(of: lemma, as: .VBD) == lemma)
            #expect(lexicon.form(of: lemma, as: .VBN) == lemma)
        }
        // The regular spelling of such a verb's past leads to its forms.
        #expect(lexicon.irregularForms(ofRegularPast: "drinked")! == ("drink", "drank", "drunk"))
        #expect(lexicon.irregularForms(ofRegularPast: "swimmed")! == ("swim", "swam", "swum"))
        #expect(lexicon.irregularForms(ofRegularPast: "choosed")! == ("choose", "chose", "chosen"))
        #expect(lexicon.irregularForms(ofRegularPast: "splitted")! == ("split", "split", "split"))
        #expect(lexicon.irregularForms(ofRegularPast: "layed")! == ("lay", "laid", "laid"))
        for word in ["played", "stopped", "tried", "needed", "wanted", "opened"] {
            #expect(lexicon.irregularForms(ofRegularPast: word) == nil, "\(word)")
        }
    }
}
