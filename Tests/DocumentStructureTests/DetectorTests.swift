import Foundation
import Testing
@testable import DocumentStructure

@Suite("Prose detectors: mentions, versions, code comments")
struct DetectorTests {
    func protected(_ text: String, _ reason: ProtectionReason, markup: MarkupKind = .markdown) -> [String] {
        let doc = DocumentParser.parse(text, markup: markup)
        return doc.protectedRanges.filter { $0.reason == reason }.map { Support.slice(text, $0.range) }
    }

    @Test func mentions() {
        #expect(protected("Thanks @ines.harrow and @org/team-a, cc @yuki.", .mention) == ["@ines.harrow", "@org/team-a", "@yuki"])
        // An e-mail address is not a mention.
        #expect(protected("Write to ask@example.org now.", .mention).isEmpty)
        #expect(protected("Thanks @mkoller.", .mention, markup: .plain) == ["@mkoller"])
    }

    /// Plain text written by programmers marks code with backticks as Markdown does: a span on
    /// one line is protected; a backtick typed for an apostrophe opens nothing.
    @Test func plainTextCodeSpans() {
        let text = "Edit your `.gitconfig` and run ``make `all` now``.\nI don`t know, it`s odd.\nA lone ` tick and `open\nclose` too."
        #expect(protected(text, .inlineCode, markup: .plain) == ["`.gitconfig`", "``make `all` now``"])
        let doc = DocumentParser.parse(text, markup: .plain)
        // The prose around a span is still checked; the span is a placeholder in it.
        #expect(doc.proseSegments.count == 1)
        #expect(doc.proseSegments[0].text.contains("Edit your \(ProseSegment.placeholder) and run"))
        #expect(doc.proseSegments[0].text.contains("I don`t know, it`s odd."))
        #expect(doc.proseSegments[0].text.contains("`open"))
        #expect(protected("Use `x`.", .inlineCode, markup: .plain) == ["`x`"])
    }

    @Test func versions() {
        #expect(protected("Ship v2.3.1-rc.2 and 1.4.0+build.7 today.", .versionNumber) == ["v2.3.1-rc.2", "1.4.0+build.7"])
        #expect(protected("Released in version 2.10.3.", .versionNumber) == ["2.10.3"])
        // Decimals and plain numbers are not versions.
        #expect(protected("Pi is 3.14 and 42 is the answer.", .versionNumber).isEmpty)
        #expect(protected("Use v2.1 or later.", .versionNumber) == ["v2.1"])
    }

    @Test func emojiShortcodes() {
        #expect(protected("Great work :tada: and thanks :+1:! Done :white_check_mark:.", .emojiShortcode)
                    == [":tada:", ":+1:", ":white_check_mark:"])
        #expect(protected("Shipped :rocket:", .emojiShortcode, markup: .plain) == [":rocket:"])
        // Times, ratios, scoped names and labels are not shortcodes.
        #expect(protected("At 10:30:45 the ratio was 1:2:3; see std::vector and Note: done: yes.", .emojiShortcode).isEmpty)
        #expect(protected("Use a:b:c or key:value:other here.", .emojiShortcode).isEmpty)
        #expect(protected("Nice :+1::tada: work (:smile:)", .emojiShortcode) == [":+1:", ":tada:", ":smile:"])
        // A URL keeps its path whole.
        #expect(protected("See https://example.com/users/:id:/posts now.", .autolink) == ["https://example.com/users/:id:/posts"])
        #expect(protected("See https://example.com/users/:id:/posts now.", .url, markup: .plain) == ["https://example.com/users/:id:/posts"])
    }

    /// Metavariables in angle brackets, as manual pages and `--help` texts write them (git(1),
    /// gpg(1)): protected in plain text; comparisons, e-mail addresses and words glued to a
    /// bracket are not metavariables.
    @Test func metavariables() {
        #expect(protected("Use git add [<pathspec>...] and sign with -u <keyid> or git switch <new-branch>.", .metavariable, markup: .plain)
                    == ["<pathspec>", "<keyid>", "<new-branch>"])
        #expect(protected("Set gitcvs.<varname> (where <n> is 8).", .metavariable, markup: .plain) == ["<varname>", "<n>"])
        #expect(protected("If a < b and c > d, then x<y>z holds.", .metavariable, markup: .plain).isEmpty)
        #expect(protected("Write to <ann@example.org> today.", .metavariable, markup: .plain).isEmpty)
        #expect(protected("A <new branch name> is made.", .metavariable, markup: .plain) == ["<new branch name>"])
    }

    @Test func templateTags() {
        #expect(protected("{% include note.html %} Liquid tags and {{ page.title }} stay.", .templateTag)
                    == ["{% include note.html %}", "{{ page.title }}"])
        // Unclosed, or across lines: prose.
        #expect(protected("A lone {{ brace and {% another.", .templateTag).isEmpty)
        #expect(protected("Open {{ here\nclosed }} there.", .templateTag).isEmpty)
        // Inside code they are the code's.
        #expect(protected("Write `{{ x }}` in the template.", .templateTag).isEmpty)
    }

    @Test func commentsInCodeDoNotJoinTheVocabulary() {
        let text = "```python\n# occured counts are totals\nrecieve_buffer = open_pipe()  // seperate\n/* wierd */ x = 1\n```\n"
        let doc = DocumentParser.parse(text, markup: .markdown)
        #expect(doc.codeVocabulary.contains("recieve_buffer"))
        #expect(doc.codeVocabulary.contains("open_pipe"))
        #expect(!doc.codeVocabulary.contains("occured"))
        #expect(!doc.codeVocabulary.contains("seperate"))
        #expect(!doc.codeVocabulary.contains("wierd"))
        // Inline code is all code.
        #expect(DocumentParser.parse("Call `nonblockingpipe` now.", markup: .markdown).codeVocabulary.contains("nonblockingpipe"))
    }
}

