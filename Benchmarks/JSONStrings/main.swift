// json-strings: the front ends' one JSON string decoder (TextModel's JSONStrings) against
// Foundation's JSONSerialization and JSONDecoder, on text none of them was tuned on.
//
//   json-strings-benchmark BOOK.md [PASSES]
//
// The book becomes three inputs: the whole text as one JSON string with raw UTF-8 (what
// editors send: `\n` and `\"` escapes only), the same with every non-ASCII character written
// `\uXXXX` (pairs for astral ones; what Python's json.dumps sends), and one short string per
// paragraph (batch records, LSP changes). Each decoder reads each input once cold (the first
// run in the process) and PASSES times warm; the warm figure is the median. `normalized` is the
// check-and-repair pass the language server and the HTTP server run before Foundation parses;
// `resolvingDuplicateKeys` the strict pass they run after it (no key repeats here: the text is
// only validated and returned).
import Foundation
import TextModel

let args = Array(CommandLine.arguments.dropFirst())
guard let path = args.first, let book = try? String(contentsOfFile: path, encoding: .utf8) else {
    print("usage: json-strings-benchmark BOOK.md [PASSES]")
    exit(2)
}
let passes = args.count > 1 ? max(1, Int(args[1]) ?? 20) : 20

/// `s` as a JSON string literal; `ascii` writes every non-ASCII character as `\uXXXX`.
func literal(_ s: String, ascii: Bool) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
        case _ where ascii && u.value >= 0x80:
            for unit in String(u).utf16 { out += String(format: "\\u%04x", unit) }
        default: out.unicodeScalars.append(u)
        }
    }
    return out + "\""
}

let paragraphs = book.components(separatedBy: "\n\n").filter { !$0.isEmpty }
let inputs: [(name: String, json: Data, strings: Int)] = [
    ("whole book, raw UTF-8", Data(("[" + literal(book, ascii: false) + "]").utf8), 1),
    ("whole book, \\u escapes", Data(("[" + literal(book, ascii: true) + "]").utf8), 1),
    ("\(paragraphs.count) paragraphs", Data(("[" + paragraphs.map { literal($0, ascii: false) }.joined(separator: ",") + "]").utf8), paragraphs.count),
]

/// Every string of a JSON array of strings, read by JSONStrings.decode.
func ours(_ json: Data) -> [String] {
    json.withUnsafeBytes { raw in
        let b = raw.bindMemory(to: UInt8.self)
        var out: [String] = []
        var i = 1
        while i < b.count, b[i] == 0x22 {
            guard let s = try? JSONStrings.decode(b, at: &i, loneSurrogates: .replace) else { fatalError("ours failed") }
            out.append(s)
            if i < b.count, b[i] == 0x2C { i += 1 }
        }
        return out
    }
}

let decoders: [(String, (Data) -> [String])] = [
    ("JSONStrings.decode", ours),
    ("JSONStrings.normalized + JSONSerialization", { (try? JSONSerialization.jsonObject(with: try! JSONStrings.normalized($0))) as! [String] }),
    ("JSONStrings.normalized (the pass alone)", { _ = try! JSONStrings.normalized($0); return [] }),
    ("JSONStrings.resolvingDuplicateKeys (strict pass)", { _ = JSONStrings.resolvingDuplicateKeys($0); return [] }),
    ("JSONSerialization", { (try? JSONSerialization.jsonObject(with: $0)) as! [String] }),
    ("JSONDecoder", { try! JSONDecoder().decode([String].self, from: $0) }),
]

func seconds(_ f: () -> Void) -> Double {
    let t = DispatchTime.now().uptimeNanoseconds
    f()
    return Double(DispatchTime.now().uptimeNanoseconds - t) / 1e9
}

print("json-strings-benchmark: \(path), \(passes) warm passes (median), \(ProcessInfo.processInfo.activeProcessorCount) cores")
for input in inputs {
    print(String(format: "\n%@: %.0f KB of JSON, %d string(s)", input.name, Double(input.json.count) / 1024, input.strings))
    let reference = try! JSONDecoder().decode([String].self, from: input.json)
    for (name, decode) in decoders {
        var result: [String] = []
        let cold = seconds { result = decode(input.json) }
        if !result.isEmpty && result != reference { print("  \(name): DIFFERENT RESULT"); continue }
        var warm: [Double] = []
        for _ in 0..<passes { warm.append(seconds { _ = decode(input.json) }) }
        warm.sort()
        let median = warm[warm.count / 2]
        let mbps = Double(input.json.count) / 1_048_576 / median
        print(String(format: "  %-44@ cold %8.3f ms   warm %8.3f ms   %7.0f MB/s", name as NSString, cold * 1000, median * 1000, mbps))
    }
}
