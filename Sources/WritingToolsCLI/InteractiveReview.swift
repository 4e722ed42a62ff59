import Foundation
import WritingTools

/// `proofread --interactive FILE` and `rewrite|friendly|professional|concise|describe
/// --interactive FILE`: reviews the suggestions (a rewrite's edits) one at a time in the
/// terminal, through a ``ProofreadingReview`` (the Writing Tools session, complete behaviour:
/// every change is applied at once and each can be taken back), then writes the file atomically
/// with a backup.
///
/// Keys (single keypresses on a terminal; otherwise one character each, whitespace ignored):
/// a/y accept, r/n reject, s skip, e explain (the rule, the sentence with the words marked, and
/// how to write one's own wording: `e` does not edit), u undo, A accept the rest, q quit keeping the
/// accepted changes, x quit reverting everything (the file is not written), ? help. Ctrl-C and
/// Ctrl-D act as x; so does the end of input.
///
/// Skip puts a change off: `A` accepts the one shown and every other undecided one except those
/// skipped, and the review then goes back to the skipped ones (a change skipped because the user
/// was unsure is never accepted unseen by `A`). Once the review comes back to a skipped change,
/// it is an ordinary undecided one again. Nor is one left out unasked: `q` with skipped changes
/// still undecided names them first; a second `q` writes the file without them, `s` goes back
/// to them, `x` quits without changes.
struct InteractiveReview {
    var io: CommandIO
    var input: InputText
    /// The review to run: of a proofreading report, or of a rewrite's edits.
    var review: ProofreadingReview
    var backup: Bool
    var color: Bool
    /// What is reviewed: "suggestion" (Proofread) or "edit" (a rewrite).
    var noun = "suggestion"
    /// Why some changes are not shown (left out of the review).
    var leftOutReason = "no automatic fix, or in protected text such as a quotation"
    /// What to say when there is nothing to review.
    var nothingHint: String?

    /// The review of a proofreading report.
    init(io: CommandIO, input: InputText, report: ProofreadingReport, markup: DocumentMarkup, language: String,
         backup: Bool, color: Bool) throws {
        do { review = try ProofreadingReview(report: report, markup: markup, language: language) } catch {
            throw CommandError.failure("\(input.displayName): cannot review the suggestions: \(error)")
        }
        self.io = io
        self.input = input
        self.backup = backup
        self.color = color
        nothingHint = review.leftOut > 0
            ? " (\(review.leftOut) finding(s) without an automatic fix or in protected text such as a quotation; see 'writing-tools proofread \(input.displayName)')"
            : nil
    }

    /// The review of `review`, a rewrite's edits (`tool`: the command's name).
    init(io: CommandIO, input: InputText, rewriteReview review: ProofreadingReview, tool: String, backup: Bool, color: Bool) {
        self.io = io
        self.input = input
        self.review = review
        self.backup = backup
        self.color = color
        noun = "edit"
        leftOutReason = "overlapping another edit, or in protected text"
        nothingHint = " (\(tool) changes nothing in this text)"
    }

    static let keyHelp = "a/y accept · r/n reject · s skip (decide later) · e explain (the rule and the sentence; to write your own wording, r then edit the file) · u undo · A accept the rest (not the skipped: the review comes back to them) · q quit keeping accepted · x quit reverting all"

