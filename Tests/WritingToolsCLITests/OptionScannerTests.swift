import Testing
@testable import WritingToolsCLI

@Suite("Option scanner: one reading of the command line for every command")
struct OptionScannerTests {
    @Test("options, inline and separate values, '-', and '--'")
    func items() throws {
        var s = OptionScanner(["--markup=markdown", "a.md", "--language", "en-GB", "-", "-h", "--", "-x", "--y"])
        #expect(s.next() == .option("--markup"))
        #expect(try s.value(for: "--markup") == "markdown")
        #expect(s.next() == .operand("a.md"))
        #expect(s.next() == .option("--language"))
        #expect(try s.value(for: "--language") == "en-GB")
        #expect(s.next() == .operand("-"))
        #expect(s.next() == .option("-h"))
        #expect(s.next() == .operand("-x"))
        #expect(s.next() == .operand("--y"))
        #expect(s.next() == nil)
    }

    @Test("a missing value is a usage error naming the option")
    func missingValue() {
        var s = OptionScanner(["--model"])
        _ = s.next()
        #expect { _ = try s.value(for: "--model") } throws: { e in (e as? CommandError)?.code == .usage && (e as? CommandError)?.message == "--model needs a value" }
    }
}
