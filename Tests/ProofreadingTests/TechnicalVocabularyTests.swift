import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// Issue 31's vocabulary: derived words and technical names from the machine's sources
/// (``VocabularyLayers``), document terms flagged once (``DocumentTerms``), and the spelling
/// guesses `--fix` may apply (``SpellingRule``'s confidence).
@Suite struct TechnicalVocabularyTests {
    static let speller = SpellingTests.american

    @Test func derivedWordsAndNamesAreKnown() {
        // Derived words English has that the dictionary lacks (SCOWL 80, gated by morphology).
        #expect(SpellingTests.flaggedWords("Static initializers help reusability; the licensors agree.").isEmpty)
        // Commands and man pages on this machine (coreutils, tar, grep, man-db are installed).
        #expect(SpellingTests.flaggedWords("Use basename, readlink, df and coreutils; see the manpage.").isEmpty)
        // Slips stay slips: the layers never accept a misspelling of a common word.
        #expect(SpellingTests.flaggedWords("We recieve the inventer today.") == ["recieve", "inventer"])
    }

    @Test func shellWordsAreKnown() {
        // bash's builtins, reserved words and options, asked of bash (Essential on Debian).
        let bash = ShellWords.Shell(path: "/bin/bash", arguments: ShellWords.bash)
        let words = ShellWords.words(of: bash)
        #expect(words.isSuperset(of: ["shopt", "ulimit", "pushd", "esac", "pipefail", "extglob"]))
        #expect(SpellingTests.flaggedWords("Use pushd and popd, or shopt -s extglob with pipefail and nounset; eval it.").isEmpty)
        // zsh's, where it is installed (scripts/install-deps.sh installs it).
        if FileManager.default.isExecutableFile(atPath: "/bin/zsh") || FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") {
            #expect(SpellingTests.flaggedWords("Call setopt, unsetopt and zstyle before zmodload.").isEmpty)
        }
        // A slip of a common word stays a slip.
        #expect(SpellingTests.flaggedWords("The shell recieves it.") == ["recieves"])
    }

    @Test func listedNamesGetNoCommonWord() throws {
        // A name SCOWL lists, one slip from a common word: named, with no common word offered.
        let m = try #require(SpellingTests.flags("Matteo opened the door.").first)
        #expect(m.category == .names && !m.isConfident)
        #expect(!m.replacements.contains("Matter") && !m.message.contains("Matter"))
        let giulia = try #require(SpellingTests.flags("I met Giulia yesterday.").first)
        #expect(giulia.replacements.allSatisfy { !Self.speller.isCorrect($0.lowercased()) })
        // A swap or one of the commonest words stays a slip, though SCOWL lists “Teh” as a name.
        let teh = try #require(SpellingTests.flags("Teh cat sat on the mat.").first)
        #expect(teh.replacements.first == "The" && teh.isConfident)
    }

    @Test func derivedStemsFollowTheMorphology() {
        let known: (String) -> Bool = { Self.speller.isCorrect($0) }
        #expect(VocabularyLayers.derivedStem(of: "reusability", isKnown: known) == "reusable")
        #expect(VocabularyLayers.derivedStem(of: "initializers", isKnown: known) == "initialize")
        #expect(VocabularyLayers.derivedStem(of: "licensors", isKnown: known) == "license")
        // English spells these otherwise: inventor, debatable.
        #expect(VocabularyLayers.derivedStem(of: "inventer", isKnown: known) == nil)
        #expect(VocabularyLayers.derivedStem(of: "debateable", isKnown: known) == nil)
    }

    @Test func layersTableRoundTrips() throws {
        let data = VocabularyLayers.Table.build(["zlib": .technical, "reusability": [.derived, .listed]])
        let table = try #require(VocabularyLayers.Table(data: data))
        #expect(table.count == 2)
        #expect(table.layers(of: "zlib") == .technical)
        #expect(table.layers(of: "reusability") == [.derived, .listed])
        #expect(table.layers(of: "zli").isEmpty && table.layers(of: "zlibs").isEmpty)
        // A damaged file is refused.
        #expect(VocabularyLayers.Table(data: data.prefix(data.count - 3)) == nil)
    }

    /// A word the document uses again and again is its term: flagged once, with no guess to an
    /// unrelated word.
    @Test func documentTermsAreFlaggedOnce() {
        let text = "Zstandard is fast. We ship Zstandard today. Zstandard has a frame format. Zstandard wins. Plain zorbix, then zorbix again."
        let flags = SpellingTests.flags(text)
        let words = flags.map { (text as NSString).substring(with: $0.range) }
        #expect(words == ["Zstandard", "zorbix"], "\(words)")
        #expect(flags[0].message.contains("used 4 times") && flags[0].replacements.isEmpty, "\(flags[0])")
        // A plain slip repeated is still a slip at every use, fixed every time.
        #expect(SpellingTests.flaggedWords("I recieve it. You recieve it.") == ["recieve", "recieve"])
        // So is a contraction without its apostrophe, whichever guess the context puts first
        // (session 53's README-only trial: “The printer dont work. He dont know.” made “dont” a
        // term of the document, reported once with no fix).
        let dont = SpellingTests.flags("The printer dont work. He dont know. Their manager doesnt care, doesnt answer.")
        #expect(dont.count == 4, "\(dont)")
        #expect(dont.allSatisfy { $0.replacements.contains { $0.contains("'") } }, "\(dont)")
        #expect(!dont.contains { $0.message.contains("times here") }, "\(dont)")
    }

    /// Guesses `--fix` must not apply: a plausible word of the domain, an ending changed, a
    /// short word's letter changed, a word in brackets, two guesses one slip away.
    @Test(arguments: ["The quicklz codec.", "Browse it in dired.", "The years (bce) count down.", "Packages are contructed here."])
    func uncertainGuessesAreNotConfident(_ text: String) {
        let flags = SpellingTests.flags(text)
        #expect(flags.count == 1 && !flags[0].isConfident && !flags[0].replacements.isEmpty, "\(flags)")
    }

    @Test func certainSlipsStayConfident() {
        for text in ["I recieve mail.", "This is teh end.", "It is wich one?", "We need a mechaism for it."] {
            let flags = SpellingTests.flags(text)
            #expect(flags.count == 1 && flags[0].isConfident, "\(text): \(flags)")
        }
    }

    @Test func placeholdersAreNoWords() {
        #expect(SpellingRule.isPlaceholder("nnnnn") && SpellingRule.isPlaceholder("yyyy") && SpellingRule.isPlaceholder("abcd"))
        #expect(!SpellingRule.isPlaceholder("abed") && !SpellingRule.isPlaceholder("nn"))
        #expect(SpellingRule.differsOnlyAtEnd("archiver", "archived") && SpellingRule.differsOnlyAtEnd("undefine", "undefined"))
        #expect(!SpellingRule.differsOnlyAtEnd("untill", "until") && !SpellingRule.differsOnlyAtEnd("teh", "the"))
    }
}
