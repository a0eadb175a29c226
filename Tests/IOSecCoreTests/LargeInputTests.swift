import Foundation
import Testing
@testable import IOSecCore

/// 10 MB hostile inputs for every parser in IOSecCore: long strings, many keys, deep nesting, many small elements.
/// They only have to finish (no timing is asserted: speed is measured by the benchmarks); before the fixes some
/// took minutes or gigabytes: an xcconfig line of many conditions, an association file of deep arrays, the source
/// map of deep arrays or long keys, a binary plist of shared containers.
///
/// Serialized: each test holds hundreds of megabytes of parsed values at its peak.
@Suite(.serialized) struct LargeInputTests {
    static let size = 10 << 20

    /// About 10 MB: `head`, then `unit(0)`, `unit(1)`, … until the size is reached, then `tail`.
    static func build(_ head: String, _ tail: String = "", _ unit: (Int) -> String) -> [UInt8] {
        var bytes = Array(head.utf8)
        bytes.reserveCapacity(size + 1024)
        var i = 0
        while bytes.count < size - tail.utf8.count {
            bytes += unit(i).utf8
            i += 1
        }
        return bytes + Array(tail.utf8)
    }

    /// About 10 MB: `head`, `unit` repeated, `tail`. Appends 64 KB at a time: a test build is unoptimised, and ten
    /// million appends of one byte would cost more than the parse.
    static func repeated(_ head: String, _ unit: String, _ tail: String = "") -> [UInt8] {
        let u = Array(unit.utf8)
        let count = (size - head.utf8.count - tail.utf8.count) / u.count
        let perChunk = max(1, 65_536 / u.count)
        let chunk = [UInt8](unsafeUninitializedCapacity: perChunk * u.count) { buffer, initialized in
            for k in 0..<(perChunk * u.count) { buffer[k] = u[k % u.count] }
            initialized = perChunk * u.count
        }
        var bytes = Array(head.utf8)
        bytes.reserveCapacity(size + 1024)
        for _ in 0..<(count / perChunk) { bytes += chunk }
        for _ in 0..<(count % perChunk) { bytes += u }
        return bytes + Array(tail.utf8)
    }

    /// A block `levels` deep, repeated to fill the file: deep and large at once.
    static func deepBlock(_ open: String, _ close: String, levels: Int = 500, inner: String) -> String {
        String(repeating: open, count: levels) + inner + String(repeating: close, count: levels)
    }

    // MARK: XML property lists

