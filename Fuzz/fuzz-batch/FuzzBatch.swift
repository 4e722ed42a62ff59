import Foundation
import FuzzSupport
import WritingTools
import WritingToolsCLI

/// Fuzz target: `writing-tools proofread --batch` in process (its hand-written JSON scanner,
/// the checker, the answer writer), fed the input through a ``MemoryIO`` in reads cut by the
/// first byte.
///
/// Invariants: the command never traps and exits 0; every input line that is not blank (a
/// byte-order mark at a line's start is dropped, as the command drops it) gets exactly one
/// answer line, in order, and none other; every answer is one JSON object (checked
/// by ``JSONValidator``, strict RFC 8259); a line that is no valid JSON is answered with an
/// error; a line that is a JSON object whose `id` is a string and whose `text` is a string,
/// with no lone surrogate escape in any of its strings, is answered with that id and no error
/// about JSON, `id` and `text` being the last of each name (a key given twice: the last value
/// counts, as `JSON.parse` reads it, ``JSONReference/resolved(_:)``; issue 35). And the input
/// with every valid line that repeats a key written anew without repeats
/// (``JSONReference/text(_:)`` of its resolved value) gets the very same answers, line for line.
@main
enum FuzzBatch {
    static func main() {
        FuzzDriver.run(warmUp: { text in for language in WritingToolsChecker.installedLanguages { var request = ProofreadingRequest(text: text, language: language); request.level = .picky; _ = try? WritingToolsChecker().check(request) } }) { bytes in
            var input = FuzzInput(bytes)
            let seed = input.byte()
            let data = input.restBytes()
            var reads: [Data] = []
            if seed == 0 || data.isEmpty { reads = [Data(data)] } else {
                var i = 0, state = UInt32(seed)
                while i < data.count {
                    state = state &* 1103515245 &+ 12345
                    let n = 1 + Int((state >> 16) % 64)
                    reads.append(Data(data[i..<min(i + n, data.count)]))
                    i += n
                }
            }
            let io = MemoryIO(input: reads)
            let code = WritingToolsCommand.run(["proofread", "--batch", "--spin-wait", "0"], io: io)
            let context = String(decoding: data, as: UTF8.self)
            FuzzCheck.require(code == 0, "exit code \(code): \(io.error)", context)
            // The lines the command reads: split at LF, the last one unterminated if not empty.
            var lines = data.split(separator: 10, omittingEmptySubsequences: false).map { Array($0) }
            if lines.last?.isEmpty == true { lines.removeLast() }
            // A byte-order mark at the start of any line is not part of it (the command drops it:
            // files joined with `cat`, each with its mark), so a line of a mark alone is blank.
            lines = lines.map { $0.starts(with: [0xEF, 0xBB, 0xBF]) ? Array($0.dropFirst(3)) : $0 }
            let asked = lines.filter { !$0.allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 } }
            var answers = io.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            FuzzCheck.require(answers.last == "" || io.output.isEmpty, "the answers do not end with a line break", io.output)
            if answers.last == "" { answers.removeLast() }
            FuzzCheck.require(answers.count == asked.count, "\(asked.count) request line(s), \(answers.count) answer line(s): \(io.output)", context)
            for (line, answer) in zip(asked, answers) {
                let lineText = String(decoding: line, as: UTF8.self)
                FuzzCheck.require(JSONValidator.kind(of: Array(answer.utf8)) == .object, "an answer that is no JSON object: \(answer)", lineText)
                let reply = try? JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
                // RFC 8259 §8.1: a reader may ignore a byte-order mark (JSONDecoder does, on any line).
                let kind = JSONValidator.kind(of: line.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(line.dropFirst(3)) : line)
                if kind == nil {
                    FuzzCheck.require(reply == nil || reply?["error"] != nil, "invalid JSON was answered without an error: \(answer)", lineText)
                }
                if kind == .object, let value = JSONReference.parse(line), !JSONReference.hasLoneSurrogate(value),
                   case let .string(idUnits)? = JSONReference.member("id", of: value),
                   case .string? = JSONReference.member("text", of: value) {
                    let id = String(decoding: idUnits, as: UTF16.self)
                    let error = reply?["error"] as? String ?? ""
                    FuzzCheck.require(!error.contains("JSON"), "a valid record was answered \(answer)", lineText)
                    if reply != nil {
                        // (Compared without U+FEFF: the answer is read back with Foundation's
                        // JSONSerialization, which drops a byte-order mark opening a string; the
                        // answer itself keeps it, CI run 43's smoke find.)
                        func bare(_ s: String?) -> String? { s.map { String(String.UnicodeScalarView($0.unicodeScalars.filter { $0 != "\u{FEFF}" })) } }
                        FuzzCheck.require(bare(reply?["id"] as? String) == bare(id), "the answer's id is not \(id.debugDescription): \(answer)", lineText)
                    }
                }
            }
            // Repeated keys: the input with each valid line that repeats one written without
            // repeats, from the value JSON.parse reads, is answered the same.
            var rewritten = false
            var resolvedLines = data.split(separator: 10, omittingEmptySubsequences: false).map { Array($0) }
            for (k, line) in resolvedLines.enumerated() {
                let body = line.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(line.dropFirst(3)) : line
                guard let value = JSONReference.parse(body), JSONReference.hasRepeatedKey(value) else { continue }
                resolvedLines[k] = JSONReference.text(JSONReference.resolved(value))
                rewritten = true
            }
            if rewritten {
                let resolvedInput = Data(Array(resolvedLines.joined(separator: [10])))
                let again = MemoryIO(input: [resolvedInput])
                _ = WritingToolsCommand.run(["proofread", "--batch", "--spin-wait", "0"], io: again)
                FuzzCheck.require(again.output == io.output, "written without repeated keys, the input is answered\n\(again.output)\ninstead of\n\(io.output)", context)
            }
        }
    }
}
