import IOSecCore

/// `privacy.required-reason-api`: a required-reason API category used in a target whose privacy manifest does
/// not declare it with a valid reason.
struct RequiredReasonAPIRule: ProjectRule {
    static let description = RuleDescription(
        id: "privacy.required-reason-api",
        title: "Required-reason API without a declared reason",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-PRIVACY-1",
        cwe: 359, owasp: OWASPReference("MASWE-0073", beta: "MASWE-0112", mastg: [], .close),
        rationale: """
            Apple lists APIs that can be misused to fingerprint a device (UserDefaults, file timestamps, system boot \
            time, disk space, active keyboards). Since May 2024 App Store Connect rejects uploads that use them without \
            declaring an approved reason in PrivacyInfo.xcprivacy (ITMS-91053), and the declared reason is a promise \
            about how the data is used that App Review can hold the app to.
            """,
        fix:
            "Add the category to NSPrivacyAccessedAPITypes in the target's PrivacyInfo.xcprivacy with the reason code that matches your use.",
        fixExample: """
            <key>NSPrivacyAccessedAPITypes</key>
            <array>
                <dict>
                    <key>NSPrivacyAccessedAPIType</key>
                    <string>NSPrivacyAccessedAPICategoryUserDefaults</string>
                    <key>NSPrivacyAccessedAPITypeReasons</key>
                    <array>
                        <string>CA92.1</string>
                    </array>
                </dict>
            </array>
            """,
        triggeringExamples: [
            // No manifest at all: reported on the target's Info.plist.
            RuleExample(files: [
                (
                    "App/Info.plist",
                    """
                    ↓<?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        <key>CFBundleIdentifier</key>
                        <string>com.acme.wallet</string>
                    </dict>
                    </plist>
                    """
                ),
                (
                    "App/Settings.swift",
                    """
                    final class Settings {
                        var hasSeenOnboarding: Bool {
                            get { UserDefaults.standard.bool(forKey: "hasSeenOnboarding") }
                            set { UserDefaults.standard.set(newValue, forKey: "hasSeenOnboarding") }
                        }
                    }
                    """
                )
            ]),
            // A manifest that declares UserDefaults but not the file timestamps the cache reads.
            RuleExample(files: [
                (
                    "App/Cache.swift",
                    """
                    func isStale(_ url: URL) throws -> Bool {
                        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
                        let modified = attributes[.modificationDate] as? Date ?? .distantPast
                        return modified < Date().addingTimeInterval(-86_400)
                    }
                    """
                ),
                (
                    "App/PrivacyInfo.xcprivacy",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        ↓<key>NSPrivacyAccessedAPITypes</key>
                        <array>
                            <dict>
                                <key>NSPrivacyAccessedAPIType</key>
                                <string>NSPrivacyAccessedAPICategoryUserDefaults</string>
                                <key>NSPrivacyAccessedAPITypeReasons</key>
                                <array><string>CA92.1</string></array>
                            </dict>
                        </array>
                    </dict>
                    </plist>
                    """
                )
            ]),
            // A Swift package without Info.plist or manifest: reported at the use.
            RuleExample(files: [
                (
                    "Sources/DiskKit/FreeSpace.swift",
                    """
                    public func freeBytes(at url: URL) throws -> Int64? {
                        let values = try url.resourceValues(forKeys: [↓.volumeAvailableCapacityForImportantUsageKey])
                        return values.volumeAvailableCapacityForImportantUsage
                    }
                    """
                )
            ]),
            // Objective-C counts too; with two manifests each target needs its own declaration.
            RuleExample(files: [
                (
                    "App/PrivacyInfo.xcprivacy",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        <key>NSPrivacyAccessedAPITypes</key>
                        <array>
                            <dict>
                                <key>NSPrivacyAccessedAPIType</key>
                                <string>NSPrivacyAccessedAPICategorySystemBootTime</string>
                                <key>NSPrivacyAccessedAPITypeReasons</key>
                                <array><string>35F9.1</string></array>
                            </dict>
                        </array>
                    </dict>
                    </plist>
                    """
                ),
                (
                    "Widget/PrivacyInfo.xcprivacy",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        ↓<key>NSPrivacyAccessedAPITypes</key>
                        <array/>
                    </dict>
                    </plist>
                    """
                ),
                (
                    "Widget/Uptime.m",
                    """
                    #import <Foundation/Foundation.h>
                    // Reads no file attributes: NSFileModificationDate is not used here.
                    NSTimeInterval WidgetUptime(void) {
                        NSLog(@"uptime, not NSFileModificationDate");
                        struct stat info;
                        return [[NSProcessInfo processInfo] systemUptime];
                    }
                    """
                )
            ])
        ],
        nonTriggeringExamples: [
            // Declared, but with a reason of another category: privacy.manifest-invalid reports it at the declaration,
            // where it is fixed, and this rule does not repeat it.
            RuleExample(files: [
                (
                    "App/PrivacyInfo.xcprivacy",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        <key>NSPrivacyAccessedAPITypes</key>
                        <array>
                            <dict>
                                <key>NSPrivacyAccessedAPIType</key>
                                <string>NSPrivacyAccessedAPICategorySystemBootTime</string>
                                <key>NSPrivacyAccessedAPITypeReasons</key>
                                <array><string>CA92.1</string></array>
                            </dict>
                        </array>
                    </dict>
                    </plist>
                    """
                ),
                (
                    "App/Metrics.swift",
                    """
                    struct LaunchTimer {
                        let start = ProcessInfo.processInfo.systemUptime
                        func elapsed() -> TimeInterval { ProcessInfo.processInfo.systemUptime - start }
                    }
                    """
                )
            ]),
            RuleExample(files: [
                (
                    "App/PrivacyInfo.xcprivacy",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        <key>NSPrivacyAccessedAPITypes</key>
                        <array>
                            <dict>
                                <key>NSPrivacyAccessedAPIType</key>
                                <string>NSPrivacyAccessedAPICategoryUserDefaults</string>
                                <key>NSPrivacyAccessedAPITypeReasons</key>
                                <array><string>CA92.1</string></array>
                            </dict>
                        </array>
                    </dict>
                    </plist>
                    """
                ),
                (
                    "App/SettingsView.swift",
                    """
                    struct SettingsView: View {
                        @AppStorage("preferredTheme") private var preferredTheme = "system"
                        var body: some View { Text(preferredTheme) }
                    }
                    """
                )
            ]),
            // Model properties and strings that merely share the API's names.
            RuleExample(
                """
                struct Invoice { let creationDate: Date; let modificationDate: Date }
                func label(_ invoice: Invoice) -> String {
                    // UserDefaults would be the wrong place for this.
                    "Created \\(invoice.creationDate), edited \\(invoice.modificationDate); see UserDefaults docs"
                }
                let systemUptime = 3
                """),
            RuleExample(files: [
                (
                    "App/Info.plist",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        <key>CFBundleIdentifier</key>
                        <string>com.acme.wallet</string>
                    </dict>
                    </plist>
                    """
                ),
                (
                    "App/Resources/PrivacyInfo.xcprivacy",
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
                                <array><string>C617.1</string></array>
                            </dict>
                        </array>
                    </dict>
                    </plist>
                    """
                ),
                (
                    "App/Sources/Cache.swift",
                    """
                    let keys: [URLResourceKey] = [.contentModificationDateKey]
                    var info = stat()
                    """
                )
            ]),
            // Tests do not ship.
            RuleExample(files: [
                (
                    "App/Info.plist",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.acme.wallet</string></dict></plist>
                    """
                ),
                (
                    "AppTests/SettingsTests.swift",
                    """
                    final class SettingsTests: XCTestCase {
                        override func setUp() { UserDefaults.standard.removePersistentDomain(forName: "test") }
                    }
                    """
                )
            ])
        ]
    )

