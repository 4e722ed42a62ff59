import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// The rule file format: its compiler, its errors and each kind of pattern element, run through
/// the real tokenizer, sentence splitter and proofreader.
struct RuleFileTests {
    /// The findings (marked text, first fix, message) of `rules` (a rule file's text) in `text`.
    func found(_ rules: String, in text: String) throws -> [(String, String?, String)] {
        let compiled = try RuleFileCompiler.compile(rules, file: "test.rules")
        return RuleTestSupport.matches(compiled, in: text).map { m in
            ((text as NSString).substring(with: m.range), m.replacements.first, m.message)
        }
    }

    /// A rule with `pattern`, its fix and a message quoting the span and the fix.
    func rule(_ pattern: String, options: String? = nil) -> String {
        """
        rule TEST_RULE
        category style
        message “\\0” → “{fix}”
        \(options.map { "options " + $0 } ?? "")
        pattern \(pattern)
        """
    }

    @Test func wordsAlternativesAndMarkedSpan() throws {
        let r = rule("!how|who|if [could] care less => couldn't")
        #expect(try found(r, in: "I could care less.").map(\.1) == ["couldn't"])
        #expect(try found(r, in: "Could care less, she said.").map(\.1) == ["Couldn't"])
        #expect(try found(r, in: "Who could care less?").isEmpty)
        #expect(try found(r, in: "I COULD care less.").map(\.1) == ["COULDN'T"])
        #expect(try found(r, in: "I could care less.").map(\.2) == ["“could” → “couldn't”"])
    }

    @Test func elementReferencesKeepTheirCase() throws {
        let r = rule("[_ and also] => \\1 and")
        #expect(try found(r, in: "Bread and also milk.").map(\.1) == ["Bread and"])
        let swap = rule("[very _] => \\2:upper")
        #expect(try found(swap, in: "It is very good.").map(\.1) == ["GOOD"])
    }

    @Test func optionalRepeatedAndSkips() throws {
        let optional = rule("a lot more? of => a lot of")
        #expect(try found(optional, in: "We have a lot of time and a lot more of it.").count == 2)
        let skip = rule("[between] ... or => between … and")
        #expect(try found(skip, in: "Choose between tea or coffee.").map(\.0) == ["between"])
        #expect(try found(skip, in: "Choose between the tea of the house or coffee.").isEmpty)  // four tokens: more than three
        let skip5 = rule("[between] ...5 or => between … and")
        #expect(try found(skip5, in: "Choose between the tea of the house or coffee.").map(\.0) == ["between"])
        let plus = rule("really+ [unique] => unique")
        #expect(try found(plus, in: "It is really really unique.").map(\.0) == ["unique"])
        #expect(try found(plus, in: "It is unique.").isEmpty)
    }

    @Test func regexCaseAndGluedTokens() throws {
        // The whole word, by any branch (not the first that matches a prefix: “15” by `1|15`).
        let branches = rule("[may] /[1-9]|1[0-9]/ => May")
        #expect(try found(branches, in: "We met on may 15 then.").map(\.1) == ["May"])
        let regex = rule("/colou?r/ [codes] => code")
        #expect(try found(regex, in: "Colour codes and color codes.").count == 2)
        let cased = rule("[github:exact] => GitHub", options: "exact")
        #expect(try found(cased, in: "Push it to github.").map(\.1) == ["GitHub"])
        #expect(try found(cased, in: "Push it to GitHub.").isEmpty)
        let capital = rule("[apple:cap] pie => apple")
        #expect(try found(capital, in: "An Apple pie.").map(\.0) == ["Apple"])
        #expect(try found(capital, in: "An apple pie.").isEmpty)
        let glued = rule("shoe-in => shoo-in")
        #expect(try found(glued, in: "She is a shoe-in for the job.").map(\.1) == ["shoo-in"])
        #expect(try found(glued, in: "She put a shoe in the box.").isEmpty)
    }

