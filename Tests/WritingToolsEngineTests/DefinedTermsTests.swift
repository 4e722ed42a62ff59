import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// A term the text defines stays as written in every rewrite (issue 34, a new user's trial on
/// Node.js's glossary: Professional made "**AFAIK**: As Far As I Know." into "**As far as I
/// know**: As Far As I Know.", an entry that defines itself). Fixtures `rewrite/chat-glossary.md`
/// (a glossary of chat abbreviations, written for this test) and `rewrite/defined-in-text.txt`
/// (an abbreviation defined in brackets; two undefined ones that Professional still spells out).
@Suite("Rewrites keep the terms a text defines")
struct DefinedTermsTests {
    @Test func aGlossarysTermsStayAsWritten() throws {
        let text = try Fixture.text("rewrite/chat-glossary.md")
        for tool in [WritingTool.professional, .rewrite, .friendly, .concise] {
            let (out, edits) = try rewritten(text, tool, markup: .markdown)
            for term in ["**AFAIK**: As Far As I Know.", "**ASAP**: As Soon As Possible.", "**IMO**: In My Opinion.", "**TBH**: To Be Honest.",
                         "**FYI**: For Your Information.", "Write AFAIK when", "marked ASAP"] {
                #expect(out.contains(term), "\(tool): “\(term)” stays:\n\(out)\n\(edits.map(\.ruleID))")
            }
        }
    }

    @Test func aTermDefinedInBracketsStaysAndOthersAreSpeltOut() throws {
        let text = try Fixture.text("rewrite/defined-in-text.txt")
        let (out, _) = try rewritten(text, .professional)
        #expect(out.contains("as AFAIK (as far as I know)") && out.contains("When a comment says AFAIK,"), "\(out)")
        // Not defined here: texting abbreviations, which Professional spells out.
        #expect(out.contains("as soon as possible") && !out.contains("asap"), "\(out)")
    }

    @Test func whatCountsAsADefinition() {
        #expect(DefinedTerms("* **AFAIK**: As Far As I Know.\n").terms == ["afaik"])
        #expect(DefinedTerms("TTL - time to live\n").terms == ["ttl"])
        #expect(DefinedTerms("It uses Transport Layer Security (TLS) for every request.").terms == ["tls"])
        #expect(DefinedTerms("RTFM stands for a rude reply.").terms == ["rtfm"])
        // A single label line is no glossary; brackets whose words do not spell the capitals
        // define nothing.
        #expect(DefinedTerms("Note: reply asap.\n").terms.isEmpty)
        #expect(DefinedTerms("It runs on the VM (see below).").terms.isEmpty)
    }
}
