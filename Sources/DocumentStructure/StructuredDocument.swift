import Foundation
import TextModel

/// The markup language of a document.
public enum MarkupKind: String, Sendable, CaseIterable {
    /// Plain text: paragraphs separated by blank lines; URLs, e-mail addresses, file paths and
    /// math are still protected.
    case plain
    /// CommonMark with GitHub's extensions (tables, strikethrough, autolinks, task lists),
    /// parsed by cmark-gfm.
    case markdown
    /// LaTeX source: commands, their non-prose arguments, comments, math and code
    /// environments are protected; the document's text is prose.
    case latex
    /// reStructuredText (docutils, Sphinx): section adornments, directives, roles, literal
    /// blocks, targets and the other markup are protected; paragraphs, titles, list items,
    /// admonitions' bodies and table cells are prose (``ReStructuredTextParser``).
    case restructuredText
}

/// Why a range of a document must come back byte-identical from every tool (docs/ARCHITECTURE.md, “Rules that hold everywhere”).
public enum ProtectionReason: String, Sendable, CaseIterable, Comparable {
    /// A fenced code block, fences and info string included.
    case fencedCode
    /// An indented code block.
    case indentedCode
    /// Inline code, with its backticks.
    case inlineCode
    /// An HTML block's tags or an inline HTML tag (prose between tags is not protected).
    case html
    /// A link's destination and title with the brackets around them (`(url "title")`, or
    /// `[label]` for a reference link), a footnote reference (`[^1]`), or a whole image
    /// (`![alt](url)`, alt text included).
    case linkDestination
    /// A link reference definition (`[label]: url "title"`).
    case linkReferenceDefinition
    /// An autolink (`<https://…>`, `<a@b.c>`, or a GFM extended autolink).
    case autolink
    /// A bare URL in prose.
    case url
    /// An e-mail address in prose.
    case emailAddress
    /// A file path in prose (`./build/testbed`, `~/.bashrc`, `src/main.swift`).
    case filePath
    /// A long command-line option in prose (`--allow-net`, `--allow-net=example.com`).
    case commandLineOption
    /// An identifier written in prose without backticks: snake or screaming case with an
    /// underscore (`CUDA_ARCHITECTURES`, `cmTC_0c70f`) or camel case with two inner capitals
    /// or more (`cudaGraphExecUpdate`).
    case codeIdentifier
    /// An @-mention of a person or team (`@ines.harrow`, `@org/team`).
    case mention
    /// A version number (`v2.3.1`, `1.4.0-rc.2+build.7`).
    case versionNumber
    /// An emoji shortcode (`:tada:`, `:+1:`), as GitHub, GitLab and Slack write emoji.
    case emojiShortcode
    /// A template tag of a static-site generator (Jekyll's and Shopify's Liquid, Hugo, Jinja,
    /// Handlebars): `{{ page.title }}`, `{% include note.html %}`, on one line.
    case templateTag
    /// A metavariable in angle brackets, as manual pages, `--help` texts and documentation
    /// write a value to be filled in (`<pathspec>`, `<keyid>`, `<new-branch>`), brackets included.
    case metavariable
    /// YAML (`---`) or TOML (`+++`) front matter at the start of the document.
    case frontMatter
    /// An editor's list of the document's own words: Emacs's `LocalWords:` lines (ispell's and
    /// flyspell's convention, usually inside a comment), from the marker to the line's end; the
    /// words are the document's vocabulary.
    case wordList
    /// `$…$` or `$$…$$` math (in LaTeX also `\(…\)`, `\[…\]` and math environments).
    case math
    /// LaTeX markup: the preamble, a command with its options and non-prose arguments, the
    /// braces of a group, a comment, a code environment.
    case latex
    /// A markup line of Org, reStructuredText or AsciiDoc read as plain text (`#+OPTIONS: toc:nil`,
    /// an Org source block, `.. note::`, `:toc: left`).
    case markupDirective
    /// reStructuredText markup: a section title's adornment, a transition, a directive with its
    /// options, a comment, a substitution definition or reference (`|name|`), a footnote label, a
    /// field name (`:param x:`), a table's borders.
    case restructuredText
    /// A range the host declared (for example through `writingToolsIgnoredRangesInEnclosingRange`).
    case hostDeclared
    /// A run carrying the `writingToolsExclusion` attribute.
    case writingToolsExclusion

