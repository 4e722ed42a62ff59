import Foundation
import TextModel
import DocumentStructure
import Proofreading

extension BuiltInToolEngine {
    /// Category of a phrase edit, LanguageTool's IDs and names.
    static func category(_ kind: RewritePhrase.Kind) -> RuleCategory {
        switch kind {
        case .wordy: return .plainEnglish
        case .informal, .contraction, .softer: return .style
        case .filler, .hedge: return .style
        case .punctuation: return .punctuation
        }
    }

    /// The phrase entries a set of styles runs: each style's own, and for Professional also
    /// Concise's fillers ("basically", "just wanted to"), which read as informal.
    /// With `clarity` (Rewrite), Concise's entries are only those that clarify
    /// (``RewritePhrase/isClarityEdit``).
    static func phrases(for styles: Set<RewriteStyle>, clarity: Bool = false) -> [RewritePhrase] {
        RewritePhrasebook.all.filter { styles.contains($0.style) && (!clarity || $0.isClarityEdit)
            || (styles.contains(.professional) && $0.style == .concise && $0.kind == .filler && !professionalPatterns.contains($0.pattern)
                && !plainLanguageIDs.contains($0.id))
            || (styles.contains(.friendly) && RewritePhrasebook.textingErrors.contains($0.id)) }
    }

    /// The patterns Professional's own entries say formally ("totally" → "completely"): its
    /// phrases, not Concise's cut of the same words.
    static let professionalPatterns = Set(RewritePhrasebook.professional.map(\.pattern))

    /// The plain-language guides' entries (``RewritePhrasebook/plainLanguage``): Concise's,
    /// never Professional's, whose register they do not change ("absolutely", "totally").
    static let plainLanguageIDs = Set(RewritePhrasebook.plainLanguage.map(\.id))

    /// The form of `word` with its missing apostrophe among the speller's `suggestions`
    /// ("theres" → "there's", "havent" → "haven't", "im" → "I'm"): the same letters, an
    /// apostrophe added; nil when no suggestion is one.
    static func apostropheForm(of word: String, among suggestions: [String]) -> String? {
        guard word.count >= 2, !word.contains("'"), !word.contains("’") else { return nil }
        return suggestions.first { c in
            (c.contains("'") || c.contains("’")) && c.filter({ $0 != "'" && $0 != "’" }).lowercased() == word.lowercased()
                && c.count == word.count + 1
        }
    }

    /// `contraction` spelt out as formal writing has it ("haven't" → "have not", "there's" →
    /// "there is", "I'm" → "I am", "can't" → "cannot"), capitalised as it was; `next` (the word
    /// after it, lower case) tells "there's been" ("there has been") from "there's a"; nil when
    /// the contraction is ambiguous ("I'd": had or would), formal already ("let's") or unknown.
    static func spelledOut(_ contraction: String, next: String?) -> String? {
        let c = contraction.replacingOccurrences(of: "’", with: "'")
        let lower = c.lowercased()
        var out: String?
        switch lower {
        case "can't": out = "cannot"
        case "won't": out = "will not"
        case "shan't": out = "shall not"
        case "ain't": out = nil
        // (“Let's” proposes; “let us” is a request for leave or a sermon's: “let's say that you
        // are writing…” stays in formal prose, a trial's “let us say” read stilted.)
        case "let's": out = nil
        default:
            if lower.hasSuffix("n't"), lower.count > 3 { out = String(lower.dropLast(3)) + " not" }
            else if lower.hasSuffix("'m") { out = String(lower.dropLast(2)) + " am" }
            else if lower.hasSuffix("'re") { out = String(lower.dropLast(3)) + " are" }
            else if lower.hasSuffix("'ve") { out = String(lower.dropLast(3)) + " have" }
            else if lower.hasSuffix("'ll") { out = String(lower.dropLast(3)) + " will" }
            else if lower.hasSuffix("'s"),
                    ["it", "that", "there", "here", "what", "who", "where", "he", "she", "how", "when", "why"].contains(String(lower.dropLast(2))) {
                out = String(lower.dropLast(2)) + (["been", "got", "gotten", "had"].contains(next ?? "") ? " has" : " is")
            }
        }
        guard var o = out else { return nil }
        if o.hasPrefix("i ") { o = "I" + o.dropFirst() }
        if c.first?.isUppercase == true { o = o.prefix(1).uppercased() + o.dropFirst() }
        return o
    }

