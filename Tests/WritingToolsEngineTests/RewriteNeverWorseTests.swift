import Foundation
import Testing
import DocumentStructure
import TextModel
import Proofreading
@testable import WritingToolsEngine

/// Issue 34, point 2: rewrites never make the text worse. Tone and length rewrites apply the
/// proofreader's confident fixes first, never expand a contraction that is a misused word,
/// spell out texting abbreviations (Professional) with care for real words, warm up a stiff
/// text (Friendly), and no rewrite keeps an edit after which the proofreader finds something new.
@Suite("Rewrites never make the text worse")
struct RewriteNeverWorseTests {
    /// Proofreader findings of `text` (rule IDs with the text they cover).
    static func findings(_ text: String) throws -> [String] {
        let doc = DocumentParser.parse(text, markup: .plain)
        return try BuiltInProofreadingEngine().proofread(ProofreadingEngineRequest(document: doc))
            .map { "\($0.ruleID): \(text.substring(utf16Range: $0.range) ?? "")" }
    }

    // MARK: Contractions that are misused words

    struct ContractionCase: Sendable, CustomTestStringConvertible {
        var text: String
        var tool: WritingTool
        var expected: String
        var testDescription: String { "\(tool.commandName): \(text)" }
    }

    static let contractionCases: [ContractionCase] = [
        .init(text: "The server has reached it's capacity.", tool: .professional, expected: "The server has reached its capacity."),
        .init(text: "I value you're thoughts on this.", tool: .professional, expected: "I value your thoughts on this."),
        .init(text: "The team shared they're plans.", tool: .professional, expected: "The team shared their plans."),
        .init(text: "The server has reached it's capacity.", tool: .rewrite, expected: "The server has reached its capacity."),
        .init(text: "I value you're thoughts on this.", tool: .concise, expected: "I value your thoughts on this."),
        .init(text: "I value you're thoughts on this.", tool: .friendly, expected: "I value your thoughts on this."),
        // A contraction used rightly is still spelt out by Professional.
        .init(text: "It's ready and you're welcome to test it.", tool: .professional, expected: "It is ready and you are welcome to test it."),
    ]

    @Test("a misused contraction is fixed, never expanded", arguments: contractionCases)
    func misusedContraction(_ c: ContractionCase) throws {
        let (new, edits) = try rewritten(c.text, c.tool)
        #expect(new == c.expected, "\(edits.map(\.ruleID))")
        #expect(!new.contains("it is capacity") && !new.contains("you are thoughts"))
    }

    // MARK: Professional: slang and texting abbreviations

    struct SlangCase: Sendable, CustomTestStringConvertible {
        var text: String
        var expected: String
        var testDescription: String { text }
    }

    static let slangCases: [SlangCase] = [
        .init(text: "I can't talk rn, I'm in a meeting.", expected: "I cannot talk right now, I am in a meeting."),
        .init(text: "We stopped cuz the build broke.", expected: "We stopped because the build broke."),
        .init(text: "Thx for the quick reply.", expected: "Thank you for the quick reply."),
        .init(text: "Can u send me ur notes?", expected: "Can you send me your notes?"),
        .init(text: "Let me know if ur free tomorrow.", expected: "Let me know if you're free tomorrow."),
        .init(text: "Pls review the draft by Friday.", expected: "Please review the draft by Friday."),
        .init(text: "Btw the meeting moved to Monday.", expected: "By the way, the meeting moved to Monday."),
        .init(text: "IMO the plan works.", expected: "In my opinion, the plan works."),
        .init(text: "We're gonna ship it and I wanna test it first.", expected: "We are going to ship it, and I want to test it first."),
        .init(text: "Tbh, the deadline is tight.", expected: "To be honest, the deadline is tight."),
        .init(text: "hey guys, i cant make it rn cuz im sick.", expected: "Hello everyone, I cannot make it right now because I am sick."),
        .init(text: "Let me know if youre free, thats all.", expected: "Let me know if you are free, that is all."),
        // Real words and names in capitals stay.
        .init(text: "She is an RN at the clinic.", expected: "She is an RN at the clinic."),
        .init(text: "The letter U is a vowel.", expected: "The letter U is a vowel."),
        .init(text: "Ur was a city in Sumer.", expected: "Ur was a city in Sumer."),
        .init(text: "The problem is NP-hard.", expected: "The problem is NP-hard."),
        .init(text: "Take a U-turn at the lights.", expected: "Take a U-turn at the lights."),
    ]

    @Test("Professional spells out slang and texting abbreviations, not real words", arguments: slangCases)
    func slang(_ c: SlangCase) throws {
        #expect(try rewritten(c.text, .professional).text == c.expected)
    }

    // MARK: Missing apostrophes and texting forms (README-only trial, session 42)

    struct TextingCase: Sendable, CustomTestStringConvertible {
        var fixture: String
        var tool: WritingTool
        var expected: String
        var testDescription: String { "\(tool.commandName): \(fixture)" }
    }

