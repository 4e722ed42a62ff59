import Foundation
import Testing
@testable import WritingToolsCLI

/// False alarms a README-only trial met on real documents (Git's release notes, a compression
/// README), each as the smallest input that showed it.
@Suite("Command line: false alarms of a new user's trial")
struct TrialFalseAlarmTests {
    /// Git's release notes: `(merge 4b992f0a24 jk/unused-anno-more later to master).` drew
    /// “merge” → “Merge” and a spelling flag on each piece of the branch name (about 40 flags in
    /// one file).
    @Test func branchNamesAndAsidesInBrackets() {
        let text = """
         * The build no longer leaks memory in the parser.
           (merge 4b992f0a24 jk/unused-anno-more later to master).
         * Fixes for feature/add_login and ab/fix-gc-prune are in.

        """
        let r = run(["proofread", "--markup", "plain", "-"], stdin: text)
        #expect(r.code == 0, "\(r.out)")
    }

    /// Words joined by a slash are still prose: “and/or” is checked, a misspelling beside it too.
    @Test func wordsJoinedBySlashStayProse() {
        let r = run(["proofread", "--markup", "plain", "-"], stdin: "Send teh report and/or the slides.\n")
        #expect(r.code == 1 && r.out.contains("SPELLING"), "\(r.out)")
    }

    /// A man page names a mark: `print ? instead of nongraphic characters` drew “Remove the space
    /// before ?” and “Instead” (ls(1), rendered as text); a real slip still counts.
    @Test func aMarkBetweenSpacesIsNamed() {
        let named = run(["proofread", "--markup", "plain", "-"], stdin: "The option -q makes it print ? instead of nongraphic characters.\n")
        #expect(named.code == 0, "\(named.out)")
        let slip = run(["proofread", "--markup", "plain", "-"], stdin: "Is it done ? We hope so.\n")
        #expect(slip.code == 1 && slip.out.contains("SPACE_BEFORE_PUNCTUATION"), "\(slip.out)")
    }

    /// Emacs's `LocalWords:` lines are the document's own word list (a README-only trial on
    /// Debian's dictionaries-common README: `debian`, `usr`, `alioth`, `xemacs`, `flyspell` flagged
    /// on the list itself and in the text): the words are accepted everywhere in the document, the
    /// line is not checked, and a slip the list does not hold is still found.
    @Test func localWordsAreTheDocumentsWordList() {
        for (markup, line) in [("plain", "% LocalWords: flyspell xemacs alioth"), ("markdown", "<!-- LocalWords: flyspell xemacs alioth -->"),
                               ("latex", "% LocalWords: flyspell xemacs alioth")] {
            let text = "The flyspell and xemacs setup is kept on alioth.\n\n\(line)\n"
            let r = run(["proofread", "--markup", markup, "-"], stdin: text)
            #expect(r.code == 0, "\(markup): \(r.out)")
            let slip = run(["proofread", "--markup", markup, "-"], stdin: "The flyspel setup is kept on alioth.\n\n\(line)\n")
            #expect(slip.code == 1 && slip.out.contains("flyspel"), "\(markup): \(slip.out)")
        }
    }
}
