import Foundation

/// Word lists the offline tools share (data; tested in `OfflineLexiconTests`).
enum OfflineLexicon {
    /// English function words left out of sentence similarity.
    static let stopWords: Set<String> = Set("""
    a about above after again against all also am an and any are as at be because been before being below \
    between both but by can could did do does doing down during each few for from further had has have having \
    he her here hers herself him himself his how i if in into is it its itself just let me more most my myself \
    no nor not now of off on once only or other our ours ourselves out over own same she should so some such \
    than that the their theirs them themselves then there these they this those through to too under until up \
    very was we were what when where which while who whom why will with would you your yours yourself \
    yourselves shall may might must upon one ever every many much us said says say also yet thus hence \
    there's it's don't i'm we're they're you're can't won't isn't aren't wasn't weren't doesn't didn't
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    /// A light suffix-stripping stemmer (a few of Porter's step-1 rules), enough to let
    /// "nation" and "nations", "dedicate" and "dedicated" meet.
    static func stem(_ w: String) -> String {
        var s = w
        if s.hasSuffix("'s") || s.hasSuffix("’s") { s.removeLast(2) }
        let n = s.count
        guard n > 4 else { return s }
        for (suffix, keep) in [("ational", "ate"), ("ations", "ate"), ("ation", "ate"), ("ness", ""), ("ments", ""), ("ment", ""),
                               ("ingly", ""), ("edly", ""), ("ing", ""), ("ies", "y"), ("ied", "y"), ("ed", ""), ("ly", ""),
                               ("es", ""), ("s", "")] {
            if s.hasSuffix(suffix), n - suffix.count >= 3 {
                if suffix == "s", s.hasSuffix("ss") || s.hasSuffix("us") || s.hasSuffix("is") { return s }
                s.removeLast(suffix.count)
                s += keep
                if s.hasSuffix("e"), s.count > 4 { s.removeLast() }
                return s
            }
        }
        if s.hasSuffix("e"), s.count > 4 { s.removeLast() }
        return s
    }

    /// Discourse markers trimmed from the start of a key point ("However, …" → "…"), longest
    /// first, lowercased, with the comma (or nothing, for "and"/"but"/"so") that follows them.
    static let discourseMarkers: [String] = [
        "on the other hand,", "in addition to this,", "in other words,", "as a result,", "for this reason,", "at the same time,",
        "after that,", "in addition,", "in conclusion,", "in summary,", "in short,", "in fact,", "of course,", "to begin with,", "after all,",
        "first of all,", "above all,", "all in all,", "by contrast,", "in contrast,", "that said,", "even so,", "to sum up,",
        "however,", "moreover,", "furthermore,", "additionally,", "therefore,", "thus,", "hence,", "consequently,",
        "besides,", "indeed,", "also,", "still,", "then,", "finally,", "lastly,", "first,", "firstly,", "second,",
        "secondly,", "third,", "thirdly,", "next,", "meanwhile,", "similarly,", "likewise,", "instead,", "otherwise,",
        "nevertheless,", "nonetheless,", "anyway,", "so,", "well,", "now,", "basically,", "and so", "but", "and", "so", "also",
        "anyway", "basically",
        // A casual lead-in ("so basically the thing is that I won't be able to make it…").
        "the thing is that", "the thing is,", "by the way,", "btw,", "btw",
    ]

    /// Words that make a phrase with a bare “so”, “but”, “and” or “also” before them (“so far”,
    /// “so that”, “but for”, “and yet”): the marker is then no connective to trim.
    static let boundAfterBareMarker: Set<String> = ["far", "much", "many", "long", "that", "as", "to", "yet", "then", "for", "also", "not", "too"]

    /// Markers that number the steps of an enumeration (a subset of ``discourseMarkers``).
    static let enumerationMarkers: [String] = ["first,", "firstly,", "first of all,", "to begin with,", "second,", "secondly,", "third,",
                                               "thirdly,", "next,", "then,", "finally,", "lastly,"]

    /// True when `s` starts with one of ``enumerationMarkers``.
    static func startsWithEnumerationMarker(_ s: String) -> Bool {
        let lower = s.lowercased()
        return enumerationMarkers.contains { lower.hasPrefix($0) }
    }

    /// Removes the leading discourse markers from `s` and capitalises what follows; returns `s`
    /// unchanged when none is found or nothing sensible would remain.
    static func trimDiscourseMarker(_ s: String) -> String {
        // An FAQ's answer mark (“A:  7-Zip and LZMA SDK are the original projects.”): the
        // answer without its question reads as a sentence of its own.
        if let r = s.range(of: #"^(A|Answer)\s*:\s+(?=\S+\s+\S+\s+\S)"#, options: .regularExpression) {
            return capitalizeFirst(String(s[r.upperBound...]))
        }
        let lower = s.lowercased()
        for m in discourseMarkers where lower.hasPrefix(m) {
            let rest = s.dropFirst(m.count)
            // Markers without a comma must be whole words followed by a space.
            if !m.hasSuffix(","), rest.first != " " { continue }
            let trimmed = rest.drop(while: { $0 == " " || $0 == "\t" })
            guard let first = trimmed.first, first.isLetter || first.isNumber || first == "\"" || first == "“" || first == "`",
                  trimmed.split(separator: " ").count >= 3 else { continue }
            // A bare marker that opens a phrase of its own stays (“So far, …”, “So that …”, “But
            // for the rain, …”, “And yet …”): the word after it ends with a comma or is listed.
            if !m.hasSuffix(",") {
                let next = trimmed.prefix(while: { $0.isLetter || $0 == "," }).lowercased()
                if next.hasSuffix(",") || boundAfterBareMarker.contains(next) { continue }
            }
            // (Markers stack in speech: "so basically the thing is…", "and also …".)
            let once = capitalizeFirst(String(trimmed))
            return once.count < s.count ? trimDiscourseMarker(once) : once
        }
        return s
    }

    /// `s` with its first letter uppercased (a word that has capitals after its first letter,
    /// such as `iPhone`, is left alone).
    static func capitalizeFirst(_ s: String) -> String {
        guard let i = s.firstIndex(where: { $0.isLetter }) else { return s }
        let word = s[i...].prefix(while: { $0.isLetter })
        if word.dropFirst().contains(where: { $0.isUppercase }) { return s }
        if s[s.startIndex..<i].contains(where: { $0 == "`" || $0.isNumber }) { return s }
        // A quoted command ("fakeroot -i backup.environ" will get you…): its name stays.
        if s[s.startIndex..<i].contains(where: { "\"“'‘".contains($0) }), s[i...].dropFirst(word.count).hasPrefix(" -") { return s }
        return s.replacingCharacters(in: i...i, with: String(s[i]).uppercased())
    }
}
