import Foundation
import WritingTools

/// `writing-tools proofread`: options, reading inputs, and the four modes (report, batch, fix,
/// interactive review).
struct ProofreadCommand {
    enum Format { case text, json }

    var io: CommandIO
    var files: [String] = []
    var format = Format.text
    var batch = false
    /// `--spin-wait`: microseconds a batch process waits for its next request before sleeping.
    var spinWait: Int?
    var fix = false
    var interactive = false
    var models = ModelOptions()
    var backup = true
    var markup = MarkupChoice.auto
    /// The language `--language` names; nil: each file's English told by its spellings
    /// (``WritingToolsChecker/englishVariant(of:markup:ignoredRanges:)``), American by default.
    var language: String?
    var dictionaries: [String] = []
    var disabledRules: Set<String> = []
    /// `--level`: `picky` adds the rules for formal text.
    var level = ProofreadingLevel.default
    var color: Bool
    var help = false

    init(arguments: [String], io: CommandIO) throws {
        self.io = io
        self.color = io.outputIsTerminal && (io.environment["NO_COLOR"].map(\.isEmpty) ?? true) && io.environment["TERM"] != "dumb"
        var scanner = OptionScanner(arguments)
        while let item = try scanner.next() {
            let n: String
            switch item {
            case let .operand(arg):
                files.append(arg)
                continue
            case let .option(o): n = o
            }
            switch n {
            case "-h", "--help": help = true
            case "--format":
                switch try scanner.value(for: n) {
                case "text": format = .text
                case "json": format = .json
                case let v: throw CommandError.usage("--format takes text or json, not '\(v)'")
                }
            case "--batch": batch = true
            case "--spin-wait":
                let v = try scanner.value(for: n)
                guard let us = Int(v), us >= 0, us <= 1_000_000 else {
                    throw CommandError.usage("--spin-wait takes microseconds from 0 to 1000000, not '\(v)'")
                }
                spinWait = us
            case "--fix": fix = true
            case "--interactive": interactive = true
            case "--no-backup": backup = false
            case "--no-color", "--no-colour": color = false
            case "--markup": markup = try MarkupChoice(option: scanner.value(for: n))
            case "--language", "-l": language = try LanguageOption.parse(scanner.value(for: n))
            case "--dictionary":
                dictionaries.append(try scanner.value(for: n))
            case "--level":
                let v = try scanner.value(for: n)
                guard let l = ProofreadingLevel(name: v) else { throw CommandError.usage("--level takes default or picky, not '\(v)'") }
                level = l
            case "--picky": level = .picky
            case "--disable-rule", "--disable":
                // Rule IDs in any case (`spelling`), as disable comments take them.
                for id in try scanner.value(for: n).split(separator: ",") { disabledRules.insert(id.trimmingCharacters(in: .whitespaces).uppercased()) }
            default:
                guard try models.parse(n, value: { try scanner.value(for: n) }) else {
                    throw CommandError.usage(NearMiss.adding(to: "unknown option '\(n)' for 'proofread'", typed: n,
                                                              among: NearMiss.options(in: HelpText.proofread)))
                }
            }
        }
        if batch && fix { throw CommandError.usage("--batch and --fix cannot be combined") }
        if batch && format == .json { throw CommandError.usage("--batch always answers in JSON lines; remove --format json") }
        if batch && (models.flags.provider != nil && models.flags.provider != .builtin) {
            throw CommandError.usage("--batch uses the built-in engine; remove --provider")
        }
        if batch && (models.flags.model != nil || models.flags.baseURL != nil) {
            throw CommandError.usage("--batch uses the built-in engine; remove \(models.flags.model != nil ? "--model" : "--base-url")")
        }
        if spinWait != nil && !batch { throw CommandError.usage("--spin-wait is for --batch") }
        if batch && !files.isEmpty { throw CommandError.usage("--batch reads standard input only; remove the file names") }
        if interactive {
            if batch || fix { throw CommandError.usage("--interactive cannot be combined with \(batch ? "--batch" : "--fix")") }
            if format == .json { throw CommandError.usage("--interactive shows suggestions on the terminal; remove --format json") }
            guard files.count == 1, files[0] != "-" else {
                throw CommandError.usage("--interactive reviews exactly one FILE (standard input is where the keys come from)")
            }
        }
        if !backup && !fix && !interactive { throw CommandError.usage("--no-backup only makes sense with --fix or --interactive") }
        // The rules are built only when there are IDs to check (building them is most of a short
        // check's start-up; `prepare` builds them on another thread while the dictionary loads).
        if !disabledRules.isEmpty, let unknown = disabledRules.subtracting(Set(WritingToolsChecker.rules.map(\.id))).sorted().first {
            throw CommandError.usage("unknown rule ID '\(unknown)' for --disable-rule (see 'writing-tools rules')")
        }
    }