@Suite("Prose detectors: file names, Windows paths, key and code elements")
struct FileNameDetectorTests {
    func protected(_ text: String, _ reason: ProtectionReason, markup: MarkupKind = .markdown) -> [String] {
        DocumentParser.parse(text, markup: markup).protectedRanges.filter { $0.reason == reason }.map { Support.slice(text, $0.range) }
    }

    @Test func addressesWithoutScheme() {
        #expect(protected("See docs.rs/serde and crates.io/crates/tokio, or pkg.go.dev/net.", .filePath)
                == ["docs.rs/serde", "crates.io/crates/tokio", "pkg.go.dev/net"])
        // A host and port: “localhost:8080/api” is one address, not a word and a path.
        #expect(protected("Open localhost:8080/api or 127.0.0.1:5000/health, then example.com:443/x.", .filePath, markup: .plain)
                == ["localhost:8080/api", "127.0.0.1:5000/health", "example.com:443/x"])
        #expect(protected("We met at 10:30/11:00 and read chapter 3:16/17.", .filePath).isEmpty)
        #expect(protected("This is due to the line (src/Makefile.am:143).", .filePath, markup: .plain) == ["src/Makefile.am"])
        // No host before the slash: not an address.
        #expect(protected("Choose and/or skip; rated 3.5/5 by km/h fans.", .filePath).isEmpty)
    }

    @Test func bareFileNames() {
        #expect(protected("Call fetchData() from utils.js, then edit README.md and docker-compose.yml.", .filePath)
                == ["utils.js", "README.md", "docker-compose.yml"])
        #expect(protected("Open config.ini (or main.py).", .filePath, markup: .plain) == ["config.ini", "main.py"])
        // Not file names: abbreviations, a missing space, decimals, words.
        #expect(protected("See e.g. the end.The value 3.14 is fine, i.e. good.", .filePath).isEmpty)
    }

    @Test func windowsPaths() {
        #expect(protected(#"Edit C:\Users\jane\AppData\config.ini now."#, .filePath) == [#"C:\Users\jane\AppData\config.ini"#])
        #expect(protected(#"Copy to \\server\share\docs, then stop."#, .filePath, markup: .plain) == [#"\\server\share\docs"#])
    }

    @Test func keyAndCodeElementsAreProtectedWhole() {
        let text = "Press <kbd>Ctrl</kbd>+<kbd>C</kbd> and run <code>teh_tool</code> now.\n"
        #expect(protected(text, .html) == ["<kbd>Ctrl</kbd>", "<kbd>C</kbd>", "<code>teh_tool</code>"])
        let doc = DocumentParser.parse(text, markup: .markdown)
        #expect(doc.proseSegments.map(\.text) == ["Press \u{FFFC}+\u{FFFC} and run \u{FFFC} now."])
        // Other inline tags protect only the tags.
        #expect(protected("A <b>bold</b> word.", .html) == ["<b>", "</b>"])
    }
}
