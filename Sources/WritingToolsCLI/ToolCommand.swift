import Foundation
import WritingTools

/// `writing-tools rewrite|friendly|professional|concise|summary|key-points|list|table [FILE|-]`
/// and `writing-tools describe "INSTRUCTION" [FILE|-]`: runs one Writing Tool with the offline
/// engine and writes the new text (rewrites) or the result (summary, key points, list, table)
/// to standard output. Edits with their reasons go to standard error with `--explain`.
struct ToolCommand {
    /// Command names and the tools they run (describe is handled apart: it takes an instruction).
    static let tools: [String: WritingTool] = [
        "rewrite": .rewrite, "friendly": .friendly, "professional": .professional, "concise": .concise,
        "summary": .summary, "key-points": .keyPoints, "list": .list, "table": .table,
    ]

    var io: CommandIO
    var tool: WritingTool
    var file: String?
    var markup: DocumentMarkup?
    var language = "en-US"
    var markdownResult: Bool?
    var explain = false
    var help = false

    init(name: String, arguments: [String], io: CommandIO) throws {
        self.io = io
        var args = arguments
        if name == "describe" {
            if args.contains("-h") || args.contains("--help") {
                self.tool = .describeYourChange(instruction: "")
                self.help = true
                return
            }
            guard let instruction = args.first, !instruction.hasPrefix("-") || instruction == "-" && false else {
                throw CommandError.usage("'describe' needs an instruction first, e.g. writing-tools describe \"make it shorter\" notes.md")
            }
            args.removeFirst()
            self.tool = .describeYourChange(instruction: instruction)
        } else if let t = Self.tools[name] {
            self.tool = t
        } else {
            throw CommandError.usage("unknown tool '\(name)'")
        }
        var i = 0
        func value(_ n: String, _ inline: String?) throws -> String {
            if let inline { return inline }
            i += 1
            guard i < args.count else { throw CommandError.usage("\(n) needs a value") }
            return args[i]
        }
        while i < args.count {
            let arg = args[i]
            if arg == "-" || !arg.hasPrefix("-") {
                guard file == nil else { throw CommandError.usage("give one file (or - for standard input), not several") }
                file = arg
                i += 1
                continue
            }
            var n = arg
            var inline: String?
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                n = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            switch n {
            case "-h", "--help": help = true
            case "--explain": explain = true
            case "--markup":
                switch try value(n, inline) {
                case "auto": markup = nil
                case "markdown", "md": markup = .markdown
                case "plain", "text", "txt": markup = .plain
                case let v: throw CommandError.usage("--markup takes markdown, plain or auto, not '\(v)'")
                }
            case "--result":
                switch try value(n, inline) {
                case "markdown", "md", "rich": markdownResult = true
                case "plain", "text": markdownResult = false
                case let v: throw CommandError.usage("--result takes markdown or plain, not '\(v)'")
                }
            case "--language", "-l": language = try value(n, inline)
            default: throw CommandError.usage("unknown option '\(arg)' for '\(tool.commandName)'")
            }
            i += 1
        }
    }

    func run() throws -> ExitCode {
        if help {
            io.writeOutput(HelpText.tools + "\n")
            return .success
        }
        let name = file ?? "-"
        let input: InputText
        do {
            input = name == "-" ? try InputDecoder.decode(io.readAllStandardInput(), displayName: "<stdin>", path: nil)
                                : try InputDecoder.read(path: name)
        } catch {
            throw CommandError.failure(error.message(for: name == "-" ? "<stdin>" : name))
        }
        if input.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            io.writeError("writing-tools: \(input.displayName): empty input, nothing to do\n")
            io.writeOutput(input.text)
            return .success
        }
        let kind = markup ?? input.path.map { DocumentMarkup.inferred(fromPath: $0) } ?? .plain
        // Tables are Markdown unless plain text is asked for (a plain-text host gets a list).
        let rich = markdownResult ?? (kind == .markdown || tool == .table)
        let options: WritingToolsResultOptions = rich ? [.plainText, .richText, .list, .table] : [.plainText]
        let run: WritingToolsRun
        do {
            run = try WritingToolsRunner().run(tool, text: input.text, markup: kind, resultOptions: options, language: language)
        } catch {
            throw CommandError.failure("\(tool.commandName): \(error)")
        }
        if let result = run.result {
            io.writeOutput(result.text.hasSuffix("\n") || result.text.isEmpty ? result.text : result.text + "\n")
            if let note = result.note { io.writeError("writing-tools: \(note)\n") }
        } else {
            io.writeOutput(run.text)
            if explain || run.edits.isEmpty {
                let converter = OffsetConverter(input.text)
                for e in run.edits {
                    let p = converter.position(fromUTF16: e.range.location, encoding: .utf32)
                    let old = input.text.substring(utf16Range: e.range) ?? ""
                    let new = e.replacements.first ?? ""
                    io.writeError("\(input.displayName):\(p.line + 1):\(p.character + 1): “\(old)” → “\(new)”: \(e.message)\n")
                }
            }
            io.writeError("writing-tools: \(tool.commandName): \(run.edits.count) edit\(run.edits.count == 1 ? "" : "s")"
                          + (run.text == input.text ? " (the text is unchanged)" : "") + "\n")
        }
        return .success
    }
}