    @Test func anchorsQuotesAndExceptions() throws {
        let start = rule("^ [and] so => So")
        #expect(try found(start, in: "And so it began.").count == 1)
        #expect(try found(start, in: "Bread, and so on.").isEmpty)
        let end = rule("[at] $ => (nothing)")
        #expect(try found(end, in: "Where is it at?").count == 1)
        #expect(try found(end, in: "Look at it.").isEmpty)
        let quoted = rule("irregardless => regardless", options: "unquoted")
        #expect(try found(quoted, in: "Irregardless of that, we went.").count == 1)
        #expect(try found(quoted, in: "He wrote “irregardless of that” in his note.").isEmpty)
        let unless = rule("[alot] => a lot") + "\nunless Alot Inc"
        #expect(try found(unless, in: "We ate alot.").count == 1)
        #expect(try found(unless, in: "She works at Alot Inc now.").isEmpty)
    }

    /// `^` and `$` among an element's alternatives (`^|so`, `.|!|$`) match the sentence's
    /// start and end too, as written in the bundled rules: a chat message without its final
    /// period (“I think their really good”) or a sentence opening with the word. They were read
    /// as the characters “^” and “$” before session 48, so 116 bundled patterns never matched
    /// an unpunctuated end or a first word.
    @Test func sentenceEdgesAmongAlternatives() throws {
        let end = rule("ran [to] long .|!|$ => too")
        #expect(try found(end, in: "The meeting ran to long.").map(\.1) == ["too"])
        #expect(try found(end, in: "The meeting ran to long").map(\.1) == ["too"])
        #expect(try found(end, in: "The meeting ran to long\u{201D}").map(\.1) == ["too"])
        #expect(try found(end, in: "The meeting ran to long lines of text.").isEmpty)
        // The marks that end a sentence are the alternatives' to name: `.|!|$` is no question.
        #expect(try found(end, in: "The meeting ran to long?").isEmpty)
        let start = rule("^|so [their] sure => they're")
        #expect(try found(start, in: "Their sure about it.").map(\.1) == ["They're"])
        #expect(try found(start, in: "“Their sure about it.”").map(\.1) == ["They're"])
        #expect(try found(start, in: "And so their sure about it.").map(\.1) == ["they're"])
        #expect(try found(start, in: "We think their sure about it.").isEmpty)
        func error(_ pattern: String) -> String {
            do { _ = try RuleFileCompiler.compile(rule(pattern), file: "edge.rules"); return "" } catch { return "\(error)" }
        }
        #expect(error("ran [to] long .|$ now").contains("“$” among alternatives (the sentence's end) goes in the pattern's last element"))
        #expect(error("we ^|so [their] sure").contains("“^” among alternatives (the sentence's start) goes in the pattern's first element"))
        #expect(error("ran [to] !long|$").contains("stands beside words only"))
        #expect(error("ran [to] long|$?").contains("stands beside words only"))
        #expect(error("ran to [long|$]").contains("the marked span has no token to point at"))
    }

    @Test func definedAndBuiltInLists() throws {
        let r = """
        define be = is are was were
        rule TEST_LISTS
        category grammar
        message Write “supposed to”.
        pattern @be [suppose] to => supposed
        pattern @possessives [latter] => later
        """
        #expect(try found(r, in: "It was suppose to work.").map(\.1) == ["supposed"])
        #expect(try found(r, in: "I suppose to some it matters.").isEmpty)
    }

