import Foundation
import Synchronization
import CHunspell

/// One Hunspell dictionary handle behind a lock (a handle is not thread-safe).
final class HunspellHandle: Sendable {
    private let handle: Mutex<OpaquePointer>

    /// Loads `affixPath` + `dictionaryPath`, or returns nil when Hunspell cannot.
    init?(affixPath: String, dictionaryPath: String) {
        guard FileManager.default.isReadableFile(atPath: affixPath), FileManager.default.isReadableFile(atPath: dictionaryPath),
              let h = Hunspell_create(affixPath, dictionaryPath)
        else { return nil }
        handle = Mutex(h)
    }

    deinit {
        handle.withLock { Hunspell_destroy($0) }
    }

    /// True when Hunspell accepts `word`.
    func spell(_ word: String) -> Bool {
        handle.withLock { h in Hunspell_spell(h, word) != 0 }
    }

    /// True for every word of `words` Hunspell accepts (one lock for all).
    func spellAll(_ words: [String]) -> [Bool] {
        handle.withLock { h in words.map { Hunspell_spell(h, $0) != 0 } }
    }

    /// Hunspell's own suggestions, at most `limit` (slow: tens of milliseconds a word).
    func suggest(_ word: String, limit: Int) -> [String] {
        handle.withLock { h in
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let n = Hunspell_suggest(h, &list, word)
            defer { Hunspell_free_list(h, &list, n) }
            var out: [String] = []
            for i in 0..<Int(n) {
                if out.count >= limit { break }
                if let p = list?[i] { out.append(String(cString: p)) }
            }
            return out
        }
    }

    /// Adds a word for this process's lifetime.
    func add(_ word: String) {
        handle.withLock { h in _ = Hunspell_add(h, word) }
    }
}
