import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// Issue 34, session 53: what session 52's README-only trial left in Summary and List. A
/// manual page indented with tabs let options' text and exit statuses into the summary
/// (xargs: “Use at most max-args arguments per command line.”, “123 if any invocation…”); a
/// later step of a numbered procedure was a summary's sentence out of its context (OpenSSL's
/// README-ENGINES: “Link "tmp_atalla.o" into a shared-library…”); List made a centred title
/// block's lines items (GnuPG's README: “- Version 2.2”).
@Suite("Session 52's trial: summaries and lists")
struct TrialFix52ResultTests {
    func result(_ tool: WritingTool, _ text: String, markup: MarkupKind = .plain, length: SummaryLength = .medium) throws -> String {
        var request = ToolRequest(tool: tool, text: text, markup: markup, resultOptions: [.plainText])
        request.length = length
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { return r.text }
        Issue.record("no result")
        return ""
    }

    /// Tabs count to the next multiple of eight: an option's text indented with a tab and six
    /// spaces is indented past the body's column.
    @Test(arguments: [SummaryLength.short, .medium, .long])
    func aManualPageIndentedWithTabsGivesNoOptionText(_ length: SummaryLength) throws {
        let text = try result(.summary, try Fixture.text("manpages/xargs.1.txt"), length: length)
        #expect(text.hasPrefix("xargs builds and executes command lines from standard input."), "\(text)")
        #expect(!text.contains("Use at most max-args"), "\(text)")
        #expect(!text.contains("123 if any"), "\(text)")
        #expect(!text.contains("Print the command line on the standard error"), "\(text)")
        #expect(!text.contains("If the standard input does not contain any nonblanks"), "\(text)")
    }

    static let procedure = """
        # Building a dynamic engine

        The dynamic engine loads engine implementations from shared libraries at run time, so a vendor can ship an engine \
        without rebuilding the library. It is configured with control commands such as SO_PATH and LOAD.

        To build one from a static engine:

        1. Open the engine's source file and find its binding function.
        2. Recompile at least one source file so you can see all the compiler flags being used.
        3. Manually enter the same compilation line with the dynamic support
           flag added and these changes:
             * change the output file from the old object name to something new, for example a temporary name.
        4. Link the object file into a shared library using the top-level libraries to resolve any dependencies.
        5. Test your shared library with the engine command as explained in the previous section.

        The dynamic engine is deprecated in version 3.0, and providers replace it for new hardware.
        """

    /// A step of a numbered procedure is no sentence of a summary while anything else is left
    /// (the trial's short summary ended on step 4, then on step 1 once step 4 weighed little):
    /// the short summary has none; the medium one, longer than what the text says around its
    /// procedure, has all of that first, and a step only to make up its length.
    @Test func aStepOfAProcedureIsNoSummarySentence() throws {
        let steps = ["Open the engine's source file", "change the output file", "Recompile at least", "Manually enter",
                     "Link the object file", "Test your shared library"]
        let short = try result(.summary, Self.procedure, markup: .markdown, length: .short)
        for step in steps { #expect(!short.contains(step), "\(short)") }
        #expect(short.contains("The dynamic engine loads engine implementations"), "\(short)")
        let medium = try result(.summary, Self.procedure, markup: .markdown, length: .medium)
        for sentence in ["The dynamic engine loads engine implementations", "It is configured with control commands",
                         "The dynamic engine is deprecated in version 3.0"] {
            #expect(medium.contains(sentence), "\(medium)")
        }
        #expect(steps.filter { medium.contains($0) }.count <= 2, "\(medium)")
    }

    /// Near-misses: a numbered list of statements is no procedure
    /// (``DocumentDigest/isProcedureStep(_:_:)``).
    @Test func aNumberedListOfStatementsIsNoProcedure() throws {
        let notes = """
            # Release 4.2

            This release makes the cache faster and adds two commands.

            1. The cache keeps its index in memory and answers in half the time.
            2. The new prune command removes entries older than a given age.
            3. The new stats command prints the hit rate of the cache.
            """
        let a = TextAnalysis(text: notes, range: NSRange(location: 0, length: (notes as NSString).length), markup: .markdown, protectedRanges: [])
        let items = a.units.filter { if case .listItem = $0.kind { return true } else { return false } }
        #expect(items.count == 3)
        #expect(items.allSatisfy { !DocumentDigest.isProcedureStep(a, $0) })
        let p = Self.procedure
        let b = TextAnalysis(text: p, range: NSRange(location: 0, length: (p as NSString).length), markup: .markdown, protectedRanges: [])
        let steps = b.units.filter { if case .listItem = $0.kind { return true } else { return false } }
        #expect(steps.map { DocumentDigest.isProcedureStep(b, $0) } == [true, true, true, true, true, true])
    }

    /// A centred, underlined title block opening a plain-text README is a heading and lines,
    /// never items; the sentences under it are still items.
    @Test func aCentredTitleBlockStaysATitle() throws {
        let readme = """
                                   The GNU Privacy Guard 2
                                  =========================
                                         Version 2.2

                      Copyright 1997-2019 Werner Koch
                      Copyright 1998-2021 Free Software Foundation, Inc.


            * INTRODUCTION

              GnuPG is a complete and free implementation of the OpenPGP standard
              as defined by RFC4880.  GnuPG enables encryption and signing of data.
            """
        // Whole, and as the command line sends it (the range from the first word: the title's
        // indentation cut off); and a title flush left with a line under its underline.
        let flush = "The GNU Privacy Guard 2\n=========================\nVersion 2.2\n\n* INTRODUCTION\n\n  GnuPG enables encryption and signing of data.\n"
        for source in [readme, String(readme.drop { $0 == " " }), flush] {
            let text = try result(.list, source)
            #expect(text.hasPrefix("The GNU Privacy Guard 2\n"), "\(text)")
            #expect(!text.contains("- The GNU Privacy Guard 2"), "\(text)")
            #expect(!text.contains("- Version 2.2"), "\(text)")
            #expect(text.contains("Version 2.2"))
            #expect(text.contains("- GnuPG enables encryption and signing of data."), "\(text)")
        }
    }
}
