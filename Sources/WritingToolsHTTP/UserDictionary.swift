import Foundation
import Synchronization
import WritingTools
#if canImport(Glibc)
import Glibc
#endif

/// The user dictionary file the CLI and the language server use
/// (`~/.config/writing-tools/dictionary.txt`, ``Dictionaries``), as `/v2/words` serves it and
/// `/v2/check` accepts its words: read again only when the file changed (its modification time
/// and size, one `stat` per check), written atomically under a lock.
final class UserDictionary: Sendable {
    /// The file; nil when neither `XDG_CONFIG_HOME` nor `HOME` is set (no dictionary then).
    let path: String?
    private struct Cache {
        var stamp: (Int, Int, Int) = (-1, -1, -1)
        var words: [String] = []
        var generation = 0
    }
    private let cache = Mutex(Cache())
    private let writeLock = Mutex(())

    /// The user dictionary of a process environment.
    init(environment: [String: String]) {
        path = Dictionaries(environment: environment, workspaceRoot: nil).userPath
    }

    /// The file's words now.
    func words() -> [String] { snapshot().words }

    /// The file's words now, and a number that is different whenever they may be (it grows each
    /// time the file is read again: its modification time or size changed), so that an answer
    /// made with the words can be known to be stale (``CheckCache``).
    func snapshot() -> (words: [String], generation: Int) {
        guard let path else { return ([], 0) }
        var st = stat()
        let stamp = stat(path, &st) == 0 ? (Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec), Int(st.st_size)) : (0, 0, 0)
        if let hit = cache.withLock({ $0.stamp == stamp ? ($0.words, $0.generation) : nil }) { return hit }
        let words = Dictionaries.read(path)
        return cache.withLock { c in
            c = Cache(stamp: stamp, words: words, generation: c.generation + 1)
            return (words, c.generation)
        }
    }

    /// Adds `word`. - Throws: ``Dictionaries/InvalidWord``, file errors, or
    /// ``UserDictionaryError/unavailable`` without a path.
    func add(_ word: String) throws {
        guard let path else { throw UserDictionaryError.unavailable }
        try writeLock.withLock { _ in try Dictionaries.add(word, to: path) }
    }

    /// Removes `word`; true when it was there.
    func remove(_ word: String) throws -> Bool {
        guard let path else { throw UserDictionaryError.unavailable }
        return try writeLock.withLock { _ in try Dictionaries.remove(word, from: path) }
    }
}

/// Errors of ``UserDictionary``.
enum UserDictionaryError: Error, CustomStringConvertible {
    /// Neither `XDG_CONFIG_HOME` nor `HOME` is set.
    case unavailable

    var description: String { "no user dictionary: neither XDG_CONFIG_HOME nor HOME is set" }
}
