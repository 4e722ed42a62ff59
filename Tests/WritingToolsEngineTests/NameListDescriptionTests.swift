import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// Issue 34, as session 50's README-only trial left it: a summary of xz's README read
/// "Generic install instructions for those not familiar with packages using GNU Autotools.
/// Incomplete list of people who have helped making this software. Known bugs and some sort of
/// to-do list." — the descriptions of its file list ("INSTALL.generic", "THANKS", "TODO") with
/// their names stripped. A description in a list of names (three lines or more of a name, two
/// spaces or a tab, a description in one column) is no sentence of a summary or a key point;
/// prose written with two spaces after its periods is no such list.
///
/// READMEs: the trial's `trial50/xz-README.txt`, xdg-utils' README as Debian installs it
/// (`file-lists/xdg-utils-README.txt`, tab-separated), and one written for this suite
/// (`file-lists/tidemark-README.txt`).
@Suite("Summaries never take a list's description without its name")
struct NameListDescriptionTests {
    static func result(_ tool: WritingTool, _ file: String, length: SummaryLength = .long) throws -> String {
        var request = ToolRequest(tool: tool, text: try Fixture.text(file), markup: .plain)
        request.length = length
        var out = ""
        for e in try BuiltInToolEngine().events(for: request) { if case let .result(r) = e { out += r.text } }
        return out
    }

    static let descriptions: [(file: String, stripped: [String])] = [
        ("trial50/xz-README.txt", ["Generic install instructions for those not familiar", "Incomplete list of people who have helped",
                                   "Known bugs and some sort of to-do list", "Detailed list of changes", "User-visible changes between"]),
        ("file-lists/xdg-utils-README.txt", ["Install desktop menu items", "Install icons to the desktop", "Query information about file type",
                                             "Open a file or URL in the user's preferred application"]),
        ("file-lists/tidemark-README.txt", ["Sample configuration for three sensors", "Command-line tool that starts and stops",
                                            "Script that prints a tide table", "Script that fits a sensor's offset", "How to build and install"]),
    ]

    @Test(arguments: descriptions.indices)
    func noDescriptionWithoutItsName(_ k: Int) throws {
        let (file, stripped) = Self.descriptions[k]
        for tool in [WritingTool.summary, .keyPoints] {
            for length in [SummaryLength.short, .medium, .long] {
                let out = try Self.result(tool, file, length: length)
                #expect(!out.isEmpty, "\(file)")
                for d in stripped { #expect(!out.contains(d), "\(tool) \(length) of \(file) took “\(d)”:\n\(out)") }
            }
        }
    }

    /// The prose around the lists still makes the summary.
    @Test func theProseStillMakesTheSummary() throws {
        let tidemark = try Self.result(.summary, "file-lists/tidemark-README.txt", length: .medium)
        #expect(tidemark.contains("Tidemark records water levels from cheap pressure sensors"), "\(tidemark)")
        let xz = try Self.result(.summary, "trial50/xz-README.txt", length: .short)
        #expect(xz.contains("XZ Utils provide a general-purpose data-compression library"), "\(xz)")
    }

    /// Prose with two spaces after its periods (French spacing, hard-wrapped) is no list of
    /// names: its sentences that start after "word.  " stay sentences.
    @Test func frenchSpacingIsNoList() throws {
        let text = """
        The logger keeps one file a day.  Each file holds the raw readings
        of every sensor.  Old files are compressed after a week.  The tables
        are made from the compressed files.  Nothing is ever deleted.  Space
        is cheap.  Readings matter.
        """
        var request = ToolRequest(tool: .keyPoints, text: text, markup: .plain)
        request.length = .long
        var out = ""
        for e in try BuiltInToolEngine().events(for: request) { if case let .result(r) = e { out += r.text } }
        #expect(out.contains("Each file holds the raw readings of every sensor."), "\(out)")
    }
}
