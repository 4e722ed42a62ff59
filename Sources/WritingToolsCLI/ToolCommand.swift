import Foundation
import WritingTools

/// `writing-tools rewrite|friendly|professional|concise|summary|key-points|list|table [FILE|-]`
/// and `writing-tools describe "INSTRUCTION" [FILE|-]`: runs one Writing Tool, with the offline
/// engine or a language model (`--provider`), and writes the new text (rewrites) or the result
/// (summary, key points, list, table) to standard output. Only text that passed the output
/// contract reaches standard output (with `--stream`, part by part as each passes); a rejected
/// result leaves it empty (with `--stream`: no further parts), says why on standard error and
/// exits 3.
struct ToolCommand {
    /// Command names and the tools they run (describe is handled apart: it takes an instruction).
    static let tools: [String: WritingTool] = [
        "rewrite": .rewrite, "friendly": .friendly, "professional": .professional, "concise": .concise,
        "summary": .summary, "key-points": .keyPoints, "list": .list, "table": .table,
    ]

    var io: CommandIO
    var tool: WritingTool
    var file: String?
    var markup = MarkupChoice.auto
    /// The language `--language` names; nil: the text's English told by its spellings
    /// (``WritingToolsChecker/englishVariant(of:markup:ignoredRanges:)``), American by default,
    /// so that a British letter is not half Americanised.
    var explicitLanguage: String?
    var markdownResult: Bool?
    var explain = false
    var help = false
    var models = ModelOptions()
    var stream = false
    var diff = false
    var inPlace = false
    var backup = true
    var json = false
    /// `--interactive`: review the rewrite's edits one by one, then write the file.
    var interactive = false
    var color: Bool
    /// `--length short|medium|long` (Summary and Key Points).
    var length: SummaryLength?