    func run() throws -> ExitCode {
        var review = self.review
        let name = input.displayName
        guard review.count > 0 else {
            io.writeOutput("\(name): nothing to review" + (nothingHint ?? "") + ".\n")
            return .success
        }
        // A file that cannot be written is refused now, not after every suggestion is decided.
        if let path = input.path { try FileReplacement.checkWritable(path) }
        io.writeOutput("\(name): \(review.count) \(plural(review.count)) to review"
                       + (review.leftOut > 0 ? " (\(review.leftOut) more not shown: \(leftOutReason))" : "") + ".\n")
        return try io.withSingleKeyInput {
            var keys = KeyReader(io: io)
            var current = review.nextUndecided(after: nil)
            var showCurrent = true
            // Changes put off with `s` that the review has not come back to.
            var skipped = Set<Int>()
            // `q` asked whether to leave the skipped changes out.
            var quitAsked = false
            while true {
                if showCurrent {
                    if let id = current {
                        // Back at a skipped change: the skipped ones are undecided like any other now.
                        if skipped.contains(id) { skipped.removeAll() }
                        _ = try review.show(id)
                        io.writeOutput(render(review, id))
                    } else {
                        io.writeOutput("\nAll \(review.count) \(plural(review.count)) reviewed: \(review.acceptedCount) accepted, \(review.rejectedCount) rejected.\n"
                                       + "q write the file and quit · u undo · x quit without changes\n")
                    }
                }
                showCurrent = true
                io.writeOutput("> ")
                guard let key = keys.next() else {
                    io.writeOutput("\n")
                    return try quit(&review, keeping: false, reason: "end of input")
                }
                io.writeOutput("\(key.isASCII && key.asciiValue! >= 32 ? String(key) : "")\n")
                // After the question `q` asked about skipped changes: `s` goes back to them.
                if quitAsked, key != "q" {
                    quitAsked = false
                    if key == "s", let first = skipped.filter({ review.isUndecided($0) }).min() {
                        skipped.removeAll()
                        current = first
                        continue
                    }
                }
                switch key {
                case "a", "y", "r", "n":
                    guard let id = current else {
                        io.writeOutput("Every \(noun) is decided: q to write, u to undo, x to quit without changes.\n")
                        showCurrent = false
                        continue
                    }
                    if key == "a" || key == "y" {
                        try review.accept(id)
                        io.writeOutput(green("Accepted.") + "\n")
                    } else {
                        try review.reject(id)
                        io.writeOutput(red("Rejected: the original text is back.") + "\n")
                    }
                    current = review.nextUndecided(after: id)
                case "s":
                    guard let id = current else { showCurrent = false; continue }
                    let next = review.nextUndecided(after: id)
                    if next == id { io.writeOutput("No other \(noun) to skip to.\n"); showCurrent = false } else { skipped.insert(id) }
                    current = next
                case "e":
                    guard let id = current else { showCurrent = false; continue }
                    io.writeOutput(try explain(&review, id))
                    showCurrent = false
                case "u":
                    if let step = try review.undo() {
                        let what = step.ids.count == 1 ? "\(noun) \(step.ids[0] + 1)" : "\(step.ids.count) \(plural(2))"
                        io.writeOutput("Undone: \(what) \(step.ids.count == 1 ? "is" : "are") undecided again"
                                       + (step.decision == .rejected ? " (its correction is applied again)" : "") + ".\n")
                        current = step.ids.min()
                    } else {
                        io.writeOutput("Nothing to undo.\n")
                        showCurrent = false
                    }
                case "A":
                    let n = try review.acceptAll(except: skipped)
                    io.writeOutput(green("Accepted \(n) \(plural(n)).") + "\n")
                    // Back to the skipped ones, if any are left to decide.
                    let left = (0..<review.count).filter { review.isUndecided($0) }
                    if let first = left.first {
                        io.writeOutput("\(left.count) skipped \(plural(left.count)) still to decide.\n")
                        skipped.removeAll()
                        current = first
                    } else {
                        current = nil
                    }
                case "q":
                    // A change put off with `s` is never left out unasked (session 52's trial
                    // skipped one and `q` wrote the file without it): the first `q` says so, a
                    // second writes the file without them, any other key goes on.
                    let putOff = skipped.filter { review.isUndecided($0) }.sorted()
                    if !putOff.isEmpty, !quitAsked {
                        quitAsked = true
                        let n = putOff.count
                        io.writeOutput("\(n) skipped \(plural(n)) still undecided (\(putOff.map { "\($0 + 1)" }.joined(separator: ", "))): "
                                       + "q again writes the file without \(n == 1 ? "it" : "them") · s goes back to \(n == 1 ? "it" : "the first") · x quits without changes.\n")
                        showCurrent = false
                        continue
                    }
                    return try quit(&review, keeping: true, reason: nil)
                case "x", "\u{03}", "\u{04}":
                    return try quit(&review, keeping: false, reason: nil)
                case "?", "h":
                    io.writeOutput("Keys: \(Self.keyHelp)\n")
                    showCurrent = false
                default:
                    io.writeOutput("Unknown key; ? shows the keys.\n")
                    showCurrent = false
                }
            }
        }
    }

