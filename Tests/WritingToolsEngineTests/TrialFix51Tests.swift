import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// What session 51's README-only trial found in the tools (issue 34), each as a class with the
/// trial's input (`Fixtures/trial51/`: its own e-mails, commit and notes, short excerpts of the
/// OpenSSL ENGINE guide, GnuPG's README and findutils' NEWS) and inputs written for the class
/// (`Fixtures/trial51/own/`).
@Suite("Trial 51 fixes")
struct TrialFix51Tests {
    /// The result text of `tool` on `text`.
    static func result(_ tool: WritingTool, _ text: String, markup: MarkupKind = .plain, length: SummaryLength? = nil) throws -> String {
        try resultText(tool, text, markup: markup, length: length)
    }

    /// The note of `tool`'s result on `text` (what it left out, why it made none).
    static func note(_ tool: WritingTool, _ text: String) throws -> String? {
        for e in try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text, markup: .plain, resultOptions: [.plainText, .richText, .list, .table])) {
            if case let .result(r) = e { return r.note }
        }
        return nil
    }

    static let lengths: [SummaryLength] = [.short, .medium, .long]

    /// The bullets of a key-points result.
    static func points(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
    }

    // MARK: 1. Professional damages no text

    /// An abbreviation's period ends no sentence: Professional wrote “(e.g. For a particular
    /// hardware”, “(i.e. Not necessarily” in the OpenSSL guide, from the proofreader's capital
    /// after “eg.” and its own sentence starts. The unattended-fix policy agrees (`--fix`, results).
    @Test func professionalCapitalisesNothingAfterAnAbbreviation() throws {
        let guide = try rewritten(try Fixture.text("trial51/openssl-engines-head.md"), .professional, markup: .markdown).text
        #expect(guide.contains("(e.g. for a particular hardware"), "\(guide)")
        #expect(!guide.contains("e.g. For") && !guide.contains("i.e. Not"))
        for (text, kept) in [
            ("Use the tools (eg. for a particular hardware device) and the options (i.e. not the defaults).", ["for a particular", "not the defaults"]),
            ("Some fields are optional, e.g. the date and the place. Others are not.", ["e.g. the date", "Others are not."]),
            ("Pick a mirror near you, ie. one in your own country, and use it.", ["one in your own country"]),
            ("Compare both runs, cf. the table below for the figures.", ["cf. the table"]),
        ] {
            let new = try rewritten(text, .professional).text
            for k in kept { #expect(new.contains(k), "\(text) → \(new)") }
        }
        // A real sentence end still takes its capital.
        #expect(try rewritten("We tested it twice. then we shipped it to the team.", .professional).text.contains("Then we shipped"))
        let u = Array("(e.g. for a particular hardware)".utf16)
        #expect(!UnattendedFixRules.allows(ruleID: "UPPERCASE_SENTENCE_START", range: NSRange(location: 6, length: 3), replacement: "For",
                                            isSpelling: false, units: u))
        #expect(UnattendedFixRules.isAbbreviationPeriod(Array("see e.g. this".utf16), 7))
        #expect(!UnattendedFixRules.isAbbreviationPeriod(Array("the end. this".utf16), 7))
    }

    /// A command's option or a code-like token is never re-cased or rewritten: findutils'
    /// “-ok and -okdir” became “-OK and -okdir”. The word itself, standing alone, still is.
    @Test func optionsAndCodeLikeTokensAreNeverRewritten() throws {
        let news = try rewritten("** Changes in find\n\n  'find -D exec' now diagnoses all -exec, -execdir, -ok and -okdir runs including\n  the call arguments and the exit code of the launched process.\n", .professional).text
        #expect(news.contains("-ok and -okdir"), "\(news)")
        #expect(!news.contains("-OK"))
        let own = try rewritten("Run it with -ok or --ok, set max_ok=1 and the result is ok with me.", .professional).text
        #expect(own.contains("-ok or --ok") && own.contains("max_ok=1"), "\(own)")
        #expect(own.contains("is OK with me"), "\(own)")
        let u = Array("all -ok and -okdir runs".utf16)
        #expect(UnattendedFixRules.isOptionLike(u, NSRange(location: 5, length: 2)))
        #expect(!UnattendedFixRules.allows(ruleID: "PRO_OK", range: NSRange(location: 5, length: 2), replacement: "OK", isSpelling: false, units: u))
        #expect(!UnattendedFixRules.isOptionLike(Array("a well-known ok".utf16), NSRange(location: 7, length: 5)))
    }

    /// A sentence spells out all its contractions or none: the trial's e-mail came back with
    /// “I mean it is not huge but it's something”. An indefinite pronoun after “it's” is no
    /// noun a possessive could take (“it's something” is “it is something”); where one
    /// contraction must stay, the sentence keeps them all.
    @Test func contractionsAreSpeltOutAllOrNoneInASentence() throws {
        let mail = try rewritten(try Fixture.text("trial51/email1-proposal.txt"), .professional).text
        #expect(mail.contains("it is not huge, but it is something") || mail.contains("it's not huge but it's something"), "\(mail)")
        #expect(!mail.contains("it is not huge, but it's") && !mail.contains("it is not huge but it's"))
        #expect(try rewritten("I think it's fine but it's something we can't fix.", .professional).text
            == "I think it is fine, but it is something we cannot fix.")
        #expect(try rewritten("Don't worry, it's nothing serious.", .professional).text == "Do not worry, it is nothing serious.")
        // "It's been" is "it has been", so a sentence with it spells out the rest too.
        #expect(try rewritten("It's been a week and it's fine.", .professional).text == "It has been a week, and it is fine.")
        #expect(try rewritten("It's been a week and I don't mind.", .professional).text == "It has been a week, and I do not mind.")
        // Where a contraction must stay (“it'd” is “it had” or “it would”), the others stay
        // beside it, or all go.
        for text in ["I'd say it's fine and we don't need it.", "They'd left and we're late."] {
            let new = try rewritten(text, .professional).text
            let kept = new.split(separator: " ").filter { BuiltInToolEngine.isContraction(String($0.filter { $0.isLetter || $0 == "'" })) }
            #expect(kept.isEmpty || kept.count == text.split(separator: " ").filter { BuiltInToolEngine.isContraction(String($0.filter { $0.isLetter || $0 == "'" })) }.count, "\(text) → \(new)")
        }
        #expect(BuiltInToolEngine.isContraction("it's") && BuiltInToolEngine.isContraction("Don’t") && !BuiltInToolEngine.isContraction("team's"))
    }

    // MARK: 2. Summaries say the main point and take whole sentences

    /// A letter's news is its main point: the refusal (“it will not be possible for the Council
    /// to proceed…”, “we regret to inform you that we are unable to offer…”) is in the summary
    /// at every length; longer summaries keep the request that follows it too.
    @Test func aLettersRefusalIsInEverySummary() throws {
        let letter = try Fixture.text("trial51/email3-formal.txt")
        for length in Self.lengths {
            let s = try Self.result(.summary, letter, length: length)
            #expect(s.contains("it will not be possible for the Council to proceed"), "\(length): \(s)")
            if length != .short { #expect(s.contains("31st of January"), "\(length): \(s)") }
        }
        let own = try Fixture.text("trial51/own/refusal-letter.txt")
        for length in Self.lengths {
            let s = try Self.result(.summary, own, length: length)
            #expect(s.contains("we are unable to offer you the position"), "\(length): \(s)")
            #expect(!s.contains("Thank you for your application"), "\(length): \(s)")
        }
    }

    /// A notice that the document's subject is deprecated is its main point: the OpenSSL ENGINE
    /// guide's “…superseded by the PROVIDER API, it is deprecated in OpenSSL version 3.0” was in
    /// no summary and no key point. Also a guide written for it (“Status” section).
    @Test func aDeprecationNoticeIsInEverySummaryAndTheKeyPoints() throws {
        for (name, words) in [("trial51/openssl-engines-head.md", "it is deprecated in OpenSSL version 3.0"),
                              ("trial51/own/deprecation.md", "is deprecated since version 4.0")] {
            let doc = try Fixture.text(name)
            for length in Self.lengths {
                let s = try Self.result(.summary, doc, markup: .markdown, length: length)
                #expect(s.contains(words), "\(name) \(length): \(s)")
            }
            #expect(Self.points(try Self.result(.keyPoints, doc, markup: .markdown)).contains { $0.contains(words) })
        }
        // A deprecation mentioned in passing, late in a document, is no notice.
        let readme = try Fixture.text("trial51/own/frobnicator-README.txt")
        #expect(!(try Self.result(.summary, readme, length: .short)).hasPrefix("Note that"))
    }

    /// A README's summary says what the software is: GnuPG's short summary opened with “Note
    /// that the 2.0 series of GnuPG reached end-of-life”. Its lead (“GnuPG is a complete and
    /// free implementation of the OpenPGP standard…”) opens every length.
    @Test func aReadmesSummaryOpensWithWhatTheSoftwareIs() throws {
        for (name, lead) in [("trial51/gnupg-README-head.txt", "GnuPG is a complete and free implementation of the OpenPGP standard"),
                             ("trial51/own/frobnicator-README.txt", "Frobnicator is a small command line tool")] {
            let doc = try Fixture.text(name)
            for length in Self.lengths {
                let s = try Self.result(.summary, doc, length: length)
                #expect(s.hasPrefix(lead), "\(name) \(length): \(s)")
                #expect(!s.contains("Copyright"))
            }
        }
    }

    /// A NEWS file's summary takes no title line (“GNU findutils NEWS - User visible changes.”,
    /// which carries an editor's mode line) and no bracketed note (“[Bug present since
    /// FINDUTILS_4_5_4-1.].”), names its latest release, and keeps an entry that opens with the
    /// command in lower case (“find now supports the -files0-from option…”).
    @Test func aNewsSummaryNamesTheReleaseAndTakesNoTitleOrBracketedNote() throws {
        for name in ["trial51/findutils-NEWS-head.txt", "trial51/own/frobnicator-NEWS.txt"] {
            let news = try Fixture.text(name)
            for length in Self.lengths {
                let s = try Self.result(.summary, news, length: length)
                #expect(!s.contains("NEWS -") && !s.contains("[Bug") && !s.contains("]."), "\(name) \(length): \(s)")
                #expect(s.hasPrefix("Release "), "\(name) \(length): \(s)")
            }
        }
        #expect(try Self.result(.summary, try Fixture.text("trial51/findutils-NEWS-head.txt"), length: .medium).contains("find now supports the -files0-from option"))
        #expect(try Self.result(.summary, try Fixture.text("trial51/own/frobnicator-NEWS.txt"), length: .short)
            .hasPrefix("Release 2.1 (2023-05-01): frob now supports the --since option"))
    }

    /// A sentence that ends on a comma or a semicolon introduces code or goes on in the next
    /// item: the guide's short summary ended “…ENGINE?: add "-DENGINE_DYNAMIC_SUPPORT" to the
    /// command line switches,.” and the long one took “To see these control commands, use the
    /// command-line;”. No summary sentence of these ends so.
    @Test func noSummarySentenceIntroducesCodeOrEndsOnAComma() throws {
        let build = try Fixture.text("trial51/openssl-dynamic-build.md")
        let own = "Building the plugin\n\nThe plugin is built with the same compiler as the host. To see the flags it uses, run the command;\n\n    make -n plugin\n\nThen make these two changes,\n\n  * add \"-DPLUGIN\" to the switches,\n  * rename the output file.\n\nThe result loads like any other module. It needs no restart of the host.\n"
        for doc in [build, own] {
            for length in Self.lengths {
                let s = try Self.result(.summary, doc, markup: .markdown, length: length)
                #expect(!s.contains(",.") && !s.contains(";.") && !s.contains("?:"), "\(length): \(s)")
                #expect(!s.contains("command-line;") && !s.contains("run the command;") && !s.contains("switches,"), "\(length): \(s)")
            }
        }
    }

    /// A commit's sentence whose subject is “This” doing what the sentence before told (“This
    /// mostly showed up on slow connections…”) is no summary sentence without it.
    @Test func aSentenceAboutThisComesWithWhatItMeans() throws {
        let commit = try Fixture.text("trial51/commit.txt")
        for length in Self.lengths {
            let s = try Self.result(.summary, commit, length: length)
            if s.contains("This mostly showed up") { #expect(s.contains("The retry loop in UploadQueue.retry()"), "\(length): \(s)") }
            #expect(s.contains("Take the lock for the whole retry pass"), "\(length): \(s)")
        }
        #expect(DocumentDigest.pointsBack.isEmpty == false)
        for p in ["This mostly showed up on slow links.", "That only happened once.", "These caused the crash."] {
            #expect(p.range(of: DocumentDigest.pointsBack, options: [.regularExpression, .caseInsensitive]) != nil, "\(p)")
        }
        for p in ["This is GNU Bash, version 5.2.", "This commit fixes the race.", "This change adds a test."] {
            #expect(p.range(of: DocumentDigest.pointsBack, options: [.regularExpression, .caseInsensitive]) == nil, "\(p)")
        }
    }

    // MARK: 3. Key points of an e-mail

    /// An e-mail's key points are fewer than its sentences and each a point: no “What do you
    /// think?”, no “Please do not hesitate to contact…”, no “Sorry to bother you…” (the trial's
    /// three e-mails came back nearly whole).
    @Test func anEmailsKeyPointsAreFewerThanItsSentencesAndNoCourtesy() throws {
        let courtesies = ["What do you think?", "Please do not hesitate", "Sorry to bother you", "Thanks so much"]
        for name in ["trial51/email1-proposal.txt", "trial51/email2-favour.txt", "trial51/email3-formal.txt",
                     "trial51/own/laptops-mail.txt", "trial51/own/signed-mail.txt", "trial51/own/refusal-letter.txt"] {
            let mail = try Fixture.text(name)
            let body = try Self.result(.list, mail)
            let sentences = Self.points(body).count
            let points = Self.points(try Self.result(.keyPoints, mail))
            #expect(!points.isEmpty && points.count < sentences, "\(name): \(points.count) points of \(sentences) sentences")
            for c in courtesies { #expect(!points.contains { $0.hasPrefix(c) }, "\(name): \(points)") }
        }
        // The e-mail's proposals and its question stay points (the Leeds discount too).
        let proposal = Self.points(try Self.result(.keyPoints, try Fixture.text("trial51/email1-proposal.txt")))
        #expect(proposal.contains { $0.contains("second week of March") } && proposal.contains { $0.contains("one day of workshops") })
        #expect(proposal.contains { $0.contains("run it by Marcus") })
        let laptops = Self.points(try Self.result(.keyPoints, try Fixture.text("trial51/own/laptops-mail.txt")))
        #expect(laptops.contains { $0.contains("pick theirs up from the front desk") })
    }

    // MARK: 4. List: a message's sign-off and signature are no items

    /// Greetings, sign-offs and signature lines stay lines: “- A. Whitfield”, “- Senior
    /// Planning Officer”, “- Jess” were items of the trial's lists.
    @Test func aListKeepsTheSignOffAndSignatureAsLines() throws {
        for (name, lines) in [("trial51/email3-formal.txt", ["I remain, yours faithfully,", "A. Whitfield", "Senior Planning Officer"]),
                              ("trial51/email2-favour.txt", ["Jess"]),
                              ("trial51/email1-proposal.txt", ["Cheers,", "Tom"]),
                              ("trial51/own/signed-mail.txt", ["Kind regards,", "Maria Lopez", "Contracts Manager", "Acme Logistics"]),
                              ("trial51/own/laptops-mail.txt", ["Priya"])] {
            let list = try Self.result(.list, try Fixture.text(name))
            let all = list.split(separator: "\n").map(String.init)
            for l in lines {
                #expect(all.contains(l), "\(name): \(l) in\n\(list)")
                #expect(!all.contains("- " + l), "\(name): \(l) in\n\(list)")
            }
            #expect(Self.points(list).count >= 2, "\(name)\n\(list)")
        }
        // A text that is no message keeps its last line as an item.
        let notes = try Self.result(.list, "The build is green.\nThe release is tagged.\nAna\n")
        #expect(notes.contains("- Ana") || notes.contains("Ana"))
        #expect(BuiltInToolEngine.isSignatureName("A. Whitfield") && BuiltInToolEngine.isSignatureName("Jess") && !BuiltInToolEngine.isSignatureName("Thanks so much!"))
    }

    // MARK: 5. Table

    /// Copyright lines are no records: GnuPG's README gave “Copyright (#) | Detail | Detail 2” /
    /// “1997 | -2019 | Werner Koch”.
    @Test func copyrightLinesMakeNoTable() throws {
        for name in ["trial51/gnupg-README-head.txt", "trial51/own/frobnicator-README.txt"] {
            let table = try Self.result(.table, try Fixture.text(name))
            #expect(!table.contains("Copyright (#)") && !table.contains("| Detail"), "\(name): \(table)")
        }
        // Parallel sentences still make one.
        let cities = "Paris has 2.1 million people. Rome has 2.8 million people. Madrid has 3.3 million people."
        #expect(try Self.result(.table, cities).contains("| Paris"))
    }

    /// A NEWS file whose latest releases are lists of changes and whose older ones are prose
    /// makes a table of the releases it can read and names those it left out: the trial's
    /// findutils NEWS (200 lines) was refused although its 4.9.0 part alone made one.
    @Test func aNewsFileMakesRowsOfTheReleasesItCanReadAndNamesTheOthers() throws {
        let mixed = try Fixture.text("trial51/own/frobnicator-NEWS-mixed.txt")
        let table = try Self.result(.table, mixed)
        #expect(table.contains("| 2.1 ") && table.contains("--since option"), "\(table)")
        #expect(!table.contains("| 2.0 ") && !table.contains("| 1.9 "), "\(table)")
        let note = try #require(try Self.note(.table, mixed))
        #expect(note.contains("2 releases written as prose") && note.contains("release 2.0") && note.contains("release 1.9"), "\(note)")
        // Every release readable: no note.
        let news = try Fixture.text("trial51/own/frobnicator-NEWS.txt")
        #expect(ChangelogTable.unreadableReleases(news).isEmpty)
        // None readable: still no table, and it says why.
        let prose = "Frob NEWS\n\n* Noteworthy changes in release 2.0 (2022-01-10)\n\nThe configuration moved.\n\nNobody will miss the old one.\n\n* Noteworthy changes in release 1.9 (2021-03-02)\n\nThis release was about speed.\n\nIt is fast now.\n"
        #expect(try Self.result(.table, prose).isEmpty)
        #expect(try Self.note(.table, prose)?.contains("prose rather than a list of changes") == true)
    }

    // MARK: 6. Markup never leaks

    /// Markdown read as plain text (an HTTP client that sent no "markup" used to get this)
    /// gives key points and summaries without a heading's "## ".
    @Test func aHeadingMarkerNeverReachesAResult() throws {
        let notes = try Fixture.text("trial51/meeting-notes.md")
        for tool in [WritingTool.keyPoints, .summary] {
            let plain = try Self.result(tool, notes, markup: .plain)
            #expect(!plain.contains("## ") && !plain.contains("# "), "\(tool): \(plain)")
        }
        let markdown = Self.points(try Self.result(.keyPoints, notes, markup: .markdown))
        #expect(markdown.contains { $0.contains("weekly rotation") }, "\(markdown)")
    }
}