    /// The rule-based rewrite of the request range: reviewable edits, then the new text.
    ///
    /// Rewrites never make the text worse (issue 34): a tone or length rewrite applies the
    /// proofreader's confident fixes first (`proofread` asks for them alone, with no style); a
    /// phrase edit never touches a word the proofreader questions ("it's capacity" becomes "its
    /// capacity", never "it is capacity"), except a texting abbreviation, whose spelling
    /// "fix" would be a guess ("rn", "thx"); and an edit after which the proofreader finds
    /// something it did not find in the text ("an additional" → "an more", "I beleive" → "me
    /// believe") is dropped, until the result adds no finding.
    ///
    /// With `shorten` (Concise, and "make it shorter"), the ``Shortener``'s cuts (asides,
    /// trailing examples, example sentences, restatements) are edits too, under the same checks.
    ///
    /// With `clarity` (Rewrite: clearer sentences in the same tone and about the same length),
    /// the phrase edits are the clarifying ones (``RewritePhrase/isClarityEdit``: wordy phrases
    /// said plainly, empty openers, hedges; not Concise's fillers, intensifiers and connectives)
    /// and a passive whose agent is named is said in the active voice (``ActiveVoice``).
    func rewrite(_ request: ToolRequest, styles: Set<RewriteStyle>, proofread: Bool, shorten: Bool = false, clarity: Bool = false) throws -> [ToolEvent] {
        let doc = DocumentParser.parse(request.text, markup: request.markup, hostProtectedRanges: request.protectedRanges)
        let rs = request.range.location, re = rs + request.range.length
        var checking = ProofreadingEngineRequest(document: doc, language: request.language, disabledRules: request.disabledRules,
                                                 userWords: request.userWords)
        checking.shouldStop = request.shouldStop
        let findings = try BuiltInProofreadingEngine().proofread(checking)
            .filter { $0.range.location >= rs && $0.range.location + $0.range.length <= re }
        var edits: [ProofreadingSuggestion] = []
        let textUnits = Array(request.text.utf16)
        if proofread || !styles.isEmpty {
            // The words of the document's code: a grammar fix that makes another word of one of
            // them is not applied (less(1)'s “in less versions” → “fewer”), as `--fix` does not.
            let codeWords = UnattendedFixRules.codeWords(of: doc, units: textUnits)
            var lastEnd = -1
            for s in findings where !s.replacements.isEmpty {
                guard s.range.location >= lastEnd else { continue }
                // A contraction written without its apostrophe ("theres", "havent", "im") is an
                // error every rewrite fixes, whichever suggestion the speller ranks first
                // ("theirs"); Professional then spells the contraction out ("there is").
                let word = String(decoding: textUnits[s.range.location..<NSMaxRange(s.range)], as: UTF16.self)
                if s.provenance == .spelling || s.ruleID == "SPELLING",
                   let fixed = Self.apostropheForm(of: word, among: s.replacements) {
                    var e = s
                    e.replacements = [fixed]
                    e.message = "A contraction written without its apostrophe: “\(fixed)”."
                    edits.append(e)
                    lastEnd = NSMaxRange(s.range)
                    continue
                }
                // Only what `proofread --fix` would apply: a guess (a foreign word, a name, a word
                // far from any known one) or a preference (a hyphen, a comma) is a suggestion for
                // a person, never an automatic rewrite.
                guard s.isConfident, !UnattendedFixRules.preferenceRules.contains(s.ruleID) else { continue }
                // A command's option (`-ok`) is never re-cased or rewritten, and an
                // abbreviation's period (“e.g. for”) starts no sentence to capitalise.
                if UnattendedFixRules.isOptionLike(textUnits, s.range) { continue }
                if word != s.replacements[0], word.lowercased() == s.replacements[0].lowercased(),
                   Self.followsAbbreviation(textUnits, s.range.location) { continue }
                if s.provenance != .spelling, UnattendedFixRules.changesCodeWord(word, into: s.replacements[0], codeWords: codeWords) { continue }
                // (An unknown capitalised word is confident only when its guess is one of the
                // commonest words, `Teh` → `The`; a name, `NAMES`, never is.)
                // Splitting a word ("dotfiles" → "dot files") is a guess, not a fix.
                if s.ruleID == "SPELLING", s.replacements[0].utf8.contains(0x20) || s.replacements[0].utf8.contains(0x2D) { continue }
                var e = s
                e.replacements = [s.replacements[0]]
                edits.append(e)
                lastEnd = s.range.location + s.range.length
            }
        }
        // Professional: a fix that gives a contraction ("havent" → "haven't", "wont" → "won't")
        // gives it spelt out ("have not"), as the register asks.
        if styles.contains(.professional) {
            for k in edits.indices {
                let fixed = edits[k].replacements[0]
                guard fixed.contains("'") || fixed.contains("’"), !fixed.contains(" ") else { continue }
                var a = NSMaxRange(edits[k].range)
                while a < textUnits.count, textUnits[a] == 0x20 { a += 1 }
                var b = a
                while b < textUnits.count, let c = UnicodeScalar(textUnits[b]), CharacterSet.letters.contains(c) { b += 1 }
                let next = b > a ? String(decoding: textUnits[a..<b], as: UTF16.self).lowercased() : nil
                if let full = Self.spelledOut(fixed, next: next) {
                    edits[k].replacements = [full]
                    edits[k].message += " Formal writing spells “\(fixed)” out."
                }
            }
        }
        // In legal drafting, only the edits that keep a term's meaning (``LegalRegister``).
        let legal = LegalRegister.isLegal(request.text)
        let rewriter = PhraseRewriter(Self.phrases(for: styles, clarity: clarity).filter { !legal || LegalRegister.keepsMeaning($0) })
        var phraseEdits: [ProofreadingSuggestion] = []
        var slang: [NSRange] = []
        // A term the text defines (a glossary's “**AFAIK**: As Far As I Know.”, “time to live
        // (TTL)”) stays as written wherever it occurs (``DefinedTerms``).
        let defined = DefinedTerms(request.text)
        // Friendly warms a text as its kind allows (``FriendlyRegister``).
        let register = styles.contains(.friendly)
            ? FriendlyRegister(request.text, hasCode: doc.protectedRanges.contains { UnattendedFixRules.codeReasons.contains($0.reason.rawValue) })
            : nil
        // Which of ``CasualFillers``' classes the rewrite takes: Rewrite's, Concise's,
        // Professional's; Friendly keeps a casual text's spoken words.
        // The hedges "kind of" and "sort of" cut before a verb (``CasualFillers``).
        var hedgeCuts: [NSRange] = []
        let fillerPurpose: CasualFillers.Purpose? = clarity ? .clarity
            : (shorten || styles.contains(.concise)) ? .concise : styles.contains(.professional) ? .professional : nil
        for seg in doc.proseSegments {
            try request.stopIfAsked()
            let b = seg.blockRange
            guard b.location < re, b.location + b.length > rs || (b.length == 0 && b.location >= rs) else { continue }
            var contractions = 0
            let inListItem: Bool
            if case .listItem? = seg.intent.kind { inListItem = true } else { inListItem = false }
            // Where an edit of the segment's `range` may go in the document: inside the range
            // asked for, not on protected text or markup the segment leaves out (“revert
            // **back**”), not on a defined term, and (`questioned`) not on a word the
            // proofreader questions, which is fixed or left for the user, never rephrased.
            func place(_ range: NSRange, questioned: Bool = true) -> NSRange? {
                guard let d = seg.documentRange(for: range), d.location >= rs, NSMaxRange(d) <= re,
                      !doc.intersectsProtected(d), !seg.omitsDocumentText(in: range), !defined.touches(d) else { return nil }
                if questioned, findings.contains(where: { Self.questionsTheWord($0) && Self.overlaps($0.range, d) }) { return nil }
                return d
            }
            // A style edit at `d`.
            func styleEdit(_ d: NSRange, _ replacement: String, _ ruleID: String, _ reason: String) -> ProofreadingSuggestion {
                ProofreadingSuggestion(range: d, replacements: [replacement], ruleID: ruleID, category: .style, message: reason, provenance: .rules)
            }
            for (r, replacement0, phrase) in rewriter.edits(in: seg.text) {
                var replacement = replacement0
                if phrase.style == .friendly, let register {
                    guard let r = register.replacement(for: phrase, replacement, contractionsSoFar: contractions, inListItem: inListItem) else { continue }
                    replacement = r
                }
                // Not across markup the segment leaves out (“revert **back**”): the edit would
                // delete it.
                guard let d = place(r, questioned: false) else { continue }
                // Emphasis in a warning is its content: “**Be very careful when passing file
                // descriptors…**” keeps its “very” (session 54's trial: Concise cut it).
                if phrase.kind == .filler, Self.intensifiers.contains(phrase.pattern), Self.isWarning(textUnits, at: d) { continue }
                // A word the proofreader questions is fixed or left for the user, never rephrased:
                // "it's capacity" is a misused "its", not a contraction to spell out. A texting
                // abbreviation is the exception: its spelling suggestion ("cuz" → "cuss") is a guess.
                // (A style finding, “due to the fact that” is wordy, agrees with the edit.)
                let isSlang = phrase.kind == .informal
                if findings.contains(where: { Self.questionsTheWord($0) && Self.overlaps($0.range, d) && !(isSlang && $0.category == .typos) }) { continue }
                if isSlang { slang.append(d) }
                if phrase.kind == .contraction { contractions += 1 }
                let cat = Self.category(phrase.kind)
                phraseEdits.append(ProofreadingSuggestion(range: d, replacements: [replacement], ruleID: phrase.id, category: cat,
                                                    message: phrase.reason, provenance: .rules))
            }
            // Professional: a vague noun after the noun that names what is meant ("the
            // planning thing" → "the planning", ``VagueNoun``).
            if styles.contains(.professional), !legal {
                for edit in VagueNoun.edits(in: seg.text) {
                    guard let d = place(edit.range, questioned: false) else { continue }
                    phraseEdits.append(styleEdit(d, edit.replacement, "PRO_VAGUE_NOUN", "“\(edit.word)” after the noun that names it adds nothing but a casual tone."))
                }
                // Casual words read in context ("way too far", "like a ten minute walk",
                // "It'd", "There's", "a bunch of", "super expensive": ``CasualRegister``), in
                // place of a phrase-list edit of the same words, which reads no context.
                for edit in CasualRegister.edits(in: seg.text) {
                    guard let d = place(edit.range) else { continue }
                    phraseEdits.removeAll { Self.overlaps($0.range, d) }
                    phraseEdits.append(styleEdit(d, edit.replacement, edit.ruleID, edit.reason))
                }
            }
            // Spoken fillers, openers and hedges read in context ("So I was thinking…", "kind
            // of nervous", "just let me know", ", you know,": ``CasualFillers``), after the
            // phrase lists' edits, which they never overlap.
            if let fillerPurpose, !legal {
                for edit in CasualFillers.edits(in: seg.text, for: fillerPurpose) {
                    guard let d = place(edit.range), !phraseEdits.contains(where: { Self.overlaps($0.range, d) && !Self.deletion($0, within: d) })
                    else { continue }
                    // (A phrase list's deletion inside a longer edit of the filler's, “basically”
                    // of “So basically I…” or of “So basically what happened is that the…” →
                    // “The…”, goes with it; the same cut is the phrase list's.)
                    phraseEdits.removeAll { Self.deletion($0, within: d) }
                    phraseEdits.append(styleEdit(d, edit.replacement, edit.ruleID, edit.reason))
                    if edit.ruleID.hasSuffix("KIND_OF") { hedgeCuts.append(d) }
                }
            }
            // The padding of stiff letters, read as classes (``Padding``): Concise's, and Rewrite's (its style set is Concise's clarifying edits).
            if shorten || styles.contains(.concise), !legal {
                for edit in Padding.edits(in: seg.text) {
                    guard let d = place(edit.range) else { continue }
                    // (The classes that say what a phrase-list entry says give way to its edit, which
                    // knows the sentence's chained openers and capitals, unless theirs takes more: a
                    // phrase of time with the commas that set it off.)
                    if Padding.yieldingClasses.contains(edit.ruleID), phraseEdits.contains(where: { p in
                        Self.overlaps(p.range, d) && !(d.location <= p.range.location && NSMaxRange(p.range) <= NSMaxRange(d) && d.length > p.range.length)
                    }) { continue }
                    // (It takes the place of a phrase list's edit inside it: “we thank you” of
                    // “We thank you in advance for”.)
                    phraseEdits.removeAll { Self.overlaps($0.range, d) }
                    phraseEdits.append(styleEdit(d, edit.replacement, edit.ruleID, edit.reason))
                }
            }
            // A passive that names who acted, in the active voice: Rewrite's, and Concise's,
            // for which it is shorter too (“it has been determined by the undersigned that” →
            // “I have determined that”).
            if clarity || shorten || styles.contains(.concise), !legal {
                for edit in ActiveVoice.edits(in: seg.text) {
                    guard let d = seg.documentRange(for: edit.range), d.location >= rs, NSMaxRange(d) <= re,
                          !doc.intersectsProtected(d), !seg.omitsDocumentText(in: edit.range),
                          !findings.contains(where: { Self.questionsTheWord($0) && Self.overlaps($0.range, d) }) else { continue }
                    phraseEdits.append(ProofreadingSuggestion(range: d, replacements: [edit.replacement], ruleID: clarity ? "REWRITE_ACTIVE_VOICE" : "CONCISE_ACTIVE_VOICE", category: .style,
                                                        message: "The passive names who acted: said in the active voice, the sentence reads more directly.",
                                                        provenance: .rules))
                }
            }
            guard shorten, !legal else { continue }
            for cut in Shortener.cuts(in: seg.text) {
                guard let d0 = seg.documentRange(for: cut.range), d0.location >= rs, d0.location + d0.length <= re,
                      !doc.intersectsProtected(d0), !seg.omitsDocumentText(in: cut.range),
                      let d = cut.replacement.isEmpty ? Self.keepingLinesWhole(d0, units: textUnits) : d0, d.location >= rs else { continue }
                phraseEdits.append(ProofreadingSuggestion(range: d, replacements: [cut.replacement], ruleID: cut.ruleID, category: .style, message: cut.reason, provenance: .rules))
            }
        }
        // The proofreader reads a hedged verb as a noun after "of" ("I sort of prefer it" →
        // "sort of preferring"): with the hedge cut, the verb stands as written ("I prefer it";
        // both edits made gave "I preferring it").
        edits.removeAll { e in hedgeCuts.contains { NSMaxRange($0) == e.range.location } }
        // A texting abbreviation's own spelling "fix" ("rn" → "re") gives way to its phrase edit.
        edits.removeAll { e in e.category == .typos && slang.contains { Self.overlaps($0, e.range) } }
        // A capital for the first word of a sentence ("hey guys" → "Hey guys", confident or not)
        // goes with the phrase edit that starts there ("Hello everyone"), not in its place.
        let units0 = Array(request.text.utf16)
        for f in findings where !f.replacements.isEmpty {
            let original = String(decoding: units0[f.range.location..<(f.range.location + f.range.length)], as: UTF16.self)
            guard original.first?.isLowercase == true, f.replacements[0] == original.prefix(1).uppercased() + original.dropFirst(),
                  let k = phraseEdits.firstIndex(where: { $0.range.location == f.range.location && NSMaxRange($0.range) >= NSMaxRange(f.range) })
            else { continue }
            let r = phraseEdits[k].replacements[0]
            if let first = r.first, first.isLowercase { phraseEdits[k].replacements[0] = first.uppercased() + r.dropFirst() }
            edits.removeAll { $0.range == f.range }
        }
        // Redundancies (“past history”) come from the proofreader's rule, one list for both: a
        // hint when proofreading, an edit of the Concise rewrite.
        if styles.contains(.concise), let speller = try? BuiltInProofreadingEngine.speller(for: request.language) {
            var options = ProofreadingOptions()
            options.shouldStop = request.shouldStop
            let redundancies = Proofreader(speller: speller, rules: [RedundantPhraseRule()]).check(doc, options: options)
            try request.stopIfAsked()
            for m in redundancies
            where m.range.location >= rs && m.range.location + m.range.length <= re && !m.replacements.isEmpty {
                phraseEdits.append(ProofreadingSuggestion(range: m.range, replacements: [m.replacements[0]], ruleID: m.ruleID,
                                                    category: m.category,
                                                    message: m.message, provenance: .rules))
            }
        }
        phraseEdits.sort { ($0.range.location, $0.range.length) < ($1.range.location, $1.range.length) }
        // A command's option or a code-like token is written as its program reads it: no phrase
        // edit re-cases or rewrites it (a trial's Professional made findutils' “-ok” “-OK”).
        phraseEdits.removeAll { UnattendedFixRules.isOptionLike(textUnits, $0.range) }
        // Contractions are spelt out all or none in a sentence (a trial's Professional wrote
        // “I mean it is not huge but it's something”).
        if styles.contains(.professional) {
            phraseEdits = Self.contractionsAllOrNone(phraseEdits, units: textUnits, fixes: edits)
        }
        // Professional writes every sentence with its capital, also where the proofreader lets a
        // casual text start in lower case (a greeting, the paragraph after it, a sign-off), and
        // after a swap (“hey Sam,” → “Hello Sam,”, a trial's Professional gave “hello Sam,”).
        if styles.contains(.professional) {
            phraseEdits = Self.capitalisingSentenceStarts(phraseEdits, doc: doc, units: textUnits, range: NSRange(location: rs, length: re - rs),
                                                          findings: findings)
        }
        // Merge: proofreading fixes win over phrase edits they overlap.
        var merged: [ProofreadingSuggestion] = []
        var i = 0, j = 0
        let overlaps = Self.overlaps
        while i < edits.count || j < phraseEdits.count {
            if j >= phraseEdits.count || (i < edits.count && edits[i].range.location <= phraseEdits[j].range.location) {
                if let last = merged.last, overlaps(last.range, edits[i].range) {
                    if last.provenance != .rules || edits[i].ruleID == last.ruleID { i += 1; continue }
                    merged.removeLast()
                }
                merged.append(edits[i]); i += 1
            } else {
                if let last = merged.last, overlaps(last.range, phraseEdits[j].range) { j += 1; continue }
                if i < edits.count, overlaps(edits[i].range, phraseEdits[j].range) { j += 1; continue }
                merged.append(phraseEdits[j]); j += 1
            }
        }
        // Disjoint, in order.
        var disjoint: [ProofreadingSuggestion] = []
        var cursor0 = rs
        for e in merged.sorted(by: { $0.range.location < $1.range.location }) where e.range.location >= cursor0 {
            disjoint.append(e)
            cursor0 = e.range.location + e.range.length
        }
        var dropped: [(edit: ProofreadingSuggestion, finding: ProofreadingSuggestion)] = []
        let kept = try keepingGrammar(disjoint, request: request, findings: findings, dropped: &dropped)
        // The shortenings it found and left, because the proofreader would flag the sentence
        // after them: said, never passed over (session 54's trial read “nothing to shorten” on a
        // letter that still had “in order to” and “prior to”).
        let left = dropped.filter { d in phraseEdits.contains { $0.range == d.edit.range && $0.ruleID == d.edit.ruleID } }
        // The edits that shorten or reword (not the proofreader's fixes, which every rewrite makes).
        let rewordings = kept.filter { k in phraseEdits.contains { $0.range == k.range && $0.ruleID == k.ruleID } }.count
        let accepted = Self.keepingLineBreaks(kept, in: Array(request.text.utf16))
        // Apply to the range's text.
        let units = Array(request.text.utf16)
        var out: [UInt16] = []
        out.reserveCapacity(request.range.length)
        var cursor = rs
        for e in accepted {
            out.append(contentsOf: units[cursor..<e.range.location])
            out.append(contentsOf: e.replacements[0].utf16)
            cursor = e.range.location + e.range.length
        }
        out.append(contentsOf: units[cursor..<re])
        let newText = String(decoding: out, as: UTF16.self)
        var events: [ToolEvent] = [.rewriteEdits(accepted)]
        // "Make it shorter" that cannot: say why, rather than a bare "0 edits", and say that
        // the edits it made are only the proofreader's fixes (a new user's trial read "concise:
        // 7 edits" on a text it left as long as it was).
        // Rewrite says the same (docs/tools.md): a trial's cover letter read "rewrite: 2 edits"
        // where both were spelling fixes, and a glossary "0 changes" without a reason.
        if shorten || clarity, rewordings == 0, left.isEmpty, request.range.length > 0 {
            let fixes = accepted.count
            events.insert(.notice((shorten ? Self.nothingToShorten : Self.nothingToReword)
                + (fixes == 0 ? "" : "; its \(fixes) \(fixes == 1 ? "edit is a fix" : "edits are fixes") "
                + "that 'proofread --fix' would make")), at: 0)
        } else if !left.isEmpty {
            events.insert(.notice(Self.leftNotice(left, units: units)), at: 0)
        }
        // Stream the new text a paragraph at a time.
        var chunk = ""
        var pendingBreak = false
        for ch in newText {
            if pendingBreak, ch != "\n", ch != "\r\n", ch != "\r" {
                events.append(.rewrittenText(chunk)); chunk = ""; pendingBreak = false
            }
            chunk.append(ch)
            if ch == "\n" || ch == "\r\n", chunk.hasSuffix("\n\n") || chunk.hasSuffix("\r\n\r\n") { pendingBreak = true }
        }
        if !chunk.isEmpty || events.count == 1 { events.append(.rewrittenText(chunk)) }
        return events
    }

