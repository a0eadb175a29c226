import Foundation
@testable import IOSecAudit
import IOSecCore
import Testing

/// Which target compiles a file comes from the project file: its Sources build phase (file references resolved
/// through their groups) or its synchronized folders, and the Info.plist that speaks for the file is that target's,
/// not the one that happens to sit nearest to it.
@Suite struct TargetMembershipTests {
    /// An app that compiles `Scanner/Camera.swift` with `App/Info.plist`, a watch app that compiles a
    /// synchronized folder `Watch/` except `Watch/Legacy.swift`, and a unit-test bundle.
    static let project = """
        // !$*UTF8*$!
        {
            objects = {
                A0000000000000000000000A = { isa = PBXGroup; children = (A0000000000000000000000B, A0000000000000000000000W); sourceTree = "<group>"; };
                A0000000000000000000000B = { isa = PBXGroup; children = (A0000000000000000000000C); path = Scanner; sourceTree = "<group>"; };
                A0000000000000000000000C = { isa = PBXFileReference; path = Camera.swift; sourceTree = "<group>"; };
                A0000000000000000000000D = { isa = PBXBuildFile; fileRef = A0000000000000000000000C; };
                A0000000000000000000000E = { isa = PBXSourcesBuildPhase; files = (A0000000000000000000000D); };
                A0000000000000000000000F = { isa = PBXFileReference; path = "../Shared/Keys.swift"; sourceTree = SOURCE_ROOT; };
                A0000000000000000000001F = { isa = PBXBuildFile; fileRef = A0000000000000000000000F; };
                A0000000000000000000002F = { isa = PBXSourcesBuildPhase; files = (A0000000000000000000001F); };
                A0000000000000000000000W = { isa = PBXFileSystemSynchronizedRootGroup; exceptions = (A0000000000000000000000X); path = Watch; sourceTree = "<group>"; };
                A0000000000000000000000X = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Legacy.swift); target = A0000000000000000000000T; };
                A0000000000000000000000P = {
                    isa = PBXNativeTarget;
                    buildConfigurationList = A0000000000000000000000L;
                    buildPhases = (A0000000000000000000000E);
                    name = Acme;
                    productType = "com.apple.product-type.application";
                };
                A0000000000000000000000L = { isa = XCConfigurationList; buildConfigurations = (A0000000000000000000000R); };
                A0000000000000000000000R = { isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = "App/Info.plist"; }; name = Release; };
                A0000000000000000000000T = {
                    isa = PBXNativeTarget;
                    buildConfigurationList = A0000000000000000000000M;
                    buildPhases = ();
                    fileSystemSynchronizedGroups = (A0000000000000000000000W);
                    name = AcmeWatch;
                    productType = "com.apple.product-type.application";
                };
                A0000000000000000000000M = { isa = XCConfigurationList; buildConfigurations = (A0000000000000000000000S); };
                A0000000000000000000000S = { isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = "$(SRCROOT)/Watch-Info.plist"; }; name = Release; };
                A0000000000000000000000U = {
                    isa = PBXNativeTarget;
                    buildPhases = (A0000000000000000000002F);
                    name = AcmeTests;
                    productType = "com.apple.product-type.bundle.unit-test";
                };
            };
            rootObject = A0000000000000000000000A;
        }
        """

