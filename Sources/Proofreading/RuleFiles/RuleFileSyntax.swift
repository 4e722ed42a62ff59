import Foundation

/// A rule file that does not compile: the file, the 1-based line and column (in characters) of
/// the fault, and what is wrong. Its description is `file:line:column: error: message`, the
/// form compilers and editors understand.
public struct RuleFileError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file's path or name as given to the compiler.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters of the line.
    public var column: Int
    /// What is wrong, in a sentence.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: error: message`.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// The parsed text of one rule of a rule file, before its patterns are compiled: what
/// ``RuleFileParser`` reads and ``PatternRule`` compiles.
struct RuleSpec: Sendable {
    /// A line of the file: its 1-based number and text (after the keyword), and the column
    /// (1-based, characters) where that text starts.
    struct Line: Sendable {
        var number: Int
        var column: Int
        var text: String
    }

    var id: String
    var idLine: Line
    var category: RuleCategory?
    var summary: String?
    var message: Line?
    var patterns: [Line] = []
    /// The message line in force for each pattern (a `message` line holds for the patterns
    /// after it; the first is also the rule's).
    var patternMessages: [Line?] = []
    /// The latest `message` line.
    var currentMessage: Line?
    var unless: [Line] = []
    var fix: Line?
    var options: Set<String> = []
    var wrong: [(text: String, corrected: String, line: Int)] = []
    var right: [(text: String, line: Int)] = []
}

/// Reads rule files (the `.rules` format; see the README's section on rules) into
/// ``RuleSpec``s, one per `rule` line. Line-oriented: every line starts with a keyword; `#`
/// starts a comment line; blank lines are ignored.
///
/// ```
/// rule EN_COULD_CARE_LESS
/// category confused-words
/// summary “could care less” instead of “couldn't care less”
/// message The idiom is “couldn't care less”: it means you care not at all.
/// pattern !how|who|if [could] care less => couldn't
/// wrong I could care less about the score. => I couldn't care less about the score.
/// right I couldn't care less about the score.
/// ```
enum RuleFileParser {
    /// The keywords a line may start with.
    static let keywords: Set<String> = ["rule", "category", "summary", "message", "pattern", "unless", "fix", "options", "define",
                                        "wrong", "right"]
    /// The words an `options` line may hold.
    static let optionWords: Set<String> = ["hint", "unquoted", "skip-capitalized", "exact", "picky", "quiet-in-technical", "usage-by-subject",
                                                "usage-by-word"]

