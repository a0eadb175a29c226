import Foundation
import Testing
@testable import IOSecCore

@Suite struct PrivacyTests {
    static func manifest(_ body: String) throws -> (PrivacyManifest, [PrivacyManifestIssue]) {
        let xml = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n" + body + "\n</dict>\n</plist>"
        let doc = try PropertyListParser.parse(Data(xml.utf8))
        let r = PrivacyManifest.read(doc.root, rootLine: doc.rootLine)
        return (r.manifest, r.issues)
    }

    @Test func validManifest() throws {
        let (m, issues) = try Self.manifest(
            """
            <key>NSPrivacyTracking</key><false/>
            <key>NSPrivacyTrackingDomains</key><array/>
            <key>NSPrivacyCollectedDataTypes</key>
            <array><dict>
              <key>NSPrivacyCollectedDataType</key><string>NSPrivacyCollectedDataTypeEmailAddress</string>
              <key>NSPrivacyCollectedDataTypeLinked</key><true/>
              <key>NSPrivacyCollectedDataTypeTracking</key><false/>
              <key>NSPrivacyCollectedDataTypePurposes</key><array><string>NSPrivacyCollectedDataTypePurposeAppFunctionality</string></array>
            </dict></array>
            <key>NSPrivacyAccessedAPITypes</key>
            <array>
              <dict>
                <key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryUserDefaults</string>
                <key>NSPrivacyAccessedAPITypeReasons</key><array><string>CA92.1</string></array>
              </dict>
              <dict>
                <key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryFileTimestamp</string>
                <key>NSPrivacyAccessedAPITypeReasons</key><array><string>C617.1</string><string>DDA9.1</string></array>
              </dict>
            </array>
            """)
        #expect(issues.isEmpty, "\(issues)")
        #expect(m.tracking == false)
        #expect(m.collectedDataTypes.first?.linked == true)
        #expect(m.collectedDataTypes.first?.purposes == ["NSPrivacyCollectedDataTypePurposeAppFunctionality"])
        #expect(m.declaredReasons(for: .userDefaults) == ["CA92.1"])
        #expect(m.declaresValidReason(for: .fileTimestamp))
        #expect(!m.declaresValidReason(for: .diskSpace))
        #expect(m.accessedAPITypes.map(\.line) == [15, 19])
    }

