import Foundation
import Testing
@testable import DocumentStructure

/// Man pages rendered as text and `--help` output: the layout is protected or left out, the
/// prose checked (``PlainLayout``).
@Suite("Plain text layouts: man pages, --help, lists, code blocks")
struct PlainLayoutTests {
    static let manPage = """
        TAR(1)\t\t\t\tGNU TAR Manual\t\t\t\tTAR(1)

        NAME
               tar - an archiving utility

        SYNOPSIS
               tar -A [OPTIONS] ARCHIVE ARCHIVE

        DESCRIPTION
               GNU  tar  saves many files together into a single tape or disk archi\u{2010}
               ve, and can restore individual files from the archive.

           Option styles
               -A, --catenate, --concatenate
        \t      Append archive to the end of another archive.

               --help Output a usage message and exit.

               nil, existing
        \t\t     Make numbered backups if numbered backups exist.

        TAR\t\t\t\t July 13, 2020\t\t\t\tTAR(1)
        """

    func prose(_ text: String) -> [String] { DocumentParser.parse(text, markup: .plain).proseSegments.map(\.text) }

    @Test func manPageLayoutIsNotProse() {
        let segments = prose(Self.manPage)
        let all = segments.joined(separator: "|")
        // Header, footer, headings and the synopsis are no prose.
        #expect(!all.contains("TAR(1)") && !all.contains("NAME") && !all.contains("SYNOPSIS") && !all.contains("Option styles"))
        #expect(!all.contains("ARCHIVE ARCHIVE"))
        // Justified spacing reads as one space; a word hyphenated across lines as one word.
        #expect(all.contains("GNU tar saves many files together into a single tape or disk archive, and can restore"), "\(segments)")
        // Option terms and tags are protected; their descriptions are paragraphs of their own.
        #expect(!all.contains("--catenate") && !all.contains("nil, existing"))
        #expect(segments.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Append archive to the end") }, "\(segments)")
        #expect(segments.contains { $0.hasPrefix("Output a usage message") }, "\(segments)")
        let doc = DocumentParser.parse(Self.manPage, markup: .plain)
        #expect(doc.protectedRanges.contains { Support.slice(Self.manPage, $0.range).hasPrefix("-A, --catenate, --concatenate") })
        // The layout's words are the document's code vocabulary.
        #expect(doc.codeVocabulary.contains("catenate"))
    }

    /// Tags written on one line with their description (bash's history modifiers, `complete -A`'s
    /// actions, curl's feature list), the list's column known from the tags written on a line of
    /// their own; a justified line's first word followed by a wide gap is none.
    static let manPageOneLineTags = """
        BASH(1)                     General Commands Manual                    BASH(1)

        DEFINITIONS
               The  following  definitions  are used throughout the rest of this docu\u{2010}
               ment.
               blank  A space or tab.
               word   A sequence of characters considered as  a  single  unit  by  the
                      shell.  Also known as a token.
               name   A word consisting only of  alphanumeric  characters  and  under\u{2010}
                      scores.

           Modifiers
               h      Remove a trailing filename component, leaving only the head.
               t      Remove all leading filename components, leaving the tail.

               -A action
                      The action may be one of the following to generate a list of
                      possible completions:
                      alias   Alias names.  May also be specified as -a.
                      arrayvar
                              Array variable names.
                      binding Readline key binding names.

               -n, --netrc
                      Makes  curl  scan  the  .netrc  file in the user's home direc\u{2010}
                      tory for login name and password. This is typi\u{2010}
                      cally  used for FTP on Unix.

        GNU Bash 5.2                    2022 September 19                      BASH(1)
        """

