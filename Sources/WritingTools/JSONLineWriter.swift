/// Writes one line of JSON text into a byte buffer: the CLI's `--batch` answers and
/// `proofread --format json` report, and the HTTP server's `/v2/check` answers. Both are flat and regular enough that a writer of our own
/// is many times faster than `JSONSerialization` (which builds and sorts a dictionary per
/// object), and it writes what `JSONSerialization` writes with `.sortedKeys` and
/// `.withoutEscapingSlashes` when the caller writes the keys in sorted order.
public struct JSONLineWriter: Sendable {
    private var bytes: [UInt8] = []

    /// An empty line, with room for `capacity` bytes.
    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// The line written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The UTF-8 bytes written so far.
    public var utf8: [UInt8] { bytes }

    /// Appends `json`, a literal that must already be JSON text (its bytes copied as they are).
    public mutating func raw(_ json: StaticString) {
        json.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `json`, a string that must already be JSON text (a number as it was written).
    public mutating func verbatim(_ json: String) {
        // Through the string's contiguous bytes: one copy, where the generic
        // `append(contentsOf: json.utf8)` goes through the view's iterator.
        var json = json
        json.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `n` in decimal, as `JSONSerialization` writes an integer.
    public mutating func integer(_ n: Int) { verbatim(String(n)) }

    /// Appends `string` as a JSON string (RFC 8259 §7): quotation mark, reverse solidus and
    /// control characters escaped (`\n`, `\t`… where JSON has a short form, else `\u00xx`),
    /// everything else, solidus included, written as UTF-8.
    public mutating func string(_ string: String) {
        bytes.append(0x22)
        var string = string
        string.withUTF8 { utf8 in
            // Runs that need no escape (almost everything) are copied whole.
            var runStart = 0
            var i = 0
            while i < utf8.count {
                let b = utf8[i]
                i += 1
                guard b < 0x20 || b == 0x22 || b == 0x5C else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<(i - 1)]))
                runStart = i
                switch b {
                case 0x22: bytes.append(0x5C); bytes.append(0x22)
                case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
                case 0x0A: bytes.append(0x5C); bytes.append(0x6E)
                case 0x0D: bytes.append(0x5C); bytes.append(0x72)
                case 0x09: bytes.append(0x5C); bytes.append(0x74)
                case 0x08: bytes.append(0x5C); bytes.append(0x62)
                case 0x0C: bytes.append(0x5C); bytes.append(0x66)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(0x22)
    }
}
