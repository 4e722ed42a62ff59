import Foundation
import DocumentStructure
import TextModel
import Proofreading

/// Series and enumeration detection for the List tool.
enum ListDetector {
    /// Sentence openers that enumerate steps ("First, …", "Finally, …"), lowercased, comma included
    /// where one is expected.
    static let enumerationMarkers: [String] = [
        "first of all,", "to begin with,", "firstly,", "secondly,", "thirdly,", "fourthly,", "lastly,", "finally,",
        "first,", "second,", "third,", "fourth,", "fifth,", "next,", "then,", "after that,", "afterwards,",
        "first ", "second ", "third ", "next ", "then ", "finally ", "lastly ",
    ]

    /// A first step announced inside a sentence after an introduction ("To bake the bread,
    /// first mix the flour.", "To release: First, tag it."): the introduction (ending with ":")
    /// and the step, capitalised.
    static func embeddedFirstStep(_ s: String) -> (intro: String, step: String)? {
        let pattern = #"^(.{2,80}?)[,:]\s+(?:first of all|firstly|first),?\s+(\S.*)$"#
        guard let re = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]),
              let m = re.firstMatch(in: s, range: NSRange(location: 0, length: (s as NSString).length)) else { return nil }
        let ns = s as NSString
        let intro = ns.substring(with: m.range(at: 1))
        var step = ns.substring(with: m.range(at: 2))
        if let f = step.first { step = f.uppercased() + step.dropFirst() }
        return (intro + ":", step)
    }

    /// The enumeration marker `s` starts with, if any.
    static func enumerationMarker(_ s: String) -> String? {
        let l = s.lowercased()
        return enumerationMarkers.first { l.hasPrefix($0) }
    }

    /// `s` without its enumeration marker, capitalised ("Then leave it" → "Leave it").
    static func trimEnumeration(_ s: String) -> String {
        guard let m = enumerationMarker(s) else { return s }
        let rest = s.dropFirst(m.count).drop(while: { $0 == " " || $0 == "," })
        guard rest.split(separator: " ").count >= 2 else { return s }
        return OfflineLexicon.capitalizeFirst(String(rest))
    }

    /// A line of notes that says who, when or where ("Attendees: …", "Date: …", "Notes: Chen");
    /// not "Note: …", which is content.
    static let metadataLine = #"^\W*(date|time|when|where|location|attendees|present|participants|absent|apologies|notes|note[- ]taker|minutes|scribe|chair|facilitator|next meeting|owner|reviewers?|authors?|from|to|cc)\s*:"#

    /// Words after which a comma series starts ("You will need flour, water and salt").
    static let seriesCues: [String] = [" such as ", " including ", " includes ", " include ", " need ", " needs ", " namely ", " consists of ", " supports "]

    /// Words that open a clause rather than a list item.
    static let clauseOpeners: Set<String> = ["that", "which", "who", "whom", "whose", "whether", "when", "where", "while", "if", "because", "but", "so", "yet", "though", "although"]

    /// A sentence with a series: the lead (ending with ":" when the sentence had one, or the cue
    /// word), the items and what the sentence said of them after the series, as a sentence of
    /// its own ("" when nothing); nil when the sentence has no series of at least three short
    /// items (or two after a colon).
    /// `byTags`: also find a series anywhere in the sentence by parts of speech
    /// (``taggedSeries(_:)``); the List tool asks so of a paragraph of one or two sentences,
    /// where the series is what the paragraph says (in a longer one, the other sentences would
    /// become the lead's prose instead of items).
    static func series(_ sentence: String, byTags: Bool = true) -> (lead: String, items: [String], after: String)? {
        guard var found = seriesParts(sentence, byTags: byTags), let first = found.items.first else { return nil }
        // A label in emphasis ("**Present:** Lena, Omar, Priyanka"): the closing marker after
        // the colon goes with the lead, not with the first item ("** Lena").
        for marker in ["**", "__", "*", "_"] where first.hasPrefix(marker) && found.lead.components(separatedBy: marker).count % 2 == 0 {
            found.lead += marker
            found.items[0] = String(first.dropFirst(marker.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        return found.items[0].isEmpty ? nil : found
    }

    /// ``series(_:byTags:)`` before the lead's emphasis is mended.
    private static func seriesParts(_ sentence: String, byTags: Bool) -> (lead: String, items: [String], after: String)? {
        // A series sentence is short; longer ones are prose (and would cost time for nothing).
        guard sentence.utf16.count <= 600 else { return nil }
        var body = sentence.trimmingCharacters(in: .whitespaces)
        var end = ""
        if let last = body.last, ".!?".contains(last) { end = String(last); body.removeLast() }
        // A question is asked whole: “Q: What are LZMA and LZMA2?” is no list of “What are
        // LZMA” and “LZMA2” (a README-only trial on xz's FAQ).
        if end == "?" { return nil }
        // Semicolon series.
        if body.components(separatedBy: "; ").count >= 3 {
            var parts = body.components(separatedBy: "; ")
            var lead = ""
            if let colon = parts[0].range(of: ": ") {
                lead = String(parts[0][..<colon.lowerBound]) + ":"
                parts[0] = String(parts[0][colon.upperBound...])
            }
            let items = parts.map(cleanItem).filter { !$0.isEmpty }
            if items.count >= 3, items.allSatisfy({ isItem($0, maxWords: 8) }) { return (lead, items, "") }
        }
        if byTags, let found = taggedSeries(body), !found.lead.isEmpty || !found.after.isEmpty || found.items.count >= 3 {
            return (found.lead, found.items, found.after)
        }
        var lead: String
        var rest: Substring
        if let colon = body.range(of: ": ") {
            lead = String(body[..<colon.lowerBound]) + ":"
            rest = body[colon.upperBound...]
        } else {
            // The rightmost cue that starts a valid series ("supports many formats, including
            // PDF, EPUB and plain text": the series follows "including").
            var cues: [Range<String.Index>] = []
            for cue in seriesCues {
                var from = body.startIndex
                while let r = body.range(of: cue, range: from..<body.endIndex) { cues.append(r); from = r.upperBound }
            }
            for r in cues.sorted(by: { $0.upperBound > $1.upperBound }) {
                let l = String(body[..<r.upperBound]).trimmingCharacters(in: .whitespaces)
                if let items = seriesItems(body[r.upperBound...], colon: false) {
                    var lead = l
                    while let c = lead.last, c == "," { lead.removeLast() }
                    return (lead, items, "")
                }
            }
            return nil
        }
        guard let items = seriesItems(rest, colon: true) else { return nil }
        return (lead, items, "")
    }

    /// Tags that a word of a noun phrase list item can carry ("a sleeping bag", "OS/2",
    /// "Windows 95", "plain text", "the user's files").
    static let itemTags: Set<PennTag> = [.DT, .PDT, .JJ, .JJR, .JJS, .NN, .NNS, .NNP, .NNPS, .CD, .PRPS, .POS, .SYM, .FW, .VBG]
    /// Tags an item may end on.
    static let itemHeadTags: Set<PennTag> = [.NN, .NNS, .NNP, .NNPS, .CD, .FW]
    /// Finite verbs and modals: what a sentence goes on with after a subject series.
    static let finiteVerbTags: Set<PennTag> = [.VBP, .VBZ, .VBD, .MD]
    /// Words that start a list after them ("such as", "including").
    static let cueEnds: [[String]] = [["such", "as"], ["including"], ["like"], ["namely"], ["especially"], ["e.g."]]

    /// A series of noun phrases anywhere in a sentence, found by parts of speech: "OS/2, Windows
    /// 95 and Windows NT are supported", "Bring a tent, a sleeping bag, and a torch if you stay
    /// overnight", "Many formats, such as PDF, EPUB and plain text, are supported", "…, such as:
    /// OS/2, Windows 95, Windows NT are available". The sentence is rebuilt around the list: its
    /// lead names the items ("The following are supported:", "Bring the following if you stay
    /// overnight:", "Many formats are supported, such as:"), or, when the words after the series
    /// can't join the lead, they follow the list as a sentence of their own ("These are
    /// available."). Nil when the series is not such a list (fewer than three items, an item of
    /// over five words, a lead that ends on a preposition, a long or clause-bearing tail).
    static func taggedSeries(_ body: String) -> (lead: String, items: [String], after: String)? {
        guard body.contains(","), body.utf16.count <= 400 else { return nil }
        let tagged = PartOfSpeechTagging.tag(body)
        guard tagged.count == 1, let tokens = tagged.first, tokens.count >= 5 else { return nil }
        // Each token's range in `body` (the tokenizer keeps the text).
        var ranges: [Range<String.Index>] = []
        var from = body.startIndex
        for t in tokens {
            guard let r = body.range(of: t.text, range: from..<body.endIndex) else { return nil }
            ranges.append(r)
            from = r.upperBound
        }
        let words = tokens.map { $0.text.lowercased() }
        func text(_ a: Int, _ b: Int) -> String { a < b ? String(body[ranges[a].lowerBound..<ranges[b - 1].upperBound]) : "" }
        // A cue word is the lead's ("including PDF" is no item).
        let cueWords: Set<String> = ["including", "like", "such", "as", "namely", "especially", "e.g."]
        func isItemWord(_ i: Int) -> Bool { itemTags.contains(tokens[i].tag) && !cueWords.contains(words[i]) }
        // The conjunction that ends the series: the first "and"/"or" preceded by two or more
        // comma-separated items (or, after a colon, the last comma run).
        let colon = tokens.firstIndex { $0.text == ":" }
        for c in tokens.indices where words[c] == "and" || words[c] == "or" || (colon != nil && c > colon! && tokens[c].text == "," && c == lastComma(after: colon!, tokens)) {
            let conjunctionIsComma = tokens[c].text == ","
            // The last item: the noun phrase after the conjunction.
            var e = c + 1
            while e < tokens.count, isItemWord(e) { e += 1 }
            guard e > c + 1, itemHeadTags.contains(tokens[e - 1].tag) || tokens[e - 1].tag == .SYM else { continue }
            var items: [(Int, Int)] = [(c + 1, e)]
            // Earlier items, back through the commas.
            var b = c
            if b > 0, tokens[b - 1].text == ",", !conjunctionIsComma { b -= 1 }   // Oxford comma
            var start = b
            var firstItem = true
            while true {
                var s = b
                while s > 0, isItemWord(s - 1) { s -= 1 }
                guard s < b, itemHeadTags.contains(tokens[b - 1].tag) || tokens[b - 1].tag == .SYM else { break }
                if firstItem && !conjunctionIsComma && !(s > 0 && tokens[s - 1].text == ",") {
                    // The item right before "and" must itself follow a comma, or this is "a and b".
                    break
                }
                items.insert((s, b), at: 0)
                start = s
                firstItem = false
                if s > 0, tokens[s - 1].text == ",", s - 1 > (colon ?? -1) {
                    b = s - 1
                } else {
                    break
                }
            }
            // The first item may have taken the lead's nouns ("The kit includes a tent" is cut at
            // the verb already; "Many formats, such as PDF" at "as").
            guard items.count >= (colon != nil && start == colon! + 1 ? 2 : 3) else { continue }
            guard items.allSatisfy({ $0.1 - $0.0 <= 5 }) else { return nil }
            // A lead with a clause break of its own ("This required changes, and now X provides
            // a dual ABI, the classic ABI, and the new one": an apposition, not a list) leaves the
            // sentence as it is; only a comma right before the cue ("Many formats, such as") or a
            // colon may come before the series.
            let leadLimit = colon.map { $0 + 1 == start ? $0 : start } ?? start
            let cueStart = cueEnds.compactMap { c -> Int? in
                leadLimit >= c.count && Array(words[(leadLimit - c.count)..<leadLimit]) == c ? leadLimit - c.count : nil
            }.first ?? leadLimit
            if tokens[0..<leadLimit].indices.contains(where: { (tokens[$0].text == "," || tokens[$0].text == ";") && $0 != cueStart - 1 }) {
                return nil
            }
            let itemTexts = items.map { text($0.0, $0.1) }
            // The lead: everything before the first item.
            var leadEnd = start
            var leadWords = Array(words[0..<leadEnd])
            // The tail: everything after the last item (without the final punctuation).
            let tailStart = e
            let tail = text(tailStart, tokens.count).trimmingCharacters(in: .whitespaces)
            let tailTokens = Array(tokens[tailStart...])
            guard tailTokens.count <= 10, !tailTokens.dropFirst().contains(where: { $0.text == "," || $0.text == ";" }) else { return nil }
            let tailFirst = tailTokens.first { $0.text != "," }
            let tailIsVerb = tailFirst.map { finiteVerbTags.contains($0.tag) } ?? false
            if leadEnd > 0, tokens[leadEnd - 1].text == ":" {
                let lead = text(0, leadEnd)
                if tail.isEmpty { return (lead, itemTexts, "") }
                guard tailIsVerb else { return nil }
                return (lead, itemTexts, "These " + tail.drop { $0 == "," || $0 == " " } + ".")
            }
            // A cue before the items ("such as", "including"): the tail joins the lead before it.
            var cue: [String]?
            for c in cueEnds where leadWords.count >= c.count && Array(leadWords.suffix(c.count)) == c {
                // "like" the preposition, not the verb ("I like apples, pears and plums").
                if c == ["like"], tokens[leadEnd - 1].tag != .IN { continue }
                cue = c
            }
            if let cue {
                leadEnd -= cue.count
                var noun = text(0, leadEnd).trimmingCharacters(in: .whitespaces)
                while noun.hasSuffix(",") { noun.removeLast() }
                guard !noun.isEmpty else { return nil }
                let cueText = text(leadEnd, start)
                if tail.isEmpty { return (noun + ", " + cueText + ":", itemTexts, "") }
                let hasFinite = tokens[0..<leadEnd].contains { finiteVerbTags.contains($0.tag) }
                if tailIsVerb && hasFinite {
                    return (noun + ", " + cueText + ":", itemTexts, "These " + tail.drop { $0 == "," || $0 == " " } + ".")
                }
                let joined = tailIsVerb ? " " + tail.drop { $0 == "," || $0 == " " } : (tail.hasPrefix(",") ? tail + "," : " " + tail)
                return (noun + joined + ", " + cueText + ":", itemTexts, "")
            }
            leadWords = Array(words[0..<leadEnd])
            let leadEndsOnVerb = leadEnd > 0 && tokens[leadEnd - 1].tag.rawValue >= PennTag.VB.rawValue && tokens[leadEnd - 1].tag.rawValue <= PennTag.VBZ.rawValue
            if leadEnd == 0 {
                // The series is the subject: "The following are supported:".
                guard tailIsVerb else { return nil }
                return ("The following " + tail.drop { $0 == "," || $0 == " " } + ":", itemTexts, "")
            }
            guard leadEndsOnVerb else { return nil }
            let lead = text(0, leadEnd)
            if tail.isEmpty { return (lead + ":", itemTexts, "") }
            return (lead + " the following" + (tail.hasPrefix(",") ? tail : " " + tail) + ":", itemTexts, "")
        }
        return nil
    }

    /// The index of the last "," after `colon` in `tokens` (the one before a colon series' last item).
    private static func lastComma(after colon: Int, _ tokens: [PartOfSpeechTagging.TaggedToken]) -> Int? {
        tokens.indices.last { $0 > colon && tokens[$0].text == "," }
    }

    /// The items of a comma series ("a, b and c", "a, b, and c"), or nil.
    static func seriesItems(_ rest: Substring, colon: Bool) -> [String]? {
        var parts = rest.components(separatedBy: ", ")
        // "a, b and c" / "a, b, and c": split the last part at its conjunction (required
        // without a colon: a bare comma run is more often clauses than a list).
        var hasConjunction = false
        if let last = parts.last, last.hasPrefix("and ") || last.hasPrefix("or ") {
            hasConjunction = true
        } else if let last = parts.last {
            for conj in [" and ", " or "] {
                if let r = last.range(of: conj, options: .backwards) {
                    let a = String(last[..<r.lowerBound]), b = String(last[r.upperBound...])
                    parts.removeLast()
                    if !a.isEmpty { parts.append(a) }
                    parts.append(b)
                    hasConjunction = true
                    break
                }
            }
        }
        let items = parts.map(cleanItem).filter { !$0.isEmpty }
        guard items.count >= (colon ? 2 : 3), colon || hasConjunction,
              items.allSatisfy({ isItem($0, maxWords: colon ? 8 : 4) }) else { return nil }
        // Two items joined by “and” or “or” alone are a list only when both are noun phrases:
        // otherwise the conjunction joins two predicates of one sentence (“Actual result: The
        // app freezes and then closes” is no list of “The app freezes” and “then closes”).
        if items.count == 2, !items.allSatisfy(isNounPhrase) { return nil }
        return items
    }

    /// True when `s` is a noun phrase by its parts of speech (“plain text”, “Windows 95”, “the
    /// user's files”): only words a noun phrase holds (``itemTags``), ending on a noun or a number.
    static func isNounPhrase(_ s: String) -> Bool {
        let tagged = PartOfSpeechTagging.tag(s)
        guard tagged.count == 1, let tokens = tagged.first?.filter({ !$0.text.allSatisfy(\.isPunctuation) }), let last = tokens.last else { return false }
        return tokens.allSatisfy { itemTags.contains($0.tag) } && (itemHeadTags.contains(last.tag) || last.tag == .SYM)
    }

    /// A short phrase that can be a list item (not a clause).
    static func isItem(_ s: String, maxWords: Int) -> Bool {
        let words = s.split(separator: " ")
        guard let first = words.first, words.count <= maxWords else { return false }
        return !clauseOpeners.contains(first.lowercased())
    }

    static func cleanItem(_ s: String) -> String {
        var t = s.trimmingCharacters(in: .whitespaces)
        for p in ["and ", "or "] where t.hasPrefix(p) { t.removeFirst(p.count) }
        while let l = t.last, ".;,".contains(l) { t.removeLast() }
        return t
    }
}

/// Table detection: label/value lines, delimited lines, parallel sentences.
enum TableDetector {
    struct Table {
        var header: [String]
        var rows: [[String]]
    }

    /// Separators of "name – role – detail" lines, tried in order.
    static let separators = [" | ", "\t", " – ", " — ", " - ", " / "]

    /// "Label: value" with a short label (at most four words, no sentence inside).
    static func labelValue(_ line: String) -> (String, String)? {
        guard let r = line.range(of: ": ") ?? line.range(of: ":\t") else { return nil }
        let label = line[..<r.lowerBound].trimmingCharacters(in: .whitespaces)
        let value = line[r.upperBound...].trimmingCharacters(in: .whitespaces)
        guard !label.isEmpty, !value.isEmpty, label.split(separator: " ").count <= 4,
              !label.contains(where: { ".!?".contains($0) }) else { return nil }
        // A label is a name: not code (`print(STDERR "1: ref = …`), not a number (a program's
        // numbered output, "1: ref = …"), not an editor's file variables (Emacs's "Local
        // Variables:", ispell's "LocalWords:").
        guard label.contains(where: \.isLetter), !label.contains(where: { "()[]{}\"'$=<>;\\".contains($0) }),
              label.range(of: #"^(local ?variables|localwords|end|mode|coding)$"#, options: [.regularExpression, .caseInsensitive]) == nil else { return nil }
        return (label, value)
    }

    /// Records of fields, as Debian's copyright and control files, e-mail headers and many
    /// configuration listings write them (RFC 822 / deb822): paragraphs separated by blank lines,
    /// each line `Field: value`, a line starting with white space continuing the field before
    /// it (a lone " ." an empty line). The records that share the most common first field make
    /// the rows (a Debian copyright file's `Files:` stanzas), its fields the columns, in order
    /// of appearance; a value's lines are joined with "; " (copyright holders, file names), a
    /// line going on with lowercase words (wrapped prose) with a space. `skipped`: the paragraphs that are not such rows (a
    /// header, stand-alone `License:` texts). Nil without two such records.
    static func fromRecords(_ text: String) -> (table: Table, skipped: Int)? {
        var paragraphs: [[Substring]] = [[]]
        for line in text.lines() {
            let l = line
            if l.allSatisfy({ $0 == " " || $0 == "\t" }) {
                if !paragraphs[paragraphs.count - 1].isEmpty { paragraphs.append([]) }
            } else {
                paragraphs[paragraphs.count - 1].append(l)
            }
        }
        paragraphs.removeAll { $0.isEmpty }
        typealias Record = [(field: String, lines: [String])]
        func record(_ lines: [Substring]) -> Record? {
            var r: Record = []
            for line in lines {
                if line.first == " " || line.first == "\t" {
                    guard !r.isEmpty else { return nil }
                    let t = line.trimmingCharacters(in: .whitespaces)
                    r[r.count - 1].lines.append(t == "." ? "" : t)
                    continue
                }
                guard let colon = line.firstIndex(of: ":") else { return nil }
                let name = line[..<colon]
                guard let first = name.first, first.isLetter, name.count <= 40,
                      name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
                let rest = line[line.index(after: colon)...]
                guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
                let value = rest.trimmingCharacters(in: .whitespaces)
                r.append((String(name), value.isEmpty ? [] : [value]))
            }
            return r.isEmpty ? nil : r
        }
        let records = paragraphs.map(record)
        // The whole text must be records (prose with a "Note: …" paragraph is not).
        guard records.allSatisfy({ $0 != nil }) else { return nil }
        let all = records.compactMap { $0 }
        var byKey: [String: Int] = [:]
        for r in all where r.count >= 2 { byKey[r[0].field, default: 0] += 1 }
        guard let (key, count) = byKey.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), count >= 2 else { return nil }
        let rows = all.filter { $0.count >= 2 && $0[0].field == key }
        var header: [String] = []
        for r in rows { for f in r where !header.contains(f.field) { header.append(f.field) } }
        // A line that goes on with lowercase words continues the prose before it ("…is removed /
        // see: https://…"); other lines are entries of their own (copyright holders, file names).
        func join(_ lines: [String]) -> String {
            var out = ""
            for line in lines where !line.isEmpty {
                if !out.isEmpty {
                    let prose = line.first?.isLowercase == true && line.contains(" ") && !(out.last.map { ".;:".contains($0) } ?? false)
                    out += prose || out.hasSuffix(",") ? " " : "; "
                }
                out += line
            }
            return out
        }
        let cells = rows.map { r in header.map { h in r.first { $0.field == h }.map { join($0.lines) } ?? "" } }
        return (Table(header: header, rows: cells), all.count - rows.count)
    }

    /// A table from lines (one record or item per line), or nil.
    static func fromLines(_ lines: [String]) -> Table? {
        guard lines.count >= 2 else { return nil }
        // Label: value.
        let pairs = lines.map(labelValue)
        if pairs.filter({ $0 != nil }).count * 5 >= lines.count * 4 {
            let kv = pairs.compactMap { $0 }
            var keys: [String] = []
            var records: [[String: String]] = [[:]]
            for (k, v) in kv {
                if records[records.count - 1][k] != nil { records.append([:]) }
                records[records.count - 1][k] = v
                if !keys.contains(k) { keys.append(k) }
            }
            // Records only when each repeats the same fields ("Name:", "Role:", "Name:",
            // "Role:"); labels that recur unevenly ("Decision:", "Action:", "Action:") are one
            // row each, or the rows would pair values that have nothing to do with each other.
            if records.count >= 2, records.allSatisfy({ $0.count >= 2 && Set($0.keys) == Set(keys) }) {
                return Table(header: keys, rows: records.map { r in keys.map { r[$0] ?? "" } })
            }
            return Table(header: ["Field", "Value"], rows: kv.map { [$0.0, $0.1] })
        }
        // Delimited: the same separator, the same number of fields on every line.
        for sep in separators + [", "] {
            let cells = lines.map { $0.components(separatedBy: sep).map { $0.trimmingCharacters(in: .whitespaces) } }
            let n = cells[0].count
            guard n >= 2, cells.allSatisfy({ $0.count == n && !$0.contains("") }) else { continue }
            // A comma also separates a sentence's clauses and a series' items: comma-separated
            // records are three lines or more, their fields short, none ending a sentence or
            // holding a label ("Paris, France, 2.1 million", not "Yes, we will, later." or
            // "Stable versions: 1.0, 1.0.1, 1.2.1").
            if sep == ", ", lines.count < 3 || !cells.allSatisfy({ $0.allSatisfy { f in
                f.split(separator: " ").count <= 5 && !f.contains(":") && !(f.last.map { ".!?;".contains($0) } ?? false)
            } }) {
                continue
            }
            if lines.count >= 3, isHeaderRow(cells) {
                return Table(header: cells[0], rows: Array(cells.dropFirst()))
            }
            return namedColumns(cells)
        }
        return nil
    }

    /// Words of a count that name what is counted as a population.
    static let populationNouns: Set<String> = ["people", "inhabitants", "residents", "persons"]

    /// A table of delimited `rows` without a header line, its columns named by what they hold
    /// where the values say it (a README-only trial's cities became “Item | Detail 1 | Detail 2 |
    /// Detail 3”): a column of one word or its negation (“capital” / “not capital”) is that
    /// word's column, its cells “Yes” and “No”; a column of amounts of one unit (“2.1 million
    /// people”) is the unit's (“Population” for people, inhabitants, residents), its cells the
    /// amounts; the others stay “Item” (the first) and “Detail” (numbered when there are more).
    static func namedColumns(_ rows: [[String]]) -> Table {
        let n = rows[0].count
        var header: [String] = []
        var cells = rows
        var generic = 0
        let amount = try? NSRegularExpression(pattern: #"^([0-9][0-9.,]*(?: (?:thousand|million|billion))?) ([A-Za-z]+)$"#)
        for c in 0..<n {
            let values = rows.map { $0[c] }
            let lower = values.map { $0.lowercased() }
            let bare = Set(lower.map { $0.hasPrefix("not ") ? String($0.dropFirst(4)) : $0 })
            if c > 0, bare.count == 1, let word = bare.first, !word.contains(" "), lower.contains(where: { $0.hasPrefix("not ") }),
               lower.contains(word) {
                header.append(OfflineLexicon.capitalizeFirst(word))
                for r in cells.indices { cells[r][c] = lower[r].hasPrefix("not ") ? "No" : "Yes" }
                continue
            }
            if c > 0, let amount {
                let parts = values.map { v -> (String, String)? in
                    guard let m = amount.firstMatch(in: v, range: NSRange(location: 0, length: v.utf16.count)),
                          let a = v.substring(utf16Range: m.range(at: 1)), let u = v.substring(utf16Range: m.range(at: 2)) else { return nil }
                    // “2.1 million” is an amount with no unit.
                    guard !["thousand", "million", "billion"].contains(u.lowercased()) else { return nil }
                    return (a, u.lowercased())
                }
                if parts.allSatisfy({ $0 != nil }), Set(parts.map { $0!.1 }).count == 1, let unit = parts[0]?.1 {
                    header.append(populationNouns.contains(unit) ? "Population" : OfflineLexicon.capitalizeFirst(unit))
                    for r in cells.indices { cells[r][c] = parts[r]!.0 }
                    continue
                }
            }
            header.append(c == 0 ? "Item" : "Detail")
            if c > 0 { generic += 1 }
        }
        if generic > 1 {
            var k = 0
            for c in header.indices where header[c] == "Detail" { k += 1; header[c] = "Detail \(k)" }
        }
        return Table(header: header, rows: cells)
    }

    /// The longest run of three or more consecutive “Label: value” lines among `lines` (list
    /// items and lines of a document that also has other lines: meeting notes' “Action items”
    /// under their discussion), as a table: a row per line when the labels differ (“Tom: fix
    /// the export bug”), named Owner | Task under a title of actions or tasks, else Field |
    /// Value; nil without such a run. `title` is the line the run stands under, if any.
    static func labelValueBlock(_ lines: [String], title: String?) -> (table: Table, start: Int, count: Int)? {
        var best: (start: Int, count: Int)?
        var k = 0
        while k < lines.count {
            guard labelValue(lines[k]) != nil else { k += 1; continue }
            var e = k
            while e < lines.count, labelValue(lines[e]) != nil { e += 1 }
            if e - k >= 3, e - k > (best?.count ?? 0) { best = (k, e - k) }
            k = e
        }
        guard let best else { return nil }
        let pairs = lines[best.start..<(best.start + best.count)].compactMap(labelValue)
        let heading = (best.start > 0 ? lines[best.start - 1] : title) ?? ""
        let tasks = heading.range(of: #"\b(action|actions|task|tasks|to-?dos?|assignments?|follow-?ups?|owners?)\b"#,
                                  options: [.regularExpression, .caseInsensitive]) != nil
        let distinct = Set(pairs.map { $0.0.lowercased() }).count == pairs.count
        guard distinct || !tasks else { return nil }
        return (Table(header: tasks ? ["Owner", "Task"] : ["Field", "Value"], rows: pairs.map { [$0.0, $0.1] }), best.start, best.count)
    }

    /// Whether the first of delimited `rows` names the columns ("City, Country, Population"
    /// over "Paris, France, 2.1 million"): its fields are short, with no digit, and some column
    /// holds a digit, an "@" or a URL on every other line.
    static func isHeaderRow(_ rows: [[String]]) -> Bool {
        guard let first = rows.first, rows.count >= 2 else { return false }
        func isData(_ f: String) -> Bool { f.contains(where: \.isNumber) || f.contains("@") || f.contains("://") }
        guard first.allSatisfy({ $0.split(separator: " ").count <= 3 && !isData($0) && $0.first?.isLetter == true }) else { return false }
        return first.indices.contains { c in rows.dropFirst().allSatisfy { isData($0[c]) } }
    }

    /// A word of a sentence with its UTF-16 range in the sentence text.
    struct Word {
        var key: String
        var range: NSRange
    }

    static func words(_ s: String) -> [Word] {
        Tokenizer.tokenize(s).compactMap { t in
            t.kind == .word || t.kind == .number ? Word(key: t.kind == .number ? "#" : t.lower, range: t.range) : nil
        }
    }

    /// Longest common subsequence of two key sequences, as index pairs.
    static func lcs(_ a: [String], _ b: [String]) -> [(Int, Int)] {
        let n = a.count, m = b.count
        guard n > 0, m > 0, n * m <= 40_000 else { return [] }
        var dp = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                dp[i][j] = a[i] == b[j] ? dp[i + 1][j + 1] + 1 : max(dp[i + 1][j], dp[i][j + 1])
            }
        }
        var out: [(Int, Int)] = []
        var i = 0, j = 0
        while i < n, j < m {
            if a[i] == b[j] { out.append((i, j)); i += 1; j += 1 } else if dp[i + 1][j] >= dp[i][j + 1] { i += 1 } else { j += 1 }
        }
        return out
    }

    /// A table from a run of parallel sentences ("X has a population of N and an area of M."),
    /// or nil. `sentences` are plain texts in order; runs of at least three sentences (two when
    /// they share at least 60% of their words) are tried, longest first.
    static func fromParallelSentences(_ sentences: [String]) -> Table? {
        guard sentences.count >= 2 else { return nil }
        let ws = sentences.map(words)
        var best: Table?
        var bestRows = 0
        // Copyright, licence and warranty lines are no records (GnuPG's "Copyright 1997-2019
        // Werner Koch" lines gave a README-only trial "Copyright (#) | Detail | Detail 2").
        // Nor is a direction to another document (“For installing Podman, please see the
        // installation instructions.”, “Refer to the build guide for…”): a table of two such
        // sentences was “Detail | See / installing | installation” (session 54's trial).
        let notice = sentences.map { Boilerplate.isBoilerplate($0) || Self.isDirection($0) }
        var i = 0
        while i < sentences.count - 1 {
            if notice[i] { i += 1; continue }
            var template = ws[i].map(\.key)
            var j = i + 1
            while j < sentences.count, !notice[j] {
                let pairs = lcs(template, ws[j].map(\.key))
                let t = pairs.map { template[$0.0] }
                let coverage = Double(t.count) / Double(max(ws[j].count, 1))
                let content = t.filter { $0 != "#" && !OfflineLexicon.stopWords.contains($0) }.count
                guard coverage >= 0.4, content >= 1, Double(t.count) / Double(max(ws[i].count, 1)) >= 0.4 else { break }
                template = t
                j += 1
            }
            let count = j - i
            if count >= 2, count > bestRows, let table = build(Array(sentences[i..<j]), Array(ws[i..<j]), template) {
                let shared = Double(template.count) / Double(ws[i..<j].map(\.count).max() ?? 1)
                if count >= 3 || shared >= 0.6 { best = table; bestRows = count }
            }
            i = max(i + 1, j - 1 > i ? j : i + 1)
        }
        return best
    }

    /// A sentence that sends the reader elsewhere: “(please) see / refer to / visit / consult /
    /// check out / read …”, “… can be found at/in …”, “More information is available at …”.
    static func isDirection(_ s: String) -> Bool {
        s.range(of: #"(^|[,;:]\s*|\bplease\s+)(see|refer to|visit|consult|check out|read|go to|head to)\b|\b(can|may) be found (at|in|on|here)\b|\b(more )?(information|details|instructions) (is |are )?(available )?(at|in|on|here)\b"#,
                     options: [.regularExpression, .caseInsensitive]) != nil
    }

    private static func build(_ sentences: [String], _ ws: [[Word]], _ template: [String]) -> Table? {
        // Align each sentence with the template; slot k is the text before anchor k (slot
        // template.count is after the last anchor).
        var rows: [[String]] = []
        for (s, w) in zip(sentences, ws) {
            let pairs = lcs(template, w.map(\.key))
            guard pairs.count == template.count else { return nil }
            let u = Array(s.utf16)
            var cells: [String] = []
            var prevEnd = 0
            for (k, pair) in pairs.enumerated() {
                let start = w[pair.1].range.location
                // A number anchor ("#") is itself a value: it is a slot, not template.
                if template[k] == "#" {
                    let r = w[pair.1].range
                    cells.append(clean(String(decoding: u[prevEnd..<(r.location + r.length)], as: UTF16.self)))
                } else {
                    cells.append(clean(String(decoding: u[prevEnd..<start], as: UTF16.self)))
                }
                prevEnd = w[pair.1].range.location + w[pair.1].range.length
            }
            cells.append(clean(String(decoding: u[prevEnd...], as: UTF16.self)))
            rows.append(cells)
        }
        // Keep slots filled in every row that vary between rows.
        let slotCount = template.count + 1
        var keep: [Int] = []
        for k in 0..<slotCount {
            let values = rows.map { $0[k] }
            if values.allSatisfy({ !$0.isEmpty }), Set(values).count > 1 { keep.append(k) }
        }
        guard keep.count >= 2 else { return nil }
        // Headers from the template words around each slot.
        var header: [String] = []
        for k in keep {
            var before: [String] = []
            var j = k - 1
            // Template words back to the previous value (slot j is the gap before template[j]).
            while j >= 0, template[j] != "#" {
                before.insert(template[j], at: 0)
                if keep.contains(j) { break }
                j -= 1
            }
            var after: [String] = []
            j = k
            if j < template.count, template[j] == "#" { j += 1 }
            while j < template.count, template[j] != "#", !keep.contains(j + 1), !["and", "with", "while", "but"].contains(template[j]) {
                after.append(template[j]); j += 1
            }
            if j < template.count, keep.contains(j + 1), template[j] != "and" { after.append(template[j]) }
            // The name is the last content word before the slot ("a population of" →
            // "Population"), with the words after a participle ("based in" → "Based in").
            var name: String?
            if let i = before.lastIndex(where: { !OfflineLexicon.stopWords.contains($0) }) {
                name = before[i].hasSuffix("ed") ? before[i...].joined(separator: " ") : before[i]
            }
            var h = name.map { OfflineLexicon.capitalizeFirst($0) } ?? (k == 0 ? "Item" : "Detail")
            // A number's unit follows it ("2.1 million" → "Population (million)").
            let unit = after.filter { !OfflineLexicon.stopWords.contains($0) }
            if k < template.count, template[k] == "#", !unit.isEmpty, unit.count <= 2 { h += " (" + unit.joined(separator: " ") + ")" }
            header.append(h)
        }
        var seen: [String: Int] = [:]
        for (i, h) in header.enumerated() {
            seen[h, default: 0] += 1
            if seen[h]! > 1 { header[i] = "\(h) \(seen[h]!)" }
        }
        let table = Table(header: header, rows: rows.map { r in keep.map { r[$0] } })
        // A cell is a value: a name, a number, a short phrase. A cell holding a verb of its own or
        // a clause's "and" means the sentences were not parallel where the template says
        // ("Paris is | France and has about 2.1" from three sentences about capitals: a README-only
        // trial); no table is better than that one.
        // A cell is whole: its brackets closed and no mark left from its neighbour (“) 1990”,
        // “1991 John W. Eaton” from copyright lines: a README-only trial), and a column is named
        // by a word, not a letter left from “(C)”.
        if header.contains(where: { $0.count < 2 }) { return nil }
        for row in table.rows {
            for cell in row {
                var depth = 0
                for c in cell {
                    if "([{".contains(c) { depth += 1 } else if ")]}".contains(c) { depth -= 1; if depth < 0 { return nil } }
                }
                if depth != 0 || cell.first.map({ ")]},;.".contains($0) }) == true { return nil }
            }
        }
        for row in table.rows {
            for cell in row {
                let tokens = PartOfSpeechTagging.tag(cell).flatMap { $0 }
                if tokens.filter({ $0.tag != .none && !$0.tag.isPunctuation }).count > 6 { return nil }
                if tokens.contains(where: { [.VBZ, .VBP, .VBD, .MD].contains($0.tag) || $0.tag == .CC && $0.text.lowercased() != "and" }) { return nil }
                if tokens.contains(where: { $0.tag == .CC }), tokens.contains(where: { $0.tag.isVerb }) { return nil }
            }
        }
        return table
    }

    private static func clean(_ s: String) -> String {
        var t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        while let l = t.last, ".,;:!?".contains(l) { t.removeLast() }
        while let f = t.first, ",;:".contains(f) { t.removeFirst() }
        return t.trimmingCharacters(in: .whitespaces)
    }
}

extension BuiltInToolEngine {
    /// The header and rows of the Markdown table whose block holds UTF-16 offset `location`,
    /// read from its source (``MarkdownTableShape``, as the Table tool reads a table that is
    /// already there), so that a cell holding only code or a link keeps its text; nil when there
    /// is no such table.
    static func sourceTable(_ a: TextAnalysis, containing location: Int) -> MarkdownTableShape? {
        guard let block = a.document.blocks.first(where: { b in
            b.range.location <= location && location < b.range.location + b.range.length
                && b.intent.components.contains(where: { if case .table = $0.kind { return true }; return false })
        }) else { return nil }
        return MarkdownTableShape(a.source(block.range))
    }

    /// `block` without its opening and closing fence lines (```` ```sh ````, `~~~`), as plain
    /// text shows code; an indented block as it is.
    static func withoutFences(_ block: String) -> String {
        var lines = block.lines().map(String.init)
        func isFence(_ line: String) -> Bool {
            let t = line.trimmingCharacters(in: .whitespaces)
            return t.hasPrefix("```") || t.hasPrefix("~~~")
        }
        guard let first = lines.first, isFence(first) else { return block }
        lines.removeFirst()
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        if let last = lines.last, isFence(last) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    func list(_ request: ToolRequest) throws -> ToolResult {
        let a = TextAnalysis(text: request.text, range: request.range, markup: request.markup, protectedRanges: request.protectedRanges)
        try request.stopIfAsked()
        let style = OutputStyle(options: request.resultOptions, markupIsMarkdown: request.markup == .markdown)
        var out = ResultBuilder(style: style)
        // Front matter (the document's metadata) stays as it is, at the top of a Markdown
        // result; plain text has no metadata block.
        if style.markdown, let front = a.document.protectedRanges.first(where: { $0.reason == .frontMatter }),
           NSIntersectionRange(front.range, request.range).length == front.range.length {
            out.code(a.source(front.range).trimmingCharacters(in: .newlines))
        }
        // A GNU NEWS file: its outline headings are headings, each entry an item whole, with
        // its continuation lines and its “[bug introduced in …]” (``gnuNews(_:)``).
        if request.markup == .plain, let news = Self.gnuNews(a.source(request.range)) {
            for part in news {
                switch part {
                case let .title(t): out.paragraph(t)
                case let .heading(t, level): out.heading(t, level: level)
                case let .items(items): out.list(items)
                }
            }
            return out.result(.list)
        }
        var pending: [String] = []
        func flush() { out.list(pending); pending = [] }
        func text(_ i: Int) -> String { style.markdown ? a.sentences[i].markdown : a.sentences[i].plain }
        // Structure the document already has: its lists stay lists (each item whole, nested as
        // it was), a plain-text title underlined with === or --- is a heading, its tables and
        // reference definitions are kept. The units inside such a block are not read again.
        let existing = ExistingStructure.blocks(a, markdownStyle: style.markdown)
        var nextBlock = 0
        func emit(_ b: ExistingBlock) {
            settleCarry()
            switch b.kind {
            case let .heading(level, title):
                flush(); out.heading(title, level: level)
            case let .list(items):
                flush(); out.nestedList(items.map { (style.markdown ? $0.markdown : $0.plain, $0.depth, $0.ordered) })
            case let .table(header, rows):
                // As a Markdown table's rows: an item per row, its cells joined with " – ", under
                // the line that names the columns (“uid – name – description”).
                flush()
                let names = header.filter { !$0.isEmpty }
                if !names.isEmpty { out.paragraph(names.joined(separator: " – ")) }
                out.list(rows.map { $0.filter { !$0.isEmpty }.joined(separator: " – ") })
            case let .verbatim(lines):
                if !lines.isEmpty { flush(); out.paragraph(lines) }
            case let .transcript(lines):
                // A shell session stays as it was, as code (its `#` lines are prompts).
                flush(); out.code(style.markdown ? "```\n" + lines + "\n```" : lines)
            }
        }
        // Text that no sentence, unit or block above holds (a paragraph of commands or URLs, a
        // line the parser protects whole as code: "  chmod g-w ~/", "  https://bugs.debian.org/…",
        // "  diff --color now produces…"): a README-only trial's List dropped all of it. It comes
        // back in its place: prose as an item, anything else as it was written.
        let gaps = Self.uncoveredRuns(a, existing: existing)
        var nextGap = 0
        let closing = Self.messageClosing(a)
        // A prose line the parser kept whole as code that opens a sentence ("diff
        // --strip-trailing-cr with a single CR byte in one input file" / "would provoke…"):
        // it joins the sentence it opens, if that comes next in lower case.
        var carry: String?
        func settleCarry() {
            if let c = carry { pending.append(c); carry = nil }
        }
        func emitGap(_ g: UncoveredRun) {
            settleCarry()
            if a.document.markup == .plain, g.isProse {
                let text = ExistingStructure.reflow(g.lines.joined(separator: "\n"))
                if let last = text.last, !".!?:;".contains(last) { carry = text } else { pending.append(text) }
                return
            }
            flush()
            if style.markdown {
                out.paragraph(g.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n"))
            } else {
                out.code(g.indented)
            }
        }
        func emitBlocks(before location: Int) {
            while nextBlock < existing.count && existing[nextBlock].range.location < location
                    || nextGap < gaps.count && gaps[nextGap].location < location {
                if nextGap < gaps.count, nextBlock >= existing.count || gaps[nextGap].location < existing[nextBlock].range.location {
                    emitGap(gaps[nextGap])
                    nextGap += 1
                } else {
                    emit(existing[nextBlock])
                    nextBlock += 1
                }
            }
        }
        func hasPending(before location: Int) -> Bool {
            nextBlock < existing.count && existing[nextBlock].range.location < location
                || nextGap < gaps.count && gaps[nextGap].location < location
        }
        func block(containing r: NSRange) -> ExistingBlock? {
            existing.first { $0.range.location <= r.location && r.location + r.length <= $0.range.location + $0.range.length }
        }
        /// The part of sentence `i` outside every existing block (a plain-text paragraph that
        /// starts with an underlined title: "Short Tests / ----- / Short tests run…"), or nil.
        func visibleText(_ i: Int) -> String? {
            let r = a.sentences[i].documentRange
            if block(containing: r) != nil { return nil }
            var lo = r.location, hi = r.location + r.length
            for b in existing {
                let bs = b.range.location, be = b.range.location + b.range.length
                if bs <= lo, be > lo { lo = be }
                if bs < hi, be >= hi, bs > lo { hi = bs }
            }
            guard lo < hi else { return nil }
            if lo == r.location, hi == r.location + r.length { return text(i) }
            let t = ExistingStructure.reflow(a.source(NSRange(location: lo, length: hi - lo)))
            return t.isEmpty ? nil : t
        }
        var k = 0
        while k < a.units.count {
            let u = a.units[k]
            emitBlocks(before: u.documentRange.location)
            if u.kind != .paragraph { settleCarry() }
            if block(containing: u.documentRange) != nil { k += 1; continue }
            // A footnote's text comes back with its label, as a definition after the list.
            if DocumentDigest.isFootnoteDefinition(a, u) { k += 1; continue }
            // A plain-text "item" outside every list found above (the text under a numbered
            // title, "2. Next year's budget" / "Anna proposed…") is read as a paragraph.
            var kind = u.kind
            if case .listItem = kind, a.document.markup == .plain { kind = .paragraph }
            switch kind {
            case let .heading(level):
                // (Its number too: "## 1. Postgres 16 upgrade" is no "## Postgres 16 upgrade".)
                let title = style.markdown ? Self.headingLine(a, u) ?? u.markdown.drop(while: { $0 == "#" || $0 == " " }).description : u.plain
                flush(); out.heading(title, level: level)
            case .code:
                // Plain text: the code itself, without its fence lines.
                flush(); out.code(style.markdown ? u.markdown : Self.withoutFences(u.markdown))
            case .listItem:
                // A task-list item keeps its checkbox (`[ ]` to do, `[x]` done).
                pending.append((u.checkbox.map { $0 + " " } ?? "") + u.sentences.map(text).joined(separator: " "))
            case let .tableCell(_, _, table):
                // A table's rows become items: cells joined with " – ". The cells are read from
                // the table's source rows, so that a cell holding only code (`timeout`), which
                // has no prose of its own, is kept as it is.
                var rows: [[String]] = []
                var lastRow = -1
                let first = u.documentRange.location
                while k < a.units.count, case let .tableCell(row, _, t) = a.units[k].kind, t == table {
                    if row != lastRow { rows.append([]); lastRow = row }
                    rows[rows.count - 1].append(a.units[k].sentences.map(text).joined(separator: " "))
                    k += 1
                }
                k -= 1
                if let shape = Self.sourceTable(a, containing: first), shape.rows.count + 1 == rows.count {
                    rows = ([shape.header] + shape.rows).map { r in style.markdown ? r : r.map { $0.replacingOccurrences(of: "`", with: "") } }
                }
                // The columns' names first, as a line of their own over the rows.
                if let names = rows.first?.filter({ !$0.isEmpty }), !names.isEmpty {
                    flush()
                    out.paragraph(names.joined(separator: " – "))
                }
                for r in rows.dropFirst() { pending.append(r.filter { !$0.isEmpty }.joined(separator: " – ")) }
            case .paragraph where closing.map({ (k > $0.unit && k <= $0.last) || (k == $0.unit && $0.sentence == nil) }) == true:
                // A message's sign-off and signature ("I remain, yours faithfully," / "A.
                // Whitfield" / "Senior Planning Officer") stay lines, as the greeting does:
                // they are no items.
                flush(); settleCarry()
                out.paragraph(u.markdown.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }.joined(separator: "\n"))
            case .paragraph where k > 0 && { if case .heading = a.units[k - 1].kind { true } else { false } }() && ChangelogTable.standaloneDate(u.plain) != nil:
                // A release's date under its heading ("## Version 2.20" / "17 Mar 2019") stays a
                // line of its own: it is no item (a README-only trial's List made "- 17 Mar 2019").
                flush(); settleCarry()
                out.paragraph(u.plain)
            case .paragraph:
                // The paragraph's sentences in runs between the existing blocks inside it.
                var run: [Int] = []
                var runSents: [String] = []
                func paragraphRun() {
                    if let c = carry, let first = runSents.first, first.first?.isLowercase == true {
                        runSents[0] = c + " " + first
                        carry = nil
                    }
                    settleCarry()
                    if !runSents.isEmpty {
                        listParagraph(runSents, words: run.reduce(0) { $0 + a.sentences[$1].wordCount },
                                      lineStructured: a.unitLineStructured[k], out: &out, pending: &pending)
                    }
                    run = []; runSents = []
                }
                for i in u.sentences {
                    let r = a.sentences[i].documentRange
                    if hasPending(before: r.location) {
                        paragraphRun()
                        emitBlocks(before: r.location)
                    }
                    if nextBlock < existing.count, existing[nextBlock].range.location < r.location + r.length {
                        paragraphRun()
                        emitBlocks(before: r.location + r.length)
                    }
                    if closing?.unit == k, closing?.sentence == i { continue }
                    if let t = visibleText(i) { run.append(i); runSents.append(t) }
                }
                paragraphRun()
                // The name that signs a message, the last line of its last paragraph ("Thanks so
                // much!" / "Jess"), stays a line.
                if closing?.unit == k, let i = closing?.sentence { flush(); out.paragraph(a.sentences[i].plain) }
            }
            k += 1
        }
        emitBlocks(before: Int.max)
        settleCarry()
        flush()
        if out.text.isEmpty { return out.result(.list, note: "There is no text to turn into a list.") }
        // Never silently: a line whose words the list does not hold is named.
        // (The reference and footnote definitions the result uses come after it.)
        let definitions = a.referenceDefinitions(usedIn: out.text) + a.footnoteDefinitions(usedIn: out.text)
        let missing = Self.leftOutLines(a, result: ([out.text] + definitions).joined(separator: "\n"), plainResult: !style.markdown)
        let note = missing.isEmpty ? nil : "The list leaves out \(missing.count) line\(missing.count == 1 ? "" : "s") of the text: "
            + missing.prefix(3).map { "“\($0)”" }.joined(separator: ", ") + (missing.count > 3 ? ", …" : "") + "."
        return out.result(.list, note: note, keepingReferencesOf: a)
    }

    /// A part of a GNU NEWS file read as a list (``gnuNews(_:)``).
    enum NewsPart: Equatable {
        /// The file's title line (“GNU coreutils NEWS”, its Emacs mode line left out).
        case title(String)
        /// An outline heading: “* Noteworthy changes in release 9.1 …” (level 1), “** Bug fixes” (2).
        case heading(String, level: Int)
        /// The entries under a heading, each reflowed onto one line.
        case items([String])
    }

    /// The parts of `text` when it is a GNU NEWS file: two outline headings or more (lines
    /// opening with one to three `*` and a space) and entries under them, paragraphs of
    /// indented lines separated by blank lines. An entry is one item whatever its sentences and
    /// lines (“chmod -R no longer exits… All files would be processed correctly, but… [bug
    /// introduced in coreutils-9.0]”): a trial's list made “** Bug fixes” an item, cut each
    /// “[bug introduced …]” off its entry and broke a sentence at a line's end. Nil for other
    /// text.
    static func gnuNews(_ text: String) -> [NewsPart]? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        let outline = #"^(\*{1,3})\s+(\S.*)$"#
        let headings = lines.filter { $0.range(of: outline, options: .regularExpression) != nil }
        let indented = lines.filter { $0.hasPrefix("  ") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard headings.count >= 2, indented.count >= headings.count,
              lines.contains(where: { $0.range(of: #"^\*{1,3}\s+.*\b(release|version|changes|bug fixes|new features|improvements)\b"#,
                                                   options: [.regularExpression, .caseInsensitive]) != nil }) else { return nil }
        var parts: [NewsPart] = []
        var items: [String] = []
        var entry: [String] = []
        var seenHeading = false
        func endEntry() {
            // (One space after a sentence's stop: the file's two are for Emacs.)
            if !entry.isEmpty { items.append(entry.joined(separator: " ").replacingOccurrences(of: #"([.!?]) {2,}"#, with: "$1 ", options: .regularExpression)) }
            entry = []
        }
        func endItems() {
            endEntry()
            if !items.isEmpty { parts.append(.items(items)) }
            items = []
        }
        for line in lines {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.isEmpty { endEntry(); continue }
            if let r = line.range(of: outline, options: .regularExpression) {
                endItems()
                let stars = line[r].prefix { $0 == "*" }.count
                let title = line.drop { $0 == "*" }.trimmingCharacters(in: .whitespaces)
                parts.append(.heading(title, level: stars))
                seenHeading = true
                continue
            }
            if !seenHeading, parts.isEmpty, entry.isEmpty, items.isEmpty {
                // The title line, without its Emacs mode line (“-*- outline -*-”).
                let title = t.replacingOccurrences(of: #"\s*-\*-.*-\*-\s*$"#, with: "", options: .regularExpression)
                if !title.isEmpty { parts.append(.title(title)) }
                continue
            }
            entry.append(t)
        }
        endItems()
        return parts
    }

    /// A run of consecutive lines (or the parts of lines) of the request that no sentence, code
    /// unit, table, front matter or existing block holds, and that hold a letter or a digit.
    struct UncoveredRun {
        /// UTF-16 offset of its first character.
        var location: Int
        /// Its lines as written (each line's uncovered part; a whole line with its indentation).
        var lines: [String]
        /// The run reads as prose: five words or more, most of them plain words, and no line
        /// that reads as a command or an address ("diff --color now produces output compatible
        /// with less -R."; not "systemctl enable ssh.socket", "https://bugs.debian.org/298138").
        var isProse: Bool { ExistingStructure.readsAsProse(lines) }
        /// The lines as a plain-text code block: their common indentation made four spaces.
        var indented: String {
            let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                .map { $0.prefix(while: { $0 == " " || $0 == "\t" }).count }.min() ?? 0
            return lines.map { "    " + $0.dropFirst(indent) }.joined(separator: "\n")
        }
    }

    /// The text of `a`'s request range that no sentence, code unit, table, front matter or
    /// block of `existing` covers, as runs of consecutive lines, in document order. Lines with
    /// nothing but markup (list markers, rules, emphasis marks, pipes) and HTML comments are
    /// none.
    static func uncoveredRuns(_ a: TextAnalysis, existing: [ExistingBlock]) -> [UncoveredRun] {
        let start = a.range.location, end = a.range.location + a.range.length
        guard end > start else { return [] }
        var covered = [Bool](repeating: false, count: end - start)
        func cover(_ r: NSRange) {
            let lo = max(start, r.location), hi = min(end, r.location + r.length)
            if lo < hi { for k in lo..<hi { covered[k - start] = true } }
        }
        for s in a.sentences { cover(a.markdownRange(s.documentRange)) }
        // A heading's whole line ("## 1. Postgres 16 upgrade": its number is no sentence's).
        for u in a.units { if case .heading = u.kind { cover(lineRange(a, u.documentRange)) } }
        for u in a.units where u.kind == .code { cover(u.documentRange) }
        for b in existing { cover(b.range) }
        for b in a.document.blocks {
            switch b.intent.kind {
            case .table?, .codeBlock?: cover(b.range)
            default: break
            }
        }
        for p in a.document.protectedRanges where p.reason == .frontMatter || p.reason == .linkReferenceDefinition { cover(p.range) }
        var runs: [UncoveredRun] = []
        var lastLine = -2
        var lineNumber = 0
        var i = start
        while i < end {
            var e = i
            while e < end, a.units16[e] != 10, a.units16[e] != 13 { e += 1 }
            var firstUncovered: Int?
            var hasContent = false
            var whole = true
            for k in i..<e {
                if covered[k - start] {
                    if !(a.units16[k] == 32 || a.units16[k] == 9) { whole = false }
                    continue
                }
                if firstUncovered == nil, a.units16[k] != 32, a.units16[k] != 9 { firstUncovered = k }
                if let c = UnicodeScalar(a.units16[k]), CharacterSet.alphanumerics.contains(c) { hasContent = true }
            }
            if hasContent, let f = firstUncovered {
                var text = whole ? a.source(NSRange(location: i, length: e - i))
                                 : String(decoding: (f..<e).filter { !covered[$0 - start] }.map { a.units16[$0] }, as: UTF16.self)
                text = String(text.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
                let t = text.trimmingCharacters(in: .whitespaces)
                if !(t.hasPrefix("<!--") && t.hasSuffix("-->")) {
                    if lastLine == lineNumber - 1, !runs.isEmpty {
                        runs[runs.count - 1].lines.append(text)
                    } else {
                        runs.append(UncoveredRun(location: f, lines: [text]))
                    }
                    lastLine = lineNumber
                }
            }
            lineNumber += 1
            if e >= end { break }
            i = e + ((a.units16[e] == 13 && e + 1 < end && a.units16[e + 1] == 10) ? 2 : 1)
        }
        return runs
    }

    /// `r` widened to the whole lines it touches (without their line breaks).
    static func lineRange(_ a: TextAnalysis, _ r: NSRange) -> NSRange {
        var lo = max(0, min(r.location, a.units16.count)), hi = max(lo, min(NSMaxRange(r), a.units16.count))
        while lo > 0, a.units16[lo - 1] != 10, a.units16[lo - 1] != 13 { lo -= 1 }
        while hi < a.units16.count, a.units16[hi] != 10, a.units16[hi] != 13 { hi += 1 }
        return NSRange(location: lo, length: hi - lo)
    }

    /// A heading unit's title as its line writes it, number included ("1. Postgres 16
    /// upgrade"), without the `#` marks; nil when the line holds more than the heading.
    static func headingLine(_ a: TextAnalysis, _ u: AnalyzedUnit) -> String? {
        let line = a.source(lineRange(a, u.documentRange)).trimmingCharacters(in: .whitespaces)
        guard line.hasPrefix("#") else { return nil }
        var t = Substring(line).drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
        while t.hasSuffix("#") { t.removeLast() }
        t = t.trimmingCharacters(in: .whitespaces)
        return t.isEmpty ? nil : t
    }

    /// The lines of `a`'s request range whose words `result` does not hold (fewer than half of
    /// a line's words of two letters or more, compared in lower case), trimmed, in order.
    /// `plainResult`: a result in plain text, which leaves out link reference definitions by
    /// design (a link's text without its URL), so they are no lines left out.
    static func leftOutLines(_ a: TextAnalysis, result: String, plainResult: Bool = false) -> [String] {
        func words(_ s: String) -> [String] {
            s.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).filter { $0.count >= 2 }.map(String.init)
        }
        let kept = Set(words(result))
        return a.source(a.range).lines().compactMap { line -> String? in
            let w = words(String(line))
            guard !w.isEmpty, w.filter({ kept.contains($0) }).count * 2 < w.count else { return nil }
            if plainResult, line.range(of: #"^[ ]{0,3}\[[^\]]+\]:[ \t]*\S"#, options: .regularExpression) != nil { return nil }
            return line.trimmingCharacters(in: .whitespaces)
        }
    }

    /// A message's sign-off line: a closing formula, possibly after “I remain,”, and a few words.
    static let signOffLine = #"^((i|we) remain,?\s+)?((best|kind|warm|many)( regards| wishes)?|regards|thanks|thank you|cheers|sincerely|yours|all the best|talk soon|speak soon|take care|love)\b[^.?]{0,40}$"#

    /// Where a message's closing starts (a text that opens with a greeting's line, “Hi Dan,”,
    /// “Dear Mr. Henderson,”): the unit whose first line is a sign-off
    /// (``signOffLine``) among the last three paragraphs, all units after it being its signature
    /// (`sentence` nil); else, when the last paragraph ends on a name on a line of its own (one
    /// to four capitalised words or initials, no closing mark: “Jess”, “A. Whitfield”), that
    /// sentence of that unit. Nil for a text that is no message.
    /// `last` is the last unit of the closing: the signature's blocks of short lines after the
    /// sign-off (“Maria Lopez” / “Contracts Manager”), not a quoted reply after it.
    static func messageClosing(_ a: TextAnalysis) -> (unit: Int, sentence: Int?, last: Int)? {
        let paragraphs = a.units.indices.filter { a.units[$0].kind == .paragraph && !a.units[$0].sentences.isEmpty }
        func firstLine(_ k: Int) -> String {
            a.units[k].plain.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }
        guard let first = paragraphs.first, paragraphs.count >= 2,
              firstLine(first).range(of: BuiltInToolEngine.greeting, options: [.regularExpression, .caseInsensitive]) != nil else { return nil }
        func isSignatureBlock(_ k: Int) -> Bool {
            let lines = a.source(a.units[k].documentRange).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            return !lines.isEmpty && lines.allSatisfy { l in
                !l.hasPrefix(">") && !l.hasSuffix(":") && l.split(separator: " ").count <= 6 && !(l.hasSuffix(".") && !isSignatureName(l))
            }
        }
        for k in paragraphs.suffix(3) where k != first {
            if firstLine(k).range(of: signOffLine, options: [.regularExpression, .caseInsensitive]) != nil {
                var last = k
                while let next = paragraphs.first(where: { $0 > last }), next == last + 1, isSignatureBlock(next) { last = next }
                return (k, nil, last)
            }
        }
        guard let last = paragraphs.last, let s = a.units[last].sentences.last, a.units[last].sentences.count >= 2 else { return nil }
        return isSignatureName(a.sentences[s].plain) ? (last, s, last) : nil
    }

    /// True when `line` is a name signing a message: one to four words, each capitalised or an
    /// initial (“A.”), no other mark (“Jess”, “A. Whitfield”, “Priya Shah”).
    static func isSignatureName(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        guard (1...4).contains(words.count), line.count <= 40 else { return false }
        return words.allSatisfy { w in
            guard let f = w.first, f.isUppercase else { return false }
            if w.count == 2, w.last == "." { return true }
            return w.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" }
        }
    }

    /// The List tool's reading of one paragraph's sentences (`sents`, `words` words; its lines
    /// separate items when `lineStructured`): a greeting or sign-off stays a line; steps
    /// ("First, … Then, …") a numbered list; a series after a colon or "such as" its items;
    /// otherwise an item per sentence, a sentence ending with ":" introducing what follows.
    func listParagraph(_ lines: [String], words: Int, lineStructured: Bool, out: inout ResultBuilder, pending: inout [String]) {
        func flush() { out.list(pending); pending = [] }
        // Each sentence on one line (a hard-wrapped "three sections:" / "short, medium…" is one
        // sentence whose series is found).
        let sents = lines.map(ExistingStructure.reflow)
        // A metadata line ("Attendees: Maria, Jonas, Keiko", "**Present:** Lena, Omar") stays a
        // line: it says who and when, the notes' items come after it.
        if sents.count == 1, sents[0].replacingOccurrences(of: "*", with: "").replacingOccurrences(of: "_", with: "")
            .range(of: ListDetector.metadataLine, options: [.regularExpression, .caseInsensitive]) != nil {
            flush()
            out.paragraph(sents[0])
            return
        }
        // A greeting or sign-off ("Hi Sam,", "Thanks,\nPriya") stays a line of its own.
        if words <= 6, sents.first?.hasSuffix(",") == true {
            flush()
            out.paragraph(sents.joined(separator: "\n"))
            return
        }
        let enumerated = sents.filter { ListDetector.enumerationMarker($0) != nil }.count >= 2
        let series = sents.map { ListDetector.series($0, byTags: sents.count <= 2) }
        if lineStructured || (!enumerated && series.allSatisfy({ $0 == nil })) {
            // One item per sentence (or line); a sentence ending with ":" introduces what follows.
            // An answer of yes or no (an FAQ's “A: No. Use 7-Zip…”) stays with the sentence after
            // it, which it means nothing without.
            var answer: String?
            // An item is a point, not a sentence: a sentence that goes on the one before it (it
            // points back, “Bilal thinks we can fix this by…”, “This was intended…”; it opens with a
            // connective, “But…”, “So…”; it ends on “though”) joins that sentence's item, up to
            // three sentences and 80 words (session 54's trial: List made every sentence of a
            // paragraph a bullet). A line-structured paragraph keeps an item a line.
            var joinable = false
            var itemSentences = 0
            for (n, sentence) in sents.enumerated() {
                if sentence.hasSuffix(":") {
                    flush()
                    out.paragraph(sentence)
                    joinable = false
                } else if !lineStructured, n + 1 < sents.count, answer == nil, DocumentDigest.isBareAnswer(sentence) {
                    answer = sentence
                } else if !lineStructured, answer == nil, joinable, let last = pending.last, itemSentences < 3,
                          (last + " " + sentence).split(separator: " ").count <= 80, Self.continuesThePoint(sentence) {
                    pending[pending.count - 1] = last + " " + sentence
                    itemSentences += 1
                } else {
                    let items = Self.clauses(answer.map { $0 + " " + sentence } ?? sentence)
                    pending.append(contentsOf: items)
                    answer = nil
                    joinable = items.count == 1
                    itemSentences = 1
                }
            }
            if let answer { pending.append(answer) }
            return
        }
        flush()
        var lead: [String] = []
        var steps: [String] = []
        var inSteps = false
        for (s, ser) in zip(sents, series) {
            if enumerated, ListDetector.enumerationMarker(s) != nil || inSteps {
                // Steps that start with “Then” or “Next” continue the sentence before them: it is
                // step one (“Clean up the old files. Then, run the tests. Finally, push.”), unless
                // it introduces them (“…:”).
                if !inSteps, let marker = ListDetector.enumerationMarker(s), !marker.hasPrefix("first"), !marker.hasPrefix("to begin"),
                   let last = lead.last, !last.hasSuffix(":") {
                    lead.removeLast()
                    steps.append(last)
                }
                if !lead.isEmpty { out.paragraph(lead.joined(separator: " ")); lead = [] }
                inSteps = true
                steps.append(ListDetector.trimEnumeration(s))
            } else if enumerated, steps.isEmpty, let (intro, step) = ListDetector.embeddedFirstStep(s) {
                lead.append(intro)
                out.paragraph(lead.joined(separator: " ")); lead = []
                inSteps = true
                steps.append(step)
            } else if let (l, items, after) = ser {
                if !l.isEmpty { lead.append(l.hasSuffix(":") ? l : l + ":") }
                if !lead.isEmpty { out.paragraph(lead.joined(separator: " ")); lead = [] }
                out.list(items)
                if !after.isEmpty { lead.append(after) }
            } else {
                lead.append(s)
            }
        }
        if !steps.isEmpty { out.list(steps, ordered: true) }
        if !lead.isEmpty { out.paragraph(lead.joined(separator: " ")) }
    }

    /// Whether `sentence` goes on the point of the sentence before it: it points back (“fix this
    /// by…”, “For that you need…”, “This was intended…”), opens with a connective
    /// (“But”, “So”, “Also”, “However”, “Otherwise”, “Instead”), or ends on “though”.
    static func continuesThePoint(_ sentence: String) -> Bool {
        // (“However” joins only as a connective, with its comma: “However little known…” is a
        // degree, and opens a point of its own.)
        if sentence.range(of: #"^\W*(?:(?:but|so|also|yet|still|otherwise|instead|therefore|thus|hence)\b|however\s*,)"#,
                          options: [.regularExpression, .caseInsensitive]) != nil { return true }
        if sentence.range(of: #"\bthough\W*$"#, options: [.regularExpression, .caseInsensitive]) != nil { return true }
        return sentence.range(of: DocumentDigest.pointsBack, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// A sentence of more than 50 words as the clauses its semicolons join, outside brackets,
    /// quotation marks and code, each of five words or more: items of a list a reader can scan
    /// ("… near miss; names and product names such as `Kubernetes`, … are reported, not
    /// changed."); a shorter sentence whole.
    static func clauses(_ sentence: String) -> [String] {
        guard sentence.split(separator: " ").count > 50 else { return [sentence] }
        var parts: [String] = []
        var current = ""
        var depth = 0, code = false, quote = false
        for c in sentence {
            switch c {
            case "`": code.toggle()
            case "(", "[": if !code { depth += 1 }
            case ")", "]": if !code { depth = max(0, depth - 1) }
            case "“": quote = true
            case "”": quote = false
            default: break
            }
            if c == ";", depth == 0, !code, !quote {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                continue
            }
            current.append(c)
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        guard parts.count > 1, parts.allSatisfy({ $0.split(separator: " ").count >= 5 }) else { return [sentence] }
        return parts
    }

    /// What `table` says of a text that has no rows: the kinds of text it makes a table of.
    static let noTableFound = "No table structure found, so no table was made. Table reads rows the text already has: "
        + "a table (Markdown, or “a | b | c” lines), “label: value” lines, “Field: value” records, lines split the same way "
        + "(“name – role – detail”, tabs, commas), a changelog's entries, or parallel sentences about several items "
        + "(“Paris has 2.1 million people. Rome has 2.8 million.”). This text is prose without them."

    /// What `table` says of a changelog it cannot read.
    static let changelogNeeds = "Table reads a Debian changelog (“pkg (1.2-1) unstable; urgency=medium”, “  * change”, “ -- Name <email>  date”), "
        + "a GNU ChangeLog (“2024-01-31  Name  <email>”, then “\t* file: change”) or release notes with a heading per version "
        + "(“## 1.2.0 (2024-01-31)”, “* Noteworthy changes in release 1.2”) and under each a list of changes or, in a GNU NEWS "
        + "outline, “** Bug fixes” over indented paragraphs."

    /// The note of a changelog Table cannot read: what it found, why that makes no row, and
    /// what it reads (``changelogNeeds``).
    static func changelogNote(_ text: String) -> String {
        ChangelogTable.whyNoRows(text) + ", so no table was made. " + changelogNeeds
    }

    func table(_ request: ToolRequest) throws -> ToolResult {
        let a = TextAnalysis(text: request.text, range: request.range, markup: request.markup, protectedRanges: request.protectedRanges)
        try request.stopIfAsked()
        let style = OutputStyle(options: request.resultOptions, markupIsMarkdown: request.markup == .markdown)
        func text(_ i: Int) -> String { style.markdown ? a.sentences[i].markdown : a.sentences[i].plain }
        var found: TableDetector.Table?
        var skippedReleasesNote: String?
        // Tables that are already there, each with the heading above it (a document of several
        // tables keeps them all, under their headings).
        var existingTables: [(location: Int, table: TableDetector.Table)] = []
        // 1. A table that is already there, read from its source so that cells holding only code
        //    or a link keep their place and their text (prose segments leave those out).
        if request.markup == .markdown {
            let r = request.range
            for b in a.document.blocks where NSIntersectionRange(b.range, r).length > 0 || (r.length == 0 && b.range.contains(r.location)) {
                guard case .table? = b.intent.kind,
                      let source = request.text.substring(utf16Range: b.range), let t = MarkdownTableShape(source) else { continue }
                existingTables.append((b.range.location, TableDetector.Table(header: t.header, rows: t.rows)))
            }
        } else if request.markup == .plain {
            // Plain text's own tables: `a | b | c` lines, with or without a `---+---` rule; not
            // in a changelog whose entries make rows (coreutils' NEWS: "`tail -f file | grep -q
            // foo`" wrapped over two lines read as a table of two columns).
            let changelogRows = request.text.substring(utf16Range: request.range).flatMap {
                ChangelogTable.looksLikeChangelog($0) ? ChangelogTable.table($0)?.rows.count : nil
            } ?? 0
            for b in ExistingStructure.plainBlocks(a.units16, range: a.range) where changelogRows < 2 {
                if case let .table(header, rows) = b.kind { existingTables.append((b.range.location, TableDetector.Table(header: header, rows: rows))) }
            }
        }
        if existingTables.count > 1 {
            var out = ResultBuilder(style: style)
            var note: String?
            for (location, t) in existingTables {
                // The heading the table stands under, if any.
                if let h = a.units.last(where: { u in
                    if case .heading = u.kind { return u.documentRange.location < location } else { return false }
                }), case let .heading(level) = h.kind {
                    out.heading(style.markdown ? h.markdown.drop(while: { $0 == "#" || $0 == " " }).description : h.plain, level: level)
                } else if let h = ExistingStructure.plainBlocks(a.units16, range: NSRange(location: a.range.location, length: location - a.range.location)).last(where: {
                    if case .heading = $0.kind { return true } else { return false }
                }), case let .heading(level, title) = h.kind {
                    out.heading(title, level: level)
                }
                note = out.tableOrList(header: t.header, rows: t.rows) ?? note
            }
            return out.result(.table, note: note, keepingReferencesOf: a)
        }
        found = existingTables.first?.table
        var cells: [[String]] = []
        var lastRow = -1, table = -1
        for u in a.units {
            guard case let .tableCell(row, _, t) = u.kind else { continue }
            if table == -1 { table = t }
            guard t == table else { break }
            if row != lastRow { cells.append([]); lastRow = row }
            cells[cells.count - 1].append(u.sentences.map(text).joined(separator: " "))
        }
        if found == nil, cells.count >= 2 { found = TableDetector.Table(header: cells[0], rows: Array(cells.dropFirst())) }
        // A changelog: a row per entry (``ChangelogTable``), or no table at all: its sign-off
        // lines and dates would otherwise be split at their colons.
        if found == nil, request.markup != .latex, let text = request.text.substring(utf16Range: request.range),
           ChangelogTable.looksLikeChangelog(text) {
            guard let t = ChangelogTable.table(text) else {
                return ResultBuilder(style: style).result(.table, note: Self.changelogNote(text))
            }
            found = t
            // The releases whose notes are prose are named, never silently dropped.
            let skipped = ChangelogTable.unreadableReleases(text)
            if !skipped.isEmpty {
                let names = skipped.prefix(3).map { "“" + ($0.count > 60 ? String($0.prefix(59)) + "…" : $0) + "”" }.joined(separator: ", ")
                    + (skipped.count > 3 ? " and \(skipped.count - 3) more" : "")
                skippedReleasesNote = "A row per release whose notes are a list of changes; \(skipped.count) release\(skipped.count == 1 ? "" : "s") written as prose \(skipped.count == 1 ? "is" : "are") not in the table: \(names)."
            }
        }
        // 2. Records of fields (a Debian copyright file's stanzas, e-mail headers).
        var recordNote: String? = skippedReleasesNote
        if found == nil, request.markup == .plain, let text = request.text.substring(utf16Range: request.range),
           let (t, skipped) = TableDetector.fromRecords(text) {
            found = t
            if skipped > 0 {
                recordNote = "A row per “\(t.header[0]):” record; \(skipped) other paragraph\(skipped == 1 ? "" : "s") (a header or a text of its own) \(skipped == 1 ? "is" : "are") not in the table."
            }
        }
        // 3. Lines: list items and line-structured paragraphs, in runs.
        var blockNote: String?
        // Every run of lines that makes a table, with the heading it stands under: one run's
        // table is the result; several with the same columns are one table with a column for
        // their heading (meeting notes' decisions and actions, section by section); a
        // README-only trial's notes lost section 2's when only the first run was read.
        var runTables: [(table: TableDetector.Table, heading: String?, lines: Int)] = []
        if found == nil {
            var run: [String] = []
            var runs: [(lines: [String], title: String?)] = []
            var lastLine: String?
            var heading: String?
            func tryRun() {
                if let t = TableDetector.fromLines(run) { runTables.append((t, heading, run.count)) }
                if !run.isEmpty { runs.append((run, lastLine)) }
                run = []
            }
            for (k, u) in a.units.enumerated() {
                let isLines: Bool
                if case .listItem = u.kind { isLines = true } else { isLines = a.unitLineStructured[k] }
                if case .heading = u.kind {
                    tryRun()
                    heading = u.plain
                    lastLine = u.sentences.last.map { a.sentences[$0].plain }
                } else if isLines {
                    run.append(contentsOf: u.sentences.map { a.sentences[$0].plain })
                } else if case .paragraph = u.kind, u.sentences.count == 1, TableDetector.labelValue(a.sentences[u.sentences[0]].plain) != nil {
                    // One "Label: value" line per paragraph (blank lines between them).
                    run.append(a.sentences[u.sentences[0]].plain)
                } else {
                    tryRun()
                    lastLine = u.sentences.last.map { a.sentences[$0].plain }
                }
            }
            tryRun()
            if runTables.count == 1 {
                found = runTables[0].table
            } else if let first = runTables.first {
                if runTables.allSatisfy({ $0.table.header == first.table.header }), runTables.contains(where: { $0.heading != nil }) {
                    found = TableDetector.Table(header: ["Section"] + first.table.header,
                                                rows: runTables.flatMap { t in t.table.rows.map { [t.heading ?? ""] + $0 } })
                } else if runTables.allSatisfy({ $0.table.header == first.table.header }) {
                    found = TableDetector.Table(header: first.table.header, rows: runTables.flatMap(\.table.rows))
                } else {
                    // Tables of different columns: each under its heading.
                    var out = ResultBuilder(style: style)
                    var note: String?
                    for t in runTables {
                        if let h = t.heading { out.heading(h, level: 2) }
                        note = out.tableOrList(header: t.table.header, rows: t.table.rows) ?? note
                    }
                    return out.result(.table, note: note, keepingReferencesOf: a)
                }
            }
            if found != nil {
                let lines = runTables.reduce(0) { $0 + $1.lines }
                // (Paragraphs of prose: not the lines of rows, not a line that introduces them.)
                let others = a.units.indices.filter { k in
                    let u = a.units[k]
                    guard u.kind == .paragraph, !a.unitLineStructured[k] else { return false }
                    if u.sentences.count == 1, a.sentences[u.sentences[0]].plain.hasSuffix(":") { return false }
                    return !u.sentences.contains { TableDetector.labelValue(a.sentences[$0].plain) != nil }
                }.count
                if others > 0 {
                    blockNote = "The table holds \(lines) lines of the text, a row each; its other \(others) paragraph\(others == 1 ? " is" : "s are") not in it."
                }
            }
            // No run is a table as a whole: a block of "Label: value" lines inside one (the
            // "Action items" of meeting notes, under their discussion's bullets; a README-only
            // trial was told the notes were "prose without them").
            if found == nil {
                for r in runs {
                    guard let (t, start, count) = TableDetector.labelValueBlock(r.lines, title: r.title) else { continue }
                    found = t
                    let title = start > 0 ? r.lines[start - 1] : r.title
                    blockNote = "A row per “label: value” line (\(count))" + (title.map { " under “\($0)”" } ?? "") + "; the rest of the text is not in the table."
                    break
                }
            }
        }
        // 4. Parallel sentences, paragraph by paragraph and across the text.
        if found == nil {
            // (Sentences of prose: a program's output, "1: ref = This is a test", or a line of
            // code is no sentence about an item.)
            let prose = a.units.filter { $0.kind == .paragraph }.flatMap { $0.sentences.map { a.sentences[$0].plain } }
                .filter { p in p.first?.isLetter == true && !p.contains(where: { "={}\\".contains($0) }) }
            found = TableDetector.fromParallelSentences(prose)
        }
        var out = ResultBuilder(style: style)
        guard let t = found else {
            // Release notes whose versions head prose rather than a list of changes: say so, and
            // what Table reads, rather than that the text has no structure.
            if request.markup != .latex, let text = request.text.substring(utf16Range: request.range),
               case let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init),
               ChangelogTable.versionHeadings(lines).filter({ lines[$0].split(separator: " ").count <= 10 }).count >= 2 {
                return out.result(.table, note: Self.changelogNote(text))
            }
            return out.result(.table, note: Self.noTableFound)
        }
        // Columns named only by their place: say how to name them.
        let genericNote = t.header.first == "Item" && t.header.dropFirst().contains(where: { $0.hasPrefix("Detail") })
            ? "The lines have no header line, so columns whose values do not say what they are are called Item and Detail; "
                + "a first line that names the columns (“City, Country, Population”) names them." : nil
        let note = [out.tableOrList(header: t.header, rows: t.rows), recordNote, blockNote, genericNote].compactMap { $0 }.joined(separator: " ")
        // Cells that hold reference links (`[zlib]`) or footnote marks keep their definitions.
        return out.result(.table, note: note.isEmpty ? nil : note, keepingReferencesOf: a)
    }
}
