import Foundation

/// The user and workspace dictionaries: plain word lists, one word a line (`#` starts a comment).
///
/// - User: `$XDG_CONFIG_HOME/writing-tools/dictionary.txt`, or `~/.config/writing-tools/dictionary.txt`.
/// - Workspace: `<root>/.writing-tools/dictionary.txt`.
///
/// Files are written atomically (a temporary file renamed over the old one).
public struct Dictionaries: Sendable {
    /// The user dictionary's path; nil when neither `XDG_CONFIG_HOME` nor `HOME` is set.
    public var userPath: String?
    /// The workspace dictionary's path; nil without a workspace root.
    public var workspacePath: String?

    /// Dictionaries for a process environment and an optional workspace root directory.
    public init(environment: [String: String], workspaceRoot: String?) {
        if let x = environment["XDG_CONFIG_HOME"], !x.isEmpty {
            userPath = (x as NSString).appendingPathComponent("writing-tools/dictionary.txt")
        } else if let h = environment["HOME"], !h.isEmpty {
            userPath = (h as NSString).appendingPathComponent(".config/writing-tools/dictionary.txt")
        }
        if let root = workspaceRoot { workspacePath = (root as NSString).appendingPathComponent(".writing-tools/dictionary.txt") }
    }

    /// The words of one list file (empty when it does not exist).
    public static func read(_ path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return words(inList: String(decoding: data, as: UTF8.self))
    }

    /// The words of a word list's text: one a line, `#` starting a comment anywhere on a line
    /// (`kubectl  # the CLI`), spaces around a word ignored, blank lines skipped. Every list the
    /// tools read (`--dictionary` files, the user's and the workspace's) is read by this.
    public static func words(inList text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let w = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                .trimmingCharacters(in: .whitespaces) ?? ""
            return w.isEmpty ? nil : w
        }
    }

    /// A word that a list can hold: one line, no `#` (which starts a comment), not blank.
    public static func canHold(_ word: String) -> Bool {
        let w = word.trimmingCharacters(in: .whitespaces)
        return !w.isEmpty && w == word && !w.contains("#") && !w.contains(where: \.isNewline)
    }

    /// Every word of both files.
    public func words() -> [String] {
        [userPath, workspacePath].compactMap { $0 }.flatMap(Self.read)
    }

    /// Adds `word` to the file at `path` (created with its directory when missing), atomically.
    /// - Throws: ``InvalidWord`` for a word the list could not read back (see
    ///   ``canHold(_:)``); file system errors (permission, full disk).
    public static func add(_ word: String, to path: String) throws {
        guard canHold(word) else { throw InvalidWord(word: word) }
        let existing = read(path)
        guard !existing.contains(word) else { return }
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        var text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        text += word + "\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Removes every line holding `word` (exactly, comments after it allowed) from the file at
    /// `path`, atomically; comments and other lines are kept as they are.
    /// - Returns: true when the word was there.
    /// - Throws: file system errors (permission, full disk).
    @discardableResult
    public static func remove(_ word: String, from path: String) throws -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        let text = String(decoding: data, as: UTF8.self)
        var removed = false
        var kept: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let w = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if w == word { removed = true } else { kept.append(line) }
        }
        guard removed else { return false }
        try Data(kept.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        return true
    }

    /// A word a dictionary cannot hold (blank, several lines, spaces around it, or a `#`).
    public struct InvalidWord: Error, CustomStringConvertible {
        /// The word refused.
        public let word: String

        /// The refusal of `word`.
        public init(word: String) { self.word = word }
        /// Says why.
        public var description: String {
            "cannot add “\(word)” to a dictionary: a word there is one line without spaces around it or “#” (which starts a comment)"
        }
    }
}