    @Test func manPageTagsOnOneLine() {
        let doc = DocumentParser.parse(Self.manPageOneLineTags, markup: .plain)
        #expect(doc.isManualPage)
        // Each segment with its line breaks and indentation read as one space.
        let segments = doc.proseSegments.map { $0.text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        for description in ["A space or tab.", "Remove a trailing filename component, leaving only the head.",
                            "Remove all leading filename components, leaving the tail.", "Alias names. May also be specified as -a.",
                            "Readline key binding names."] {
            #expect(segments.contains(description), "\(description) in \(segments)")
        }
        #expect(segments.contains { $0.hasPrefix("A sequence of characters considered as a single unit by the shell.") }, "\(segments)")
        // The first words of justified lines stay prose, and words hyphenated across lines are joined.
        #expect(segments.contains { $0.hasPrefix("The following definitions are used throughout the rest of this document.") }, "\(segments)")
        #expect(segments.contains { $0.hasPrefix("Makes curl scan the \u{FFFC} file") && $0.contains("typically used for FTP") }, "\(segments)")
        // A text that is no manual page says so.
        #expect(!DocumentParser.parse("h      Remove a trailing component.\nt      Remove all.\n", markup: .plain).isManualPage)
    }

    @Test func helpOutputOptionsAndExamples() {
        let text = """
            Usage: tar [OPTION...] [FILE]...
            GNU 'tar' saves many files together into a single tape or disk archive.

            Examples:
              tar -cf archive.tar foo bar  # Create archive.tar from files foo and bar.

             Main operation mode:

              -A, --catenate, --concatenate   append tar files to an archive
              -c, --create               create a new archive
              -d, --diff, --compare      find differences between archive and file system
                  --hole-detection=TYPE  technique to detect holes
              -t, --list                 list the contents of an archive
                oldgnu                   GNU format as per tar <= 1.12
            """
        let segments = prose(text)
        let all = segments.joined(separator: "|")
        #expect(!all.contains("[OPTION...]") && !all.contains("-cf") && !all.contains("foo bar  #"))
        #expect(all.contains("from files foo and bar."), "\(segments)")
        #expect(segments.contains("append tar files to an archive"), "\(segments)")
        #expect(segments.contains("technique to detect holes"), "\(segments)")
        #expect(!all.contains("oldgnu"), "\(segments)")
        // The gap between a term and its description is the term's, not prose spacing.
        #expect(!all.contains("   "))
    }

    /// An indented line after a shell prompt is a command, options or not (git-commit(1):
    /// `$ git status | grep unmerged` above its output `unmerged: hello.c`, where the two
    /// “unmerged” read as a repeated word and `--fix` deleted the command's argument).
    @Test func aLineAfterAShellPromptIsACommand() {
        let text = "GIT-COMMIT(1)\t\t\t  Git Manual\t\t\t GIT-COMMIT(1)\n\nNAME\n       git-commit - Record changes\n\nDISCUSSION\n"
            + "       You would stage the result as usual with git add:\n\n\t   $ git status | grep unmerged\n\t   unmerged: hello.c\n\t   $ edit hello.c\n"
        let all = prose(text).joined(separator: "|")
        #expect(!all.contains("grep unmerged") && !all.contains("edit hello"), "\(prose(text))")
        #expect(all.contains("You would stage the result as usual with git add:"), "\(prose(text))")
        // A dollar amount in prose is no prompt.
        #expect(prose("  $ 5 is the fee for each copy.\n").joined().contains("5 is the fee"))
    }

    /// An option at the start of a line inside a paragraph is no term (`-lZ outputs a zero byte`).
    @Test func optionInsideAParagraphIsNoTerm() {
        let text = "GREP(1)\tUser Commands\tGREP(1)\n\nOPTIONS\n       -Z, --null\n\t      Output a zero byte.  For example, grep\n\t      -lZ outputs a zero byte after each file name.\n"
        #expect(prose(text).contains { $0.contains("For example, grep\n\t      -lZ outputs") || $0.contains("grep\n") }, "\(prose(text))")
    }

    @Test func plainListsAndCodeBlocks() {
        let text = """
            You should either:

            1. repack the upstream tarball; or

            2. include a copy of the sources.

            The date has the following format:

               day-of-week, dd month yyyy hh:mm:ss +zzzz

            Set it so:

               CFLAGS = -Wall -g
               INSTALL = install
            """
        let doc = DocumentParser.parse(text, markup: .plain)
        let segments = doc.proseSegments
        // List items are list items (a fragment may start in lowercase), their markers protected.
        let item = try! #require(segments.first { $0.text.hasPrefix("repack") })
        #expect(item.intent.components.contains { if case .listItem = $0.kind { return true } else { return false } })
        // Samples and code indented after a colon are protected whole.
        #expect(!segments.contains { $0.text.contains("yyyy") || $0.text.contains("CFLAGS") })
    }

    /// A typewriter's bullet, a lowercase “o” and a gap (the zsh FAQ's `  o  Command line
    /// editing:`), marks a list item, protected; “o” before one space may be a word.
    @Test func typewriterBulletsMarkListItems() {
        let text = "Zsh has these features:\n\n  o  Command line editing:\n\n    o  programmable completion,\n    o  command buffer stack.\n\no  Globbing --- extremely powerful.\n"
        let doc = DocumentParser.parse(text, markup: .plain)
        let items = doc.proseSegments.filter { $0.intent.components.contains { if case .listItem = $0.kind { return true } else { return false } } }
        #expect(items.map(\.text).contains { $0.hasPrefix("programmable completion") }, "\(doc.proseSegments.map(\.text))")
        #expect(!doc.proseSegments.contains { $0.text.hasPrefix("o ") || $0.text.hasPrefix("o\u{20}\u{20}") }, "\(doc.proseSegments.map(\.text))")
        // One space after it: a word (“o my love”).
        #expect(prose("o my love, come home.\n").joined().hasPrefix("o my love"))
    }

    /// A man page's table of two columns with no tag on a line of its own (perl(1)'s `perlform
    /// Perl formats`, row after row): the rows' first words are terms, the descriptions prose.
    @Test func manPageTwoColumnTableWithoutTagLines() {
        let text = "PERL(1)\t\t       Perl Programmers Reference Guide\t\t       PERL(1)\n\nNAME\n       perl - The Perl 5 language interpreter\n\n"
            + "DESCRIPTION\n\t   perlref\t       Perl references, the rest of the story\n\t   perlform\t       Perl formats\n"
            + "\t   perlobj\t       Perl objects\n\t   perltie\t       Perl objects hidden behind simple variables\n\n"
            + "perl 5.36.0\t\t\t   2023-11-25\t\t\t       PERL(1)\n"
        let all = prose(text).joined(separator: "|")
        #expect(!all.contains("perlform") && !all.contains("perltie"), "\(prose(text))")
        #expect(all.contains("Perl formats") && all.contains("Perl objects hidden behind simple variables"), "\(prose(text))")
    }

    /// Tables of plain text are no prose: drawn with bars (under a lead-in line ending with a
    /// colon: base-passwd's README, whose user names were “corrected”) or aligned in three
    /// columns (Lingua::EN::Tagger's README, where `their, your` became “there, your” and a
    /// column's gap before `)` was closed by `--fix`). Two aligned lines, or prose with a gap,
    /// stay prose.
    @Test func tablesAreNoProse() {
        let barred = "The list of allocations.\n\nReserved uids:\n    uid   | name    | description\n    ------+---------+------------\n"
            + "    64011 | qmaild  | qmail daemon\n    64013 | qmailr  | qmail remove\n\nThe end of the file.\n"
        let barredProse = prose(barred).joined(separator: "|")
        #expect(!barredProse.contains("qmail"), "\(prose(barred))")
        #expect(barredProse.contains("The list of allocations.") && barredProse.contains("The end of the file."), "\(prose(barred))")
        let aligned = "The tags are:\n\nNNS     Noun, plural                            women, books\n"
            + "PRPS    Determiner, possessive                  their, your\nRRB     Punctuation, right bracket              ), }, ]\n\nThat is all.\n"
        let alignedProse = prose(aligned).joined(separator: "|")
        #expect(!alignedProse.contains("their, your") && !alignedProse.contains("right bracket"), "\(prose(aligned))")
        #expect(alignedProse.contains("The tags are:") && alignedProse.contains("That is all."), "\(prose(aligned))")
        // Two aligned lines are no table; a sentence with a wide gap is prose.
        let two = "NNS     Noun, plural                            women, books\nVBZ     Verb, present                           takes, lives\n"
        #expect(prose(two).joined().contains("women, books"))
        let gap = "This sentence has   a gap and   another one.\nIt goes on   here and   there.\nAnd a third   line with   gaps.\n"
        #expect(prose(gap).joined().contains("This sentence has"), "\(prose(gap))")
    }

    /// URLs in the brackets man pages use are protected whole.
    @Test func urlsInTypographicBrackets() {
        let text = "An email archive \u{27E8}https://lists.gnu.org/mailman/listinfo/bug-grep\u{27E9} and \u{AB}https://example.org/a\u{BB} exist."
        let urls = DocumentParser.parse(text, markup: .plain).protectedRanges.filter { $0.reason == .url }.map { Support.slice(text, $0.range) }
        #expect(urls == ["https://lists.gnu.org/mailman/listinfo/bug-grep", "https://example.org/a"])
    }

    /// Ordinary prose keeps its paragraphs.
    @Test func proseIsUntouched() {
        let text = "A paragraph of prose.\nIt goes on here.\n\nAnother one - with a dash."
        #expect(prose(text) == ["A paragraph of prose.\nIt goes on here.", "Another one - with a dash."])
        #expect(PlainLayout.analyze(Array(text.utf16)) == nil)
    }
}
