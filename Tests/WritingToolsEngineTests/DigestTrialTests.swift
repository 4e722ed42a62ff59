import Foundation
import Testing
@testable import WritingToolsEngine

/// Summary and Key Points on the kinds of text a README-only trial (session 44) fed them: an
/// e-mail's request is kept, an export-control notice is boilerplate, an FAQ's questions are
/// never taken (one was paired with another question's answer), and a key point is never a
/// title written as a field, a version-control keyword or a wrapped line's tail.
@Suite struct DigestTrialTests {
    func run(_ tool: WritingTool, _ text: String) throws -> String {
        var out = ""
        for case let .result(r) in try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text, resultOptions: [.plainText])) { out = r.text }
        return out
    }

    static let email = """
    Hi Sarah,

    Thank you for your message yesterday. I have gone through the budget figures and I think we need to talk about them before Friday. The numbers for the third quarter are lower than we expected, and the marketing team has not sent their report yet.

    Could we meet on Tuesday afternoon? I am free between 2 and 4 pm, or we could do it over the phone if that suits you better. I will bring a print-out of the spreadsheet.

    Please let me know which time works for you.

    Best regards,
    Tom

    """

    @Test func anEmailsProposalIsKept() throws {
        #expect(try run(.summary, Self.email).contains("Could we meet on Tuesday afternoon?"))
        #expect(try run(.keyPoints, Self.email).contains("- Could we meet on Tuesday afternoon?"))
    }

    @Test func anExportControlNoticeIsBoilerplate() throws {
        let text = """
        # tool

        The tool is a modern HTTP benchmarking program that generates significant load on a single machine.

        It keeps many connections open and reports the latency of every request it makes.

        An optional script can generate requests, process responses and write custom reports. The script runs in every thread, and each thread keeps its own state, so that a script needs no locks and costs little time.

        The machine running the tool must have enough ephemeral ports available, and closed sockets should be recycled quickly. The server's listen backlog should be greater than the number of connections being tested.

        A script that only changes the method, the path or the headers has no effect on performance. Building a new request for every call reduces the load that can be generated.

        ## Cryptography Notice

        This distribution includes cryptographic software. The country in which you currently reside may have restrictions on the import, possession, use, and/or re-export to another country, of encryption software. BEFORE using any encryption software, please check your country's laws, regulations and policies concerning the import, possession, or use, and re-export of encryption software, to see if this is permitted.

        """
        for tool in [WritingTool.summary, .keyPoints] {
            let out = try run(tool, text)
            #expect(!out.contains("encryption") && !out.contains("cryptographic"), "\(tool): \(out)")
        }
        #expect(Boilerplate.isBoilerplate("BEFORE using any encryption software, please check your country's laws, regulations and policies concerning the import of encryption software."))
        #expect(!Boilerplate.isBoilerplate("The library uses encryption software from OpenSSL."))
    }

    @Test func anFAQsQuestionsAreNeverTaken() throws {
        let text = """
        Tool FAQ

        Q: What do the letters XZ mean?

        A: No. They are just two letters, which come from the file format suffix.

        Q: How does the tool relate to the older projects?

        A: The older projects are the original ones, and the tool builds on their code and their file format.

        Q: Can I recover parts of a broken file?

        A: Yes, the decompressor writes out what it could read before the damaged part of the file.

        """
        for tool in [WritingTool.summary, .keyPoints] {
            let out = try run(tool, text)
            #expect(!out.contains("Q:") && !out.contains("A:") && !out.contains("No."), "\(tool): \(out)")
        }
    }

    @Test func aKeyPointIsNoTitleFieldNorAWrappedLinesTail() throws {
        let report = """
        Title: App crashes when uploading large files

        The app freezes when I upload a file bigger than 2 GB on my laptop.

        This happens every time on my laptop, which runs Ubuntu 22.04.

        I have tried to reinstall the app but the problem still occurs.

        """
        #expect(!(try run(.keyPoints, report)).contains("Title:"))
        let wrapped = """
        The tool runs a benchmark for 30 seconds, using 12 threads, and keeping
        400 HTTP connections open.

        The results show the latency and the throughput of the server.

        """
        let points = try run(.keyPoints, wrapped)
        #expect(points.contains("- The tool runs a benchmark for 30 seconds, using 12 threads, and keeping 400 HTTP connections open."), "\(points)")
        #expect(!points.contains("- 400 HTTP"), "\(points)")
        let rcs = "-- $ToolId: README,v 1.6 2019/01/29 02:05:45 tom Exp $\n\nThe tool is an interpreter for the AWK language.\n\nIt runs on many systems and builds with any C compiler.\n"
        #expect(!(try run(.keyPoints, rcs)).contains("$ToolId"))
    }
}