    func run() throws -> ExitCode {
        if help {
            io.writeOutput(HelpText.proofread + "\n")
            return .success
        }
        let checker = WritingToolsChecker()
        let userWords = try loadDictionaries()
        // Each file's own workspace word list too (the nearest `.writing-tools/dictionary.txt`
        // above the file, which need not be above the current directory), read once a workspace.
        var workspaceWords: [String: [String]] = [:]
        func words(for input: InputText) -> [String] {
            guard let path = input.path, let root = Self.workspaceRoot(from: PathText.parent(of: PathText.absolute(path))),
                  root != Self.workspaceRoot() else { return userWords }
            if let known = workspaceWords[root] { return userWords + known }
            let own = Dictionaries(environment: [:], workspaceRoot: root).words()   // (no environment: the workspace list alone)
            workspaceWords[root] = own
            return userWords + own
        }
        // Rule files: the user's and the working directory's workspace's, and each file's own
        // workspace's (the nearest `.writing-tools/rules` above the file), loaded once each.
        let cwd = FileManager.default.currentDirectoryPath
        let userRules = loadUserRules(workspaceFrom: cwd)
        var workspaceRules: [String: UserRules] = [:]
        func rules(for input: InputText) -> UserRules? {
            guard let path = input.path, let own = UserRules.workspaceDirectory(from: PathText.parent(of: PathText.absolute(path))),
                  own != UserRules.workspaceDirectory(from: cwd) else { return userRules }
            if let known = workspaceRules[own] { return known }
            let loaded = loadUserRules(workspaceFrom: PathText.parent(of: PathText.absolute(path)))
            workspaceRules[own] = loaded
            return loaded
        }
        if batch {
            // --markup markdown|plain|git-commit sets the markup of records that do not give their own.
            let defaultMarkup: DocumentMarkup
            if case let .fixed(kind) = markup { defaultMarkup = kind } else { defaultMarkup = .plain }
            let defaultIsGitCommit = markup == .gitCommit
            return try BatchMode(io: io, checker: checker, disabledRules: disabledRules, level: level, userWords: userWords,
                                 defaultLanguage: language ?? "en-US",
                                 detectsLanguage: language == nil, defaultMarkup: defaultMarkup, defaultIsGitCommit: defaultIsGitCommit,
                                 spinMicroseconds: spinWait ?? BatchMode.defaultSpinMicroseconds, userRules: userRules).run()
        }
        // Hunspell's dictionary is loaded by the first word that needs it (a short text of
        // common words never does); for files of 2,000 bytes or more (a word only the
        // dictionary knows is all but certain) it loads on another core while the text is read,
        // parsed and its dialect worked out.
        let inputBytes = files.reduce(0) { total, path in
            total + (((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0)
        }
        do { try checker.prepare(language: language ?? "en-US", loadingDictionary: inputBytes >= 2_000 ? .inBackground : .whenNeeded) } catch let e as WritingToolsError {
            throw CommandError.failure(e.description)
        }
        // With a language model configured, suggestions include the model's (hybrid proofreading).
        let settings = batch ? nil : try models.settings(tool: "proofread", environment: io.environment)
        var handle: ModelHandle?
        if let settings, settings.provider != .builtin {
            let environment = io.environment
            do { handle = try blocking { try await settings.open(environment: environment) } } catch {
                throw CommandError.failure("proofread: \(error)")
            }
        }
        defer { handle?.server?.stop() }
        let modelEngine = handle.flatMap { h in settings.map { LanguageModelToolEngine(model: h.model, configuration: .init(settings: $0)) } }
        let inputs = files.isEmpty ? ["-"] : files
        var worst = ExitCode.success
        var reports: [JSONRenderer.File] = []
        var totalFindings = 0
        var fixedTextOnStandardOutput = false
        var checked = 0
        // Each with the number of reports before it: the JSON report lists it in its place.
        var unreadable: [(path: String, error: String, position: Int)] = []
        for name in inputs {
            let input: InputText
            do {
                if name == "-" {
                    if files.isEmpty, io.inputIsTerminal {
                        io.writeError("writing-tools: reading the text to proofread from the terminal; end it with Ctrl-D (or give a file: writing-tools proofread FILE)\n")
                    }
                    input = try InputDecoder.decode(io.readAllStandardInput(), displayName: "<stdin>", path: nil)
                } else {
                    input = try InputDecoder.read(path: name)
                }
            } catch {
                let shown = name == "-" ? "<stdin>" : name
                io.writeError("writing-tools: \(error.message(for: shown))\n")
                unreadable.append((shown, error.message(for: shown), reports.count))
                worst = .failure
                continue
            }
            let (kind, gitCommit) = markup.resolve(for: input)
            // A Git commit message's comment lines and what follows its scissors line are not checked.
            let ignored = { (text: String) in gitCommit ? GitCommitMessage.ignoredRanges(in: text) : [] }
            // (Stops at the first character that is not white space: trimming copied the whole text.)
            if input.text.unicodeScalars.allSatisfy({ CharacterSet.whitespacesAndNewlines.contains($0) }) {
                let what = input.text.isEmpty ? "empty input" : "only whitespace"
                io.writeError("writing-tools: \(input.displayName): \(what), nothing to proofread\n")
                if format == .json {
                    reports.append((input, kind, language ?? "en-US", ProofreadingReport(text: input.text, suggestions: [], protectedRanges: [])))
                }
                if fix && input.path == nil { io.writeOutput(String(decoding: input.bytes, as: UTF8.self)) }
                continue
            }
            let ignoredRanges = ignored(input.text)
            let fileLanguage = LanguageOption.resolve(explicit: language, text: input.text, markup: kind, ignoredRanges: ignoredRanges,
                                                      displayName: input.displayName, verb: "checked", io: io)
            var request = ProofreadingRequest(text: input.text, markup: kind, language: fileLanguage,
                                              disabledRules: disabledRules, userWords: words(for: input), ignoredRanges: ignoredRanges,
                                              userRules: rules(for: input))
            request.level = level
            let report: ProofreadingReport
            if let engine = modelEngine {
                report = try checkWithModel(request, engine: engine, checker: checker)
            } else {
                do { report = try checker.check(request) } catch let e as WritingToolsError {
                    throw CommandError.failure(e.description)
                }
            }
            checked += 1
            // A rule ID in a `writing-tools-disable` comment that no rule has switches nothing off.
            for id in WritingToolsChecker.unknownSuppressedRuleIDs(in: input.text, markup: kind) {
                io.writeError("writing-tools: \(input.displayName): unknown rule ID '\(id)' in a writing-tools-disable/enable comment (see 'writing-tools rules')\n")
            }
            if interactive {
                return try InteractiveReview(io: io, input: input, report: report, markup: kind, language: fileLanguage,
                                             backup: backup, color: color).run()
            }
            if fix {
                let outcome = try Fixer(io: io, backup: backup).apply(report, to: input, markup: kind) { text in
                    var next = request
                    next.text = text
                    next.ignoredRanges = ignored(text)
                    return try checker.check(next)
                }
                let remaining = outcome.remaining
                if !remaining.suggestions.isEmpty, worst == .success { worst = .findings }
                totalFindings += remaining.suggestions.count
                if format == .text {
                    let renderer = TextRenderer(color: color)
                    let converter = OffsetConverter(remaining.text)
                    // Fixed standard input goes to standard output: the findings left, to standard
                    // error, so that `… | proofread --fix - > fixed.txt` writes the text alone.
                    for s in remaining.suggestions {
                        let line = renderer.render(s, in: input, text: remaining.text, converter: converter)
                        if input.path == nil { io.writeError(line) } else { io.writeOutput(line) }
                    }
                } else {
                    if input.path == nil { fixedTextOnStandardOutput = true }
                    reports.append((input, kind, fileLanguage, remaining))
                }
                continue
            }
            totalFindings += report.suggestions.count
            if !report.suggestions.isEmpty, worst == .success { worst = .findings }
            switch format {
            case .text:
                let renderer = TextRenderer(color: color)
                let converter = OffsetConverter(report.text)
                var out = ""
                for s in report.suggestions {
                    out += renderer.render(s, in: input, text: report.text, converter: converter)
                    if out.utf8.count > 1 << 16 { io.writeOutput(out); out = "" }
                }
                io.writeOutput(out)
            case .json:
                reports.append((input, kind, fileLanguage, report))
            }
        }
        if format == .json {
            // After fixed standard input (the text itself on standard output), the report goes to
            // standard error.
            let json = JSONRenderer.render(files: reports, unreadable: unreadable) + "\n"
            if fixedTextOnStandardOutput { io.writeError(json) } else { io.writeOutput(json) }
        } else if !fix && checked > 0 {
            let n = totalFindings
            var summary = n == 0 ? "No findings" : "\(n) finding\(n == 1 ? "" : "s")"
            if checked > 1 || !unreadable.isEmpty { summary += " in \(checked) file\(checked == 1 ? "" : "s")" }
            if !unreadable.isEmpty { summary += "; \(unreadable.count) could not be read" }
            io.writeError(summary + ".\n")
        }
        return worst
    }

    /// Words from every `--dictionary` file, and from the lists the language server's “Add to
    /// dictionary” keeps: the user's (`$XDG_CONFIG_HOME/writing-tools/dictionary.txt` or
    /// `~/.config/writing-tools/dictionary.txt`) and the workspace's (`.writing-tools/dictionary.txt`
    /// in the current directory or the nearest one above it that has one).
    private func loadDictionaries() throws -> [String] {
        var words = Dictionaries(environment: io.environment, workspaceRoot: Self.workspaceRoot()).words()
        for path in dictionaries {
            let input: InputText
            do { input = try InputDecoder.read(path: path) } catch {
                throw CommandError.failure("--dictionary: \(error.message(for: path))")
            }
            words += Dictionaries.words(inList: input.text)
        }
        return words
    }

    /// The user's rule files and the workspace's above `start` (nil when there are none); a
    /// file that does not compile is reported (`file:line:column: error: …`) and left out.
    private func loadUserRules(workspaceFrom start: String) -> UserRules? {
        let rules = UserRules.load(environment: io.environment, workspaceFrom: start)
        for problem in rules.errors { io.writeError("writing-tools: \(problem)\n") }
        return rules.isEmpty ? nil : rules
    }

    /// The nearest directory, from `start` (the current one by default) up, with a
    /// `.writing-tools/dictionary.txt`.
    static func workspaceRoot(from start: String = FileManager.default.currentDirectoryPath) -> String? {
        var dir = URL(fileURLWithPath: start.isEmpty ? "." : start).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent(".writing-tools/dictionary.txt").path) { return dir.path }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { return nil }
            dir = parent
        }
    }

    /// Checks with the rules and the model; the model's text streams to standard error when it
    /// is a terminal.
    private func checkWithModel(_ request: ProofreadingRequest, engine: LanguageModelToolEngine,
                                checker: WritingToolsChecker) throws -> ProofreadingReport {
        let out = SendableIO(io)
        let live = io.errorIsTerminal
        do {
            let report = try blocking {
                try await checker.check(request, engine: engine, preview: { piece in
                    if live { out.io.writeError("\u{1B}[2m\(piece)\u{1B}[0m") }
                }, notice: { note in
                    out.io.writeError((live ? "\n" : "") + "writing-tools: \(note)\n")
                })
            }
            if live { io.writeError("\n") }
            return report
        } catch let e as WritingToolsError {
            throw CommandError.failure(e.description)
        } catch {
            throw CommandError.failure("proofread: \(error)")
        }
    }
}
