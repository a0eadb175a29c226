import Foundation
import Testing

@testable import IOSecAudit

/// A Mac app that updates itself with Sparkle ships outside the App Store, so App Store Connect's check of
/// required-reason APIs does not apply to it; an iOS app, or a plist an iOS target shares, keeps its finding.
struct OutsideAppStoreTests {
    static func plist(_ keys: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>CFBundleExecutable</key><string>App</string>
        \(keys)
        </dict></plist>
        """
    }

    static let code = """
        import Foundation
        final class Settings {
            func load() -> Bool { UserDefaults.standard.bool(forKey: "onboarded") }
        }
        """

    static func requiredReason(_ plist: String) throws -> Finding {
        let tree = TemporaryTree()
        tree.write("Mac/Info.plist", plist)
        tree.write("Mac/Settings.swift", Self.code)
        var options = ScanOptions(jobs: 1)
        options.minimumConfidence = .low
        let findings = try Scanner(options: options).scan(tree.root).findings
        return try #require(findings.first { $0.ruleId == RequiredReasonAPIRule.description.id })
    }

    @Test func aMacAppThatUpdatesItselfWithSparkleIsLowConfidence() throws {
        let found = try Self.requiredReason(
            Self.plist(
                """
                <key>NSPrincipalClass</key><string>NSApplication</string>
                <key>NSMainStoryboardFile</key><string>Main</string>
                <key>SUFeedURL</key><string>https://example.com/appcast.xml</string>
                """))
        #expect(found.confidence == .low)
        #expect(found.message.contains("updates itself with Sparkle (SUFeedURL, line 7)"))
    }

    @Test func aMacAppFromTheStoreOrAPlistIOSSharesKeepsTheFinding() throws {
        let store = try Self.requiredReason(
            Self.plist("<key>LSMinimumSystemVersion</key><string>13.0</string>"))
        #expect(store.confidence > .low)
        let shared = try Self.requiredReason(
            Self.plist(
                """
                <key>SUFeedURL</key><string>https://example.com/appcast.xml</string>
                <key>UIBackgroundModes</key><array><string>fetch</string></array>
                <key>LSMinimumSystemVersion</key><string>13.0</string>
                """))
        #expect(shared.confidence > .low)
    }
}
