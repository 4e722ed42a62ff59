import DocumentStructure
import Foundation
import TextModel

/// Test helpers: fixtures, the golden dump, and range utilities.
enum Support {
    /// Names of the fixture documents (Markdown `.md`, plain text `.txt`).
    static let fixtureNames = [
        "frontmatter-code.md", "links-images.md", "html-entities.md", "lists-quotes.md",
        "table-math-paths.md", "crlf-bom.md", "plain.txt",
    ]

    /// The fixtures folder inside the test bundle.
    static var fixturesURL: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
    }

    /// The fixtures folder in the source tree (for regenerating goldens).
    static var sourceFixturesURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    /// The package root (two levels above this file's folder).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func load(_ name: String) throws -> String {
        let data = try Data(contentsOf: fixturesURL.appendingPathComponent(name))
        return String(decoding: data, as: UTF8.self)
    }

    static func markup(for name: String) -> MarkupKind { name.hasSuffix(".txt") ? .plain : .markdown }

    static func slice(_ text: String, _ r: NSRange) -> String {
        text.substring(utf16Range: r) ?? "<invalid \(r.location)+\(r.length)>"
    }

    /// Escapes control characters, the placeholder and non-breaking spaces for readable dumps.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{FFFC}": out += "\\u{FFFC}"
            case "\u{A0}": out += "\\u{A0}"
            case "\u{FEFF}": out += "\\u{FEFF}"
            default:
                if scalar.value < 0x20 { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    static func r(_ x: NSRange) -> String { "[\(x.location),\(x.location + x.length))" }

    /// A readable dump of everything the parser found.
    static func dump(_ doc: StructuredDocument) -> String {
        var lines: [String] = []
        lines.append("markup: \(doc.markup.rawValue)")
        lines.append("== blocks (\(doc.blocks.count))")
        for b in doc.blocks {
            var preview = slice(doc.text, b.range)
            if preview.count > 40 { preview = String(preview.prefix(40)) + "…" }
            lines.append("\(r(b.range)) \(b.intent) \(quote(preview))")
        }
        lines.append("== protected (\(doc.protectedRanges.count))")
        for p in doc.protectedRanges {
            lines.append("\(p.reason.rawValue) \(r(p.range)) \(quote(slice(doc.text, p.range)))")
        }
        lines.append("== segments (\(doc.proseSegments.count))")
        for s in doc.proseSegments {
            lines.append("segment \(r(s.blockRange)) \(s.intent)")
            lines.append("  text: \(quote(s.text))")
            for p in s.pieces {
                let seg = slice(s.text, p.segmentRange)
                lines.append("  \(p.kind) \(r(p.segmentRange)) ← \(r(p.documentRange)) \(quote(seg))"
                    + (p.kind == .verbatim ? "" : " for \(quote(slice(doc.text, p.documentRange)))"))
            }
        }
        lines.append("== code vocabulary")
        lines.append(doc.codeVocabulary.sorted().joined(separator: " "))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Ranges of words (letter/digit runs) in `s`, UTF-16.
    static func wordRanges(_ s: String) -> [NSRange] {
        var out: [NSRange] = []
        var start: Int?
        var i = 0
        for scalar in s.unicodeScalars {
            let isWord = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            if isWord, start == nil { start = i }
            if !isWord, let st = start { out.append(NSRange(location: st, length: i - st)); start = nil }
            i += scalar.utf16.count
        }
        if let st = start { out.append(NSRange(location: st, length: i - st)) }
        return out
    }
}