    static func evaluate(_ project: ProjectContext) {
        let uses = project.facts(FactKind.requiredReasonAPI)
        guard !uses.isEmpty else { return }
        let targets = ProjectTargets(project)
        let declarations = Dictionary(grouping: project.facts(FactKind.privacyManifestCategory), by: \.file)
        let manifestFacts = Dictionary(grouping: project.facts(FactKind.privacyManifest), by: \.file)

        // Categories some manifest of the project declares: a framework or extension without a manifest of its own is
        // covered when the app's manifest declares the category (App Store Connect's ITMS-91053 is fixed there).
        let declaredAnywhere = Set(
            project.facts(FactKind.privacyManifestCategory).map { FactKind.fields($0.value, count: 2)[0] })

        // One finding per target and category.
        var groups: [String: [(category: RequiredReasonCategory, symbol: String, fact: Fact)]] = [:]
        for fact in uses {
            let fields = FactKind.fields(fact.value, count: 2)
            guard let category = RequiredReasonCategory(rawValue: fields[0]) else { continue }
            let target = targets.target(of: fact.file)
            groups[FactKind.join(target.map { "t:" + $0 } ?? "none", category.rawValue), default: []]
                .append((category, fields[1], fact))
        }
        for (_, group) in groups.sorted(by: { $0.key < $1.key }) {
            let sortedUses = group.sorted { ($0.fact.file, $0.fact.line) < ($1.fact.file, $1.fact.line) }
            guard let first = sortedUses.first else { continue }
            let category = first.category
            let target = targets.target(of: first.fact.file)
            let manifests = targets.manifests(for: target).filter { manifestFacts[$0] != nil }
            let used = usedAt(sortedUses.map(\.fact), symbol: first.symbol)
            let entries = manifests.flatMap { declarations[$0] ?? [] }.filter {
                FactKind.fields($0.value, count: 2)[0] == category.rawValue
            }
            // Declared: with a valid code it is fine; without one, privacy.manifest-invalid reports it where it is
            // declared, so this rule does not say it twice.
            if !entries.isEmpty { continue }
            if let manifest = manifests.first, let at = manifestFacts[manifest]?.first {
                project.report(
                    description, file: manifest, line: at.line, column: at.column,
                    message: """
                        \(manifest) does not declare \(category.rawValue), but \(used). Add it to NSPrivacyAccessedAPITypes \
                        with one of: \(validReasons(category))
                        """)
            } else {
                if target != nil, declaredAnywhere.contains(category.rawValue) { continue }
                let plist =
                    target.flatMap { t in targets.infoPlists.first { ProjectTargets.folder($0) == t } }
                    ?? (target == nil && targets.infoPlists.count == 1 ? targets.infoPlists.first : nil)
                project.report(
                    description, file: plist ?? first.fact.file, line: plist == nil ? first.fact.line : 1,
                    column: plist == nil ? first.fact.column : 1,
                    message: """
                        no PrivacyInfo.xcprivacy declares \(category.rawValue), but \(used); App Store Connect rejects \
                        the upload. Add a privacy manifest with one of: \(validReasons(category))
                        """)
            }
        }
    }

    /// "UserDefaults is used at App/A.swift:3 and in 2 more files".
    static func usedAt(_ facts: [Fact], symbol: String) -> String {
        guard let first = facts.first else { return "" }
        let others = Set(facts.map(\.file)).subtracting([first.file]).count
        let more = others == 0 ? "" : others == 1 ? " and in 1 more file" : " and in \(others) more files"
        return "\(symbol) is used at \(first.file):\(first.line)\(more)"
    }

    static func validReasons(_ category: RequiredReasonCategory) -> String {
        category.reasons.map { "\($0.code) (\($0.summary)\($0.isSDKOnly ? ", SDKs only" : ""))" }.joined(
            separator: "; ")
    }
}
