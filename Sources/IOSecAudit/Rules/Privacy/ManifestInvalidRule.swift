import IOSecCore

/// `privacy.manifest-invalid`: a `PrivacyInfo.xcprivacy` that App Store Connect would reject or misread.
struct ManifestInvalidRule: ArtifactRule {
    static let fileKinds: Set<FileKind> = [.privacyManifest]

    static let description = RuleDescription(
        id: "privacy.manifest-invalid",
        title: "Invalid privacy manifest",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-PRIVACY-1",
        cwe: 1059, owasp: OWASPReference("MASWE-0073", beta: "MASWE-0112", mastg: [], .related),
        rationale: """
            The privacy manifest is the app's declaration to Apple of the data it collects and why it calls \
            required-reason APIs. App Store Connect validates it on upload (ITMS-91056 for an invalid manifest) and \
            the privacy report built from it is what users see. A misspelt key or category is silently not a \
            declaration, a wrong value type makes the file invalid, and a reason code that does not exist or belongs \
            to another category declares nothing — those are high, because the upload is rejected. A reason that only \
            third-party SDKs may declare is low: right in an SDK's manifest, wrong in an app's.
            """,
        fix:
            "Use only the documented keys, types, categories and reason codes (Xcode's privacy manifest editor offers them), and pick the reason code of the category that describes your use.",
        fixExample: """
            <key>NSPrivacyAccessedAPITypes</key>
            <array>
                <dict>
                    <key>NSPrivacyAccessedAPIType</key>
                    <string>NSPrivacyAccessedAPICategoryFileTimestamp</string>
                    <key>NSPrivacyAccessedAPITypeReasons</key>
                    <array>
                        <string>C617.1</string>
                    </array>
                </dict>
            </array>
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSPrivacyTracking</key>
                    <false/>
                    <key>NSPrivacyAccessedAPITypes</key>
                    <array>
                        <dict>
                            <key>NSPrivacyAccessedAPIType</key>
                            <string>NSPrivacyAccessedAPICategoryUserDefaults</string>
                            ↓<key>NSPrivacyAccessedAPITypeReasons</key>
                            <array>
                                <string>CA92.2</string>
                            </array>
                        </dict>
                    </array>
                </dict>
                </plist>
                """, path: "App/PrivacyInfo.xcprivacy"),
            // A misspelt top-level key and a string where a boolean belongs.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    ↓<key>NSPrivacyTracking</key>
                    <string>NO</string>
                    ↓<key>NSPrivacyTrackingDomain</key>
                    <array>
                        <string>metrics.acme.com</string>
                    </array>
                </dict>
                </plist>
                """, path: "App/PrivacyInfo.xcprivacy",
                findings: [
                    FindingSpec(severity: .high), FindingSpec(severity: .medium, message: "NSPrivacyTrackingDomain")
                ]),
            // A reason of another category, an unknown category, and an SDK-only reason in an app.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSPrivacyAccessedAPITypes</key>
                    <array>
                        <dict>
                            <key>NSPrivacyAccessedAPIType</key>
                            <string>NSPrivacyAccessedAPICategoryDiskSpace</string>
                            ↓<key>NSPrivacyAccessedAPITypeReasons</key>
                            <array><string>C617.1</string></array>
                        </dict>
                        <dict>
                            <key>NSPrivacyAccessedAPIType</key>
                            ↓<string>NSPrivacyAccessedAPICategoryBootTime</string>
                            <key>NSPrivacyAccessedAPITypeReasons</key>
                            <array><string>35F9.1</string></array>
                        </dict>
                        <dict>
                            <key>NSPrivacyAccessedAPIType</key>
                            <string>NSPrivacyAccessedAPICategoryUserDefaults</string>
                            ↓<key>NSPrivacyAccessedAPITypeReasons</key>
                            <array><string>C56D.1</string></array>
                        </dict>
                    </array>
                </dict>
                </plist>
                """, path: "App/PrivacyInfo.xcprivacy",
                findings: [FindingSpec(severity: .high), FindingSpec(severity: .high), FindingSpec(severity: .low)]),
            // Not a property list at all: Xcode cannot even merge it.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSPrivacyTracking</key>
                    <false/>
                ↓</plist>
                """, path: "App/PrivacyInfo.xcprivacy",
                findings: [FindingSpec(severity: .high, message: "is not a valid property list")])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                    <key>NSPrivacyTracking</key>
                    <false/>
                    <key>NSPrivacyTrackingDomains</key>
                    <array/>
                    <key>NSPrivacyCollectedDataTypes</key>
                    <array>
                        <dict>
                            <key>NSPrivacyCollectedDataType</key>
                            <string>NSPrivacyCollectedDataTypeEmailAddress</string>
                            <key>NSPrivacyCollectedDataTypeLinked</key>
                            <true/>
                            <key>NSPrivacyCollectedDataTypeTracking</key>
                            <false/>
                            <key>NSPrivacyCollectedDataTypePurposes</key>
                            <array>
                                <string>NSPrivacyCollectedDataTypePurposeAppFunctionality</string>
                            </array>
                        </dict>
                    </array>
                    <key>NSPrivacyAccessedAPITypes</key>
                    <array>
                        <dict>
                            <key>NSPrivacyAccessedAPIType</key>
                            <string>NSPrivacyAccessedAPICategoryUserDefaults</string>
                            <key>NSPrivacyAccessedAPITypeReasons</key>
                            <array>
                                <string>CA92.1</string>
                                <string>1C8F.1</string>
                            </array>
                        </dict>
                    </array>
                </dict>
                </plist>
                """, path: "App/PrivacyInfo.xcprivacy"),
            // An empty manifest is valid: the app declares nothing.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict/>
                </plist>
                """, path: "Widget/PrivacyInfo.xcprivacy"),
            // Every category with one of its own codes.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSPrivacyAccessedAPITypes</key>
                    <array>
                        <dict>
                            <key>NSPrivacyAccessedAPIType</key>
                            <string>NSPrivacyAccessedAPICategoryFileTimestamp</string>
                            <key>NSPrivacyAccessedAPITypeReasons</key>
                            <array><string>C617.1</string><string>DDA9.1</string></array>
                        </dict>
                        <dict>
                            <key>NSPrivacyAccessedAPIType</key>
                            <string>NSPrivacyAccessedAPICategorySystemBootTime</string>
                            <key>NSPrivacyAccessedAPITypeReasons</key>
                            <array><string>35F9.1</string></array>
                        </dict>
                        <dict>
                            <key>NSPrivacyAccessedAPIType</key>
                            <string>NSPrivacyAccessedAPICategoryDiskSpace</string>
                            <key>NSPrivacyAccessedAPITypeReasons</key>
                            <array><string>E174.1</string></array>
                        </dict>
                        <dict>
                            <key>NSPrivacyAccessedAPIType</key>
                            <string>NSPrivacyAccessedAPICategoryActiveKeyboards</string>
                            <key>NSPrivacyAccessedAPITypeReasons</key>
                            <array><string>54BD.1</string></array>
                        </dict>
                    </array>
                </dict>
                </plist>
                """, path: "App/PrivacyInfo.xcprivacy")
        ]
    )

    static func check(_ file: ArtifactFile) {
        switch CollectorSupport.propertyListResult(file) {
        case .failure(let error):
            file.report(
                description, atLineStart: error.line,
                message: """
                    \(file.path) is not a valid property list (\(error)); App Store Connect rejects the upload
                    """, severity: .high)
        case .success(let document):
            for issue in PrivacyManifest.read(document.root, rootLine: document.rootLine).issues {
                let place = issue.keyPath.isEmpty ? "" : "\(issue.keyPath): "
                file.report(
                    description, atLineStart: issue.line, message: place + issue.message, severity: severity(issue.kind)
                )
            }
        }
    }

    /// Declarations that are not declarations (upload rejected) are high; an SDK-only reason is low, because in an
    /// SDK's own manifest it is right.
    static func severity(_ kind: PrivacyManifestIssue.Kind) -> Severity {
        switch kind {
        case .wrongType, .unknownCategory, .unknownReason, .reasonForOtherCategory, .missingKey: .high
        case .sdkOnlyReason: .low
        case .unknownKey, .unknownValue: .medium
        }
    }
}
