import Foundation
import Testing
@testable import DocumentStructure

/// ``StructuredDocument/isWordFragment(_:in:)``: a piece of a word cut off by protected text or
/// an inline tag is no word of its own (issue 31: “Kuber<b>netes</b>” gave “netes → notes”).
@Suite struct WordFragmentTests {
    /// Whether the first occurrence of `word` in a segment of `doc` is a fragment.
    func isFragment(_ word: String, in doc: StructuredDocument) throws -> Bool {
        for segment in doc.proseSegments {
            let r = (segment.text as NSString).range(of: word)
            if r.location != NSNotFound { return doc.isWordFragment(r, in: segment) }
        }
        Issue.record("“\(word)” is in no segment")
        return false
    }

    @Test(arguments: [
        ("We run Kuber<b>netes</b> today.", ["Kuber", "netes"]),
        ("We re<em>cieve</em> mail.", ["re", "cieve"]),
        ("The <span>gov</span>ernment met.", ["gov", "ernment"]),
        ("A <i>re</i><b>cieve</b>d letter.", ["re", "cieve"]),
    ])
    func inlineTagsInsideAWordMakeFragments(_ text: String, _ fragments: [String]) throws {
        let doc = DocumentParser.parse(text, markup: .markdown)
        for f in fragments { #expect(try isFragment(f, in: doc), "\(f) in \(text)") }
    }

    @Test func latexStyleCommandsInsideAWordMakeFragments() throws {
        let doc = DocumentParser.parse("We run Kuber\\textbf{netes} and re\\emph{cieve} mail, \\emph{all} of it.", markup: .latex)
        for f in ["Kuber", "netes", "re", "cieve"] { #expect(try isFragment(f, in: doc), "\(f)") }
        #expect(try !isFragment("all", in: doc))
        #expect(try !isFragment("mail", in: doc))
    }

    @Test func aHostRangeInsideAWordMakesTheRestAFragment() throws {
        let text = "We deploy to the Kubernetes cluster today."
        // The host protects “Kuber”: “netes” is what is left of the word.
        let start = DocumentParser.parse(text, markup: .plain, hostProtectedRanges: [NSRange(location: 17, length: 5)])
        #expect(try isFragment("netes", in: start))
        #expect(try !isFragment("cluster", in: start))
        // … and “netes”: “Kuber” is.
        let end = DocumentParser.parse(text, markup: .plain, hostProtectedRanges: [NSRange(location: 22, length: 5)])
        #expect(try isFragment("Kuber", in: end))
        #expect(try !isFragment("the", in: end))
    }

    @Test(arguments: [
        ("Read [the manual](https://example.com) first.", "manual"),   // a link's destination
        ("One line<br>next line.", "line"),                           // a line break separates
        ("One line<br>next line.", "next"),
        ("A <b>bold</b> word.", "bold"),                              // tags between spaces
        ("Use `ls` often.", "often"),
        ("Run `make`ing it.", "ing"),                                // code ends with a backtick
        ("We use Kuber**netes** here.", "Kubernetes"),               // no placeholder: one word
    ])
    func wordsBesideOtherMarkupAreWhole(_ text: String, _ word: String) throws {
        let doc = DocumentParser.parse(text, markup: .markdown)
        #expect(try !isFragment(word, in: doc), "\(word) in \(text)")
    }
}