    /// `edits` (disjoint, in order) made to keep a hard-wrapped paragraph wrapped: an edit whose
    /// text spans a line break ("do not⏎hesitate" → "feel free", "will⏎not" → "won't") puts
    /// the break (with the next line's indentation) back in its replacement, at its last space
    /// ("feel⏎free"), or, for a single word, in the space after it ("won't⏎be"; before it when
    /// there is none after). Without this the paragraph's two lines became one.
    static func keepingLineBreaks(_ edits: [ProofreadingSuggestion], in units: [UInt16]) -> [ProofreadingSuggestion] {
        var out = edits
        for k in out.indices {
            let r = out[k].range
            guard r.length > 0, let nl = (r.location..<NSMaxRange(r)).first(where: { units[$0] == 10 }) else { continue }
            let replacement = out[k].replacements[0]
            guard !replacement.isEmpty, !replacement.contains("\n") else { continue }
            // The break and the indentation that follows it in the source.
            var e = nl + 1
            while e < NSMaxRange(r), units[e] == 0x20 || units[e] == 0x09 || units[e] == 0x3E { e += 1 }
            let lineBreak = String(decoding: units[(nl > 0 && units[nl - 1] == 13 ? nl - 1 : nl)..<e], as: UTF16.self)
            if let space = replacement.lastIndex(of: " ") {
                out[k].replacements[0] = String(replacement[..<space]) + lineBreak + String(replacement[replacement.index(after: space)...])
                continue
            }
            let end = NSMaxRange(r)
            let nextStart = k + 1 < out.count ? out[k + 1].range.location : units.count
            let prevEnd = k > 0 ? NSMaxRange(out[k - 1].range) : 0
            if end < units.count, units[end] == 0x20, end + 1 <= nextStart, end < nextStart {
                out[k].range = NSRange(location: r.location, length: r.length + 1)
                out[k].replacements[0] = replacement + lineBreak
            } else if r.location > 0, units[r.location - 1] == 0x20, r.location - 1 >= prevEnd {
                out[k].range = NSRange(location: r.location - 1, length: r.length + 1)
                out[k].replacements[0] = lineBreak + replacement
            }
        }
        return out
    }

