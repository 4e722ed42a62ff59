import DocumentStructure
import Foundation
import Testing
import TextModel

/// Focused parser behaviour, robustness and speed.
@Suite struct ParserTests {
    func protected(_ text: String, _ markup: MarkupKind = .markdown) -> [String] {
        let doc = DocumentParser.parse(text, markup: markup)
        return doc.protectedRanges.map { "\($0.reason.rawValue):\(Support.slice(text, $0.range))" }
    }

    @Test func inlineCodeKeepsItsBackticks() {
        #expect(protected("A ``a`b`` c") == ["inlineCode:``a`b``"])
        #expect(protected("A ` x ` c") == ["inlineCode:` x `"])
    }

    /// The markup lines of Org, reStructuredText and AsciiDoc in plain text are protected whole
    /// (a README-only trial: zutty's `#+OPTIONS: … toc:nil num:nil` was flagged); prose that
    /// merely starts with “#”, “.” or “:” is not.
    @Test func lightMarkupLinesInPlainText() {
        func protected(_ text: String, _ markup: MarkupKind) -> [String] {
            self.protected(text, markup).filter { $0.hasPrefix("markupDirective:") }
        }
        let org = "#+TITLE: Zutty\n#+OPTIONS: toc:nil num:nil\n\nIt is fast.\n\n#+BEGIN_SRC sh\n./waf bld\n#+END_SRC\n\n#+BEGIN_CENTER\nHi\n#+END_CENTER\n"
        #expect(protected(org, .plain) == ["markupDirective:#+TITLE: Zutty", "markupDirective:#+OPTIONS: toc:nil num:nil",
                                           "markupDirective:#+BEGIN_SRC sh\n./waf bld\n#+END_SRC",
                                           "markupDirective:#+BEGIN_CENTER", "markupDirective:#+END_CENTER"])
        #expect(protected(".. note:: see toctree\n\n.. _pip-ux:\n\nText here.\n", .plain)
            == ["markupDirective:.. note:: see toctree", "markupDirective:.. _pip-ux:"])
        #expect(protected("= Guide\n:toc: left\n:sectnums:\n\nText.\n", .plain) == ["markupDirective::toc: left", "markupDirective::sectnums:"])
        #expect(protected("#1 is the best.\n... and then it stopped.\n: a colon line\n#+ not a keyword\n", .plain) == [])
        // An unclosed source block: only its opening line.
        #expect(protected("#+BEGIN_SRC sh\nls\n", .plain) == ["markupDirective:#+BEGIN_SRC sh"])
    }

    /// reStructuredText's code read as plain text is code (trial 46: `--fix` turned colorama's
    /// `from colorama import init` in a `.. code-block:: python` into `from colorama import`, and
    /// lazr's doctest `>>> print` into “Print”): a code directive's content, a literal block after
    /// `::`, and a doctest block with its output; in Markdown too, doctest lines in a paragraph.
    /// A directive whose content is prose, a line ending in one colon and an e-mail quoted three
    /// deep stay prose.
    @Test func reStructuredTextCodeIsCode() {
        func prose(_ text: String, _ markup: MarkupKind) -> String {
            DocumentParser.parse(text, markup: markup).proseSegments.map(\.text).joined(separator: " | ")
        }
        let directive = "Colours\n=======\n\nInit it:\n\n    .. code-block:: python\n       :linenos:\n\n        from colorama import init\n        init(autoreset=True)\n\n    It works.\n\nAfter the block.\n"
        let p1 = prose(directive, .plain)
        #expect(!p1.contains("colorama") && !p1.contains("autoreset") && !p1.contains("linenos"))
        #expect(p1.contains("Init it:") && p1.contains("It works.") && p1.contains("After the block."))
        let literal = "The constants are::\n\n    Fore: BLACK, RED, GREEN\n    Back: BLACK, RED\n\nThese are fine.\n"
        let p2 = prose(literal, .plain)
        #expect(!p2.contains("Fore") && p2.contains("The constants are::") && p2.contains("These are fine."))
        let doctest = "It caches the responses.\n\n    >>> import httplib2\n    >>> print service.recipes[4].instructions\n    send: 'GET /1.0/recipes/4 ...\n    ...     print file\n\nThe second time it is cached.\n"
        for markup in [MarkupKind.plain, .markdown] {
            let p3 = prose(doctest, markup)
            #expect(!p3.contains("print") && !p3.contains("httplib2") && !p3.contains("send"), "\(markup)")
            #expect(p3.contains("It caches the responses.") && p3.contains("The second time it is cached."), "\(markup)")
        }
        #expect(!prose("Run it:\n>>> len(x)\n3\n\nDone.\n", .markdown).contains("len"))
        // Prose stays prose: a note's content, a single colon, a quoted e-mail.
        #expect(prose(".. note::\n\n    Mind the gap.\n", .plain).contains("Mind the gap."))
        #expect(prose("Do this:\n\n    Mind the gap.\n", .plain).contains("Mind the gap."))
        #expect(prose(">>> I agree with you on this.\n>> Me too.\n", .plain).contains("I agree"))
    }

    @Test func mathIsNotPrices() {
        #expect(protected("It costs $5 and $10.", .plain) == [])
        #expect(protected("Let $x$ be $$y^2$$.", .plain) == ["math:$x$", "math:$$y^2$$"])
        #expect(protected("Escaped \\$x$ stays.") == [])
    }

    @Test func pathsNotOrdinaryWords() {
        #expect(protected("and/or input/output 12/31/2024 km/h", .plain) == [])
        #expect(protected("see ./a/b, ~/.bashrc and src/x.swift", .plain)
            == ["filePath:./a/b", "filePath:~/.bashrc", "filePath:src/x.swift"])
        // A shell variable as a component (coreutils NEWS: `pid` and `cmdline` were flagged).
        #expect(protected("adjust /proc/$pid/cmdline and ~/.config/${app}/x; it costs $5/month", .plain)
            == ["filePath:/proc/$pid/cmdline", "filePath:~/.config/${app}/x"])
    }

    @Test func optionsAndIdentifiers() {
        #expect(protected("Use --allow-net=x.com or --help; set FOO_BAR for cudaGraphExecUpdate. JavaScript is fine.", .plain)
            == ["commandLineOption:--allow-net=x.com", "commandLineOption:--help", "codeIdentifier:FOO_BAR", "codeIdentifier:cudaGraphExecUpdate"])
    }

    /// Two dotted identifiers with a lowercase second part are code or a domain (`sys.path`, a
    /// bare `exmaple.org` that `--fix` made `example.org`); a capital after the dot is a
    /// missing space, left to the rules.
    @Test func twoPartDottedNamesAreCode() {
        #expect(protected("See sys.path and json.loads; visit exmaple.org or Config.validate first.", .plain)
            == ["codeIdentifier:sys.path", "codeIdentifier:json.loads", "codeIdentifier:exmaple.org", "codeIdentifier:Config.validate"])
        #expect(protected("The test passed.Then we shipped it. Use e.g. this, i.e. that.", .plain) == [])
    }

    /// A media type (`image/x-tga`, `text/vbscript`, `application/x-apple-systemprofiler+xml`) is
    /// code, as shared-mime-info's NEWS writes them; two top-level types (“audio/video”) and a
    /// capitalised pair (“Input/Output”) stay words.
    @Test func mediaTypesAreCode() {
        #expect(protected("Add text/vbscript and image/x-tga, fix application/x-apple-systemprofiler+xml.", .plain)
            == ["filePath:text/vbscript", "filePath:image/x-tga", "filePath:application/x-apple-systemprofiler+xml"])
        #expect(protected("It plays audio/video files and handles Input/Output and text/imgae well.", .plain) == ["filePath:text/imgae"])
    }

    @Test func hostRangesAreProtectedAndRemovedFromProse() {
        let text = "Hello brave new world."
        let doc = DocumentParser.parse(text, markup: .markdown, hostProtectedRanges: [NSRange(location: 6, length: 5), NSRange(location: 50, length: 5)])
        #expect(doc.protectedRanges == [ProtectedRange(range: NSRange(location: 6, length: 5), reason: .hostDeclared)])
        #expect(doc.proseSegments.first?.text == "Hello \u{FFFC} new world.")
    }

    /// Inside an HTML block, an element of code or raw text (`<textarea>`, `<code>`, `<pre>`)
    /// is protected with its content, not only its tags: a `<textarea>` inside a `<form>` was
    /// rewritten and fixed (a break-it trial). The text of other elements stays prose.
    @Test func rawElementsInsideHTMLBlocksAreProtectedWhole() {
        let text = "<form>\n<textarea>\nteh cat\n</textarea>\n<p>Some <code>teh</code> text</p>\n<CODE/>after\n</form>\n"
        #expect(protected(text) == ["html:<form>", "html:<textarea>\nteh cat\n</textarea>", "html:<p>", "html:<code>teh</code>",
                                    "html:</p>", "html:<CODE/>", "html:</form>"])
        let doc = DocumentParser.parse(text, markup: .markdown)
        #expect(doc.proseSegments.map(\.text) == ["Some \u{FFFC} text\u{FFFC}\u{FFFC}after"])
        // An element left open protects to the end of the block.
        #expect(protected("<div>\n<pre>\nteh\n</div>\n") == ["html:<div>", "html:<pre>\nteh\n</div>"])
    }

    @Test func bomAndCRLFOffsets() {
        let text = "\u{FEFF}# T\r\n\r\nOne `c`\r\ntwo"
        let doc = DocumentParser.parse(text, markup: .markdown)
        #expect(doc.protectedRanges.map { Support.slice(text, $0.range) } == ["`c`"])
        #expect(doc.proseSegments.map(\.text) == ["T", "One \u{FFFC}\ntwo"])
    }

    @Test func nulBytesAndOddInputsDoNotCrash() {
        let inputs = ["", " ", "\n\n\n", "\r\n", "\u{FEFF}", "a\u{0}b `c\u{0}d` e", "\u{0}", "[", "![", "<", "`", "$", "$$", "---", "---\n",
                      "+++\na\n+++", "| a |\n|---|\n| `x\\|` |", "> > > >", "* * *", "[a]: <", "&#0; &#xFFFFFF; &;",
                      "<div>\n&nbsp;</div>", "- [ ]", "[^x]", "\\", "a  \n", "```", "    ", "\u{FEFF}---\nx\n---\ntext"]
        for s in inputs {
            for m in MarkupKind.allCases {
                let doc = DocumentParser.parse(s, markup: m)
                for seg in doc.proseSegments {
                    for p in seg.pieces where p.kind == .verbatim {
                        #expect(Support.slice(s, p.documentRange) == Support.slice(seg.text, p.segmentRange))
                    }
                }
            }
        }
    }

    @Test func deepNestingIsLinear() {
        let quotes = String(repeating: ">", count: 20_000) + " deep"
        let lists = (0..<2_000).map { String(repeating: "  ", count: $0) + "- item \($0)" }.joined(separator: "\n")
        for s in [quotes, lists] {
            let doc = DocumentParser.parse(s, markup: .markdown)
            #expect(!doc.proseSegments.isEmpty)
        }
    }

    /// A fence left open in a list item or a block quote ends with its container; cmark-gfm
    /// reports the code block reaching into the block after the container, which hid that
    /// block's prose from every check.
    @Test func unclosedFenceEndsWithItsContainer() {
        let cases: [(text: String, code: [String], prose: [String])] = [
            ("- ```\n\nAfter the list.\n", ["fencedCode:```"], ["After the list."]),
            ("- ```\n  code\n\nAfter the list.\n", ["fencedCode:```\n  code"], ["After the list."]),
            ("- ~~~\n  code\n\nAfter the list.\n", ["fencedCode:~~~\n  code"], ["After the list."]),
            ("1. ```\n2. Second item.\n\nAfter the list.\n", ["fencedCode:```"], ["Second item.", "After the list."]),
            ("> ```\n> code\n\nAfter the quote.\n", ["fencedCode:```\n> code"], ["After the quote."]),
            ("> - ```\n>   code\n\nAfter both.\n", ["fencedCode:```\n>   code"], ["After both."]),
            ("- a\n\n  ```\n  code\n- b ```\n\nAfter the list.\n", ["fencedCode:```\n  code"], ["a", "b ```", "After the list."]),
            // Left open at the top level, a fence runs to the end of the document, as CommonMark says.
            ("```\ncode\n\nStill code.\n", ["fencedCode:```\ncode\n\nStill code."], []),
        ]
        for c in cases {
            let doc = DocumentParser.parse(c.text, markup: .markdown)
            #expect(protected(c.text).filter { $0.hasPrefix("fencedCode:") } == c.code, "\(c.text.debugDescription)")
            #expect(doc.proseSegments.map(\.text) == c.prose, "\(c.text.debugDescription)")
        }
    }

    /// 20,000 list items each opening a fence and never closing it, each followed by a
    /// paragraph: every paragraph is prose, in linear time.
    @Test func manyUnclosedFences() {
        let text = String(repeating: "- ```\n\nThis paragraph has teh typo.\n\n", count: 20_000)
        var doc: StructuredDocument?
        doc = DocumentParser.parse(text, markup: .markdown)
        let prose = doc?.proseSegments.filter { $0.text == "This paragraph has teh typo." }.count
        #expect(prose == 20_000)
        #expect(doc?.protectedRanges.count == 20_000)
    }

    /// Backtick runs cmark-gfm leaves unmatched are literal text (the first report's example,
    /// "`a " × 20,001; and one unmatched run in each of 20,000 paragraphs): the prose after them
    /// is prose, parsed in linear time.
    @Test func manyUnmatchedBackticks() {
        let cases = [(String(repeating: "`a ", count: 20_001) + "and teh end.\n", "and teh end."),
                     (String(repeating: "`a\n\n", count: 20_000) + "This has teh typo.\n", "This has teh typo.")]
        for (text, last) in cases {
            var doc: StructuredDocument?
            doc = DocumentParser.parse(text, markup: .markdown)
            #expect(doc?.proseSegments.last?.text.hasSuffix(last) == true)
        }
    }

    /// Emacs's `LocalWords:` lines: from the marker to the line's end, protected; the words
    /// listed (not a closing comment mark) are the document's vocabulary.
    @Test func localWordsLinesAreAWordList() {
        let text = "Text here.\n\n<!-- LocalWords: flyspell xemacs -->\n% LocalWords: usr\n"
        #expect(protected(text, .plain).filter { $0.hasPrefix("wordList:") } == ["wordList:LocalWords: flyspell xemacs -->", "wordList:LocalWords: usr"])
        let doc = DocumentParser.parse(text, markup: .plain)
        #expect(doc.codeVocabulary.isSuperset(of: ["flyspell", "xemacs", "usr"]))
        #expect(!doc.codeVocabulary.contains("-->"))
        #expect(DocumentParser.parse("No list here.\n", markup: .plain).protectedRanges.isEmpty)
    }

    @Test func frontMatterOnlyAtStart() {
        #expect(protected("---\na: 1\n---\n\nText") == ["frontMatter:---\na: 1\n---"])
        #expect(protected("Text\n\n---\na: 1\n---\n") == [])
    }

    /// A 1 MB document is parsed whole (its speed is the books benchmark's business).
    @Test func oneMegabyteDocument() throws {
        var parts: [String] = []
        var size = 0
        var i = 0
        let fixtures = try Support.fixtureNames.filter { $0.hasSuffix(".md") && $0 != "crlf-bom.md" }.map(Support.load)
        while size < 1_000_000 {
            let p = fixtures[i % fixtures.count].replacingOccurrences(of: "---\ntitle", with: "title")
            parts.append(p)
            size += p.utf8.count
            i += 1
        }
        let text = parts.joined(separator: "\n\n")
        var doc: StructuredDocument?
        doc = DocumentParser.parse(text, markup: .markdown)
        #expect((doc?.proseSegments.count ?? 0) > 1000)
    }
}