    @Test func xmlPropertyLists() throws {
        let plist = { (body: [UInt8]) in try PropertyListParser.parse(Data(body)) }
        let text = try plist(Self.repeated("<plist><string>", "text &amp;&#x263A;<![CDATA[<]]>", "</string></plist>"))
        #expect(text.root.string?.hasPrefix("text &☺<text") == true)
        let keys = try plist(
            Self.build("<plist><dict>", "</dict></plist>") { "<key>k\($0)</key><integer>\($0)</integer>\n" })
        #expect(keys.root.dictionary?.entry("k1000")?.keyLine == 1001)
        #expect(
            try plist(Self.repeated("<plist><array>", "<true/>", "</array></plist>")).root.array?.count ?? 0 > 1_000_000
        )
        let deep = Self.deepBlock("<array>", "</array>", inner: "<string>x</string>")
        #expect(try plist(Self.repeated("<plist><array>", deep, "</array></plist>")).root.array?.count ?? 0 > 100)
        #expect(try plist(Self.repeated("<plist><!--", "-", "--><true/></plist>")).root == .bool(true))
        #expect(throws: PropertyListError.self) { try plist(Self.repeated("<plist><string>", "a")) }
    }

    // MARK: OpenStep property lists and project files

    @Test func openStepPropertyLists() throws {
        let plist = { (body: [UInt8]) in try PropertyListParser.parseOpenStep(Data(body)) }
        #expect(try plist(Self.repeated("{ a = \"", "\\n\\U00e9\\\"\\101", "\"; }")).root["a"]?.string != nil)
        #expect(try plist(Self.repeated("(", "a, ", "b)")).root.array?.count ?? 0 > 1_000_000)
        #expect(try plist(Self.build("{", "}") { "k\($0) = v;\n" }).root.dictionary?.count ?? 0 > 500_000)
        #expect(try plist(Self.repeated("{", "/* a comment */ // and another\n", "}")).root.dictionary?.isEmpty == true)
        #expect(
            try plist(Self.repeated("(", Self.deepBlock("(", ")", inner: "x") + ",", ")")).root.array?.count ?? 0 > 100)
        #expect(throws: PropertyListError.self) { try plist(Self.repeated("{ a = \"", "x")) }
    }

    @Test func projectFile() throws {
        let project = Self.build("// !$*UTF8*$!\n{ objects = {\n", "}; }\n") { i in
            """
            C\(i) = { isa = XCBuildConfiguration; name = Release; buildSettings = { ENABLE_TESTABILITY = YES; \
            OTHER_SWIFT_FLAGS = "-DDEBUG -Onone"; GCC_PREPROCESSOR_DEFINITIONS = ("DEBUG=1", "$(inherited)"); }; };
            L\(i) = { isa = XCConfigurationList; buildConfigurations = (C\(i)); };
            T\(i) = { isa = PBXNativeTarget; name = T\(i); buildConfigurationList = L\(i); };

            """
        }
        let parsed = try XcodeProject.parse(Data(project))
        #expect(parsed.configurations.count > 10_000)
        #expect(parsed.configurations.allSatisfy { $0.owner != nil })
    }

    @Test func xcconfig() {
        let lines = XCConfig.parse(
            String(
                decoding: Self.build("") { "SETTING_\($0)[config=Release][sdk=iphoneos*] = YES // note\n" },
                as: UTF8.self))
        #expect(lines.assignments.count > 100_000)
        // One line of a million conditions: inserting each at the front made this quadratic (68 s for 2 MB).
        let conditions = XCConfig.parse(String(decoding: Self.repeated("A", "[a=b]", " = 1\n"), as: UTF8.self))
        #expect(conditions.assignments.first?.conditions.count ?? 0 > 1_000_000)
        let long = XCConfig.parse(
            String(decoding: Self.repeated("OTHER_LDFLAGS = ", "-framework X ", "\n"), as: UTF8.self))
        #expect(long.assignments.first?.values.count ?? 0 > 500_000)
    }

    // MARK: Binary property lists

    @Test func binaryPropertyLists() throws {
        let count = (Self.size - 100) / 4
        // An array of 2.6 million references to one string.
        var wide = BinaryPlist()
        wide.add(BinaryPlist.array(Array(repeating: 1, count: count)))
        wide.add(BinaryPlist.ascii("YES"))
        #expect(try PropertyListParser.parse(wide.data()).root.array?.count == count)

        // A dictionary of many distinct keys.
        var dict = BinaryPlist()
        let keys = 400_000
        var entries: [(key: Int, value: Int)] = []
        for i in 0..<keys { entries.append((i + 1, keys + 1)) }
        dict.add(BinaryPlist.dictionary(entries))
        for i in 0..<keys { dict.add(BinaryPlist.ascii("key\(i)")) }
        dict.add([0x09])
        #expect(try PropertyListParser.parse(dict.data()).root.dictionary?.count == keys)

        // Long strings, ASCII and UTF-16, and long data.
        var strings = BinaryPlist()
        strings.add(BinaryPlist.array([1, 2, 3]))
        strings.add(BinaryPlist.header(0x5, 4 << 20) + Array(repeating: 0x61, count: 4 << 20))
        strings.add(BinaryPlist.header(0x6, 1 << 20) + Array(repeating: [0x26, 0x3A], count: 1 << 20).flatMap { $0 })
        strings.add(BinaryPlist.header(0x4, 2 << 20) + Array(repeating: 0xFF, count: 2 << 20))
        let values = try PropertyListParser.parse(strings.data()).root.array?.values
        #expect(values?.first?.string?.utf8.count == 4 << 20)
        #expect(values?[1].string?.unicodeScalars.count == 1 << 20)

        // Deep chains side by side: 2,000 chains of 500 arrays.
        var deep = BinaryPlist()
        let chains = 2_000, levels = 500
        deep.add(BinaryPlist.array((0..<chains).map { 1 + $0 * levels }))
        for chain in 0..<chains {
            for level in 0..<levels {
                let next = level == levels - 1 ? 1 + chains * levels : 1 + chain * levels + level + 1
                deep.add(BinaryPlist.array([next]))
            }
        }
        deep.add([0x09])
        #expect(try PropertyListParser.parse(deep.data()).root.array?.count == chains)
    }

    // MARK: Association files

    @Test func associationFiles() {
        let apps = AssociationFile.validate(
            Data(
                Self.build("{\"webcredentials\": {\"apps\": [", "\"ABCDE12345.com.acme.end\"]}}") {
                    "\"ABCDE12345.com.acme.app\($0)\",\n"
                }))
        #expect(apps.file?.webcredentials?.apps.count ?? 0 > 300_000)
        #expect(
            AssociationFile.validate(Data(Self.repeated("{\"webcredentials\": {\"apps\": [\"", "a", "\"]}}"))).issues
                .count == 2)
        // Blocks 500 deep: converting Foundation's result bridged each level's whole subtree (86 s for 1 MB of
        // 250-deep blocks before).
        let deep = Self.repeated("{\"applinks\": {\"details\": [", Self.deepBlock("[", "]", inner: "1") + ",", "1]}}")
        #expect(AssociationFile.validate(Data(deep)).issues.contains { $0.path.hasPrefix("applinks.details[") })
    }

    @Test func jsonSourceMaps() {
        // 500 levels deep, then two and a half million strings: before, each string's path was stored, 1.5 KB each.
        let deepAndWide = JSONSourceMap(
            Self.repeated(String(repeating: "[", count: 500), "\"a\",", "\"a\"" + String(repeating: "]", count: 500)))
        #expect(deepAndWide.syntaxError == nil)
        #expect(deepAndWide.strings.count > 2_000_000)
        #expect(deepAndWide.strings.last?.pathSuffix(segments: 1).hasPrefix("[") == true)
        #expect(deepAndWide.position(of: String(repeating: "[0]", count: 500)) == .init(line: 1, column: 501))
        // 250 levels of 40 KB keys: every path repeated all the keys above it.
        let key = String(repeating: "k", count: 40_000)
        let longKeys = JSONSourceMap(
            Array((String(repeating: "{\"\(key)\":", count: 250) + "1" + String(repeating: "}", count: 250)).utf8))
        #expect(longKeys.syntaxError == nil)
        #expect(longKeys.position(of: "\(key).\(key)") != nil)
        let keys = JSONSourceMap(Self.build("{", "\"end\": 1}") { "\"key \($0)\": [\($0)],\n" })
        #expect(keys.position(of: #"["key 100000"][0]"#) == .init(line: 100_001, column: 16))
        #expect(keys.nearestPosition(of: #"["key 7"][3].x"#) == .init(line: 8, column: 1))
    }

    // MARK: Readers on top of the parsers

    @Test func privacyManifestAndEntitlements() throws {
        let entry = """
            <dict><key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryUserDefaults</string>\
            <key>NSPrivacyAccessedAPITypeReasons</key><array><string>CA92.1</string><string>XXXX.9</string></array></dict>

            """
        let manifest = try PropertyListParser.parse(
            Data(
                Self.repeated(
                    "<plist><dict><key>NSPrivacyAccessedAPITypes</key><array>", entry, "</array></dict></plist>")))
        let read = PrivacyManifest.read(manifest.root, rootLine: manifest.rootLine)
        #expect(read.manifest.accessedAPITypes.count > 30_000)
        #expect(read.manifest.declaresValidReason(for: .userDefaults))
        #expect(read.issues.count == read.manifest.accessedAPITypes.count)

        let domains = try PropertyListParser.parse(
            Data(
                Self.build(
                    "<plist><dict><key>com.apple.developer.associated-domains</key><array>", "</array></dict></plist>"
                ) {
                    "<string>applinks:host\($0).example.com?mode=developer</string>\n"
                }))
        #expect(Entitlements.read(domains.root).entitlements.associatedDomains.count > 100_000)
    }
}
