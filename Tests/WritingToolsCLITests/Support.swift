import WritingTools

enum WritingToolsCheckerForTests {
    static func check(_ text: String) throws -> ProofreadingReport {
        try WritingToolsChecker().check(ProofreadingRequest(text: text))
    }
}
