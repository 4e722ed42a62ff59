import Foundation

/// A line and character position, as the Language Server Protocol defines it
/// (LSP 3.17 §"Position"): `line` is zero-based; `character` is zero-based and counted in the
/// unit of a ``PositionEncoding``.
public struct LinePosition: Hashable, Sendable, CustomStringConvertible {
    /// Zero-based line number. Lines end at LF, CR or CRLF (a CRLF pair is one line break).
    public var line: Int
    /// Zero-based offset inside the line, in the unit of the encoding it was made with.
    public var character: Int

    /// Creates a position from a zero-based line and character.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// `line:character`, both zero-based, e.g. `"3:14"`.
    public var description: String { "\(line):\(character)" }
}

/// Adds two offsets, saturating at `Int.min`/`Int.max` instead of trapping: offsets come from
/// outside (LSP clients, HTTP requests, `NSNotFound`) and may be absurd; clamping handles them.
@inline(__always)
func saturatingAdd(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    if overflow { return b > 0 ? Int.max : Int.min }
    return sum
}

/// The unit that ``LinePosition/character`` counts, as in LSP 3.17 `PositionEncodingKind`.
public enum PositionEncoding: String, Sendable, CaseIterable {
    /// UTF-16 code units (`"utf-16"`, the LSP default and this project's unit everywhere).
    case utf16 = "utf-16"
    /// UTF-8 bytes (`"utf-8"`).
    case utf8 = "utf-8"
    /// Unicode scalar values (`"utf-32"`).
    case utf32 = "utf-32"
}

/// Converts offsets in one text between UTF-16 code units (this project's unit, see docs/ARCHITECTURE.md, “Rules that hold everywhere”),
/// UTF-8 bytes, Unicode scalars and line/character positions in any ``PositionEncoding``.
///
/// It is the one place where such conversions happen. Build one per text version (O(n) time,
/// about 2.3 bytes per UTF-16 unit); each conversion is O(log n) plus at most 64 steps. Offsets are zero-based; an offset
/// equal to the length of the text (its end) is valid. An offset that falls inside a character
/// (between the two halves of a surrogate pair, or inside a UTF-8 sequence) is rounded down to
/// the start of that scalar. Offsets past the end are clamped to the end; negative ones to 0.
///
/// A byte-order mark at the start of the text is an ordinary character here (U+FEFF, one UTF-16
/// unit, three UTF-8 bytes): callers that strip it must do so before building the converter.
///
/// Line breaks are LF, CR and CRLF only, as LSP 3.17 defines them (U+2028, U+2029 and NEL are
/// ordinary characters). Offsets given from outside may be absurd (`Int.max`, `NSNotFound`,
/// negative): they are clamped, never trapped on.
public struct OffsetConverter: Sendable {
    /// Scalars between two checkpoints.
    private static let stride = 64
    /// The text's UTF-16 code units (2 bytes each: the whole table costs about 2.3 bytes per
    /// UTF-16 unit, so a 50 MB document needs about 120 MB).
    private let units: [UInt16]
    /// `checkpointUTF16[k]` is the UTF-16 offset where scalar `k * stride` starts.
    private let checkpointUTF16: [Int]
    /// `checkpointUTF8[k]` is the UTF-8 offset where scalar `k * stride` starts.
    private let checkpointUTF8: [Int]
    /// Scalar index where each line starts.
    private let lineStartScalars: [Int]
    private let scalarTotal: Int
    private let utf8Total: Int

    /// The text's length in UTF-16 code units.
    public var utf16Length: Int { units.count }
    /// The text's length in UTF-8 bytes.
    public var utf8Length: Int { utf8Total }
    /// The text's length in Unicode scalars.
    public var scalarCount: Int { scalarTotal }
    /// The number of lines (a text with no line break has one; a trailing line break starts an
    /// empty last line).
    public var lineCount: Int { lineStartScalars.count }

