import Foundation
import Testing
@testable import Proofreading

/// Issue 31, session 47: the names of the shared libraries installed here (`libmount`,
/// `libcrypto`: release notes and manual pages name them bare) are technical names, read from
/// the dynamic linker's folders; a slip of “library” stays one.
struct LibraryNamesTests {
    /// A shared library's file gives its name; other files and names with digits or signs give none.
    @Test func libraryNameOfAFile() {
        let name = VocabularyLayers.Sources.libraryName(ofFile:)
        #expect(name("libcrypto.so.3") == "libcrypto")
        #expect(name("libmount.so.1.1.0") == "libmount")
        #expect(name("libgcrypt.so") == "libgcrypt")
        #expect(name("libxml2.so.2") == nil)
        #expect(name("libstdc++.so.6") == nil)
        #expect(name("libfoo.a") == nil)
        #expect(name("libsomething.sorted") == nil)
        #expect(name("lib.so.1") == nil)
    }

    /// Libraries installed here, named in a release note, are not flagged; “libary” is.
    @Test func installedLibrariesAreNames() throws {
        try #require(RuleTestSupport.speller != nil)
        let installed = Set(VocabularyLayers.Sources.libraryFolders().flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap(VocabularyLayers.Sources.libraryName(ofFile:))
        })
        let (text, found) = try TechDocsFalseAlarmTests.matches("s47-library-names.txt")
        let words = TechDocsFalseAlarmTests.flagged(found, in: text)
        for library in ["libmount", "libblkid", "libcrypto", "libgcrypt"] where installed.contains(library) {
            #expect(!words.contains(library), "\(words)")
        }
        if installed.contains("libgcrypt") { #expect(!words.contains("Libgcrypt's"), "\(words)") }
        #expect(words.contains("libary"), "\(words)")
    }
}