    /// Ends the review; writes the file when keeping changes that differ from the original.
    private func quit(_ review: inout ProofreadingReview, keeping: Bool, reason: String?) throws -> ExitCode {
        let accepted = review.acceptedCount
        let text: String
        do { text = try review.finish(keepingAccepted: keeping) } catch {
            throw CommandError.failure("\(input.displayName): \(error); the file was left as it was")
        }
        guard keeping, text != input.text, let path = input.path else {
            let why = reason.map { "\($0): " } ?? ""
            io.writeOutput("\(why)no changes written; \(input.displayName) is as it was.\n")
            return .success
        }
        var bytes = Data()
        if input.hasByteOrderMark { bytes.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
        bytes.append(contentsOf: text.utf8)
        // A review takes minutes: a file saved meanwhile is not overwritten, and the reviewed
        // text is kept beside it rather than lost with the refusal.
        let written = try FileReplacement.replace(input, with: bytes, backup: backup, keepingResult: true)
        io.writeOutput("Wrote \(PathText.shown(path)): \(accepted) change\(accepted == 1 ? "" : "s") accepted"
                       + (written.backupPath.map { " (original kept in \(PathText.shown($0)))" } ?? "") + ".\n")
        for note in written.notes { io.writeError("writing-tools: \(note)\n") }
        return .success
    }

    /// What `e` shows: the rule and its explanation, then the sentence as it was written with
    /// the flagged words marked (⟦…⟧) at their line and column, what would replace them, and how
    /// to write one's own wording instead (a new user's trial read “e” as “edit”, and its UTF-16
    /// offset told a person nothing).
    private func explain(_ review: inout ProofreadingReview, _ id: Int) throws -> String {
        let d = try review.show(id)
        let s = review.suggestion(id)
        let units = review.session.utf16
        // The sentence around the change: from after the last sentence end (or line start)
        // before it to the next sentence end (or line end) after it, in the current text with
        // the original words put back in place of the replacement.
        let r = d.range
        var start = r.location, end = NSMaxRange(r)
        func isEnd(_ c: UInt16) -> Bool { c == 0x2E || c == 0x21 || c == 0x3F }
        while start > 0, units[start - 1] != 10, !(start >= 2 && isEnd(units[start - 2]) && units[start - 1] == 0x20) { start -= 1 }
        while end < units.count, units[end] != 10, !isEnd(units[end]) { end += 1 }
        if end < units.count, isEnd(units[end]) { end += 1 }
        var lineStart = r.location
        while lineStart > 0, units[lineStart - 1] != 10 { lineStart -= 1 }
        let line = 1 + units[0..<lineStart].count { $0 == 10 }
        func text(_ a: Int, _ b: Int) -> String { String(decoding: units[a..<b], as: UTF16.self) }
        let column = 1 + text(lineStart, r.location).unicodeScalars.count
        var before = text(start, r.location), after = text(NSMaxRange(r), end)
        if before.count > 100 { before = "…" + before.suffix(99) }
        if after.count > 100 { after = after.prefix(99) + "…" }
        let marked = color ? "\u{1B}[4m\(d.originalText)\u{1B}[0m" : "⟦\(d.originalText)⟧"
        let change = d.replacement.isEmpty ? "Deletes “\(d.originalText)”" : "Replaces “\(d.originalText)” with “\(d.replacement)”"
        return "  Rule \(s.ruleID): \(d.explanation)\n"
            + "  Line \(line), column \(column): \(before)\(marked)\(after)\n"
            + "  \(change) (shown in the text now; r puts the original back).\n"
            + "  To write your own wording instead: r (reject), then edit the file once the review is written.\n"
    }

    /// The suggestion with its line: the original struck out, the replacement after it.
    private func render(_ review: ProofreadingReview, _ id: Int) -> String {
        let s = review.suggestion(id)
        let units = review.session.utf16
        var start = s.range.location, end = NSMaxRange(s.range)
        while start > 0, units[start - 1] != 10 { start -= 1 }
        while end < units.count, units[end] != 10 { end += 1 }
        let line = 1 + units[0..<start].count { $0 == 10 }
        func text(_ a: Int, _ b: Int) -> String { String(decoding: units[a..<b], as: UTF16.self) }
        // The replacement is in the text while the suggestion is applied.
        var before = text(start, s.range.location)
        var after = text(NSMaxRange(s.range), end)
        before = before.replacingOccurrences(of: "\r", with: "")
        after = after.replacingOccurrences(of: "\r", with: "")
        if before.count > 60 { before = "…" + before.suffix(59) }
        if after.count > 60 { after = after.prefix(59) + "…" }
        let change = color
            ? "\u{1B}[31;9m\(s.originalText)\u{1B}[0m\u{1B}[32m\(s.replacement)\u{1B}[0m"
            : "[-\(s.originalText)-]{+\(s.replacement)+}"
        return "\n" + bold("\(noun.prefix(1).uppercased() + noun.dropFirst()) \(id + 1) of \(review.count)") + " · line \(line) · \(s.ruleID)\n"
            + "  \(line) │ \(before)\(change)\(after)\n"
            + "  \(s.explanation)\n"
            + dim("  [a]ccept [r]eject [s]kip [e]xplain [u]ndo [A]ccept the rest [q]uit keeping accepted [x] quit reverting all") + "\n"
    }

    private func plural(_ n: Int) -> String { n == 1 ? noun : noun + "s" }

    private func bold(_ s: String) -> String { color ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    private func dim(_ s: String) -> String { color ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
    private func green(_ s: String) -> String { color ? "\u{1B}[32m\(s)\u{1B}[0m" : s }
    private func red(_ s: String) -> String { color ? "\u{1B}[31m\(s)\u{1B}[0m" : s }
}

/// Keys from standard input: one character each, whitespace skipped, and terminal escape
/// sequences read whole and ignored (an arrow, a function key, Alt with a key: none is a key of
/// the review, and none may act as the letters it ends with: ESC [ A is Up, never `A`).
///
/// A terminal writes a key's sequence in one write, so an ESC that ends what one read returned
/// is the Escape key alone, as is an ESC followed by another ESC (Esc, then an arrow): each does
/// nothing. After ESC: `[` starts a control sequence (ECMA-48 §5.4: parameter bytes 0x30–0x3F,
/// intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E), `O` an SS3 sequence of one more
/// byte; any other byte is Alt with that key. A sequence broken off by a byte it cannot hold
/// ends there, and that byte is read again as what it is.
struct KeyReader {
    var io: CommandIO
    private var buffer: [UInt8] = []
    private var index = 0

    init(io: CommandIO) { self.io = io }

    private mutating func byte() -> UInt8? {
        while index >= buffer.count {
            guard let chunk = io.readStandardInputChunk() else { return nil }
            buffer = Array(chunk)
            index = 0
        }
        defer { index += 1 }
        return buffer[index]
    }

    /// The next byte of what the last read returned, without taking it; nil at its end.
    private func peekInRead() -> UInt8? { index < buffer.count ? buffer[index] : nil }

    /// The next key, or nil at the end of input.
    mutating func next() -> Character? {
        while let b = byte() {
            switch b {
            case 0x1B:
                skipEscapeSequence()
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case 0x03, 0x04:
                return Character(Unicode.Scalar(b))
            case 0x80...:
                // A non-ASCII character: skip its continuation bytes; no key uses one.
                continue
            default:
                return Character(Unicode.Scalar(b))
            }
        }
        return nil
    }

    /// Takes the rest of an escape sequence whose ESC was just read (see the type's comment).
    private mutating func skipEscapeSequence() {
        // The Escape key alone: nothing follows in the same read, or another ESC does.
        // (A control byte after it, Ctrl-C, is a key of its own.)
        guard let b2 = peekInRead(), (0x20...0x7E).contains(b2) else { return }
        index += 1
        switch b2 {
        case UInt8(ascii: "["):
            // Parameter and intermediate bytes, then the final byte; the sequence may go on in
            // the next read (a slow line), so its bytes are taken across reads.
            while let c = peekOrRead() {
                if (0x20...0x3F).contains(c) { index += 1; continue }
                if (0x40...0x7E).contains(c) { index += 1 }
                return // the final byte taken, or a byte no sequence holds left for the caller
            }
        case UInt8(ascii: "O"):
            if let c = peekOrRead(), (0x20...0x7E).contains(c) { index += 1 }
        default:
            return // Alt with a key (ESC x): ignored with it
        }
    }

    /// The next byte without taking it, reading more input when the last read is used up.
    private mutating func peekOrRead() -> UInt8? {
        while index >= buffer.count {
            guard let chunk = io.readStandardInputChunk() else { return nil }
            buffer = Array(chunk)
            index = 0
        }
        return buffer[index]
    }
}
