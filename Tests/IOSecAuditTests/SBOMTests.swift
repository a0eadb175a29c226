import Foundation
import IOSecAudit
import IOSecFixtures
import IOSecTestSupport
import Testing

/// `iosec sbom`: components of a built app and of a project's lock files, as CycloneDX 1.6.
@Suite struct SBOMTests {
    static func components(_ path: String) throws -> [SBOMComponent] {
        SBOM.components(of: try Scanner(options: ScanOptions(jobs: 2), rules: RuleSet.all.only([])).scan(path))
    }

    @Test func aBuiltAppListsItsFrameworksWithHashesAndManifests() throws {
        let tree = TemporaryTree()
        let ipa = tree.write("HardenedApp.ipa", bytes: [UInt8](try SampleApps.hardenedIPA()))
        let components = try Self.components(ipa)
        #expect(components.map(\.name).sorted() == ["Kingfisher", "ModernKit"])
        let kingfisher = try #require(components.first { $0.name == "Kingfisher" })
        #expect(kingfisher.kind == .framework && kingfisher.bundleID == "org.sdk.Kingfisher")
        #expect(kingfisher.privacyManifest == true && kingfisher.signingTeam == "ABCDE12345")
        #expect(kingfisher.sha256?.count == 64 && kingfisher.source == "Frameworks/Kingfisher.framework")
        #expect(components.first { $0.name == "ModernKit" }?.privacyManifest == false)
        // The JSON scan report links the SBOM.
        let report = JSONReporter().render(try Scanner(options: ScanOptions(jobs: 2)).scan(ipa))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let sbom = try #require(document["sbom"] as? [String: Any])
        #expect(sbom["components"] as? Int == 2 && sbom["command"] as? String == "iosec sbom \(ipa)")
    }

    @Test func lockFilesGiveDependenciesWithPackageURLs() throws {
        let tree = TemporaryTree()
        tree.write(
            "Acme.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved",
            """
            { "pins" : [ { "identity" : "alamofire", "location" : "https://github.com/Alamofire/Alamofire.git",
                           "state" : { "revision" : "f455c29", "version" : "5.9.1" } } ], "version" : 2 }
            """)
        tree.write(
            "Podfile.lock",
            "PODS:\n  - Firebase/Core (10.20.0):\n    - FirebaseAnalytics (= 10.20.0)\n  - FirebaseAnalytics (10.20.0)\n\nCOCOAPODS: 1.14.3\n"
        )
        tree.write("Cartfile.resolved", "github \"ReactiveX/RxSwift\" \"6.6.0\"\n")
        // The dependencies' own lock files and a broken one are not components of the app.
        tree.write("Pods/Manifest.lock", "PODS:\n  - Evil (1.0)\n")
        tree.write(".build/checkouts/x/Package.resolved", #"{"pins":[{"identity":"inner"}]}"#)
        tree.write("Tools/Package.resolved", "{ not json")
        let components = try Self.components(tree.root)
        #expect(
            components.map(\.purl) == [
                "pkg:swift/github.com/Alamofire/Alamofire@5.9.1", "pkg:github/reactivex/rxswift@6.6.0",
                "pkg:cocoapods/Firebase@10.20.0", "pkg:cocoapods/FirebaseAnalytics@10.20.0"
            ])
        #expect(components.first?.source == "Acme.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
    }

    @Test func theDocumentIsCycloneDXAndTheSameInputGivesTheSameSerial() throws {
        let component = SBOMComponent(
            kind: .framework, name: "Kit", version: "1.0", purl: nil, bundleID: "org.kit",
            sha256: String(repeating: "a", count: 64),
            signingTeam: nil, privacyManifest: true, source: "Frameworks/Kit.framework")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let text = SBOM.cycloneDX([component, component], appName: "App", appVersion: "2.1", timestamp: date)
        #expect(text == SBOM.cycloneDX([component, component], appName: "App", appVersion: "2.1", timestamp: date))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["bomFormat"] as? String == "CycloneDX" && document["specVersion"] as? String == "1.6")
        #expect((document["serialNumber"] as? String)?.hasPrefix("urn:uuid:") == true)
        let refs = (document["components"] as? [[String: Any]])?.compactMap { $0["bom-ref"] as? String }
        #expect(refs == ["framework:Kit@1.0", "framework:Kit@1.0#2"], "bom-refs must be unique")
    }

    @Test(
        .enabled(
            if: (try? GitLabSchema.python(["-c", "import cyclonedx.schema, jsonschema, referencing"]).status) == 0,
            "needs Python's cyclonedx-python-lib and jsonschema (.ci/run installs them)"))
    func exampleSBOMsValidateAgainstTheCycloneDXSchema() throws {
        let tree = TemporaryTree()
        let ipa = tree.write("InsecureApp.ipa", bytes: [UInt8](try SampleApps.insecureIPA(profile: nil)))
        tree.write("project/Podfile.lock", "PODS:\n  - Alamofire (5.8.1)\n")
        for path in [ipa, tree.root + "/project"] {
            let text = SBOM.cycloneDX(try Self.components(path), appName: "App", appVersion: nil)
            let file = tree.write("sbom-\(path.count).json", text)
            let run = try GitLabSchema.python([GitLabSchema.script.path, "cyclonedx", file])
            #expect(run.status == 0, "\(run.output)")
        }
    }
}
