import IOSecCore

/// `privacy.framework-required-reason`: an embedded framework imports required-reason APIs that its own privacy
/// manifest does not declare, so App Store Connect rejects the upload (ITMS-91053).
enum FrameworkRequiredReasonRule: BinaryRule {
    static let description = RuleDescription(
        id: "privacy.framework-required-reason",
        title: "Framework uses required-reason APIs its privacy manifest does not declare",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-PRIVACY-1",
        cwe: 1059, owasp: OWASPReference("MASWE-0073", beta: "MASWE-0112", mastg: [], .close),
        rationale: """
            Since May 2024 App Store Connect reads every binary of an upload for Apple's required-reason APIs (file \
            timestamps, system boot time, disk space, active keyboards, UserDefaults) and rejects the build when the \
            privacy manifest that speaks for that code declares no approved reason (ITMS-91053, "Missing API \
            declaration"). A framework's code is declared by the framework's own PrivacyInfo.xcprivacy (at its root or \
            in a resource bundle inside it): an app cannot give reasons for an SDK. What the binary shows is read \
            from its imports: C functions (`stat`, `fstat`, `getattrlist`, `statfs`, `mach_absolute_time`…), \
            Foundation's keys (`NSFileModificationDate`, `NSURLVolumeAvailableCapacityKey`…) and the \
            `NSUserDefaults` class (which Swift's `UserDefaults` is). Selectors (`systemUptime`, \
            `activeInputModes`) are not imports and are not read; an SDK on Apple's list without any manifest is \
            `privacy.sdk-manifest-missing`'s.
            """,
        fix:
            "Add each category with an approved reason to the framework's own PrivacyInfo.xcprivacy; for a third-party SDK, update to a release that declares them.",
        fixExample: """
            <!-- Frameworks/CacheKit.framework/PrivacyInfo.xcprivacy -->
            <key>NSPrivacyAccessedAPITypes</key>
            <array>
                <dict>
                    <key>NSPrivacyAccessedAPIType</key>
                    <string>NSPrivacyAccessedAPICategoryFileTimestamp</string>
                    <key>NSPrivacyAccessedAPITypeReasons</key>
                    <array><string>C617.1</string></array>
                </dict>
            </array>
            """,
        triggeringExamples: [], nonTriggeringExamples: [])

    static func check(_ binary: BinaryFile) {
        guard binary.role == .library, let framework = binary.framework, framework.hasSuffix(".framework") else {
            return
        }
        let name = String(framework.dropLast(".framework".count))
        // A listed SDK with no manifest at all: `privacy.sdk-manifest-missing` says it, once.
        if binary.frameworkDeclaredCategories == nil, SDKPrivacyManifestMissingRule.listedFrameworks.contains(name) {
            return
        }
        let declared = binary.frameworkDeclaredCategories ?? []
        var missing: [RequiredReasonCategory: [String]] = [:]
        for symbol in binary.machO.imports.sorted() {
            for category in categories(ofImport: symbol) where !declared.contains(category.rawValue) {
                missing[category, default: []].append(symbol)
            }
        }
        guard !missing.isEmpty else { return }
        let categories = RequiredReasonCategory.allCases.filter { missing[$0] != nil }
        let uses = categories.map { "\($0.displayName) (\(BinaryFile.list(missing[$0]!, limit: 3)))" }
        let manifest =
            binary.frameworkDeclaredCategories == nil
            ? "it has no PrivacyInfo.xcprivacy" : "its PrivacyInfo.xcprivacy does not declare them"
        binary.report(
            description,
            evidence: "\(framework): imports " + categories.flatMap { missing[$0]! }.joined(separator: ", "),
            message: """
                \(framework) uses \(uses.joined(separator: ", ")) and \(manifest): App Store Connect rejects the \
                upload (ITMS-91053) for \(categories.map(\.rawValue).joined(separator: ", ")); declare them with \
                approved reasons in \(name)'s own manifest
                """)
    }

    /// The categories an imported symbol belongs to: a C function (`_stat`, `_stat$INODE64`), a Foundation key
    /// (`_NSFileModificationDate`) or the `NSUserDefaults` class.
    static func categories(ofImport symbol: String) -> [RequiredReasonCategory] {
        if symbol == "_OBJC_CLASS_$_NSUserDefaults" { return [.userDefaults] }
        guard symbol.hasPrefix("_") else { return [] }
        let name = String(symbol.dropFirst().prefix { $0 != "$" })
        guard RequiredReasonAPICollector.cFunctions.contains(name) || name.hasPrefix("NS") else { return [] }
        return RequiredReasonAPI.categories(forSymbol: name)
    }
}
