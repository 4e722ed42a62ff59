import Foundation

extension StructuredDocument {
    /// An option with its argument: a dash and one letter or digit glued to a lowercase word
    /// (`-freffile`, `-Iincdir`), or an option, a space or `=`, and a lowercase word, perhaps in
    /// brackets (`-f reffile`, `--file=reffile`, `-o [outfile]`).
    private static let optionArgument = try! NSRegularExpression(
        pattern: "(?<![\\w-])(?:-[A-Za-z0-9]|--?[A-Za-z0-9][A-Za-z0-9-]*[ =][\\[<]?)([a-z][a-z0-9_]{2,})(?![\\w-])")

    /// The words the document's option terms give as an option's argument (`-f reffile`,
    /// `--file=reffile`, `-freffile`), and in a manual page its synopsis and tags too: names
    /// the page defines for what to fill in, which its prose then writes alone (“Use reffile as
    /// the cross-reference file”). Read from the protected ranges of plain text's layouts
    /// (``ProtectionReason/commandLineOption``; in a manual page also
    /// ``ProtectionReason/indentedCode``); empty for other documents.
    public var metavariables: Set<String> {
        let ns = text as NSString
        var words = Set<String>()
        for p in protectedRanges where p.reason == .commandLineOption || isManualPage && p.reason == .indentedCode {
            guard p.range.location >= 0, p.range.location + p.range.length <= ns.length else { continue }
            let part = ns.substring(with: p.range)
            let whole = NSRange(location: 0, length: (part as NSString).length)
            for m in Self.optionArgument.matches(in: part, range: whole) {
                words.insert((part as NSString).substring(with: m.range(at: 1)))
            }
        }
        return words
    }
}
