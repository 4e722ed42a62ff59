import Foundation
import WritingTools

// `workspace/executeCommand`: the commands code actions carry (``WritingToolsCommands``), with
// their arguments decoded into typed structs (CommandArguments.swift).
extension LanguageServer {
    /// Runs a command (``WritingToolsCommands``); its first argument is decoded into the
    /// command's typed arguments (``CommandArguments``), and a missing, mistyped or invalid one is
    /// `InvalidParams` naming it.
    func execute(_ p: ExecuteCommandParams) async throws -> JSONValue {
        switch p.command {
        case WritingToolsCommands.addToDictionary:
            try await addToDictionary(AddToDictionaryArguments.decode(p))
        case WritingToolsCommands.ignoreRuleInFile:
            let arguments = try IgnoreRuleArguments.decode(p)
            documents[arguments.uri]?.ignoredRules.insert(arguments.rule)
            schedulePush(arguments.uri, delay: .zero)
        case WritingToolsCommands.runTool:
            return try await runTool(RunToolArguments.decode(p))
        case WritingToolsCommands.disableRule:
            let given = try DisableRuleArguments.decode(p).rule
            let rule = given.uppercased()
            guard ServerConfiguration.ruleIDs.contains(rule) else {
                throw ResponseError.invalidParams("unknown rule ID '\(given)' (see 'writing-tools rules' for the rule IDs)")
            }
            configuration.disabledRules.insert(rule)
            configurationChanged()
        default:
            throw ResponseError(code: ErrorCode.invalidParams, message: "unknown command: \(p.command)")
        }
        return .null
    }

    /// `writing-tools.addToDictionary`: appends the word to the user's or the workspace's list
    /// and checks the open documents again.
    func addToDictionary(_ arguments: AddToDictionaryArguments) async throws {
        let w = arguments.word
        let scope = arguments.scope
        guard let path = scope == .workspace ? dictionaries.workspacePath : dictionaries.userPath else {
            throw ResponseError(code: ErrorCode.requestFailed,
                                message: "no \(scope.rawValue) dictionary: \(scope == .workspace ? "no workspace folder is open" : "HOME is not set")")
        }
        // The file is locked and appended to off the actor: another server (another editor
        // window) may hold its lock.
        // The workspace's list only when it leads to a file inside the workspace (a link in
        // a cloned repository must not make us write elsewhere).
        let root = scope == .workspace ? dictionaries.workspaceRoot : nil
        // On a thread of its own: `flock` blocks its thread while another process holds the lock.
        do { try await OwnThread.run("writing-tools lsp dictionary") { try Dictionaries.add(w, to: path, within: root) } } catch {
            throw ResponseError(code: ErrorCode.requestFailed, message: "\(error)")
        }
        dictionaryWords = dictionaries.words()
        log("added ‘\(w)’ to \(path)")
        configurationChanged()
    }
}