    /// Builds the tables for `text` (O(n) time, one pass over the UTF-8 bytes; about 2.3 bytes
    /// of memory per UTF-16 unit).
    public init(_ text: String) {
        var copy = text
        var units: [UInt16] = []
        var cp16: [Int] = []
        var cp8: [Int] = []
        var lines: [Int] = [0]
        var index = 0, a = 0
        var total8 = 0
        copy.withUTF8 { bytes in
            let n = bytes.count
            total8 = n
            units.reserveCapacity(n)
            cp16.reserveCapacity(n / Self.stride + 2)
            cp8.reserveCapacity(n / Self.stride + 2)
            var previousWasCR = false
            var i = 0
            while i < n {
                if index % Self.stride == 0 {
                    cp16.append(a)
                    cp8.append(i)
                }
                let u0 = bytes[i]
                if u0 < 0x80 {
                    if previousWasCR && u0 != 0x0A { lines.append(index) }
                    units.append(UInt16(u0))
                    a += 1
                    i += 1
                    if u0 == 0x0A { lines.append(index + 1) }
                    previousWasCR = u0 == 0x0D
                } else {
                    if previousWasCR { lines.append(index) }
                    let (v, length) = UTF8Scalars.decode(bytes, at: i)
                    a += UTF8Scalars.appendUTF16(v, to: &units)
                    i += length
                    previousWasCR = false
                }
                index += 1
            }
            if previousWasCR { lines.append(index) }
        }
        if index % Self.stride == 0 {
            cp16.append(a)
            cp8.append(total8)
        }
        self.units = units
        self.checkpointUTF16 = cp16
        self.checkpointUTF8 = cp8
        self.lineStartScalars = lines
        self.scalarTotal = index
        self.utf8Total = total8
    }

    /// The text's UTF-16 code units (the same as `Array(text.utf16)`, already built here).
    public var utf16Units: [UInt16] { units }

    // MARK: scalar index lookups

    /// UTF-16 length of the scalar starting at UTF-16 offset `o` (1 or 2).
    @inline(__always)
    private func unitLength(at o: Int) -> Int { UTF16.isLeadSurrogate(units[o]) ? 2 : 1 }

    /// UTF-8 length of the scalar starting at UTF-16 offset `o`.
    @inline(__always)
    private func utf8Length(at o: Int) -> Int {
        let u = units[o]
        if UTF16.isLeadSurrogate(u) { return 4 }
        return u < 0x80 ? 1 : (u < 0x800 ? 2 : 3)
    }

    /// UTF-16 offset where scalar `i` starts (`i` in `0...scalarCount`).
    private func utf16Start(ofScalar i: Int) -> Int {
        let k = i / Self.stride
        var o = checkpointUTF16[k]
        var n = k * Self.stride
        while n < i {
            o += unitLength(at: o)
            n += 1
        }
        return o
    }

    /// UTF-8 offset where scalar `i` starts (`i` in `0...scalarCount`).
    private func utf8Start(ofScalar i: Int) -> Int {
        let k = i / Self.stride
        var o = checkpointUTF16[k]
        var b = checkpointUTF8[k]
        var n = k * Self.stride
        while n < i {
            b += utf8Length(at: o)
            o += unitLength(at: o)
            n += 1
        }
        return b
    }

    /// The scalar at index `i` (`i < scalarCount`).
    private func scalar(at i: Int) -> Unicode.Scalar {
        let o = utf16Start(ofScalar: i)
        if UTF16.isLeadSurrogate(units[o]) {
            return UTF16.decode(UTF16.EncodedScalar([units[o], units[o + 1]]))
        }
        return Unicode.Scalar(units[o]) ?? "\u{FFFD}"
    }

    /// Index of the scalar containing UTF-16 offset `offset` (clamped to `0...scalarCount`).
    private func scalarIndex(forUTF16 offset: Int) -> Int {
        if offset <= 0 { return 0 }
        if offset >= units.count { return scalarTotal }
        let k = Self.floorIndex(in: checkpointUTF16, value: offset)
        var o = checkpointUTF16[k]
        var n = k * Self.stride
        while n < scalarTotal {
            let next = o + unitLength(at: o)
            if next > offset { break }
            o = next
            n += 1
        }
        return n
    }

    /// Index of the scalar containing UTF-8 offset `offset` (clamped to `0...scalarCount`).
    private func scalarIndex(forUTF8 offset: Int) -> Int {
        if offset <= 0 { return 0 }
        if offset >= utf8Total { return scalarTotal }
        let k = Self.floorIndex(in: checkpointUTF8, value: offset)
        var o = checkpointUTF16[k]
        var b = checkpointUTF8[k]
        var n = k * Self.stride
        while n < scalarTotal {
            let next = b + utf8Length(at: o)
            if next > offset { break }
            b = next
            o += unitLength(at: o)
            n += 1
        }
        return n
    }