    /// `pos=` and `lemma=` read the tagger's tags of the sentence (``RuleContext/tags(of:)``);
    /// `\N:TAG` puts a word in another tag's form by its lemma.
    @Test func tagsLemmasAndInflections() throws {
        let plural = rule("[much] pos=NNS => many")
        #expect(try found(plural, in: "We have much problems with it.").map(\.1) == ["many"])
        #expect(try found(plural, in: "It is much better now.").isEmpty)
        let prefix = rule("[very] pos=VB* => really")
        #expect(try found(prefix, in: "I very enjoyed it.").map(\.0) == ["very"])
        #expect(try found(prefix, in: "It is very good.").isEmpty)
        let lemma = rule("lemma=be [suppose] to => supposed")
        #expect(try found(lemma, in: "They were suppose to call.").map(\.1) == ["supposed"])
        #expect(try found(lemma, in: "I suppose to some people it matters.").isEmpty)
        let inflect = rule("did|didn't [pos=VBD] => \\2:VB")
        #expect(try found(inflect, in: "We didn't went there.").map(\.1) == ["go"])
        let participle = rule("has|have [pos=VBD] => \\2:VBN")
        #expect(try found(participle, in: "She has went home.").map(\.1) == ["gone"])
        let tagged = try RuleFileCompiler.compile(plural, file: "t.rules")
        #expect(tagged.first?.triggers == ["much"])
    }

    /// `can=` reads what a word can be by the lexicon, not the tag chosen in context: “return”
    /// after “That function” is tagged a noun of a compound, yet can be a verb; a word that
    /// cannot (“value”) stays alone, and an unknown word can be only the tag it was given.
    @Test func canReadsTheLexiconsTags() throws {
        let chosen = rule("^ that function [pos=VB|VBP] the => \\3:VBZ")
        #expect(try found(chosen, in: "That function return the wrong value.").isEmpty)
        let can = rule("^ that function [can=VB] the => \\3:VBZ")
        #expect(try found(can, in: "That function return the wrong value.").map(\.1) == ["returns"])
        #expect(try found(can, in: "That function parameter the user sets is kept.").isEmpty)
        let negated = rule("[less] pos=NNS&!can=VBZ => fewer")
        #expect(try found(negated, in: "We had less complaints.").map(\.1) == ["fewer"])
        #expect(try found(negated, in: "We had less bugs.").isEmpty)
        let unknown = rule("the [can=NN] => X")
        // A word neither the lexicon nor the dictionary knows could be a noun (the lexicon's
        // guess for an unknown word), but a rule that reads tags stays silent on a match that
        // holds one (issue 30, point 4: no grammar finding stacked on a misspelling).
        #expect(try found(unknown, in: "I saw the zorblax.").isEmpty)
        #expect(try found(unknown, in: "I saw the table.").map(\.0) == ["table"])
        #expect(try found(unknown, in: "I saw the quickly.").isEmpty)
        #expect(throws: RuleFileError.self) { try RuleFileCompiler.compile(rule("[can=XYZ] => y"), file: "t.rules") }
    }

    /// `x*` (any number of x, none too), a `summary` line (or the first pattern when there is
    /// none), and the options `hint` (a suggestion `--fix` leaves alone: not confident) and
    /// `skip-capitalized` (a capitalised word inside the match, or one starting it in
    /// mid-sentence, is a name).
    @Test func starSummaryHintAndCapitalizedNames() throws {
        let star = rule("very really* [unique] => special")
        #expect(try found(star, in: "It is very unique.").map(\.0) == ["unique"])
        #expect(try found(star, in: "It is very really really unique.").map(\.0) == ["unique"])
        #expect(try found(star, in: "It is really unique.").isEmpty)

        let summarized = try RuleFileCompiler.compile("""
        rule TEST_SUMMARY
        category style
        summary “irregardless” for “regardless”
        message Write “regardless”.
        pattern irregardless => regardless
        """, file: "s.rules")
        #expect(summarized.first?.summary == "“irregardless” for “regardless”")
        #expect(try RuleFileCompiler.compile(rule("irregardless => regardless"), file: "t.rules").first?.summary
                == "pattern irregardless => regardless")

        let sure = try RuleFileCompiler.compile(rule("irregardless => regardless"), file: "t.rules")
        let hinted = try RuleFileCompiler.compile(rule("irregardless => regardless", options: "hint"), file: "t.rules")
        #expect(RuleTestSupport.matches(sure, in: "Irregardless, we went.").map(\.isConfident) == [true])
        #expect(RuleTestSupport.matches(hinted, in: "Irregardless, we went.").map(\.isConfident) == [false])