    static let textingCases: [TextingCase] = [
        .init(fixture: "texting/bug-report-chat.txt", tool: .professional,
              expected: "Hello sam, there is a problem with the build, and I have not had time to look at it yet. I am going to check it tonight, do not worry. Can you send me your logs please? Thank you\n"),
        .init(fixture: "texting/bug-report-chat.txt", tool: .friendly,
              expected: "Hey sam, there's a problem with the build and I haven't had time to look at it yet. I'm going to check it tonight, don't worry. Can you send me your logs please? Thanks\n"),
        .init(fixture: "texting/short-note.txt", tool: .professional,
              expected: "Hi Ann,\nIts done and there is nothing left. I have not seen the logs, but I am sure they are fine. Let's talk tomorrow, I will not be late.\nThank you,\nBo\n"),
        .init(fixture: "texting/short-note.txt", tool: .friendly,
              expected: "Hi Ann,\nIts done and there's nothing left. I haven't seen the logs but I'm sure they're fine. Let's talk tomorrow, I won't be late.\nThanks,\nBo\n"),
    ]

    /// "theres", "havent", "im", "dont", "u", "ur", "pls", "thx": Professional fixes them and
    /// spells the contractions out; Friendly fixes them and keeps the contractions.
    @Test("tone rewrites leave no missing apostrophe or texting form", arguments: textingCases)
    func textingForms(_ c: TextingCase) throws {
        let (new, edits) = try rewritten(try Fixture.text(c.fixture), c.tool)
        #expect(new == c.expected, "\(edits.map(\.ruleID))")
        let words = Set(new.split { !$0.isLetter && $0 != "'" }.map(String.init))
        #expect(words.isDisjoint(with: ["theres", "havent", "im", "dont", "u", "ur", "pls", "thx", "Thx", "theyre", "wont", "i"]))
    }

    @Test func contractionsAreSpeltOutByGrammar() {
        #expect(BuiltInToolEngine.spelledOut("haven't", next: "had") == "have not")
        #expect(BuiltInToolEngine.spelledOut("There's", next: "a") == "There is")
        #expect(BuiltInToolEngine.spelledOut("there's", next: "been") == "there has")
        #expect(BuiltInToolEngine.spelledOut("I'm", next: nil) == "I am")
        #expect(BuiltInToolEngine.spelledOut("won't", next: nil) == "will not")
        #expect(BuiltInToolEngine.spelledOut("I'd", next: "go") == nil)          // had or would
        #expect(BuiltInToolEngine.spelledOut("John's", next: "car") == nil)      // a possessive
        #expect(BuiltInToolEngine.apostropheForm(of: "theres", among: ["theirs", "there's", "threes"]) == "there's")
        #expect(BuiltInToolEngine.apostropheForm(of: "im", among: ["I'm", "am"]) == "I'm")
        #expect(BuiltInToolEngine.apostropheForm(of: "sam", among: ["same", "sum"]) == nil)
    }

    // MARK: Rewrite: no wrong grammar fix

    @Test func rewriteNeverWritesMeBelieve() throws {
        for text in ["I beleive the plan works.", "I beleive that we can ship on Monday.", "Honestly, I beleive it."] {
            let (new, _) = try rewritten(text, .rewrite)
            #expect(!new.lowercased().contains("me believe"), "\(new)")
            #expect(new.contains("I believe"), "\(new)")
        }
    }

    /// A preference of the proofreader (a hyphen by form, a comma) is no fix a rewrite applies:
    /// Friendly made "three line items" "three-line items" (README-only trial); the sentence's
    /// subject pronoun stays ("…and I really appreciate it" became "me").
    @Test func rewritesApplyNoPreferenceAndKeepTheSubject() throws {
        for tool in [WritingTool.friendly, .professional, .concise, .rewrite] {
            let (new, _) = try rewritten("Their are three line items on the invoice. It was a lot of work and I really appreciate it.", tool)
            #expect(new.contains("three line items"), "\(tool): \(new)")
            #expect(new.hasPrefix("There are"), "\(tool): \(new)")
            #expect(new.contains("and I ") && !new.contains("and me"), "\(tool): \(new)")
        }
    }

    // MARK: No rewrite adds a finding

    static let messyTexts = [
        "I beleive the new release is basically ready, but we need to make a decision about the date.",
        "Hey guys, thx for the help!! The demo was awesome and ur notes were super helpful.",
        "It is important to note that the server has reached it's capacity at this point in time.",
        "Please be advised that we are not able to ship an additional order prior to Friday.",
        "We regret to inform you that the shipment requires an additional signature.",
        "I am writing to inform you that you're request has been approved.",
    ]

    @Test("no rewrite adds a proofreading finding", arguments: [WritingTool.rewrite, .concise, .professional, .friendly])
    func noNewFinding(_ tool: WritingTool) throws {
        for text in Self.messyTexts {
            let (new, _) = try rewritten(text, tool)
            let before = Set(try Self.findings(text).map { $0.split(separator: ":")[0] })
            let after = try Self.findings(new)
            for f in after {
                #expect(before.contains(f.split(separator: ":")[0]), "\(tool.commandName) added “\(f)”: \(text) → \(new)")
            }
        }
    }

