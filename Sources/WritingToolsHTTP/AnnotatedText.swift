import Foundation
import WritingTools

/// LanguageTool's `data` parameter: `{"text":"…"}` or `{"annotation":[{"text":…},
/// {"markup":…, "interpretAs":…}]}` (LanguageTool's `AnnotatedText`), turned into the text we
/// check and a map from its offsets back to the offsets the client knows (text and markup).
///
/// Markup is left out of the checked text; its `interpretAs` stands in for it there. A stand-in
/// that is only whitespace (`"\n\n"` for `<p>`) stays checkable text, so that paragraphs and
/// sentences break where the markup breaks them; any other stand-in (LTeX's `Dummy0` for a
/// formula) is protected (``ignoredRanges``), so no rule flags or changes it. A finding inside a
/// stand-in is dropped (``isInsideStandIn(_:)``).
struct AnnotatedText: Sendable, Equatable {
    /// The text that is checked: text items and stand-ins, in order.
    var checkedText: String
    /// UTF-16 length of the client's text: text and markup.
    var originalLength: Int
    /// UTF-16 ranges of ``checkedText`` that are stand-ins for markup and must not be changed.
    var ignoredRanges: [NSRange]
    /// Where every markup item is in ``checkedText``: its stand-in's range, empty for markup
    /// without one. No suggestion may change these or delete across them (the client's markup
    /// is protected text): ``ProofreadingRequest/keptRanges``.
    var keptRanges: [NSRange] = []
    /// The pieces, in order (checked and original offsets, UTF-16).
    private var pieces: [Piece]

    private struct Piece: Sendable, Equatable {
        var checkedStart: Int
        var checkedLength: Int
        var originalStart: Int
        var originalLength: Int
        /// True for text (offsets map one to one); false for markup and its stand-in.
        var isText: Bool
    }

    /// Plain text: checked as it is.
    init(plain text: String) {
        let n = text.utf16.count
        checkedText = text
        originalLength = n
        ignoredRanges = []
        pieces = [Piece(checkedStart: 0, checkedLength: n, originalStart: 0, originalLength: n, isText: true)]
    }