    init(name: String, arguments: [String], io: CommandIO) throws {
        self.io = io
        self.color = io.outputIsTerminal && (io.environment["NO_COLOR"].map(\.isEmpty) ?? true) && io.environment["TERM"] != "dumb"
        var args = arguments
        if name == "describe" {
            if args.contains("-h") || args.contains("--help") {
                self.tool = .describeYourChange(instruction: "")
                self.help = true
                return
            }
            // `-` is standard input, never an instruction.
            guard let instruction = args.first, !instruction.hasPrefix("-") else {
                throw CommandError.usage(Self.missingInstruction)
            }
            args.removeFirst()
            self.tool = .describeYourChange(instruction: instruction)
        } else if let t = Self.tools[name] {
            self.tool = t
        } else {
            throw CommandError.usage("unknown tool '\(name)'")
        }
        var scanner = OptionScanner(args)
        while let item = try scanner.next() {
            let n: String
            switch item {
            case let .operand(arg):
                guard file == nil else { throw CommandError.usage("give one file (or - for standard input), not several") }
                file = arg
                continue
            case let .option(o): n = o
            }
            switch n {
            case "-h", "--help": help = true
            case "--explain": explain = true
            case "--stream": stream = true
            case "--diff": diff = true
            case "--in-place", "-i": inPlace = true
            case "--interactive": interactive = true
            case "--no-color", "--no-colour": color = false
            case "--no-backup": backup = false
            case "--format":
                switch try scanner.value(for: n) {
                case "json": json = true
                case "text": json = false
                case let v: throw CommandError.usage("--format takes text or json, not '\(v)'")
                }
            case "--markup": markup = try MarkupChoice(option: scanner.value(for: n))
            case "--result":
                switch try scanner.value(for: n) {
                case "markdown", "md", "rich": markdownResult = true
                case "plain", "text": markdownResult = false
                case let v: throw CommandError.usage("--result takes markdown or plain, not '\(v)'")
                }
            case "--language", "-l": explicitLanguage = try LanguageOption.parse(scanner.value(for: n))
            case "--length":
                let v = try scanner.value(for: n)
                guard let l = SummaryLength(rawValue: v) else { throw CommandError.usage("--length takes short, medium or long, not '\(v)'") }
                length = l
            default:
                guard try models.parse(n, value: { try scanner.value(for: n) }) else {
                    throw CommandError.usage(NearMiss.adding(to: "unknown option '\(n)' for '\(tool.commandName)'", typed: n,
                                                              among: NearMiss.options(in: HelpText.tool(tool.commandName))))
                }
            }
        }
        let modes = [stream, diff, inPlace, json].filter { $0 }.count
        if modes > 1 { throw CommandError.usage("--stream, --diff, --in-place and --format json exclude each other; give one") }
        if (diff || inPlace || explain) && !tool.isEdit {
            throw CommandError.usage("--\(diff ? "diff" : inPlace ? "in-place" : "explain") is for tools that rewrite the text (rewrite, friendly, professional, concise, describe); \(tool.commandName) makes a separate result")
        }
        // A rewrite keeps the text's own markup: the shape of a result means nothing to it, and
        // an option that changes nothing is refused rather than silently ignored.
        if markdownResult != nil, !tool.makesSeparateResult {
            throw CommandError.usage("--result is for tools that make a separate result (summary, key-points, list, table, describe asking for one); \(tool.commandName) rewrites the text in its own markup")
        }
        if length != nil, tool != .summary, tool != .keyPoints {
            throw CommandError.usage("--length is for summary and key-points, not \(tool.commandName)")
        }
        if inPlace && (file == nil || file == "-") { throw CommandError.usage("--in-place needs a file, not standard input") }
        if interactive {
            if !tool.isEdit {
                throw CommandError.usage("--interactive reviews the edits of a tool that rewrites the text (rewrite, friendly, professional, concise, describe); \(tool.commandName) makes a separate result")
            }
            if modes > 0 { throw CommandError.usage("--interactive cannot be combined with --stream, --diff, --in-place or --format json") }
            if file == nil || file == "-" {
                throw CommandError.usage("--interactive reviews exactly one FILE (standard input is where the keys come from)")
            }
        }
        if !backup && !inPlace && !interactive { throw CommandError.usage("--no-backup goes with --in-place or --interactive") }
        if case let .describeYourChange(instruction) = tool {
            // `describe notes.md` (or `describe notes.md "make it shorter"`): the first argument is
            // the file, not an instruction, which is missing. (`describe shorter -` reads an
            // instruction that is also a file's name, and standard input.)
            let namesFile = FileSystem.exists(instruction)
            let fileGiven = file.map { $0 == "-" || FileSystem.exists($0) } ?? false
            if instruction.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw CommandError.usage(Self.missingInstruction)
            }
            if namesFile && !fileGiven {
                throw CommandError.usage(Self.missingInstruction + "\n('\(instruction)' is a file: the instruction goes before it)")
            }
        }
    }

    /// The usage error of `describe` without an instruction.
    static let missingInstruction = """
        describe: the instruction is missing
        usage: writing-tools describe "INSTRUCTION" FILE   (or - for standard input)
        e.g.:  writing-tools describe "make it shorter" notes.md
        """

    func run() throws -> ExitCode {
        if help {
            io.writeOutput(HelpText.tool(tool.commandName) + "\n")
            return .success
        }
        let name = file ?? "-"
        let input: InputText
        do {
            input = name == "-" ? try InputDecoder.decode(io.readAllStandardInput(), displayName: "<stdin>", path: nil)
                                : try InputDecoder.read(path: name)
        } catch {
            let message = error.message(for: name == "-" ? "<stdin>" : name)
            // With --format json the failure is an event on standard output too, as every other one.
            if json { emitJSON(["type": "error", "message": message]) }
            throw CommandError.failure(message)
        }
        // A file that cannot be written is refused before the tool runs (a model may take a
        // minute), not after.
        if inPlace, let path = input.path {
            do { try FileReplacement.checkWritable(path) } catch let e as CommandError {
                if json { emitJSON(["type": "error", "message": e.message]) }
                throw e
            }
        }
        if input.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            io.writeError("writing-tools: \(input.displayName): \(input.text.isEmpty ? "empty input" : "only whitespace"), nothing to do\n")
            if json {
                emitJSON(["type": "text", "tool": tool.commandName, "text": input.text, "changed": false, "edits": [Any]()])
            } else if !inPlace && !diff {
                io.writeOutput(input.text)
            }
            return .success
        }
        // A Git commit message is plain text whose comment lines and whatever follows the
        // scissors line are no part of the message: protected, they come back byte-identical from
        // a rewrite, and results (Summary… or an instruction that asks for one) are made from the
        // message alone.
        let (kind, isGitCommit) = markup.resolve(for: input)
        let ignored = isGitCommit && !tool.makesSeparateResult ? GitCommitMessage.ignoredRanges(in: input.text) : []
        let text = isGitCommit && tool.makesSeparateResult ? GitCommitMessage.message(in: input.text) : input.text
        let language = LanguageOption.resolve(explicit: explicitLanguage, text: text, markup: kind, ignoredRanges: ignored,
                                              displayName: input.displayName, verb: "read", io: io)
        // Tables are Markdown unless plain text is asked for (a plain-text host gets a list).
        let rich = markdownResult ?? (kind == .markdown || tool.asksForTable)
        let options: WritingToolsResultOptions = rich ? [.plainText, .richText, .list, .table] : [.plainText]
        let settings = try models.settings(tool: tool.commandName, environment: io.environment)
        if stream && settings.provider == .builtin {
            throw CommandError.usage("--stream streams a language model's text; no model is configured (see 'writing-tools help models')")
        }
        let run: WritingToolsRun
        if settings.provider == .builtin {
            do {
                run = try WritingToolsRunner().run(tool, text: text, markup: kind, resultOptions: options, language: language,
                                                   ignoredRanges: ignored, length: length)
                // What the engine wants the user to know (Concise: why nothing was shortened).
                for note in run.notices {
                    if json { emitJSON(["type": "notice", "message": note]) } else if !interactive { io.writeError("writing-tools: \(note)\n") }
                }
            } catch {
                if json { emitJSON(["type": "error", "message": "\(error)"]) }
                throw CommandError.failure("\(tool.commandName): \(error)")
            }
        } else {
            run = try runOnModel(settings, text: text, markup: kind, options: options, ignoredRanges: ignored, language: language)
        }
        if interactive {
            if let result = run.result {
                // Describe-your-change mapped to List, Table, Summary or Key Points: nothing to review.
                io.writeOutput(Self.endingItsLine(result.text, as: text))
                io.writeError("writing-tools: \(tool.commandName) made a separate \(result.kind.rawValue) (above), not a rewrite; \(input.displayName) was not changed\n")
                return .success
            }
            let review: ProofreadingReview
            do {
                review = try ProofreadingReview(rewriteOf: text, run: run, markup: kind, language: language, ignoredRanges: ignored)
            } catch {
                throw CommandError.failure("\(input.displayName): cannot review the edits: \(error)")
            }
            var reviewer = InteractiveReview(io: io, input: input, rewriteReview: review, tool: tool.commandName, backup: backup, color: color)
            if let note = run.notices.first, review.count == 0 { reviewer.nothingHint = ": \(note)" }
            return try reviewer.run()
        }
        return try write(run, input: input)
    }

    /// Runs the tool on the configured model, showing the text as it streams: raw on standard
    /// output with --stream, as JSON events with --format json, on standard error when that is a
    /// terminal.
    private func runOnModel(_ settings: ModelSettings, text: String, markup: DocumentMarkup,
                            options: WritingToolsResultOptions, ignoredRanges: [NSRange], language: String) throws -> WritingToolsRun {
        let out = SendableIO(io)
        let (tool, stream, json, length) = (self.tool, self.stream, self.json, self.length)
        let livePreview = !stream && !json && io.errorIsTerminal
        let environment = io.environment
        if livePreview { io.writeError("writing-tools: \(tool.commandName) with \(settings.provider.rawValue)\(settings.model.map { " (\($0))" } ?? "")…\n") }
        do {
            return try blocking {
                guard let handle = try await settings.open(environment: environment) else {
                    throw CommandError.failure("no language model is configured")
                }
                defer { handle.server?.stop() }
                let engine = LanguageModelToolEngine(model: handle.model, configuration: .init(settings: settings))
                let run = try await WritingToolsRunner().run(tool, text: text, markup: markup, resultOptions: options, language: language,
                                                             ignoredRanges: ignoredRanges, length: length, engine: engine, preview: { piece in
                    if json { ToolCommand.emitJSON(["type": "preview", "text": piece], to: out.io) }
                    else if livePreview { out.io.writeError("\u{1B}[2m\(piece)\u{1B}[0m") }
                }, notice: { note in
                    if json { ToolCommand.emitJSON(["type": "notice", "message": note], to: out.io) }
                    else { out.io.writeError((livePreview ? "\n" : "") + "writing-tools: \(note)\n") }
                }, checked: { piece in
                    // --stream: each part of the new text as soon as it has passed the contract.
                    if stream { out.io.writeOutput(piece) }
                })
                if livePreview { out.io.writeError("\n") }
                return run
            }
        } catch {
            if livePreview { io.writeError("\n") }
            let message: String
            switch error {
            case let e as CommandError: message = e.message
            case let e as WritingToolsSessionError:
                if case let .engineFailed(m) = e { message = m } else { message = "\(e)" }
            default: message = "\(error)"
            }
            if json { emitJSON(["type": "error", "message": message]) }
            throw CommandError.failure("\(tool.commandName): \(message)")
        }
    }

    private func write(_ run: WritingToolsRun, input: InputText) throws -> ExitCode {
        if json {
            var event: [String: Any] = ["type": run.result == nil ? "text" : "result", "tool": tool.commandName]
            if let result = run.result {
                event["text"] = result.text
                event["kind"] = result.kind.rawValue
                if let note = result.note { event["note"] = note }
            } else {
                event["text"] = run.text
                event["changed"] = run.text != input.text
                let converter = OffsetConverter(input.text)
                // A model's rewrite has no edit list of its own: its changes, word by word.
                let edits: [(NSRange, String, String, String)] = run.edits.isEmpty
                    ? WordDiff.edits(from: input.text, to: run.text).map { ($0.range, $0.replacement, "Changed by the language model.", "LANGUAGE_MODEL") }
                    : run.edits.map { ($0.range, $0.replacements.first ?? "", $0.message, $0.ruleID) }
                event["edits"] = edits.map { e -> [String: Any] in
                    let p = converter.position(fromUTF16: e.0.location, encoding: .utf32)
                    return ["offset": e.0.location, "length": e.0.length, "line": p.line + 1, "column": p.character + 1,
                            "original": input.text.substring(utf16Range: e.0) ?? "", "replacement": e.1,
                            "message": e.2, "rule": e.3]
                }
            }
            emitJSON(event)
            return .success
        }
        if stream {
            // The checked parts of a rewrite went to standard output as they passed; a result
            // (Summary, List…) is written whole, once checked.
            if let result = run.result {
                io.writeOutput(result.text.isEmpty ? result.text : Self.endingItsLine(result.text, as: input.text))
                if let note = result.note { io.writeError("writing-tools: \(note)\n") }
            }
            return .success
        }
        if let result = run.result {
            // No result (“No table structure found”): said on standard error, exit 3, as for a
            // request the engine cannot do, so that a script can tell.
            if result.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, !json {
                io.writeError("writing-tools: \(result.note ?? "\(tool.commandName) made no result from this text")\n")
                if inPlace || diff { io.writeError("writing-tools: \(input.displayName) was not changed\n") }
                return .failure
            }
            io.writeOutput(Self.endingItsLine(result.text, as: input.text))
            if let note = result.note { io.writeError("writing-tools: \(note)\n") }
            if inPlace || diff {
                // Describe-your-change mapped to List, Table, Summary or Key Points: a separate result.
                io.writeError("writing-tools: \(tool.commandName) made a separate \(result.kind.rawValue) (above), not a rewrite; \(input.displayName) was not changed\n")
            }
            return .success
        }
        if explain {
            let converter = OffsetConverter(input.text)
            for e in run.edits {
                let p = converter.position(fromUTF16: e.range.location, encoding: .utf32)
                let old = input.text.substring(utf16Range: e.range) ?? ""
                let new = e.replacements.first ?? ""
                io.writeError("\(input.displayName):\(p.line + 1):\(p.character + 1): “\(old)” → “\(new)”: \(e.message)\n")
            }
        }
        let unchanged = run.text == input.text
        if diff {
            io.writeOutput(try UnifiedDiff.make(from: input.text, to: run.text, label: input.path ?? "<stdin>", tool: tool.commandName))
        } else if inPlace {
            if unchanged {
                io.writeError("writing-tools: \(input.displayName): unchanged, not written\n")
            } else {
                var bytes = Data()
                if input.hasByteOrderMark { bytes.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
                bytes.append(contentsOf: run.text.utf8)
                let written = try FileReplacement.replace(input, with: bytes, backup: backup)
                io.writeError("writing-tools: \(input.displayName): rewritten" + (written.backupPath.map { " (original kept in \(PathText.shown($0)))" } ?? "") + "\n")
                for note in written.notes { io.writeError("writing-tools: \(note)\n") }
            }
        } else {
            io.writeOutput(run.text)
        }
        // A model's rewrite has no edit list of its own: count the places that changed.
        let n = run.edits.isEmpty ? WordDiff.edits(from: input.text, to: run.text).count : run.edits.count
        io.writeError("writing-tools: \(tool.commandName): \(n) \(run.edits.isEmpty ? "change" : "edit")\(n == 1 ? "" : "s")"
                      + (unchanged ? " (the text is unchanged)" : "") + "\n")
        return .success
    }

    private func emitJSON(_ obj: [String: Any]) { Self.emitJSON(obj, to: io) }

    /// One JSON object on one line.
    static func emitJSON(_ obj: [String: Any], to io: CommandIO) {
        guard let data = try? JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        io.writeOutput(String(decoding: data, as: UTF8.self) + "\n")
    }
}

/// A unified diff of two texts, made by GNU diff (diffutils, on every Debian system).
enum UnifiedDiff {
    /// The diff of `old` → `new` with `label` and `label (tool)` headers; empty when they are equal.
    /// - Throws: ``CommandError`` when `diff` cannot run.
    static func make(from old: String, to new: String, label: String, tool: String) throws -> String {
        if old == new { return "" }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("writing-tools-diff-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a"), b = dir.appendingPathComponent("b")
        try Data(old.utf8).write(to: a)
        try Data(new.utf8).write(to: b)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["diff", "-u", "--label", label, "--label", "\(label) (\(tool))", a.path, b.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        do { try p.run() } catch { throw CommandError.failure("cannot run diff (Debian package diffutils): \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus <= 1 else { throw CommandError.failure("diff failed (status \(p.terminationStatus))") }
        return String(decoding: data, as: UTF8.self)
    }
}

extension ToolCommand {
    /// `text` ending with a line break: the kind the document `source` writes most (CRLF for a
    /// result of a CRLF document, also when the result is one line).
    static func endingItsLine(_ text: String, as source: String) -> String {
        if text.last?.isLineBreak == true { return text }
        return text + LineBreakStyle.dominant(in: source).text
    }
}
