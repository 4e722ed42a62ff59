import Foundation

/// Licence, copyright, warranty and export-control text that a README, NEWS file or source file carries beside
/// its content ("This program is free software; you can redistribute it…", "WITHOUT ANY
/// WARRANTY", "Copyright (C) 1995-2022 …", "See the file COPYING"): never a sentence of a Summary
/// or a Key Point (issue 34: wget's README summarised as its GPL notice).
///
/// A sentence is boilerplate when it holds a notice's wording ("you should have received a copy
/// of", "all rights reserved", "permission is granted", "see the file COPYING") or words of two
/// of a licence's vocabularies (licence, warranty, copyright, redistribution, permission, the
/// Free Software Foundation, the GPL, "covered work"…): "It is licensed under the MIT licence"
/// alone is one vocabulary and stays. A paragraph whose sentences are mostly boilerplate (by
/// words) is boilerplate whole, so that "Corresponding Source for a non-source form…" goes with
/// the notice it ends. A document that is mostly boilerplate is a licence, summarised as any
/// text (``DocumentDigest`` checks the share).
enum Boilerplate {
    /// A notice's wording: one is enough.
    static let notice = [
        #"^\W*copyright\b|^\W*(\(c\)|©)\s*\d"#,
        #"\ball rights reserved\b"#,
        #"\b(this|the) (program|library|software|file|package|document|documentation|work|manual) is free software\b"#,
        #"\bwithout (any|even the implied) warranty\b|\bthere is no warranty\b"#,
        #"\byou should have received a copy of\b"#,
        #"\bpermission is (hereby )?granted\b"#,
        #"\bprovided ["“']?as is["”']?"#,
        #"\bsee the (files? )?[`'"“‘]?(copying|licen[cs]e|licen[cs]ing)(\.\w+)?\b"#,
        #"\bsee the [\w .-]{0,40}\blicen[cs]e for (more )?details\b"#,
        #"\b(licensed|released|distributed) under the terms of\b"#,
        // An export-control notice (wrk's, OpenSSL's: “BEFORE using any encryption software,
        // please check your country's laws, regulations and policies concerning the import…”).
        #"\bencryption (software|technology|items?)\b[^.]*\b(laws?|regulations?)\b|\b(laws?|regulations?)\b[^.]*\b(import|export)\b[^.]*\bencryption\b"#,
        #"\bexport (control|administration) regulations?\b|\bbureau of industry and security\b|\bexport commodity control number\b"#,
        #"\brestrictions on the (import|export|re-export|use)\b[^.]*\bencryption\b|\b(includes|contains) cryptographic software\b"#,
    ]

    /// Vocabularies of licence text: words of two make a sentence boilerplate.
    static let vocabularies = [
        #"\blicen[cs](e|es|ed|ing|or|ors|ee|ees)\b"#,
        #"\bwarrant(y|ies)\b"#,
        #"\bmerchantability\b|\bfitness for a particular purpose\b"#,
        #"\bredistribut(e|es|ed|ing|ion)\b"#,
        #"\bcopyright\b|\bcopyleft\b"#,
        #"\bpermission notice\b|\badditional permissions?\b|\bgrants? you\b"#,
        #"\bfree software foundation\b"#,
        #"\b(general|lesser|library) public licen[cs]e\b|\b(a|l)?gpl(v?\d)?\b"#,
        #"\bcovered works?\b|\bcorresponding source\b"#,
        #"\bliab(le|ility)\b|\bdamages\b"#,
        #"\bverbatim cop(y|ies)\b"#,
    ]

    /// Whether the sentence `s` (plain text) is licence, copyright or warranty text.
    static func isBoilerplate(_ s: String) -> Bool {
        let options: String.CompareOptions = [.regularExpression, .caseInsensitive]
        if notice.contains(where: { s.range(of: $0, options: options) != nil }) { return true }
        var count = 0
        for v in vocabularies where s.range(of: v, options: options) != nil {
            count += 1
            if count >= 2 { return true }
        }
        return false
    }

    /// An editor's mode line (Emacs's `-*- mode: text -*-` or `-*- text -*-`, vim's
    /// `vim: set ft=markdown:` / `vi: set …`, Emacs's `Local Variables:` block): settings for an
    /// editor, never prose.
    static let modeLine = #"-\*-[^\n]*?-\*-|(^|\s)(vim?|ex):[ \t]*(set?[ \t]+[^:\n]*:|[a-z]+=\S*)|^[ \t]*(local variables:|end:)[ \t]*$"#

    /// `s` without editor mode lines (``modeLine``), trimmed; `s` when it holds none.
    static func removingModeLines(_ s: String) -> String {
        guard s.contains("-*-") || s.contains("vi") || s.contains("ex:") else { return s }
        let r = s.replacingOccurrences(of: modeLine, with: " ", options: [.regularExpression, .caseInsensitive])
        return r == s ? s : r.trimmingCharacters(in: .whitespaces)
    }
}
