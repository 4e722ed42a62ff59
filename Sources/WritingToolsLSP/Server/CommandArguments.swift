import Foundation
import WritingTools

/// A command's argument that is wrong in a way its JSON type does not show (an unknown scope,
/// a negative position): thrown while decoding, answered `InvalidParams` with this message.
struct CommandArgumentError: Error {
    /// What is wrong, naming the argument (`range.start.line is -1; …`).
    var message: String
}

/// The typed argument of a `workspace/executeCommand` command (its first `arguments` element,
/// an object); ``usage`` is what the object looks like.
protocol CommandArguments: Decodable, Sendable {
    /// The expected argument, for error messages (`[{"word": …, "scope": "user"|"workspace"}]`).
    static var usage: String { get }
}

extension CommandArguments {
    /// The first argument of `p`, decoded; a missing, mistyped or invalid field is
    /// `InvalidParams` naming it (`writing-tools.runTool: missing "uri" in arguments[0]`).
    static func decode(_ p: ExecuteCommandParams) throws -> Self {
        guard let argument = p.arguments?.first else {
            throw ResponseError.invalidParams("\(p.command) takes one argument: expected \(usage)")
        }
        do {
            return try JSONDecoder().decode(Self.self, from: JSONEncoder().encode(argument))
        } catch let e as CommandArgumentError {
            throw ResponseError.invalidParams("\(p.command): \(e.message)")
        } catch let e as DecodingError {
            throw ResponseError.invalidParams("\(p.command): \(LanguageServer.describe(e, under: "arguments[0]")); expected \(usage)")
        }
    }
}

/// `writing-tools.addToDictionary`: `{"word": String, "scope": "user"|"workspace"}` (scope
/// `user` when absent or null).
struct AddToDictionaryArguments: CommandArguments {
    static let usage = #"[{"word": …, "scope": "user"|"workspace"}]"#
    /// Which dictionary.
    enum Scope: String, Sendable { case user, workspace }
    /// The word, spaces around it dropped (never empty).
    var word: String
    var scope: Scope

    private enum CodingKeys: String, CodingKey { case word, scope }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Spaces around the word are dropped; a TAB, a NUL or a line break in it is refused
        // (``Dictionaries/canHold(_:)``), never trimmed into another word.
        word = try c.decode(String.self, forKey: .word).trimmingCharacters(in: CharacterSet(charactersIn: " "))
        guard !word.isEmpty else { throw CommandArgumentError(message: "\"word\" is empty; expected \(Self.usage)") }
        guard Dictionaries.canHold(word) else { throw CommandArgumentError(message: "\(Dictionaries.InvalidWord(word: word))") }
        switch try c.decodeIfPresent(JSONValue.self, forKey: .scope) {
        case nil, .null?: scope = .user
        case let .string(s)? where Scope(rawValue: s) != nil: scope = Scope(rawValue: s)!
        case let other?:
            throw CommandArgumentError(message: "unknown dictionary scope \(other): the scope is \"user\" or \"workspace\"")
        }
    }
}

/// `writing-tools.ignoreRuleInFile`: `{"uri": String, "rule": String}`.
struct IgnoreRuleArguments: CommandArguments {
    static let usage = #"[{"uri": …, "rule": …}]"#
    var uri: DocumentURI
    var rule: String
}

/// `writing-tools.disableRule`: `{"rule": String}` (a rule ID, any case).
struct DisableRuleArguments: CommandArguments {
    static let usage = #"[{"rule": …}]"#
    var rule: String
}

/// `writing-tools.runTool`: `{"uri": String, "tool": "friendly"|…, "range": Range,
/// "version": Int, "length": "short"|"medium"|"long"}` (`version` and `length` optional;
/// `length` only for summary and key-points).
struct RunToolArguments: CommandArguments {
    static let usage = #"[{"uri": …, "tool": "friendly"|…, "range": Range, "version": Int}]"#
    var uri: DocumentURI
    /// The tool's command name (`friendly`, `key-points`, …).
    var name: String
    var tool: WritingTool
    var range: Range
    /// The document version the action was offered for; nil: any.
    var version: Int?
    var length: SummaryLength?

    private enum CodingKeys: String, CodingKey { case uri, tool, range, version, length }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        uri = try c.decode(DocumentURI.self, forKey: .uri)
        name = try c.decode(String.self, forKey: .tool)
        guard let tool = LanguageServer.toolsByName[name] else {
            throw CommandArgumentError(message: "unknown tool \"\(name)\": the tool is one of "
                + LanguageServer.toolsByName.keys.sorted().joined(separator: ", "))
        }
        self.tool = tool
        range = try c.decode(Range.self, forKey: .range)
        for (end, p) in [("start", range.start), ("end", range.end)] {
            if let problem = Position.negativity(line: p.line, character: p.character) {
                throw CommandArgumentError(message: "range.\(end).\(problem)")
            }
        }
        version = try c.decodeIfPresent(Int.self, forKey: .version)
        switch try c.decodeIfPresent(JSONValue.self, forKey: .length) {
        case nil, .null?: length = nil
        case let v?:
            guard let name = v.stringValue, let l = SummaryLength(rawValue: name) else {
                throw CommandArgumentError(message: "\"length\" is short, medium or long")
            }
            guard tool == .summary || tool == .keyPoints else {
                throw CommandArgumentError(message: "\"length\" is for summary and key-points, not \(tool.commandName)")
            }
            length = l
        }
    }
}