    public static func < (a: ProtectionReason, b: ProtectionReason) -> Bool { a.rawValue < b.rawValue }
}

/// A range of the document that no tool may change, with the reason.
public struct ProtectedRange: Hashable, Sendable, CustomStringConvertible {
    /// UTF-16 range in the document's text.
    public var range: NSRange
    /// Why it is protected.
    public var reason: ProtectionReason

    /// Creates a protected range.
    public init(range: NSRange, reason: ProtectionReason) {
        self.range = range
        self.reason = reason
    }

    public var description: String { "\(reason.rawValue) [\(range.location),\(range.location + range.length))" }
}

/// A block of the document with its presentation intent.
public struct Block: Hashable, Sendable, CustomStringConvertible {
    /// UTF-16 range of the block's source, markers included (for a list item, from its marker).
    public var range: NSRange
    /// The block's structure, innermost level first.
    public var intent: PresentationIntent

    /// Creates a block.
    public init(range: NSRange, intent: PresentationIntent) {
        self.range = range
        self.intent = intent
    }

    public var description: String { "[\(range.location),\(range.location + range.length)) \(intent)" }
}

/// A document parsed into blocks, protected ranges and the prose that tools may work on.
public struct StructuredDocument: Sendable {
    /// The document's text, exactly as given.
    public let text: String
    /// The markup it was parsed as.
    public let markup: MarkupKind
    /// Blocks in document order (containers before the blocks inside them).
    public let blocks: [Block]
    /// Protected ranges, sorted by location, merged where the same reason overlaps.
    public let protectedRanges: [ProtectedRange]
    /// The prose of each leaf block (paragraph, heading, table cell), markup removed, with a map
    /// back to document offsets. Prose never includes protected text.
    public let proseSegments: [ProseSegment]
    /// Identifier-like words (letters, digits and underscores, at least two letters) that
    /// appear in the document's inline code and code blocks; spelling checks accept them
    /// elsewhere in the document (e.g. `nonblockingpipe` in prose after it appeared in code).
    public let codeVocabulary: Set<String>
    /// True when the text is a manual page rendered as text (`man -P cat tar`; plain text whose
    /// first line is `TAR(1) … TAR(1)`, or with the headings `NAME`, `SYNOPSIS`…). Its prose
    /// is reference prose with its typography lost: metavariables and commands (`unset name`,
    /// `list`) open sentences in lowercase, syntax is named between spaces (`the ; operator`),
    /// lines are justified with runs of spaces; rules about that typography stay silent in it.
    public let isManualPage: Bool

    /// Creates a document from parts (parsers use this; hosts use ``DocumentParser``).
    public init(text: String, markup: MarkupKind, blocks: [Block], protectedRanges: [ProtectedRange],
                proseSegments: [ProseSegment], codeVocabulary: Set<String>, isManualPage: Bool = false) {
        self.isManualPage = isManualPage
        self.text = text
        self.markup = markup
        self.blocks = blocks
        self.protectedRanges = protectedRanges
        self.proseSegments = proseSegments
        self.codeVocabulary = codeVocabulary
    }

    /// True when `range` (UTF-16) overlaps a protected range. An empty range counts when it
    /// lies strictly inside one.
    public func intersectsProtected(_ range: NSRange) -> Bool {
        // Protected ranges are sorted by location; binary search for the first that ends after.
        let s = range.location, e = range.location + range.length
        var lo = 0, hi = protectedRanges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let p = protectedRanges[mid].range
            if p.location + p.length <= s { lo = mid + 1 } else { hi = mid }
        }
        var i = lo
        while i < protectedRanges.count {
            let p = protectedRanges[i].range
            if p.location >= max(e, s + 1) { break }
            let ps = p.location, pe = p.location + p.length
            if range.length == 0 ? (ps < s && s < pe) : (ps < e && s < pe) { return true }
            i += 1
        }
        return false
    }
}
