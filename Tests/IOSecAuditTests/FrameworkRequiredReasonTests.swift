import Foundation
import IOSecAudit
import IOSecFixtures
import IOSecTestSupport
import Testing

/// `privacy.framework-required-reason`: an embedded framework's required-reason imports against its own manifest.
/// The rule reads the bundle layout and the framework's manifests, so its examples are whole IPAs.
@Suite struct FrameworkRequiredReasonTests {
    static let id = "privacy.framework-required-reason"

    /// An app embedding one framework `name` whose binary imports `imports`, with `manifest` (a category declared
    /// with a reason) inside it, or none; `appDeclares` puts a category in the app's own manifest.
    static func findings(
        _ name: String = "CacheKit", imports: [String], manifest: String?, appDeclares: String? = nil
    ) throws -> [Finding] {
        var ipa = IPABuilder()
        try BuiltAppTests.minimalApp(&ipa)
        let framework = "Payload/App.app/Frameworks/\(name).framework"
        ipa.add(
            framework + "/Info.plist",
            try SampleApps.infoPlist(executable: name, bundleID: "org.sdk.\(name)", name: name))
        var binary = SampleApps.hardenedFramework()
        binary.installName = "@rpath/\(name).framework/\(name)"
        binary.symbols = (binary.symbols ?? []) + imports.map { .undefined($0) }
        ipa.add(framework + "/" + name, binary.build())
        if let manifest { ipa.add(framework + "/PrivacyInfo.xcprivacy", Self.manifest(manifest)) }
        if let appDeclares { ipa.add("Payload/App.app/PrivacyInfo.xcprivacy", Self.manifest(appDeclares)) }
        let result = try SourceAnalysis.analyzeIPA(try ipa.build(), rules: RuleSet.all.only(id))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return result.activeFindings.filter { $0.ruleId == id }
    }

    static func manifest(_ category: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSPrivacyAccessedAPITypes</key><array><dict>
            <key>NSPrivacyAccessedAPIType</key><string>\(category)</string>
            <key>NSPrivacyAccessedAPITypeReasons</key><array><string>C617.1</string></array>
            </dict></array></dict></plist>
            """.utf8)
    }

    @Test func undeclaredImportsAreReportedPerCategory() throws {
        let found = try Self.findings(
            imports: ["_stat", "_OBJC_CLASS_$_NSUserDefaults", "_mach_absolute_time"],
            manifest: "NSPrivacyAccessedAPICategoryUserDefaults")
        #expect(found.map(\.file) == ["Payload/App.app/Frameworks/CacheKit.framework/CacheKit"])
        let message = try #require(found.first?.message)
        #expect(message.contains("file timestamp APIs (_stat)"))
        #expect(message.contains("system boot time APIs (_mach_absolute_time)"))
        #expect(!message.contains("UserDefaults (_OBJC"))
        #expect(message.contains("ITMS-91053"))
        #expect(message.contains("does not declare them"))
    }

    @Test func aFrameworkWithoutAManifestIsReportedEvenWhenTheAppDeclares() throws {
        // The app's manifest speaks for the app's code, not for an SDK's.
        let found = try Self.findings(
            imports: ["_NSURLVolumeAvailableCapacityKey"], manifest: nil,
            appDeclares: "NSPrivacyAccessedAPICategoryDiskSpace")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("disk space APIs") == true)
        #expect(found.first?.message.contains("it has no PrivacyInfo.xcprivacy") == true)
    }

    @Test func declaredImportsAndOtherSymbolsStayQuiet() throws {
        // A declared category; `statistics` and `_NSStringFromClass` are not required-reason APIs.
        let fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
        #expect(
            try Self.findings(
                imports: ["_fstat", "_statistics", "_NSStringFromClass"], manifest: fileTimestamp
            ).isEmpty)
        #expect(try Self.findings(imports: ["_objc_msgSend", "_NSLog"], manifest: nil).isEmpty)
        // `getattrlist` reads timestamps and disk space: only the undeclared one is reported.
        let both = try Self.findings(imports: ["_getattrlist$UNIX2003"], manifest: fileTimestamp)
        #expect(both.count == 1)
        #expect(both.first?.message.contains("disk space APIs (_getattrlist$UNIX2003)") == true)
        #expect(both.first?.message.contains("file timestamp") == false)
    }

    @Test func aListedSDKWithoutAnyManifestIsLeftToSDKManifestMissing() throws {
        #expect(try Self.findings("Alamofire", imports: ["_stat"], manifest: nil).isEmpty)
    }
}
