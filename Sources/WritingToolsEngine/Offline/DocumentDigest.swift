import Foundation
import Proofreading

/// How long a Summary or Key Points result is, as the web's Summarizer API names it
/// (`length: "short" | "medium" | "long"`, WICG Writing Assistance APIs). For an extractive
/// summary the unit is words of whole sentences; for key points, points:
///
/// | length | summary, for a text of `w` words of prose | key points |
/// |---|---|---|
/// | short | 2.5 √w words, 25 to 70 | 3 |
/// | medium | 6 √w words, 50 to 180 | 5, or one per major section (at most 20) |
/// | long | 12 √w words, 100 to 450 | 8, or two per major section (at most 30) |
///
/// A summary's budget is in words of whole sentences: the sentence that crosses it is kept
/// when it overshoots by less than a third.
public enum SummaryLength: String, Sendable, Hashable, CaseIterable {
    /// A sentence or two; three key points.
    case short
    /// The default: a paragraph or a few, one per topic; five key points or one per section.
    case medium
    /// Several paragraphs; eight key points or two per section.
    case long
}

/// What an offline Summary or Key Points reads in a document before it ranks sentences: its
/// genre (a commit message, an e-mail, meeting notes or other prose), its major sections, and
/// which sentences are content. Headings, labels (`Date: …`, `Attendees: …`), greetings,
/// sign-offs and signatures, copyright lines, commit trailers, lines that introduce a code block
/// or a list (`…:`), titles of plain text (`0. Definitions.`, `TERMS AND CONDITIONS`), licence
/// and warranty text and editors' mode lines (``Boilerplate``) are never content. Decisions and action items of meeting notes, and the request of an e-mail,
/// weigh more.
///
/// Selection covers the document: every major section (the most frequent heading level used
/// at least twice; in plain text, its title lines) gets its best sentence, in order of its
/// share of the prose, before any section gets a second; after that, sentences are taken by
/// score with each section held to its share of the budget. A sentence too similar to one
/// already taken (cosine of tf-idf vectors above the threshold) is skipped (MMR, Carbonell and
/// Goldstein 1998). Sentences come out whole, reflowed onto one line, in reading order.
struct DocumentDigest {
    enum Genre: Equatable { case prose, commitMessage, email, meetingNotes }

    let analysis: TextAnalysis
    let style: OutputStyle
    private(set) var genre: Genre = .prose
    /// Candidate sentences (indices into `analysis.sentences`), in document order.
    private(set) var sentence: [Int] = []
    /// Per candidate: its major section (0 = before the first major heading).
    private(set) var section: [Int] = []
    private(set) var candidates: [ExtractiveSummarizer.Candidate] = []
    /// Per candidate: the title of the nearest heading above it ("" when none).
    private(set) var heading: [String] = []
    /// Per candidate: it is a list item's fragment (no closing punctuation), which a summary
    /// joins to the other fragments under its heading ("Highlights: a; b; c.").
    private(set) var isFragment: [Bool] = []
    /// Per candidate: an outcome of meeting notes or a message: a decision (a sentence that
    /// says one, "Decision: …", "we agreed to…", any sentence under a "Decisions" heading) or an
    /// action item with its owner ("Sara and I will update the timeline tomorrow."), which Key
    /// Points take before covering the sections.
    private(set) var isDecision: [Bool] = []
    /// Per candidate: of the outcomes, a decision rather than an action item (Key Points take
    /// decisions first: an action item that repeats one must not push it out).
    private(set) var statesADecision: [Bool] = []
    /// Per candidate: a message's request, question or proposal to its reader, which the
    /// summary's share per paragraph never holds back (a casual e-mail puts its proposal and
    /// its question in one paragraph).
    private(set) var asksTheReader: [Bool] = []
    /// Per candidate: a message's news for its reader (``outcomeForTheReader``).
    private(set) var isNews: [Bool] = []
    /// A NEWS file's latest release, as its heading names it ("Release 4.9.0 (2022-02-22)"),
    /// when the file has two releases or more.
    private(set) var latestRelease: String?
    /// Per candidate: it is an entry of ``latestRelease``.
    private(set) var isLatestRelease: [Bool] = []
    /// The candidate that says what the document's subject is (its first sentence, when it
    /// defines it: "GnuPG is a complete and free implementation of the OpenPGP standard…"),
    /// which every summary takes.
    private(set) var lead: Int?
    /// Per candidate: a notice that the document's subject is deprecated or superseded
    /// (``deprecationCue``), which every summary and the key points take first.
    private(set) var isNotice: [Bool] = []
    /// Per candidate: a courtesy (a thanks, an offer of help, “What do you think?”), which is no
    /// key point while the text has points of its own.
    private(set) var isCourtesy: [Bool] = []
    /// The commit message's subject line (an index into `analysis.sentences`).
    private(set) var subject: Int?
    /// A manual page's NAME line as a sentence ("ls lists directory contents."), which opens
    /// its summary and key points (``manualPageName(_:)``).
    private(set) var manualName: String?
    /// Number of major sections (including the part before the first heading).
    private(set) var sectionCount = 1
    /// Sentences whose first line is a title the sentence splitter joined to them (plain text's
    /// "Search page" / "The new filters…"): the text the result shows instead, without it.
    private(set) var withoutTitle: [Int: String] = [:]
    /// A message's long sentences as its results show them, compacted (``MessageDigest``): by
    /// index into `analysis.sentences`.
    private(set) var compact: [Int: String] = [:]
    /// An FAQ's questions (indices into `analysis.sentences`, one per question, in reading
    /// order); empty when the text is no FAQ (``readFAQ(questions:)``).
    private(set) var faqQuestions: [Int] = []
    /// What the FAQ is about, from its title ("zlib" of "Frequently Asked Questions about zlib").
    private(set) var faqSubject: String?

