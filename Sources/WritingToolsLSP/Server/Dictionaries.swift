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
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// Every word of both files.
    public func words() -> [String] {
        [userPath, workspacePath].compactMap { $0 }.flatMap(Self.read)
    }

    /// Adds `word` to the file at `path` (created with its directory when missing), atomically.
    /// - Throws: file system errors (permission, full disk).
    public static func add(_ word: String, to path: String) throws {
        let existing = read(path)
        guard !existing.contains(word) else { return }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        text += word + "\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
