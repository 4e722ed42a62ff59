/// Walks a command line the way every `writing-tools` command reads it: options (`--name`,
/// `--name value`, `--name=value`, `-x`), operands (anything else, and `-` for standard input),
/// and `--`, after which everything is an operand. One implementation for every command.
struct OptionScanner {
    /// One item of the command line.
    enum Item: Equatable {
        /// An option's name (`--markup`, `-h`), without an inline `=value`.
        case option(String)
        /// An operand (a file, `-`).
        case operand(String)
    }

    private let arguments: [String]
    private var index = 0
    private var inline: String?
    private var onlyOperands = false

    /// Creates a scanner over `arguments` (without the program and command names).
    init(_ arguments: [String]) { self.arguments = arguments }

    /// The name of the option read last, while its inline `=value` is not taken.
    private var inlineOwner: String?

    /// The next item; nil at the end.
    /// - Throws: ``CommandError`` (usage) when the option read before had an inline `=value`
    ///   that it did not take (`--fix=yes`: a flag takes no value).
    mutating func next() throws -> Item? {
        if let v = inline, let name = inlineOwner {
            throw CommandError.usage("\(name) takes no value (given \(name)=\(v))")
        }
        inline = nil
        inlineOwner = nil
        while index < arguments.count {
            let arg = arguments[index]
            index += 1
            if onlyOperands || arg == "-" || !arg.hasPrefix("-") { return .operand(arg) }
            if arg == "--" { onlyOperands = true; continue }
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                inline = String(arg[arg.index(after: eq)...])
                inlineOwner = String(arg[..<eq])
                return .option(String(arg[..<eq]))
            }
            return .option(arg)
        }
        return nil
    }

    /// The value of the option just read: its inline `=value`, else the next argument.
    /// - Throws: ``CommandError`` (usage) when there is none.
    mutating func value(for name: String) throws -> String {
        if let v = inline {
            inline = nil
            inlineOwner = nil
            return v
        }
        guard index < arguments.count else { throw CommandError.usage("\(name) needs a value") }
        defer { index += 1 }
        return arguments[index]
    }
}