    @Test func invalidManifest() throws {
        let (m, issues) = try Self.manifest(
            """
            <key>NSPrivacyTracking</key><string>NO</string>
            <key>NSPrivacyTrackingDomain</key><array/>
            <key>NSPrivacyAccessedAPITypes</key>
            <array>
              <dict>
                <key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryBogus</string>
                <key>NSPrivacyAccessedAPITypeReasons</key><array><string>CA92.1</string></array>
              </dict>
              <dict>
                <key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryUserDefaults</string>
                <key>NSPrivacyAccessedAPITypeReasons</key><array><string>CA92.2</string><string>35F9.1</string><string>C56D.1</string></array>
                <key>Extra</key><true/>
              </dict>
              <dict>
                <key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryDiskSpace</string>
              </dict>
              <string>oops</string>
            </array>
            <key>NSPrivacyCollectedDataTypes</key><dict/>
            """)
        let kinds = issues.map(\.kind)
        #expect(
            kinds == [
                .wrongType, .unknownKey, .unknownCategory, .unknownKey, .unknownReason, .reasonForOtherCategory,
                .sdkOnlyReason, .missingKey, .wrongType, .wrongType
            ], "\(issues)")
        #expect(issues[0].keyPath == "NSPrivacyTracking")
        #expect(issues[0].line == 4)
        #expect(issues[1].message.contains("unknown top-level key \"NSPrivacyTrackingDomain\""))
        #expect(issues[3].keyPath == "NSPrivacyAccessedAPITypes[1].Extra")
        #expect(issues[4].message.contains("\"CA92.2\"") && issues[4].message.contains("CA92.1, 1C8F.1"))
        #expect(issues[4].line == 14)
        #expect(issues[6].message.contains("third-party SDK"))
        #expect(issues[7].message.contains("no reason"))
        #expect(issues[9].keyPath == "NSPrivacyCollectedDataTypes")
        #expect(m.accessedAPITypes.count == 3)
        #expect(!m.declaresValidReason(for: .diskSpace))
    }

    @Test func namesWithWhiteSpaceAroundThemAreNamedPlainly() throws {
        let (_, issues) = try Self.manifest(
            """
            <key>NSPrivacyCollectedDataTypes</key>
            <array>
              <dict>
                <key>NSPrivacyCollectedDataType</key><string>NSPrivacyCollectedDataTypeCrashData</string>
                <key>NSPrivacyCollectedDataTypePurposes</key>
                <array>
                  <string>
                      NSPrivacyCollectedDataTypePurposeAppFunctionality
                  </string>
                  <string>Analytics</string>
                </array>
              </dict>
            </array>
            <key>NSPrivacyAccessedAPITypes</key>
            <array>
              <dict>
                <key>NSPrivacyAccessedAPIType</key><string> NSPrivacyAccessedAPICategoryUserDefaults</string>
                <key>NSPrivacyAccessedAPITypeReasons</key><array><string>CA92.1 </string></array>
              </dict>
            </array>
            """)
        #expect(issues.map(\.kind) == [.unknownValue, .unknownValue, .unknownValue, .unknownValue], "\(issues)")
        #expect(
            issues[0].message.hasPrefix(
                "\"NSPrivacyCollectedDataTypePurposeAppFunctionality\" is written with spaces or line breaks around it")
        )
        #expect(!issues[0].message.contains("\n"))
        #expect(issues[1].message.contains("\"Analytics\" is not a purpose"))
        #expect(issues[2].message.hasPrefix("\"NSPrivacyAccessedAPICategoryUserDefaults\" is written with spaces"))
        #expect(issues[3].message.contains("<string>CA92.1</string>"))
    }

    @Test func nonDictionaryRoot() {
        let r = PrivacyManifest.read(.array(.init(values: [])), rootLine: 3)
        #expect(r.issues.map(\.kind) == [.wrongType])
        #expect(r.issues.first?.line == 3)
    }

    @Test func reasonTables() {
        #expect(RequiredReason.all.count == 17)
        #expect(Set(RequiredReason.all.map(\.code)).count == 17)
        #expect(RequiredReason.named("35F9.1")?.category == .systemBootTime)
        #expect(RequiredReason.all.filter(\.isSDKOnly).map(\.code) == ["0A2A.1", "C56D.1"])
        #expect(RequiredReasonCategory.diskSpace.reasons.map(\.code) == ["85F4.1", "E174.1", "7D9E.1", "B728.1"])
        #expect(RequiredReason.named("XXXX.1") == nil)
        for c in RequiredReasonCategory.allCases { #expect(!c.reasons.isEmpty) }
    }

    @Test(arguments: [
        ("modificationDate", [RequiredReasonCategory.fileTimestamp]),
        ("NSFileCreationDate", [.fileTimestamp]),
        ("getattrlist", [.fileTimestamp, .diskSpace]),
        ("systemUptime", [.systemBootTime]),
        ("mach_absolute_time", [.systemBootTime]),
        ("volumeAvailableCapacityForImportantUsageKey", [.diskSpace]),
        ("NSFileSystemFreeSize", [.diskSpace]),
        ("activeInputModes", [.activeKeyboards]),
        ("UserDefaults", [.userDefaults]),
        ("NSUserDefaults", [.userDefaults]),
        ("AppStorage", [.userDefaults]),
        ("Date", []),
        ("statistics", [])
    ])
    func apiSymbols(symbol: String, categories: [RequiredReasonCategory]) {
        #expect(RequiredReasonAPI.categories(forSymbol: symbol) == categories)
    }

    @Test func usageDescriptionKeys() {
        #expect(UsageDescriptions.keys(forSymbol: "AVCaptureSession") == ["NSCameraUsageDescription"])
        #expect(
            UsageDescriptions.keys(forSymbol: "AVCaptureDevice.requestAccess(for: .audio)") == [
                "NSMicrophoneUsageDescription"
            ])
        #expect(
            UsageDescriptions.keys(forSymbol: "CLLocationManager.requestAlwaysAuthorization") == [
                "NSLocationAlwaysAndWhenInUseUsageDescription"
            ])
        #expect(UsageDescriptions.keys(forSymbol: "LAContext.evaluatePolicy") == ["NSFaceIDUsageDescription"])
        #expect(
            UsageDescriptions.keys(forSymbol: "ATTrackingManager.requestTrackingAuthorization") == [
                "NSUserTrackingUsageDescription"
            ])
        #expect(UsageDescriptions.keys(forSymbol: "URLSession").isEmpty)
        #expect(UsageDescriptions.allKeys.contains("NSLocationAlwaysUsageDescription"))
        for r in UsageDescriptions.requirements { #expect(r.keys.allSatisfy(UsageDescriptions.allKeys.contains)) }
    }

    @Test(arguments: [
        "", "   ", "Camera", "Camera access", "We need access", "This app needs access to your camera",
        "We need your location", "Allow access to photos please"
    ])
    func genericPurposeStrings(text: String) {
        #expect(UsageDescriptions.genericProblem(text) != nil)
    }

    @Test(arguments: [
        "Scan the QR code on your boarding pass to add it to your trips",
        "Your location is used to show nearby stores on the map",
        "Record voice memos that you attach to notes"
    ])
    func specificPurposeStrings(text: String) {
        #expect(UsageDescriptions.genericProblem(text) == nil)
    }
}
