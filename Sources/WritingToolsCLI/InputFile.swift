import Foundation

/// A text read from a file or standard input, decoded as UTF-8, with what is needed to write
/// it back unchanged except for the edits.
struct InputText {
    /// The name shown in messages (`-` is shown as `<stdin>`).
    var displayName: String
    /// The path, nil for standard input.
    var path: String?
    /// The raw bytes as read.
    var bytes: Data
    /// The text without a leading UTF-8 byte-order mark. Offsets in output refer to it.
    var text: String
    /// True when the bytes start with a UTF-8 byte-order mark (kept when writing back).
    var hasByteOrderMark: Bool
}

/// Why an input could not be read as text.
enum InputProblem: Error, Equatable {
    case missing
    case directory
    case unreadable(String)
    case binary(byteOffset: Int)
    case utf16(bigEndian: Bool)
    case invalidUTF8(byteOffset: Int, line: Int, byte: UInt8)

    func message(for name: String) -> String {
        switch self {
        case .missing:
            return "cannot read '\(name)': no such file"
        case .directory:
            return "'\(name)' is a directory; name the files inside it (for example '\(name)/*.md')"
        case let .unreadable(reason):
            return "cannot read '\(name)': \(reason)"
        case let .binary(offset):
            return "'\(name)' looks like a binary file (NUL byte at byte offset \(offset)); only UTF-8 text can be read"
        case let .utf16(bigEndian):
            return "'\(name)' is UTF-16 (\(bigEndian ? "big" : "little")-endian byte-order mark); convert it to UTF-8 first, e.g. iconv -f UTF-16 -t UTF-8"
        case let .invalidUTF8(offset, line, byte):
            return String(format: "'%@' is not valid UTF-8: byte 0x%02X at byte offset %d (line %d); convert it to UTF-8 first, e.g. iconv -f latin1 -t utf-8", name, byte, offset, line)
        }
    }
}

enum InputDecoder {
    /// Reads a file. Large files are memory-mapped where possible.
    static func read(path: String) throws(InputProblem) -> InputText {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing }
        if isDirectory.boolValue { throw .directory }
        let data: Data
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            // A pipe, a FIFO, a terminal or a device (`/dev/stdin`, `<(command)`): read as a
            // stream to its end (it cannot be memory-mapped).
            guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(String(cString: strerror(errno))) }
            defer { try? handle.close() }
            do { data = try handle.readToEnd() ?? Data() } catch { throw .unreadable(Self.reason(error)) }
        } else {
            do { data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) } catch {
                throw .unreadable(Self.reason(error))
            }
        }
        return try decode(data, displayName: path, path: path)
    }

    private static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return POSIXError(code).localizedDescription
        }
        if ns.domain == NSCocoaErrorDomain, ns.code == NSFileReadNoPermissionError { return "permission denied" }
        return ns.localizedDescription
    }

    /// Decodes bytes as UTF-8 text, refusing binary data and invalid sequences with the byte
    /// offset of the first problem.
    static func decode(_ data: Data, displayName: String, path: String?) throws(InputProblem) -> InputText {
        let count = data.count
        let result: Result<(String, Bool), InputProblem> = data.withUnsafeBytes { raw in
            let b = raw.bindMemory(to: UInt8.self)
            if count >= 2, b[0] == 0xFF, b[1] == 0xFE { return .failure(.utf16(bigEndian: false)) }
            if count >= 2, b[0] == 0xFE, b[1] == 0xFF { return .failure(.utf16(bigEndian: true)) }
            let bom = count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF
            if let bad = firstProblem(b) { return .failure(bad) }
            let body = UnsafeBufferPointer(rebasing: b[(bom ? 3 : 0)...])
            return .success((String(decoding: body, as: UTF8.self), bom))
        }
        switch result {
        case let .success((text, bom)):
            return InputText(displayName: displayName, path: path, bytes: data, text: text, hasByteOrderMark: bom)
        case let .failure(p):
            throw p
        }
    }

    /// The first NUL byte or invalid UTF-8 sequence, with its byte offset.
    static func firstProblem(_ b: UnsafeBufferPointer<UInt8>) -> InputProblem? {
        var i = 0
        var line = 1
        let n = b.count
        while i < n {
            let c = b[i]
            if c < 0x80 {
                if c == 0 { return .binary(byteOffset: i) }
                if c == 10 { line += 1 }
                i += 1
                continue
            }
            let need: Int
            var minScalar: UInt32
            if c & 0xE0 == 0xC0 { need = 1; minScalar = 0x80 } else if c & 0xF0 == 0xE0 { need = 2; minScalar = 0x800 }
            else if c & 0xF8 == 0xF0 { need = 3; minScalar = 0x10000 } else { return .invalidUTF8(byteOffset: i, line: line, byte: c) }
            guard i + need < n else { return .invalidUTF8(byteOffset: i, line: line, byte: c) }
            var scalar = UInt32(c) & (need == 1 ? 0x1F : need == 2 ? 0x0F : 0x07)
            for k in 1...need {
                let cc = b[i + k]
                guard cc & 0xC0 == 0x80 else { return .invalidUTF8(byteOffset: i, line: line, byte: c) }
                scalar = (scalar << 6) | UInt32(cc & 0x3F)
            }
            if scalar < minScalar || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
                return .invalidUTF8(byteOffset: i, line: line, byte: c)
            }
            minScalar = 0
            i += need + 1
        }
        return nil
    }
}
