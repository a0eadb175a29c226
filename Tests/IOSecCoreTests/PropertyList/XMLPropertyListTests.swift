import Foundation
import Testing
@testable import IOSecCore

@Suite struct XMLPropertyListTests {
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.app</string>
        \t<!-- ATS below -->
        \t<key>NSAppTransportSecurity</key>
        \t<dict>
        \t\t<key>NSAllowsArbitraryLoads</key>
        \t\t<true/>
        \t</dict>
        \t<key>Count</key>
        \t<integer>-42</integer>
        \t<key>Ratio</key>
        \t<real>2.5</real>
        \t<key>Created</key>
        \t<date>2024-01-31T12:30:15Z</date>
        \t<key>Blob</key>
        \t<data>
        \tAAEC
        \tAw==
        \t</data>
        \t<key>Escaped</key>
        \t<string>a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#65;&#x42; <![CDATA[<raw & stuff>]]></string>
        \t<key>List</key>
        \t<array>
        \t\t<string>one</string>
        \t\t<false/>
        \t\t<dict/>
        \t\t<array/>
        \t\t<string/>
        \t</array>
        </dict>
        </plist>
        """

    @Test func parsesEveryTypeWithLines() throws {
        let doc = try PropertyListParser.parse(Data(Self.infoPlist.utf8))
        #expect(doc.format == .xml)
        #expect(doc.rootLine == 4)
        let root = try doc.requireDictionaryRoot()
        #expect(
            root.keys == [
                "CFBundleIdentifier", "NSAppTransportSecurity", "Count", "Ratio", "Created", "Blob", "Escaped", "List"
            ])
        #expect(root["CFBundleIdentifier"] == .string("com.example.app"))
        #expect(root.entry("CFBundleIdentifier")?.keyLine == 5)
        #expect(root.entry("CFBundleIdentifier")?.valueLine == 6)
        let ats = try #require(root["NSAppTransportSecurity"]?.dictionary)
        #expect(root.entry("NSAppTransportSecurity")?.keyLine == 8)
        #expect(ats["NSAllowsArbitraryLoads"] == .bool(true))
        #expect(ats.entry("NSAllowsArbitraryLoads")?.valueLine == 11)
        #expect(root["Count"] == .integer(-42))
        #expect(root["Ratio"] == .real(2.5))
        #expect(root["Created"] == .date(Date(timeIntervalSince1970: 1_706_704_215)))
        #expect(root["Blob"] == .data(Data([0, 1, 2, 3])))
        #expect(root["Escaped"] == .string("a <b> & \"c\" 'd' AB <raw & stuff>"))
        let list = try #require(root["List"]?.array)
        #expect(
            list.values == [.string("one"), .bool(false), .dictionary(.init()), .array(.init(values: [])), .string("")])
        #expect(list.elements.map(\.line) == [28, 29, 30, 31, 32])
    }

    @Test func stringsKeepWhitespaceAndUnicode() throws {
        let xml = "<plist><dict><key> k é </key><string>  two\nlines 😀 </string></dict></plist>"
        let root = try PropertyListParser.parse(Data(xml.utf8)).requireDictionaryRoot()
        #expect(root[" k é "] == .string("  two\nlines 😀 "))
    }

    @Test func rootWithoutPlistWrapperAndBOM() throws {
        let doc = try PropertyListParser.parse(
            Data([0xEF, 0xBB, 0xBF] + Array("<array><integer>1</integer></array>".utf8)))
        #expect(doc.root == .array(.init(values: [.integer(1)])))
    }

    @Test func arrayRootWhenDictionaryIsRequired() throws {
        let doc = try PropertyListParser.parse(Data("<plist>\n<array/>\n</plist>".utf8))
        #expect(throws: PropertyListError(.unexpectedRootType(expected: "dictionary", found: "array"), line: 2)) {
            try doc.requireDictionaryRoot()
        }
        let message = PropertyListError(.unexpectedRootType(expected: "dictionary", found: "array"), line: 2)
            .description
        #expect(message == "line 2: the root is an array but this file needs a dictionary")
    }

    @Test func utf16PlistIsTranscoded() throws {
        let text = "<plist><dict><key>a</key><string>ü</string></dict></plist>"
        var data = Data([0xFF, 0xFE])
        data.append(text.data(using: .utf16LittleEndian)!)
        #expect(try PropertyListParser.parse(data).root["a"] == .string("ü"))
    }

    static let malformed: [(String, Int, String)] = [
        ("<plist><dict>\n<key>a</key>\n<string>x</key></dict></plist>", 3, "expected </string>, found </key>"),
        ("<plist><dict><key>a</key></dict></plist>", 1, "has no value"),
        ("<plist><dict>\n<string>x</string></dict></plist>", 2, "expected <key>"),
        ("<plist><string>a & b</string></plist>", 1, "bare '&'"),
        ("<plist><string>&bogus;</string></plist>", 1, "unknown entity"),
        ("<plist><dict>\n<key>a</key>\n<string>x", 3, "not closed"),
        ("<plist><dict></dict>", 1, "unexpected end of file"),
        ("<plist><dict/></plist><extra/>", 1, "after the root"),
        ("<plist>\n<!-- never ends", 2, "unterminated comment"),
        ("<plist><string><![CDATA[open</string></plist>", 1, "unterminated CDATA"),
        ("<plist><foo/></plist>", 1, "unknown element <foo>"),
        ("<plist><key>a</key></plist>", 1, "outside a <dict>"),
        ("<plist><true>yes</true></plist>", 1, "must be empty"),
        ("<plist><dict", 1, "unterminated tag"),
        ("   ", 1, "no root element")
    ]

    @Test(arguments: malformed)
    func malformedXML(xml: String, line: Int, fragment: String) {
        do {
            _ = try PropertyListParser.parseXML(Data(xml.utf8))
            Issue.record("expected an error for \(xml)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.description.contains(fragment), "\(error)")
            if case .malformedXML = error.kind {} else { Issue.record("wrong kind \(error.kind)") }
        }
    }

    @Test(arguments: [
        ("<plist><integer>12x</integer></plist>", "not a 64-bit integer"),
        ("<plist><integer>99999999999999999999999</integer></plist>", "not a 64-bit integer"),
        ("<plist><real>abc</real></plist>", "not a number"),
        ("<plist><date>2024-13-01T00:00:00Z</date></plist>", "2024-01-31T12:00:00Z"),
        ("<plist><data>!!!</data></plist>", "base64")
    ])
    func invalidScalars(xml: String, fragment: String) {
        #expect {
            try PropertyListParser.parse(Data(xml.utf8))
        } throws: { error in
            guard let e = error as? PropertyListError, case .invalidValue = e.kind else { return false }
            return e.description.contains(fragment) && e.line == 1
        }
    }

    @Test func integerForms() throws {
        #expect(try PropertyListParser.parse(Data("<integer> 0x1F </integer>".utf8)).root == .integer(31))
        #expect(try PropertyListParser.parse(Data("<integer>18446744073709551615</integer>".utf8)).root == .integer(-1))
    }

    @Test func invalidUTF8ReportsLine() {
        var bytes = Array("<plist>\n<dict>\n<key>a</key><string>".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("</string></dict></plist>".utf8)
        #expect(throws: PropertyListError(.invalidUTF8, line: 3)) { try PropertyListParser.parse(Data(bytes)) }
    }

    @Test func emptyAndDeepNesting() {
        #expect(throws: PropertyListError(.empty)) { try PropertyListParser.parse(Data()) }
        let deep = String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000)
        #expect {
            try PropertyListParser.parse(Data(deep.utf8))
        } throws: { ($0 as? PropertyListError)?.kind == .nestingTooDeep(limit: 512) }
    }

    @Test(.timeLimit(.minutes(2))) func largePlistIsLinear() throws {
        // ~12 MB in a debug build; the same code parses 50 MB in about a second when optimised.
        var xml = "<plist><dict>\n"
        let entry =
            "<key>Key%</key><array><string>value with &amp; entity</string><integer>12345</integer><true/></array>\n"
        let count = 120_000
        xml.reserveCapacity(entry.utf8.count * count + 100)
        for i in 0..<count { xml += entry.replacingOccurrences(of: "%", with: String(i)) }
        xml += "</dict></plist>"
        let data = Data(xml.utf8)
        let doc = try PropertyListParser.parse(data)
        let root = try #require(doc.root.dictionary)
        #expect(root.count == count)
        #expect(root.entry("Key119999")?.keyLine == count + 1)
    }
}
