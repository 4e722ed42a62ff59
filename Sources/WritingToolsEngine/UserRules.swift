import Foundation
import Proofreading

/// How thorough a proofreading run is (`default`, `picky`): LanguageTool's `level`
/// (``Proofreading/ProofreadingLevel``).
public typealias ProofreadingLevel = Proofreading.ProofreadingLevel

/// Proofreading rules a person wrote in rule files (the `.rules` format: see the README's
/// section on rules), compiled when loaded, without rebuilding: house style, product names,
/// banned phrases. They run with the built-in rules (after the grammar rules, before
/// spelling) in every check whose request carries them.
///
/// Where they are read from (``load(environment:workspaceFrom:)``): every `*.rules` file of
/// the user's directory, `$XDG_CONFIG_HOME/writing-tools/rules/` or
/// `~/.config/writing-tools/rules/`, and of the workspace's, the nearest
/// `.writing-tools/rules/` above a file or the working directory (the lookup that finds
/// `.writing-tools/dictionary.txt`).
public final class UserRuleSet: Sendable {
    /// One rule: its ID, category ID (`STYLE`), summary, and the file and 1-based line of its
    /// `rule` line.
    public struct Entry: Sendable, Equatable {
        /// Rule ID.
        public var id: String
        /// Category ID (LanguageTool's, such as `STYLE`).
        public var categoryID: String
        /// One line saying what the rule checks.
        public var summary: String
        /// The rule file's path.
        public var file: String
        /// The 1-based line of its `rule` line.
        public var line: Int
        /// The lowest level it runs at (`.picky` for a rule with `options picky`).
        public var level: ProofreadingLevel = .default
    }

    /// The rules that compiled, in file order.
    public let entries: [Entry]
    /// Faults, each `file:line:column: error: message`: a file that does not compile (none of
    /// its rules is loaded), or a rule whose ID another rule has (it is left out).
    public let errors: [String]
    /// The compiled rules, for the proofreader.
    let book: RuleBook

    /// No rules.
    public static let empty = UserRuleSet(files: [])

    /// The rules of the rule files at `files` (paths), in order.
    public init(files: [String]) {
        var entries: [Entry] = [], errors: [String] = [], rules: [any Rule] = []
        // The registry's IDs only when there is a file to check against them: asking for them
        // builds every rule at once, on this thread (the CLI loads the user's rules before
        // ``WritingToolsChecker/prepare(language:loadingDictionary:)`` starts building them on
        // another core beside the dictionary and the parse).
        var ids = files.isEmpty ? [] : Set(RuleRegistry.all.map(\.id))
        for path in files {
            do {
                let compiled = try RuleFileCompiler.compile(contentsOf: URL(fileURLWithPath: path))
                for r in compiled {
                    guard ids.insert(r.id).inserted else {
                        let other = entries.first { $0.id == r.id }.map { "\($0.file):\($0.line)" } ?? "a built-in rule"
                        errors.append(RuleFileError(file: path, line: r.line, column: 6, message: "rule \(r.id) is already defined (\(other)); this one is left out").description)
                        continue
                    }
                    rules.append(r)
                    entries.append(Entry(id: r.id, categoryID: r.category.rawValue, summary: r.summary, file: path, line: r.line, level: r.level))
                }
            } catch {
                errors.append("\(error)")
            }
        }
        self.entries = entries
        self.errors = errors
        self.book = RuleBook(rules)
    }

    /// True when no rule was loaded.
    public var isEmpty: Bool { entries.isEmpty }

    /// The user's rule directory: `$XDG_CONFIG_HOME/writing-tools/rules` or
    /// `$HOME/.config/writing-tools/rules`; nil when neither variable is set.
    public static func userDirectory(environment: [String: String]) -> String? {
        if let x = environment["XDG_CONFIG_HOME"], !x.isEmpty { return (x as NSString).appendingPathComponent("writing-tools/rules") }
        if let h = environment["HOME"], !h.isEmpty { return (h as NSString).appendingPathComponent(".config/writing-tools/rules") }
        return nil
    }

    /// The nearest `.writing-tools/rules` directory in `start` or above it, if any.
    public static func workspaceDirectory(from start: String) -> String? {
        var dir = URL(fileURLWithPath: start.isEmpty ? "." : start).standardizedFileURL
        while true {
            let candidate = dir.appendingPathComponent(".writing-tools/rules").path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue { return candidate }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { return nil }
            dir = parent
        }
    }

    /// The `*.rules` files of `directory`, sorted by name (none when it does not exist).
    public static func files(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasSuffix(".rules") }.sorted().map { (directory as NSString).appendingPathComponent($0) }
    }

    /// The user's rules and the workspace's (the nearest `.writing-tools/rules` above
    /// `workspaceFrom`, a directory; none when nil).
    public static func load(environment: [String: String], workspaceFrom start: String?) -> UserRuleSet {
        var files: [String] = []
        if let dir = userDirectory(environment: environment) { files += Self.files(in: dir) }
        if let start, let dir = workspaceDirectory(from: start) { files += Self.files(in: dir) }
        return files.isEmpty ? .empty : UserRuleSet(files: files)
    }

    /// What ``check(file:language:)`` found: the file's rules and the examples that failed
    /// (`file:line: …`, empty when all pass).
    public struct CheckReport: Sendable {
        /// The rules the file defines.
        public var entries: [Entry]
        /// Inline examples that failed.
        public var failures: [String]
        /// How many inline examples the file has.
        public var exampleCount: Int
    }

    /// Compiles the rule file at `path` and runs its inline examples (`wrong` and `right`
    /// lines) with the `language` dictionary, each rule alone.
    /// - Throws: ``RuleFileCheckError`` with the compiler's `file:line:column: error: …`, or
    ///   when no dictionary for `language` is installed.
    public static func check(file path: String, language: String = "en-US") throws -> CheckReport {
        let rules: [PatternRule]
        do { rules = try RuleFileCompiler.compile(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw RuleFileCheckError(message: "\(error)")
        }
        let speller: HunspellSpeller
        do { speller = try BuiltInProofreadingEngine.speller(for: language) } catch {
            throw RuleFileCheckError(message: "\(error)")
        }
        var failures: [String] = []
        var count = 0
        let builtIn = Set(RuleRegistry.all.map(\.id))
        for r in rules {
            if builtIn.contains(r.id) {
                failures.append("\(path):\(r.line): rule \(r.id) has the ID of a built-in rule; it would be left out")
            }
            failures += r.exampleFailures(speller: speller)
            count += r.examples.correct.count + r.exampleCount
        }
        return CheckReport(entries: rules.map { Entry(id: $0.id, categoryID: $0.category.rawValue, summary: $0.summary, file: path, line: $0.line, level: $0.level) },
                           failures: failures, exampleCount: count)
    }
}

/// A rule file that does not compile, or cannot be checked: `message` is
/// `file:line:column: error: …` for a fault in the file.
public struct RuleFileCheckError: Error, CustomStringConvertible, Sendable {
    /// What is wrong.
    public var message: String
    /// ``message``.
    public var description: String { message }
}
