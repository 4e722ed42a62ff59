// The CustomEditor example: a piece-table editor hosting Writing Tools through
// WritingToolsCoordinator.Delegate. Runs a proofreading and a rewrite session with the built-in
// offline engine and prints the delegate-call transcript (see ../../README.md).
import CustomEditorKit

print("Document:\n\(CustomEditorDemo.document)\n")
let outcome = try await CustomEditorDemo.run()
print("Transcript (▶ = the user's action; every other line is one delegate call):")
for line in outcome.transcript { print(line) }
print("""

    After proofreading:
    \(outcome.afterProofreading)

    Final text:
    \(outcome.final)

    \(outcome.calls) delegate calls, \(outcome.completions) completion handlers called; \
    the piece table holds \(outcome.pieces) pieces over \(outcome.addBuffer) inserted code units.
    """)
