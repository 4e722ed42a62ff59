import DocumentStructure
import Foundation
import Testing

/// Golden dumps of the fixture documents. Set `REGENERATE_GOLDENS=1` to rewrite them (then
/// review the diff before committing).
@Suite struct GoldenTests {
    @Test(arguments: Support.fixtureNames)
    func golden(_ name: String) throws {
        let text = try Support.load(name)
        let doc = DocumentParser.parse(text, markup: Support.markup(for: name))
        let dump = Support.dump(doc)
        let goldenName = name + ".golden.txt"
        if ProcessInfo.processInfo.environment["REGENERATE_GOLDENS"] == "1" {
            try dump.write(to: Support.sourceFixturesURL.appendingPathComponent(goldenName), atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: Support.fixturesURL.appendingPathComponent(goldenName), encoding: .utf8)
        #expect(dump == expected, "dump of \(name) differs from \(goldenName); run with REGENERATE_GOLDENS=1 and review")
    }
}
