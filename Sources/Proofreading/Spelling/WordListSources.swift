import Foundation

/// The word lists a spelling index is built from, with a frequency tier for each.
///
/// The lists are Debian's: SCOWL (`scowl`, `/usr/share/dict/scowl/*.NN`, where the size level
/// `NN` from 10 to 95 says how common a word is: 10 the most common), the dictionary word list
/// of the language variety (`wamerican` or `wbritish`, `/usr/share/dict/*-english`), and the
/// stems of the Hunspell dictionary itself, so that a language without word lists still gets
/// suggestions.
struct WordListSources: Sendable {
    /// One word list file.
    struct File: Sendable, Hashable {
        /// Path of the file, one word a line.
        var path: String
        /// Frequency tier of its words (SCOWL size level; smaller is more common).
        var tier: UInt8
        /// True for a Hunspell `.dic` file (first line a count, `word/FLAGS` lines).
        var isHunspellDictionary: Bool = false
    }

    /// The files, in the order they are read (a word keeps its smallest tier).
    var files: [File]

    /// Folder of SCOWL's lists.
    static let scowlDirectory = "/usr/share/dict/scowl"
    /// Tier of a word found only in the `wamerican`/`wbritish` list (their size is SCOWL 50).
    static let dictionaryListTier: UInt8 = 50
    /// Tier of a word found only among the Hunspell dictionary's stems.
    static let hunspellStemTier: UInt8 = 65
    /// Largest SCOWL level read: rarer words are seldom what a writer meant.
    static let maxScowlLevel = 70

    /// Sources for `dictionaryCode` (`en_US`), with `hunspellDictionary` (`.dic`) as the last
    /// one. Missing files are left out.
    static func sources(dictionaryCode: String, hunspellDictionary: String?) -> WordListSources {
        let fm = FileManager.default
        var files: [File] = []
        let lang = dictionaryCode.split(separator: "_").first.map(String.init) ?? dictionaryCode
        let region = dictionaryCode.split(separator: "_").dropFirst().first.map(String.init) ?? ""
        if lang == "en" {
            let variety: [String]
            let list: String
            switch region {
            case "GB", "IE", "NZ", "ZA", "IN": variety = ["british", "british_z"]; list = "british-english"
            case "AU": variety = ["australian"]; list = "british-english"
            case "CA": variety = ["canadian"]; list = "american-english"
            default: variety = ["american"]; list = "american-english"
            }
            let kinds = ["words", "upper", "proper-names", "contractions"]
            if let names = try? fm.contentsOfDirectory(atPath: scowlDirectory) {
                for name in names.sorted() {
                    guard let dot = name.lastIndex(of: "."), let level = Int(name[name.index(after: dot)...]),
                          level <= maxScowlLevel else { continue }
                    let stem = name[..<dot]
                    guard let dash = stem.firstIndex(of: "-") else { continue }
                    let prefix = String(stem[..<dash]), kind = String(stem[stem.index(after: dash)...])
                    guard kinds.contains(kind), prefix == "english" || variety.contains(prefix) else { continue }
                    files.append(File(path: scowlDirectory + "/" + name, tier: UInt8(level)))
                }
            }
            let listPath = "/usr/share/dict/" + list
            if fm.fileExists(atPath: listPath) { files.append(File(path: listPath, tier: dictionaryListTier)) }
        }
        if let dic = hunspellDictionary, fm.fileExists(atPath: dic) {
            files.append(File(path: dic, tier: hunspellStemTier, isHunspellDictionary: true))
        }
        return WordListSources(files: files)
    }

    /// A string that changes when any source file changes (paths, sizes, modification times).
    func fingerprint() -> String {
        var parts: [String] = []
        for f in files {
            let attrs = try? FileManager.default.attributesOfItem(atPath: f.path)
            let size = (attrs?[.size] as? NSNumber)?.int64Value ?? -1
            let mtime = (attrs?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            parts.append("\(f.path)|\(f.tier)|\(size)|\(Int64(mtime * 1000))")
        }
        return parts.joined(separator: "\n")
    }

    /// Every word of the sources with its smallest tier, in no particular order.
    func readWords() -> [String: UInt8] {
        var tiers: [String: UInt8] = [:]
        tiers.reserveCapacity(200_000)
        for f in files {
            guard let data = FileManager.default.contents(atPath: f.path) else { continue }
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                let bytes = raw.bindMemory(to: UInt8.self)
                var start = 0
                var first = true
                // Skip a UTF-8 byte order mark.
                if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
                var i = start
                while i <= bytes.count {
                    if i == bytes.count || bytes[i] == 0x0A {
                        var end = i
                        if f.isHunspellDictionary {
                            // "word/FLAGS", or "word<TAB>morphology"; the first line is a count.
                            var j = start
                            while j < end && bytes[j] != 0x2F && bytes[j] != 0x09 && bytes[j] != 0x20 { j += 1 }
                            end = j
                        }
                        while end > start && (bytes[end - 1] == 0x0D || bytes[end - 1] == 0x20) { end -= 1 }
                        if end > start && !(f.isHunspellDictionary && first) {
                            if let word = String(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]), encoding: .utf8) {
                                if let old = tiers[word] {
                                    if f.tier < old { tiers[word] = f.tier }
                                } else {
                                    tiers[word] = f.tier
                                }
                            }
                        }
                        first = false
                        start = i + 1
                    }
                    i += 1
                }
            }
        }
        return tiers
    }
}
