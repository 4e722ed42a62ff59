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
