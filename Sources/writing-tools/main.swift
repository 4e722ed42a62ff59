import Foundation
import WritingToolsCLI
#if canImport(Glibc)
import Glibc
#endif

// A closed pipe (`writing-tools proofread x | head`) ends output quietly instead of killing us.
signal(SIGPIPE, SIG_IGN)
exit(WritingToolsCommand.run(Array(CommandLine.arguments.dropFirst()), io: ProcessIO()))
