import Foundation
import IOSecAudit
import IOSecFixtures
import IOSecTestSupport
import Testing

/// Built apps end to end: IPAs, `.app` and `.xcarchive` folders and lone Mach-O files, scanned as a user scans them,
/// including every malformed shape a hostile IPA can take.
@Suite struct BuiltAppTests {
    static let binaryRuleIds: Set<String> = Set(
        RuleRegistry.binaryRules.map { $0.description.id }.filter { $0.hasPrefix("binary.") })

    static func scan(_ path: String, options: ScanOptions = ScanOptions(jobs: 2)) throws -> ScanResult {
        try Scanner(options: options).scan(path)
    }

    static func ipa(_ tree: TemporaryTree, _ name: String = "App.ipa", _ build: (inout IPABuilder) -> Void) throws
        -> String
    {
        var builder = IPABuilder()
        build(&builder)
        return tree.write(name, bytes: [UInt8](try builder.build()))
    }

    static func minimalApp(_ ipa: inout IPABuilder, executable: String = "App") throws {
        ipa.add(
            "Payload/App.app/Info.plist",
            try SampleApps.infoPlist(executable: executable, bundleID: "com.example.app", name: "App"))
        ipa.add("Payload/App.app/App", SampleApps.hardenedExecutable().build())
    }

    @Test func profilesKeptInAProjectAreNotReported() throws {
        let tree = TemporaryTree()
        tree.write(
            "Signing/App_AdHoc.mobileprovision",
            bytes: try SampleProfiles.adHoc(expires: Date(timeIntervalSince1970: 0)))
        tree.write("App/Main.swift", "print(1)\n")
        let result = try Self.scan(tree.root)
        #expect(!result.activeFindings.contains { $0.ruleId.hasPrefix("binary.") })
        #expect(result.appSummary == nil)
    }

