import Foundation
import Synchronization
import CHunspell

/// Errors of the spelling dictionaries.
public enum SpellingError: Error, Equatable, CustomStringConvertible {
    /// No Hunspell dictionary for the language was found in the searched folders.
    case dictionaryNotFound(language: String, searched: [String])
    /// A dictionary exists but Hunspell could not load it.
    case dictionaryUnreadable(path: String)

    public var description: String {
        switch self {
        case let .dictionaryNotFound(language, searched):
            let pkg = "hunspell-" + language.lowercased().replacingOccurrences(of: "_", with: "-")
            return "no Hunspell dictionary for \(language) in \(searched.joined(separator: ", ")); install it (Debian: apt-get install \(pkg)) or choose another --language"
        case let .dictionaryUnreadable(path):
            return "Hunspell could not read the dictionary \(path)"
        }
    }
}

/// A ``Speller`` backed by a Hunspell dictionary (`.aff` + `.dic`).
///
/// A Hunspell handle is not thread-safe: every call goes through a lock.
public final class HunspellSpeller: Speller, @unchecked Sendable {
    /// Folders searched for dictionaries, in order (`$DICPATH` entries first).
    public static var searchPaths: [String] {
        let env = ProcessInfo.processInfo.environment["DICPATH"].map { $0.split(separator: ":").map(String.init) } ?? []
        return env + ["/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts", "/usr/local/share/hunspell"]
    }

    /// BCP 47 tag of the loaded dictionary (`en-US`).
    public let language: String
    /// Path of the `.dic` file.
    public let dictionaryPath: String
    private let handle: Mutex<OpaquePointer>

    /// Loads the dictionary for `language` (`en-US`, `en_GB`, case-insensitive) from
    /// ``searchPaths``.
    /// - Throws: ``SpellingError/dictionaryNotFound(language:searched:)`` when none is installed.
    public convenience init(language: String) throws {
        let code = Self.dictionaryCode(for: language)
        for dir in Self.searchPaths {
            let dic = "\(dir)/\(code).dic", aff = "\(dir)/\(code).aff"
            if FileManager.default.fileExists(atPath: dic), FileManager.default.fileExists(atPath: aff) {
                try self.init(affixPath: aff, dictionaryPath: dic, language: language)
                return
            }
        }
        throw SpellingError.dictionaryNotFound(language: language, searched: Self.searchPaths)
    }

    /// Loads a dictionary from explicit paths.
    /// - Throws: ``SpellingError/dictionaryUnreadable(path:)``.
    public init(affixPath: String, dictionaryPath: String, language: String) throws {
        guard FileManager.default.isReadableFile(atPath: affixPath), FileManager.default.isReadableFile(atPath: dictionaryPath),
              let h = Hunspell_create(affixPath, dictionaryPath)
        else { throw SpellingError.dictionaryUnreadable(path: dictionaryPath) }
        self.handle = Mutex(h)
        self.language = Self.bcp47(for: language)
        self.dictionaryPath = dictionaryPath
    }

    deinit {
        handle.withLock { Hunspell_destroy($0) }
    }

    /// `en-US` → `en_US`.
    static func dictionaryCode(for language: String) -> String {
        let parts = language.replacingOccurrences(of: "-", with: "_").split(separator: "_")
        guard parts.count >= 2 else { return language.lowercased() == "en" ? "en_US" : language }
        return parts[0].lowercased() + "_" + parts[1].uppercased()
    }

    /// `en_us` → `en-US`.
    static func bcp47(for language: String) -> String { dictionaryCode(for: language).replacingOccurrences(of: "_", with: "-") }

    /// Hunspell's verdict on one word.
    public func isCorrect(_ word: String) -> Bool {
        handle.withLock { h in Hunspell_spell(h, word) != 0 }
    }

    /// Hunspell's own suggestions (slow: tens of milliseconds a word).
    public func suggestions(for word: String, limit: Int) -> [String] {
        handle.withLock { h in
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let n = Hunspell_suggest(h, &list, word)
            defer { Hunspell_free_list(h, &list, n) }
            var out: [String] = []
            for i in 0..<Int(n) {
                if let p = list?[i] { out.append(String(cString: p)) }
                if out.count >= limit { break }
            }
            return out
        }
    }

    /// Adds a word to the loaded dictionary for this process's lifetime.
    public func add(_ word: String) {
        handle.withLock { h in _ = Hunspell_add(h, word) }
    }
}
