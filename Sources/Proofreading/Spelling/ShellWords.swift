import Foundation

/// The words of the shells installed on this machine, asked of each shell itself: its builtin
/// commands (`shopt`, `ulimit`, `pushd`, `setopt`, `zmodload`), its reserved words (`esac`,
/// `elif`, `coproc`) and the names of its options (`pipefail`, `nounset`, `extglob`,
/// `globstar`, `nullglob`, `autocd`). Builtins have no file in `/usr/bin` and, on most machines,
/// no manual page of their own, so no other list on the machine holds them (``VocabularyLayers``'s
/// technical layer reads them). bash is on every Debian system (it is `Essential`); zsh when
/// installed (`scripts/install-deps.sh` installs it).
enum ShellWords {
    /// A shell and the command that prints its words, one a line.
    struct Shell: Sendable, Hashable {
        /// Path of the executable.
        var path: String
        /// Arguments that make it print its words and exit, reading no start-up file.
        var arguments: [String]
    }

    /// bash: `compgen -b` (builtins), `-k` (reserved words), `-A setopt` (`set -o` options),
    /// `-A shopt` (`shopt` options; the bash manual's names).
    static let bash = ["--norc", "--noprofile", "-c", "compgen -b; compgen -k; compgen -A setopt; compgen -A shopt"]
    /// zsh with `-f` (no start-up files): the keys of its `builtins`, `reswords` and `options`
    /// parameters (the `zsh/parameter` module; option names in lowercase without underscores).
    static let zsh = ["-f", "-c", "zmodload zsh/parameter && print -l ${(k)builtins} ${(k)options} $reswords"]

    /// The shells of this machine whose words are read: bash and zsh where their executables are.
    static func installed() -> [Shell] {
        let fm = FileManager.default
        var out: [Shell] = []
        if let bash = ["/bin/bash", "/usr/bin/bash"].first(where: { fm.isExecutableFile(atPath: $0) }) {
            out.append(Shell(path: bash, arguments: Self.bash))
        }
        if let zsh = ["/bin/zsh", "/usr/bin/zsh"].first(where: { fm.isExecutableFile(atPath: $0) }) {
            out.append(Shell(path: zsh, arguments: Self.zsh))
        }
        return out
    }

    /// The words `shell` prints, each once, in no particular order; empty when it cannot be run.
    /// The shell runs with an empty environment but for `PATH` and `LC_ALL` (no `BASH_ENV`, no
    /// `ENV`: nothing of the user's is read) and its input closed.
    static func words(of shell: Shell) -> Set<String> {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: shell.path)
        p.arguments = shell.arguments
        p.environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C"]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch { return [] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return [] }
        return Set(String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init))
    }
}
