import Foundation

/// The entries of a Hunspell `.dic` file, read in one pass over its bytes: the first line is the
/// entry count, then one entry a line, `word/FLAGS` (or `word`) and optional morphological
/// fields after a space or tab. Shared by ``WordClasses`` (the affix flags as word classes) and
/// ``SuggestionBlocklist`` (the `NOSUGGEST` entries).
enum DictionaryEntries {
    /// Calls `body` with each entry's word and flag bytes (flags empty when the entry has none),
    /// in file order; false when the file cannot be read.
    @discardableResult
    static func forEach(dictionaryPath: String,
                        _ body: (_ word: UnsafeBufferPointer<UInt8>, _ flags: UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        // Mapped, not read into new memory: the suggester's block list reads the whole `.dic`
        // (860 KB for en-US) in the first process of a text that asks for a suggestion.
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: dictionaryPath), options: .alwaysMapped) else { return false }
        data.withUnsafeBytes { raw in
            let b = raw.bindMemory(to: UInt8.self)
            var i = 0
            let n = b.count
            while i < n, b[i] != 10 { i += 1 }
            i += 1
            while i < n {
                let start = i
                while i < n, b[i] != 47, b[i] != 10, b[i] != 32, b[i] != 9 { i += 1 }
                let wordEnd = i
                var flagStart = i, flagEnd = i
                if i < n, b[i] == 47 {
                    i += 1
                    flagStart = i
                    while i < n, b[i] != 10, b[i] != 32, b[i] != 9 { i += 1 }
                    flagEnd = i
                }
                while i < n, b[i] != 10 { i += 1 }
                i += 1
                guard wordEnd > start else { continue }
                body(UnsafeBufferPointer(rebasing: b[start..<wordEnd]), UnsafeBufferPointer(rebasing: b[flagStart..<flagEnd]))
            }
        }
        return true
    }
}
