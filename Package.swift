// swift-tools-version:6.0
// swift-writing-tools: Apple's Writing Tools system as a portable Swift package.
// Layering (docs/ARCHITECTURE.md, "Modules"): TextModel ← DocumentStructure ← Proofreading, LanguageModels ← WritingToolsEngine
// ← WritingTools ← front ends (WritingToolsCLI, WritingToolsLSP, WritingToolsHTTP). Front ends import WritingTools only.
import PackageDescription

let package = Package(
    name: "swift-writing-tools",
    products: [
        .library(name: "WritingTools", targets: ["WritingTools"]),
        .executable(name: "writing-tools", targets: ["writing-tools"]),
    ],
    targets: [
        .systemLibrary(
            name: "CHunspell",
            pkgConfig: "hunspell",
            providers: [.apt(["libhunspell-dev", "hunspell-en-us"])]
        ),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // GNU libmicrohttpd: the HTTP server (epoll, thread pool, connection limits and timeouts).
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // The few libmicrohttpd calls Swift cannot make itself (variadic functions, sockaddr set-up).
        .target(name: "CMicroHTTPDSupport", dependencies: ["CMicroHTTPD"]),
        .target(name: "TextModel"),
        .target(name: "DocumentStructure", dependencies: ["TextModel", "CCmarkGFM"]),
        // Resources/rules: the rule files (`.rules`) compiled at start (BundledRules).
        .target(name: "Proofreading", dependencies: ["TextModel", "DocumentStructure", "CHunspell"], resources: [.copy("Resources/rules")]),
        .target(name: "LanguageModels"),
        .target(name: "WritingToolsEngine", dependencies: ["TextModel", "DocumentStructure", "Proofreading", "LanguageModels"]),
        .target(name: "WritingTools", dependencies: ["WritingToolsEngine", "Proofreading", "LanguageModels", "TextModel", "DocumentStructure"]),
        .target(name: "WritingToolsCLI", dependencies: ["WritingTools"]),
        .target(name: "WritingToolsHTTP", dependencies: ["WritingTools", "CMicroHTTPD", "CMicroHTTPDSupport"],
                resources: [.copy("Web")]),
        .target(name: "WritingToolsLSP", dependencies: ["WritingTools"]),
        .executableTarget(name: "writing-tools", dependencies: ["WritingToolsCLI", "WritingToolsLSP", "WritingToolsHTTP"]),
        // Benchmarks/StreamingLatency: a model server's chunk → the session's live preview.
        .executableTarget(name: "streaming-benchmark", dependencies: ["WritingTools"], path: "Benchmarks/StreamingLatency",
                          exclude: ["stream_server.py", "raw_client.py", "run.sh"]),
        // Benchmarks/SessionReview: applying and reviewing 1,250 … 10,000 suggestions in a 1 MB document.
        .executableTarget(name: "session-benchmark", dependencies: ["WritingTools", "WritingToolsEngine"], path: "Benchmarks/SessionReview"),
        // Benchmarks/ParagraphPhases: a paragraph's proofreading time, parse and check apart, in process.
        .executableTarget(name: "paragraph-phases", dependencies: ["WritingToolsEngine", "Proofreading", "DocumentStructure"],
                          path: "Benchmarks/ParagraphPhases"),
        // Benchmarks/JSONStrings: the front ends' one JSON string decoder against Foundation's.
        .executableTarget(name: "json-strings-benchmark", dependencies: ["TextModel"], path: "Benchmarks/JSONStrings"),
        // Benchmarks/PosTagging: the part-of-speech tagger on text, its accuracy on a hand-tagged sample, its speed.
        .executableTarget(name: "pos-tag", dependencies: ["Proofreading"], path: "Benchmarks/PosTagging"),
        // Examples/CustomEditor: a piece-table editor adopting WritingToolsCoordinator.Delegate.
        .target(name: "CustomEditorKit", dependencies: ["WritingTools"], path: "Examples/CustomEditor/Sources/CustomEditorKit"),
        .executableTarget(name: "custom-editor-example", dependencies: ["CustomEditorKit"],
                          path: "Examples/CustomEditor/Sources/custom-editor-example"),
        // Fuzz/: libFuzzer targets, one executable each. scripts/fuzz.sh builds them with
        // -DFUZZING -sanitize=fuzzer,address into .build-fuzz; an ordinary build makes programs that
        // replay the files they are given (a crash input, a corpus) through the same checks.
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "fuzz-document", dependencies: ["FuzzSupport", "DocumentStructure"], path: "Fuzz/fuzz-document"),
        .executableTarget(name: "fuzz-tools", dependencies: ["FuzzSupport", "WritingTools", "WritingToolsCLI", "DocumentStructure"], path: "Fuzz/fuzz-tools"),
        .executableTarget(name: "fuzz-offsets", dependencies: ["FuzzSupport", "TextModel"], path: "Fuzz/fuzz-offsets"),
        .executableTarget(name: "fuzz-lsp", dependencies: ["FuzzSupport", "WritingTools", "WritingToolsLSP"], path: "Fuzz/fuzz-lsp"),
        .executableTarget(name: "fuzz-batch", dependencies: ["FuzzSupport", "WritingTools", "WritingToolsCLI"], path: "Fuzz/fuzz-batch"),
        .executableTarget(name: "fuzz-json", dependencies: ["FuzzSupport", "TextModel"], path: "Fuzz/fuzz-json"),
        .executableTarget(name: "fuzz-http", dependencies: ["FuzzSupport", "WritingTools", "WritingToolsHTTP", "TextModel"], path: "Fuzz/fuzz-http"),
        .executableTarget(name: "fuzz-session", dependencies: ["FuzzSupport", "WritingTools", "WritingToolsEngine", "DocumentStructure"], path: "Fuzz/fuzz-session"),
        .testTarget(name: "TextModelTests", dependencies: ["TextModel", "WritingToolsTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "DocumentStructureTests", dependencies: ["DocumentStructure"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ProofreadingTests", dependencies: ["Proofreading"], resources: [.copy("Fixtures")]),
        // Shared by the test targets: the scripted model server for fault injection.
        .target(name: "WritingToolsTestSupport", dependencies: ["LanguageModels"], path: "Tests/TestSupport", resources: [.copy("fake_model_server.py")]),
        .testTarget(name: "LanguageModelsTests", dependencies: ["LanguageModels", "WritingToolsTestSupport"]),
        .testTarget(name: "WritingToolsEngineTests", dependencies: ["WritingToolsEngine", "LanguageModels", "WritingToolsTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "WritingToolsTests", dependencies: ["WritingTools", "LanguageModels", "WritingToolsTestSupport", "CustomEditorKit"]),
        .testTarget(name: "WritingToolsLSPTests", dependencies: ["WritingToolsLSP", "WritingTools", "WritingToolsTestSupport"]),
        .testTarget(name: "WritingToolsHTTPTests", dependencies: ["WritingToolsHTTP", "WritingTools", "WritingToolsTestSupport"]),
        .testTarget(name: "WritingToolsCLITests", dependencies: ["WritingToolsCLI", "WritingToolsTestSupport"], resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
