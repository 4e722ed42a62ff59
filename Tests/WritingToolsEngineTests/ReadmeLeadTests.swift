import Foundation
import Testing
@testable import WritingToolsEngine

/// Key Points of a README keep its main fact: the lead sentence after the title that says what
/// the program is ("This is the GNU gettext package.", "These are the GNU core utilities.").
/// Before (session-42 trial) its "This"/"These" counted as pointing back, and it was left out
/// (23 of 191 /usr/share/doc READMEs lost their first sentence; 15 after, mostly copyright lines).
@Suite struct ReadmeLeadTests {
    @Test(arguments: [("leads/gettext-README.txt", "This is the GNU gettext package."),
                      ("leads/coreutils-README.txt", "These are the GNU core utilities."),
                      ("leads/make-README.txt", "This directory contains the 4.3 release of GNU Make.")])
    func keyPointsKeepTheLead(_ fixture: String, _ lead: String) throws {
        let request = ToolRequest(tool: .keyPoints, text: try Fixture.text(fixture), resultOptions: [.plainText])
        var text = ""
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { text = r.text }
        #expect(text.contains(lead), "\(text)")
    }

    @Test func anEssaysAnecdotalOpeningIsNoLead() {
        #expect("This is the GNU gettext package.".range(of: DocumentDigest.definesItsSubject, options: [.regularExpression, .caseInsensitive]) != nil)
        #expect("I read the other day some verses.".range(of: DocumentDigest.definesItsSubject, options: [.regularExpression, .caseInsensitive]) == nil)
    }
}
