import Foundation

/// Git commit messages (`COMMIT_EDITMSG` and the other files `git` opens in an editor), read as
/// `git` reads them: a line that starts with the comment character (`core.commentChar`, `#` by
/// default) is a comment, and everything from the scissors line
/// (`# ------------------------ >8 ------------------------`, which `git commit --verbose` and
/// `--cleanup=scissors` write above the diff) to the end is dropped. Neither is part of the
/// message, so neither is proofread: check the text with ``ignoredRanges(in:commentCharacter:)``
/// as the request's `ignoredRanges`. Nor is a Conventional Commits prefix of the subject
/// (`feat(parser):`, `fix:`), whose type and scope are labels.
public enum GitCommitMessage {
    /// The file names `git` gives the messages it opens in an editor: `COMMIT_EDITMSG`,
    /// `MERGE_MSG`, `TAG_EDITMSG`, `SQUASH_MSG`.
    public static let fileNames: Set<String> = ["COMMIT_EDITMSG", "MERGE_MSG", "TAG_EDITMSG", "SQUASH_MSG"]

    /// Whether the file at `path` is a Git message by its name (its last path component is one
    /// of ``fileNames``).
    public static func isMessageFile(path: String) -> Bool {
        fileNames.contains(PathText.lastComponent(of: path))
    }

    /// The comment lines `git` writes into the messages it opens in an editor (its own
    /// templates, in English: `git commit`, `git merge`, `git tag`, `git rebase -i`'s squash).
    static let templateLines = [
        "# Please enter the commit message for your changes.", "# Please enter a commit message to explain why this merge",
        "# Write a message for tag:", "# This is a combination of ", "# Changes to be committed:", "# On branch ",
        "# " + cutLine,
    ]

    /// Whether `text`, read without a file name (standard input: `cat .git/COMMIT_EDITMSG | …`,
    /// an editor's filter), is a message `git` opened in an editor: a line starts
    /// with one of git's own template comments (`# Please enter the commit message…`,
    /// `# On branch main`, the scissors line). A message without them is read by its content,
    /// as any text (``DocumentMarkup/sniffed(from:)``). Reads at most the first 64 KiB.
    public static func looksLikeEditorMessage(_ text: String) -> Bool {
        for line in text.utf8.prefix(65_536).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            guard line.first == UInt8(ascii: "#") else { continue }
            for template in templateLines where line.starts(with: template.utf8) { return true }
        }
        return false
    }

    /// The scissors line's text after the comment character and a space.
    static let cutLine = "------------------------ >8 ------------------------"

    /// UTF-16 ranges of `text` that are no part of the message's prose: each comment line (from
    /// its comment character to its end, without the line break), a Conventional Commits prefix
    /// of the subject line (``conventionalPrefixLength(_:)``) and everything from the start of
    /// the scissors line to the end of the text.
    public static func ignoredRanges(in text: String, commentCharacter: Character = "#") -> [NSRange] {
        ignoredRanges(inUTF16: Array(text.utf16)[...], commentCharacter: commentCharacter)
    }

    /// ``ignoredRanges(in:commentCharacter:)`` of UTF-16 code units; the ranges are relative to
    /// `units.startIndex`.
    public static func ignoredRanges(inUTF16 units: ArraySlice<UInt16>, commentCharacter: Character = "#") -> [NSRange] {
        let comment = Array(String(commentCharacter).utf16)
        let cut = cutOffset(inUTF16: units, commentCharacter: commentCharacter)
        var ranges: [NSRange] = []
        var sawSubject = false
        forEachLine(units) { start, end in
            if let cut, start - units.startIndex >= cut { return false }
            if units[start..<end].starts(with: comment) {
                ranges.append(NSRange(location: start - units.startIndex, length: end - start))
            } else if !sawSubject, units[start..<end].contains(where: { $0 != 32 && $0 != 9 }) {
                sawSubject = true
                if let prefix = conventionalPrefixLength(units[start..<end]) {
                    ranges.append(NSRange(location: start - units.startIndex, length: prefix))
                }
            }
            return true
        }
        if let cut { ranges.append(NSRange(location: cut, length: units.count - cut)) }
        return ranges
    }

    /// The message itself, as `git` keeps it: `text` without its comment lines (each with its
    /// line break) and without everything from the scissors line on. What the result tools
    /// (Summary, Key Points, List, Table) read, so that git's notes and the diff are no part of
    /// their result.
    public static func message(in text: String, commentCharacter: Character = "#") -> String {
        var units = Array(text.utf16)
        let comment = Array(String(commentCharacter).utf16)
        // Comment lines and the scissors line on (each starts with the comment character); a
        // Conventional Commits prefix is part of the message (“feat: add X”).
        for r in ignoredRanges(in: text, commentCharacter: commentCharacter).reversed() where units[r.location...].starts(with: comment) {
            var end = r.location + r.length
            if end < units.count, units[end] == 13 { end += 1 }
            if end < units.count, units[end] == 10 { end += 1 }
            units.removeSubrange(r.location..<end)
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// The length of a Conventional Commits prefix at the start of a subject line
    /// (`feat(parser)!:`, `fix:`, `chore(deps):`): a type of letters, an optional scope in
    /// parentheses, an optional `!`, and a colon followed by a space or the line's end
    /// (Conventional Commits 1.0.0, https://www.conventionalcommits.org/en/v1.0.0/). The type
    /// and scope are labels, not prose (`perf`, `ci`, `api`), so the prefix is not proofread;
    /// nil when the line does not start with one.
    static func conventionalPrefixLength(_ line: ArraySlice<UInt16>) -> Int? {
        func isLetter(_ c: UInt16) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }
        var i = line.startIndex
        while i < line.endIndex, isLetter(line[i]) { i += 1 }
        guard i - line.startIndex >= 2, i - line.startIndex <= 16, i < line.endIndex else { return nil }
        if line[i] == 40 {  // “(scope)”: no parentheses inside, at most 40 units
            var j = i + 1
            while j < line.endIndex, line[j] != 41, line[j] != 40, j - i <= 40 { j += 1 }
            guard j < line.endIndex, line[j] == 41, j > i + 1 else { return nil }
            i = j + 1
        }
        if i < line.endIndex, line[i] == 33 { i += 1 }  // “!”: a breaking change
        guard i < line.endIndex, line[i] == 58, i + 1 == line.endIndex || line[i + 1] == 32 else { return nil }
        return i + 1 - line.startIndex
    }

    /// The UTF-16 offset (relative to `units.startIndex`) where the scissors line starts, or nil
    /// when there is none: the message ends there.
    public static func cutOffset(inUTF16 units: ArraySlice<UInt16>, commentCharacter: Character = "#") -> Int? {
        let cut = Array(String(commentCharacter).utf16) + [32] + Array(cutLine.utf16)
        var found: Int?
        forEachLine(units) { start, end in
            if units[start..<end].elementsEqual(cut) { found = start - units.startIndex; return false }
            return true
        }
        return found
    }

    /// Calls `body` with the start and end (before its line break: LF, CR or CRLF) of each line
    /// of `units`, in order, until it returns false.
    private static func forEachLine(_ units: ArraySlice<UInt16>, _ body: (Int, Int) -> Bool) {
        var start = units.startIndex
        while start < units.endIndex {
            var end = start
            while end < units.endIndex && units[end] != 10 && units[end] != 13 { end += 1 }
            guard body(start, end) else { return }
            start = end
            if start < units.endIndex {
                start += (units[start] == 13 && start + 1 < units.endIndex && units[start + 1] == 10) ? 2 : 1
            }
        }
    }
}
