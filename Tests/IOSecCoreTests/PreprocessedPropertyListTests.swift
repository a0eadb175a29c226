import Foundation
import IOSecCore
import Testing

@Suite struct PreprocessedPropertyListTests {
    @Test func blanksDirectiveLinesAndKeepsPositions() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t#ifndef DISABLE_PLAIN_HTTP
            \t<key>Plain</key><true/>
            #else
            \t<key>Plain</key><false/>
            \t# endif
            \t<key>Colour</key><string>#ifdef is text here</string>
            </dict>
            </plist>
            """
        #expect(throws: PropertyListError.self) { try PropertyListParser.parse(Data(text.utf8)) }
        let blanked = try #require(PreprocessedPropertyList.blankingDirectives(Array(text.utf8)))
        #expect(blanked.count == text.utf8.count)
        let document = try PropertyListParser.parse(Data(blanked))
        let root = try #require(document.root.dictionary)
        #expect(root["Colour"]?.string == "#ifdef is text here")
        #expect(root.entry("Colour")?.keyLine == 9)
        #expect(root["Plain"] != nil)
    }

    @Test func leavesFilesWithoutDirectivesAlone() {
        #expect(PreprocessedPropertyList.blankingDirectives(Array("<dict>\n#notadirective\n</dict>".utf8)) == nil)
        #expect(PreprocessedPropertyList.blankingDirectives([]) == nil)
        #expect(PreprocessedPropertyList.blankingDirectives(Array("#".utf8)) == nil)
    }
}
