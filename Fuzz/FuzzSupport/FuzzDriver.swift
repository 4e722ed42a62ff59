import Foundation
#if FUZZING
import CLibFuzzer
#endif

/// Runs a fuzz target's body (`fuzz-*` executables, built by `scripts/fuzz.sh`).
///
/// Built with `-Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer,address`, the program is a libFuzzer
/// binary: its arguments are libFuzzer's (`-runs=N -seed=S CORPUS_DIR…`) and `body` is called
/// with each generated input. Built normally (`swift build`), it replays the files or directories
/// given as arguments through `body` once each and prints how many passed: a crash found by the
/// fuzzer can be reproduced and debugged in an ordinary debug build. A failed invariant calls
/// ``FuzzCheck/fail(_:_:)``, which traps, so that libFuzzer reports it as a crash.
public enum FuzzDriver {
    nonisolated(unsafe) private static var body: ((UnsafeBufferPointer<UInt8>) -> Void)?

    /// A paragraph of everyday errors (spelling, agreement, verb forms, countability, British
    /// spellings) for ``run(warmUp:_:)``'s warm-up: checking it loads the dictionaries, the
    /// rules and their data.
    public static let warmUpText = """
        Teh informations was recieved yesterday, and we has went to the the office. \
        Their going too finish it's colour scheme, which is more bigger then our's. \
        Each of the guests have a apple; lets schedule less meetings.
        """

    /// Runs `body` under libFuzzer (fuzzing build) or over the files named on the command line.
    ///
    /// `warmUp` runs first, once, with ``warmUpText``, outside libFuzzer's timeout: a target
    /// whose first input would load the proofreader's dictionaries and data (tens of seconds
    /// under AddressSanitizer on a loaded machine) loads them there instead. Without it the
    /// first input could run past `-timeout`, and libFuzzer's timeout handler, allocating
    /// inside a signal handler while the interrupted `malloc` held ASan's lock, deadlocked
    /// (Benchmarks/README-fuzzing.md, 2026-12-07).
    public static func run(warmUp: ((String) -> Void)? = nil, _ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
        Self.body = body
        warmUp?(warmUpText)
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let code = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzDriver.body?(UnsafeBufferPointer(start: data, count: size))
            return 0
        }
        exit(code)
        #else
        var files: [String] = []
        for argument in CommandLine.arguments.dropFirst() where !argument.hasPrefix("-") {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
                files += names.sorted().map { argument + "/" + $0 }
            } else {
                files.append(argument)
            }
        }
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                exit(2)
            }
            data.withUnsafeBytes { raw in body(raw.bindMemory(to: UInt8.self)) }
        }
        print("\(files.count) input(s) replayed, every invariant held")
        exit(0)
        #endif
    }
}

/// Invariant checks of the fuzz targets.
public enum FuzzCheck {
    /// Reports a failed invariant with the input's text and traps (libFuzzer saves the input).
    public static func fail(_ message: @autoclosure () -> String, _ context: @autoclosure () -> String = "") -> Never {
        let c = context()
        FileHandle.standardError.write(Data("INVARIANT FAILED: \(message())\n\(c.isEmpty ? "" : "context: \(c.debugDescription.prefix(4000))\n")".utf8))
        fatalError("invariant failed: \(message())")
    }

    /// Traps with `message` unless `condition` holds.
    @inline(__always)
    public static func require(_ condition: Bool, _ message: @autoclosure () -> String, _ context: @autoclosure () -> String = "") {
        if !condition { fail(message(), context()) }
    }

    /// True when `string` is one JSON value (object, array, string, number, literal), read by
    /// Foundation's JSONSerialization.
    public static func isJSON(_ string: String) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(string.utf8), options: [.fragmentsAllowed])) != nil
    }

    /// The protected texts of `units` at `ranges` (sorted), found in `result` in order, each
    /// byte-identical (UTF-16 units) and after the previous one; returns the first missing range.
    public static func firstMissing(_ ranges: [NSRange], of units: [UInt16], in result: [UInt16]) -> NSRange? {
        var from = 0
        for r in ranges where r.length > 0 {
            let needle = Array(units[r.location..<(r.location + r.length)])
            guard let at = find(needle, in: result, from: from) else { return r }
            from = at + needle.count
        }
        return nil
    }

    private static func find(_ needle: [UInt16], in hay: [UInt16], from: Int) -> Int? {
        guard hay.count - from >= needle.count else { return nil }
        var i = from
        while i + needle.count <= hay.count {
            if hay[i] == needle[0] && hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}

/// Reads a fuzz input as a stream of choices (bytes, small integers) and the text after them.
public struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    /// Wraps `bytes`.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// True when every byte has been read.
    public var isEmpty: Bool { position >= bytes.count }

    /// The next byte (0 once the input is used up).
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0..<bound` from the next byte or two (0 for a bound of 0).
    public mutating func int(below bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        let v = bound > 255 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
        return v % bound
    }

    /// The next `count` bytes (fewer at the end) as UTF-8 text, invalid sequences repaired (U+FFFD).
    public mutating func string(maxBytes count: Int) -> String {
        let n = min(count, bytes.count - position)
        guard n > 0 else { return "" }
        defer { position += n }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<(position + n)]), as: UTF8.self)
    }

    /// The rest of the input as UTF-8 text, invalid sequences repaired.
    public mutating func rest() -> String { string(maxBytes: bytes.count) }

    /// The rest of the input's bytes.
    public mutating func restBytes() -> [UInt8] {
        guard position < bytes.count else { return [] }
        defer { position = bytes.count }
        return Array(bytes[position...])
    }
}
