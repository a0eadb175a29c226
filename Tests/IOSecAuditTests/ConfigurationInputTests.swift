import Foundation
@testable import IOSecAudit
import Testing

/// Bad configuration files never crash a scan: a plist, pbxproj or xcconfig that cannot be read is one
/// diagnostic naming the file and where; an association file or privacy manifest that cannot be read is itself
/// the finding (Apple rejects it), at the line or JSON path of the problem. The rest of the project is reviewed.
@Suite struct ConfigurationInputTests {
    static let goodInfoPlist = (
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
        """
    )

    /// Scans the tree plus a good Info.plist whose ATS finding proves the scan went on.
    func scan(_ tree: TemporaryTree, options: ScanOptions = ScanOptions(jobs: 1)) throws -> ScanResult {
        tree.write(Self.goodInfoPlist.0, Self.goodInfoPlist.1)
        let result = try Scanner(options: options).scan(tree.root)
        #expect(result.findings.contains { $0.file == "App/Info.plist" && $0.ruleId == "network.ats-arbitrary-loads" })
        return result
    }

    func diagnostics(_ result: ScanResult, _ file: String) -> [String] {
        result.diagnostics.filter { $0.file == file }.map(\.message)
    }

    @Test func malformedXMLPlistNamesTheLine() throws {
        let tree = TemporaryTree()
        tree.write(
            "Widget/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>CFBundleIdentifier</key>
                <string>com.acme.wallet.widget</key>
            </dict>
            </plist>
            """)
        let messages = diagnostics(try scan(tree), "Widget/Info.plist")
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("not reviewed: line 5") == true, "\(messages)")
        #expect(messages.first?.contains("malformed XML property list") == true)
    }

    @Test func truncatedBinaryPlistIsOneDiagnostic() throws {
        let tree = TemporaryTree()
        // A real binary plist's header and first objects, cut before the trailer.
        let binary = try PropertyListSerialization.data(
            fromPropertyList: ["get-task-allow": true, "aps-environment": "production"], format: .binary, options: 0)
        tree.write("App/App.entitlements", bytes: Array(binary.prefix(binary.count - 20)))
        let messages = diagnostics(try scan(tree), "App/App.entitlements")
        #expect(messages.count == 1)
        #expect(messages.first?.contains("truncated binary property list") == true, "\(messages)")
    }

    @Test func completeBinaryPlistIsReviewed() throws {
        let tree = TemporaryTree()
        let binary = try PropertyListSerialization.data(
            fromPropertyList: ["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": true]], format: .binary, options: 0)
        tree.write("Extension/Info.plist", bytes: [UInt8](binary))
        let result = try scan(tree)
        #expect(diagnostics(result, "Extension/Info.plist").isEmpty)
        // Binary plists have no lines: the finding is at line 1.
        #expect(
            result.findings.contains {
                $0.file == "Extension/Info.plist" && $0.ruleId == "network.ats-arbitrary-loads" && $0.line == 1
            })
    }

    @Test func plistWhoseRootIsAnArray() throws {
        let tree = TemporaryTree()
        tree.write(
            "Widget/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <array>
                <string>NSAllowsArbitraryLoads</string>
            </array>
            </plist>
            """)
        let messages = diagnostics(try scan(tree), "Widget/Info.plist")
        #expect(messages == ["not reviewed: line 3: the root is an array but this file needs a dictionary"])
    }

    @Test func nonUTF8PlistNamesTheLine() throws {
        let tree = TemporaryTree()
        let head = Array(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>NSCameraUsageDescription</key>\n<string>Scan ch"
                .utf8)
        tree.write("Widget/Info.plist", bytes: head + [0xE8, 0x71] + Array("ques</string>\n</dict>\n</plist>\n".utf8))
        let messages = diagnostics(try scan(tree), "Widget/Info.plist")
        #expect(messages.count == 1)
        #expect(messages.first?.contains("line 5") == true, "\(messages)")
        #expect(messages.first?.contains("not valid UTF-8") == true)
    }

    @Test func hugePlistIsSkippedByDefaultAndReviewedWhenAllowed() throws {
        let tree = TemporaryTree()
        // About 50 MB: a generated localisation-style dictionary with the ATS key at the end.
        var bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n".utf8)
        bytes.reserveCapacity(51 << 20)
        let value = Array("</key>\n\t<string>Lorem ipsum dolor sit amet, consectetur adipiscing</string>\n".utf8)
        var i = 0
        while bytes.count < 50 << 20 {
            bytes += Array("\t<key>generated_key_\(i)".utf8)
            bytes += value
            i += 1
        }
        bytes += Array(
            "\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t<key>NSAllowsArbitraryLoads</key>\n\t\t<true/>\n\t</dict>\n</dict>\n</plist>\n"
                .utf8)
        tree.write("Huge/Info.plist", bytes: bytes)

        let skipped = try scan(tree)
        #expect(diagnostics(skipped, "Huge/Info.plist").first?.contains("over the 8.0 MB limit") == true)

        let reviewed = try scan(tree, options: ScanOptions(maxFileSize: 64 << 20, jobs: 1))
        #expect(diagnostics(reviewed, "Huge/Info.plist").isEmpty)
        #expect(
            reviewed.findings.contains { $0.file == "Huge/Info.plist" && $0.ruleId == "network.ats-arbitrary-loads" })
    }

    @Test func pbxprojWithUnknownSectionsStillYieldsItsBuildSettings() throws {
        let tree = TemporaryTree()
        tree.write(
            "AcmeWallet.xcodeproj/project.pbxproj",
            """
            // !$*UTF8*$!
            {
                archiveVersion = 1;
                objectVersion = 77;
                objects = {
            /* Begin PBXFileSystemSynchronizedRootGroup section */
                    AA00000000000000000000A1 = {isa = PBXFileSystemSynchronizedRootGroup; path = AcmeWallet; sourceTree = "<group>"; };
            /* End PBXFileSystemSynchronizedRootGroup section */
            /* Begin FutureXcodeThing section */
                    AA00000000000000000000A2 = {isa = FutureXcodeThing; settings = {nested = (1, 2, {deep = "yes";}); }; };
            /* End FutureXcodeThing section */
                    AA00000000000000000000A3 = {
                        isa = XCBuildConfiguration;
                        buildSettings = {
                            ENABLE_TESTABILITY = YES;
                        };
                        name = Release;
                    };
                };
                rootObject = AA00000000000000000000A1;
            }
            """)
        let result = try scan(tree)
        #expect(diagnostics(result, "AcmeWallet.xcodeproj/project.pbxproj").isEmpty)
        #expect(
            result.findings.contains {
                $0.file == "AcmeWallet.xcodeproj/project.pbxproj" && $0.ruleId == "code.debug-build-settings"
                    && $0.line == 15
            })
    }

    static func project(infoPlist: String) -> String {
        """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 56;
            objects = {
                AA00000000000000000000B1 = {
                    isa = XCBuildConfiguration;
                    buildSettings = {
                        INFOPLIST_FILE = \(infoPlist);
                        PRODUCT_BUNDLE_IDENTIFIER = com.acme.wallet;
                    };
                    name = Release;
                };
            };
            rootObject = AA00000000000000000000B1;
        }
        """
    }

    static let arbitraryLoads =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        + "\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t<key>NSAllowsArbitraryLoads</key>\n\t\t<true/>\n"
        + "\t</dict>\n</dict>\n</plist>\n"

    /// An Info.plist no target builds with ships in nothing: its findings are unreferenced (counted, not shown). A
    /// setting with another build variable in it could name any plist, and then none is judged.
    @Test func infoPlistsNoTargetBuildsWithAreUnreferenced() throws {
        let tree = TemporaryTree()
        tree.write("Wallet.xcodeproj/project.pbxproj", Self.project(infoPlist: "\"$(SRCROOT)/Wallet/Info.plist\""))
        tree.write("Wallet/Info.plist", Self.arbitraryLoads)
        tree.write("Wallet/Wallet-Redesign-Info.plist", Self.arbitraryLoads)
        // A folder of its own may be a target no Xcode project names (a podspec's): not judged.
        tree.write("Assets/Info.plist", Self.arbitraryLoads)
        let result = try Scanner(options: ScanOptions(jobs: 1)).scan(tree.root)
        #expect(
            result.findings.contains { $0.file == "Wallet/Info.plist" && $0.ruleId == "network.ats-arbitrary-loads" })
        #expect(!result.findings.contains { $0.file == "Wallet/Wallet-Redesign-Info.plist" })
        #expect(result.findings.contains { $0.file == "Assets/Info.plist" })
        #expect(result.hiddenByContext[.unreferenced] == 1)
        let all = try Scanner(options: ScanOptions(jobs: 1, includedContexts: [.unreferenced])).scan(tree.root)
        #expect(all.findings.contains { $0.file == "Wallet/Wallet-Redesign-Info.plist" && $0.context == .unreferenced })

        let open = TemporaryTree()
        open.write("Wallet.xcodeproj/project.pbxproj", Self.project(infoPlist: "\"$(TARGET_NAME)/Info.plist\""))
        open.write("Wallet/Wallet-Redesign-Info.plist", Self.arbitraryLoads)
        #expect(
            try Scanner(options: ScanOptions(jobs: 1)).scan(open.root).findings.contains {
                $0.file == "Wallet/Wallet-Redesign-Info.plist"
            })
    }

    @Test func infoPlistFileResolvesAgainstTheProjectFolder() {
        #expect(
            OrphanedInfoPlists.resolve("App/Info.plist", projectFile: "ios/App.xcodeproj/project.pbxproj")
                == "ios/App/Info.plist")
        #expect(
            OrphanedInfoPlists.resolve(
                "$(SRCROOT)/../Shared/Info.plist", projectFile: "ios/App.xcodeproj/project.pbxproj")
                == "Shared/Info.plist")
        #expect(
            OrphanedInfoPlists.resolve("${PROJECT_DIR}/Info.plist", projectFile: "App.xcodeproj/project.pbxproj")
                == "Info.plist")
        #expect(
            OrphanedInfoPlists.resolve("$(TARGET_NAME)-Info.plist", projectFile: "App.xcodeproj/project.pbxproj") == nil
        )
        #expect(OrphanedInfoPlists.resolve("../../Info.plist", projectFile: "App.xcodeproj/project.pbxproj") == nil)
    }

    @Test func pbxprojThatIsNotAPropertyListIsOneDiagnostic() throws {
        let tree = TemporaryTree()
        tree.write(
            "Broken.xcodeproj/project.pbxproj",
            "// !$*UTF8*$!\n{\n    objects = {\n        A = { isa = XCBuildConfiguration;\n")
        let messages = diagnostics(try scan(tree), "Broken.xcodeproj/project.pbxproj")
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("not reviewed:") == true, "\(messages)")
    }

    @Test func xcconfigLinesXcodeIgnoresAreOneDiagnostic() throws {
        let tree = TemporaryTree()
        tree.write("Config/Release.xcconfig", "ENABLE_TESTABILITY = YES\nthis is not a setting\nALSO NOT\n")
        let result = try scan(tree)
        #expect(
            diagnostics(result, "Config/Release.xcconfig") == [
                "line 2: expected `KEY = value`; Xcode ignores that line (and 1 more such lines)"
            ])
        #expect(result.findings.contains { $0.file == "Config/Release.xcconfig" && $0.line == 1 })
    }

    // MARK: Association files and privacy manifests: the problem is the finding

    func aasaFindings(_ bytes: [UInt8]) throws -> [Finding] {
        let tree = TemporaryTree()
        tree.write("Server/.well-known/apple-app-site-association", bytes: bytes)
        let result = try scan(tree)
        #expect(diagnostics(result, "Server/.well-known/apple-app-site-association").isEmpty)
        return result.findings.filter { $0.ruleId == "platform.aasa-invalid" }
    }

    @Test func associationFileOfTheWrongShapeNamesTheJSONPath() throws {
        let findings = try aasaFindings(
            Array(
                """
                {
                  "applinks": {
                    "details": { "appIDs": ["ABCDE12345.com.acme.wallet"] }
                  },
                  "webcredentials": ["ABCDE12345.com.acme.wallet"]
                }
                """.utf8))
        let summary = findings.map { "\($0.line): \($0.message)" }
        #expect(summary.contains { $0.hasPrefix("5: webcredentials: must be an object") }, "\(summary)")
        #expect(findings.allSatisfy { $0.severity == .high || $0.severity == .low })
        #expect(findings.contains { $0.line == 3 && $0.message.hasPrefix("applinks.details") }, "\(summary)")
    }

    @Test func gzippedAssociationFileSaysSo() throws {
        let findings = try aasaFindings([
            0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xAB, 0xAE, 0x05, 0x00
        ])
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("gzip-compressed") == true)
        #expect(findings.first?.severity == .high)
    }

    @Test func associationFileWithABOMIsALowFinding() throws {
        let findings = try aasaFindings(
            [0xEF, 0xBB, 0xBF] + Array(#"{"webcredentials": {"apps": ["ABCDE12345.com.acme.wallet"]}}"#.utf8))
        #expect(findings.map(\.severity) == [.low])
        #expect(findings.first?.message.contains("byte-order mark") == true)
    }

    @Test func nonUTF8AssociationFile() throws {
        let findings = try aasaFindings(
            Array(#"{"webcredentials": {"apps": ["ABCDE12345.com.acme.caf"#.utf8) + [0xE9] + Array(#""]}}"#.utf8))
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("not valid UTF-8") == true)
    }

    @Test func privacyManifestThatIsNotAPlistIsAHighFinding() throws {
        let tree = TemporaryTree()
        tree.write("App/PrivacyInfo.xcprivacy", "{ \"NSPrivacyTracking\": false }\n")
        let result = try scan(tree)
        let findings = result.findings.filter { $0.file == "App/PrivacyInfo.xcprivacy" }
        #expect(findings.map(\.ruleId) == ["privacy.manifest-invalid"])
        #expect(findings.first?.severity == .high)
        #expect(diagnostics(result, "App/PrivacyInfo.xcprivacy").isEmpty)
    }
}

@Suite struct InterfaceFileInputTests {
    static let field =
        #"<textField placeholder="Password" id="p1"><textInputTraits key="textInputTraits"/></textField>"#

    @Test func truncatedStoryboardGivesOneDiagnosticAndFieldsBeforeTheBreakStillCount() {
        let xml =
            "<?xml version=\"1.0\"?>\n<document>\n<objects>\n\(Self.field)\n<textField placeholder=\"PIN\" id=\"p2\">\n"
        let result = SourceAnalysis.analyze(files: [("App/Main.storyboard", xml)])
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.file == "App/Main.storyboard")
        #expect(result.diagnostics.first?.message.contains("not well-formed") == true)
        #expect(result.findings.filter { $0.ruleId == "storage.keyboard-cache" }.map(\.line).contains(4))
    }

    @Test func garbageAndEmptyInterfaceFilesNeverCrash() {
        for text in [
            "", "not xml at all", "<document>", "\u{FEFF}<?xml?><document/>", String(repeating: "<a>", count: 5_000)
        ] {
            let result = SourceAnalysis.analyze(files: [("App/View.xib", text)])
            #expect(result.findings.isEmpty)
        }
    }

    @Test func findingsPointAtTheFieldLine() {
        let xml = "<?xml version=\"1.0\"?>\n<document>\n  <objects>\n    \(Self.field)\n  </objects>\n</document>\n"
        let finding = SourceAnalysis.analyze(files: [("App/Main.storyboard", xml)]).findings.first
        #expect(finding?.ruleId == "storage.keyboard-cache")
        #expect(finding?.line == 4)
        #expect(finding?.column == 5)
    }
}

@Suite struct CoreDataModelInputTests {
    static let path = "App/Wallet.xcdatamodeld/Wallet.xcdatamodel/contents"
    static let head = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Account" representedClassName="Account" syncable="YES">
                <attribute name="email" optional="YES" attributeType="String"/>
                <attribute name="accessToken" optional="YES" attributeType="String"/>
        """

    @Test func modelFindingNamesTheAttributesAndPointsAtTheFirst() {
        let xml = Self.head + "\n        <attribute name=\"pin\" attributeType=\"String\"/>\n    </entity>\n</model>\n"
        let result = SourceAnalysis.analyze(files: [(Self.path, xml)])
        let findings = result.findings.filter { $0.ruleId == "storage.database-unencrypted" }
        #expect(findings.count == 1)
        #expect(findings.first?.line == 5)
        #expect(findings.first?.column == 9)
        #expect(findings.first?.message.contains("Account.accessToken, Account.pin") == true, "\(findings)")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func truncatedModelGivesOneDiagnosticAndAttributesBeforeTheBreakStillCount() {
        let result = SourceAnalysis.analyze(files: [(Self.path, Self.head + "\n        <attribute name=\"pin")])
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.file == Self.path)
        #expect(result.diagnostics.first?.message.contains("ends inside a tag") == true, "\(result.diagnostics)")
        #expect(result.findings.filter { $0.ruleId == "storage.database-unencrypted" }.map(\.line) == [5])
    }

    @Test func garbageModelsNeverCrashAndSayWhy() {
        for text in [
            "", "not xml", "<model", "<entity name=\"A\"><attribute name=\"password\"/>",
            String(repeating: "<a ", count: 5_000)
        ] {
            let result = SourceAnalysis.analyze(files: [(Self.path, text)])
            #expect(result.diagnostics.count == 1, "\(text.prefix(20)): \(result.diagnostics)")
        }
    }

    @Test func onlyModelContentsFilesAreModels() {
        #expect(FileKind.of(path: Self.path) == .coreDataModel)
        #expect(FileKind.of(path: "App/contents") == nil)
        #expect(FileKind.of(path: "Docs/Model.xcdatamodel.md") == nil)
    }

    @Test func onlyTheNewestModelVersionIsReported() {
        let old = "App/Store.xcdatamodeld/Store 9.xcdatamodel/contents"
        let new = "App/Store.xcdatamodeld/Store 10.xcdatamodel/contents"
        let first = "App/Store.xcdatamodeld/Store.xcdatamodel/contents"
        #expect(CoreDataModelMatcher.currentVersions([first, new, old]) == [new])
        let xml = Self.head + "\n    </entity>\n</model>\n"
        let result = SourceAnalysis.analyze(files: [(old, xml), (new, xml), (first, xml)])
        #expect(result.findings.filter { $0.ruleId == "storage.database-unencrypted" }.map(\.file) == [new])
        // The newest version dropped the token: nothing to report, whatever older versions held.
        let clean = "<model>\n<entity name=\"Account\"><attribute name=\"email\"/></entity>\n</model>\n"
        #expect(SourceAnalysis.analyze(files: [(old, xml), (new, clean)]).findings.isEmpty)
    }
}