    @Test func insecureIPAReportsEveryBinaryRule() throws {
        let tree = TemporaryTree()
        let path = tree.write("InsecureApp.ipa", bytes: [UInt8](try SampleApps.insecureIPA(profile: nil)))
        let result = try Self.scan(path)
        let ids = Set(result.activeFindings.map(\.ruleId))
        #expect(
            Self.binaryRuleIds.subtracting([
                "binary.provisioning-development", "binary.profile-expired", "binary.entitlements-profile-mismatch"
            ]).isSubset(
                of: ids), "missing: \(Self.binaryRuleIds.subtracting(ids).sorted())")
        #expect(
            ids.isSuperset(of: [
                "platform.uiwebview", "network.ats-arbitrary-loads", "secrets.hardcoded",
                "privacy.sdk-manifest-missing",
                "privacy.framework-required-reason"
            ]))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let app = try #require(result.appSummary)
        #expect(app.bundleID == "com.example.insecure" && app.version == "1.4.2" && app.minimumOS == "15.0")
        #expect(app.architectures == ["arm64"] && app.teamID == "ABCDE12345")
        #expect(app.frameworks == ["Alamofire.framework", "LegacyKit.framework"] && app.extensions == ["Share.appex"])
        #expect(
            result.activeFindings.contains {
                $0.file == "Payload/InsecureApp.app/Frameworks/LegacyKit.framework/LegacyKit"
            })
    }

    @Test func hardenedIPAReportsNothing() throws {
        let tree = TemporaryTree()
        let path = tree.write("HardenedApp.ipa", bytes: [UInt8](try SampleApps.hardenedIPA()))
        let result = try Self.scan(path)
        #expect(
            result.activeFindings.isEmpty, "\(result.activeFindings.map { "\($0.ruleId) \($0.file): \($0.message)" })")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.appSummary?.languages == "Swift and Objective-C")
        #expect(result.filesScanned == 6)  // Info.plist, three binaries, the app's and Kingfisher's privacy manifests
    }

    @Test func appFolderArchiveAndLoneBinary() throws {
        let tree = TemporaryTree()
        let info = try SampleApps.infoPlist(executable: "App", bundleID: "com.example.app", name: "App")
        let binary = SampleApps.insecureExecutable().build()
        tree.write("Build/App.app/Info.plist", bytes: info)
        tree.write("Build/App.app/App", bytes: binary)
        let folder = try Self.scan(tree.root + "/Build/App.app")
        #expect(folder.activeFindings.contains { $0.ruleId == "binary.no-pie" && $0.file == "App.app/App" })
        #expect(folder.appSummary?.input == "app")

        tree.write("Acme.xcarchive/Products/Applications/App.app/Info.plist", bytes: info)
        tree.write("Acme.xcarchive/Products/Applications/App.app/App", bytes: binary)
        // A dSYM is debug information by design: not part of the app.
        tree.write("Acme.xcarchive/dSYMs/App.app.dSYM/Contents/Resources/DWARF/App", bytes: binary)
        let archive = try Self.scan(tree.root + "/Acme.xcarchive")
        #expect(archive.appSummary?.input == "xcarchive")
        #expect(
            archive.activeFindings.allSatisfy { $0.file.hasPrefix("Acme.xcarchive/Products/Applications/App.app/") })
        #expect(archive.activeFindings.contains { $0.ruleId == "binary.no-pie" })

        let lone = try Self.scan(tree.write("bin/App", bytes: binary))
        #expect(lone.appSummary?.input == "mach-o")
        #expect(lone.activeFindings.contains { $0.ruleId == "binary.no-pie" && $0.file == "App" })
    }

    @Test func entriesThatClimbOutOrLinkAreRefused() throws {
        let tree = TemporaryTree()
        let path = try Self.ipa(tree) { ipa in
            try? Self.minimalApp(&ipa)
            ipa.add("Payload/App.app/../../evil.plist", text: "<plist><dict/></plist>")
            ipa.add("/etc/passwd.plist", text: "<plist><dict/></plist>")
            ipa.entries.append(.symlink("Payload/App.app/Secrets.plist", target: "/etc/passwd"))
        }
        let result = try Self.scan(path)
        let messages = result.diagnostics.map { "\($0.file): \($0.message)" }
        #expect(messages.filter { $0.contains("climbs out") }.count == 2, "\(messages)")
        #expect(messages.contains { $0.contains("Payload/App.app/Secrets.plist: symbolic link") }, "\(messages)")
        #expect(result.filesScanned == 2)
        #expect(!FileManager.default.fileExists(atPath: tree.root + "/evil.plist"))
    }

    @Test func zipBombAndLyingSizesAreStoppedByTheLimits() throws {
        let tree = TemporaryTree()
        // An executable padded with 64 MB of zeros compresses about 1000:1. (Other files stop sooner, at the file
        // size limit; binaries are only bounded by the bundle limits.)
        let bomb = try Self.ipa(tree, "Bomb.ipa") { ipa in
            ipa.add(
                "Payload/App.app/Info.plist",
                (try? SampleApps.infoPlist(executable: "App", bundleID: "com.example.app", name: "App")) ?? [])
            ipa.add(
                "Payload/App.app/App", SampleApps.insecureExecutable().build() + [UInt8](repeating: 0, count: 64 << 20))
        }
        let bombed = try Self.scan(bomb)
        #expect(
            bombed.diagnostics.contains { $0.file == "Payload/App.app/App" && $0.message.contains("zip bomb") },
            "\(bombed.diagnostics)")
        #expect(!bombed.activeFindings.contains { $0.ruleId.hasPrefix("binary.") })

        // An entry that claims 4 GB but holds a few bytes: refused from the claim, nothing allocated.
        var builder = IPABuilder()
        try Self.minimalApp(&builder)
        let lying = IPABuilder.claimSize(0xFFFF_FFF0, of: "Payload/App.app/App", in: try builder.build())
        let lied = try Self.scan(tree.write("Lying.ipa", bytes: [UInt8](lying)))
        #expect(
            lied.diagnostics.contains { $0.file == "Payload/App.app/App" && $0.message.contains("claims 4.0 GB") },
            "\(lied.diagnostics)")
        #expect(lied.filesScanned == 1)  // the Info.plist

        // A stated size that is too small: decompression stops at the ratio cap, whatever the header says.
        var small = IPABuilder()
        small.add(
            "Payload/App.app/Info.plist",
            try SampleApps.infoPlist(executable: "App", bundleID: "com.example.app", name: "App"))
        small.add(
            "Payload/App.app/App", SampleApps.insecureExecutable().build() + [UInt8](repeating: 0, count: 64 << 20))
        let understated = IPABuilder.claimSize(1000, of: "Payload/App.app/App", in: try small.build())
        let under = try Self.scan(tree.write("Understated.ipa", bytes: [UInt8](understated)))
        #expect(
            under.diagnostics.contains { $0.file == "Payload/App.app/App" && $0.message.contains("decompressed past") },
            "\(under.diagnostics)")
    }

    @Test func smallerLimitsSayWhichLimitStoppedWhat() throws {
        let tree = TemporaryTree()
        let path = tree.write("InsecureApp.ipa", bytes: [UInt8](try SampleApps.insecureIPA(profile: nil)))
        var options = ScanOptions(jobs: 1)
        options.bundleLimits = BundleLimits(maxEntries: 3)
        let result = try Scanner(options: options).scan(path)
        #expect(result.diagnostics.contains { $0.message.contains("more than 3 entries") }, "\(result.diagnostics)")
    }

    @Test func brokenArchivesAreOneClearError() throws {
        let tree = TemporaryTree()
        let good = [UInt8](try SampleApps.hardenedIPA())
        for (name, bytes) in [
            ("Empty.ipa", [UInt8]()), ("Random.ipa", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761) }),
            ("Truncated.ipa", Array(good.prefix(good.count / 2))), ("Text.ipa", Array("not a zip".utf8))
        ] {
            let path = tree.write(name, bytes: bytes)
            #expect(throws: ScanError.self, "\(name)") { try Self.scan(path) }
        }
        let noPayload = try Self.ipa(tree, "NoPayload.ipa") { $0.add("README.txt", text: "hello") }
        do {
            _ = try Self.scan(noPayload)
            Issue.record("an archive without Payload/*.app must not scan")
        } catch let error as ScanError {
            #expect(error.description.contains("no Payload/<App>.app inside"))
        }
    }

    @Test func damagedPartsGiveDiagnosticsAndTheRestIsScanned() throws {
        let tree = TemporaryTree()
        let path = try Self.ipa(tree) { ipa in
            ipa.add(
                "Payload/App.app/Info.plist",
                (try? SampleApps.infoPlist(executable: "../../App", bundleID: "com.example.app", name: "App")) ?? [])
            ipa.add("Payload/App.app/App", SampleApps.insecureExecutable().build())
            ipa.add(
                "Payload/App.app/Frameworks/Broken.framework/Info.plist",
                (try? SampleApps.infoPlist(executable: "Broken", bundleID: "b", name: "B")) ?? [])
            ipa.add(
                "Payload/App.app/Frameworks/Broken.framework/Broken",
                Array(SampleApps.hardenedFramework().build().prefix(40)))
            ipa.add("Payload/App.app/Frameworks/Other.framework/Info.plist", Array("{ broken".utf8))
        }
        let result = try Self.scan(path)
        let messages = result.diagnostics.map { "\($0.file): \($0.message)" }
        #expect(
            messages.contains { $0.contains("CFBundleExecutable '../../App' is not a single file name") }, "\(messages)"
        )
        #expect(
            messages.contains {
                $0.hasPrefix("Payload/App.app/Frameworks/Broken.framework/Broken: not a readable Mach-O")
            }, "\(messages)")
        #expect(
            messages.contains { $0.hasPrefix("Payload/App.app/Frameworks/Other.framework/Info.plist") }, "\(messages)")
    }

    @Test func sameIPASameJSONWhateverTheJobs() throws {
        let tree = TemporaryTree()
        let path = tree.write("InsecureApp.ipa", bytes: [UInt8](try SampleApps.insecureIPA(profile: nil)))
        var renders: [String] = []
        for jobs in [1, 8] {
            var result = try Self.scan(path, options: ScanOptions(jobs: jobs))
            result.durationSeconds = 0
            renders.append(JSONReporter().render(result))
        }
        #expect(renders[0] == renders[1])
        #expect(renders[0].contains("\"bundleID\" : \"com.example.insecure\""))
    }
}
