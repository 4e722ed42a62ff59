import Foundation
import TextModel

/// LaTeX source: paragraphs separated by blank lines, with the markup protected and the text
/// of the document left as prose.
///
/// Protected (reason ``ProtectionReason/latex`` unless said): the preamble (everything before
/// `\begin{document}`, when the file has one); `%` comments; commands (`\section`, `\\`, `\%`)
/// with their star and `[…]` options; the arguments of commands whose arguments are not prose
/// (`\cite{…}`, `\ref{…}`, `\label{…}`, `\url{…}`, `\includegraphics{…}`, `\usepackage{…}`,
/// `\begin{…}`, the first argument of `\href`, …) whole; the braces of every other group
/// (`\emph{`…`}`: the words between are prose); math (reason ``ProtectionReason/math``: `$…$`,
/// `$$…$$`, `\(…\)`, `\[…\]` and math environments such as `equation` and `align`); and code
/// environments (`verbatim`, `lstlisting`, `minted`, `comment`, `tikzpicture`) whole. A blank
/// line inside a protected range does not end a paragraph.
enum LaTeXParser {
    /// Commands whose brace arguments are keys, names, lengths or code, never prose.
    static let codeArgumentCommands: Set<String> = [
        "cite", "citep", "citet", "citealp", "citealt", "citeauthor", "citeyear", "parencite", "textcite", "autocite",
        "footcite", "nocite", "ref", "eqref", "pageref", "autoref", "cref", "Cref", "vref", "nameref", "label", "url",
        "path", "includegraphics", "input", "include", "includeonly", "usepackage", "RequirePackage", "documentclass",
        "bibliography", "bibliographystyle", "addbibresource", "begin", "end", "hspace", "vspace", "setlength",
        "addtolength", "setcounter", "addtocounter", "newcommand", "renewcommand", "providecommand", "newenvironment",
        "renewenvironment", "def", "let", "newlength", "newcounter", "color", "pagestyle", "thispagestyle",
        "pagenumbering", "verb", "lstinline", "mintinline", "graphicspath", "geometry", "hypersetup", "definecolor",
        "DeclareMathOperator", "numberwithin", "setmainfont", "setsansfont", "setmonofont", "fontsize", "selectfont",
        "bibitem", "newtheorem", "theoremstyle", "lstset", "tikz", "scalebox", "resizebox", "rule", "raisebox",
        "settowidth", "multicolumn", "multirow", "cline", "hline", "arraystretch", "ensuremath",
        // Code in prose, as Python's and other projects' manuals write it.
        "code", "texttt", "var", "class", "method", "function", "member", "module", "file", "filename", "samp",
        "kbd", "envvar", "program", "programopt", "option", "constant", "exception", "cfunction", "ctype", "keyword",
        "mimetype", "command", "cmd", "pkg", "lstinputlisting", "inputminted", "refmodule", "declaremodule",
        "email", "mailto",
    ]
    /// Commands of which only the first brace argument is code (`\href{url}{text}`,
    /// `\textcolor{red}{text}`).
    static let firstArgumentCodeCommands: Set<String> = ["href", "textcolor", "colorbox", "foreignlanguage", "hyperref"]
    /// Environments that are math, protected whole as ``ProtectionReason/math``.
    static let mathEnvironments: Set<String> = [
        "equation", "equation*", "align", "align*", "alignat", "alignat*", "gather", "gather*", "multline", "multline*",
        "eqnarray", "eqnarray*", "math", "displaymath", "flalign", "flalign*", "split", "dmath", "dmath*",
    ]
    /// Environments of code or pictures, protected whole.
    static let codeEnvironments: Set<String> = [
        "verbatim", "verbatim*", "Verbatim", "lstlisting", "minted", "comment", "tikzpicture", "pgfpicture", "filecontents",
        "filecontents*", "alltt", "BVerbatim", "LVerbatim", "luacode", "luacode*", "pycode", "asy",
    ]

