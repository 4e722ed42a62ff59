import Foundation
import WritingToolsCLI
import WritingToolsHTTP
import WritingToolsLSP
#if canImport(Glibc)
import Glibc
#endif

// A closed pipe (`writing-tools proofread x | head`) ends output quietly instead of killing us.
signal(SIGPIPE, SIG_IGN)
// Over a file-size limit (`ulimit -f`), a write fails with EFBIG instead of killing us mid-write:
// `--fix` then reports "File too large" and removes its temporary file (the original is intact).
signal(SIGXFSZ, SIG_IGN)
// The command line, with the language server and the HTTP server it starts (the executable is the
// one place that links every front end; they never import each other).
let servers = ServerFrontEnds(languageServer: { StandardIOServer.run(environment: $0) },
                              httpServer: { HTTPServe.run(arguments: $0, environment: $1, version: $2) })
// The arguments from argv's bytes: a file name that is not UTF-8 is kept (PathText.decoding).
exit(WritingToolsCommand.run(WritingToolsCommand.processArguments(), io: ProcessIO(), servers: servers))
