import Foundation
import WritingTools

/// The long-running front ends that `writing-tools lsp` and `writing-tools serve` start. The
/// command line does not import them (front ends never import each other): the executable,
/// which links all three, hands them over (`Sources/writing-tools/main.swift`).
public struct ServerFrontEnds: Sendable {
    /// Serves LSP on the process's standard streams until `exit`; given the environment, returns
    /// the exit code.
    public var languageServer: (@Sendable ([String: String]) -> Int32)?
    /// Serves HTTP until SIGTERM; given the arguments after `serve`, the environment and the
    /// program's version, returns the exit code.
    public var httpServer: (@Sendable ([String], [String: String], String) -> Int32)?

    /// - Parameters: see the properties; nil for a front end this host lacks.
    public init(languageServer: (@Sendable ([String: String]) -> Int32)? = nil,
                httpServer: (@Sendable ([String], [String: String], String) -> Int32)? = nil) {
        self.languageServer = languageServer
        self.httpServer = httpServer
    }
}

/// The `writing-tools` command line. `main.swift` calls ``run(_:io:servers:)`` with the process's
/// arguments and streams; tests call it with ``MemoryIO``.
public enum WritingToolsCommand {
    /// This process's arguments (without the program name), read from `argv` itself: each as
    /// ``PathText/decoding(_:)`` gives it, so that a file name that is not UTF-8 keeps its
    /// bytes (`CommandLine.arguments` replaces them with U+FFFD, naming no file).
    public static func processArguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { i in
            guard let p = CommandLine.unsafeArgv[i] else { return "" }
            return PathText.decoding(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
        }
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit code
    /// (see ``ExitCode``). `servers` runs `lsp` and `serve`; without them those commands say they
    /// are not part of this program (exit code 2).
    public static func run(_ arguments: [String], io: CommandIO, servers: ServerFrontEnds = ServerFrontEnds()) -> Int32 {
        let code = runCommand(arguments, io: io, servers: servers)
        // Output that could not be written (a full disk, a closed standard output) is a
        // failure, whatever the command found: `proofread --fix - < doc > tmp && mv tmp doc`
        // must not replace a document with a part of it.
        if let reason = io.outputFailure {
            io.writeError("writing-tools: cannot write standard output: \(reason); the output is incomplete\n")
            return ExitCode.failure.rawValue
        }
        return code
    }

    private static func runCommand(_ arguments: [String], io: CommandIO, servers: ServerFrontEnds) -> Int32 {
        var args = arguments
        guard let command = args.first else {
            io.writeError(HelpText.main + "\n")
            return ExitCode.usage.rawValue
        }
        args.removeFirst()
        do {
            switch command {
            case "-h", "--help":
                io.writeOutput(HelpText.main + "\n")
                return ExitCode.success.rawValue
            case "--version", "version":
                io.writeOutput(HelpText.version + "\n")
                return ExitCode.success.rawValue
            case "help":
                let text: String
                switch args.first {
                case nil, "help": text = HelpText.main
                case "proofread": text = HelpText.proofread
                case "rules": text = HelpText.rules
                case "languages": text = HelpText.languages
                case let tool? where tool == "describe" || ToolCommand.tools[tool] != nil:
                    text = HelpText.tool(tool)
                case "lsp": text = HelpText.lsp
                case "serve": text = HelpText.serve
                case "models": text = HelpText.models
                case let other?: throw CommandError.usage("no command '\(other)'; commands: proofread, rewrite, friendly, professional, concise, summary, key-points, list, table, describe, rules, languages, models, lsp, serve, help")
                }
                io.writeOutput(text + "\n")
                return ExitCode.success.rawValue
            case "proofread":
                return try ProofreadCommand(arguments: args, io: io).run().rawValue
            case "rules":
                return try listRules(args, io: io).rawValue
            case "languages":
                if args.contains("-h") || args.contains("--help") {
                    io.writeOutput(HelpText.languages + "\n")
                    return ExitCode.success.rawValue
                }
                if let a = args.first { throw CommandError.usage("'languages' takes no argument (got '\(a)')") }
                let langs = WritingToolsChecker.installedLanguages
                if langs.isEmpty {
                    io.writeError("writing-tools: no Hunspell dictionary is installed; install one (Debian: apt-get install hunspell-en-us)\n")
                    return ExitCode.failure.rawValue
                }
                io.writeOutput(langs.joined(separator: "\n") + "\n")
                return ExitCode.success.rawValue
            case "lsp":
                return try runLanguageServer(args, io: io, servers: servers)
            case "serve":
                if args.contains("-h") || args.contains("--help") {
                    io.writeOutput(HelpText.serve + "\n")
                    return ExitCode.success.rawValue
                }
                guard io is ProcessIO else { throw CommandError.usage("'serve' runs in its own process (it waits for SIGTERM)") }
                guard let serve = servers.httpServer else { throw CommandError.usage("'serve' is not part of this program") }
                return serve(args, io.environment, HelpText.version.split(separator: " ").last.map(String.init) ?? "")
            case "models":
                return try ModelsCommand(arguments: args, io: io).run().rawValue
            case "rewrite", "friendly", "professional", "concise", "summary", "key-points", "list", "table", "describe":
                return try ToolCommand(name: command, arguments: args, io: io).run().rawValue
            default:
                let commands = ["proofread", "rewrite", "friendly", "professional", "concise", "summary", "key-points", "list", "table",
                                "describe", "rules", "languages", "models", "lsp", "serve", "help"]
                let message = NearMiss.nearest(command, among: commands).map { "unknown command '\(command)'; did you mean '\($0)'?" }
                    ?? "unknown command '\(command)'; commands: \(commands.dropLast().joined(separator: ", "))"
                throw CommandError.usage(message)
            }
        } catch let e as CommandError {
            io.writeError("writing-tools: \(e.message)\n")
            if e.code == .usage {
                let known = ["proofread", "rules", "languages", "lsp", "serve", "models", "rewrite", "friendly", "professional", "concise",
                             "summary", "key-points", "list", "table", "describe"]
                let topic = known.contains(command) ? " " + command : ""
                io.writeError("Run 'writing-tools help\(topic)' for usage.\n")
            }
            return e.code.rawValue
        } catch {
            io.writeError("writing-tools: \(error)\n")
            return ExitCode.failure.rawValue
        }
    }

    /// `writing-tools lsp [--stdio]`: serves LSP 3.17 on the process's standard streams until `exit`.
    /// Returns 0 after `shutdown` and `exit`, 1 otherwise (LSP 3.17 §"Exit Notification").
    private static func runLanguageServer(_ args: [String], io: CommandIO, servers: ServerFrontEnds) throws -> Int32 {
        for a in args {
            switch a {
            case "-h", "--help":
                io.writeOutput(HelpText.lsp + "\n")
                return ExitCode.success.rawValue
            case "--stdio": continue
            default: throw CommandError.usage("unknown option '\(a)' for 'lsp' (only --stdio)")
            }
        }
        guard io is ProcessIO else { throw CommandError.usage("'lsp' needs the process's standard input and output") }
        guard let serve = servers.languageServer else { throw CommandError.usage("'lsp' is not part of this program") }
        return serve(io.environment)
    }

    /// `rules`: every rule, then the user's and the workspace's rule files' rules (the nearest
    /// `.writing-tools/rules` in or above `start`, the working directory by default), each with
    /// the file and line it comes from; `rules --check FILE…` (``checkRuleFiles(_:language:io:)``).
    static func listRules(_ args: [String], io: CommandIO,
                          workspaceFrom start: String = FileManager.default.currentDirectoryPath) throws -> ExitCode {
        var json = false
        var checks: [String] = []
        var language = "en-US"
        var i = 0
        while i < args.count {
            switch args[i] {
            case "-h", "--help":
                io.writeOutput(HelpText.rules + "\n")
                return .success
            case "--format=json": json = true
            case "--format=text": json = false
            case "--format":
                guard i + 1 < args.count, ["json", "text"].contains(args[i + 1]) else { throw CommandError.usage("--format takes text or json") }
                json = args[i + 1] == "json"
                i += 1
            case "--check":
                guard i + 1 < args.count else { throw CommandError.usage("--check takes a rule file") }
                checks.append(args[i + 1])
                i += 1
            case "--language":
                guard i + 1 < args.count else { throw CommandError.usage("--language takes a tag such as en-US") }
                language = try LanguageOption.parse(args[i + 1])
                i += 1
            default:
                if args[i].hasPrefix("--check=") { checks.append(String(args[i].dropFirst(8))) } else {
                    throw CommandError.usage("unknown option '\(args[i])' for 'rules'")
                }
            }
            i += 1
        }
        if !checks.isEmpty { return checkRuleFiles(checks, language: language, io: io) }
        // The built-in rules, then the user's and the workspace's (with the file they come from).
        let user = UserRules.load(environment: io.environment, workspaceFrom: start)
        for problem in user.errors { io.writeError("writing-tools: \(problem)\n") }
        let rules = WritingToolsChecker.rules.map { (id: $0.id, categoryID: $0.categoryID, summary: $0.summary, level: $0.level, source: String?.none) }
            + user.entries.map { (id: $0.id, categoryID: $0.categoryID, summary: $0.summary, level: $0.level, source: Optional("\($0.file):\($0.line)")) }
        if json {
            let list = rules.map { r -> [String: String] in
                var o = ["id": r.id, "category": r.categoryID, "summary": r.summary, "level": r.level.rawValue]
                if let s = r.source { o["source"] = s }
                return o
            }
            let data = try JSONSerialization.data(withJSONObject: list, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            io.writeOutput(String(decoding: data, as: UTF8.self) + "\n")
        } else {
            // Three aligned columns: ID, category, summary; a user rule's file after it.
            func category(_ id: String) -> String { id.lowercased().replacingOccurrences(of: "_", with: "-") }
            let width = rules.map(\.id.count).max() ?? 0
            let categoryWidth = rules.map { category($0.categoryID).count }.max() ?? 0
            for r in rules {
                let pad = String(repeating: " ", count: width - r.id.count)
                let c = category(r.categoryID)
                let source = r.source.map { "  (\($0))" } ?? ""
                let picky = r.level == .picky ? "  [picky]" : ""
                io.writeOutput("\(r.id)\(pad)  \(c)\(String(repeating: " ", count: categoryWidth - c.count))  \(r.summary)\(picky)\(source)\n")
            }
        }
        return .success
    }

    /// `rules --check FILE…`: compiles each file and runs its inline examples; exit 0 when all
    /// compile and pass, 1 when an example fails, 3 when a file does not compile.
    private static func checkRuleFiles(_ files: [String], language: String, io: CommandIO) -> ExitCode {
        var worst = ExitCode.success
        for file in files {
            do {
                let report = try UserRules.check(file: file, language: language)
                for failure in report.failures { io.writeOutput(failure + "\n") }
                let ids = report.entries.map(\.id).joined(separator: ", ")
                let verdict = report.failures.isEmpty ? "all pass" : "\(report.failures.count) failed"
                io.writeOutput("\(file): \(report.entries.count) rule\(report.entries.count == 1 ? "" : "s") (\(ids)), \(report.exampleCount) example\(report.exampleCount == 1 ? "" : "s"): \(verdict)\n")
                if report.exampleCount == 0 { io.writeError("writing-tools: \(file): no examples; add “wrong … => …” and “right …” lines to test the rules\n") }
                if !report.failures.isEmpty, worst == .success { worst = .findings }
            } catch {
                io.writeError("\(error)\n")
                worst = .failure
            }
        }
        return worst
    }
}