    /// Index of the last element `<= value` in a sorted array (clamped into range).
    private static func floorIndex(in table: [Int], value: Int) -> Int {
        if value <= 0 { return 0 }
        if value >= table[table.count - 1] { return table.count - 1 }
        var lo = 0, hi = table.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if table[mid] <= value { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    private func clampScalar(_ i: Int) -> Int { min(max(i, 0), scalarTotal) }

    private func lineIndex(forScalar i: Int) -> Int {
        Self.floorIndex(in: lineStartScalars, value: i)
    }

    /// Scalar index where line `line` ends, before its line break.
    private func lineContentEndScalar(_ line: Int) -> Int {
        var end = line + 1 < lineStartScalars.count ? lineStartScalars[line + 1] : scalarTotal
        if end > lineStartScalars[line], end - 1 < scalarTotal, scalar(at: end - 1) == "\n" { end -= 1 }
        if end > lineStartScalars[line], end - 1 < scalarTotal, scalar(at: end - 1) == "\r" { end -= 1 }
        return end
    }

    // MARK: offsets

    /// The UTF-8 byte offset of a UTF-16 offset.
    public func utf8Offset(fromUTF16 offset: Int) -> Int { utf8Start(ofScalar: scalarIndex(forUTF16: offset)) }
    /// The UTF-16 offset of a UTF-8 byte offset.
    public func utf16Offset(fromUTF8 offset: Int) -> Int { utf16Start(ofScalar: scalarIndex(forUTF8: offset)) }
    /// The scalar offset (count of Unicode scalars before it) of a UTF-16 offset.
    public func scalarOffset(fromUTF16 offset: Int) -> Int { scalarIndex(forUTF16: offset) }
    /// The UTF-16 offset of a scalar offset.
    public func utf16Offset(fromScalar offset: Int) -> Int { utf16Start(ofScalar: clampScalar(offset)) }

    /// A UTF-16 range converted to UTF-8 bytes (start and end converted separately).
    public func utf8Range(fromUTF16 range: NSRange) -> NSRange {
        let s = utf8Offset(fromUTF16: range.location)
        let e = utf8Offset(fromUTF16: saturatingAdd(range.location, range.length))
        return NSRange(location: s, length: max(0, e - s))
    }

    /// A UTF-8 byte range converted to UTF-16 code units.
    public func utf16Range(fromUTF8 range: NSRange) -> NSRange {
        let s = utf16Offset(fromUTF8: range.location)
        let e = utf16Offset(fromUTF8: saturatingAdd(range.location, range.length))
        return NSRange(location: s, length: max(0, e - s))
    }

    /// True when `offset` (UTF-16) is in `0...utf16Length` and not inside a surrogate pair.
    public func isValidUTF16Boundary(_ offset: Int) -> Bool {
        guard offset >= 0, offset <= utf16Length else { return false }
        return utf16Start(ofScalar: scalarIndex(forUTF16: offset)) == offset
    }

    // MARK: lines

    /// The line/character position of a UTF-16 offset, with `character` in `encoding`.
    /// An offset between a CR and its LF belongs to the end of the line.
    public func position(fromUTF16 offset: Int, encoding: PositionEncoding = .utf16) -> LinePosition {
        var i = scalarIndex(forUTF16: offset)
        let line = lineIndex(forScalar: i)
        let start = lineStartScalars[line]
        i = min(i, max(start, lineContentEndScalar(line)))
        let character: Int
        switch encoding {
        case .utf16: character = utf16Start(ofScalar: i) - utf16Start(ofScalar: start)
        case .utf8: character = utf8Start(ofScalar: i) - utf8Start(ofScalar: start)
        case .utf32: character = i - start
        }
        return LinePosition(line: line, character: character)
    }

    /// The UTF-16 offset of a line/character position whose `character` is in `encoding`.
    ///
    /// Positions are clamped as LSP 3.17 asks: a line past the last one maps to the end of the
    /// text; a character past the line's end maps to the line's end (before its line break);
    /// a character inside a multi-unit character rounds down to that character's start.
    public func utf16Offset(from position: LinePosition, encoding: PositionEncoding = .utf16) -> Int {
        if position.line < 0 { return 0 }
        guard position.line < lineStartScalars.count else { return utf16Length }
        let start = lineStartScalars[position.line]
        let end = lineContentEndScalar(position.line)
        let wanted = max(0, position.character)
        let i: Int
        switch encoding {
        case .utf16:
            let target = saturatingAdd(utf16Start(ofScalar: start), wanted)
            i = min(scalarIndex(forUTF16: target), end)
        case .utf8:
            let target = saturatingAdd(utf8Start(ofScalar: start), wanted)
            i = min(scalarIndex(forUTF8: target), end)
        case .utf32:
            i = min(saturatingAdd(start, wanted), end)
        }
        return utf16Start(ofScalar: i)
    }

    /// The UTF-16 range of line `line`'s content, without its line break.
    ///
    /// A negative `line` is clamped to the first line and one past the last to the last line.
    public func lineRange(_ line: Int) -> NSRange {
        let l = min(max(line, 0), lineStartScalars.count - 1)
        let s = utf16Start(ofScalar: lineStartScalars[l])
        let e = utf16Start(ofScalar: lineContentEndScalar(l))
        return NSRange(location: s, length: e - s)
    }
}
