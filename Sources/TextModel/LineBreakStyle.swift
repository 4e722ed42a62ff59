import Foundation

/// How a text writes its line breaks: LF, or CR LF (Windows). The results of the Writing Tools
/// (a summary, a list, a table) are written the way the document writes most of its breaks.
public enum LineBreakStyle: Sendable, Hashable {
    /// `\n`.
    case lf
    /// `\r\n`.
    case crlf

    /// The line break itself.
    public var text: String { self == .crlf ? "\r\n" : "\n" }

    /// The style of most of `text`'s line breaks: ``crlf`` when more of its LFs follow a CR than
    /// not, else ``lf`` (also for a text without line breaks). Lone CRs are not counted.
    public static func dominant(in text: String) -> LineBreakStyle {
        var crlf = 0, lf = 0
        var previous: UInt16 = 0
        for u in text.utf16 {
            if u == 0x0A { if previous == 0x0D { crlf += 1 } else { lf += 1 } }
            previous = u
        }
        return crlf > lf ? .crlf : .lf
    }

    /// `text` with a CR put before each LF that has none, and the map from a UTF-16 offset of
    /// `text` (0…its length) to the same place in the new text: a place at an LF that gained a
    /// CR maps to the CR, so a range ending after the LF, or starting at it, keeps the pair whole.
    public static func writingCRLF(_ text: String) -> (text: String, offset: @Sendable (Int) -> Int) {
        let units = Array(text.utf16)
        var out: [UInt16] = []
        out.reserveCapacity(units.count + units.count / 8)
        // inserted[k]: the CRs added before the offset k (for LFs at offsets below k).
        var inserted = [Int](repeating: 0, count: units.count + 1)
        var count = 0
        for (k, u) in units.enumerated() {
            inserted[k] = count
            if u == 0x0A, k == 0 || units[k - 1] != 0x0D {
                out.append(0x0D)
                count += 1
            }
            out.append(u)
        }
        inserted[units.count] = count
        let table = inserted
        return (String(decoding: out, as: UTF16.self), { k in k + table[min(max(k, 0), table.count - 1)] })
    }
}
