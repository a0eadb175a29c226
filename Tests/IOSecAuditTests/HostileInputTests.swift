import Foundation
@testable import IOSecAudit
import IOSecCore
import Testing

/// Hostile storyboards, XIBs and Core Data models (the parsers of IOSecCore have their own tests): 100,000 levels of
/// nesting give one error naming the problem, 10 MB inputs finish. End to end, a deeply nested configuration file
/// in a scanned folder gives one diagnostic naming it — or one finding, for the files Apple rejects (association
/// files, privacy manifests) — and the rest of the project is still reviewed.
@Suite struct HostileInputTests {
    static let limit = ParserLimits.maximumNestingDepth
    static let hostile = 100_000
    static let field =
        #"<textField placeholder="Password" id="p1"><textInputTraits key="textInputTraits"/></textField>"#

    // MARK: Nesting

    @Test func storyboardNesting() {
        let deep =
            "<document>\n\(Self.field)\n" + String(repeating: "<view>", count: Self.hostile)
            + String(repeating: "</view>", count: Self.hostile) + "</document>"
        let document = InterfaceDocument.parse(Array(deep.utf8))
        #expect(document.errorIsNestingLimit)
        #expect(document.error?.line == 3)
        #expect(document.error?.message == "elements nest deeper than 512 levels")
        #expect(document.textInputs.count == 1)  // read before the limit

        // The document element and 511 views inside it: exactly the limit.
        let at =
            "<document>\(Self.field)" + String(repeating: "<view>", count: Self.limit - 1)
            + String(repeating: "</view>", count: Self.limit - 1) + "</document>"
        #expect(InterfaceDocument.parse(Array(at.utf8)).error == nil)
    }

    @Test func coreDataModelNesting() {
        let head = "<model>\n<entity name=\"Account\">\n<attribute name=\"password\" attributeType=\"String\"/>\n"
        let model = CoreDataModel.parse(Array((head + String(repeating: "<userInfo>", count: Self.hostile)).utf8))
        #expect(model.error?.line == 4)
        #expect(model.error?.message.hasPrefix("elements nest deeper than 512 levels") == true)
        #expect(model.entities.first?.attributes.map(\.name) == ["password"])

        let at =
            head + String(repeating: "<userInfo>", count: Self.limit - 2)
            + String(repeating: "</userInfo>", count: Self.limit - 2) + "</entity></model>"
        #expect(CoreDataModel.parse(Array(at.utf8)).error == nil)
    }

    // MARK: 10 MB inputs: they only have to finish

    /// About 10 MB: `head`, `unit` repeated, `tail`, appended 64 KB at a time (a test build is unoptimised).
    static func repeated(_ head: String, _ unit: String, _ tail: String = "") -> [UInt8] {
        let size = 10 << 20
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

    @Test func largeStoryboards() {
        let fields = InterfaceDocument.parse(Self.repeated("<document>", Self.field + "\n", "</document>"))
        #expect(fields.textInputs.count > 50_000)
        #expect(fields.error == nil)
        let attribute = InterfaceDocument.parse(
            Self.repeated("<document><textField placeholder=\"", "&amp;a", "\"/></document>"))
        #expect(attribute.textInputs.first?.placeholder?.hasPrefix("&a&a") == true)
        // Bare '&' never ending an entity: each one searched the rest of the value for ';' before.
        let ampersands = InterfaceDocument.parse(
            Self.repeated("<document><textField placeholder=\"", "&", "\"/></document>"))
        #expect(ampersands.textInputs.first?.placeholder?.utf8.count ?? 0 > 10_000_000)
        let deep = String(repeating: "<view>", count: 500) + Self.field + String(repeating: "</view>", count: 500)
        #expect(InterfaceDocument.parse(Self.repeated("<document>", deep, "</document>")).textInputs.count > 1_000)
        #expect(
            InterfaceDocument.parse(Self.repeated("<document>\(Self.field)<!--", "-")).error?.message
                == "a comment is not closed")
    }