    @Test func anEditThatBreaksTheSentenceIsDropped() throws {
        // “additional” → “more” would leave “an more”; the article rule blames the edit next to
        // it, not one further away.
        let request = ToolRequest(tool: .friendly, text: "Today we need an additional day.")
        let engine = BuiltInToolEngine()
        let edit = ProofreadingSuggestion(range: NSRange(location: 17, length: 10), replacements: ["more"], ruleID: "TEST", category: .style, message: "test", provenance: .rules)
        let fine = ProofreadingSuggestion(range: NSRange(location: 0, length: 5), replacements: ["Now"], ruleID: "TEST2", category: .style, message: "test", provenance: .rules)
        let kept = try engine.keepingGrammar([fine, edit], request: request, findings: [])
        #expect(kept.map(\.ruleID) == ["TEST2"])
    }

    @Test func toneRewritesApplyConfidentFixesFirst() throws {
        for tool in [WritingTool.concise, .professional, .friendly] {
            let (new, edits) = try rewritten("Teh report is ready.", tool)
            #expect(new.hasPrefix("The report"), "\(tool.commandName): \(new)")
            #expect(edits.contains { $0.ruleID == "SPELLING" })
        }
    }
}

/// Friendly changes the register of a stiff text: on ten formal e-mails (written for this test,
/// Fixtures/formal-emails), every e-mail gets edits, and none adds a proofreading finding.
@Suite("Friendly on formal e-mails")
struct FriendlyRegisterTests {
    static func emails() throws -> [(String, String)] {
        let dir = try #require(Bundle.module.url(forResource: "Fixtures/formal-emails", withExtension: nil))
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".txt") }.sorted()
        return try names.map { ($0, try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test func everyFormalEmailIsWarmedUp() throws {
        let all = try Self.emails()
        #expect(all.count == 10)
        var total = 0
        var report: [String] = []
        for (name, text) in all {
            let (new, edits) = try rewritten(text, .friendly)
            let phraseEdits = edits.filter { $0.ruleID.hasPrefix("FRIENDLY_") }
            total += phraseEdits.count
            report.append("\(name): \(phraseEdits.count)")
            #expect(phraseEdits.count >= 4, "\(name): only \(phraseEdits.count) edits: \(new)")
            let before = Set(try RewriteNeverWorseTests.findings(text).map { $0.split(separator: ":")[0] })
            for f in try RewriteNeverWorseTests.findings(new) {
                #expect(before.contains(f.split(separator: ":")[0]), "\(name): Friendly added “\(f)”")
            }
        }
        print("Friendly edits per formal e-mail: " + report.joined(separator: ", ") + "; total \(total)")
        #expect(total >= 60)
    }

    // MARK: Legal drafting

    /// In a contract clause or a licence, Concise keeps the terms and the words that may carry
    /// the clause's meaning (“with respect to” is not “about”; “costs actually incurred”), and
    /// still makes the plain-language edits (“in the event that” → “if”). Found in the GPL by a
    /// new user's trial.
    @Test func conciseKeepsLegalTerms() throws {
        let clause = "The Licensee shall, with respect to any Derivative Work, actually deliver the source code within thirty days. "
            + "In the event that the Licensor fails to respond, the Licensee may terminate this Agreement. "
            + "Notwithstanding the foregoing, nothing herein shall be construed as a waiver of any right."
        #expect(LegalRegister.isLegal(clause))
        let (new, edits) = try rewritten(clause, .concise)
        #expect(new.contains("with respect to any Derivative Work, actually deliver"), "\(new)")
        #expect(new.contains("If the Licensor fails"), "\(edits.map(\.ruleID))")
        // The same phrases in an e-mail are edited.
        let email = "Hi Sam, I have a question with respect to the invoice. I actually finished the report yesterday."
        #expect(!LegalRegister.isLegal(email))
        let (plain, _) = try rewritten(email, .concise)
        #expect(plain == "Hi Sam, I have a question about the invoice. I finished the report yesterday.", "\(plain)")
        // The GPL reads as legal text; a README with a licence section does not.
        if let gpl = try? String(contentsOfFile: "/usr/share/common-licenses/GPL-3", encoding: .utf8) {
            #expect(LegalRegister.isLegal(gpl))
        }
        let readme = "# frob\n\nFrob rearranges lines. Run `frob file` to shuffle a file, or `frob -r` to reverse it.\n\n"
            + "## Building\n\nRun make, then make install. Tests run with make check.\n\n"
            + "## License\n\nCopyright 2024 Ann. Licensed under the MIT license; see LICENSE. The software is provided as is, without warranty.\n"
        #expect(!LegalRegister.isLegal(readme))
    }
}