    /// The rules of `text` and the word lists its `define` lines name.
    /// - Throws: ``RuleFileError`` at the first fault.
    static func parse(_ text: String, file: String) throws -> (rules: [RuleSpec], lists: [String: RuleSpec.Line]) {
        var rules: [RuleSpec] = []
        var lists: [String: RuleSpec.Line] = [:]
        var current: RuleSpec?
        var number = 0
        func fail(_ line: Int, _ column: Int, _ message: String) -> RuleFileError {
            RuleFileError(file: file, line: line, column: column, message: message)
        }
        // Lines split at the byte 0x0A (splitting by `Character` costs a grapheme break test per
        // character, and never splits a CRLF pair, which is one `Character`).
        for raw in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var line = Substring(raw)
            if line.utf8.last == 0x0D { line = line.dropLast() }
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            let body = line.dropFirst(indent)
            if body.isEmpty || body.first == "#" { continue }
            let keyword = String(body.prefix { $0 != " " && $0 != "\t" })
            let restStart = body.dropFirst(keyword.count).prefix { $0 == " " || $0 == "\t" }.count
            var restSlice = body.dropFirst(keyword.count + restStart)
            while let last = restSlice.last, last == " " || last == "\t" { restSlice = restSlice.dropLast() }
            let rest = String(restSlice)
            let column = indent + keyword.count + restStart + 1
            let here = RuleSpec.Line(number: number, column: column, text: rest)
            guard keywords.contains(keyword) else {
                throw fail(number, indent + 1, "unknown keyword “\(keyword)”; a line starts with one of: \(keywords.sorted().joined(separator: ", "))")
            }
            if keyword != "rule" && keyword != "define" && rest.isEmpty {
                throw fail(number, column, "“\(keyword)” needs a value")
            }
            switch keyword {
            case "rule":
                if let done = current { rules.append(try finished(done, file: file)) }
                guard !rest.isEmpty else { throw fail(number, column, "“rule” needs an ID, such as EN_MY_RULE") }
                guard rest.unicodeScalars.allSatisfy({ ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" }),
                      rest.unicodeScalars.first.map({ $0 >= "A" && $0 <= "Z" }) == true else {
                    throw fail(number, column, "a rule ID is upper-case letters, digits and underscores, starting with a letter (EN_MY_RULE): “\(rest)”")
                }
                if rules.contains(where: { $0.id == rest }) { throw fail(number, column, "rule \(rest) is defined twice in this file") }
                current = RuleSpec(id: rest, idLine: here)
            case "define":
                // define NAME = words…
                guard let eq = rest.firstIndex(of: "=") else {
                    throw fail(number, column, "write “define NAME = word1 word2 …”")
                }
                let name = rest[..<eq].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                    throw fail(number, column, "a list name is letters, digits, “-” and “_”: “\(name)”")
                }
                // A list holds for the whole file: a second `define` of a name would silently
                // change the list of every rule before it too.
                if let first = lists[name] {
                    throw fail(number, column, "list “\(name)” is defined twice in this file (first on line \(first.number)): a list holds for the whole file, so give this one another name")
                }
                let valueOffset = rest.distance(from: rest.startIndex, to: rest.index(after: eq))
                let value = String(rest[rest.index(after: eq)...])
                let lead = value.prefix { $0 == " " }.count
                lists[name] = RuleSpec.Line(number: number, column: column + valueOffset + lead, text: value.trimmingCharacters(in: .whitespaces))
            default:
                // Changed in place (a copy would copy its arrays on every line).
                guard current != nil else {
                    throw fail(number, indent + 1, "“\(keyword)” before any “rule” line")
                }
                switch keyword {
                case "category":
                    guard let c = category(named: rest) else {
                        throw fail(number, column, "unknown category “\(rest)”; one of: \(RuleCategory.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    current!.category = c
                case "summary": current!.summary = rest
                case "message":
                    if current!.message == nil { current!.message = here }
                    current!.currentMessage = here
                case "pattern":
                    current!.patterns.append(here)
                    current!.patternMessages.append(current!.currentMessage)
                case "unless": current!.unless.append(here)
                case "fix": current!.fix = here
                case "options":
                    for word in rest.split(whereSeparator: { $0 == " " || $0 == "," }) {
                        guard optionWords.contains(String(word)) else {
                            let offset = rest.distance(from: rest.startIndex, to: word.startIndex)
                            throw fail(number, column + offset, "unknown option “\(word)”; one of: \(optionWords.sorted().joined(separator: ", "))")
                        }
                        current!.options.insert(String(word))
                    }
                case "wrong":
                    // `wrong TEXT => CORRECTED`, or `wrong TEXT` for a finding without a fix.
                    if let arrow = rest.range(of: " => ") {
                        current!.wrong.append((String(rest[..<arrow.lowerBound]), String(rest[arrow.upperBound...]), number))
                    } else {
                        current!.wrong.append((rest, "", number))
                    }
                case "right": current!.right.append((rest, number))
                default: break
                }
            }
        }
        if let done = current { rules.append(try finished(done, file: file)) }
        return (rules, lists)
    }

    /// `rule` checked for the lines every rule needs.
    private static func finished(_ rule: RuleSpec, file: String) throws -> RuleSpec {
        let at = rule.idLine
        func missing(_ what: String) -> RuleFileError {
            RuleFileError(file: file, line: at.number, column: at.column, message: "rule \(rule.id) has no “\(what)” line")
        }
        guard rule.category != nil else { throw missing("category") }
        guard rule.message != nil else { throw missing("message") }
        guard !rule.patterns.isEmpty else { throw missing("pattern") }
        return rule
    }

    /// The category called `name`: its raw value (`CONFUSED_WORDS`), its case name
    /// (`confusedWords`) or either with dashes (`confused-words`), in any case.
    static func category(named name: String) -> RuleCategory? {
        func key(_ s: String) -> String { s.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " } }
        let k = key(name)
        return RuleCategory.allCases.first { key($0.rawValue) == k || key("\($0)") == k }
    }
}
