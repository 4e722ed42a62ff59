import Foundation
import WritingTools

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
    /// A UTF-32 byte-order mark (`FF FE 00 00` or `00 00 FE FF`), told before UTF-16's.
    case utf32(bigEndian: Bool)
    case utf16WithoutMark(bigEndian: Bool)
    case invalidUTF8(byteOffset: Int, line: Int, byte: UInt8)

    /// The problem as a sentence naming the file `name` (shown escaped: ``PathText/shown(_:)``).
    func message(for name: String) -> String {
        let name = name == "<stdin>" ? name : PathText.shown(name)
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
        case let .utf32(bigEndian):
            return "'\(name)' is UTF-32 (\(bigEndian ? "big" : "little")-endian byte-order mark); convert it to UTF-8 first, e.g. iconv -f UTF-32 -t UTF-8"
        case let .utf16WithoutMark(bigEndian):
            return "'\(name)' looks like UTF-16 (\(bigEndian ? "big" : "little")-endian, without a byte-order mark: every other byte is NUL); convert it to UTF-8 first, e.g. iconv -f UTF-16\(bigEndian ? "BE" : "LE") -t UTF-8"
        case let .invalidUTF8(offset, line, byte):
            return String(format: "'%@' is not valid UTF-8: byte 0x%02X at byte offset %d (line %d); convert it to UTF-8 first, e.g. iconv -f latin1 -t utf-8", name, byte, offset, line)
        }
    }
}

enum InputDecoder {
    /// Reads a file into memory (a pipe or device as a stream to its end).
    static func read(path: String) throws(InputProblem) -> InputText {
        // System calls on the path's own bytes (``FileSystem``): a name that is not UTF-8 is
        // read, where Foundation's path methods name a U+FFFD copy that does not exist.
        guard let info = FileSystem.status(path) else {
            // “No such file” only when that is why: a loop of symbolic links, a dangling link or
            // a directory we may not enter says so.
            if errno != ENOENT { throw .unreadable(String(cString: strerror(errno)).lowercased()) }
            if let st = FileSystem.linkStatus(path), st.st_mode & S_IFMT == S_IFLNK {
                let target = FileSystem.symbolicLinkTarget(path).map(PathText.shown) ?? "?"
                throw .unreadable("it is a symbolic link to '\(target)', which does not exist")
            }
            throw .missing
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw .directory }
        guard let fd = FileSystem.openForReading(path) else { throw .unreadable(String(cString: strerror(errno)).lowercased()) }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let data: Data
        if info.st_mode & S_IFMT != S_IFREG {
            // A pipe, a FIFO, a terminal or a device (`/dev/stdin`, `<(command)`): read as a
            // stream to its end (it cannot be memory-mapped).
            // Read in chunks, each looked at for a NUL byte as it comes, so that an endless
            // binary stream (`/dev/zero`, `/dev/urandom`) is refused at once instead of filling
            // memory.
            var read = Data()
            while true {
                let chunk: Data
                do { chunk = try handle.read(upToCount: 1 << 16) ?? Data() } catch { throw .unreadable(Self.reason(error)) }
                if chunk.isEmpty { break }
                if let nul = chunk.firstIndex(of: 0) { throw .binary(byteOffset: read.count + (nul - chunk.startIndex)) }
                read.append(chunk)
            }
            data = read
        } else {
            // Read into memory, not memory-mapped: a mapping follows later writes to the file,
            // and the text read must stay what was read, so that “changed since it was read”
            // compares the file with it before writing (an edit saved meanwhile is kept).
            do { data = try handle.readToEnd() ?? Data() } catch {
                throw .unreadable(Self.reason(error))
            }
        }
        return try decode(data, displayName: PathText.shown(path), path: path)
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
            // UTF-32's little-endian mark begins with UTF-16's: it is told first.
            if count >= 4, b[0] == 0xFF, b[1] == 0xFE, b[2] == 0, b[3] == 0 { return .failure(.utf32(bigEndian: false)) }
            if count >= 4, b[0] == 0, b[1] == 0, b[2] == 0xFE, b[3] == 0xFF { return .failure(.utf32(bigEndian: true)) }
            if count >= 2, b[0] == 0xFF, b[1] == 0xFE { return .failure(.utf16(bigEndian: false)) }
            if count >= 2, b[0] == 0xFE, b[1] == 0xFF { return .failure(.utf16(bigEndian: true)) }
            if let bigEndian = utf16WithoutMark(b) { return .failure(.utf16WithoutMark(bigEndian: bigEndian)) }
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

    /// True (big-endian) or false (little-endian) when `b` looks like UTF-16 text without a
    /// byte-order mark: an even length of at least 4 bytes whose first 512 byte pairs have a
    /// NUL on one side (ASCII text in UTF-16) in nine pairs of ten or more; nil otherwise.
    static func utf16WithoutMark(_ b: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard b.count >= 4, b.count % 2 == 0 else { return nil }
        let pairs = min(b.count / 2, 512)
        var lowNul = 0, highNul = 0
        for p in 0..<pairs {
            let x = b[2 * p], y = b[2 * p + 1]
            if y == 0 && x != 0 { lowNul += 1 }
            if x == 0 && y != 0 { highNul += 1 }
        }
        if lowNul * 10 >= pairs * 9 { return false }
        if highNul * 10 >= pairs * 9 { return true }
        return nil
    }

    /// The first NUL byte or invalid UTF-8 sequence, with its byte offset (the validation is
    /// TextModel's ``UTF8Scalars/firstInvalidOffset(_:)``; a NUL is valid UTF-8 but means a
    /// binary file here).
    static func firstProblem(_ b: UnsafeBufferPointer<UInt8>) -> InputProblem? {
        let invalid = UTF8Scalars.firstInvalidOffset(b)
        let end = invalid ?? b.count
        if let nul = b[0..<end].firstIndex(of: 0) { return .binary(byteOffset: nul) }
        guard let invalid else { return nil }
        let line = 1 + b[0..<invalid].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        return .invalidUTF8(byteOffset: invalid, line: line, byte: b[invalid])
    }
}
