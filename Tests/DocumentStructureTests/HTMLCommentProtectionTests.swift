import Foundation
import Testing
@testable import DocumentStructure

/// HTML comments in Markdown (`<!-- toc -->`, markdownlint's switches) are protected like other
/// HTML: a model sees them as placeholders and a rewrite gives them back byte for byte (a
/// break-it trial, session 49, item 3: a model's answer without them was written).
struct HTMLCommentProtectionTests {
    @Test func singleAndMultiLineCommentsAreProtected() {
        let text = "# Guide\n\n<!-- toc -->\n\n<!-- markdownlint-disable MD013 -->\n\nWe went <!-- inline --> home.\n\n<!-- a comment\nthat spans lines -->\n"
        let doc = DocumentParser.parse(text, markup: .markdown)
        let ns = text as NSString
        let protected = doc.protectedRanges.map { ns.substring(with: $0.range) }
        for comment in ["<!-- toc -->", "<!-- markdownlint-disable MD013 -->", "<!-- inline -->", "<!-- a comment\nthat spans lines -->"] {
            #expect(protected.contains(comment), "\(comment.debugDescription) not in \(protected)")
        }
        #expect(!doc.proseSegments.contains { $0.text.contains("toc") || $0.text.contains("markdownlint") })
    }
}