    /// A contraction of a pronoun or a negated auxiliary (“it's”, “you're”, “I'd”, “don't”),
    /// lower case, either apostrophe.
    static func isContraction(_ word: String) -> Bool {
        let w = word.lowercased().replacingOccurrences(of: "’", with: "'")
        if w.hasSuffix("n't") { return w.count > 3 }
        let parts = w.split(separator: "'", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return ["i", "you", "he", "she", "it", "we", "they", "that", "there", "here", "what", "who", "where", "let", "everything", "something", "nothing", "anything"].contains(String(parts[0]))
            && ["s", "re", "ve", "ll", "d", "m"].contains(String(parts[1]))
    }

    /// `edits` (sorted) without the edits that spell out a contraction in a sentence where
    /// another contraction stays as written: a sentence spells out all its contractions or
    /// none (“I mean it is not huge but it's something” mixes the registers). A spelt-out
    /// contraction is an edit whose original holds an apostrophe (``isContraction(_:)``) and
    /// whose replacement holds none. The sentence runs between “.”, “!” or “?” before a space
    /// or a line break, or a blank line. A contraction that one of the proofreader's `fixes`
    /// changes (“There's two” → “There are two”) stays no more.
    static func contractionsAllOrNone(_ edits: [ProofreadingSuggestion], units u: [UInt16], fixes: [ProofreadingSuggestion] = []) -> [ProofreadingSuggestion] {
        func text(_ r: NSRange) -> String { String(decoding: u[r.location..<NSMaxRange(r)], as: UTF16.self) }
        func spellsOut(_ e: ProofreadingSuggestion) -> Bool {
            guard NSMaxRange(e.range) <= u.count, let r = e.replacements.first, !r.contains("'"), !r.contains("’") else { return false }
            return text(e.range).split(separator: " ").contains { isContraction(String($0)) }
        }
        func isEnd(_ k: Int) -> Bool {
            guard k >= 0, k < u.count else { return true }
            if [46, 33, 63].contains(u[k]), k + 1 >= u.count || [32, 10, 13].contains(u[k + 1]) { return !UnattendedFixRules.isAbbreviationPeriod(u, k) }
            return u[k] == 10 && k + 1 < u.count && u[k + 1] == 10
        }
        var dropped = Set<Int>()
        for (n, e) in edits.enumerated() where spellsOut(e) && !dropped.contains(n) {
            var a = e.range.location - 1
            while a >= 0, !isEnd(a) { a -= 1 }
            var b = NSMaxRange(e.range)
            while b < u.count, !isEnd(b) { b += 1 }
            // The contractions of the sentence no edit touches.
            var k = a + 1
            var staying = false
            while k < b, !staying {
                guard UnattendedFixRules.ProseLetters.isLetter(u[k]) else { k += 1; continue }
                let s = k
                while k < b, UnattendedFixRules.ProseLetters.isLetter(u[k]) || ((u[k] == 39 || u[k] == 0x2019) && k + 1 < b && UnattendedFixRules.ProseLetters.isLetter(u[k + 1])) { k += 1 }
                let r = NSRange(location: s, length: k - s)
                if isContraction(text(r)), !(edits + fixes).contains(where: { overlaps($0.range, r) }) { staying = true }
            }
            guard staying else { continue }
            for (m, f) in edits.enumerated() where f.range.location > a && NSMaxRange(f.range) <= b && spellsOut(f) { dropped.insert(m) }
        }
        return edits.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    }

    /// Abbreviations whose period ends no sentence (“e.g. the”, “etc. and”), lower case.
    static let periodAbbreviations: Set<String> = ["e.g", "i.e", "eg", "ie", "etc", "vs", "cf", "approx", "al", "viz", "incl", "esp", "ca", "no", "fig", "p", "pp"]

    /// True when the word at `location` of `u` follows an abbreviation whose period ends no
    /// sentence (``UnattendedFixRules/nonFinalAbbreviations``: “(eg. for”, “i.e. not”), spaces
    /// and a line break between them allowed.
    static func followsAbbreviation(_ u: [UInt16], _ location: Int) -> Bool {
        var k = location - 1
        while k >= 0, u[k] == 32 || u[k] == 9 || u[k] == 10 || u[k] == 13 { k -= 1 }
        return k >= 0 && UnattendedFixRules.isAbbreviationPeriod(u, k)
    }

    /// `phraseEdits` (sorted) with the first word of each sentence of the document's paragraphs
    /// in `range` capitalised: a phrase edit that starts there gives its replacement the
    /// capital (“hey” → “Hello”), one that deletes the word gives it to the word after it
    /// (“anyway let me know” → “Let me know”), and a word no edit touches gets an edit of its
    /// own. A sentence follows “.”, “!” or “?” and a space (not an abbreviation's period or an
    /// ellipsis), or starts a paragraph after one that ends so or after a greeting's line (“hey
    /// Sam,”), or the document
    /// where an edit swaps its first word; its first word is an English word the tag lexicon
    /// knows, written in lower case, with a vowel, not a single letter but “a”, not code, not
    /// glued to a mark (“npm”, “bc”, “foo.bar”, “2.x” stay).
    ///
    /// A word at a line's start that names a command is no sentence's start (a GNU NEWS entry's
    /// “date +'%-N' now…”, “stat no longer…”; a trial's Professional wrote “Date”, “Stat”): as
    /// the proofreader judges it (``UppercaseSentenceStartRule``), a word of the document's code
    /// (``StructuredDocument/codeVocabulary``), one the proofreader's capital for is only a
    /// suggestion (`findings`: an installed command's name), or one an option or argument
    /// follows on its line (``isCommandLine(_:at:)``) keeps its case.
    static func capitalisingSentenceStarts(_ phraseEdits: [ProofreadingSuggestion], doc: StructuredDocument, units: [UInt16],
                                           range: NSRange, findings: [ProofreadingSuggestion] = []) -> [ProofreadingSuggestion] {
        var out = phraseEdits
        var added: [ProofreadingSuggestion] = []
        let lexicon = TagLexicon.shared
        for seg in doc.proseSegments {
            guard case .paragraph? = seg.intent.kind, NSIntersectionRange(seg.blockRange, range).length > 0 else { continue }
            let tokens = Tokenizer.tokenize(seg.text)
            var previous: Token?
            var beforePrevious: Token?
            var spaced = false
            for t in tokens {
                defer {
                    if t.kind != .whitespace && t.kind != .newline { beforePrevious = previous; previous = t; spaced = false } else { spaced = true }
                }
                guard t.isWord else { continue }
                let starts: Bool
                if let p = previous {
                    // After a sentence's mark and a space: not an abbreviation's period, an
                    // ellipsis (“gcc/g++/... are”) or a mark inside a name (“libdpkg.a”).
                    starts = spaced && p.kind == .punctuation && [".", "!", "?"].contains(p.text)
                        && !(p.text == "." && beforePrevious.map { ($0.isWord && (periodAbbreviations.contains($0.lower) || $0.text.count == 1)) || $0.text == "." } == true)
                } else {
                    // The paragraph's first word: the document's first when an edit swaps it
                    // (“hey Sam,” → “Hello Sam,”), or the first after a greeting's line (“hey
                    // Sam,”: four words at most, ending with a comma). A plain-text paragraph
                    // may start in lower case for other reasons (a command, a wrapped line).
                    var k = seg.blockRange.location - 1
                    while k >= 0, units[k] == 0x20 || units[k] == 0x0A || units[k] == 0x0D || units[k] == 0x09 { k -= 1 }
                    if k < 0 {
                        // (Or the document opens with a greeting's line, “hi Ana,”.)
                        let firstLine = seg.text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
                        starts = out.contains { $0.range.location == seg.documentRange(for: t.range)?.location }
                            || firstLine.range(of: BuiltInToolEngine.greeting, options: [.regularExpression, .caseInsensitive]) != nil
                    } else if units[k] == 0x2C {
                        var b = k
                        while b > 0, units[b - 1] != 0x0A { b -= 1 }
                        let line = String(decoding: units[b...k], as: UTF16.self)
                        starts = line.split(separator: " ").count <= 4
                    } else {
                        // After a paragraph that ends a sentence.
                        starts = [0x2E, 0x21, 0x3F].contains(units[k]) && !(k > 0 && units[k - 1] == 0x2E)
                    }
                }
                guard starts, let first = t.text.first, first.isLowercase, t.text.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" }),
                      t.text.count > 1 || t.lower == "a" || t.lower == "i",
                      t.lower.contains(where: { "aeiouy".contains($0) }), !lexicon.tagSet(of: t.lower).isEmpty else { continue }
                let capital = t.text.prefix(1).uppercased() + t.text.dropFirst()
                guard let d = seg.documentRange(for: t.range), NSLocationInRange(d.location, range), !doc.intersectsProtected(d) else { continue }
                if Self.startsLine(units, d.location), doc.codeVocabulary.contains(t.text) || Self.isCommandLine(units, at: NSMaxRange(d))
                    || findings.contains(where: { $0.range == d && !$0.isConfident && $0.replacements.first == capital }) { continue }
                // Glued to a mark other than a comma, “;”, “!”, “?” or an apostrophe: code, a path or a
                // label (“file: Corrupt input”).
                let after = NSMaxRange(d)
                if after < units.count, let c = UnicodeScalar(units[after]), !CharacterSet.whitespacesAndNewlines.contains(c),
                   !",;!?'’".unicodeScalars.contains(c),
                   !(c == "." && (after + 1 >= units.count || units[after + 1] == 0x20 || units[after + 1] == 0x0A)) { continue }
                if let k = out.firstIndex(where: { $0.range.location == d.location }) {
                    let r = out[k].replacements[0]
                    if let f = r.first {
                        if f.isLowercase { out[k].replacements[0] = f.uppercased() + r.dropFirst() }
                    } else {
                        // Deleted: the next word takes the capital.
                        var n = NSMaxRange(out[k].range)
                        while n < units.count, units[n] == 0x20 { n += 1 }
                        var e = n
                        while e < units.count, let c = UnicodeScalar(units[e]), CharacterSet.letters.contains(c) { e += 1 }
                        guard e > n, !out.contains(where: { $0.range.location >= n && $0.range.location < e }) else { continue }
                        let word = String(decoding: units[n..<e], as: UTF16.self)
                        guard let wf = word.first, wf.isLowercase else { continue }
                        out[k].range = NSRange(location: out[k].range.location, length: e - out[k].range.location)
                        out[k].replacements[0] = wf.uppercased() + word.dropFirst()
                    }
                    continue
                }
                if out.contains(where: { overlaps($0.range, d) }) { continue }
                added.append(ProofreadingSuggestion(range: d, replacements: [capital], ruleID: "PRO_SENTENCE_CAPITAL", category: .casing,
                                                    message: "A sentence starts with a capital letter.", provenance: .rules))
            }
        }
        return (out + added).sorted { ($0.range.location, $0.range.length) < ($1.range.location, $1.range.length) }
    }


    /// The deletion `d` of `u`, moved so that it leaves no line of punctuation alone: a cut
    /// that starts a line (only indentation before it) and leaves nothing on it but marks
    /// (“unstable\n        (alpha or beta version).” left a line with only “.”), or nothing at
    /// all, takes the line break and indentation before it too, so the marks join the line
    /// above (“unstable.”).
    /// Nil when that line break ends a paragraph (a blank line before it): the cut would join
    /// two paragraphs.
    static func keepingLinesWhole(_ d: NSRange, units u: [UInt16]) -> NSRange? {
        guard d.length > 0, d.location > 0, startsLine(u, d.location) else { return d }
        var k = NSMaxRange(d)
        while k < u.count, u[k] != 0x0A, u[k] != 0x0D {
            if u[k] != 0x20, u[k] != 0x09, let c = UnicodeScalar(u[k]), !CharacterSet.punctuationCharacters.contains(c) { return d }
            k += 1
        }
        // Back over the indentation and one line break to the end of the line above.
        var b = d.location
        while b > 0, u[b - 1] == 0x20 || u[b - 1] == 0x09 { b -= 1 }
        guard b > 0 else { return d }
        if u[b - 1] == 0x0A { b -= 1 }
        if b > 0, u[b - 1] == 0x0D { b -= 1 }
        var e = b
        while e > 0, u[e - 1] == 0x20 || u[e - 1] == 0x09 { e -= 1 }
        guard e > 0, u[e - 1] != 0x0A, u[e - 1] != 0x0D else { return nil }
        return NSRange(location: e, length: NSMaxRange(d) - e)
    }

    /// True when only spaces or tabs stand between unit `i` and the start of its line.
    static func startsLine(_ u: [UInt16], _ i: Int) -> Bool {
        var k = i - 1
        while k >= 0, u[k] == 0x20 || u[k] == 0x09 { k -= 1 }
        return k < 0 || u[k] == 0x0A || u[k] == 0x0D
    }

    /// True when the word ending at unit `end` is followed, after one space, by an option or an
    /// argument of a command line: `-R`, `--debug`, `+'%-N'`, `conv=fsync` (“date +'%-N' now…”).
    static func isCommandLine(_ u: [UInt16], at end: Int) -> Bool {
        guard end + 1 < u.count, u[end] == 0x20 else { return false }
        let c = u[end + 1]
        // "-" or "+" glued to what follows (not a dash between spaces).
        if c == 0x2D || c == 0x2B { return end + 2 < u.count && u[end + 2] != 0x20 && u[end + 2] != 0x0A }
        // A word glued to "=" (`conv=fsync`).
        var k = end + 1
        while k < u.count, UnattendedFixRules.ProseLetters.isLetter(u[k]) { k += 1 }
        return k > end + 1 && k + 1 < u.count && u[k] == 0x3D && u[k + 1] != 0x20
    }

    /// Intensifiers Concise cuts as fillers, which a warning keeps.
    static let intensifiers: Set<String> = ["very", "really", "extremely", "quite", "truly", "certainly", "definitely", "totally",
                                            "absolutely", "highly", "entirely", "utterly", "seriously", "particularly", "especially"]
    /// Words of risk an intensifier before them strengthens, wherever they are (“be very careful”).
    static let riskWords: Set<String> = ["careful", "cautious", "wary", "dangerous", "risky", "unsafe", "insecure", "hazardous"]

    /// Whether the word at `r` stands in a warning: inside strong emphasis on its line (“**…**”,
    /// “__…__”), in a sentence that opens with a warning's label (“Warning:”, “Caution:”,
    /// “Important:”, “Danger:”, “Security note:”), or right before a word of risk (“very
    /// careful”). Emphasis there is what the warning says, not padding.
    static func isWarning(_ u: [UInt16], at r: NSRange) -> Bool {
        var lineStart = r.location
        while lineStart > 0, u[lineStart - 1] != 0x0A { lineStart -= 1 }
        var lineEnd = NSMaxRange(r)
        while lineEnd < u.count, u[lineEnd] != 0x0A { lineEnd += 1 }
        // Strong emphasis: an odd number of “**” (or “__”) before the word on its line, one after.
        for mark: UInt16 in [0x2A, 0x5F] {
            func pairs(_ a: Int, _ b: Int) -> Int {
                var n = 0, k = a
                while k + 1 < b { if u[k] == mark, u[k + 1] == mark { n += 1; k += 2 } else { k += 1 } }
                return n
            }
            if pairs(lineStart, r.location) % 2 == 1, pairs(NSMaxRange(r), lineEnd) > 0 { return true }
        }
        // The sentence's opening label.
        var start = r.location
        while start > lineStart, !(u[start - 1] == 0x20 && start >= 2 && [0x2E, 0x21, 0x3F].contains(u[start - 2])) { start -= 1 }
        let opening = String(decoding: u[start..<r.location], as: UTF16.self)
        if opening.range(of: #"^[\W_]*(warning|caution|danger|important|attention|security( note| warning)?)\s*[:!–—-]"#,
                         options: [.regularExpression, .caseInsensitive]) != nil { return true }
        // A word of risk right after it.
        var k = NSMaxRange(r)
        while k < u.count, u[k] == 0x20 { k += 1 }
        var e = k
        while e < u.count, let c = UnicodeScalar(u[e]), CharacterSet.letters.contains(c) { e += 1 }
        return riskWords.contains(String(decoding: u[k..<e], as: UTF16.self).lowercased())
    }

    /// What Concise says when it finds nothing to cut.
    static let nothingToShorten = "nothing to shorten without changing the meaning: the text has no wordy phrase, filler, hedge, "
        + "aside in parentheses, trailing examples or repeated sentence the built-in engine can cut (a language model can "
        + "rewrite it shorter: 'writing-tools help models')"

    /// What a rewrite says of the edits it found and left (``keepingGrammar``'s dropped edits):
    /// how many, and the first three with their line and the finding they would have caused.
    static func leftNotice(_ left: [(edit: ProofreadingSuggestion, finding: ProofreadingSuggestion)], units: [UInt16]) -> String {
        let shown = left.prefix(3).map { d -> String in
            let r = d.edit.range
            let line = 1 + units[0..<r.location].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            let words = String(decoding: units[r.location..<NSMaxRange(r)], as: UTF16.self)
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let to = d.edit.replacements.first.map { $0.isEmpty ? "cut" : "→ “\($0.trimmingCharacters(in: .whitespaces))”" } ?? ""
            return "line \(line): “\(words)” \(to)"
        }
        return "left \(left.count) \(left.count == 1 ? "edit" : "edits") it found, because the proofreader would flag the sentence after "
            + "\(left.count == 1 ? "it" : "them"): " + shown.joined(separator: "; ")
            + (left.count > 3 ? "; …" : "")
    }

    /// Rewrite's notice when it finds nothing to make clearer.
    static let nothingToReword = "nothing to reword without changing the tone or the length: the text has no wordy phrase, "
        + "empty or spoken opener, filler of speech, hedge or passive that names who acted that the built-in engine rewrites (a language model can "
        + "rephrase it: 'writing-tools help models')"

    /// True when a finding says the words are wrong (a typo, a grammar error, a confused word,
    /// a possible name), not that they could be better (style, redundancy, punctuation).
    static func questionsTheWord(_ f: ProofreadingSuggestion) -> Bool {
        [.typos, .grammar, .confusedWords, .semantics, .names].contains(f.category)
    }

    /// True when `e` deletes text (no replacement) that lies within `range` and is shorter.
    static func deletion(_ e: ProofreadingSuggestion, within range: NSRange) -> Bool {
        e.replacements.first?.isEmpty == true && e.range.location >= range.location && NSMaxRange(e.range) <= NSMaxRange(range)
            && e.range.length < range.length
    }

    /// True when two ranges overlap, or are insertions at the same place.
    static func overlaps(_ a: NSRange, _ b: NSRange) -> Bool {
        a.location < b.location + b.length && b.location < a.location + a.length || (a.location == b.location && (a.length == 0 || b.length == 0))
    }

    /// `edits` (disjoint, in order, UTF-16 of the request text) without those after which the
    /// proofreader finds something new: the request text is checked with the edits applied, and
    /// a finding that was not there before (another rule, or another place once mapped back)
    /// drops the edits it touches, its range widened by a word each side ("an" of "an more"
    /// blames "additional" → "more"). Repeated until nothing new is found (at most four
    /// rounds; the fourth drops every edit a new finding touches and stops).
    ///
    /// Only the paragraphs the edits touch are checked again (issue 34): the proofreader's
    /// ``ProofreadingEngineRequest/checkedRanges`` takes each prose segment an edit overlaps or
    /// touches, whole, so no sentence is cut, and findings elsewhere cannot change (no rule
    /// reads across a segment). The text before the edits is checked over the same segments
    /// once, so that a finding judged among the checked segments alone (a term's later use,
    /// flagged once per document) is compared with its like. When the edits touch more than
    /// half of the prose (``wholeCheckShare``), the whole text is checked, as before.
    func keepingGrammar(_ edits: [ProofreadingSuggestion], request: ToolRequest, findings: [ProofreadingSuggestion]) throws -> [ProofreadingSuggestion] {
        var dropped: [(edit: ProofreadingSuggestion, finding: ProofreadingSuggestion)] = []
        return try keepingGrammar(edits, request: request, findings: findings, dropped: &dropped)
    }

    /// ``keepingGrammar(_:request:findings:)``, telling which edits it dropped and the new
    /// finding each one was blamed for (in the text with the edits made), so that a rewrite can
    /// say what it found and left rather than that there was nothing to find.
    func keepingGrammar(_ edits: [ProofreadingSuggestion], request: ToolRequest, findings: [ProofreadingSuggestion],
                        dropped: inout [(edit: ProofreadingSuggestion, finding: ProofreadingSuggestion)]) throws -> [ProofreadingSuggestion] {
        guard !edits.isEmpty else { return edits }
        var before = Set(findings.map { Finding(rule: $0.ruleID, location: $0.range.location, length: $0.range.length) })
        // The segments the edits touch, in the text before them: checked there once.
        var windowed = false
        if !request.rechecksWholeText {
            let original = DocumentParser.parse(request.text, markup: request.markup, hostProtectedRanges: request.protectedRanges)
            let ranges = edits.map(\.range)
            let prose = original.proseSegments.reduce(0) { $0 + $1.blockRange.length }
            let touched = Proofreader.segments(original.proseSegments, touching: ranges).reduce(0) { $0 + $1.blockRange.length }
            if Double(touched) <= Self.wholeCheckShare * Double(prose) {
                windowed = true
                var checking = ProofreadingEngineRequest(document: original, language: request.language, disabledRules: request.disabledRules,
                                                         userWords: request.userWords)
                checking.shouldStop = request.shouldStop
                checking.checkedRanges = ranges
                for f in try BuiltInProofreadingEngine().proofread(checking) {
                    before.insert(Finding(rule: f.ruleID, location: f.range.location, length: f.range.length))
                }
            }
        }
        var kept = edits
        for round in 0..<4 {
            guard !kept.isEmpty else { break }
            let textEdits = kept.map { TextEdit(range: $0.range, replacement: $0.replacements[0]) }
            let newText = try request.text.applying(textEdits)
            let tracker = try RangeTracker(edits: textEdits)
            let protected = request.protectedRanges.map { tracker.map($0).range }
            // Where each edit's replacement stands in the new text.
            var placed: [NSRange] = []
            var delta = 0
            for e in kept {
                let n = e.replacements[0].utf16.count
                placed.append(NSRange(location: e.range.location + delta, length: n))
                delta += n - e.range.length
            }
            let newRange = NSRange(location: request.range.location, length: request.range.length + delta)
            let doc = DocumentParser.parse(newText, markup: request.markup, hostProtectedRanges: protected)
            var checking = ProofreadingEngineRequest(document: doc, language: request.language, disabledRules: request.disabledRules,
                                                     userWords: request.userWords)
            checking.shouldStop = request.shouldStop
            if windowed { checking.checkedRanges = placed }
            let after = try BuiltInProofreadingEngine().proofread(checking)
            let units = Array(newText.utf16)
            var blamed = Set<Int>()
            var blamedFor: [Int: ProofreadingSuggestion] = [:]
            func blame<S: Sequence>(_ edits: S, _ f: ProofreadingSuggestion) where S.Element == Int {
                for p in edits where blamedFor[p] == nil { blamedFor[p] = f }
                blamed.formUnion(edits)
            }
            var commas: [ProofreadingSuggestion] = []
            for (k, f) in after.enumerated() where f.range.location >= newRange.location && NSMaxRange(f.range) <= NSMaxRange(newRange) {
                if k % 16 == 15 { try request.stopIfAsked() }
                // Back to the original text: an offset outside every edit shifts by the edits
                // before it; a finding that starts or ends inside a replacement is new there.
                var shift = 0
                var inside = false
                var startsBefore = false
                for p in placed.indices {
                    let r = placed[p]
                    if r.location >= NSMaxRange(f.range) && !(r.length == 0 && r.location == f.range.location) { break }
                    if Self.overlaps(r, f.range) && r.length > 0 { inside = true; startsBefore = f.range.location < r.location; break }
                    if NSMaxRange(r) <= f.range.location { shift += r.length - kept[p].range.length }
                }
                if !inside, before.contains(Finding(rule: f.ruleID, location: f.range.location - shift, length: f.range.length)) { continue }
                // The same finding, starting where it did before the edit and reaching into it: a
                // comma splice's “, I'd” that is “, I would” now (a trial's “super useful, I'd
                // check it” kept its “I'd”: the edit was blamed for the finding the text had).
                if inside, startsBefore, before.contains(where: { $0.rule == f.ruleID && $0.location == f.range.location - shift }) { continue }
                // A comma a compound sentence asks for once a contraction is spelt out ("There is a
                // fix coming and it'd help" → "…coming and it would help": the proofreader now reads
                // a second clause and asks for "coming, and"): the comma is added, not the edit
                // dropped, when the finding lies outside every edit.
                if !inside, round < 3, f.ruleID == "EN_COMMA_COMPOUND_SENTENCE", let fix = f.replacements.first, fix.contains(",") {
                    var e = f
                    e.range = NSRange(location: f.range.location - shift, length: f.range.length)
                    e.replacements = [fix]
                    commas.append(e)
                    continue
                }
                // The edits the finding covers; else those of the words next to it.
                let touching = placed.indices.filter { Self.overlaps(placed[$0], f.range) }
                if !touching.isEmpty {
                    blame(touching, f)
                    continue
                }
                let wide = Self.widenedByAWord(f.range, in: units)
                var near = placed.indices.filter { p in
                    Self.overlaps(placed[p], wide) || (placed[p].length == 0 && placed[p].location >= wide.location && placed[p].location <= NSMaxRange(wide))
                }
                // (A rule that reads a clause may flag a word three away from a word deleted out
                // of it: “now and I really don't want” is flagged at “and”, for a comma, once
                // “really” is gone. Only deletions are blamed that far.)
                if near.isEmpty {
                    let wider = Self.widenedByAWord(f.range, in: units, words: 3)
                    near = placed.indices.filter { p in
                        placed[p].length == 0 && placed[p].location >= wider.location && placed[p].location <= NSMaxRange(wider)
                    }
                }
                // (Else the nearest edit of the same sentence: a clause read whole again may be
                // flagged far from the word that made it one, “it's been making a weird noise for
                // like a week now and I…” → “it has been…”, a comma asked for before “and”, ten
                // words on. A finding nothing explains would stay in the result.)
                if near.isEmpty, let p = Self.nearestInSentence(f.range, placed, units) { near = [p] }
                blame(near, f)
            }
            // The proofreader's own fix of a finding the text had is never taken back: what it
            // shows after it (“I have recieved it last year” → “received”, then a tense finding
            // that the misspelling hid) was there before, and --fix makes the same fix (a
            // README-only trial: rewrite made no change where --fix made two).
            blamed = blamed.filter { !before.contains(Finding(rule: kept[$0].ruleID, location: kept[$0].range.location, length: kept[$0].range.length)) }
            if blamed.isEmpty && commas.isEmpty { break }
            for p in blamed.sorted() { if let f = blamedFor[p] { dropped.append((kept[p], f)) } }
            kept = kept.enumerated().filter { !blamed.contains($0.offset) }.map(\.element)
            kept += commas.filter { c in !kept.contains { Self.overlaps($0.range, c.range) } }
            kept.sort { $0.range.location < $1.range.location }
        }
        return kept
    }

    /// The share of a text's prose (UTF-16 units of its segments) above which
    /// ``keepingGrammar(_:request:findings:)`` checks the whole text again rather than the
    /// segments its edits touch: a check of the touched segments adds one of the text before
    /// the edits, which costs more than it saves when they are most of it.
    static let wholeCheckShare = 0.5

    /// The index of the edit of `placed` (ranges in the new text `units`) nearest to `r` with no
    /// sentence end (“.”, “!” or “?” before a space, or a blank line) between them; nil when
    /// no edit shares the finding's sentence.
    static func nearestInSentence(_ r: NSRange, _ placed: [NSRange], _ units: [UInt16]) -> Int? {
        func endsSentence(_ a: Int, _ b: Int) -> Bool {
            guard a < b else { return false }
            var k = max(0, a)
            while k < min(b, units.count) {
                let u = units[k]
                if u == 0x2E || u == 0x21 || u == 0x3F, k + 1 < units.count, units[k + 1] == 0x20 || units[k + 1] == 0x0A { return true }
                if u == 0x0A, k + 1 < units.count, units[k + 1] == 0x0A { return true }
                k += 1
            }
            return false
        }
        var best: (index: Int, distance: Int)?
        for (p, e) in placed.enumerated() {
            let distance: Int
            if NSMaxRange(e) <= r.location {
                if endsSentence(NSMaxRange(e), r.location) { continue }
                distance = r.location - NSMaxRange(e)
            } else if e.location >= NSMaxRange(r) {
                if endsSentence(NSMaxRange(r), e.location) { continue }
                distance = e.location - NSMaxRange(r)
            } else {
                distance = 0
            }
            if best == nil || distance < best!.distance { best = (p, distance) }
        }
        return best?.index
    }

    /// A proofreader finding by rule and UTF-16 range, to tell new findings from old ones.
    private struct Finding: Hashable {
        var rule: String
        var location: Int
        var length: Int
    }

    /// `r` widened to take in `words` words before it and after it (with the spaces between),
    /// in `units`.
    static func widenedByAWord(_ r: NSRange, in units: [UInt16], words: Int = 1) -> NSRange {
        func isSpace(_ u: UInt16) -> Bool { u == 0x20 || u == 0x09 || u == 0x0A || u == 0x0D }
        var a = r.location
        var b = NSMaxRange(r)
        for _ in 0..<max(1, words) {
            while a > 0, isSpace(units[a - 1]) { a -= 1 }
            while a > 0, !isSpace(units[a - 1]) { a -= 1 }
            while b < units.count, isSpace(units[b]) { b += 1 }
            while b < units.count, !isSpace(units[b]) { b += 1 }
        }
        return NSRange(location: a, length: b - a)
    }

    /// What ``soundRewrite(original:rewritten:markup:protectedRanges:language:applyFixes:)`` did.
    struct SoundRewrite: Sendable {
        /// The rewrite made no worse.
        var text: String
        /// How many of the rewrite's changes (word by word) were taken back.
        var reverted: Int
        /// How many confident proofreading fixes were applied.
        var fixed: Int
    }

    /// A rewrite made elsewhere (a language model's) made no worse, as the offline rewrites are:
    /// its changes (word by word, ``WordDiff``, UTF-16 of `original`) after which the
    /// proofreader finds something `original` did not have are taken back (``keepingGrammar``),
    /// and with `applyFixes` the proofreader's confident fixes of `original` that no kept change
    /// touches are applied too. `protectedRanges` (UTF-16 of `original`) are never touched.
    /// - Throws: ``EngineError/languageUnavailable(language:reason:)`` for a language the
    ///   proofreader does not check.
    func soundRewrite(original: String, rewritten: String, markup: MarkupKind, protectedRanges: [NSRange], language: String,
                      applyFixes: Bool) throws -> SoundRewrite {
        let request = ToolRequest(tool: .rewrite, text: original, markup: markup, protectedRanges: protectedRanges, language: language)
        let doc = DocumentParser.parse(original, markup: markup, hostProtectedRanges: protectedRanges)
        let findings = try BuiltInProofreadingEngine().proofread(ProofreadingEngineRequest(document: doc, language: language))
        let changes = WordDiff.edits(from: original, to: rewritten).map {
            ProofreadingSuggestion(range: $0.range, replacements: [$0.replacement], ruleID: "LANGUAGE_MODEL", category: .style, message: "Changed by the language model.", provenance: .languageModel)
        }
        var kept = try keepingGrammar(changes, request: request, findings: findings)
        let reverted = changes.count - kept.count
        var fixed = 0
        if applyFixes {
            var withFixes = kept
            for f in findings where f.isConfident && !f.replacements.isEmpty
                && !(f.ruleID == "SPELLING" && (f.replacements[0].utf8.contains(0x20) || f.replacements[0].utf8.contains(0x2D)))
                && !withFixes.contains(where: { Self.overlaps($0.range, f.range) || NSMaxRange($0.range) == f.range.location || NSMaxRange(f.range) == $0.range.location }) {
                var e = f
                e.replacements = [f.replacements[0]]
                withFixes.append(e)
            }
            withFixes.sort { $0.range.location < $1.range.location }
            if withFixes.count > kept.count {
                let checked = try keepingGrammar(withFixes, request: request, findings: findings)
                fixed = checked.count { $0.provenance != .languageModel }
                kept = checked
            }
        }
        let text = try original.applying(kept.map { TextEdit(range: $0.range, replacement: $0.replacements[0]) })
        return SoundRewrite(text: text, reverted: reverted, fixed: fixed)
    }
}