    static func parse(_ text: String, hostProtected: [ProtectedRange]) -> StructuredDocument {
        let u = [UInt16](utf16Of: text)
        let protected = protectedRanges(u)
        var blocks: [Block] = []
        var segments: [ProseSegment] = []
        var identity = 1
        // Paragraphs: runs of lines between blank lines that are not inside a protected range.
        var inside = [Bool](repeating: false, count: u.count + 1)
        for p in protected { for k in p.range.location..<(p.range.location + p.range.length) { inside[k] = true } }
        var lineStart = 0
        var paraStart: Int?
        var paraEnd = 0
        var spanIndex = 0
        var found: [ProtectedRange] = []
        func flush() {
            guard let s = paraStart else { return }
            paraStart = nil
            let r = NSRange(location: s, length: paraEnd - s)
            let intent = PresentationIntent(.paragraph, identity: identity)
            identity += 1
            var seg = ProseSegment(blockRange: r, intent: intent)
            var at = s
            while spanIndex < protected.count, protected[spanIndex].range.location + protected[spanIndex].range.length <= s { spanIndex += 1 }
            var k = spanIndex
            while k < protected.count, protected[k].range.location < paraEnd {
                let p = protected[k].range
                let a = max(p.location, s), b = min(p.location + p.length, paraEnd)
                if a > at { seg.appendVerbatim(utf16Units: u[at..<a], documentLocation: at) }
                // A discretionary hyphen `\-` between letters (`docu\-ment`) is markup inside
                // the word: left out, as Markdown's `**` is, so that the word stays one word (a
                // placeholder split it in two, each a “misspelling”).
                let isDiscretionaryHyphen = b - a == 2 && u[a] == 92 && u[a + 1] == 45 && a > s && b < paraEnd
                    && Self.isWordLetter(u[a - 1]) && Self.isWordLetter(u[b])
                if b > a && !isDiscretionaryHyphen { seg.appendProtected(documentRange: NSRange(location: a, length: b - a)) }
                at = max(at, b)
                k += 1
            }
            if paraEnd > at { seg.appendVerbatim(utf16Units: u[at..<paraEnd], documentLocation: at) }
            guard seg.pieces.contains(where: { $0.kind != .protected }) else { return }
            blocks.append(Block(range: r, intent: intent))
            // What the prose detectors find in the text (URLs, paths, e-mail addresses).
            let (detected, updated) = DocumentAssembly.detect(in: seg)
            found.append(contentsOf: detected)
            segments.append(updated)
        }
        while lineStart <= u.count {
            var e = lineStart
            while e < u.count, u[e] != 10, u[e] != 13 { e += 1 }
            let isBlank = u[lineStart..<e].allSatisfy { $0 == 32 || $0 == 9 } && !inside[lineStart]
            if isBlank { flush() } else {
                if paraStart == nil { paraStart = lineStart }
                paraEnd = e
            }
            if e >= u.count { break }
            lineStart = e + ((u[e] == 13 && e + 1 < u.count && u[e + 1] == 10) ? 2 : 1)
        }
        flush()
        return DocumentAssembly.finish(text: text, markup: .latex, blocks: blocks, protected: protected + found,
                                       segments: segments, vocabulary: [], host: hostProtected)
    }

    /// True for a UTF-16 unit of a word's letters: an ASCII letter, or a letter or mark beyond
    /// ASCII (surrogates count: a word may go on with a letter outside the BMP).
    static func isWordLetter(_ c: UInt16) -> Bool {
        if c < 0x80 { return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }
        if c >= 0xD800 && c <= 0xDFFF { return true }
        guard let scalar = Unicode.Scalar(c) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
    }