    static func plist(_ keys: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>UILaunchStoryboardName</key>
            <string>LaunchScreen</string>
        \(keys)
        </dict>
        </plist>
        """
    }

    static let cameraKey = """
        <key>NSCameraUsageDescription</key>
        <string>Acme uses the camera to scan the QR code on your bill.</string>
        """

    @Test func sourcesFoldersAndInfoPlistsOfEachTarget() throws {
        let membership = try XcodeTargetMembership.parse(Data(Self.project.utf8))
        let byName = Dictionary(uniqueKeysWithValues: membership.targets.map { ($0.name, $0) })
        #expect(byName["Acme"]?.sources == ["Scanner/Camera.swift"])
        #expect(byName["Acme"]?.infoPlistFiles == ["App/Info.plist"])
        #expect(byName["Acme"]?.isTest == false)
        #expect(byName["AcmeWatch"]?.folders.map(\.path) == ["Watch"])
        #expect(byName["AcmeWatch"]?.folders.map(\.exceptions) == [["Legacy.swift"]])
        #expect(byName["AcmeTests"]?.sources == ["../Shared/Keys.swift"])
        #expect(byName["AcmeTests"]?.isTest == true)
    }

    @Test func aGroupCycleEndsWithoutAPath() throws {
        let cyclic = """
            { objects = {
                B0000000000000000000000A = { isa = PBXGroup; children = (B0000000000000000000000B); path = a; };
                B0000000000000000000000B = { isa = PBXGroup; children = (B0000000000000000000000A, B0000000000000000000000C); path = b; };
                B0000000000000000000000C = { isa = PBXFileReference; path = X.swift; };
                B0000000000000000000000D = { isa = PBXBuildFile; fileRef = B0000000000000000000000C; };
                B0000000000000000000000E = { isa = PBXSourcesBuildPhase; files = (B0000000000000000000000D); };
                B0000000000000000000000F = { isa = PBXNativeTarget; buildPhases = (B0000000000000000000000E); name = T; };
            }; }
            """
        let membership = try XcodeTargetMembership.parse(Data(cyclic.utf8))
        #expect(membership.targets.map(\.sources) == [[]])
    }

    /// The watch app's Info.plist sits nearest to the camera code, but the app target compiles it, and the app
    /// declares the purpose string.
    @Test func thePurposeStringOfTheTargetThatCompilesTheCode() throws {
        let tree = TemporaryTree()
        tree.write("Acme.xcodeproj/project.pbxproj", Self.project)
        tree.write("App/Info.plist", Self.plist(Self.cameraKey))
        tree.write("Watch-Info.plist", Self.plist(""))
        tree.write("Scanner/Camera.swift", "let session = AVCaptureSession()\n")
        let result = try Scanner(options: ScanOptions(jobs: 1)).scan(tree.root)
        #expect(result.findings.filter { $0.ruleId == "privacy.usage-description" }.isEmpty)

        // The watch app compiles its folder: camera code there needs the watch app's own purpose string.
        tree.write("Watch/Scan.swift", "let session = AVCaptureSession()\n")
        let watch = try Scanner(options: ScanOptions(jobs: 1)).scan(tree.root)
        let missing = watch.findings.filter { $0.ruleId == "privacy.usage-description" }
        #expect(missing.map(\.file) == ["Watch-Info.plist"])
        #expect(missing.first?.message.contains("Watch/Scan.swift") == true)
    }

    /// A purpose string only in a localized table (`<name>Plist.strings`, which Xcode ships as InfoPlist.strings) reaches
    /// the prompt through the localized info dictionary: still reported, at low confidence, naming the table.
    @Test func aPurposeStringOnlyInALocalizedTableIsLowConfidence() throws {
        let tree = TemporaryTree()
        tree.write("App/Info.plist", Self.plist(""))
        tree.write(
            "App/Lock.swift",
            "func unlock() { context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: r) { _, _ in } }\n")
        var options = ScanOptions(jobs: 1)
        options.minimumConfidence = .low
        let bare = try Scanner(options: options).scan(tree.root).findings.filter {
            $0.ruleId == "privacy.usage-description"
        }
        #expect(bare.map(\.confidence) == [.high])

        tree.write("App/en.lproj/AppPlist.strings", #""NSFaceIDUsageDescription" = "Unlock Acme with Face ID";"# + "\n")
        let localized = try Scanner(options: options).scan(tree.root).findings.filter {
            $0.ruleId == "privacy.usage-description"
        }
        #expect(localized.map(\.confidence) == [.low])
        #expect(
            localized.first?.message.contains("only in localized strings (App/en.lproj/AppPlist.strings:1)") == true)
    }
}

/// Source that only test targets compile is test code, whatever its folder is called; source a target's synchronized
/// folder excepts and no target compiles is in no build; source a shipping target compiles, or no target lists, keeps
/// the context its path gives.
@Suite struct TargetMembershipStageTests {
    @Test func filesOnlyTestTargetsCompileAreTestCode() throws {
        let tree = TemporaryTree()
        // The watch target reads `Watch/Info.plist`, which its synchronized folder therefore excepts.
        let project = TargetMembershipTests.project
            .replacingOccurrences(
                of: "membershipExceptions = (Legacy.swift)", with: "membershipExceptions = (Legacy.swift, Info.plist)"
            )
            .replacingOccurrences(of: "$(SRCROOT)/Watch-Info.plist", with: "Watch/Info.plist")
        tree.write("App/Acme.xcodeproj/project.pbxproj", project)
        let store = "func keep(_ authToken: String) { UserDefaults.standard.set(authToken, forKey: \"authToken\") }\n"
        tree.write("Shared/Keys.swift", store)
        tree.write("App/Scanner/Camera.swift", store)
        tree.write("Loose/Extra.swift", store)
        tree.write("App/Watch/Legacy.swift", store)
        tree.write("App/Watch/Face.swift", store)
        // A synchronized folder excepts its target's Info.plist, which the target reads as its Info.plist.
        tree.write(
            "App/Watch/Info.plist",
            TargetMembershipTests.plist(
                "<key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>"))
        var options = ScanOptions(jobs: 2)
        options.includedContexts = Set(CodeContext.allCases)
        let all = try Scanner(options: options).scan(tree.root).findings
        #expect(all.first { $0.ruleId == "network.ats-arbitrary-loads" }?.context == .app)
        let found = all.filter { $0.ruleId == "storage.userdefaults-secret" }
        let contexts = Dictionary(found.map { ($0.file, $0.context) }, uniquingKeysWith: { a, _ in a })
        #expect(
            contexts == [
                "Shared/Keys.swift": .test, "App/Scanner/Camera.swift": .app, "Loose/Extra.swift": .app,
                "App/Watch/Legacy.swift": .unreferenced, "App/Watch/Face.swift": .app
            ])
        let shared = try #require(found.first { $0.file == "Shared/Keys.swift" })
        #expect(shared.message.contains("only test targets of the Xcode project compile this file"))
    }
}