/// LaTeX source: the markup is protected, the document's words are prose.
@Suite struct LaTeXParserTests {
    func protected(_ text: String) -> [String] {
        DocumentParser.parse(text, markup: .latex).protectedRanges.map { "\($0.reason.rawValue):\(Support.slice(text, $0.range))" }
    }
    func prose(_ text: String) -> [String] {
        DocumentParser.parse(text, markup: .latex).proseSegments.map(\.text)
    }

    @Test func commandsReferencesAndMathAreProtected() {
        let text = "\\section{Results} As shown in \\cite[p.~4]{knuth84} and Eq.~\\eqref{eq:main}, $x_{teh}$ is \\emph{teh} value. % teh note\n"
        #expect(protected(text) == ["latex:\\section{", "latex:}", "latex:\\cite[p.~4]{knuth84}", "latex:\\eqref{eq:main}",
                                    "math:$x_{teh}$", "latex:\\emph{", "latex:}", "latex:% teh note"])
        #expect(prose(text) == ["\u{FFFC}Results\u{FFFC} As shown in \u{FFFC} and Eq.~\u{FFFC}, \u{FFFC} is \u{FFFC}teh\u{FFFC} value. \u{FFFC}"])
    }

    /// A discretionary hyphen `\-` inside a word leaves the word whole in the prose (it split
    /// “docu\-ment” into two misspellings); the markup itself stays protected, and a `\-`
    /// that is not between letters is still a placeholder.
    @Test func discretionaryHyphenKeepsTheWordWhole() {
        let text = "The docu\\-ment and the com\\-mit\\-tee, na\u{EF}\\-ve, but \\- alone.\n"
        #expect(prose(text) == ["The document and the committee, na\u{EF}ve, but \u{FFFC} alone."])
        #expect(protected(text).filter { $0 == "latex:\\-" }.count == 5)
        let doc = DocumentParser.parse(text, markup: .latex)
        // The word maps to its source with the markup inside, which an edit must not drop.
        let segment = doc.proseSegments[0]
        let word = (segment.text as NSString).range(of: "committee")
        #expect(segment.documentRange(for: word).map { Support.slice(text, $0) } == "com\\-mit\\-tee")
        #expect(segment.omitsDocumentText(in: word))
    }

    @Test func preambleEnvironmentsAndParagraphs() {
        let text = """
        \\documentclass{article}
        \\usepackage{amsmath}
        \\begin{document}
        First paragraph with \\href{https://example.com}{a link}.

        \\begin{equation}
        E = mc^2

        \\end{equation}
        \\begin{verbatim}
        teh code
        \\end{verbatim}
        Second \\verb|teh| paragraph, 50\\% done \\\\ and \\(a+b\\) or \\[c\\].
        \\end{document}

        """
        let doc = DocumentParser.parse(text, markup: .latex)
        #expect(doc.proseSegments.map(\.text) == [
            "\u{FFFC}\nFirst paragraph with \u{FFFC}a link\u{FFFC}.",
            "\u{FFFC}\n\u{FFFC}\nSecond \u{FFFC} paragraph, 50\u{FFFC} done \u{FFFC} and \u{FFFC} or \u{FFFC}.\n\u{FFFC}",
        ])
        #expect(doc.protectedRanges.contains { $0.reason == .math && Support.slice(text, $0.range).hasPrefix("\\begin{equation}") })
        #expect(doc.protectedRanges.contains { Support.slice(text, $0.range).hasPrefix("\\documentclass") })
    }

    @Test func oddInputsDoNotCrash() {
        for text in ["\\", "{", "}", "$", "$$", "\\begin{", "\\begin{verbatim}", "%", "\\verb", "\\verb|x", "a $b\n\nc$ d", "\\(", "\\["] {
            _ = DocumentParser.parse(text, markup: .latex)
        }
        // A lone dollar sign is money, not math.
        #expect(protected("It costs $5.\n\nMore text.") == ["latex:$"])
    }
}
