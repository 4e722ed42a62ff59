import Foundation
import Testing
import WritingTools
@testable import WritingToolsCLI

/// Rule files a person adds: `~/.config/writing-tools/rules/*.rules` and a workspace's
/// `.writing-tools/rules/*.rules`, loaded without rebuilding; `rules --check`.
@Suite("Command line: user rule files")
struct UserRuleTests {
    static let house = """
    # House style.
    rule HOUSE_UTILIZE
    category style
    message Write “{fix}”: plain words read faster.
    pattern utilize|utilise => use
    wrong We utilize the cache. => We use the cache.
    wrong They utilise it. => They use it.
    right We use the cache.

    """

    static let product = """
    rule PRODUCT_GITHUB
    category casing
    message The product is spelled “GitHub”.
    options exact
    pattern github|Github:exact => GitHub
    wrong Push it to github today. => Push it to GitHub today.
    right Push it to GitHub today.

    """

    func run(_ args: [String], stdin: String = "", home: String) -> (code: Int32, out: String, err: String) {
        let io = MemoryIO(stdin: stdin)
        io.environment = ["HOME": home]
        let code = WritingToolsCommand.run(args, io: io)
        return (code, io.output, io.error)
    }

    @Test func userRulesFromTheConfigDirectoryRun() throws {
        let home = try TempDir()
        try FileManager.default.createDirectory(atPath: home.path + "/.config/writing-tools/rules", withIntermediateDirectories: true)
        _ = try home.file(".config/writing-tools/rules/house.rules", Self.house)
        let r = run(["proofread", "-"], stdin: "We utilize the old cache.\n", home: home.path)
        #expect(r.code == 1)
        #expect(r.out.contains("[HOUSE_UTILIZE]") && r.out.contains("Write “use”: plain words read faster."), "\(r.out)")
        let fixed = run(["proofread", "--fix", "-"], stdin: "We utilize the old cache.\n", home: home.path)
        #expect(fixed.out == "We use the old cache.\n")
        // Batch mode too.
        let batch = run(["proofread", "--batch"], stdin: "{\"id\":1,\"text\":\"They utilise it.\"}\n", home: home.path)
        #expect(batch.out.contains("\"rule\":\"HOUSE_UTILIZE\""), "\(batch.out)")
        // `rules` lists it with its file.
        let list = run(["rules"], home: home.path)
        #expect(list.out.contains("HOUSE_UTILIZE") && list.out.contains("house.rules:2)"), "\(list.out)")
        // Another HOME: not there.
        let other = try TempDir()
        #expect(run(["proofread", "-"], stdin: "We utilize the old cache.\n", home: other.path).code == 0)
    }

    /// A rule whose fix is the text it flags (“doesn't” → “doesn't”) reports nothing: not in the
    /// compiler-style listing, JSON, `--batch` or `--fix` (the invariant of `ProofreadingReport`,
    /// which every front end's findings pass through).
    @Test func aFindingThatChangesNothingIsNeverReported() throws {
        let home = try TempDir()
        try FileManager.default.createDirectory(atPath: home.path + "/.config/writing-tools/rules", withIntermediateDirectories: true)
        _ = try home.file(".config/writing-tools/rules/noop.rules", """
        rule HOUSE_NO_OP
        category style
        message Write “{fix}”.
        pattern [doesn't] => doesn't

        """)
        let text = "The user doesn't know.\n"
        let listed = run(["proofread", "-"], stdin: text, home: home.path)
        #expect(listed.code == 0 && !listed.out.contains("HOUSE_NO_OP") && !listed.out.contains("suggestion"), "\(listed.out)")
        let json = run(["proofread", "--format", "json", "-"], stdin: text, home: home.path)
        #expect(json.out.contains("\"matches\":[]") || json.out.contains("\"matches\" : ["), "\(json.out)")
        #expect(!json.out.contains("HOUSE_NO_OP"))
        let batch = run(["proofread", "--batch"], stdin: "{\"id\":1,\"text\":\"The user doesn't know.\"}\n", home: home.path)
        #expect(batch.out.contains("\"matches\":[]"), "\(batch.out)")
        #expect(run(["proofread", "--fix", "-"], stdin: text, home: home.path).out == text)
    }

    @Test func workspaceRulesAboveTheFileRun() throws {
        let dir = try TempDir()
        try FileManager.default.createDirectory(atPath: dir.path + "/proj/.writing-tools/rules", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir.path + "/proj/docs", withIntermediateDirectories: true)
        _ = try dir.file("proj/.writing-tools/rules/product.rules", Self.product)
        let inside = try dir.file("proj/docs/a.md", "Push it to github today.\n")
        let outside = try dir.file("b.md", "Push it to github today.\n")
        let r = run(["proofread", inside, outside], home: dir.path + "/nohome")
        #expect(r.out.contains("a.md:1:12: casing: The product is spelled “GitHub”. [PRODUCT_GITHUB]"), "\(r.out)")
        #expect(!r.out.contains("b.md:1:12: casing"), "\(r.out)")
    }

