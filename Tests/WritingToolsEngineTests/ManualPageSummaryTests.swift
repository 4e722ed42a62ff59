import Foundation
import Testing
@testable import WritingToolsEngine

/// Summary and Key Points of a manual page (`man -P cat ls`) read its layout: an option's
/// description, indented past the body's column ("-a, --all / do not ignore entries…"), and a
/// line that starts in lower case are never sentences of the result. Before (session-42
/// trial): "output version information and exit: color to distinguish file types is disabled
/// both by default and." in the summary of ls(1).
@Suite struct ManualPageSummaryTests {
    func result(_ tool: WritingTool, _ fixture: String) throws -> String {
        try result(tool, text: try Fixture.text(fixture))
    }

    func result(_ tool: WritingTool, text: String) throws -> String {
        let request = ToolRequest(tool: tool, text: text, resultOptions: [.plainText])
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { return r.text }
        return ""
    }

    @Test(arguments: [WritingTool.summary, .keyPoints], ["manpages/ls.1.txt", "manpages/grep.1.txt"])
    func noOptionLineIsASentence(_ tool: WritingTool, _ fixture: String) throws {
        let text = try result(tool, fixture)
        #expect(!text.isEmpty)
        #expect(!text.contains("output version information"), "\(text)")
        #expect(!text.contains("color to distinguish"), "\(text)")
        #expect(!text.contains("should give you access"), "\(text)")
        // Every sentence or point starts as a sentence does, or with the page's command.
        for line in text.split(separator: "\n") {
            let t = line.hasPrefix("- ") ? line.dropFirst(2) : line
            #expect(t.first?.isLowercase != true || t.hasPrefix("ls ") || t.hasPrefix("grep"), "\(line)")
        }
    }

    /// The summary opens with the NAME line as a sentence (issue 34: "ls lists directory
    /// contents." from "ls - list directory contents"), then DESCRIPTION's lead.
    @Test func theNameLineThenTheDescriptionLead() throws {
        #expect(try result(.summary, "manpages/ls.1.txt").hasPrefix("ls lists directory contents. List information about the FILEs"))
        #expect(try result(.keyPoints, "manpages/ls.1.txt").hasPrefix("- ls lists directory contents.\n"))
        #expect(try result(.summary, "manpages/grep.1.txt").hasPrefix("grep, egrep, fgrep and rgrep print lines that match patterns. grep searches for PATTERNS in each FILE."))
    }

    /// NAME lines of real pages (`man -P cat`, Debian 13), their sentences.
    @Test(arguments: [
        ("ls - list directory contents", "ls lists directory contents."),
        ("grep, egrep, fgrep, rgrep - print lines that match patterns", "grep, egrep, fgrep and rgrep print lines that match patterns."),
        ("gzip, gunzip, zcat - compress or expand files", "gzip, gunzip and zcat compress or expand files."),
        ("xargs - build and execute command lines from standard input", "xargs builds and executes command lines from standard input."),
        ("find - search for files in a directory hierarchy", "find searches for files in a directory hierarchy."),
        ("cp - copy files and directories", "cp copies files and directories."),
        ("systemctl - Control the systemd system and service manager", "systemctl controls the systemd system and service manager."),
        ("tar - an archiving utility", "tar is an archiving utility."),
        ("ssh — OpenSSH remote login client", "ssh is the OpenSSH remote login client."),
        ("sed - stream editor for filtering and transforming text", "sed is a stream editor for filtering and transforming text."),
        ("dpkg - package manager for Debian", "dpkg is a package manager for Debian."),
        ("mawk - pattern scanning and text processing language", "mawk is a pattern scanning and text processing language."),
        ("git - the stupid content tracker", "git is the stupid content tracker."),
        ("bash - GNU Bourne-Again SHell", "bash is the GNU Bourne-Again SHell."),
        ("mv - move (rename) files", "mv moves (renames) files."),
        ("head - output the first part of files", "head outputs the first part of files."),
        ("ip - show / manipulate routing, network devices, interfaces and tunnels", "ip shows / manipulates routing, network devices, interfaces and tunnels."),
        ("tee - read from standard input and write to standard output and files", "tee reads from standard input and writes to standard output and files."),
        // "group" after "and" is the noun of "group ID", not a second verb.
        ("su - run a command with substitute user and group ID", "su runs a command with substitute user and group ID."),
        ("vim - Vi IMproved, a programmer's text editor", "vim is the Vi IMproved, a programmer's text editor."),
        // The one counterpart: "the opposite of", not "an opposite of" (issue 34).
        ("less - opposite of more", "less is the opposite of more."),
        ("man - an interface to the system reference manuals", "man is an interface to the system reference manuals."),
        ("sqlite3 - A command line interface for SQLite version 3", "sqlite3 is a command line interface for SQLite version 3."),
        // A plural head is no "a …": the page and its topic.
        ("zshbuiltins - zsh built-in commands", "zshbuiltins: zsh built-in commands."),
        ("perlfaq - Frequently asked questions about Perl", "perlfaq: Frequently asked questions about Perl."),
        // A word hyphenated at the line's end (U+2010, as groff breaks it) is joined.
        ("python - an interpreted, interactive, object-oriented programming lan\u{2010}\n       guage", "python is an interpreted, interactive, object-oriented programming language."),
    ])
    func nameLines(_ line: String, _ sentence: String) {
        let page = "LS(1)   User Commands   LS(1)\n\nNAME\n       \(line)\n\nDESCRIPTION\n       Text.\n"
        #expect(DocumentDigest.manualPageName(page)?.sentence == sentence)
    }

    /// A sentence that says no more than the NAME line is left out ("Sed is a stream editor.").
    @Test func noRepeatOfTheName() throws {
        let page = """
        SED(1)                           User Commands                          SED(1)

        NAME
               sed - stream editor for filtering and transforming text

        DESCRIPTION
               Sed  is a stream editor.  A stream editor is used to perform basic text
               transformations on an input stream (a file or input from  a  pipeline).
               While in some ways similar to an editor which permits scripted edits
               (such as ed), sed works by making only one pass over the input(s), and
               is consequently more efficient.

        GNU sed 4.9                       March 2024                            SED(1)
        """
        let summary = try result(.summary, text: page)
        #expect(summary.hasPrefix("sed is a stream editor for filtering and transforming text. A stream editor is used"), "\(summary)")
        #expect(!summary.contains("Sed is a stream editor."))
    }
}