    /// Errors in `data` (answered 400 with the message, as LanguageTool's).
    struct Invalid: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// Reads LanguageTool's `data` JSON.
    /// - Throws: ``Invalid`` for JSON that is not an object, neither or both of `text` and
    ///   `annotation`, an item with both `text` and `markup` or with neither, `interpretAs` with
    ///   `text`, or a value that is not a string.
    init(data json: String) throws {
        // The front ends' one string decoder first: lone surrogate escapes become U+FFFD.
        let data: Data
        // A key given twice: the last value counts (as in LanguageTool, whose Jackson reader keeps the last).
        do { data = JSONStrings.resolvingDuplicateKeys(try JSONStrings.normalized(Data(json.utf8))) } catch {
            throw Invalid(description: "Could not parse JSON from 'data' parameter: \(error)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Invalid(description: "Could not parse JSON from 'data' parameter: it must be a JSON object such as {\"text\": \"…\"} or {\"annotation\": […]}")
        }
        let text = object["text"], annotation = object["annotation"]
        if text != nil && annotation != nil { throw Invalid(description: "'data' key 'text' and 'annotation' cannot be used together") }
        if let t = text {
            guard let t = t as? String else { throw Invalid(description: "'data' key 'text' must be a string") }
            self = AnnotatedText(plain: t)
            return
        }
        guard let items = annotation as? [Any] else {
            throw Invalid(description: "'data' needs a 'text' string or an 'annotation' array")
        }
        var checked = ""
        var checkedLength = 0, originalLength = 0
        var pieces: [Piece] = []
        var ignored: [NSRange] = [], kept: [NSRange] = []
        for (k, raw) in items.enumerated() {
            guard let item = raw as? [String: Any] else { throw Invalid(description: "'annotation' item \(k) is not an object") }
            let t = item["text"], m = item["markup"], i = item["interpretAs"]
            if t != nil && m != nil { throw Invalid(description: "'annotation' item \(k) has both 'text' and 'markup'; use one") }
            if t != nil && i != nil { throw Invalid(description: "'annotation' item \(k): 'interpretAs' goes with 'markup', not 'text'") }
            if let t {
                guard let t = t as? String else { throw Invalid(description: "'annotation' item \(k): 'text' must be a string") }
                let n = t.utf16.count
                pieces.append(Piece(checkedStart: checkedLength, checkedLength: n, originalStart: originalLength, originalLength: n, isText: true))
                checked += t
                checkedLength += n
                originalLength += n
            } else if let m {
                guard let m = m as? String else { throw Invalid(description: "'annotation' item \(k): 'markup' must be a string") }
                var standIn = ""
                if let i {
                    guard let s = i as? String else { throw Invalid(description: "'annotation' item \(k): 'interpretAs' must be a string") }
                    standIn = s
                }
                let n = standIn.utf16.count, mn = m.utf16.count
                pieces.append(Piece(checkedStart: checkedLength, checkedLength: n, originalStart: originalLength, originalLength: mn, isText: false))
                if n > 0 && !standIn.allSatisfy(\.isWhitespace) { ignored.append(NSRange(location: checkedLength, length: n)) }
                if mn > 0 || n > 0 { kept.append(NSRange(location: checkedLength, length: n)) }
                checked += standIn
                checkedLength += n
                originalLength += mn
            } else {
                throw Invalid(description: "'annotation' item \(k) needs 'text' or 'markup'")
            }
        }
        self.checkedText = checked
        self.originalLength = originalLength
        self.ignoredRanges = ignored
        self.keptRanges = kept
        self.pieces = pieces
    }

    /// True when the text is plain (offsets are the same in both).
    var isPlain: Bool { pieces.count <= 1 && pieces.allSatisfy(\.isText) }

    /// The piece of checked text (markup left out without a stand-in has none) that offset `c`
    /// starts in (`asEnd` false: the last piece starting at or before `c`) or ends in (`asEnd`:
    /// the last piece starting before `c`).
    private func piece(at c: Int, asEnd: Bool) -> Piece? {
        var lo = 0, hi = pieces.count - 1, found: Int?
        while lo <= hi {
            let mid = (lo + hi) / 2
            let p = pieces[mid]
            if p.checkedStart < c || (!asEnd && p.checkedStart == c) { found = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        // Back over pieces without checked text (markup with no stand-in), except when c is
        // past them all.
        guard var k = found else { return pieces.first { $0.checkedLength > 0 } ?? pieces.first }
        while k > 0, pieces[k].checkedLength == 0 { k -= 1 }
        return pieces[k]
    }

    /// The client's offset of checked offset `c` as a start (`isEnd` false) or an end. Inside a
    /// stand-in: the markup's start, or its end.
    func originalOffset(_ c: Int, isEnd: Bool) -> Int {
        if isPlain { return c }
        guard let p = piece(at: c, asEnd: isEnd) else { return c }
        if p.isText { return p.originalStart + min(max(0, c - p.checkedStart), p.originalLength) }
        if isEnd || c >= p.checkedStart + p.checkedLength && p.checkedLength > 0 { return p.originalStart + p.originalLength }
        return p.originalStart
    }

    /// `r` (UTF-16, in ``checkedText``) in the client's offsets.
    func originalRange(_ r: NSRange) -> NSRange {
        if isPlain { return r }
        let a = originalOffset(r.location, isEnd: false)
        let b = r.length == 0 ? a : originalOffset(r.location + r.length, isEnd: true)
        return NSRange(location: a, length: max(0, b - a))
    }

    /// True when `r` lies wholly inside one stand-in (a finding about the markup's stand-in,
    /// not the client's text).
    func isInsideStandIn(_ r: NSRange) -> Bool {
        if isPlain { return false }
        return pieces.contains { p in
            !p.isText && p.checkedLength > 0 && r.location >= p.checkedStart && r.location + r.length <= p.checkedStart + p.checkedLength
        }
    }
}