    @Test func largeCoreDataModels() {
        let attributes = CoreDataModel.parse(
            Self.repeated(
                "<model><entity name=\"A\">", "<attribute name=\"password\" attributeType=\"String\"/>\n",
                "</entity></model>"))
        #expect(attributes.entities.first?.attributes.count ?? 0 > 100_000)
        #expect(attributes.error == nil)
        let entities = CoreDataModel.parse(
            Self.repeated("<model>", "<entity name=\"E\"><attribute name=\"token\"/></entity>", "</model>"))
        #expect(entities.entities.count > 100_000)
        #expect(
            CoreDataModel.parse(Self.repeated("<model><entity name=\"", "e")).error?.message
                == "the file ends inside a tag")
    }

    // MARK: End to end

    @Test func deeplyNestedConfigurationFilesAreOneDiagnosticEach() throws {
        let tree = TemporaryTree()
        tree.write(
            "App/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>NSAppTransportSecurity</key>
                <dict>
                    <key>NSAllowsArbitraryLoads</key>
                    <true/>
                </dict>
            </dict>
            </plist>
            """)
        let arrays = String(repeating: "<array>", count: Self.hostile)
        // Malformed as well as deep: never closed.
        tree.write(
            "Widget/Info.plist", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>Deep</key>\n" + arrays)
        tree.write("Server/.well-known/apple-app-site-association", String(repeating: "[", count: Self.hostile))
        tree.write(
            "App/Base.lproj/Main.storyboard",
            "<?xml version=\"1.0\"?>\n<document>\n\(Self.field)\n" + String(repeating: "<view>", count: Self.hostile))
        tree.write(
            "App/PrivacyInfo.xcprivacy", "<plist version=\"1.0\"><dict><key>NSPrivacyAccessedAPITypes</key>" + arrays)
        tree.write("App/App.entitlements", bytes: [UInt8](BinaryPlist.cycle))
        tree.write(
            "App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = " + String(repeating: "(", count: Self.hostile)
        )
        tree.write(
            "App/Model.xcdatamodeld/Model.xcdatamodel/contents",
            "<model>\n" + String(repeating: "<entity>", count: Self.hostile))

        let result = try Scanner(options: ScanOptions(jobs: 2)).scan(tree.root)
        // The scan went on: the good Info.plist was reviewed.
        #expect(result.findings.contains { $0.file == "App/Info.plist" && $0.ruleId == "network.ats-arbitrary-loads" })

        func diagnostics(_ file: String) -> [String] { result.diagnostics.filter { $0.file == file }.map(\.message) }
        func findings(_ file: String) -> [Finding] { result.findings.filter { $0.file == file } }

        let plist = diagnostics("Widget/Info.plist")
        #expect(plist.count == 1)
        #expect(
            plist.first
                == "not reviewed: line 5, column 3578: nesting deeper than 512 levels; the file is likely corrupt or hostile",
            "\(plist)")
        #expect(findings("Widget/Info.plist").isEmpty)

        let storyboard = diagnostics("App/Base.lproj/Main.storyboard")
        #expect(
            storyboard == [
                "not reviewed past line 4: elements nest deeper than 512 levels, so the file is likely corrupt or hostile; fields after that line were not checked"
            ])

        let entitlements = diagnostics("App/App.entitlements")
        #expect(entitlements.count == 1)
        #expect(
            entitlements.first?.contains("invalid binary property list: object 0 contains itself") == true,
            "\(entitlements)")

        let project = diagnostics("App.xcodeproj/project.pbxproj")
        #expect(project.count == 1)
        #expect(project.first?.contains("nesting deeper than 512 levels") == true, "\(project)")

        let model = diagnostics("App/Model.xcdatamodeld/Model.xcdatamodel/contents")
        #expect(model.count == 1)
        #expect(model.first?.contains("elements nest deeper than 512 levels") == true, "\(model)")

        // Apple rejects an association file or privacy manifest it cannot read: that is the finding, not a diagnostic.
        let aasa = findings("Server/.well-known/apple-app-site-association")
        #expect(aasa.map(\.ruleId) == ["platform.aasa-invalid"])
        #expect(aasa.first?.message.contains("nests deeper than 512 levels at line 1, column 513") == true, "\(aasa)")
        #expect(aasa.first?.line == 1)
        #expect(aasa.first?.column == 513)
        #expect(diagnostics("Server/.well-known/apple-app-site-association").isEmpty)

        let manifest = findings("App/PrivacyInfo.xcprivacy")
        #expect(manifest.map(\.ruleId) == ["privacy.manifest-invalid"])
        #expect(manifest.first?.message.contains("nesting deeper than 512 levels") == true, "\(manifest)")
        #expect(diagnostics("App/PrivacyInfo.xcprivacy").isEmpty)
    }
}

private enum BinaryPlist {
    /// A binary plist whose root array contains itself.
    static var cycle: Data {
        var bytes = Array("bplist00".utf8) + [0xA1, 0]
        bytes += [8]  // the offset table: object 0 at offset 8
        bytes +=
            [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 10]
        return Data(bytes)
    }
}
