import Foundation
import WritingTools

/// `--markup` of `proofread` and the tools: by the file's name or content (auto), given, or a Git
/// commit message (plain text whose comment lines and scissors part are no part of the message).
enum MarkupChoice: Equatable {
    case auto, fixed(DocumentMarkup), gitCommit

    /// Reads `--markup`'s value: `auto`, `git-commit` (`gitcommit`), or any format name the
    /// language server takes as a language ID (``DocumentMarkup/formatNames``: `markdown`,
    /// `plain`, `rst`, `asciidoc`, `org`, `latex`, …).
    /// - Throws: ``CommandError`` (usage) for any other value.
    init(option value: String) throws {
        switch value {
        case "auto": self = .auto
        case "git-commit", "gitcommit": self = .gitCommit
        default:
            guard let markup = DocumentMarkup.named(format: value) else {
                throw CommandError.usage("--markup takes markdown, plain, rst, asciidoc, org, latex, git-commit or auto, not '\(value)'")
            }
            self = .fixed(markup)
        }
    }

    /// The markup `input` is read as, and whether it is a Git commit message: auto takes
    /// `COMMIT_EDITMSG` and git's other message files, or standard input with git's own comments,
    /// as one (``GitCommitMessage``), else the markup the file's extension names, else the one its
    /// content suggests (standard input).
    func resolve(for input: InputText) -> (markup: DocumentMarkup, isGitCommit: Bool) {
        switch self {
        case let .fixed(kind): return (kind, false)
        case .gitCommit: return (.plain, true)
        case .auto:
            if input.path.map(GitCommitMessage.isMessageFile(path:)) ?? GitCommitMessage.looksLikeEditorMessage(input.text) {
                return (.plain, true)
            }
            return (input.path.map { DocumentMarkup.inferred(fromPath: $0) } ?? DocumentMarkup.sniffed(from: input.text), false)
        }
    }
}

/// The language options of `proofread` and the tools.
enum LanguageOption {
    /// `--language`'s value, a tag such as `en-GB`, as the installed language it names
    /// (``WritingToolsChecker/installedLanguage(for:among:)``, the check every front end makes).
    /// A well-formed tag of a language without a dictionary is kept as given: the check then
    /// fails naming the package that installs it (`apt-get install hunspell-fr`, exit 3).
    /// - Throws: ``CommandError`` (usage) when it is empty or not shaped like a language tag
    ///   (``WritingToolsChecker/isLanguageTagShaped(_:)``: never a path).
    static func parse(_ value: String) throws -> String {
        guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { throw CommandError.usage("--language needs a tag such as en-US") }
        if let tag = WritingToolsChecker.installedLanguage(for: value) { return tag }
        guard WritingToolsChecker.isLanguageTagShaped(value) else {
            throw CommandError.usage("--language takes a language tag such as en-US or en-GB, not '\(PathText.shown(value))'")
        }
        return value
    }

    /// The language `text` is read in: `explicit` (`--language`) when given, else its English told
    /// by its spellings (``WritingToolsChecker/englishVariant(of:markup:ignoredRanges:)``, American
    /// by default; `ignoredRanges` in UTF-16 code units). A British reading is said on standard
    /// error, `verb` naming what is done with the text (“checked”, “read”).
    static func resolve(explicit: String?, text: String, markup: DocumentMarkup, ignoredRanges: [NSRange],
                        displayName: String, verb: String, io: CommandIO) -> String {
        if let explicit { return explicit }
        let language = WritingToolsChecker.englishVariant(of: text, markup: markup, ignoredRanges: ignoredRanges)
        if language != "en-US" {
            io.writeError("writing-tools: \(displayName): British spellings: \(verb) as British English (--language en-US for American)\n")
        }
        return language
    }
}
