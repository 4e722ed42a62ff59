import Foundation

extension String {
    /// The string of the UTF-16 code units `units`, lone surrogates replaced by U+FFFD — the
    /// same result as `String(decoding: units, as: UTF16.self)`, several times faster: ASCII
    /// is copied byte for byte, everything else transcoded to UTF-8 in one pass (Swift's generic
    /// decoder goes scalar by scalar through a parser).
    public init(utf16Units units: ArraySlice<UInt16>) {
        self = units.withUnsafeBufferPointer { String(utf16Buffer: $0) }
    }

    /// The string of the UTF-16 code units `units` (see ``init(utf16Units:)-(ArraySlice<UInt16>)``).
    public init(utf16Units units: [UInt16]) {
        self = units.withUnsafeBufferPointer { String(utf16Buffer: $0) }
    }

    private init(utf16Buffer b: UnsafeBufferPointer<UInt16>) {
        let n = b.count
        var ascii = true
        for u in b where u >= 0x80 { ascii = false; break }
        if ascii {
            self = String(unsafeUninitializedCapacity: n) { out in
                for i in 0..<n { out[i] = UInt8(truncatingIfNeeded: b[i]) }
                return n
            }
            return
        }
        // At most 3 UTF-8 bytes per UTF-16 unit (a surrogate pair: 4 bytes for 2 units).
        self = String(unsafeUninitializedCapacity: n * 3) { out in
            var o = 0
            var i = 0
            func put(_ v: UInt32) {
                switch v {
                case 0..<0x80:
                    out[o] = UInt8(v); o += 1
                case 0x80..<0x800:
                    out[o] = UInt8(0xC0 | (v >> 6)); out[o + 1] = UInt8(0x80 | (v & 0x3F)); o += 2
                case 0x800..<0x10000:
                    out[o] = UInt8(0xE0 | (v >> 12)); out[o + 1] = UInt8(0x80 | ((v >> 6) & 0x3F))
                    out[o + 2] = UInt8(0x80 | (v & 0x3F)); o += 3
                default:
                    out[o] = UInt8(0xF0 | (v >> 18)); out[o + 1] = UInt8(0x80 | ((v >> 12) & 0x3F))
                    out[o + 2] = UInt8(0x80 | ((v >> 6) & 0x3F)); out[o + 3] = UInt8(0x80 | (v & 0x3F)); o += 4
                }
            }
            while i < n {
                let u = UInt32(b[i])
                if u < 0xD800 || u > 0xDFFF {
                    put(u); i += 1
                } else if u <= 0xDBFF, i + 1 < n, b[i + 1] >= 0xDC00, b[i + 1] <= 0xDFFF {
                    put(0x10000 + ((u - 0xD800) << 10) + (UInt32(b[i + 1]) - 0xDC00)); i += 2
                } else {
                    put(0xFFFD); i += 1
                }
            }
            return o
        }
    }
}

/// Decoding of valid UTF-8 (a Swift string's own bytes) one scalar at a time, for the passes
/// over text that count in UTF-16 (tokenizer, offset tables, conversions).
public enum UTF8Scalars {
    /// The scalar value starting at byte `i` of valid UTF-8 and its length in bytes (1 to 4).
    @inlinable @inline(__always)
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
        let u0 = bytes[i]
        if u0 < 0x80 { return (UInt32(u0), 1) }
        let length = u0 < 0xE0 ? 2 : u0 < 0xF0 ? 3 : 4
        var v = UInt32(u0) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { v = (v << 6) | (UInt32(bytes[i + k]) & 0x3F) }
        return (v, length)
    }

    /// The UTF-16 code units that UTF-8 byte `byte` stands for when valid UTF-8 is counted in
    /// UTF-16 one byte at a time: 0 for a continuation byte (`10xxxxxx`), 2 for the lead byte of
    /// a four-byte sequence (a scalar above U+FFFF, a surrogate pair), 1 for any other byte.
    /// The one statement of that rule for the passes that count UTF-16 while scanning bytes.
    @inlinable @inline(__always)
    public static func utf16Units(byte: UInt8) -> Int {
        byte & 0xC0 == 0x80 ? 0 : byte >= 0xF0 ? 2 : 1
    }

    /// The byte offset of the first byte of `bytes` that does not start or continue a valid
    /// UTF-8 sequence (RFC 3629: no overlong forms, surrogates or values above U+10FFFF), or
    /// nil when all of `bytes` is valid UTF-8. ASCII is checked eight bytes at a time.
    public static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i < n {
            // Eight ASCII bytes at a time.
            while i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            guard i < n else { break }
            let c = bytes[i]
            if c < 0x80 { i += 1; continue }
            let need: Int
            let minimum: UInt32
            if c & 0xE0 == 0xC0 { need = 1; minimum = 0x80 } else if c & 0xF0 == 0xE0 { need = 2; minimum = 0x800 }
            else if c & 0xF8 == 0xF0 { need = 3; minimum = 0x10000 } else { return i }
            guard i + need < n else { return i }
            var scalar = UInt32(c) & (need == 1 ? 0x1F : need == 2 ? 0x0F : 0x07)
            for k in 1...need {
                let cc = bytes[i + k]
                guard cc & 0xC0 == 0x80 else { return i }
                scalar = (scalar << 6) | UInt32(cc & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF) { return i }
            i += need + 1
        }
        return nil
    }

    /// Appends scalar `value` to `units` as UTF-16 (a surrogate pair above U+FFFF); returns the
    /// number of units appended (1 or 2).
    @inlinable @inline(__always) @discardableResult
    public static func appendUTF16(_ value: UInt32, to units: inout [UInt16]) -> Int {
        if value > 0xFFFF {
            let w = value - 0x10000
            units.append(UInt16(0xD800 + (w >> 10)))
            units.append(UInt16(0xDC00 + (w & 0x3FF)))
            return 2
        }
        units.append(UInt16(value))
        return 1
    }
}

extension Array where Element == UInt16 {
    /// The UTF-16 code units of `text` — the same as `Array(text.utf16)`, in one pass over
    /// the UTF-8 bytes (the standard `utf16` view goes index by index, and a long non-ASCII
    /// string first builds its breadcrumbs).
    public init(utf16Of text: String) {
        var copy = text
        self = copy.withUTF8 { bytes in
            // Never more UTF-16 units than UTF-8 bytes: written in place, ASCII a byte at a time.
            [UInt16](unsafeUninitializedCapacity: bytes.count) { out, count in
                var i = 0, o = 0
                while i < bytes.count {
                    let b0 = bytes[i]
                    if b0 < 0x80 {
                        out[o] = UInt16(b0)
                        o += 1
                        i += 1
                        continue
                    }
                    let (v, length) = UTF8Scalars.decode(bytes, at: i)
                    if v > 0xFFFF {
                        let w = v - 0x10000
                        out[o] = UInt16(0xD800 + (w >> 10))
                        out[o + 1] = UInt16(0xDC00 + (w & 0x3FF))
                        o += 2
                    } else {
                        out[o] = UInt16(v)
                        o += 1
                    }
                    i += length
                }
                count = o
            }
        }
    }
}
