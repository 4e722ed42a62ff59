import Foundation
import Testing
import WritingTools
@testable import WritingToolsLSP

/// The language server lives long: when apt installed packages since the spelling vocabulary was
/// cached, its first check uses the older cache while the current one is rebuilt in the
/// background (the mechanism: `VocabularyLayersStaleTests` in ProofreadingTests).
struct StaleVocabularyTests {
    @Test func serverServesTheOlderVocabularyWhileRebuilding() {
        let client = TestClient()
        _ = client.server
        #expect(WritingToolsChecker.servesStaleIndexesWhileRebuilding)
    }
}
