import Testing
@testable import WritingToolsCLI

@Suite("Option scanner: one reading of the command line for every command")
struct OptionScannerTests {
    @Test("options, inline and separate values, '-', and '--'")
    func items() throws {
        var s = OptionScanner(["--markup=markdown", "a.md", "--language", "en-GB", "-", "-h", "--", "-x", "--y"])
        #expect(try s.next() == .option("--markup"))
        #expect(try s.value(for: "--markup") == "markdown")
        #expect(try s.next() == .operand("a.md"))
        #expect(try s.next() == .option("--language"))
        #expect(try s.value(for: "--language") == "en-GB")
        #expect(try s.next() == .operand("-"))
        #expect(try s.next() == .option("-h"))
        #expect(try s.next() == .operand("-x"))
        #expect(try s.next() == .operand("--y"))
        #expect(try s.next() == nil)
    }

    @Test("a missing value is a usage error naming the option")
    func missingValue() {
        var s = OptionScanner(["--model"])
        _ = try? s.next()
        #expect { _ = try s.value(for: "--model") } throws: { e in (e as? CommandError)?.code == .usage && (e as? CommandError)?.message == "--model needs a value" }
    }

    /// A flag given a value (`--fix=yes`) is an error, not silently a flag: at the next item,
    /// or at the end of the command line; for every command.
    @Test("a flag with an inline value is a usage error")
    func flagWithValue() throws {
        var s = OptionScanner(["--fix=yes", "a.txt"])
        #expect(try s.next() == .option("--fix"))
        #expect { _ = try s.next() } throws: { e in (e as? CommandError)?.code == .usage && (e as? CommandError)?.message == "--fix takes no value (given --fix=yes)" }
        var last = OptionScanner(["a.txt", "--no-backup="])
        #expect(try last.next() == .operand("a.txt"))
        #expect(try last.next() == .option("--no-backup"))
        #expect(throws: CommandError.self) { _ = try last.next() }
        for args in [["proofread", "--fix=yes", "-"], ["proofread", "--interactive=1", "a.txt"], ["concise", "--in-place=no", "a.txt"],
                     ["models", "check", "--help=yes"]] {
            let r = run(args, stdin: "Teh cat.\n")
            #expect(r.code == 2, "\(args): \(r.out) \(r.err)")
            #expect(r.err.contains("takes no value"), "\(args): \(r.err)")
        }
        // Options that take a value still take it inline.
        #expect(run(["proofread", "--markup=plain", "-"], stdin: "Teh cat.\n").code == 1)
    }
}
