import Foundation
import IOSecCore
import Testing

@Suite struct StringsFileTests {
    @Test func readsQuotedAndBareKeysWithTheirLines() {
        let text = """
            /* Camera, "quoted" in a comment */
            NSCameraUsageDescription = "Scan a \\"QR\\" code";
            // Face ID
            "NSFaceIDUsageDescription" = "Unlock with Face ID;
            not a key";
            CFBundleDisplayName = "WireGuard";
            """
        let entries = StringsFile.entries(Array(text.utf8))
        #expect(entries.map(\.key) == ["NSCameraUsageDescription", "NSFaceIDUsageDescription", "CFBundleDisplayName"])
        #expect(entries[0].value == "Scan a \"QR\" code")
        #expect(entries[1].value == "Unlock with Face ID;\nnot a key")
        #expect(entries.map(\.line) == [2, 4, 6])
    }

    @Test func readsUTF16WithItsByteOrderMark() {
        let text = "NSCameraUsageDescription = \"Caméra\";\n"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(StringsFile.entries(bytes) == [.init(key: "NSCameraUsageDescription", value: "Caméra", line: 1)])
    }

    @Test func readsTheSourceLanguageOfACatalog() {
        let json = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "NSCameraUsageDescription" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Kamera" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Scan QR codes" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        #expect(
            StringsFile.catalogEntries(Array(json.utf8)) == [
                .init(key: "NSCameraUsageDescription", value: "Scan QR codes", line: 4)
            ])
    }

    @Test func malformedInputNeverTraps() {
        for text in ["", "\"", "KEY =", "KEY = \"unterminated", "/* open", "= = ;;", "\"a\" \"b\" = ;", "\u{0}\u{1}"] {
            _ = StringsFile.entries(Array(text.utf8))
        }
        #expect(StringsFile.entries(Array("KEY = ;\nOTHER = \"v\";".utf8)).map(\.key) == ["OTHER"])
        #expect(StringsFile.catalogEntries(Array("{not json".utf8)).isEmpty)
        #expect(StringsFile.entries([0xFF, 0xFE, 0x00]).isEmpty)
    }
}
