import Foundation
@testable import IOSecAudit
import Testing

/// What ships is what a scheme archives: `code.debug-build-settings` reads the Archive action of the project's
/// `.xcscheme` files, and judges a configuration by its name only when the repository has no scheme.
@Suite struct ArchivedConfigurationTests {
    static func scheme(_ configuration: String, container: String = "container:Acme.xcodeproj") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Scheme
           LastUpgradeVersion = "1600"
           version = "1.7">
           <BuildAction>
              <BuildActionEntries>
                 <BuildActionEntry buildForArchiving = "YES">
                    <BuildableReference
                       BuildableIdentifier = "primary"
                       BlueprintName = "Acme"
                       ReferencedContainer = "\(container)">
                    </BuildableReference>
                 </BuildActionEntry>
              </BuildActionEntries>
           </BuildAction>
           <ArchiveAction
              buildConfiguration = "\(configuration)"
              revealArchiveInOrganizer = "YES">
           </ArchiveAction>
        </Scheme>
        """
    }

    /// An app target with Staging (DEBUG and -Onone) and Release (-Onone only) configurations.
    static let project = """
        // !$*UTF8*$!
        {
            objects = {
                E1000000000000000000000A = {
                    isa = PBXNativeTarget;
                    buildConfigurationList = E1000000000000000000000B;
                    name = Acme;
                };
                E1000000000000000000000B = {
                    isa = XCConfigurationList;
                    buildConfigurations = (E1000000000000000000000C, E1000000000000000000000D);
                };
                E1000000000000000000000C = {
                    isa = XCBuildConfiguration;
                    buildSettings = {
                        SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG STAGING";
                        SWIFT_OPTIMIZATION_LEVEL = "-Onone";
                    };
                    name = Staging;
                };
                E1000000000000000000000D = {
                    isa = XCBuildConfiguration;
                    buildSettings = {
                        SWIFT_OPTIMIZATION_LEVEL = "-Onone";
                    };
                    name = Release;
                };
            };
            rootObject = E1000000000000000000000A;
        }
        """

    func findings(_ files: [(String, String)]) throws -> [Finding] {
        let tree = TemporaryTree()
        for (path, text) in files { tree.write(path, text) }
        let result = try Scanner(options: ScanOptions(jobs: 1)).scan(tree.root)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return result.findings.filter { $0.ruleId == "code.debug-build-settings" }
    }

    @Test func schemeAttributesWithSpacesAroundTheEqualsSign() {
        let scheme = XcodeScheme.parse(Array(Self.scheme("App Store").utf8))
        #expect(scheme.archiveConfiguration == "App Store")
        #expect(scheme.archiveLine == 16)
        #expect(scheme.containers == ["container:Acme.xcodeproj"])
        #expect(scheme.error == nil)
    }

    @Test func containersResolveAgainstTheFolderOfTheProjectOrWorkspace() {
        #expect(
            XcodeScheme.project(
                "container:Acme.xcodeproj", schemeFile: "apps/ios/Acme.xcodeproj/xcshareddata/xcschemes/Acme.xcscheme")
                == "apps/ios/Acme.xcodeproj")
        #expect(
            XcodeScheme.project(
                "container:../Kit/Kit.xcodeproj", schemeFile: "App/App.xcworkspace/xcshareddata/xcschemes/App.xcscheme")
                == "Kit/Kit.xcodeproj")
        #expect(XcodeScheme.project("container:../../x.xcodeproj", schemeFile: "W.xcworkspace/s/S.xcscheme") == nil)
        #expect(XcodeScheme.project("absolute:/tmp/A.xcodeproj", schemeFile: "A.xcodeproj/s/S.xcscheme") == nil)
    }

    @Test func aConfigurationNoSchemeArchivesIsNotReported() throws {
        let found = try findings([
            ("Acme.xcodeproj/project.pbxproj", Self.project),
            ("Acme.xcodeproj/xcshareddata/xcschemes/Acme.xcscheme", Self.scheme("Release"))
        ])
        // Release's -Onone ships (a hardening note: it switches no code on); Staging is never archived.
        #expect(found.map(\.severity) == [.info])
        #expect(found.first?.message.contains("Release configuration, which the scheme “Acme” archives") == true)
    }

    @Test func anInternalFlavourBesideTheUploadedConfigurationIsInfo() throws {
        let found = try findings([
            ("Acme.xcodeproj/project.pbxproj", Self.project),
            ("Acme.xcodeproj/xcshareddata/xcschemes/Acme.xcscheme", Self.scheme("Release")),
            ("Acme.xcodeproj/xcshareddata/xcschemes/Acme Staging.xcscheme", Self.scheme("Staging"))
        ])
        let byMessage = Dictionary(found.map { ($0.message, $0.severity) }, uniquingKeysWith: { a, _ in a })
        // DEBUG only in Staging: Release is what the team uploads, Staging an internal build.
        #expect(byMessage.first { $0.key.hasPrefix("DEBUG") }?.value == .info)
        #expect(byMessage.first { $0.key.hasPrefix("DEBUG") }?.key.contains("beside the Release configuration") == true)
        // -Onone in both: nothing archived is without it, and it is reported as what it is, a hardening note.
        let onone = found.filter { $0.message.hasPrefix("SWIFT_OPTIMIZATION_LEVEL") }
        #expect(onone.map(\.severity) == [.info, .info])
        #expect(onone.allSatisfy { !$0.message.contains("beside the") })
    }

    @Test func withoutSchemesConfigurationNamesDecide() throws {
        let found = try findings([("Acme.xcodeproj/project.pbxproj", Self.project)])
        #expect(found.count == 3)
        // DEBUG switches code on in what ships; -Onone does not.
        #expect(found.filter { $0.message.hasPrefix("DEBUG") }.map(\.severity) == [.medium])
        #expect(found.filter { $0.message.hasPrefix("SWIFT_OPTIMIZATION_LEVEL") }.map(\.severity) == [.info, .info])
    }

    @Test func aProjectNoSchemeNamesIsBuiltWithTheConfigurationsOthersArchive() throws {
        let found = try findings([
            ("Kit/Acme.xcodeproj/project.pbxproj", Self.project),
            (
                "App.xcworkspace/xcshareddata/xcschemes/App.xcscheme",
                Self.scheme("Staging", container: "container:App/App.xcodeproj")
            )
        ])
        #expect(Set(found.map(\.severity)) == [.medium, .info])
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.message.contains("Staging configuration") })
    }

    @Test func aMalformedSchemeIsOneDiagnosticAndTheScanGoesOn() throws {
        let tree = TemporaryTree()
        tree.write("Acme.xcodeproj/project.pbxproj", Self.project)
        tree.write(
            "Acme.xcodeproj/xcshareddata/xcschemes/Broken.xcscheme",
            "<Scheme>\n<ArchiveAction buildConfiguration = Release>")
        let result = try Scanner(options: ScanOptions(jobs: 1)).scan(tree.root)
        let messages = result.diagnostics.filter { $0.file.hasSuffix("Broken.xcscheme") }.map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("not well-formed XML") == true)
        #expect(result.findings.contains { $0.ruleId == "code.debug-build-settings" })
    }
}