    @Test func brokenRuleFileIsReportedWithFileLineAndColumn() throws {
        let home = try TempDir()
        try FileManager.default.createDirectory(atPath: home.path + "/.config/writing-tools/rules", withIntermediateDirectories: true)
        let bad = try home.file(".config/writing-tools/rules/bad.rules", "rule BAD_ONE\ncategory style\nmessage m\npattern the [cat => dog\n")
        _ = try home.file(".config/writing-tools/rules/house.rules", Self.house)
        let r = run(["proofread", "-"], stdin: "We utilize the cat.\n", home: home.path)
        // Reported, left out, and the other file's rules still run.
        #expect(r.err.contains("\(bad):4:13: error: “[” without its “]”"), "\(r.err)")
        #expect(r.out.contains("[HOUSE_UTILIZE]"))
        let check = run(["rules", "--check", bad], home: home.path)
        #expect(check.code == 3)
        #expect(check.err.contains("\(bad):4:13: error:"), "\(check.err)")
    }

    @Test func checkRunsTheInlineExamples() throws {
        let dir = try TempDir()
        let good = try dir.file("house.rules", Self.house)
        let r = run(["rules", "--check", good], home: dir.path)
        #expect(r.code == 0)
        #expect(r.out.contains("house.rules: 1 rule (HOUSE_UTILIZE), 3 examples: all pass"), "\(r.out)")
        let failing = try dir.file("f.rules", Self.house.replacingOccurrences(of: "They use it.", with: "They employ it."))
        let f = run(["rules", "--check", failing], home: dir.path)
        #expect(f.code == 1)
        #expect(f.out.contains("f.rules:7: HOUSE_UTILIZE makes “They use it.”, not “They employ it.”"), "\(f.out)")
    }

    /// `rules` lists the user's rules (`$XDG_CONFIG_HOME` before `~/.config`) and the
    /// workspace's (the nearest `.writing-tools/rules` above the working directory) after the
    /// built-in ones, each with the file and line it comes from, in text and in JSON.
    @Test func rulesListsUserAndWorkspaceRulesWithTheirSource() throws {
        let dir = try TempDir()
        for folder in ["xdg/writing-tools/rules", "home/.config/writing-tools/rules", "proj/.writing-tools/rules", "proj/docs"] {
            try FileManager.default.createDirectory(atPath: dir.path + "/" + folder, withIntermediateDirectories: true)
        }
        let house = try dir.file("xdg/writing-tools/rules/house.rules", Self.house)
        _ = try dir.file("home/.config/writing-tools/rules/other.rules", Self.house.replacingOccurrences(of: "HOUSE_UTILIZE", with: "HOME_ONLY"))
        let product = try dir.file("proj/.writing-tools/rules/product.rules", Self.product)
        func list(_ args: [String]) throws -> String {
            let io = MemoryIO(stdin: "")
            io.environment = ["HOME": dir.path + "/home", "XDG_CONFIG_HOME": dir.path + "/xdg"]
            #expect(try WritingToolsCommand.listRules(args, io: io, workspaceFrom: dir.path + "/proj/docs") == .success)
            #expect(io.error.isEmpty, "\(io.error)")
            return io.output
        }
        let text = try list([])
        let lines = text.split(separator: "\n").map(String.init)
        let houseLine = try #require(lines.first { $0.hasPrefix("HOUSE_UTILIZE ") })
        let productLine = try #require(lines.first { $0.hasPrefix("PRODUCT_GITHUB ") })
        #expect(houseLine.hasSuffix("(\(house):2)") && houseLine.contains(" style "), "\(houseLine)")
        #expect(productLine.hasSuffix("(\(product):1)") && productLine.contains(" casing "), "\(productLine)")
        // The user's rules come before the workspace's, both after every built-in rule.
        #expect(lines.firstIndex(of: houseLine)! < lines.firstIndex(of: productLine)!)
        #expect(lines.firstIndex(of: houseLine)! > lines.firstIndex { $0.hasPrefix("SPELLING ") }!)
        #expect(!text.contains("HOME_ONLY"), "XDG_CONFIG_HOME is the user's folder when it is set")
        // JSON: a built-in rule has no source; a user rule names its file and line.
        let json = try list(["--format", "json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: String]])
        #expect(entries.first { $0["id"] == "PRODUCT_GITHUB" }?["source"] == "\(product):1")
        #expect(entries.first { $0["id"] == "HOUSE_UTILIZE" }?["source"] == "\(house):2")
        #expect(entries.first { $0["id"] == "SPELLING" }.map { $0["source"] == nil } == true)
        // Without XDG_CONFIG_HOME, ~/.config is the user's folder.
        let io = MemoryIO(stdin: "")
        io.environment = ["HOME": dir.path + "/home"]
        _ = try WritingToolsCommand.listRules([], io: io, workspaceFrom: dir.path)
        #expect(io.output.contains("HOME_ONLY") && !io.output.contains("PRODUCT_GITHUB"), "\(io.output.suffix(400))")
    }
}
