import DocumentStructure
import Foundation
import Testing
import TextModel

/// reStructuredText: every construct of docutils' specification that a document uses, its
/// markup protected (exact ranges) and its text prose; and three real documents from this
/// machine (`Fixtures/rst/`: cachetools' README, requests' quickstart, Python's
/// email/architecture.rst).
@Suite struct ReStructuredTextParserTests {
    static func protected(_ text: String) -> [String] {
        DocumentParser.parse(text, markup: .restructuredText).protectedRanges.map { "\($0.reason.rawValue):\(Support.slice(text, $0.range))" }
    }
    static func prose(_ text: String) -> [String] {
        DocumentParser.parse(text, markup: .restructuredText).proseSegments.map(\.text)
    }
    static let p = "\u{FFFC}"

    @Test func sectionTitlesAndTransitions() {
        let text = "=====\nTitle\n=====\n\nIntro text.\n\nSection One\n-----------\n\nBody.\n\n----\n\nSub\n~~~\nMore.\n"
        #expect(Self.protected(text) == ["restructuredText:=====", "restructuredText:=====", "restructuredText:-----------",
                                         "restructuredText:----", "restructuredText:~~~"])
        #expect(Self.prose(text) == ["Title", "Intro text.", "Section One", "Body.", "Sub", "More."])
        let doc = DocumentParser.parse(text, markup: .restructuredText)
        let levels = doc.proseSegments.compactMap { seg -> Int? in
            if case let .header(level) = seg.intent.components.first?.kind { return level } else { return nil }
        }
        #expect(levels == [1, 2, 3])
        #expect(doc.blocks.contains { $0.intent.components.first?.kind == .thematicBreak })
    }

    @Test func inlineMarkup() {
        let text = "Call ``teh_func()`` or :func:`os.path.join` and `default role`, see `the docs <https://x.y/z>`_, "
            + "Sphinx_ and anon__, |donate| and |logo|_, a note [1]_ [#]_ [#named]_ [*]_ [CIT2002]_, *emphasis* and **strong** "
            + ":math:`a^2`, `text`:code: and an escaped \\*star\\*.\n"
        // The delimiters are left out of the prose; what they enclose is protected.
        #expect(Self.protected(text) == [
            "inlineCode:teh_func()", "inlineCode:os.path.join", "inlineCode:default role",
            "linkDestination: <https://x.y/z>", "linkDestination:Sphinx", "linkDestination:anon",
            "restructuredText:donate", "restructuredText:logo", "linkDestination:[1]", "linkDestination:[#]",
            "linkDestination:[#named]", "linkDestination:[*]", "linkDestination:[CIT2002]", "math:a^2",
            "inlineCode:text",
        ])
        // A tool's result shows the protected text without its markup.
        let doc = DocumentParser.parse(text, markup: .restructuredText)
        let shown = doc.proseSegments[0].pieces.map { $0.kind == .protected ? Support.slice(text, $0.documentRange) : Support.slice(doc.proseSegments[0].text, $0.segmentRange) }.joined()
        #expect(shown.hasPrefix("Call teh_func() or os.path.join and default role, see the docs <https://x.y/z>, Sphinx and anon, donate and logo, a note [1]"), "\(shown)")
        let p = Self.p
        #expect(Self.prose(text) == [
            "Call \(p) or \(p) and \(p), see the docs\(p), \(p) and \(p), \(p) and \(p), a note \(p) \(p) \(p) \(p) \(p), "
                + "emphasis and strong \(p), \(p) and an escaped *star*.",
        ])
    }

    /// A cross-reference's own text is prose, its target protected; a bare target is a name.
    @Test func crossReferencesWithText() {
        let text = "It is better to :ref:`stream the data <stream>` and see :doc:`install` or :term:`the glossary <gloss>`.\n"
        #expect(Self.protected(text) == ["linkDestination: <stream>", "inlineCode:install", "linkDestination: <gloss>"])
        #expect(Self.protected("Returns a :class:`~response.HTTPResponse`.\n") == ["inlineCode:response.HTTPResponse"])
        #expect(Self.prose(text) == ["It is better to stream the data\(Self.p) and see \(Self.p) or the glossary\(Self.p)."])
        // A link's host is no word of the document (“Github” stays a slip of “GitHub”); its path's names are.
        let doc = DocumentParser.parse("See `the Github project <https://github.com/kjd/brotlicffi>`_.\n", markup: .restructuredText)
        #expect(doc.codeVocabulary.contains("brotlicffi") && !doc.codeVocabulary.contains("github"))
    }

    @Test func inlineMarkupNeedsItsRecognitionRules() {
        // `2 * 3 * 4`: a star between spaces opens nothing; `a_b` and `snake_case` are no references;
        // a backtick inside a word (“don`t”) opens nothing.
        let text = "We compute 2 * 3 * 4 in a_b and snake_case, don`t we? Also x|y|z.\n"
        #expect(!Self.protected(text).contains { $0.hasPrefix("inlineCode") || $0.hasPrefix("linkDestination") || $0.hasPrefix("restructuredText") })
    }

    @Test func literalBlocksAndDoctests() {
        let text = "Run this::\n\n    teh --fast\n    more code\n\nThen this ::\n\n  x = 1\n\n::\n\n  raw\n\nText.\n\n>>> print(teh)\nteh\n\nAfter.\n"
        #expect(Self.protected(text) == ["indentedCode:    teh --fast\n    more code", "indentedCode:  x = 1", "restructuredText:::",
                                         "indentedCode:  raw", "indentedCode:>>> print(teh)\nteh"])
        #expect(Self.prose(text) == ["Run this:", "Then this", "Text.", "After."])
    }

    @Test func directives() {
        let text = """
        .. code-block:: python
           :linenos:

           teh = 1

        .. note:: Teh first line of the note
           goes on here.

           Second paragraph.

        .. warning::
           :class: big

           Be careful.

        .. toctree::
           :maxdepth: 2

           intro
           usage

        .. image:: https://x.y/a.png
           :alt: Teh logo

        .. versionadded:: 2.5
           The *spam* parameter.

        .. admonition:: A title here

           Body text.

        .. py:function:: spam(eggs)

           Spam the eggs.

        .. math::

           a^2 + b^2

        """
        #expect(Self.protected(text) == [
            "fencedCode:.. code-block:: python\n   :linenos:\n\n   teh = 1",
            "restructuredText:.. note::",
            "restructuredText:.. warning::", "restructuredText::class: big",
            "restructuredText:.. toctree::\n   :maxdepth: 2\n\n   intro\n   usage",
            "restructuredText:.. image:: https://x.y/a.png\n   :alt: Teh logo",
            "restructuredText:.. versionadded::", "versionNumber:2.5",
            "restructuredText:.. admonition::",
            "restructuredText:.. py:function::", "restructuredText:spam(eggs)",
            "math:.. math::\n\n   a^2 + b^2",
        ])
        #expect(Self.prose(text) == [
            "Teh first line of the note\n   goes on here.", "Second paragraph.", "Be careful.",
            "The spam parameter.", "A title here", "Body text.", "Spam the eggs.",
        ])
    }

    @Test func commentsTargetsSubstitutionsFootnotes() {
        let text = """
        .. This is a comment with teh typo
           over two lines.

        .. _label: https://example.com/teh

        .. _other:

        __ https://anonymous.example

        .. |donate| image:: https://x.y/d.png
           :target: https://x.y/donate

        .. [1] Teh first footnote.
        .. [#note] A named one.
        .. [CIT2002] A citation.

        ..

           A quote after an empty comment.

        """
        #expect(Self.protected(text) == [
            "restructuredText:.. This is a comment with teh typo\n   over two lines.",
            "linkReferenceDefinition:.. _label: https://example.com/teh", "linkReferenceDefinition:.. _other:",
            "linkReferenceDefinition:__ https://anonymous.example",
            "restructuredText:.. |donate| image:: https://x.y/d.png\n   :target: https://x.y/donate",
            "restructuredText:.. [1]", "restructuredText:.. [#note]", "restructuredText:.. [CIT2002]", "restructuredText:..",
        ])
        #expect(Self.prose(text) == ["Teh first footnote.", "A named one.", "A citation.", "A quote after an empty comment."])
    }

    @Test func lists() {
        let text = """
        - First item
          goes on.
        - Second item.

          Its second paragraph.

        1. One.
        #. Two.
        (a) Alpha.

        :param x: The value
           of x.
        :type x: list of str
        :returns: Nothing.
        :rtype: None

        -v, --verbose  Say more.
        --output=FILE  Write to FILE.
        -q
            Say less.

        term
            Its definition.
        another term : classifier
            Another definition.

        """
        #expect(Self.protected(text) == [
            "restructuredText::param x:", "restructuredText::type x:", "inlineCode:list of str", "restructuredText::returns:",
            "restructuredText::rtype:", "inlineCode:None",
            "commandLineOption:-v, --verbose", "commandLineOption:--output=FILE", "commandLineOption:-q",
        ])
        #expect(Self.prose(text) == [
            "First item\n  goes on.", "Second item.", "Its second paragraph.", "One.", "Two.", "Alpha.",
            "The value\n   of x.", "Nothing.", "Say more.", "Write to FILE.", "Say less.",
            "term", "Its definition.", "another term : classifier", "Another definition.",
        ])
        let doc = DocumentParser.parse(text, markup: .restructuredText)
        let first = doc.proseSegments[0]
        #expect(first.intent.components.contains { if case .listItem = $0.kind { return true } else { return false } })
        #expect(first.intent.components.contains { $0.kind == .unorderedList })
        #expect(doc.proseSegments[3].intent.components.contains { $0.kind == .orderedList })
    }

    @Test func blockQuotesAndLineBlocks() {
        let text = "Para.\n\n    A quoted paragraph.\n\n    -- Attribution\n\n| Line one\n| Line two\n|   indented\n"
        #expect(Self.prose(text) == ["Para.", "A quoted paragraph.", "-- Attribution", "Line one\nLine two\n  indented"])
        let doc = DocumentParser.parse(text, markup: .restructuredText)
        #expect(doc.proseSegments[1].intent.components.contains { $0.kind == .blockQuote })
        #expect(!doc.proseSegments[3].intent.components.contains { $0.kind == .blockQuote })
    }

    @Test func gridAndSimpleTables() {
        let text = """
        +--------+-------------+
        | Name   | Meaning     |
        +========+=============+
        | teh    | A typo here |
        +--------+-------------+

        =====  ==========
        Col A  Col B
        =====  ==========
        one    First row.
        two    Second row.
        =====  ==========

        After.

        """
        let protected = Self.protected(text)
        #expect(protected.filter { $0.hasPrefix("restructuredText:+") }.count == 3)
        #expect(protected.filter { $0 == "restructuredText:|" }.count == 6)
        #expect(protected.filter { $0 == "restructuredText:=====  ==========" }.count == 3)
        #expect(Self.prose(text) == ["Name", "Meaning", "teh", "A typo here", "Col A", "Col B", "one", "First row.", "two", "Second row.", "After."])
        let doc = DocumentParser.parse(text, markup: .restructuredText)
        #expect(doc.proseSegments[3].intent.components.contains { if case .tableCell(1) = $0.kind { return true } else { return false } })
    }

    /// Offsets are UTF-16 code units: text outside the Basic Multilingual Plane before the markup
    /// shifts every range by two units per character.
    @Test func offsetsAreUTF16() {
        let text = "Émoji 🎉🎉 ``code`` and |sub|.\n\n.. note:: Té 🎉.\n"
        let doc = DocumentParser.parse(text, markup: .restructuredText)
        #expect(doc.protectedRanges.map(\.range) == [NSRange(location: 13, length: 4), NSRange(location: 25, length: 3),
                                                    NSRange(location: 32, length: 9)])
        #expect(doc.proseSegments.map(\.blockRange) == [NSRange(location: 0, length: 30), NSRange(location: 42, length: 6)])
        for seg in doc.proseSegments {
            for piece in seg.pieces where piece.kind == .verbatim {
                #expect(Support.slice(text, piece.documentRange) == Support.slice(seg.text, piece.segmentRange))
            }
        }
    }

    /// A paragraph of unmatched start-strings (`*a *a *a …`, `` `a `a …``) is read in linear
    /// time: a search for an end-string that failed is not made again from a later start.
    @Test func unmatchedStartStringsAreLinear() {
        for unit in ["*a ", "`a ", "|a ", "``a ", ":r:`a "] {
            let text = String(repeating: unit, count: 40_000)
            let start = Date()
            let doc = DocumentParser.parse(text, markup: .restructuredText)
            #expect(doc.proseSegments.count == 1)
            #expect(Date().timeIntervalSince(start) < 20, "\(unit)")
        }
    }

    @Test func oddInputsDoNotCrash() {
        for s in ["", "::", "..", ".. ", "|", "``", "`", "`_", "*", "**", "+", "+--+", "=", "= =", "=====\n", "-\n-", ":", "::\n\n  x",
                  ".. [", ".. |x|", "[1]_", "_`", ":a:`", "a\n===\nb\n===", "+--+\n|x|\n", "=  =\na  b\n", "\\", "x\\", "- \n  "] {
            let doc = DocumentParser.parse(s, markup: .restructuredText)
            for seg in doc.proseSegments {
                for p in seg.pieces where p.kind == .verbatim {
                    #expect(Support.slice(s, p.documentRange) == Support.slice(seg.text, p.segmentRange), "\(s.debugDescription)")
                }
            }
        }
    }

    /// Three real documents: every prose segment maps back verbatim, no prose holds markup
    /// (inline literals, roles, substitutions, directive lines, adornments), and the code
    /// they show is protected.
    @Test(arguments: ["cachetools-README.rst", "requests-quickstart.rst", "email-architecture.rst"])
    func realDocuments(_ name: String) throws {
        let text = try Support.load("rst/" + name)
        let doc = DocumentParser.parse(text, markup: .restructuredText)
        #expect(doc.proseSegments.count > 10)
        let n = text.utf16.count
        for r in doc.protectedRanges { #expect(r.range.location >= 0 && r.range.location + r.range.length <= n) }
        for seg in doc.proseSegments {
            for p in seg.pieces where p.kind == .verbatim {
                #expect(Support.slice(text, p.documentRange) == Support.slice(seg.text, p.segmentRange))
            }
            let t = seg.text
            #expect(!t.contains("``") && !t.contains(".. ") && !t.hasSuffix("::") && !t.contains(":func:") && !t.contains(":class:"),
                    "\(name): \(t.debugDescription)")
            #expect(t.range(of: #"\|[A-Za-z][\w -]*\|"#, options: .regularExpression) == nil, "\(name): \(t.debugDescription)")
            #expect(t.range(of: #"(?m)^[=\-~^*#+]{4,}$"#, options: .regularExpression) == nil, "\(name): \(t.debugDescription)")
        }
        // Each document's code is protected: a line of it never reaches the prose.
        let code: [String: [String]] = [
            "cachetools-README.rst": ["from cachetools import cached, LRUCache, TTLCache", ":target: https://pypi.org/project/cachetools/"],
            "requests-quickstart.rst": [">>> import requests", ".. module:: requests.models", "r = requests.get('https://api.github.com/events')"],
            "email-architecture.rst": ["5322", "=================================", "----------"],
        ]
        for line in code[name] ?? [] {
            let r = (text as NSString).range(of: line)
            #expect(r.location != NSNotFound, "\(line)")
            #expect(doc.protectedRanges.contains { NSLocationInRange(r.location, $0.range) && NSMaxRange(r) <= NSMaxRange($0.range) }, "\(name): \(line)")
        }
    }
}