    init(analysis a: TextAnalysis, style: OutputStyle) {
        self.analysis = a
        self.style = style
        // A manual page: its NAME line, its commands, where DESCRIPTION starts.
        var commands = Set<String>()
        var descriptionStart = Int.max
        var nameTerms = Set<String>()
        if a.document.isManualPage {
            let text = a.source(a.range)
            if let (sentence, names) = Self.manualPageName(text) {
                manualName = sentence
                commands = Set(names.map { $0.lowercased() })
                nameTerms = Set(sentence.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                    .map(String.init).filter { !OfflineLexicon.stopWords.contains($0) }.map(OfflineLexicon.stem))
            }
            if let r = text.range(of: #"(^|\n)DESCRIPTION[ \t]*(\n|$)"#, options: .regularExpression) {
                descriptionStart = a.range.location + text.utf16.distance(from: text.utf16.startIndex, to: r.upperBound.samePosition(in: text.utf16) ?? text.utf16.endIndex)
            }
        }
        var descriptionLead = false
        let units = a.units
        // 1. Titles of plain text, and the unit-level roles.
        var isTitle = [Bool](repeating: false, count: units.count)
        var headingLevel = [Int?](repeating: nil, count: units.count)
        for (k, u) in units.enumerated() {
            if case let .heading(level) = u.kind { headingLevel[k] = level; continue }
            if let level = Self.titleLevel(a, k) { isTitle[k] = true; if a.document.markup != .markdown { headingLevel[k] = level } }
        }
        genre = Self.genre(a, headingLevel)
        if genre == .commitMessage, let first = units.first(where: { !$0.sentences.isEmpty }) {
            subject = first.sentences.first
            if let k = units.firstIndex(where: { !$0.sentences.isEmpty }) { isTitle[k] = false; headingLevel[k] = nil }
        }
        // 2. Major sections: the level used most often among levels used at least twice (ties:
        //    the higher level).
        var counts: [Int: Int] = [:]
        for l in headingLevel.compactMap({ $0 }) { counts[l, default: 0] += 1 }
        let major = counts.filter { $0.value >= 2 }.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key
        var unitSection = [Int](repeating: 0, count: units.count)
        var current = 0
        var sectionTitle: [Int: String] = [:]
        for k in units.indices {
            if let l = headingLevel[k], let major, l <= major {
                current += 1
                sectionTitle[current] = units[k].plain
            }
            unitSection[k] = current
        }
        sectionCount = current + 1
        // 3. What is no content: after an e-mail's sign-off, everything.
        var end = units.count
        if genre == .email, let k = units.indices.last(where: { k in
            guard let s = units[k].sentences.first else { return false }
            // (Its first line: "Best regards," over the name and a signature block of lines
            // without stops, which the sentence splitter reads as one sentence.)
            let firstLine = a.source(units[k].documentRange).split(whereSeparator: \.isNewline).first
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            return a.sentences[s].plain.range(of: Self.signOff, options: [.regularExpression, .caseInsensitive]) != nil
                || firstLine.range(of: Self.signOff, options: [.regularExpression, .caseInsensitive]) != nil
        }), k > 0 { end = k }
        if let k = units.firstIndex(where: { $0.plain == "--" || $0.plain.hasPrefix("-- ") || $0.markdown.hasPrefix("--\n") }), k > 0 {
            end = min(end, k)
        }
        // Sections whose title says what they hold.
        let actionSections = Set(sectionTitle.filter { $0.value.range(of: Self.actionHeading, options: [.regularExpression, .caseInsensitive]) != nil }.keys)
        let decisionSections = Set(sectionTitle.filter { $0.value.range(of: Self.decisionHeading, options: [.regularExpression, .caseInsensitive]) != nil }.keys)
        // Also a sub-heading ("### Action items") marks its units.
        var inActionHeading = [Bool](repeating: false, count: units.count)
        var unitHeading = [String](repeating: "", count: units.count)
        var underAction = false
        var title = ""
        for k in units.indices {
            if headingLevel[k] != nil || isTitle[k] {
                underAction = units[k].plain.range(of: Self.actionHeading, options: [.regularExpression, .caseInsensitive]) != nil
                title = Self.titleText(units[k].plain)
            }
            inActionHeading[k] = underAction
            unitHeading[k] = title
        }
        // The line that introduces a list item's list ("Internal changes:", "• Tests fixes:"),
        // under the same heading: what kind of entry a release note's item is.
        var listIntro = [String](repeating: "", count: units.count)
        var intro = ""
        for k in units.indices {
            if headingLevel[k] != nil || isTitle[k] { intro = ""; continue }
            let plain = Self.reflowed(units[k].plain.trimmingCharacters(in: .whitespacesAndNewlines))
            if plain.hasSuffix(":"), plain.split(separator: " ").count <= 8 { intro = plain; continue }
            if case .listItem = units[k].kind { listIntro[k] = intro } else { intro = "" }
        }
        let headingTexts = Set(units.indices.filter { headingLevel[$0] != nil || isTitle[$0] }.map { Self.titleText(units[$0].plain).lowercased() })
        // A list one of whose items repeats a heading is an agenda or a table of contents
        // (dbus's README: “Sections in this file describe: - introduction and overview - low-level
        // vs. high-level API - version numbers …”, where only “Version numbers” is a heading word
        // for word): none of its items is content.
        var tableOfContents = Set<Int>()
        var run: [Int] = []
        for k in units.indices + [units.count] {
            if k < units.count, case .listItem = units[k].kind { run.append(k); continue }
            // (An item that is itself a title repeats no heading: plain meeting notes' "1. Release
            // 2.4" over its bullets made the whole run of notes a table of contents.)
            if run.count >= 3, run.contains(where: { j in
                !isTitle[j] && units[j].sentences.count == 1 && headingTexts.contains(Self.titleText(a.sentences[units[j].sentences[0]].plain).lowercased())
            }) {
                tableOfContents.formUnion(run)
            }
            run = []
        }
        // Licence, copyright and warranty text (``Boilerplate``): a sentence of it, a paragraph
        // that is mostly it, a section titled "Copyright" or "License"; unless the document is
        // mostly boilerplate (it is a licence, summarised as any text).
        var boilerplate = Set<Int>()
        var boilerplateWords = 0, proseWords = 0
        for (k, u) in units.enumerated() {
            switch u.kind {
            case .heading, .code, .tableCell: continue
            default: break
            }
            var words = 0, found = 0
            var sentences: [Int] = []
            for i in u.sentences {
                let s = a.sentences[i]
                words += s.wordCount
                if Boilerplate.isBoilerplate(s.plain) || u.plain.range(of: #"^\W*local variables:"#, options: [.regularExpression, .caseInsensitive]) != nil {
                    found += s.wordCount
                    sentences.append(i)
                }
            }
            proseWords += words
            if found * 2 > words || unitHeading[k].range(of: Self.licenceHeading, options: [.regularExpression, .caseInsensitive]) != nil {
                boilerplate.formUnion(u.sentences)
                boilerplateWords += words
            } else {
                boilerplate.formUnion(sentences)
                boilerplateWords += found
            }
        }
        // (A licence names itself in its title: "GNU GENERAL PUBLIC LICENSE", "MIT License";
        // not an entry of a table of contents, "- [License](#license)".)
        let titledLicence = a.source(a.range).prefix(600).split(whereSeparator: \.isNewline).prefix(6).contains { line in
            line.split(separator: " ").count <= 6 && !line.hasSuffix(".") && !line.contains("](")
                && !line.trimmingCharacters(in: .whitespaces).hasPrefix("- ") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("* ")
                && line.range(of: #"\blicen[cs]e\b"#, options: [.regularExpression, .caseInsensitive]) != nil
        }
        if boilerplateWords * 2 > proseWords || titledLicence { boilerplate = [] }
        // Release notes of several releases: their headings are no sentences (a single one
        // says what the notes are about, and stays).
        let releaseHeadings = a.sentences.filter(Self.isReleaseHeading).count
        // A NEWS file's latest release (the first of two or more release headings) is its news:
        // its entries weigh more, and the summary names it (a trial's summaries of findutils'
        // NEWS named no release and missed 4.9.0's headline).
        let releaseStarts = releaseHeadings >= 2 ? a.sentences.filter(Self.isReleaseHeading).map(\.documentRange.location) : []
        if let first = a.sentences.first(where: Self.isReleaseHeading), releaseHeadings >= 2,
           let m = first.plain.range(of: #"\b(release|version)\s+v?\d+(\.\w+)+(\s+\([^)]*\))?"#, options: [.regularExpression, .caseInsensitive]) {
            latestRelease = OfflineLexicon.capitalizeFirst(String(first.plain[m]))
        }
        let isMessage = genre == .email
        // An FAQ without “Q:” markers (procps's, zlib's “23. Is zlib under the GNU license?”):
        // three or more questions that end their line, each answered by the text after it
        // (in a paragraph of its own, or the same list item). Its questions are titles of their
        // answers, no point of the document, as “Q:” ones are.
        var faqQuestions = Set<Int>()
        if !isMessage {
            let sentences = a.sentences
            for i in sentences.indices.dropLast() where sentences[i].plain.hasSuffix("?") && !sentences[i + 1].plain.hasSuffix("?") {
                let gapStart = NSMaxRange(sentences[i].documentRange)
                let gap = a.source(NSRange(location: gapStart, length: max(0, sentences[i + 1].documentRange.location - gapStart)))
                if gap.contains(where: \.isNewline) { faqQuestions.insert(i) }
            }
            if faqQuestions.count < 3 { faqQuestions = [] }
        }
        // A manual page: text indented past the body's column is an option's description
        // ("-a, --all / do not ignore entries…"), never a sentence of the result.
        let isManual = a.document.isManualPage
        // (Tabs count to the next multiple of eight, as a terminal shows them: xargs(1) as
        // `man` writes it indents an option's text with a tab and six spaces, column 14, which
        // counted as 7 characters let "Use at most max-args arguments per command line." and
        // the exit statuses' "123 if any invocation…" into a trial's summary.)
        func column(_ location: Int) -> Int {
            var k = location
            while k > 0, a.units16[k - 1] != 10 { k -= 1 }
            var c = 0
            while k < location {
                c = a.units16[k] == 9 ? (c / 8 + 1) * 8 : c + 1
                k += 1
            }
            return c
        }
        // A shell session of plain text (`$ fakeroot -s backup.environ`, `# mkdir backup`, its
        // output): commands and what they print are no sentences (``ExistingStructure``).
        let plainBlocks = a.document.markup == .plain ? ExistingStructure.plainBlocks(a.units16, range: a.range) : []
        let transcripts: [NSRange] = plainBlocks.compactMap {
            if case .transcript = $0.kind { return $0.range } else { return nil }
        }
        // A title right over its text ("Search page" / "The new filters tested well…") that the
        // sentence splitter joined to the first sentence: the result shows the sentence without it.
        let titleLines: [NSRange] = plainBlocks.compactMap {
            if case .heading = $0.kind { return $0.range } else { return nil }
        }
        // A list of names with their descriptions in a column ("INSTALL.generic     Generic
        // install instructions…", "THANKS              Incomplete list of people who have
        // helped…": xz's README): the description column of three lines or more.
        // (A manual page's options are read as such above.)
        let descriptionColumns = a.document.isManualPage ? [] : Self.nameListColumns(a)
        var questions: [Int] = []
        var questionUnits = Set<Int>()
        for (k, u) in units.enumerated() where k < end && !tableOfContents.contains(k) {
            if isManual, column(u.documentRange.location) > 8 { continue }
            switch u.kind {
            case .heading, .code, .tableCell: continue
            default: break
            }
            if isTitle[k] { continue }
            if Self.isFootnoteDefinition(a, u) { continue }
            // An action item's line under an "Action items" heading ("Mei: schedule final
            // interviews") is no fragment nor a label, whatever its verb can also be. (The
            // heading may be the first line of the block itself, with no blank line.)
            let underActionTitle = inActionHeading[k] || actionSections.contains(unitSection[k])
                || a.source(u.documentRange).split(whereSeparator: \.isNewline).first.map {
                    $0.count <= 40 && String($0).range(of: Self.actionHeading, options: [.regularExpression, .caseInsensitive]) != nil
                } ?? false
            for i in u.sentences {
                let s = a.sentences[i]
                if i == subject || boilerplate.contains(i) { continue }
                if transcripts.contains(where: { NSIntersectionRange($0, s.documentRange).length > 0 }) { continue }
                if let title = titleLines.first(where: { $0.location == s.documentRange.location && NSMaxRange($0) < NSMaxRange(s.documentRange) }) {
                    let rest = Self.reflowed(a.source(NSRange(location: NSMaxRange(title), length: NSMaxRange(s.documentRange) - NSMaxRange(title))))
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                    if rest.split(separator: " ").count >= 3 { withoutTitle[i] = rest } else { continue }
                }
                if releaseHeadings >= 2, Self.isReleaseHeading(s) { continue }
                // A description of such a list, its name stripped, is no sentence of the result:
                // a trial's summary of xz's README read "Incomplete list of people who have
                // helped making this software. Known bugs and some sort of to-do list." without
                // "THANKS" and "TODO", whose descriptions they are.
                if !descriptionColumns.isEmpty, let c = Self.nameListColumn(a, at: s.documentRange.location), descriptionColumns.contains(c) { continue }
                // (Nor is a run of its lines that the splitter read as one sentence, names and
                // all: xdg-utils' "xdg-desktop-menu⇥Install desktop menu items xdg-desktop-icon⇥…".)
                if !descriptionColumns.isEmpty, Self.holdsNameListLines(a, s.documentRange, columns: descriptionColumns) { continue }
                var isItem = false
                if case .listItem = u.kind { isItem = true }
                guard Self.isContent(s, isListItem: isItem, isActionItem: underActionTitle) else { continue }
                // An editor's mode line glued to a title ("-*- text -*- GNU Wget ========") is no
                // sentence; glued to one, the result shows the sentence without it (``text(_:)``).
                // A file's title line that carries an editor's mode line ("GNU findutils NEWS -
                // User visible changes.      -*- outline -*-"): it names the file, no point of it
                // (a trial's short summary of findutils NEWS opened with it).
                let unitSource = a.source(u.documentRange).trimmingCharacters(in: .whitespacesAndNewlines)
                if unitSource.range(of: #"-\*-.*-\*-"#, options: .regularExpression) != nil, !unitSource.contains(where: \.isNewline) { continue }
                // The tail of a sentence the splitter cut after an ellipsis inside a quoted
                // command ("'find -D stat -L ...' no longer determines…"): no sentence.
                if s.indexInUnit > 0, let f = s.plain.first, f.isLowercase,
                   a.sentences[i - 1].plain.range(of: #"\.\.\.['"’”`]?$"#, options: .regularExpression) != nil { continue }
                // A note in square brackets alone ("[Bug present since FINDUTILS_4_5_4-1.]",
                // "[#59972]") remarks on the entry above it: no sentence of its own.
                if s.plain.range(of: #"^\[[^\[\]]*\]\W*$"#, options: .regularExpression) != nil { continue }
                // A sentence that ends on a comma or a semicolon is unfinished: it introduces
                // code or goes on in the next item ("To see these control commands, use the
                // command-line;" over `openssl engine -vvvv dynamic`; an item "add
                // "-DENGINE_DYNAMIC_SUPPORT" to the command line switches,").
                if let last = s.plain.last(where: { !$0.isWhitespace }), last == "," || last == ";" { continue }
                if Boilerplate.removingModeLines(s.plain) != s.plain {
                    var rest = s
                    rest.plain = Boilerplate.removingModeLines(s.plain)
                    guard !rest.plain.isEmpty, Self.isContent(rest, isListItem: isItem) else { continue }
                }
                // (A manual page's line that starts in lower case is an option's description or
                // the tail of a sentence cut by a command line: "should give you access to…".)
                // (One that starts with the page's command is a sentence: "ssh (SSH client) is…".)
                let startsWithCommand = isManual && commands.contains(String(s.plain.prefix { !$0.isWhitespace && $0 != "(" && $0 != "," }).lowercased())
                if isManual, let f = s.plain.first, f.isLowercase, !startsWithCommand { continue }
                // A sentence that says no more than the NAME line ("Sed is a stream editor.").
                if !nameTerms.isEmpty, !s.terms.isEmpty, Set(s.terms).isSubset(of: nameTerms) { continue }
                // A list item that repeats a heading is an agenda or a table of contents.
                if isItem, headingTexts.contains(Self.titleText(s.plain).lowercased()) { continue }
                // A numbered title over its text ("2. Next year's budget" / "Anna proposed…").
                if isItem, s.indexInUnit == 0, u.sentences.count > 1, !Self.isClosed(s.plain), s.wordCount <= 6,
                   a.source(NSRange(location: s.documentRange.location + s.documentRange.length,
                                    length: max(0, a.sentences[u.sentences[1]].documentRange.location - s.documentRange.location - s.documentRange.length))).contains(where: \.isNewline) {
                    continue
                }
                // An unfinished sentence whose text goes on in lower case after a code block is
                // the head of one the block cut ("To start building, you need to run" /
                // `cmake …` / "from a build directory."): the summary would end it on a period.
                if !isItem, !Self.isClosed(s.plain), i + 1 < a.sentences.count, !s.plain.hasSuffix(":"),
                   let f = a.sentences[i + 1].plain.first, f.isLowercase {
                    let next = a.sentences[i + 1]
                    let gapStart = s.documentRange.location + s.documentRange.length
                    let gap = a.source(NSRange(location: gapStart, length: max(0, next.documentRange.location - gapStart)))
                    if gap.contains(where: { !$0.isWhitespace }) { continue }
                }
                // An unfinished line right before a list introduces it ("Here is the policy").
                if !isItem, i == u.sentences.last, k + 1 < units.count, !Self.isClosed(s.plain) {
                    if case .listItem = units[k + 1].kind { continue }
                }
                // A sentence that starts with a lower-case word after a line ending in ":" or
                // in no punctuation is the tail of one cut by a code block or an address
                // ("Bug reports … should be sent to:" / bug-bash@gnu.org / "using the…").
                if !startsWithCommand, let f = s.plain.first, f.isLowercase, s.plain.prefix(while: { !$0.isWhitespace }).allSatisfy({ $0.isLetter }),
                   let j = (0..<i).last(where: { j in
                       if case .heading = units[a.sentences[j].unit].kind { return false }
                       return true
                   }) {
                    let before = a.sentences[j]
                    let gapStart = before.documentRange.location + before.documentRange.length
                    let gap = a.source(NSRange(location: gapStart, length: max(0, s.documentRange.location - gapStart)))
                    let cut = gap.contains { !$0.isWhitespace && !"-*+•>".contains($0) }
                    // (A greeting is no sentence cut short: "hey Sam," / "so basically I won't be
                    // able to make it…" opens a casual e-mail; its main point was lost.)
                    let greets = before.plain.range(of: BuiltInToolEngine.greeting, options: [.regularExpression, .caseInsensitive]) != nil
                    // (Nor is a paragraph of its own after a title line: a GNU NEWS entry under
                    // "** New features in find" opens with the command, "find now supports the
                    // -files0-from option…": a trial's summaries never had the release's headline.)
                    let ownParagraph = !cut && gap.contains("\n\n") && !before.plain.hasSuffix(":")
                        && !Self.isClosed(before.plain) && before.wordCount <= 8
                    if !greets, !ownParagraph, !Self.isClosed(before.plain), !isItem || before.plain.hasSuffix(":") || cut { continue }
                }
                // A fragment is no sentence of a result (``isFragmentOfASentence(_:)``; bc's
                // README gave "tells bc to use the BSD editline package…" and "…(b) addition of
                // the &&, ||, and !"), nor the tail of a sentence cut at a lone mark ("operators,
                // (c) allowing…"). (A list item without a stop is a fragment by design: a
                // summary joins those under their heading.)
                if !(isItem && !Self.isClosed(s.plain)), !underActionTitle, Self.isFragmentOfASentence(s.plain) { continue }
                if i > 0, s.plain.first?.isLowercase == true, a.sentences[i - 1].plain.range(of: #"\s[!?]$"#, options: .regularExpression) != nil { continue }
                // A sentence a code block or a list cut off (“In rootless Podman these fields
                // default to” over a block of settings: a trial's summary said “…default to.”)
                // ends on a word no sentence ends on; what completes it is not prose.
                if !isItem, Self.endsCutOff(s.plain) { continue }
                // A line of a block of labelled lines ("OS: UNIX (BSD, System V…)", "Required:
                // vsprintf and vfprintf routines.", a form's fields) is a label, not a point.
                // (Not a decision's or an action's label: "Action: Maria to book…".)
                // (Its value has no verb: "Marta: write the hotfix" is an action item.)
                if a.unitLineStructured[s.unit], !underActionTitle,
                   let colon = s.plain.range(of: Self.labelledLine, options: .regularExpression),
                   s.plain.range(of: Self.outcomeLabel, options: [.regularExpression, .caseInsensitive]) == nil,
                   Self.isFragmentOfASentence(String(s.plain[s.plain.index(before: colon.upperBound)...])) {
                    let lines = a.source(u.documentRange).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                    if lines.filter({ $0.range(of: Self.labelledLine, options: .regularExpression) != nil }).count * 2 >= lines.count { continue }
                }
                var weight = 1.0
                let p = s.plain
                // An FAQ's question (“Q: What do the letters XZ mean?”) asks, it tells nothing: a
                // summary or a key point never takes it (chosen beside another question's answer,
                // it paired them: a README-only trial on xz's FAQ).
                // (Nor an answer of a word or two, “A: No.”, which means nothing without it.)
                // (Negligible whatever else raises it: a first question is also its section's opening.)
                let isFAQQuestion = faqQuestions.contains(i) || p.range(of: #"^(q|question)\s*\d*\s*[:.)]\s"#, options: [.regularExpression, .caseInsensitive]) != nil
                    || p.range(of: #"^(a|answer)\s*:\s*\S+(\s+\S+)?\s*$"#, options: [.regularExpression, .caseInsensitive]) != nil
                if isFAQQuestion { weight *= 0.01 }
                // A step of a numbered procedure (“4. Link "tmp_atalla.o" into a shared-library…”,
                // “1. "cd" to the crypto/engine/ directory…”) needs the steps around it: out of
                // their context it tells a reader of the summary nothing (session 52's trial: the
                // short summary of OpenSSL's README-ENGINES ended on one). Taken only when nothing
                // else is left. (In a document, not in meeting notes or a message, whose numbered
                // imperatives are decisions and requests.)
                if isItem, !underActionTitle, genre == .prose, Self.isProcedureStep(a, u) { weight *= 0.05 }
                // A release note's housekeeping (“Fix CI pipelines after…”, “CI: bump action
                // versions”, an entry under “Tests and CI enhancements:” or “Internal changes:”)
                // and a thanks list (“Thanks to…”, a “Thanks” or “Credits” section) tell a
                // reader nothing of the software: taken only when nothing else is left (session
                // 53's trial: dbus's NEWS summary had two CI entries and no security fix;
                // colorama's, its thanks list).
                let chore = genre == .prose && (Self.isHousekeeping(p, isItem: isItem, intro: listIntro[k], heading: unitHeading[k])
                                                 || Self.isThanks(p, intro: listIntro[k], heading: unitHeading[k]))
                // (A question, once per unit: a question on two lines is one.)
                let asks = faqQuestions.contains(i) || p.hasSuffix("?") && p.range(of: #"^(q|question)\s*\d*\s*[:.)]\s"#, options: [.regularExpression, .caseInsensitive]) != nil
                if asks, questionUnits.insert(s.unit).inserted { questions.append(i) }
                // A title written as a field (“Title: App crashes when uploading large files”,
                // “Subject: …”) names the text, and a version-control keyword (“$MawkId:
                // README,v 1.6 … $”) dates the file: neither is a point of it.
                if p.range(of: #"^\W*(title|subject)\s*:"#, options: [.regularExpression, .caseInsensitive]) != nil
                    || p.range(of: #"\$[A-Za-z]*(Id|Header|Revision|Date):[^$\n]*\$"#, options: .regularExpression) != nil {
                    weight *= 0.01
                }
                // (In a message, "If you have any questions, …" offers help; it is no content either.)
                // (Nor "Here is a quick summary of what we decided.", which announces the
                // decisions and says none: a trial's key points of a recap e-mail opened with it.)
                let phatic = p.range(of: BuiltInToolEngine.phaticOpener, options: [.regularExpression, .caseInsensitive]) != nil
                    || (isMessage && p.range(of: #"^if you (have|run into|hit) any (questions?|concerns?|problems?|issues?|trouble)\b"#, options: [.regularExpression, .caseInsensitive]) != nil)
                    || (isMessage && p.range(of: Self.closingCourtesy, options: [.regularExpression, .caseInsensitive]) != nil)
                    || (isMessage && p.range(of: Self.standingOffer, options: [.regularExpression, .caseInsensitive]) != nil)
                    || (isMessage && p.range(of: Self.courtesyInMessage, options: [.regularExpression, .caseInsensitive]) != nil)
                var requests = false
                if phatic {
                    weight *= isMessage ? 0.1 : 0.3
                } else if isMessage, p.range(of: #"^(please )?(be advised|be informed|note) that\b"#, options: [.regularExpression, .caseInsensitive]) != nil {
                    // A notice (“Please be advised that, in the event that…, this office will…”)
                    // tells; it asks nothing: it ranks below the request it follows (a trial's
                    // summary of a formal letter kept the notice and dropped the request with
                    // its deadline).
                    weight *= 2
                } else if p.range(of: BuiltInToolEngine.actionCue, options: [.regularExpression, .caseInsensitive]) != nil {
                    weight *= isMessage ? 12 : 1.3
                    requests = isMessage
                } else if isMessage, Self.asksTheReader(p) {
                    requests = true
                    // In a message, a question to the reader or a proposal is what the reader
                    // must answer: it ranks as a request does ("I was thinking maybe we could
                    // push it to Tuesday afternoon?", "did you ever hear back from the vendor
                    // about the pricing?": a trial's summary of a casual e-mail had neither).
                    weight *= 12
                }
                let notes = genre == .meetingNotes || isMessage
                let decides = !phatic && Self.statesDecision(p)
                // An action item: who does what, by when ("Sara and I will update the timeline
                // tomorrow.", "Marketing will prepare the announcement.", "Jonas to send the
                // draft by Friday."). In notes and messages it is an outcome, as a decision is.
                let acts = notes && !phatic && Self.isActionItem(p)
                let dated = acts && p.range(of: Self.dateCue, options: [.regularExpression, .caseInsensitive]) != nil
                // In a message, a decision taken is news as much as a request is ("We decided to
                // move the release to March 14…" in a recap e-mail); "we have to make a decision"
                // is a request, weighed as one above.
                let decided = isMessage && decides && p.range(of: Self.decisionTaken, options: [.regularExpression, .caseInsensitive]) != nil
                if decided {
                    weight *= weight >= 12 ? 1 : 12
                } else if decides {
                    weight *= notes ? 3 : 1.3
                }
                if acts, !decided { weight *= dated ? 3 : 2 }
                isDecision.append(!phatic && (decided || notes && (decides || acts)
                    || genre == .meetingNotes && decisionSections.contains(unitSection[k])))
                // (Outcomes come first in notes and messages only: a licence's "will … be liable"
                // is no decision of a meeting, and took the GPL's points from its sections.)
                statesADecision.append(!phatic && (notes && decides || genre == .meetingNotes && decisionSections.contains(unitSection[k])))
                if genre == .meetingNotes, actionSections.contains(unitSection[k]) || inActionHeading[k] { weight *= 2.5 }
                if s.isQuoted { weight *= 0.5 }
                if a.unitLineStructured[s.unit] { weight *= 0.6 }
                // The first sentence of a section states its topic more often than not; a
                // sentence that opens with a pronoun ("It is…", "This means…") leans on the one
                // before it.
                if s.indexInUnit == 0, k > 0, headingLevel[k - 1] != nil || isTitle[k - 1] { weight *= 2.5 }
                // A document's lead, its first sentence of prose after the title, that says what
                // the thing is or does ("This is the GNU gettext package.", "Cscope is a text
                // screen based source browsing tool.", "It provides command-line tools…") is the
                // README's main fact: it weighs double, and its "This" points at the title, not
                // at a sentence before. (An essay's anecdotal opening is no such sentence.)
                let isLead = genre == .prose && candidates.isEmpty && !isItem && !a.document.isManualPage
                    && p.range(of: Self.definesItsSubject, options: [.regularExpression, .caseInsensitive]) != nil
                if isLead { weight *= 2; lead = candidates.count }
                // A notice that the document's subject is deprecated or superseded, under a
                // heading that says so ("Deprecation Note": "…it has been superseded by the
                // PROVIDER API, it is deprecated in OpenSSL version 3.0") or among its first
                // sentences, is its main point: what a reader must know first (a trial's
                // summaries of OpenSSL's ENGINE guide never said it, at any length).
                let notice = genre == .prose && p.range(of: Self.deprecationCue, options: [.regularExpression, .caseInsensitive]) != nil
                    && (unitHeading[k].range(of: Self.noticeHeading, options: [.regularExpression, .caseInsensitive]) != nil || candidates.count < 3)
                if notice { weight *= 6 }
                let inLatestRelease = releaseStarts.count >= 2 && s.documentRange.location > releaseStarts[0] && s.documentRange.location < releaseStarts[1]
                if inLatestRelease { weight *= 3 }
                // A message's first sentence past its courtesies says why it was written ("the
                // venue for the offsite fell through yesterday…"): it wins a tie with a sentence
                // as central as itself, not the place of a request.
                if isMessage, !phatic, !requests, !candidates.indices.contains(where: { candidates[$0].weight >= 0.5 }) { weight *= 1.25 }
                // A message's news, an outcome for the reader (“the application … cannot be
                // processed”, “your request has been approved”), is its main fact: it ranks
                // above what the message then asks (a trial's summary of a formal notice had
                // the request and the deadline, never that the extension could not go ahead).
                let refuses = isMessage && !phatic && (p.range(of: Self.outcomeForTheReader, options: [.regularExpression, .caseInsensitive]) != nil
                    || p.range(of: MessageDigest.refusal, options: [.regularExpression, .caseInsensitive]) != nil)
                // (A refusal that names what it refuses, “we are unable to approve the request”,
                // tells; it asks nothing, though “approve” is a request's word.)
                if refuses, requests, Self.lastMarkBeforeClosers(p) != "?",
                   p.range(of: #"\b(please|could you|can you|would you|kindly|let (me|us) know)\b"#, options: [.regularExpression, .caseInsensitive]) == nil {
                    requests = false
                    weight /= 12
                }
                let news = refuses && !requests
                if news { weight *= 14 }
                // A manual page's DESCRIPTION opens with what the command does: it follows the
                // NAME line in the summary.
                if isManual, !descriptionLead, !isItem, s.documentRange.location >= descriptionStart {
                    descriptionLead = true
                    weight *= 4
                }
                // A commit message's body says what the commit does in the imperative (“Guard
                // the token with a mutex…”, “Also stop treating 401 as permanent…”, “Adds a
                // test…”): the change itself, which its summary must carry (a trial's summary of
                // a commit message, even long, had the bug and never the fix).
                // (A test the commit adds is no part of the change: it weighs less.)
                if genre == .commitMessage, subject != i, Self.statesTheChange(p) {
                    weight *= p.range(of: #"\btests?\b"#, options: [.regularExpression, .caseInsensitive]) != nil ? 2 : 6
                }
                // (In a commit message, "This fixes…" is about the commit; a message's request
                // that opens with "It" asks all the same: "It is hereby requested that you…".)
                // (In a commit message, "This mostly showed up on slow connections…" points at
                // the bug the sentence before it tells: it weighs less too; a trial's short summary
                // took it without that sentence.)
                if genre != .commitMessage || p.range(of: #"^(this|it|these)\s+(commit|change|patch|pr|fix|fixes|adds|removes|makes|moves|replaces|introduces|updates|allows|ensures|prevents|is needed)\b"#, options: [.regularExpression, .caseInsensitive]) == nil,
                   !isLead, !requests,
                   p.range(of: #"^(it|this|these|that|those|they|such|he|she|its|their)\b"#, options: [.regularExpression, .caseInsensitive]) != nil {
                    weight *= 0.5
                }
                let closed = Self.isClosed(p)
                heading.append(unitHeading[k])
                asksTheReader.append(requests && !phatic)
                isNews.append(news)
                isCourtesy.append(phatic)
                isNotice.append(notice)
                isLatestRelease.append(inLatestRelease)
                // A fragment: an item that is no sentence ("port to mozjs-102", "new Georgian
                // translation"), lower-case or a few words.
                isFragment.append(isItem && !closed && (p.first?.isLowercase == true || s.wordCount <= 5))
                sentence.append(i)
                section.append(unitSection[k])
                if isFAQQuestion || chore { weight = min(weight, 0.01) }
                candidates.append(.init(terms: s.terms, wordCount: s.wordCount, characters: p.count,
                                        isFirstInParagraph: s.indexInUnit == 0, isQuestion: p.hasSuffix("?"),
                                        paragraph: s.unit, weight: weight))
            }
        }
        // A message's long sentences are ranked, measured and shown compacted: a run-on
        // sentence of 80 words took a short summary's whole budget (session 53's trial).
        if genre == .email {
            for k in candidates.indices {
                let i = sentence[k]
                if let t = MessageDigest.compacted(text(i), asks: asksTheReader[k]) {
                    compact[i] = t
                    candidates[k].wordCount = MessageDigest.wordCount(t)
                }
            }
        }
        readFAQ(questions: questions)
    }

    // MARK: FAQs

    /// An FAQ's questions and what it is about, read at the end of ``init(analysis:style:)``:
    /// four questions or more that head their answers (or three under a title that says FAQ,
    /// "Frequently Asked Questions about zlib", "XZ Utils FAQ"), making a fifth of the units
    /// or more. Its summary says what it covers (``faqSummary(length:)``).
    private mutating func readFAQ(questions: [Int]) {
        let text = analysis.source(analysis.range)
        let firstLine = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty && !$0.allSatisfy { $0 == "=" || $0 == "-" } } ?? ""
        let titled = firstLine.count <= 80 && firstLine.range(of: #"\b(faq|frequently asked questions)\b"#, options: [.regularExpression, .caseInsensitive]) != nil
        let contentUnits = Set(sentence.map { analysis.sentences[$0].unit }).count
        guard questions.count >= (titled ? 3 : 4), questions.count * 5 >= contentUnits else { return }
        faqQuestions = questions
        if titled {
            let t = Self.titleText(firstLine)
            if let m = t.range(of: #"(?i)^(?:frequently asked questions|faq)\s+(?:about|on|for|of)\s+"#, options: .regularExpression) {
                faqSubject = String(t[m.upperBound...])
            } else if let m = t.range(of: #"(?i)\s+(?:faq|frequently asked questions)$"#, options: .regularExpression) {
                faqSubject = String(t[..<m.lowerBound])
            }
        }
    }

    /// The summary of an FAQ: what it covers, its questions, not one of its answers ("This FAQ
    /// about zlib answers 40 questions, among them: Is zlib Y2K-compliant? Where can I get a
    /// Windows DLL version? …"). The questions shown (3 short, 6 medium, 12 long) are the
    /// most central among them (LexRank over the questions' words), none near-duplicate, in
    /// reading order.
    func faqSummary(length: SummaryLength) -> String {
        let n: Int
        switch length {
        case .short: n = 3
        case .medium: n = 6
        case .long: n = 12
        }
        let qs = faqQuestions
        let cands = qs.map { i -> ExtractiveSummarizer.Candidate in
            let s = analysis.sentences[i]
            return .init(terms: s.terms, wordCount: s.wordCount, characters: s.plain.count, isFirstInParagraph: true, isQuestion: false, paragraph: s.unit)
        }
        let chosen = qs.count <= n ? Array(qs.indices) : ExtractiveSummarizer(redundancyThreshold: 0.5).select(cands, maxCount: n, budget: 1_000_000)
        let asked = chosen.map { k -> String in
            // A question that opens with a statement ("Q: I have many .tar.7z files. Can I
            // convert them…?") is shown whole: its "them" needs the sentence before.
            let i = qs[k], unit = analysis.units[analysis.sentences[i].unit].sentences
            let from = unit.first.map { max($0, i - 2) } ?? i
            var t = (from...i).filter { unit.contains($0) }.map(text).joined(separator: " ")
            if let m = t.range(of: #"^(?i:q|question)\s*\d*\s*[:.)]\s*"#, options: .regularExpression) { t.removeSubrange(m) }
            return OfflineLexicon.capitalizeFirst(t)
        }
        let about = faqSubject.map { " about " + $0 } ?? ""
        let intro = "This FAQ\(about) answers \(qs.count) questions" + (chosen.count < qs.count ? ", among them: " : ": ")
        return intro + asked.joined(separator: " ")
    }

    // MARK: Roles

    /// A sentence that says what something is or does: "X is a…", "This is the…", "These are
    /// the…", "It provides…", "This directory contains…", "X lets you…".
    static let definesItsSubject = #"\b(is|are)\s+(a|an|the|one|free|open)\b|\b(provides?|contains?|implements?|offers?|lets you|allows you|is designed to|is used to|is intended)\b"#

    /// A heading over licence text ("Copyright information", "License", "Copying").
    static let licenceHeading = #"^(copyright( information| notices?)?|licen[cs](e|es|ing)|copying( conditions)?|legal( notices?)?|warranty)$"#

    /// A decision with what was decided: a label ("Decision: …", "Agreed: …"), a verb of
    /// deciding with its object ("we decided to …", "agreed that …", "resolved on …", "chose
    /// …"), or what a group will do ("we will ship…", "we'll have to drop the video campaign").
    /// Not "what we decided" or "we have to make a decision", which say none.
    static let decisionCue = #"^\W*(decisions?|decided|agreed|resolved|resolution|outcome|conclusion)\W*\s*[:–—-]\s*\S|\b(decided|decides|agreed|agree|resolved|chose|voted|settled)\s+(not\s+|unanimously\s+|together\s+)?(to|that|on|against|upon|in favou?r of)\b|\b(it was|it's been|it has been)\s+(decided|agreed|resolved)\b|\b(everyone|everybody|all|we all|the team|the group)\s+(has\s+|have\s+)?agreed\b(?!\s+(to\s+disagree|with\b))"#
    /// What a group will do: "we will ship…", "we'll have to drop…", "the team is going to move…"
    /// (the verb checked as a verb).
    /// A decision to decide later, which notes record as an outcome too: "No decision; to be
    /// revisited in January.", "Deferred to the next meeting.", "The budget is postponed until
    /// the new year." (a README-only trial's summaries left out that the budget was deferred).
    /// A point the meeting left open says so too: “this stays open”, “we did not reach
    /// agreement and will revisit next week”, “still undecided”.
    static let deferral = #"^\W*no decision\b|\b(deferred|postponed|put off|pushed back|tabled)\s+(to|until|till|for|by)\b|\bto be (revisited|discussed again|decided)\b|\b(this|it|that|the (question|issue|point|decision))\s+(stays|remains|is still|is left)\s+open\b|\b(did not|didn't|could not|couldn't)\s+(reach|come to)\s+(an\s+)?(agreement|decision|a decision|consensus)\b|\bwill revisit\b|\b(still|remains?|is) undecided\b"#
    static let groupWill = #"\b(we|the team|the group|everyone|all of us)\s*(will|'ll|’ll|shall|are going to|is going to)\s+(have to\s+|need to\s+)?(not\s+)?([a-z]+)"#
    /// Whether sentence `p` states a decision (``decisionCue``, ``groupWill``).
    /// The column where the sentence at `location` starts when it starts a line's second
    /// column after a name: the line is one name (no space in it, not a list's mark, not a
    /// word ending a sentence: "time.  This is…" is French spacing) and two spaces or a tab
    /// or more, then the sentence ("THANKS              Incomplete list of…", "xdg-mime⇥⇥Query
    /// information…"); nil otherwise. Columns count a tab to the next multiple of eight.
    static func nameListColumn(_ a: TextAnalysis, at location: Int) -> Int? {
        let u = a.units16
        guard location > 0, location <= u.count else { return nil }
        var k = location
        while k > 0, u[k - 1] != 10, u[k - 1] != 13 { k -= 1 }
        var i = k
        while i < location, u[i] == 0x20 || u[i] == 0x09 { i += 1 }
        let nameStart = i
        while i < location, u[i] != 0x20, u[i] != 0x09 { i += 1 }
        let nameEnd = i
        guard nameEnd > nameStart, (nameEnd..<location).allSatisfy({ u[$0] == 0x20 || u[$0] == 0x09 }),
              location - nameEnd >= 2 || u[nameEnd] == 0x09 else { return nil }
        let name = String(decoding: u[nameStart..<nameEnd], as: UTF16.self)
        // (A list's mark or a section's number is no name: "1.   Introduction", "-   item".)
        if name.range(of: #"^([-*+•]|\d+[.)]?|\(?[a-z]\)|[ivx]+\.)$"#, options: .regularExpression) != nil { return nil }
        if let last = name.last, ".,;:!?)\"'”’".contains(last) { return nil }
        var column = 0
        for j in k..<location { column = u[j] == 0x09 ? (column / 8 + 1) * 8 : column + 1 }
        return column
    }

    /// The column of the description on the line that starts at `lineStart`, when the line
    /// is a name and its description (``nameListColumn(_:at:)``); nil otherwise.
    static func nameListLine(_ a: TextAnalysis, lineStart: Int) -> Int? {
        let u = a.units16
        var i = lineStart
        while i < u.count, u[i] == 0x20 || u[i] == 0x09 { i += 1 }
        while i < u.count, u[i] != 0x20, u[i] != 0x09, u[i] != 10, u[i] != 13 { i += 1 }
        while i < u.count, u[i] == 0x20 || u[i] == 0x09 { i += 1 }
        guard i < u.count, u[i] != 10, u[i] != 13 else { return nil }
        return nameListColumn(a, at: i)
    }

    /// True when a line of `range` is an entry of a list of names whose description stands in
    /// one of `columns`: two or more, or one that starts the range.
    static func holdsNameListLines(_ a: TextAnalysis, _ range: NSRange, columns: Set<Int>) -> Bool {
        let u = a.units16
        var starts: [Int] = []
        var k = range.location
        while k > 0, u[k - 1] == 0x20 || u[k - 1] == 0x09 { k -= 1 }
        if k == 0 || u[k - 1] == 10 { starts.append(k) }
        for j in range.location..<min(NSMaxRange(range), u.count) where u[j] == 10 && j + 1 < NSMaxRange(range) { starts.append(j + 1) }
        let entries = starts.filter { nameListLine(a, lineStart: $0).map(columns.contains) == true }
        return entries.count >= 2 || (entries.first == starts.first && !entries.isEmpty && starts.first == k && k <= range.location)
    }

    /// The description columns of the document's lists of names (``nameListColumn(_:at:)``):
    /// a column where three lines or more start a description after a name.
    static func nameListColumns(_ a: TextAnalysis) -> Set<Int> {
        guard a.document.markup == .plain else { return [] }
        var counts: [Int: Int] = [:]
        let u = a.units16
        var lineStart = 0
        for k in 0...u.count where k == u.count || u[k] == 10 {
            if lineStart < k, let c = nameListLine(a, lineStart: lineStart) { counts[c, default: 0] += 1 }
            lineStart = k + 1
        }
        return Set(counts.filter { $0.value >= 3 }.map(\.key))
    }

    static func statesDecision(_ p: String) -> Bool {
        // (An agreement to disagree decides nothing.)
        if p.range(of: #"\bagreed?\s+to\s+disagree\b"#, options: [.regularExpression, .caseInsensitive]) != nil { return false }
        if p.range(of: decisionCue, options: [.regularExpression, .caseInsensitive]) != nil { return true }
        if p.range(of: deferral, options: [.regularExpression, .caseInsensitive]) != nil { return true }
        guard let re = try? NSRegularExpression(pattern: groupWill, options: [.caseInsensitive]),
              let m = re.firstMatch(in: p, range: NSRange(location: 0, length: (p as NSString).length)) else { return false }
        let verb = (p as NSString).substring(with: m.range(at: 5)).lowercased()
        return TagLexicon.shared.isBaseVerb(verb) && !["be", "see", "know", "try", "let"].contains(verb)
    }
    /// An action item's mark: "Action: …", "Action item: …", "TODO: …", "AI: …", "@name …",
    /// "[ ] …" (a checkbox).
    static let actionMark = #"^\W*(action( items?| points?)?|todo|to-do|ai|owner|follow[- ]up)\s*[:–—-]\s*\S|^\W*@\w|^\s*[-*]?\s*\[[ xX]\]\s"#
    /// Someone who will do something: a name, names joined by "and" (the writer included:
    /// "Sara and I"), "I", "we", a team or a role in capitals ("Marketing", "The design team"),
    /// then "will", "'ll", "to", "is going to", "needs to", "should" and a verb.
    static let ownerWill = #"^\W*((?:[A-Z][\w’'-]*|I|We)(?:\s*(?:,|and|&)\s*(?:[A-Z][\w’'-]*|I|me))*|(?:[Tt]he\s+)?[\w-]+\s+team)\s*(?:will|'ll|’ll|to|is going to|are going to|needs? to|should|must|has to|have to|agreed to|volunteered to|offered to)\s+(?:also\s+|then\s+|now\s+)?([a-z]+)"#
    /// Words that open a sentence as a subject but own no task ("It will…", "This will…").
    static let noOwners: Set<String> = ["it", "this", "that", "these", "those", "there", "they", "he", "she", "you", "which", "what", "who",
                                        "everything", "nothing", "something", "someone", "here", "then", "now", "if", "when"]
    /// Whether sentence `p` is an action item (``actionMark``, ``ownerWill``): its verb is a
    /// verb, its owner no pronoun but "I" or "we".
    static func isActionItem(_ p: String) -> Bool {
        if p.range(of: actionMark, options: [.regularExpression, .caseInsensitive]) != nil { return true }
        // "Marta: write the hotfix", "Olu and Wei: test the installer" (a name, not a label).
        if let re = try? NSRegularExpression(pattern: #"^\W*([A-Z][\w’'-]*(?:\s*(?:,|and|&)\s*[A-Z][\w’'-]*)*)\**\s*:\**\s+([a-z]+)"#),
           let m = re.firstMatch(in: p, range: NSRange(location: 0, length: (p as NSString).length)),
           p.range(of: metadataLabel, options: [.regularExpression, .caseInsensitive]) == nil,
           p.range(of: outcomeLabel, options: [.regularExpression, .caseInsensitive]) == nil,
           TagLexicon.shared.isBaseVerb((p as NSString).substring(with: m.range(at: 2))) {
            return true
        }
        guard let re = try? NSRegularExpression(pattern: ownerWill),
              let m = re.firstMatch(in: p, range: NSRange(location: 0, length: (p as NSString).length)) else { return false }
        let owner = (p as NSString).substring(with: m.range(at: 1))
        let first = owner.split(whereSeparator: { !$0.isLetter }).first.map { $0.lowercased() } ?? ""
        guard !noOwners.contains(first) else { return false }
        let verb = (p as NSString).substring(with: m.range(at: 2))
        return TagLexicon.shared.isBaseVerb(verb) && !["be", "have"].contains(verb)
    }
    /// A date or a deadline: "by Friday", "tomorrow", "next week", "by the 5th", "on 14 May",
    /// "end of the month", "EOD".
    static let dateCue = #"\b(by|on|before|until|till|due)\s+(the\s+)?(\d|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|end|next|eod|cob|noon|tomorrow|tonight)|\b(tomorrow|tonight|today|next (week|month|sprint|meeting|monday|tuesday|wednesday|thursday|friday)|this (week|afternoon|evening)|end of (the )?(day|week|month|sprint|quarter)|eod|eow|\d{1,2}(st|nd|rd|th)\b|\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|\d{4}-\d{2}-\d{2})\b"#
    /// A decision taken, as a message reports one: "we decided", "the team has agreed", "we'll
    /// have to drop…".
    static let decisionTaken = #"\b(decided|agreed|resolved)\b|\b(we|the team)\s*(will|'ll|’ll)\s+(have to|need to)\b|^\W*(decision|agreed)\s*:"#
    /// A formal letter's closing offer of help (“We remain at your disposal should you require
    /// any further clarification…”, “I am available should you have any questions.”): a
    /// courtesy, no content (a trial's summary of a formal notice took it for its request).
    static let standingOffer = #"^\W*(we|i) (remain|am|are|will (remain|be)) (at your (disposal|service)|available|happy to help)\b[^.!?]{0,80}\b(should|if) you (require|need|have)\b"#

    /// Words that say a thing is deprecated or superseded.
    static let deprecationCue = #"\b(deprecated|superseded|obsolete|no longer (maintained|supported|developed|recommended)|unmaintained|end[- ]of[- ]life)\b"#
    /// A heading over a notice ("Deprecation Note", "Important", "Warning", "Status").
    static let noticeHeading = #"^\W*(deprecat\w*|notice|important|warning|caution|status|obsolete)\b"#

    /// A message's sentence that only asks for an opinion on what it said before (“What do you
    /// think?”, “Thoughts?”, “Does that make sense?”) or apologises for asking (“Sorry to
    /// bother you with this, I know you're busy…”), or waves a request away (“No pressure at
    /// all…”): a courtesy, no point of its own (a trial's key points of an e-mail had “What do
    /// you think?”).
    static let courtesyInMessage = #"^\W*((so|anyway),?\s+)?(what do you (all |guys )?think|what are your thoughts|(any )?thoughts|how does (that|this) sound|(does )?(that|this) sounds? (ok|okay|good|alright|all right|reasonable)|does (that|this) (work|make sense)( for you)?)\W*\?$|^\W*(sorry (to bother|to trouble|for bothering|for the trouble)|no pressure\b)"#

    /// A message's closing line that asks for an answer to what it said before and says nothing
    /// of its own ("Let me know what works for you!", "Let me know what you think.", "Let me know
    /// if that works."): a courtesy, as "Thanks," is; the proposal or question it points at is
    /// the content.
    static let closingCourtesy = #"^\W*(anyway,?\s+|so,?\s+)?(please\s+)?let (me|us) know (what (works|suits)( best)?( for you)?|what you think|your thoughts|if (that|this|it) (works|suits|is ok|is okay|is fine)( for you)?|either way)\W*$"#

    /// A proposal put to the reader: "I was thinking (maybe) we could…", "maybe we should…",
    /// "how about…", "what if we…", "why don't we…", "I suggest…", "would it work if…".
    static let proposal = #"\b(i was thinking|i'm thinking|i am thinking|i thought)\b[^.!?]*\b(we|you|i)\s+(could|might|can|should)\b|\b(maybe|perhaps)\s+(we|you)\s+(could|should|can|might)\b|\b(how about|what about|what if we|why don't we|why not)\b[^.!?]*\?|\bi\s+(would\s+)?(suggest|propose)\b|\bwould it (work|be possible|be ok|be okay|help) (if|to)\b|\b(i was|i am|i'm|i've been)\s+(also\s+)?wondering\s+(if|whether)\s+(we|you)\s+(could|might|can|should)\b"#

    /// A question that opens an exchange with no content ("How are you?", "How was your
    /// weekend?", "Hope you're well?").
    static let smallTalkQuestion = #"^\W*(how are you|how's it going|how is it going|how are things|how have you been|how was your (weekend|trip|holiday|vacation|break|week)|hope (you're|you are|all is) )"#

    /// Whether sentence `p` of a message asks its reader something: a question ("did you ever
    /// hear back from the vendor?", "Could we move it to Tuesday?"; not small talk) or a
    /// proposal (``proposal``).
    static func asksTheReader(_ p: String) -> Bool {
        if Self.lastMarkBeforeClosers(p) == "?", p.range(of: smallTalkQuestion, options: [.regularExpression, .caseInsensitive]) == nil { return true }
        return p.range(of: proposal, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// A heading over decisions ("Decisions", "Decided", "Agreed").
    static let decisionHeading = #"^\W*(decisions?|decided|agreed|outcomes?|resolutions?)\b"#
    /// A heading over action items.
    static let actionHeading = #"\b(action (items?|points)|next steps|to-?dos?|follow[- ]ups?|tasks)\b"#
    /// The sign-off of a message ("Best regards,", "Thanks,", "Cheers", "Sincerely,").
    static let signOff = #"^((best|kind|warm|many)( regards| wishes)?|regards|thanks( again| a lot)?|thank you|cheers|sincerely|yours( truly| sincerely)?|all the best|talk soon)\b[^.?]{0,30}$"#
    /// Labels of metadata lines ("Date: …", "Attendees: …").
    static let metadataLabel = #"^\**(date|time|when|where|location|attendees|present|participants|absent|apologies|notes?|note[- ]taker|minutes|scribe|chair|facilitator|agenda|subject|from|to|cc|bcc|sent|re|author|authors|version|status|updated|last updated|next meeting|owner|reviewers?|title)\**\s*:"#
    /// Git trailers and similar lines.
    static let trailer = #"^(signed-off-by|co-authored-by|reviewed-by|acked-by|tested-by|reported-by|suggested-by|helped-by|fixes|closes|refs|change-id|cc|see-also|bug|link):\s"#
    /// A Conventional Commits subject (`fix(parser): …`, `feat!: …`) or a component prefix
    /// (`journal: …`).
    static let commitSubject = #"^[A-Za-z][\w./-]*(\([^)\n]*\))?!?: \S"#

    /// Whether `p` ends like a sentence: ".", "!" or "?", possibly inside a closing quotation
    /// mark or bracket ("…(see below.)", "…“done.”").
    /// By Unicode scalars, from the end: linear in the marks (by `Character`, each step back
    /// over “”” rescanned the run for grapheme breaks; 8,000 of them took 29 s, a break-it
    /// trial's summary of nested quotations).
    static func isClosed(_ p: String) -> Bool {
        lastMarkBeforeClosers(p).map { ".!?".unicodeScalars.contains($0) } ?? false
    }

    /// The last scalar of `p` before its closing brackets and quotation marks, nil when there
    /// is none. By Unicode scalars, from the end: linear in the marks.
    static func lastMarkBeforeClosers(_ p: String) -> Unicode.Scalar? {
        let scalars = p.unicodeScalars
        var k = scalars.endIndex
        while k > scalars.startIndex {
            k = scalars.index(before: k)
            if !")]\"”'’".unicodeScalars.contains(scalars[k]) { return scalars[k] }
        }
        return nil
    }

    /// A release's heading in release notes ("Noteworthy changes in release 1.21.2
    /// (2021-09-07)", "Changes in Wget 1.21", "Version 2.1 (2024-01-31)"), also written as an
    /// outline's item of plain text (`* …`).
    static func isReleaseHeading(_ s: AnalyzedSentence) -> Bool {
        !isClosed(s.plain) && s.wordCount <= 10
            && s.plain.range(of: #"^(noteworthy )?(changes in|release|version)\b.{0,40}\d+\.\d+"#, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// Whether `p` is an answer of yes or no and nothing else (“No.”, “Yes and yes.”, an FAQ's
    /// “A:  No.”), which means nothing without its question or the sentence after it.
    static func isBareAnswer(_ p: String) -> Bool {
        var words = p.lowercased().split(whereSeparator: { !$0.isLetter })
        if words.first == "a" || words.first == "answer", p.contains(":") { words.removeFirst() }
        return !words.isEmpty && words.count <= 4 && words.contains { $0 == "yes" || $0 == "no" }
            && words.allSatisfy { ["yes", "no", "and", "not", "nope", "yep", "definitely", "certainly"].contains($0) }
    }

    /// The label of a decision or an action item ("Agreed: …", "Decision: …", "Action: …").
    static let outcomeLabel = #"^\W*(decisions?|decided|agreed|resolved|resolution|outcome|action( items?| points?)?|todo|to-do)\W*:"#

    /// A line that opens with a label: a capitalised word or three and a colon ("OS: …",
    /// "Copyright holder: …").
    static let labelledLine = #"^[A-Z][\w/&-]*(?: [\w/&-]+){0,2}:(?=\s+\S)"#

    /// Whether `p` is a fragment rather than a sentence: it ends on a mark standing alone, cut
    /// there mid-clause ("…the &&, ||, and !"); it opens with a verb in the third person in lower
    /// case, a predicate without its subject ("tells bc to use…", where an option was the
    /// subject); or no word of it can be a verb ("MINIX 1.5 (IBM PC, both K&R and ANSI
    /// compilers)", "(Sparc Ultra 10, Pentium II, 450.)").
    /// Whether `p` stops where no sentence ends: no closing mark, and a last word that asks for
    /// more (a preposition, an article, “to”, a conjunction, a form of “be”).
    static func endsCutOff(_ p: String) -> Bool {
        let t = p.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = t.last, last.isLetter else { return false }
        let word = t.split(whereSeparator: { !$0.isLetter }).last.map { $0.lowercased() } ?? ""
        return cutOffWords.contains(word)
    }
    /// Words no sentence ends on.
    static let cutOffWords: Set<String> = ["to", "of", "for", "with", "by", "in", "on", "at", "from", "into", "onto", "via", "the", "a", "an",
                                           "and", "or", "but", "than", "is", "are", "be", "was", "were", "which", "whose",
                                           "under", "over", "between", "about"]

    static func isFragmentOfASentence(_ p: String) -> Bool {
        if p.range(of: #"\s[!?]$"#, options: .regularExpression) != nil { return true }
        let lexicon = TagLexicon.shared
        let words = p.split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "’" }).map(String.init)
        guard let first = words.first else { return true }
        if first.first?.isLowercase == true {
            let tags = lexicon.tagSet(of: first)
            if tags.contains(.VBZ) || tags.contains(.VBD), !tags.contains(.PRP), !tags.contains(.DT) { return true }
        }
        return !words.contains { w in
            let l = w.lowercased()
            return lexicon.isVerb(l) || lexicon.canBe(l, .MD) || l.hasSuffix("n't") || l.hasSuffix("'s") || l.hasSuffix("'re") || l.hasSuffix("'ll") || l.hasSuffix("'ve")
        }
    }

    /// Whether sentence `s` is content (see the type's documentation); `isActionItem`: a line
    /// under an "Action items" heading, whose short "Name: task" is an action, not a label.
    static func isContent(_ s: AnalyzedSentence, isListItem: Bool, isActionItem: Bool = false) -> Bool {
        let p = s.plain
        if p.hasSuffix(":") { return false }                       // introduces a list or a code block
        let closed = Self.isClosed(p)
        if s.wordCount < 3 && !closed { return false }
        if s.terms.isEmpty { return false }
        // A short line that ends on a date with an abbreviated month (“Weekly sync, 12 Nov.”) is
        // a title: its period is the abbreviation's.
        if s.wordCount <= 6, p.range(of: #"\b\d{1,2} (jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.$"#, options: [.regularExpression, .caseInsensitive]) != nil {
            return false
        }
        // An answer of yes or no (“Yes.”, “Yes and yes.”) means nothing without its question.
        if s.wordCount <= 5, isBareAnswer(p) { return false }
        // Outside a list, an unfinished short line is a title or a label, and a sentence that
        // starts with a lower-case word is the tail of one cut by a code block or a line.
        if !isListItem, !closed && s.wordCount < 6 { return false }
        // "Thanks to everyone involved…": the courtesy that closes release notes.
        if s.wordCount <= 12, p.range(of: #"^(many )?(thanks|thank you)\b.*\b(everyone|all|you)\b"#, options: [.regularExpression, .caseInsensitive]) != nil {
            return false
        }
        // A title's underline in a sentence ("GNU Wget ======== Current Web home: …"): a title
        // glued to the line after it.
        if p.range(of: #"(^|\s)(={3,}|-{4,}|\*{4,})(\s|$)"#, options: .regularExpression) != nil { return false }
        // A line in capitals ("GNU GENERAL PUBLIC LICENSE") is a title.
        let letters = p.filter(\.isLetter)
        if letters.count >= 6, s.wordCount <= 10, letters.allSatisfy(\.isUppercase) { return false }
        if p.range(of: metadataLabel, options: [.regularExpression, .caseInsensitive]) != nil { return false }
        if p.range(of: trailer, options: [.regularExpression, .caseInsensitive]) != nil { return false }
        if p.range(of: #"^(copyright\b|\(c\)|©)"#, options: [.regularExpression, .caseInsensitive]) != nil { return false }
        if p.range(of: BuiltInToolEngine.greeting, options: [.regularExpression, .caseInsensitive]) != nil { return false }
        if p.range(of: signOff, options: [.regularExpression, .caseInsensitive]) != nil, s.wordCount <= 6 { return false }
        // "Enjoy!", "Happy hacking!": an exclamation of a few words.
        if p.hasSuffix("!"), s.wordCount <= 3 { return false }
        // A short "Label: value" line without a sentence in it ("Version: 3.2").
        if let colon = p.firstIndex(of: ":"), p.distance(from: p.startIndex, to: colon) <= 24 {
            let label = p[..<colon], value = p[p.index(after: colon)...]
            // (“Agreed: ship on Monday”, “Decision: postpone the launch”: a decision, content.)
            let decides = p.range(of: outcomeLabel, options: [.regularExpression, .caseInsensitive]) != nil
            // (Nor an action item under an "Action items" heading: “Mei: schedule interviews”.)
            if label.split(separator: " ").count <= 3, value.split(separator: " ").count <= 5,
               !value.contains("."), label.first?.isUppercase == true, !decides, !isActionItem { return false }
        }
        return true
    }

    /// The title level of unit `k` when it is a title line of text (not a Markdown heading): a
    /// single short line that does not read as a sentence — no closing punctuation, or a
    /// Title-Cased or CAPITALISED phrase with a full stop (`0. Definitions.`), or a line
    /// underlined with `===` / `---` — followed by more text. 1 for `===` and CAPITALS, 2 for
    /// `---`, 3 otherwise; nil for other units.
    static func titleLevel(_ a: TextAnalysis, _ k: Int) -> Int? {
        let u = a.units[k]
        switch u.kind {
        case .paragraph: break
        case .listItem where a.document.markup != .markdown: break   // plain text's "0. Definitions."
        default: return nil
        }
        guard k + 1 < a.units.count, u.sentences.count <= 2, !a.unitLineStructured[k] || u.plain.contains("===") || u.plain.contains("---") else { return nil }
        let source = a.source(u.documentRange)
        let lines = source.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var text = u.plain
        var underline: Character?
        if lines.count == 2, let c = lines[1].first, c == "=" || c == "-", lines[1].allSatisfy({ $0 == c }) {
            underline = c
            text = lines[0]
        } else if lines.count != 1 {
            return nil
        } else if let last = text.split(separator: " ").last, let c = last.first, c == "=" || c == "-", last.count >= 3, last.allSatisfy({ $0 == c }) {
            underline = c
            text = String(text.dropLast(last.count)).trimmingCharacters(in: .whitespaces)
        }
        text = TextAnalysis.strippingListMarker(text)
        let words = text.split(separator: " ")
        guard !words.isEmpty, words.count <= 9, text.count <= 72 else { return nil }
        if let underline { return underline == "=" ? 1 : 2 }
        guard let last = text.last, last != ",", last != ":", last != ";" else { return nil }
        // The next unit must be text that the title stands over.
        let next = a.units[k + 1]
        if case .paragraph = next.kind, next.sentences.count == 1, a.sentences[next.sentences[0]].wordCount < 8 { return nil }
        let letters = words.filter { $0.first?.isLetter == true }
        let capsWords = letters.filter { w in w.allSatisfy { !$0.isLetter || $0.isUppercase } }
        if !letters.isEmpty, capsWords.count == letters.count, letters.joined().count >= 4 { return 1 }
        // Title case capitalises every word but the short function words, which may have four
        // letters or more ("Use with the GNU Affero General Public License.", "Revised Versions
        // of this License.": the GPL's sections 13 and 14).
        let long = letters.filter { $0.count >= 4 && !Self.titleFunctionWords.contains($0.lowercased()) }
        let titled = long.filter { $0.first?.isUppercase == true }
        let isTitleCase = !long.isEmpty && titled.count == long.count
        if ".!?".contains(last) {
            // A numbered title may run longer than a bare one: its number says it is a title.
            var numbered = lines.first.map { $0.range(of: #"^[0-9]{1,3}[.)]\s"#, options: .regularExpression) != nil } ?? false
            if case .listItem = u.kind { numbered = true }
            let limit = numbered ? 9 : 7
            return last == "." && isTitleCase && words.count <= limit ? 3 : nil
        }
        // No closing punctuation: a title unless it is a long, lower-case run of words.
        return words.count <= 6 || isTitleCase ? 3 : nil
    }

    /// Words a title leaves in lower case ("Revised Versions of this License", "Use with the
    /// GNU …"): articles, conjunctions, prepositions and determiners of four letters or more
    /// (shorter words are not required to be capitalised anyway).
    static let titleFunctionWords: Set<String> = [
        "about", "above", "across", "after", "against", "along", "among", "around", "before",
        "behind", "below", "beneath", "beside", "between", "beyond", "during", "except", "from",
        "inside", "into", "like", "near", "onto", "over", "past", "since", "than", "that", "these",
        "this", "those", "through", "toward", "towards", "under", "until", "unto", "upon", "when",
        "with", "within", "without", "your", "their", "whether", "while",
    ]

    /// Whether unit `u` is the text of a Markdown footnote definition (`[^1]: …`).
    /// True when `u` is an item of a numbered list whose first sentence is an imperative (“4.
    /// Link "tmp_atalla.o" into a shared-library…”, “3. Manually enter the same compilation
    /// line…”): a step that needs the ones around it. An item that states (“2. Support for X is
    /// new”, “3. The cache is faster”) is no step.
    static func isProcedureStep(_ a: TextAnalysis, _ u: AnalyzedUnit) -> Bool {
        guard case let .listItem(ordered) = u.kind else { return false }
        var k = u.documentRange.location
        while k > 0, a.units16[k - 1] != 10 { k -= 1 }
        // An item nested in a step is part of the step (“3. Manually enter the same compilation
        // line… / * change the output file from "hw_atalla.o" to something new”).
        if !ordered {
            let indent = (k..<u.documentRange.location).prefix { a.units16[$0] == 0x20 }.count
            var e = k - 1
            while e > 0 {
                var b = e
                while b > 0, a.units16[b - 1] != 10 { b -= 1 }
                let text = a.source(NSRange(location: b, length: e - b))
                let lead = text.prefix { $0 == " " }.count
                if !text.trimmingCharacters(in: .whitespaces).isEmpty, lead < indent {
                    // (The unit that starts on that line, or holds it: a step's continuation line.)
                    guard let parent = a.units.first(where: { $0.documentRange.location >= b && $0.documentRange.location <= e })
                            ?? a.units.first(where: { NSLocationInRange(b + lead, $0.documentRange) }) else { return false }
                    return isProcedureStep(a, parent)
                }
                e = b - 1
            }
            return false
        }
        let line = a.source(NSRange(location: k, length: min(NSMaxRange(u.documentRange), a.units16.count) - k))
        guard let m = line.range(of: #"^\s*\d+[.)]\s+"#, options: .regularExpression),
              Int(line[m].filter(\.isNumber)) != nil else { return false }
        let rest = line[m.upperBound...]
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\n" }).prefix(2).map { $0.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.symbols)) }
        guard var first = words.first else { return false }
        // (A command as the step's verb: “1. "cd" to the crypto/engine/ directory…”.)
        if let c = rest.first, "\"“`".contains(c), let close = rest.dropFirst().firstIndex(where: { "\"”`".contains($0) }),
           rest[rest.index(after: rest.startIndex)..<close].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
            return true
        }
        let lexicon = TagLexicon.shared
        // (An adverb first: “Manually enter…”.)
        if words.count > 1, lexicon.isAdverb(first) && !lexicon.isVerb(first) { first = words[1] }
        var tags = lexicon.tagSet(of: first)
        // (A verb the lexicon knows only without its prefix: “Recompile”, “Rebuild”, “Unpack”.)
        if tags.isEmpty, let p = ["re", "un", "pre"].first(where: { first.hasPrefix($0) && first.count > $0.count + 3 }) {
            tags = lexicon.tagSet(of: String(first.dropFirst(p.count)))
        }
        return tags.contains(.VB) && !tags.contains(.DT) && !tags.contains(.PRP) && !tags.contains(.IN) && !tags.contains(.MD)
            && (rest.first?.isUppercase == true || rest.first.map { "\"“`'".contains($0) } == true)
    }

    static func isFootnoteDefinition(_ a: TextAnalysis, _ u: AnalyzedUnit) -> Bool {
        guard a.document.markup == .markdown else { return false }
        var line = u.documentRange.location
        let units = a.units16
        while line > 0, units[line - 1] != 10, units[line - 1] != 13 { line -= 1 }
        let prefix = a.source(NSRange(location: line, length: u.documentRange.location - line))
        return prefix.range(of: #"^[ \t]{0,3}\[\^[^\]]+\]:[ \t]*$"#, options: .regularExpression) != nil
    }

    /// The genre of the analysed text.
    static func genre(_ a: TextAnalysis, _ headingLevel: [Int?]) -> Genre {
        let units = a.units
        let firstSentences = units.prefix(4).compactMap { $0.sentences.first.map { a.sentences[$0].plain } }
        if firstSentences.contains(where: { $0.range(of: BuiltInToolEngine.greeting, options: [.regularExpression, .caseInsensitive]) != nil }) {
            return .email
        }
        // Meeting notes: two signs among attendees, agenda, minutes, action items, decisions.
        var signs = Set<String>()
        for u in units {
            let t = u.plain
            for (name, pattern) in [("people", #"^\**(attendees|present|participants|apologies)\**\s*:"#), ("agenda", #"^\**agenda\b"#),
                                    ("actions", actionHeading), ("decision", #"^\**(decisions?|decided)\b"#),
                                    ("minutes", #"\b(minutes|meeting notes|weekly sync|stand-?up|retro(spective)?)\b"#)]
            where t.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil {
                if name == "actions", case .paragraph = u.kind, u.sentences.count > 1 { continue }
                signs.insert(name)
            }
            // (A decision stated as one, “it was agreed that…”, “Decision: …”, is a sign too.)
            if u.sentences.contains(where: { a.sentences[$0].plain.range(of: decisionCue, options: [.regularExpression, .caseInsensitive]) != nil }) {
                signs.insert("decision")
            }
        }
        if signs.count >= 2 { return .meetingNotes }
        // A commit message: a subject line, a blank line, a body; no Markdown headings.
        guard a.document.markup != .markdown, let first = units.first, first.sentences.count >= 1,
              headingLevel.compactMap({ $0 }).count <= 1, units.count >= 2 else { return .prose }
        let source = a.source(first.documentRange)
        guard !source.contains("\n"), source.count <= 200 else { return .prose }
        // A field (“Title: App crashes when uploading large files”, “Subject: …”): a form, such
        // as a bug report, whose title is no point of its own (a README-only trial's key points
        // opened with it).
        if source.range(of: #"^\W*(title|subject)\s*:"#, options: [.regularExpression, .caseInsensitive]) != nil { return .prose }
        if source.range(of: commitSubject, options: .regularExpression) != nil { return .commitMessage }
        let words = source.split(separator: " ")
        let long = words.filter { $0.count >= 4 && $0.first?.isLetter == true }
        let titled = long.filter { $0.first?.isUppercase == true }.count
        if let last = source.last, !".!?:,".contains(last), words.count >= 4, titled * 2 < long.count + 1,
           units.count <= 20, units.dropFirst().contains(where: { $0.sentences.count >= 2 }) {
            return .commitMessage
        }
        return .prose
    }

    /// The NAME line of a manual page rendered as text (`ls - list directory contents`,
    /// `ssh — OpenSSH remote login client`, `gzip, gunzip, zcat - compress or expand files`) as a
    /// sentence: a description that opens with a verb gets the verb in the third person
    /// ("ls lists directory contents.", "gzip, gunzip and zcat compress or expand files."), one
    /// that opens with a noun phrase is what the command is ("sed is a stream editor for…",
    /// "ssh is the OpenSSH remote login client."). A first word that is a noun as much as a verb
    /// is a verb unless the word after it is an agent noun or a gerund ("stream editor",
    /// "package manager", "pattern scanning"). Nil when the page has no such line.
    static func manualPageName(_ text: String) -> (sentence: String, commands: [String])? {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)[...]
        guard let name = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "NAME" && $0.first?.isWhitespace == false }) else { return nil }
        lines = lines[(name + 1)...].drop { $0.allSatisfy(\.isWhitespace) }
        // (A word hyphenated at a line's end, "lan‐" / "guage", is one word again.)
        var body = ""
        for line in lines.prefix(while: { !$0.allSatisfy(\.isWhitespace) && $0.first?.isWhitespace == true }) {
            let t = line.trimmingCharacters(in: .whitespaces)
            if body.hasSuffix("\u{2010}") { body.removeLast(); body += t } else if body.hasSuffix("-"), body.dropLast().last?.isLetter == true {
                body += t
            } else { body += (body.isEmpty ? "" : " ") + t }
        }
        guard let dash = body.range(of: #"\s+(-|‐|–|—|\\-)\s+"#, options: .regularExpression) else { return nil }
        let names = body[..<dash.lowerBound].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var description = body[dash.upperBound...].trimmingCharacters(in: .whitespaces)
        while let last = description.last, ".;,".contains(last) { description.removeLast() }
        guard !names.isEmpty, names.count <= 6, names.allSatisfy({ !$0.contains(" ") }), !description.isEmpty else { return nil }
        let subject = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        let plural = names.count > 1
        var words = description.split(separator: " ").map(String.init)
        let lexicon = TagLexicon.shared
        func lower(_ w: String) -> String {
            w.dropFirst().contains(where: \.isUppercase) ? w : w.lowercased()
        }
        /// The word after `k` opens a noun phrase or a prepositional phrase ("the", "a", "to").
        func opensPhrase(_ k: Int) -> Bool {
            guard k + 1 < words.count else { return false }
            let next = words[k + 1].lowercased()
            return [PennTag.DT, .IN, .TO, .PRPS].contains { lexicon.canBe(next, $0) }
        }
        func isVerbReading(_ k: Int) -> Bool {
            let w = lower(words[k])
            // ("output the first part of files": a word before "the" is a verb.)
            let beforeArticle = k + 1 < words.count && ["the", "a", "an"].contains(words[k + 1].lowercased()) && !lexicon.isAdjective(w)
            guard lexicon.isBaseVerb(w) || beforeArticle else { return false }
            guard k + 1 < words.count else { return true }
            let next = words[k + 1].lowercased()
            if lexicon.isNoun(w) {
                // "stream editor", "package manager", "pattern scanning": a compound noun.
                if next.count > 4, next.hasSuffix("er") || next.hasSuffix("or") || next.hasSuffix("ing") { return false }
                if next.hasSuffix("utility") || next.hasSuffix("tool") || next == "program" || next == "interface" || next == "language" {
                    return false
                }
            }
            return true
        }
        if isVerbReading(0) {
            // The verb, a verb in brackets after it ("move (rename) files"), and one joined to
            // it by "and", "or" or "/" (right after it: "compress or expand files"; later, before
            // a phrase: "read from standard input and write to standard output", never "run a
            // command with substitute user and group ID").
            func thirdPerson(_ w: String) -> String {
                if let f = lexicon.forms(of: w)?.thirdPerson { return f }
                if w.count > 1, w.hasSuffix("y"), let b = w.dropLast().last, !"aeiou".contains(b) { return w.dropLast() + "ies" }
                if ["s", "x", "z", "ch", "sh"].contains(where: w.hasSuffix) { return w + "es" }
                return w + "s"
            }
            words[0] = plural ? lower(words[0]) : thirdPerson(lower(words[0]))
            if words.count > 1, words[1].hasPrefix("("), words[1].hasSuffix(")"), !plural, lexicon.isBaseVerb(String(words[1].dropFirst().dropLast())) {
                words[1] = "(" + thirdPerson(String(words[1].dropFirst().dropLast())) + ")"
            }
            if !plural, let k = words.indices.dropFirst(2).first(where: { k in
                ["and", "or", "/", "and/or"].contains(words[k - 1]) && lexicon.isBaseVerb(words[k]) && !lexicon.canBe(words[k], .NNS)
                    && (k == 2 || opensPhrase(k))
            }) {
                words[k] = thirdPerson(words[k])
            }
            return (subject + " " + words.joined(separator: " ") + ".", names)
        }
        let first = words[0]
        let determiners: Set<String> = ["a", "an", "the", "one"]
        if determiners.contains(first.lowercased()) {
            words[0] = first.lowercased()
            return (subject + (plural ? " are " : " is ") + words.joined(separator: " ") + ".", names)
        }
        if plural { return (subject + ": " + description + ".", names) }
        // The phrase's head (its last word before a preposition, a comma or its end): a plural
        // head is no "a …" ("zshbuiltins - zsh built-in commands" is no "a zsh built-in
        // commands"): the page and its topic, as for several names.
        let headIndex = words.indices.first(where: { k in k > 0 && [PennTag.IN, .TO].contains { lexicon.canBe(words[k].lowercased(), $0) } && !lexicon.isNoun(words[k].lowercased()) })
            .map { $0 - 1 } ?? words.count - 1
        let head = words[headIndex].trimmingCharacters(in: .punctuationCharacters).lowercased()
        if head.count > 3, head.hasSuffix("s"), !head.hasSuffix("ss"), lexicon.canBe(head, .NNS), !lexicon.canBe(head, .NN) {
            return (subject + ": " + description + ".", names)
        }
        let article: String
        if first.first?.isUppercase == true { article = "the" } else if words.count > 1, words[1].lowercased() == "of", lexicon.isNoun(first.lowercased()),
                  lexicon.isAdjective(first.lowercased()) {
            // A word that is an adjective as much as a noun, before "of", names the one
            // counterpart ("less - opposite of more": "the opposite of more", not "an").
            article = "the"
        } else {
            article = "aeiou".contains(first.first!.lowercased()) ? "an" : "a"
        }
        return (subject + " is " + article + " " + description + ".", names)
    }

    // MARK: Selection

    /// The text of sentence `i` as the result shows it: Markdown source or plain text, on one
    /// line (hard-wrapped lines and continuation indentation made single spaces).
    func text(_ i: Int) -> String {
        let s = analysis.sentences[i]
        let t = Boilerplate.removingModeLines(compact[i] ?? withoutTitle[i] ?? Self.reflowed(style.markdown ? s.markdown : s.plain))
        // An outline's item marker of plain text (wget's NEWS: "** Fix a double free…"), or a
        // Markdown heading's marker in a text read as plain ("## Build times: no decision
        // yet…", Markdown notes sent over HTTP as plain text): markup never reaches a result.
        if let m = t.range(of: #"^(\*{1,4}|#{1,6})[ \t]+(?=\S)"#, options: .regularExpression) {
            return String(t[m.upperBound...])
        }
        // A lettered or Roman item marker of plain text ("b) The work must…", "(iv) …").
        if let m = t.range(of: #"^\(?([a-z]|[ivx]{1,4})\)[ \t]+(?=[A-Z“\"])"#, options: .regularExpression) {
            return String(t[m.upperBound...])
        }
        // "No decision; to be revisited in January." says what of it under its heading only:
        // the point takes the heading as its subject ("Budget for the load-testing cluster:
        // no decision; …").
        if t.range(of: #"^no decision\b"#, options: [.regularExpression, .caseInsensitive]) != nil,
           let k = sentence.firstIndex(of: i), !heading[k].isEmpty {
            let topic = heading[k].replacingOccurrences(of: #"^\d+(\.\d+)*[.)]?\s+"#, with: "", options: .regularExpression)
            return topic + ": n" + t.dropFirst()
        }
        return t
    }

    /// A heading's text as a label: without closing punctuation or a `===` underline.
    static func titleText(_ s: String) -> String {
        var t = TextAnalysis.strippingListMarker(s)
        // (A Markdown heading's marker in a text read as plain, "## Build times", is no part
        // of its title: a point led by it began "## Build times: no decision yet…".)
        if let m = t.range(of: #"^#{1,6}[ \t]+(?=\S)"#, options: .regularExpression) { t = String(t[m.upperBound...]) }
        if let last = t.split(separator: " ").last, last.count >= 3, last.allSatisfy({ $0 == "=" || $0 == "-" }) {
            t = String(t.dropLast(last.count))
        }
        return t.trimmingCharacters(in: CharacterSet(charactersIn: " .:").union(.whitespaces))
    }

    /// `s` with every run of white space that holds a line break made one space.
    static func reflowed(_ s: String) -> String {
        guard s.contains(where: \.isNewline) else { return s }
        return s.replacingOccurrences(of: #"[ \t]*(\r\n|\r|\n)[ \t>]*"#, with: " ", options: .regularExpression)
    }

    /// Candidates chosen for a budget: `words` (summary) or `count` (key points), covering the
    /// sections first. Candidate indices, in document order.
    func select(words: Int?, count: Int?, redundancy: Double, outcomesFirst: Bool = false, hardLimit: Int? = nil) -> [Int] {
        let c = candidates
        guard !c.isEmpty else { return [] }
        var summarizer = ExtractiveSummarizer(redundancyThreshold: redundancy)
        // (A short summary of a message has room for what it asks and little else.)
        summarizer.flattensCentrality = outcomesFirst && genre == .email
        let (score, vs, norms) = summarizer.scores(c)
        // A sentence weighed as no point at all (an FAQ's question, a title written as a field,
        // a version-control keyword: weight 0.01 or less) is never taken, not even to cover
        // its paragraph, unless nothing else is left.
        let negligible = { (i: Int) in c[i].weight <= 0.011 }
        let order = score.indices.sorted { score[$0] != score[$1] ? score[$0] > score[$1] : $0 < $1 }
            .filter { !negligible($0) || c.indices.allSatisfy(negligible) }
        // Key points of a text without sections cover its paragraphs instead.
        var section = self.section
        var sectionCount = self.sectionCount
        if sectionCount == 1, count != nil, words == nil {
            var ids: [Int: Int] = [:]
            section = c.map { cand in
                if let id = ids[cand.paragraph] { return id }
                ids[cand.paragraph] = ids.count
                return ids.count - 1
            }
            sectionCount = max(1, ids.count)
        }
        // Section shares, by characters of content.
        var mass = [Double](repeating: 0, count: sectionCount)
        for (k, s) in section.enumerated() { mass[s] += Double(c[k].characters) }
        let total = max(1, mass.reduce(0, +))
        var chosen: [Int] = []
        var usedWords = 0
        var shownWords = 0
        func shown(_ i: Int) -> Int {
            compact[sentence[i]].map(MessageDigest.wordCount) ?? analysis.sentences[sentence[i]].plain.split(whereSeparator: \.isWhitespace).count
        }
        var perSection = [Int](repeating: 0, count: sectionCount)
        var perSectionWords = [Int](repeating: 0, count: sectionCount)
        func redundant(_ i: Int, threshold: Double? = nil) -> Bool {
            chosen.contains { ExtractiveSummarizer.cosine(vs[$0], norms[$0], vs[i], norms[i]) > (threshold ?? redundancy) }
        }
        func full() -> Bool {
            if let count, chosen.count >= count { return true }
            if let words, usedWords >= words { return true }
            return false
        }
        func fits(_ i: Int) -> Bool {
            if chosen.isEmpty { return true }
            // (A hard limit, a short summary's 70 words, takes no slack, and counts the words
            // as a reader does: a URL, a version, code are words too.)
            if let hardLimit, shownWords + shown(i) > hardLimit { return false }
            guard let words else { return true }
            // A message's request or question to the reader may run a summary over its budget
            // by half: it is what the reader must answer ("Any chance you could pop by once a
            // day and put food out?" lost its place in a short summary to a sentence 7 words
            // shorter and five times less weighty).
            // (A message's first request fits whatever its length: a formal letter's request
            // with its deadline ran 64 words, after a main fact of 70.)
            // So does its news, the outcome it gives the reader.
            let slack = genre == .email && isNews[i] && !chosen.contains(where: { isNews[$0] }) ? max(10, words)
                : genre == .email && asksTheReader[i] ? (chosen.contains { asksTheReader[$0] } ? max(10, words / 2) : max(10, words)) : max(5, words / 4)
            return usedWords + c[i].wordCount <= words + slack
        }
        func take(_ i: Int) {
            chosen.append(i)
            usedWords += c[i].wordCount
            shownWords += shown(i)
            perSection[section[i]] += 1
            perSectionWords[section[i]] += c[i].wordCount
        }
        // Pass 0 (key points): the outcomes of meeting notes or a message, decisions and action
        // items, best first, whatever the size of their section: all but one of the points
        // (``keyPoints(length:maximum:)`` makes room for them); the sections' coverage brings
        // the rest. (A summary's budget already weighs them up.)
        // A notice that the subject is deprecated (``isNotice``) comes first, whatever its
        // section's share: it is what a reader must know before the rest.
        if let i = order.first(where: { isNotice[$0] }) { take(i) }
        // A message's summary keeps what the reader must act on before anything else: its
        // news (a refusal, a decision) first, then what it asks, a question to the reader
        // first (session 53's trial: “Would you be OK with me running a pilot…?” and a letter's
        // “it is not possible for the Committee to grant the request” lost their places to a
        // run-on sentence that scored higher).
        if words != nil, genre == .email {
            if let i = order.first(where: { isNews[$0] }), fits(i) { take(i) }
            let asks = order.filter { asksTheReader[$0] && !chosen.contains($0) }
            if let i = asks.first(where: { Self.lastMarkBeforeClosers(text(sentence[$0])) == "?" }) ?? asks.first, fits(i) { take(i) }
        }
        // So does the sentence that says what the subject is (``lead``): a README's short
        // summary that never says what the software is (GnuPG's opened with "Note that the 2.0
        // series of GnuPG reached end-of-life") tells a newcomer nothing.
        if let i = lead, words != nil, !chosen.contains(i), fits(i) { take(i) }
        // (Two outcomes are one point only when they say the same: an action item that carries
        // out a decision shares its words but adds who does it and what else, "Chiara: pause the
        // reporting jobs for 18 January and tell the finance team" after "…the reporting jobs
        // are paused for the day"; a trial's key points lost it.)
        let decisionLimit = words == nil ? count.map { max(1, $0 - 1) } ?? 0 : 0
        let outcomeRedundancy = max(redundancy, 0.75)
        for i in order where statesADecision[i] && chosen.count < decisionLimit && !full() {
            if !redundant(i, threshold: outcomeRedundancy) && fits(i) { take(i) }
        }
        for i in order where isDecision[i] && !chosen.contains(i) && chosen.count < decisionLimit && !full() {
            if !redundant(i, threshold: outcomeRedundancy) && fits(i) { take(i) }
        }
        // Pass 0 (a summary of meeting notes): its decisions first, best first, up to 60 % of
        // the budget; action items come with their sections (a trial's short summary of
        // meeting notes was two action items and a request whose outcome it left out; session
        // 52's trial: the medium and long ones took "Omar said the migration is basically
        // ready" over "we agreed to go ahead with the migration on Saturday 14 December").
        if let words, outcomesFirst, genre == .meetingNotes {
            // A decision of each section first, in the notes' order (the first agenda item's
            // decision was pushed out of a short summary by two later ones that scored higher),
            // then the others by score, up to 60 % of the budget.
            // (A short summary, under its hard limit, is its decisions; a longer one keeps 40 %
            // of its budget for the action items and the rest.)
            let decisionCap = hardLimit != nil ? words + words / 4 : words * 3 / 5
            for s in 0..<sectionCount where usedWords < decisionCap && !full() {
                if let i = order.first(where: { section[$0] == s && statesADecision[$0] && !chosen.contains($0) }), !redundant(i), fits(i) { take(i) }
            }
            for i in order where statesADecision[i] && !chosen.contains(i) && usedWords < words * 3 / 5 && !full() {
                if !redundant(i) && fits(i) { take(i) }
            }
            // A medium or long summary has every action item too, in the notes' order, up to half
            // as many words again as its budget: who does what by when is what a reader of notes
            // looks for (session 54's trial: the medium and long summaries left out “Dora to write
            // the customer notice … by Monday” for a sentence of context).
            if hardLimit == nil {
                // (Within the summary's sentence count, when it has one: a Summarizer's tldr of
                // medium length has three sentences, not its decisions and three action items.)
                for i in c.indices where isDecision[i] && !statesADecision[i] && !chosen.contains(i) && !(count.map { chosen.count >= $0 } ?? false) {
                    if !redundant(i, threshold: outcomeRedundancy), usedWords + c[i].wordCount <= words + words / 2 { take(i) }
                }
            }
        }
        // Pass 1: the best sentence of each section, the opening part first, then by share.
        let sections = (0..<sectionCount).filter { mass[$0] > 0 }
        let bySize = sections.sorted { a, b in
            if a == 0 || b == 0 { return a == 0 && b != 0 }
            return mass[a] != mass[b] ? mass[a] > mass[b] : a < b
        }
        if sections.count > 1 {
            for s in bySize {
                if full() { break }
                // A section too small for its share of a summary's budget gets no sentence of
                // its own (a summary of 18 sections in 200 words covers the largest ones).
                if let words, Double(words) * mass[s] / total < 6, s != bySize.first { continue }
                // (Courtesies and other low-weight sentences only by their score, in pass 2.)
                // A section's only point is left out as a near-duplicate only: sections of one
                // document share its vocabulary ("this License", "covered work").
                // In meeting notes a section's outcome (a decision, an action item) is its best
                // sentence, before the context it was decided in (session 52's trial: "Our
                // logging bill went up 40 %…" was taken over "Priya will turn off debug logging
                // in payments today…").
                let candidate = { (i: Int) in section[i] == s && c[i].weight >= 0.5 && !chosen.contains(i) && !redundant(i, threshold: max(redundancy, 0.6)) && fits(i) }
                if let best = (genre == .meetingNotes ? order.first(where: { isDecision[$0] && candidate($0) }) : nil) ?? order.first(where: candidate) {
                    take(best)
                } else if words == nil,
                          let only = order.first(where: { section[$0] == s && c[$0].weight >= 0.5 && !chosen.contains($0) && !redundant($0, threshold: 0.9) }) {
                    // Key points: a section whose every sentence is close to a point already
                    // taken still has one, unless it says the same words again. Sections under
                    // the same title say contrasting things in the same words (Node.js's
                    // SECURITY.md: "External Control of System or Configuration Setting
                    // (CWE-15)" under its examples of vulnerabilities, "…a configuration file
                    // which is not documented…", and under its non-vulnerabilities, "…which is
                    // documented…"; the second had no point).
                    take(only)
                }
            }
        }
        // Pass 2: by score, each section held to its share.
        for i in order where !full() {
            if chosen.contains(i) || redundant(i) || !fits(i) { continue }
            if c[i].wordCount < 4, !chosen.isEmpty { continue }
            // (A message's courtesy, “Hope you're doing well!”, “Should you require any further
            // information…”, is no sentence of its summary: a longer budget let them in.)
            if genre == .email, isCourtesy[i] { continue }
            let s = section[i]
            if sections.count > 1 {
                let share = mass[s] / total
                if let count, Double(perSection[s]) >= (Double(count) * share).rounded(.up) + 1 { continue }
                if let words, Double(perSectionWords[s]) >= Double(words) * share * 1.5 + 10 { continue }
            } else if let words, !asksTheReader[i], let count = Optional(chosen.filter({ c[$0].paragraph == c[i].paragraph }).count),
                      count >= max(2, (words / 60)) {
                continue   // one paragraph does not fill a summary of a text without sections
            }
            take(i)
        }
        // Pass 3 (a summary short of its budget): whatever fits, by score, up to a `count` that
        // caps the text's sentences (a tldr of one sentence came back with three: this pass
        // took no count); a two-sentence text's summary may still have both.
        if let words, usedWords < words * 2 / 3 {
            for i in order where usedWords < words && !(count.map { chosen.count >= $0 && $0 < c.count - 1 } ?? false) {
                // (Not a courtesy: “Thank you for your application.”, “We remain at your
                // disposal…” filled a short letter's summary.)
                if chosen.contains(i) || redundant(i) || !fits(i) || c[i].weight < 0.5 { continue }
                take(i)
            }
        }
        // A summary's sentence that points back with a pronoun ("Please check this with
        // accounting") brings the sentence it points to, when that one was left out and fits;
        // when it does not fit, the sentence goes (it would not say what "this" is).
        if let words {
            for i in chosen.sorted() where i > 0 && !c[i].isFirstInParagraph && c[i - 1].paragraph == c[i].paragraph && !chosen.contains(i - 1) {
                let p = analysis.sentences[sentence[i]].plain
                guard p.range(of: Self.pointsBack, options: [.regularExpression, .caseInsensitive]) != nil else { continue }
                if usedWords + c[i - 1].wordCount <= words + max(10, words / 3), shownWords + shown(i - 1) <= hardLimit ?? Int.max {
                    take(i - 1)
                } else if chosen.count > 1 {
                    chosen.removeAll { $0 == i }
                    usedWords -= c[i].wordCount
                    shownWords -= shown(i)
                }
            }
            carryAntecedents(&chosen, usedWords: &usedWords, words: words, score: score)
        }
        return chosen.sorted()
    }

    /// A summary's sentence whose pronoun points outside it ("What if we just did it here in
    /// town instead?", "Would you be able to come round every other day and water them?":
    /// ``pointsOutside(_:)``) comes with the sentence that names what it points to: of the four
    /// candidates before it in its section, the best scored that stands on its own, unless one
    /// of them is already chosen. To make room, chosen sentences that score lower than that
    /// one go (a courtesy first), down to the pair itself when the summary is short; a sentence
    /// with nothing to carry it, and no request, goes instead when another is left.
    private func carryAntecedents(_ chosen: inout [Int], usedWords: inout Int, words: Int, score: [Double]) {
        let c = candidates
        var needs: [Int: Antecedent?] = [:]
        func need(_ k: Int) -> Antecedent? {
            if let v = needs[k] { return v }
            let v = Self.antecedentNeeded(text(sentence[k]))
            needs[k] = v
            return v
        }
        for i in chosen.sorted() where chosen.contains(i) {
            // (The first sentence of a section points at its heading or the document's title:
            // bash's "This is GNU Bash, version 5.2." is its README's lead.)
            guard (0..<i).contains(where: { section[$0] == section[i] }), let wanted = need(i) else { continue }
            // (A carrier stands on its own and names a noun the pronoun can stand for.)
            // (A chosen one carries it even when it leans on another for a pronoun of its own:
            // Gettysburg's "The brave men … have consecrated it" names the "they" after it.)
            let window = (max(0, i - 4)..<i).filter { section[$0] == section[i] && c[$0].paragraph <= c[i].paragraph }
                .filter { !isFragment[$0] && Self.names(text(sentence[$0]), wanted) }
            if window.contains(where: { chosen.contains($0) }) { continue }
            let carriers = window.filter { c[$0].weight >= 0.5 && need($0) == nil }
            guard let a = carriers.max(by: { score[$0] != score[$1] ? score[$0] < score[$1] : $0 < $1 }) else {
                if chosen.count > 1, !asksTheReader[i] {
                    chosen.removeAll { $0 == i }
                    usedWords -= c[i].wordCount
                }
                continue
            }
            // The room: the budget with a request's slack, or the pair alone; a request, which the
            // reader must answer, may take up to twice the budget (70 words at most) to say what
            // it is about.
            var limit = max(words + (asksTheReader[i] ? max(10, words / 2) : max(5, words / 4)), c[a].wordCount + c[i].wordCount)
            if asksTheReader[i] { limit = max(limit, min(70, 2 * words)) }
            guard c[a].wordCount + c[i].wordCount <= max(limit, 70) else { continue }
            let droppable = chosen.filter { $0 != i && (score[$0] < score[a] || c[$0].weight < 0.5) }
                .sorted { (c[$0].weight >= 0.5 ? 1 : 0, score[$0]) < (c[$1].weight >= 0.5 ? 1 : 0, score[$1]) }
            var drop: [Int] = []
            var used = usedWords + c[a].wordCount
            for d in droppable where used > limit {
                drop.append(d)
                used -= c[d].wordCount
            }
            guard used <= limit else {
                if chosen.count > 1, !asksTheReader[i] {
                    chosen.removeAll { $0 == i }
                    usedWords -= c[i].wordCount
                }
                continue
            }
            chosen.removeAll { drop.contains($0) }
            chosen.append(a)
            usedWords = used
        }
    }

    /// What a sentence's pronoun needs from the sentence that names it.
    enum Antecedent: Equatable {
        /// "it", "its": a singular noun.
        case singular
        /// "they", "them", "their": a plural noun.
        case plural
        /// "this", "that" standing alone, "instead": any noun.
        case any
    }

    /// True when a sentence's pronoun stands for something it does not name
    /// (``antecedentNeeded(_:)``).
    static func pointsOutside(_ p: String) -> Bool { antecedentNeeded(p) != nil }

    /// What the sentence needs named before it, nil when it stands on its own: "it", "they",
    /// "them", "their" before any noun that could be what they mean (a singular one for "it", a
    /// plural one for "they"), a sentence that opens with "this" or "that" and a verb, or one
    /// that ends on "instead". The "it" of "it is easy to…", "it takes…" or "make it to" points
    /// nowhere, and "I", "we" and "you" point at the writer and the reader.
    static func antecedentNeeded(_ p: String) -> Antecedent? {
        let lower = p.lowercased()
        let instead = lower.range(of: #"\binstead\s*[.?!]?\s*$"#, options: .regularExpression) != nil
        guard lower.range(of: #"\b(it|its|they|them|their|this|that|these|those)\b|\b(it|they)['’]"#, options: .regularExpression) != nil else {
            return instead ? .any : nil
        }
        let tagged = PartOfSpeechTagging.tag(p).flatMap { $0 }
        var singular = false, plural = false
        for (k, t) in tagged.enumerated() {
            let w = PhraseRewriter.norm(t.text.lowercased())
            let host = w.split(separator: "'").first.map(String.init) ?? w
            let next = k + 1 < tagged.count ? tagged[k + 1] : nil
            if k == 0, ["this", "that", "these", "those"].contains(w), let next, next.tag.wordClass == .verb || next.tag == .MD { return .any }
            switch host {
            case "it", "its":
                if singular { continue }
                // A placeholder "it": "it is easy to", "it takes", "it seems", "make it to".
                let rest = tagged[(k + 1)...].prefix(4).map { $0.text.lowercased() }
                if w == "it", let f = rest.first, ["takes", "took", "seems", "seemed", "appears", "looks"].contains(f) { continue }
                if w == "it" || w.hasPrefix("it'"), rest.contains(where: { $0 == "to" || $0 == "that" }),
                   rest.prefix(3).contains(where: { ["is", "was", "be", "'s", "seems"].contains($0) }) || w.hasPrefix("it'") { continue }
                if k > 0, ["make", "makes", "made", "making"].contains(tagged[k - 1].text.lowercased()), next?.text.lowercased() == "to" { continue }
                return .singular
            case "they", "them", "their", "theirs":
                if !plural { return .plural }
            default:
                if t.tag == .NN || t.tag == .NNP { singular = true }
                if t.tag == .NNS || t.tag == .NNPS { plural = true }
            }
        }
        return instead ? .any : nil
    }

    /// True when `p` names a noun that `need` can stand for.
    static func names(_ p: String, _ need: Antecedent) -> Bool {
        let tags = PartOfSpeechTagging.tag(p).flatMap { $0 }.map(\.tag)
        switch need {
        case .singular: return tags.contains { $0 == .NN || $0 == .NNP }
        case .plural: return tags.contains { $0 == .NNS || $0 == .NNPS }
        case .any: return tags.contains { $0.isNoun }
        }
    }

    /// An outcome a message gives its reader: a passive under a negated modal (“cannot be
    /// processed”, “will not be renewed”) or a decision reported done (“has been approved”,
    /// “was declined”).
    /// A refusal said in a letter's words (“it will not be possible for the Council to proceed
    /// with the approval of your application”, “we regret to inform you”, “we are unable to
    /// accept”) is one too.
    static let outcomeForTheReader = #"\b(will|would|is|was)\s+not\s+be\s+possible\b|\bregret to (inform|advise|tell)\b|\b(unable|not (be )?able|not in a position) to (approve|accept|proceed|grant|process|offer|support|renew|extend)\b|\b(cannot|can't|can not|could not|couldn't|will not|won't|shall not)\s+(?:\w+\s+)?be\s+[a-z]+ed\b|\b(has|have|had|was|were)\s+(?:now\s+)?(?:been\s+)?(approved|accepted|rejected|declined|refused|denied|granted|cancelled|canceled|postponed|terminated|suspended|renewed|extended|withdrawn)\b"#

    /// A decision whose verb has no object: a subject, a verb and a time or a place right
    /// after it (“we migrate on Sunday…”, “the team moves in March”).
    static let actsWithoutObject = #"^(we|they|the team|everyone|everybody)\s+(will\s+|'ll\s+)?[a-z]+\s+(on|at|in|from|by|before|after|next|this|starting|tomorrow|today)\b"#

    /// `t`, candidate `k`'s text, with the topic of its section when it is a decision of
    /// meeting notes written under a label that does not name what it decides, its verb
    /// without an object (``actsWithoutObject``: “Decision: we migrate on Sunday 18 January…”
    /// under “1. Q1 database migration” → “Decision (Q1 database migration): we migrate…”; a
    /// trial's summary never said what was migrated). Not when the decision already has a word
    /// of the heading, nor under a heading that is a label (“Attendees: …”).
    func withItsTopic(_ t: String, _ k: Int) -> String {
        guard genre == .meetingNotes, statesADecision[k],
              let label = t.range(of: #"^\**(decision|decided|agreed|resolved)\**\s*:\**\s*"#, options: [.regularExpression, .caseInsensitive]),
              t[label.upperBound...].range(of: Self.actsWithoutObject, options: [.regularExpression, .caseInsensitive]) != nil else { return t }
        let topic = heading[k].replacingOccurrences(of: #"^\s*(\d+[.)]|[ivx]+\.)\s*"#, with: "", options: [.regularExpression, .caseInsensitive])
            .trimmingCharacters(in: .whitespaces)
        guard !topic.isEmpty, topic.count <= 60, !topic.contains(":"), topic.range(of: #"^(decisions?|action items?|actions|notes|agenda|summary)$"#, options: [.regularExpression, .caseInsensitive]) == nil
        else { return t }
        let said = Set(t.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
        let named = topic.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { $0.count >= 4 }
        guard !named.isEmpty, named.allSatisfy({ !said.contains($0) }) else { return t }
        let name = t[label].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "*", with: "")
        return "\(name) (\(topic)): " + t[label.upperBound...]
    }

    /// True when `sentence` opens with a verb in the imperative or the third person that acts
    /// on something (“Guard the token…”, “Make the retry path…”, “Also stop treating…”,
    /// “Adds a test…”): a commit message's statement of its change. The verb is followed by a
    /// determiner, a pronoun or a gerund, so a noun phrase (“Token refresh was…”) is none.
    static func statesTheChange(_ sentence: String) -> Bool {
        var words = sentence.split(separator: " ", omittingEmptySubsequences: true).prefix(4).map { $0.lowercased().trimmingCharacters(in: .punctuationCharacters) }
        if let f = words.first, ["also", "then", "and", "so", "instead"].contains(f) { words.removeFirst() }
        guard words.count >= 2 else { return false }
        let lexicon = TagLexicon.shared
        let verb = words[0], next = words[1]
        guard lexicon.canBe(verb, .VB) || lexicon.canBe(verb, .VBZ), !lexicon.canBe(verb, .DT), !lexicon.canBe(verb, .PRP),
              !lexicon.canBe(verb, .IN), !lexicon.canBe(verb, .CC), !["when", "if", "while", "since", "because"].contains(verb) else { return false }
        let objects: Set<String> = ["the", "a", "an", "it", "its", "this", "that", "these", "those", "them", "all", "each", "every", "our", "their",
                                    "any", "both", "one", "some", "no"]
        return objects.contains(next) || (next.hasSuffix("ing") && lexicon.canBe(next, .VBG))
    }

    /// A demonstrative that stands for what the sentence before said, as an object at a
    /// clause's end or before a preposition ("check this with accounting", "fix that before
    /// Friday"); "it" and "them" mostly name a thing the reader can tell, and are left alone.
    /// So does a sentence that answers the one before: "If not, …", "If so, …", "Otherwise, …"
    /// ("I was thinking we could push it to Tuesday? If not no worries, I can read the notes").
    /// And a sentence whose subject is "This" or "That" doing what the sentence before told
    /// ("This mostly showed up on slow connections…" after a commit's bug: a trial's short
    /// summary took it alone).
    static let pointsBack = #"^(?:for|with|without|besides|unlike|because of|instead of|apart from|in addition to|to do)\s+(?:this|that|these|those|it|them|so)\s*(?:,|\s+(?:you|we|i|they|one|users?|the user)\b)|^(?:in (?:that|this) case|if (?:that|this) (?:is|fails|happens|works))\b|^(?:this|that|these|those)\s+(?:mostly|only|also|often|usually|typically|still|was|were|happens|happened|showed|shows|caused|causes|meant|means|led|leads|broke|breaks|affected|affects|appeared|appears|occurred|occurs)\b|^(?:if not|if so|otherwise)\b|\b(?:check|confirm|fix|review|discuss|handle|look into|follow up on|sort out|do|see|know|send|forward|approve)\s+(?:this|that)\s*(?:[.!?,;]|\b(?:with|before|after|by|for|to|in|on|at|again|first|today|tomorrow|now|soon)\b)"#

    /// Candidates with their weights and scores on standard error, when the environment has
    /// `WT_DIGEST_DEBUG` (to tune the selection on a document).
    func debugDump() {
        guard ProcessInfo.processInfo.environment["WT_DIGEST_DEBUG"] != nil else { return }
        let (score, _, _) = ExtractiveSummarizer().scores(candidates)
        var err = ""
        for (k, i) in sentence.enumerated() {
            err += String(format: "%3d s%-2d w%.2f score %.4f %@ | %@\n", k, section[k], candidates[k].weight, score[k],
                          isFragment[k] ? "F" : " ", String(analysis.sentences[i].plain.prefix(90)))
            if i > 0 { err += "      after: \(analysis.sentences[i - 1].plain.suffix(40).debugDescription) unit \(analysis.units[analysis.sentences[i].unit].kind)\n" }
        }
        FileHandle.standardError.write(Data(("genre \(genre) sections \(sectionCount)\n" + err).utf8))
    }

    /// The most words of a short summary (`help summary`: “a few sentences, 25 to 70 words”).
    static let shortSummaryWords = 70

    /// The headline of the text: one whole sentence of about `words` words, or one cut at a
    /// clause's end (a comma, a semicolon, a dash) to fit: a commit message's subject; else
    /// the sentence a one-sentence summary takes (a decision first in meeting notes, a
    /// request in a message), or, when that one runs over half as long again, the best-ranked
    /// sentence that fits. Nil when the text has no prose.
    func headline(words target: Int) -> String? {
        if let subject { return Self.reflowed(analysis.sentences[subject].plain) }
        let limit = target + target / 2
        // (As one key point: a decision of meeting notes first, then the best-ranked sentence.)
        let first = select(words: nil, count: 1, redundancy: 0.5, outcomesFirst: true)
        var pick = first.first
        if let p = pick, candidates[p].wordCount > limit {
            let (score, _, _) = ExtractiveSummarizer(redundancyThreshold: 0.5).scores(candidates)
            let order = score.indices.sorted { score[$0] != score[$1] ? score[$0] > score[$1] : $0 < $1 }
            if let shorter = order.prefix(5).first(where: { candidates[$0].wordCount <= limit && candidates[$0].wordCount >= 4
                                                         && candidates[$0].weight >= candidates[p].weight / 2 && !isFragment[$0] }) {
                pick = shorter
            }
        }
        guard let k = pick else { return manualName }
        var t = startingWithACapital(OfflineLexicon.trimDiscourseMarker(text(sentence[k])))
        if isFragment[k], !heading[k].isEmpty { t = heading[k] + ": " + t }
        t = Self.clause(of: t, within: limit)
        if let end = t.last(where: { !$0.isWhitespace }), !".!?…\"”’)»".contains(end) {
            t = t.trimmingCharacters(in: .whitespaces) + "."
        }
        return t
    }

    /// `sentence` cut after its last clause (“,”, “;”, “ — ”) that ends within `limit` words
    /// and after six words or more, the stop put back; the sentence when it fits or has no
    /// such clause.
    static func clause(of sentence: String, within limit: Int) -> String {
        let words = sentence.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count > limit else { return sentence }
        var cut: Int?
        for n in stride(from: min(limit, words.count - 1), through: 6, by: -1) {
            let w = words[n - 1]
            if w.hasSuffix(",") || w.hasSuffix(";") || (n < words.count && ["—", "–", "-"].contains(words[n])) { cut = n; break }
        }
        guard let cut else { return sentence }
        var head = words[..<cut].joined(separator: " ")
        while let l = head.last, ",;".contains(l) { head.removeLast() }
        return head + "."
    }

    /// The summary as paragraphs of sentences: the commit subject alone first; then a paragraph
    /// per major section, sections with a single sentence joined to the next one's paragraph
    /// until it has two sentences; in a text without sections, a new paragraph where the source
    /// starts a new one after three sentences or 60 words.
    /// At most `ratio` of the prose's words and `maxSentences` sentences; a short one, at most
    /// ``shortSummaryWords`` words (its first sentence alone may be longer).
    func summaryParagraphs(length: SummaryLength, ratio: Double = 0.5, maxSentences: Int = 25) -> [String] {
        // (The text's words as written: a message's compacted sentences leave more room, not
        // a smaller budget.)
        let words = sentence.reduce(0) { $0 + analysis.sentences[$1].wordCount }
        // A summary grows with the square root of the text: 6 √words for medium (a 400-word
        // note: 120 words; a 5,000-word guide: 180, the cap).
        let root = Double(words).squareRoot()
        var budget: Int
        switch length {
        case .short: budget = min(70, max(25, Int(2.5 * root)))
        case .medium: budget = min(180, max(50, Int(6 * root)))
        case .long: budget = min(450, max(100, Int(12 * root)))
        }
        // (A long summary of a short text may take three quarters of it, a medium one half:
        // on a 200-word e-mail both were capped at half and came out the same.)
        budget = min(budget, max(15, Int(Double(words) * (length == .long ? max(ratio, 0.75) : ratio))))
        // A short summary of a message has room for what it reports and what it asks: up to
        // three quarters of the 70 words (a letter's refusal and its request with a deadline).
        if genre == .email, length == .short { budget = max(budget, Self.shortSummaryWords * 3 / 4) }
        // A message's news and its first request both fit a medium or long summary, whatever
        // their length: a formal letter's refusal (90 words) left no room for what the reader
        // must now send, and by when.
        if genre == .email, length != .short, let n = candidates.indices.first(where: { isNews[$0] }),
           let r = candidates.indices.first(where: { asksTheReader[$0] && !isNews[$0] }) {
            budget = max(budget, candidates[n].wordCount + candidates[r].wordCount)
        }
        var paragraphs: [String] = []
        if let subject { paragraphs.append(Self.reflowed(analysis.sentences[subject].plain)) }
        // Never the whole text again: a text of several sentences loses one at least (four
        // short sentences came back whole, which a host's panel shows as no summary at all).
        // An FAQ is summarised by what it covers: its questions.
        if !faqQuestions.isEmpty { return [faqSummary(length: length)] }
        let count = candidates.count > 1 ? min(maxSentences, candidates.count - 1) : maxSentences
        let opening = (subject.map { analysis.sentences[$0].wordCount / 2 } ?? 0) + (manualName.map { $0.split(separator: " ").count } ?? 0)
        // A short summary is at most 70 words in all, as `help summary` promises (a trial's
        // short summaries had 73 to 79: a sentence's slack over the budget): the commit subject
        // and a manual page's NAME line count in full.
        let openingWords = (subject.map { analysis.sentences[$0].wordCount } ?? 0) + (manualName.map { $0.split(separator: " ").count } ?? 0)
        let chosen = select(words: max(min(30, budget), budget - opening), count: count, redundancy: 0.5, outcomesFirst: length == .short || genre == .meetingNotes,
                            hardLimit: length == .short ? max(25, Self.shortSummaryWords - openingWords) : nil)
        if ProcessInfo.processInfo.environment["WT_DIGEST_DEBUG"] != nil {
            FileHandle.standardError.write(Data("summary budget \(budget) words (opening \(opening)), chosen \(chosen)\n".utf8))
        }
        var current: [String] = []
        var currentWords = 0
        var lastSection = -1, lastUnit = -1, previous = -2
        var trimmedEnumeration = false
        var lastFragmentHeading: String?
        for k in chosen {
            let i = sentence[k]
            let s = analysis.sentences[i]
            let newSection = section[k] != lastSection && lastSection >= 0
            let newUnit = s.unit != lastUnit && lastUnit >= 0
            if !current.isEmpty,
               (sectionCount > 1 && newSection && (current.count >= 2 || currentWords >= 40))
                || (sectionCount == 1 && newUnit && (current.count >= 3 || currentWords >= 60)) {
                paragraphs.append(current.joined(separator: " "))
                current = []
                currentWords = 0
            }
            if isFragment[k] {
                // A list's fragments under one heading read as one sentence: "Highlights: a; b."
                let item = text(i)
                if let last = current.last, lastFragmentHeading == heading[k], last.hasSuffix(".") {
                    current[current.count - 1] = String(last.dropLast()) + "; " + item + "."
                } else {
                    current.append((heading[k].isEmpty ? OfflineLexicon.capitalizeFirst(item) : heading[k] + ": " + item) + ".")
                }
                lastFragmentHeading = heading[k]
                currentWords += s.wordCount
                lastSection = section[k]
                lastUnit = s.unit
                previous = i
                continue
            }
            lastFragmentHeading = nil
            let original = text(i)
            var t = original
            if i != previous + 1 || (trimmedEnumeration && OfflineLexicon.startsWithEnumerationMarker(original)) {
                t = OfflineLexicon.trimDiscourseMarker(original)
            }
            trimmedEnumeration = t != original && OfflineLexicon.startsWithEnumerationMarker(original)
            t = withItsTopic(startingWithACapital(t), k)
            previous = i
            // A line that ends without a stop (a title-like first line: “… can be found in the
            // python3-dev package”) gets one, or it runs into the next sentence of the paragraph.
            if let end = t.last(where: { !$0.isWhitespace }), !".!?…:;\"”’)»".contains(end) {
                t = t.trimmingCharacters(in: .whitespaces) + "."
            }
            // A short summary's only sentence longer than the 70 words it promises ends at a
            // clause within them (a run-on sentence of 80 words was a short summary).
            if length == .short, chosen.count == 1, MessageDigest.wordCount(t) > Self.shortSummaryWords - openingWords {
                t = Self.clause(of: t, within: max(25, Self.shortSummaryWords - openingWords))
            }
            current.append(t)
            currentWords += s.wordCount
            lastSection = section[k]
            lastUnit = s.unit
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        // A NEWS file's summary that opens with its latest release's entries names the release.
        if let latestRelease, let k = chosen.first, isLatestRelease[k], let first = paragraphs.indices.first(where: { $0 > 0 || subject == nil }) {
            paragraphs[first] = latestRelease + ": " + paragraphs[first]
        }
        // A manual page's NAME line opens it, then DESCRIPTION's lead.
        if let manualName {
            if paragraphs.isEmpty { paragraphs = [manualName] } else { paragraphs[0] = manualName + " " + paragraphs[0] }
        }
        return paragraphs
    }

    /// A key point short enough to scan: a sentence of more than 50 words loses its asides in
    /// brackets of three words or more (examples, lists of cases: "`--fix` applies every rule's
    /// first replacement but for style hints (wordy phrases such as …, a date's weekday), and
    /// spelling guesses only when…"), and one still longer than 70 words ends at its first
    /// semicolon outside brackets and code, unless its semicolons join a series ("…; and …").
    /// Code spans are never cut into.
    static func scannable(_ point: String) -> String {
        guard point.split(separator: " ").count > 50 else { return point }
        var t = "", aside = ""
        var depth = 0, inCode = false
        for c in point {
            if c == "`" { inCode.toggle() }
            if depth == 0 {
                if c == "(", !inCode { depth = 1; aside = "("; continue }
                t.append(c)
                continue
            }
            aside.append(c)
            if !inCode, c == "(" { depth += 1 }
            if !inCode, c == ")" {
                depth -= 1
                if depth == 0 {
                    // A short aside ("(c)", "(see below)") stays.
                    if aside.split(separator: " ").count < 3 { t += aside } else { while t.hasSuffix(" ") { t.removeLast() } }
                    aside = ""
                }
            }
        }
        t += aside
        guard t.split(separator: " ").count > 70 else { return t }
        // (Semicolons that join a series, "…a copyright notice; keep intact all notices…; and
        // give all recipients…", hold one condition each: none of them is dropped.)
        if t.range(of: #";\s+(and|or)\s"#, options: .regularExpression) != nil { return t }
        // The first clause, up to a semicolon outside code.
        var code = false
        for (k, c) in zip(t.indices, t) {
            if c == "`" { code.toggle() }
            if c == ";", !code, t[..<k].split(separator: " ").count >= 8 {
                return t[..<k].trimmingCharacters(in: .whitespaces) + "."
            }
        }
        return t
    }

    /// The key points, in document order.
    func keyPoints(length: SummaryLength, maximum: Int) -> [String] {
        let n = candidates.count
        let sections = Set(section).count
        var count: Int
        switch n {
        case ...3: count = n
        case ...10: count = 3
        case ...25: count = 5
        case ...60: count = 7
        default: count = 10
        }
        switch length {
        case .short: count = min(count, 3)
        // (Medium: a point per section, up to 25: the GPL's 18 terms, its preamble, notice and
        // "How to Apply" each have one.)
        case .medium: if sections > 1 { count = max(min(count, 5), min(sections, 25)) } else { count = min(count, 7) }
        case .long: count = sections > 1 ? max(8, min(2 * sections, 30)) : min(n, max(count, count * 8 / 5))
        }
        // Meeting notes and messages: every decision and action item is a point, up to 3 (short),
        // 12 (medium, the default) or 16 (long), with one point besides for what the notes are
        // about: the count grows with the outcomes (a trial's notes had two decisions, a
        // decision deferred and five action items; seven points left two action items out).
        // (In a message, its requests, questions and proposals to the reader count as its
        // outcomes: a casual e-mail's "could we push it to Tuesday?" and "did you hear back from
        // the vendor?" are points beside what it reports.)
        let outcomes = zip(isDecision, asksTheReader).filter { $0 || (genre == .email && $1) }.count
        if outcomes > 0, genre == .meetingNotes || genre == .email {
            let cap = length == .short ? 3 : length == .medium ? 12 : 16
            count = max(count, min(outcomes + 1, cap))
        }
        // A message's key points are fewer than its sentences and never its courtesies: each is
        // a point, not “What do you think?” or “Please do not hesitate to contact…” (a trial's
        // key points of three e-mails gave back nearly every sentence).
        if genre == .email {
            let content = zip(isCourtesy, candidates).filter { !$0.0 && $0.1.weight > 0.05 }.count
            if content > 0 { count = min(count, content) }
            if n >= 3 { count = min(count, n - 1) }
        }
        count = max(1, min(count, maximum, n))
        var points: [String] = []
        if let subject { points.append(Self.reflowed(analysis.sentences[subject].plain)); count = max(1, count - 1) }
        if let manualName { points.append(manualName); count = max(1, count - 1) }
        let chosen = select(words: nil, count: count, redundancy: 0.4)
        points += chosen.map { Self.scannable(withItsTopic(startingWithACapital(OfflineLexicon.trimDiscourseMarker(text(sentence[$0]))), $0)) }
        return points
    }

    /// `t`, a sentence of a result, with its first word capitalised when a message or meeting
    /// notes wrote it in lower case (a casual e-mail's "also, did you ever hear back…", "if not
    /// no worries, …"): only an English word the tag lexicon knows, of letters, not glued to a
    /// mark (code, a path: "foo.bar"), not a word the document writes as code. Other documents
    /// keep their sentences' first words as written: a README's "apt is the main command-line
    /// package manager…" and a release note's "glib, gobject, gio >= 2.32" open with names.
    func startingWithACapital(_ t: String) -> String {
        guard genre == .email || genre == .meetingNotes, !analysis.document.isManualPage, let first = t.first, first.isLowercase else { return t }
        let word = t.prefix { $0.isLetter || $0 == "'" || $0 == "’" }
        let after = t.dropFirst(word.count).first
        guard word.count > 1 || word == "a" || word == "i", after == nil || " ,;:!?".contains(after!),
              word.contains(where: { "aeiouy".contains($0) }),
              !TagLexicon.shared.tagSet(of: String(word).lowercased()).isEmpty,
              !UnattendedFixRules.codeWords(of: analysis.document, units: analysis.units16).contains(String(word)) else { return t }
        return OfflineLexicon.capitalizeFirst(t)
    }
}