        let names = rule("sneak peak => sneak peek", options: "skip-capitalized")
        #expect(try found(names, in: "Take a sneak peak at it.").map(\.1) == ["sneak peek"])
        #expect(try found(names, in: "Sneak peak at the new release.").map(\.1) == ["Sneak peek"])
        #expect(try found(names, in: "We stayed at the Sneak Peak Lodge.").isEmpty)
        #expect(try found(names, in: "We took a sneak Peak trail.").isEmpty)
        #expect(try found(rule("sneak peak => sneak peek"), in: "We stayed at the Sneak Peak Lodge.").count == 1)
    }

    /// `options quiet-in-technical`: the rule declares itself quiet in technical documents
    /// (``Rule/quietInTechnicalDocuments``), so a document with code loses its findings and
    /// prose keeps them; the flag survives the compiled-rules cache's encoding.
    @Test func quietInTechnicalOption() throws {
        let speller = try #require(RuleTestSupport.speller)
        let quiet = try RuleFileCompiler.compile(rule("in order to => to", options: "hint quiet-in-technical"), file: "q.rules")
        let plain = try RuleFileCompiler.compile(rule("in order to => to", options: "hint"), file: "p.rules")
        #expect(quiet.first?.quietInTechnicalDocuments == true && plain.first?.quietInTechnicalDocuments == false)
        let technical = "Run `make` in order to build `libfoo`, then `make install` and `make check`."
        let prose = "We met early in order to plan the week."
        func ids(_ rules: [PatternRule], _ text: String) -> [String] {
            Proofreader(speller: speller, rules: rules).check(DocumentParser.parse(text, markup: .markdown)).map(\.ruleID)
        }
        #expect(ids(quiet, technical).isEmpty)
        #expect(ids(plain, technical) == ["TEST_RULE"])
        #expect(ids(quiet, prose) == ["TEST_RULE"])
        var picky = ProofreadingOptions()
        picky.level = .picky
        #expect(Proofreader(speller: speller, rules: quiet).check(DocumentParser.parse(technical, markup: .markdown), options: picky)
                    .map(\.ruleID) == ["TEST_RULE"])
        let encoded = try #require(CompiledRulesCache.decode(CompiledRulesCache.encode(quiet + plain)))
        #expect(encoded.map(\.quietInTechnicalDocuments) == [true, false])
    }

    @Test func triggersAreTheAnchorWords() throws {
        let compiled = try RuleFileCompiler.compile(rule("the [wrong] word => right") + "\npattern [teh] => the", file: "t.rules")
        #expect(compiled.first?.triggers == ["wrong", "teh"])
        let scanned = try RuleFileCompiler.compile(rule("/x+/ => y"), file: "t.rules")
        #expect(scanned.first?.triggers == nil)
    }

    @Test func errorsNameFileLineAndColumn() {
        func error(_ text: String) -> String {
            do { _ = try RuleFileCompiler.compile(text, file: "house.rules"); return "" } catch { return "\(error)" }
        }
        #expect(error("rule HOUSE\ncategory style\nmessage m\npattern the [cat => dog\n")
                == "house.rules:4:13: error: “[” without its “]”")
        #expect(error("rule HOUSE\ncategory stlye\n") .hasPrefix("house.rules:2:10: error: unknown category “stlye”"))
        #expect(error("rule HOUSE\ncategory style\nmessage m\npattern a /(/ b\n") == "house.rules:4:11: error: the regular expression /(/ does not compile")
        #expect(error("rule HOUSE\ncategory style\nmessage m\npattern a @nouns\n").hasPrefix("house.rules:4:11: error: no list called “nouns”"))
        #expect(error("rule HOUSE\ncategory style\nmessage m\n  patern a\n").hasPrefix("house.rules:4:3: error: unknown keyword “patern”"))
        #expect(error("rule house\n") .hasPrefix("house.rules:1:6: error: a rule ID is upper-case"))
        #expect(error("rule HOUSE\ncategory style\npattern a\n") == "house.rules:1:6: error: rule HOUSE has no “message” line")
        #expect(error("rule HOUSE\ncategory style\nmessage m\npattern a => \\3\n") == "house.rules:4:9: error: \\3 refers to element 3, but the pattern has 1")
        #expect(error("rule HOUSE\ncategory style\nmessage m\npattern a pos=NOUN\n").hasPrefix("house.rules:4:11: error: “NOUN” is no Penn Treebank tag"))
    }

    @Test func examplesRunFromTheFile() throws {
        let speller = try #require(RuleTestSupport.speller)
        let text = """
        rule HOUSE_UTILIZE
        category style
        message Write “use”.
        pattern utilize|utilise => use
        wrong We utilize it. => We use it.
        wrong We utilise it. => We utilize it.
        right We use it.
        """
        let rule = try #require(try RuleFileCompiler.compile(text, file: "h.rules").first)
        #expect(rule.exampleFailures(speller: speller) == ["h.rules:6: HOUSE_UTILIZE makes “We use it.”, not “We utilize it.”"])
    }

    /// A file with CRLF line breaks reads as with LF (lines are split at the byte, and the `\r`
    /// dropped; split by `Character`, a CRLF pair is one character and the file one line).
    @Test func crlfLineBreaksReadAsLF() throws {
        let lf = """
        define be = is are was were
        rule TEST_CRLF
        category grammar
        message Write “supposed to”.
        pattern @be [suppose] to => supposed
        wrong It was suppose to work. => It was supposed to work.
        """
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
        let a = try RuleFileCompiler.compile(lf, file: "lf.rules"), b = try RuleFileCompiler.compile(crlf, file: "crlf.rules")
        #expect(a.map(\.id) == ["TEST_CRLF"] && b.map(\.id) == ["TEST_CRLF"])
        #expect(b[0].line == 2 && b[0].examples.incorrect.map(\.1) == ["It was supposed to work."])
        #expect(try found(crlf, in: "It was suppose to work.").map(\.1) == ["supposed"])
    }

    /// A list constraint compiled once per file (``PatternCompiler/Memo``) serves every element
    /// that writes it: alone, negated after `&`, and among other alternatives.
    @Test func repeatedListConstraintsCompileAlike() throws {
        let r = """
        define pets = cat dog hamster ferret parrot rabbit goldfish turtle pony canary
        rule TEST_REUSE
        category style
        message No.
        pattern @pets|the [sat] => sits
        pattern _&!@pets|the [ran] => runs
        pattern @pets|the [ate] => eats
        pattern !@pets|the [hid] => hides
        """
        #expect(try found(r, in: "The ferret sat down.").map(\.1) == ["sits"])
        #expect(try found(r, in: "A ferret ran away.").isEmpty)
        #expect(try found(r, in: "A fox ran away.").map(\.1) == ["runs"])
        #expect(try found(r, in: "The canary ate seeds.").map(\.1) == ["eats"])
        #expect(try found(r, in: "The parrot hid there.").isEmpty)
        #expect(try found(r, in: "Then she hid there.").map(\.1) == ["hides"])
    }

    /// Every bundled rule is registered and woken by its words. How long compiling them takes
    /// is measured, not tested (`paragraph-phases --rule-files N`; Benchmarks/README.md, “Rule
    /// files: compile time and checking cost”, and docs/status/issue-30.md).
    @Test func bundledRulesCompile() throws {
        #expect(!BundledRules.all.isEmpty)
        for rule in BundledRules.all {
            #expect(RuleRegistry.rule(id: rule.id) != nil, "\(rule.id) is registered")
            #expect(rule.triggers != nil, "\(rule.id): a bundled rule is woken by its words")
        }
    }
}
