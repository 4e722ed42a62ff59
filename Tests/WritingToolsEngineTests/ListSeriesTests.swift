import Testing
@testable import WritingToolsEngine

/// The List tool finds a series of noun phrases anywhere in a sentence by parts of speech, not
/// only after a colon or a cue word at the end: a series that is the subject, one followed by a
/// clause, one inside "such as … ," (a README-only trial's "such as: OS/2, Windows 95, Windows NT
/// are available" became a last item "Windows NT are available").
@Suite struct ListSeriesTests {
    func list(_ text: String) throws -> String {
        for case let .result(r) in try BuiltInToolEngine().events(for: ToolRequest(tool: .list, text: text)) { return r.text }
        Issue.record("no result")
        return ""
    }

    /// A question is never split, and two things joined by “and” are a list only when both are
    /// noun phrases (a README-only trial: xz's “Q: What are LZMA and LZMA2?” became the items
    /// “What are LZMA” and “LZMA2”; “Actual result: The app freezes and then closes …” became
    /// “The app freezes” and “then closes …”).
    @Test func questionsAndJoinedPredicatesStayWhole() throws {
        #expect(try list("Q: What are LZMA and LZMA2?\n\nA: LZMA stands for Lempel-Ziv-Markov chain-Algorithm.\n")
            .contains("- Q: What are LZMA and LZMA2?"))
        #expect(try list("Which do you need: flour, water or salt?").contains("Which do you need: flour, water or salt?"))
        let result = try list("Actual result: The app freezes and then closes without any error message.")
        #expect(result.contains("The app freezes and then closes without any error message."), "\(result)")
        #expect(try list("Supported systems: Linux and macOS.") == "Supported systems:\n\n- Linux\n- macOS")
        #expect(try list("You need: a tent, a sleeping bag and a torch.") == "You need:\n\n- a tent\n- a sleeping bag\n- a torch")
    }

    @Test func aSeriesFollowedByAVerbEndsBeforeIt() throws {
        #expect(try list("Several operating systems are supported, such as: OS/2, Windows 95, Windows NT are available.")
            == "Several operating systems are supported, such as:\n\n- OS/2\n- Windows 95\n- Windows NT\n\nThese are available.")
    }

    @Test func aSubjectSeriesIsIntroducedAsTheFollowing() throws {
        #expect(try list("OS/2, Windows 95 and Windows NT are supported.")
            == "The following are supported:\n\n- OS/2\n- Windows 95\n- Windows NT")
    }

    @Test func wordsAfterTheSeriesJoinTheLead() throws {
        #expect(try list("We support OS/2, Windows 95 and Windows NT, which are all available for download.")
            == "We support the following, which are all available for download:\n\n- OS/2\n- Windows 95\n- Windows NT")
        #expect(try list("Bring a tent, a sleeping bag, and a torch if you plan to stay overnight.")
            == "Bring the following if you plan to stay overnight:\n\n- a tent\n- a sleeping bag\n- a torch")
        #expect(try list("Many formats, such as PDF, EPUB and plain text, are supported.")
            == "Many formats are supported, such as:\n\n- PDF\n- EPUB\n- plain text")
    }

    @Test func anyVerbIntroducesASeriesAndLikeOnlyAsAPreposition() throws {
        #expect(try list("I like apples, pears and plums.") == "I like:\n\n- apples\n- pears\n- plums")
        #expect(try list("Fruits like apples, pears and plums are healthy.") == "Fruits are healthy, like:\n\n- apples\n- pears\n- plums")
    }

    @Test func proseWithANameSeriesStaysASentence() throws {
        // A tail with a clause of its own, or a lead ending on a preposition, is not a list.
        #expect(try list("We met Tom, Ann and Bob at the station, and then we left.") == "- We met Tom, Ann and Bob at the station, and then we left.")
        #expect(try list("In Paris, London and Rome, we met friends.") == "- In Paris, London and Rome, we met friends.")
    }
}