    /// The protected ranges of LaTeX source `u`, sorted and not overlapping.
    static func protectedRanges(_ u: [UInt16]) -> [ProtectedRange] {
        var out: [ProtectedRange] = []
        let n = u.count
        func add(_ a: Int, _ b: Int, _ reason: ProtectionReason = .latex) {
            guard b > a else { return }
            if let last = out.last, last.reason == reason, last.range.location + last.range.length >= a {
                let end = max(b, last.range.location + last.range.length)
                out[out.count - 1].range = NSRange(location: last.range.location, length: end - last.range.location)
            } else if let last = out.last, last.range.location + last.range.length > a {
                // Inside the previous range already (or overlapping it): extend it.
                let end = max(b, last.range.location + last.range.length)
                out[out.count - 1].range = NSRange(location: last.range.location, length: end - last.range.location)
            } else {
                out.append(ProtectedRange(range: NSRange(location: a, length: b - a), reason: reason))
            }
        }
        func isLetter(_ c: UInt16) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 64 }   // @ in package code
        /// The end of the group starting with `open` at `i` (its matching `close`, after it), or `n`.
        func groupEnd(_ i: Int, open: UInt16, close: UInt16) -> Int {
            var depth = 0
            var k = i
            while k < n {
                let c = u[k]
                if c == 92 { k += 2; continue }                 // \{ \} \\ are no braces of the group
                if c == 37 { while k < n, u[k] != 10 { k += 1 }; continue }   // a comment
                if c == open { depth += 1 } else if c == close {
                    depth -= 1
                    if depth == 0 { return k + 1 }
                }
                k += 1
            }
            return n
        }
        /// The index after `needle` found from `i`, or `n`.
        func find(_ needle: [UInt16], from i: Int) -> Int? {
            guard !needle.isEmpty, n >= needle.count else { return nil }
            var k = i
            while k + needle.count <= n {
                if u[k] == needle[0], Array(u[k..<(k + needle.count)]) == needle { return k }
                k += 1
            }
            return nil
        }
        func skipBlanks(_ i: Int) -> Int {
            var k = i
            while k < n, u[k] == 32 || u[k] == 9 { k += 1 }
            return k
        }
        var i = 0
        // The preamble.
        if let b = find(Array("\\begin{document}".utf16), from: 0) { add(0, b + 16); i = b + 16 }
        while i < n {
            let c = u[i]
            switch c {
            case 37:  // % comment to the end of the line
                var e = i
                while e < n, u[e] != 10, u[e] != 13 { e += 1 }
                add(i, e)
                i = e
            case 36:  // $ or $$ math
                let display = i + 1 < n && u[i + 1] == 36
                var k = i + (display ? 2 : 1)
                var end = n
                while k < n {
                    if u[k] == 92 { k += 2; continue }
                    if u[k] == 36 {
                        if display { if k + 1 < n, u[k + 1] == 36 { end = k + 2; break } } else { end = k + 1; break }
                    }
                    // Inline math never spans a blank line: an unmatched $ is a dollar sign.
                    if !display, u[k] == 10, k + 1 < n, u[k + 1] == 10 { break }
                    k += 1
                }
                if end == n, !display, !(k < n && u[k] == 36) { add(i, i + 1); i += 1; continue }
                add(i, min(end, n), .math)
                i = min(end, n)
            case 92:  // a command
                guard i + 1 < n else { add(i, n); i = n; continue }
                let d = u[i + 1]
                if d == 40 || d == 91 {  // \( … \)  \[ … \]
                    let close: [UInt16] = [92, d == 40 ? 41 : 93]
                    let e = find(close, from: i + 2).map { $0 + 2 } ?? n
                    add(i, e, .math)
                    i = e
                    continue
                }
                guard isLetter(d) else { add(i, i + 2); i += 2; continue }   // \\ \% \& \, …
                var k = i + 1
                while k < n, isLetter(u[k]) { k += 1 }
                let name = String(decoding: u[(i + 1)..<k], as: UTF16.self)
                if k < n, u[k] == 42 { k += 1 }   // starred form
                if name == "begin" || name == "end" {
                    var a = skipBlanks(k)
                    guard a < n, u[a] == 123 else { add(i, k); i = k; continue }
                    let close = groupEnd(a, open: 123, close: 125)
                    let env = String(decoding: u[(a + 1)..<max(a + 1, close - 1)], as: UTF16.self)
                    if name == "begin", mathEnvironments.contains(env) || codeEnvironments.contains(env) {
                        let endTag = Array("\\end{\(env)}".utf16)
                        let e = find(endTag, from: close).map { $0 + endTag.count } ?? n
                        add(i, e, mathEnvironments.contains(env) ? .math : .latex)
                        i = e
                        continue
                    }
                    // Options and arguments of the environment (`\begin{tabular}{ll}`, `[h]`).
                    a = close
                    while true {
                        let b = skipBlanks(a)
                        if b < n, u[b] == 91 { a = groupEnd(b, open: 91, close: 93); continue }
                        // Arguments written right after (`\begin{tabular}{ll}`, `\begin{methoddesc}[Http]{request}{uri}`)
                        // are the environment's parameters, not prose.
                        if name == "begin", b == a, b < n, u[b] == 123 {
                            a = groupEnd(b, open: 123, close: 125); continue
                        }
                        break
                    }
                    add(i, a)
                    i = a
                    continue
                }
                if name == "verb" || name == "lstinline", k < n {
                    // \verb|…|: the delimiter is the next character.
                    let delim = u[k]
                    var e = k + 1
                    while e < n, u[e] != delim, u[e] != 10 { e += 1 }
                    add(i, min(e + 1, n))
                    i = min(e + 1, n)
                    continue
                }
                // Options.
                var a = k
                while true {
                    let b = skipBlanks(a)
                    if b < n, u[b] == 91, name != "item" || b == a { a = groupEnd(b, open: 91, close: 93); continue }
                    break
                }
                if codeArgumentCommands.contains(name) {
                    while true {
                        let b = skipBlanks(a)
                        if b < n, u[b] == 123 { a = groupEnd(b, open: 123, close: 125); continue }
                        if b < n, u[b] == 91 { a = groupEnd(b, open: 91, close: 93); continue }
                        break
                    }
                } else if firstArgumentCodeCommands.contains(name) {
                    let b = skipBlanks(a)
                    if b < n, u[b] == 123 { a = groupEnd(b, open: 123, close: 125) }
                }
                add(i, a)
                i = a
            case 123, 125:  // the braces of a group of prose (`\emph{…}`), alone
                add(i, i + 1)
                i += 1
            case 38:  // & column separator
                add(i, i + 1)
                i += 1
            default:
                i += 1
            }
        }
        return out
    }
}
