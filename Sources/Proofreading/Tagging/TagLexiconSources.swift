import Foundation

/// The Debian files a ``TagLexicon`` is built from.
///
/// - `liblingua-en-tagger-perl` (Lingua::EN::Tagger, Aaron Coburn, GPL-3; read at run time,
///   never copied): `words.yml`, about 43,800 word forms of the Penn Treebank's Wall Street
///   Journal text with how often each was given each Penn tag, and `tags.yml`, the probability
///   of each tag after each tag (a bigram hidden Markov model).
/// - `wordnet-base` (WordNet 3.0, Princeton University, WordNet licence): the lemmas of
///   `index.noun`, `index.verb`, `index.adj`, `index.adv` and the irregular forms of `noun.exc`,
///   `verb.exc`, `adj.exc`, `adv.exc` (`went go`, `children child`, `better good well`).
///
/// `scripts/install-deps.sh` installs both packages.
struct TagLexiconSources: Sendable, Hashable {
    /// Path of Lingua::EN::Tagger's `words.yml` (word → tag counts).
    var words: String
    /// Path of Lingua::EN::Tagger's `tags.yml` (tag → next-tag probabilities).
    var transitions: String
    /// Folder of WordNet's database files.
    var wordnet: String

    /// Where Debian installs the files.
    static let debian = TagLexiconSources(words: "/usr/share/perl5/Lingua/EN/Tagger/words.yml",
                                          transitions: "/usr/share/perl5/Lingua/EN/Tagger/tags.yml",
                                          wordnet: "/usr/share/wordnet")

    /// The WordNet files read, by word class.
    var wordnetFiles: [(WordClass, index: String, exceptions: String)] {
        [(.noun, wordnet + "/index.noun", wordnet + "/noun.exc"), (.verb, wordnet + "/index.verb", wordnet + "/verb.exc"),
         (.adjective, wordnet + "/index.adj", wordnet + "/adj.exc"), (.adverb, wordnet + "/index.adv", wordnet + "/adv.exc")]
    }

    /// Every file read.
    var allFiles: [String] { [words, transitions] + wordnetFiles.flatMap { [$0.index, $0.exceptions] } }

    /// True when the two tagger files exist (WordNet is optional: without it, lemmas are fewer).
    var areInstalled: Bool { FileManager.default.fileExists(atPath: words) && FileManager.default.fileExists(atPath: transitions) }

    /// A string that changes when any source file changes (paths, sizes, modification times).
    func fingerprint() -> String {
        allFiles.map { path in
            let attrs = try? FileManager.default.attributesOfItem(atPath: path)
            let size = (attrs?[.size] as? NSNumber)?.int64Value ?? -1
            let mtime = (attrs?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            return "\(path)|\(size)|\(Int64(mtime * 1000))"
        }.joined(separator: "\n")
    }
}
