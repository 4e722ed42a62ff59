/// The command line's exit codes (a small taxonomy, as swift-argument-parser keeps).
public enum ExitCode: Int32, Sendable {
    /// Nothing found (or the command succeeded).
    case success = 0
    /// Findings were reported.
    case findings = 1
    /// The command line was wrong (unknown option, missing value).
    case usage = 2
    /// Input or runtime error (missing file, invalid UTF-8, missing dictionary…).
    case failure = 3
}

/// An error that ends a command with a message and an exit code.
struct CommandError: Error {
    var message: String
    var code: ExitCode

    static func usage(_ message: String) -> CommandError { CommandError(message: message, code: .usage) }
    static func failure(_ message: String) -> CommandError { CommandError(message: message, code: .failure) }
}
