import Foundation

/// Flags dates that cannot be right: a weekday that does not fall on the date written beside it
/// (“Monday, 7 October 2014” was a Tuesday), and a day the month does not have (“April 31”,
/// “29 February 2023”).
///
/// Follows LanguageTool's `DATE_WEEKDAY` and `INVALID_DATE` rules; the calendar is Foundation's
/// Gregorian one. Dates are read in the usual English forms: “Monday, 7 October 2014”, “Monday
/// 7th October 2014”, “Mon, Oct 7, 2014”, “Monday, October 7th, 2014”, “Monday, 2014-10-07”, and
/// “Monday, 31/10/2014” or “Monday, 10/31/2014” when only one reading of the numbers is a date
/// (“10/09/2014” could be either and is left alone). The replacement is the weekday of the date,
/// written as the wrong one was (full name, three letters or two); for a day the month lacks, its
/// last day. Both are guesses for a person to check (not confident).
public struct DateCheckRule: Rule {
    /// Stable rule ID.
    public let id = "DATE_CHECK"
    /// Dates and facts (``RuleCategory/semantics``).
    public let category = RuleCategory.semantics
    /// One line saying what the rule checks.
    public let summary = "A weekday that does not match its date, or a day the month does not have"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The launch is on Monday, 7 October 2014.", "The launch is on Tuesday, 7 October 2014."),
                        ("We met on Thu, Jan 5, 2024 at noon.", "We met on Fri, Jan 5, 2024 at noon."),
                        ("The deadline is Sunday, March 3rd, 2025.", "The deadline is Monday, March 3rd, 2025."),
                        ("Report due: Wednesday, 2024-02-29.", "Report due: Thursday, 2024-02-29."),
                        ("See you on Friday, 31/10/2016.", "See you on Monday, 31/10/2016."),
                        ("The office opens on April 31.", "The office opens on April 30."),
                        ("She was born on 29th February 2023.", "She was born on 28th February 2023."),
                        ("Meet me on Monday 31 February.", "Meet me on Monday 28 February.")],
            correct: ["The launch is on Tuesday, 7 October 2014.", "We met on Fri, Jan 5, 2024 at noon.",
                      "See you on Monday, 10/09/2014 or later.", "She was born on 29 February 2024.",
                      "On Monday, 7 people arrived in October 2014.", "The office opens on April 30.",
                      "We worked from May 2 to May 31."])
    }

    /// Weekday names (lowercased; full, three or four letters, two letters) → weekday, 1 = Sunday
    /// as in `Calendar`.
    static let weekdays: WordMap<Int> = WordMap({
        var out: [String: Int] = [:]
        for (k, n) in Lexicon.weekdayNames.enumerated() {
            out[n] = k + 1
            out[String(n.prefix(3))] = k + 1
            out[String(n.prefix(2))] = k + 1
        }
        out["tues"] = 3
        out["thur"] = 5
        out["thurs"] = 5
        return out
    }())

    /// Month names and abbreviations (lowercased) → month number.
    static let months: WordMap<Int> = WordMap({
        var out: [String: Int] = [:]
        for (k, n) in Lexicon.monthNames.enumerated() {
            out[n] = k + 1
            out[String(n.prefix(3))] = k + 1
        }
        out["sept"] = 9
        return out
    }())

    /// The words that wake this rule (see ``Rule/triggers``): every date it reads has a month
    /// name or a weekday (numeric dates are checked only after a weekday).
    static let triggerWords: Set<String> = Set(weekdays.allKeys).union(months.allKeys)
    /// ``triggerWords``.
    public var triggers: Set<String>? { Self.triggerWords }

    /// A date read from the tokens: its parts and the index of its last token.
    struct ReadDate {
        var year: Int?
        var month: Int
        var day: Int
        /// The index of the day's token.
        var dayAt: Int
        var end: Int
    }

    private static let calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    /// True when `day` exists in `month` (of `year`, by Foundation's Gregorian calendar;
    /// February 29 needs a leap year only when the year is known: 2000 stands in otherwise).
    static func exists(day: Int, month: Int, year: Int?) -> Bool {
        DateComponents(calendar: calendar, year: year ?? 2000, month: month, day: day).isValidDate
    }

    /// The weekday (1 = Sunday) of a valid date.
    static func weekday(year: Int, month: Int, day: Int) -> Int? {
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return nil }
        return calendar.component(.weekday, from: date)
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let months = Self.months
        let weekdays = Self.weekdays
        let tokens = sentence.tokens
        var out: [ProofreadingSuggestion] = []
        var i = 0
        var checkedUpTo = -1
        while i < tokens.count {
            defer { i += 1 }
            let t = tokens[i]
            guard t.kind == .word, i > checkedUpTo else { continue }
            let w = t.lower
            if let weekday = weekdays[w], t.startsUppercase {
                // Two-letter forms only with a comma after them (“Mo, 7 Oct”): “We” is a pronoun.
                var k = i + 1
                var comma = false
                if k < tokens.count, tokens[k].isOne(of: ".") { k += 1 }
                if k < tokens.count, tokens[k].isOne(of: ",") { comma = true; k += 1 }
                if w.count == 2 && !comma { continue }
                guard let date = read(tokens, from: skipSpace(tokens, k), afterWeekday: true), let year = date.year else { continue }
                checkedUpTo = date.end
                guard Self.exists(day: date.day, month: date.month, year: year) else {
                    if let m = invalid(tokens, date) { out.append(m) }
                    continue
                }
                guard let actual = Self.weekday(year: year, month: date.month, day: date.day), actual != weekday else { continue }
                let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
                var name = names[actual - 1]
                if w.count <= 4, w != names[weekday - 1].lowercased() {
                    name = String(name.prefix(w.count == 2 ? 2 : 3))
                    if w == "tues" || w == "thur" || w == "thurs" { name = String(names[actual - 1].prefix(3)) }
                }
                let fixed = t.isAllCaps && t.text.count > 1 ? name.uppercased() : name
                // The date as the writer wrote it (“7 October 2014”, “2014-10-07”).
                let dateStart = skipSpace(tokens, k)
                let written = tokens[dateStart...date.end].map(\.text).joined()
                out.append(ProofreadingSuggestion(range: t.range, replacements: [fixed],
                                     message: "\(written) is a \(names[actual - 1]), not a \(names[weekday - 1]).",
                                     isConfident: false))
            } else if months[w] != nil {
                // A date without a weekday: only whether the day exists.
                guard let date = read(tokens, from: i, afterWeekday: false) ?? readDayFirst(tokens, monthAt: i) else { continue }
                checkedUpTo = date.end
                if !Self.exists(day: date.day, month: date.month, year: date.year), let m = invalid(tokens, date) { out.append(m) }
            }
        }
        return out
    }

    /// The match for a day `date`'s month does not have: the day, replaced by the month's last
    /// (“31st” → “30th”, “29” → “28”).
    private func invalid(_ tokens: TokenList, _ date: ReadDate) -> ProofreadingSuggestion? {
        guard (1...12).contains(date.month) else { return nil }
        var last = 31
        while last > 28, !Self.exists(day: last, month: date.month, year: date.year) { last -= 1 }
        let t = tokens[date.dayAt]
        func written(_ day: Int) -> String { t.kind == .word ? String(day) + (day == 31 ? "st" : "th") : String(day) }
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let month = names[date.month - 1]
        // February without a year: 28 days, or 29 in a leap year; both are offered, the common one first.
        if date.month == 2, date.year == nil {
            return ProofreadingSuggestion(range: t.range, replacements: date.day > 29 ? [written(28), written(29)] : [written(28)],
                             message: "February has 28 days (29 in a leap year): there is no February \(date.day).",
                             isConfident: false)
        }
        return ProofreadingSuggestion(range: t.range, replacements: [written(last)],
                         message: "\(month) has \(last) days\(date.month == 2 && date.year != nil ? " in \(date.year!)" : ""): there is no \(month) \(date.day).",
                         isConfident: false)
    }

    private func skipSpace(_ tokens: TokenList, _ k: Int) -> Int {
        k < tokens.count && tokens[k].kind == .whitespace ? k + 1 : k
    }

    /// A day number (“7”, “7th”) at `k`.
    private func day(_ tokens: TokenList, _ k: Int) -> Int? {
        guard k < tokens.count else { return nil }
        let t = tokens[k]
        var text = t.lower
        if t.kind == .word, ["st", "nd", "rd", "th"].contains(where: { text.hasSuffix($0) }) { text.removeLast(2) }
        guard (t.kind == .number || t.kind == .word), text.count <= 2, text.allSatisfy({ $0.isASCII && $0.isNumber }),
              let d = Int(text), d >= 1, d <= 39 else { return nil }
        return d
    }

    /// A four-digit year at `k`.
    private func year(_ tokens: TokenList, _ k: Int) -> Int? {
        guard k < tokens.count, tokens[k].kind == .number, tokens[k].text.count == 4, let y = Int(tokens[k].text), y >= 1583 else { return nil }
        return y
    }

    /// The month name at `k` (with an optional period after an abbreviation) and the index after it.
    private func month(_ tokens: TokenList, _ k: Int) -> (Int, Int)? {
        guard k < tokens.count, tokens[k].kind == .word, let m = Self.months[tokens[k].lower], tokens[k].startsUppercase else { return nil }
        var next = k + 1
        if tokens[k].text.count <= 4, next < tokens.count, tokens[next].isOne(of: ".") { next += 1 }
        return (m, next)
    }

    /// A date starting at `k`: “7 October 2014”, “7th of October 2014”, “October 7, 2014”, “Oct
    /// 7th 2014”, and after a weekday also “2014-10-07” and unambiguous “31/10/2014”.
    private func read(_ tokens: TokenList, from k: Int, afterWeekday: Bool) -> ReadDate? {
        // Month first.
        if let (m, next) = month(tokens, k) {
            let dk = skipSpace(tokens, next)
            guard let d = day(tokens, dk) else { return nil }
            var end = dk
            var yk = dk + 1
            if yk < tokens.count, tokens[yk].isOne(of: ",") { yk += 1 }
            yk = skipSpace(tokens, yk)
            if let y = year(tokens, yk) { return ReadDate(year: y, month: m, day: d, dayAt: dk, end: yk) }
            // No year: the day must end the date (“May 5th” but not “May 5.5”).
            if dk + 1 < tokens.count, tokens[dk + 1].kind == .number { return nil }
            end = dk
            return ReadDate(year: nil, month: m, day: d, dayAt: dk, end: end)
        }
        guard afterWeekday else { return nil }
        // Day first.
        if let d = day(tokens, k) {
            var mk = skipSpace(tokens, k + 1)
            if mk < tokens.count, tokens[mk].lowerIs("of") { mk = skipSpace(tokens, mk + 1) }
            if let (m, next) = month(tokens, mk) {
                var yk = next
                if yk < tokens.count, tokens[yk].isOne(of: ",") { yk += 1 }
                yk = skipSpace(tokens, yk)
                return ReadDate(year: year(tokens, yk), month: m, day: d, dayAt: k, end: year(tokens, yk) != nil ? yk : mk)
            }
            // 31/10/2014 or 10/31/2014: one reading only.
            if k + 4 < tokens.count, tokens[k + 1].isOne(of: "/"), let b = day(tokens, k + 2), tokens[k + 3].isOne(of: "/"), let y = year(tokens, k + 4) {
                let dayFirst = Self.exists(day: d, month: b, year: y)
                let monthFirst = Self.exists(day: b, month: d, year: y)
                if dayFirst && !monthFirst { return ReadDate(year: y, month: b, day: d, dayAt: k, end: k + 4) }
                if monthFirst && !dayFirst { return ReadDate(year: y, month: d, day: b, dayAt: k + 2, end: k + 4) }
                return nil
            }
        }
        // 2014-10-07.
        if let y = year(tokens, k), k + 4 < tokens.count, tokens[k + 1].isOne(of: "-"), tokens[k + 2].kind == .number,
           tokens[k + 3].isOne(of: "-"), tokens[k + 4].kind == .number,
           let m = Int(tokens[k + 2].text), let d = Int(tokens[k + 4].text), tokens[k + 2].text.count == 2, tokens[k + 4].text.count == 2 {
            return ReadDate(year: y, month: m, day: d, dayAt: k + 4, end: k + 4)
        }
        return nil
    }

    /// The index of the day before a month name at `monthAt` (“31 April”), if any.
    private func dayFirstStart(_ tokens: TokenList, monthAt m: Int) -> Int? {
        var k = m - 1
        if k >= 0, tokens[k].kind == .whitespace { k -= 1 }
        if k >= 0, tokens[k].lowerIs("of") { k -= 1; if k >= 0, tokens[k].kind == .whitespace { k -= 1 } }
        return k >= 0 && day(tokens, k) != nil ? k : nil
    }

    /// “31 April 2024” or “31st of April”, read back from the month name at `monthAt`.
    private func readDayFirst(_ tokens: TokenList, monthAt m: Int) -> ReadDate? {
        guard let start = dayFirstStart(tokens, monthAt: m), let d = day(tokens, start), let (month, next) = month(tokens, m) else { return nil }
        var yk = next
        if yk < tokens.count, tokens[yk].isOne(of: ",") { yk += 1 }
        yk = skipSpace(tokens, yk)
        let y = year(tokens, yk)
        return ReadDate(year: y, month: month, day: d, dayAt: start, end: y != nil ? yk : m)
    }
}
