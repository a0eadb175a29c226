import IOSecCore

/// `platform.enhanced-security-weakened`: Enhanced Security turned on with one of its protections turned back off
/// or left without what it needs, in the entitlements a release build signs with.
struct EnhancedSecurityWeakenedRule: ProjectRule {
    static let description = RuleDescription(
        id: "platform.enhanced-security-weakened",
        title: "Enhanced Security on, with a protection off",
        severity: .low,
        confidence: .high,
        masvs: "MASVS-CODE-4",
        cwe: 693, owasp: OWASPReference("MASWE-0045", beta: "MASWE-0116", mastg: [], .close),
        outsideChecklist: "Enhanced Security (Xcode 26) has no item of its own",
        rationale: """
            Xcode 26's Enhanced Security capability signs an app with the `com.apple.security.hardened-process` \
            entitlements: a hardened heap, hardware memory tagging (Memory Integrity Enforcement on A19 and M5 \
            chips), guard objects and platform restrictions, which turn out-of-bounds writes and use-after-free into \
            a stopped process instead of an exploit. Some settings keep the capability but take the protection away: \
            memory tagging in soft mode only logs a tag-check fault as a simulated crash (Xcode adds it by default, \
            for testing); `no-guard-objects` turns guard objects off; a hardened heap without the \
            `CLANG_ENABLE_C_TYPED_ALLOCATOR_SUPPORT` / `CLANG_ENABLE_CPLUSPLUS_TYPED_ALLOCATOR_SUPPORT` build \
            settings Apple's entitlement page asks for leaves the code on the ordinary allocator; hardened-process \
            without `enhanced-security-version(-string)` is incomplete. Only release entitlements are read (debug \
            builds may use soft mode while fixing crashes), and in a built app the signed entitlements of each \
            executable. A project that sets `ENABLE_ENHANCED_SECURITY` is taken to have the capability's build \
            settings.
            """,
        fix:
            "Remove checked-allocations.soft-mode and no-guard-objects from the release entitlements once the crashes they hid are fixed, and set the typed-allocator build settings to YES.",
        fixExample: """
            <key>com.apple.security.hardened-process</key><true/>
            <key>com.apple.security.hardened-process.enhanced-security-version-string</key><string>2</string>
            <key>com.apple.security.hardened-process.hardened-heap</key><true/>
            <key>com.apple.security.hardened-process.checked-allocations</key><true/>
            // Release.xcconfig
            CLANG_ENABLE_C_TYPED_ALLOCATOR_SUPPORT = YES
            CLANG_ENABLE_CPLUSPLUS_TYPED_ALLOCATOR_SUPPORT = YES
            """,
        triggeringExamples: [
            RuleExample(
                entitlements(
                    """
                    <key>com.apple.security.hardened-process.enhanced-security-version-string</key><string>2</string>
                    <key>com.apple.security.hardened-process.checked-allocations</key><true/>
                    ↓<key>com.apple.security.hardened-process.checked-allocations.soft-mode</key><true/>
                    """), path: "App/App.entitlements"),
            RuleExample(
                entitlements(
                    """
                    <key>com.apple.security.hardened-process.enhanced-security-version</key><integer>2</integer>
                    ↓<key>com.apple.security.hardened-process.no-guard-objects</key><true/>
                    """), path: "App/App.entitlements"),
            // The hardened heap without the typed allocator the build settings would turn on.
            RuleExample(files: [
                (
                    "App/App.entitlements",
                    entitlements(
                        """
                        <key>com.apple.security.hardened-process.enhanced-security-version-string</key><string>2</string>
                        ↓<key>com.apple.security.hardened-process.hardened-heap</key><true/>
                        """)
                ),
                (
                    "Config/Release.xcconfig",
                    "CODE_SIGN_ENTITLEMENTS = App/App.entitlements\nSWIFT_OPTIMIZATION_LEVEL = -O\n"
                )
            ])
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                (
                    "App/App.entitlements",
                    entitlements(
                        """
                        <key>com.apple.security.hardened-process.enhanced-security-version-string</key><string>2</string>
                        <key>com.apple.security.hardened-process.hardened-heap</key><true/>
                        <key>com.apple.security.hardened-process.checked-allocations</key><true/>
                        """)
                ),
                (
                    "Config/Release.xcconfig",
                    "CLANG_ENABLE_C_TYPED_ALLOCATOR_SUPPORT = YES\nCLANG_ENABLE_CPLUSPLUS_TYPED_ALLOCATOR_SUPPORT = YES\n"
                )
            ]),
            // Soft mode only in the debug build's entitlements.
            RuleExample(
                entitlements(
                    """
                    <key>com.apple.security.hardened-process.enhanced-security-version-string</key><string>2</string>
                    <key>com.apple.security.hardened-process.checked-allocations</key><true/>
                    <key>com.apple.security.hardened-process.checked-allocations.soft-mode</key><true/>
                    """), path: "App/App-Debug.entitlements"),
            // Soft mode without Enhanced Security is no protection turned off; no build settings in the scan say
            // nothing about the typed allocator.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>
                <key>com.apple.security.hardened-process.checked-allocations.soft-mode</key><true/>
                </dict></plist>
                """, path: "App/App.entitlements"),
            RuleExample(
                entitlements(
                    """
                    <key>com.apple.security.hardened-process.enhanced-security-version-string</key><string>2</string>
                    <key>com.apple.security.hardened-process.hardened-heap</key><true/>
                    """), path: "App/App.entitlements")
        ]
    )

    /// An entitlements file that turns Enhanced Security on, plus `body`.
    static func entitlements(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        <key>com.apple.security.hardened-process</key><true/>
        \(body)
        </dict>
        </plist>
        """
    }

    static func evaluate(_ project: ProjectContext) {
        let signing = SigningConfigurations(project)
        var byFile: [String: [String: (value: String, line: Int)]] = [:]
        for fact in project.facts(FactKind.entitlement) where fact.file.hasSuffix(".entitlements") {
            let fields = FactKind.fields(fact.value, count: 2)
            byFile[fact.file, default: [:]][fields[0]] = (fields[1], fact.line)
        }
        for (file, entries) in byFile.sorted(by: { $0.key < $1.key }) where signing.isRelease(file) {
            let values = entries.mapValues(\.value)
            for weakening in EnhancedSecurity.weakenings(values) {
                project.report(
                    description, file: file, line: entries[weakening.entitlement]?.line ?? 1,
                    message: "\(weakening.why), in \(file), which \(signing.signedBy(file)) signs with")
            }
            if values[EnhancedSecurity.process] == "true", values[EnhancedSecurity.hardenedHeap] == "true",
                let missing = missingTypedAllocator(project)
            {
                project.report(
                    description, file: file, line: entries[EnhancedSecurity.hardenedHeap]?.line ?? 1,
                    message: """
                        the hardened heap is on, but \(missing): the compiler leaves allocations on the ordinary \
                        allocator, and the heap hardening applies to little of the app's own memory
                        """)
            }
        }
    }

    /// Which typed-allocator build setting no release configuration turns on, when the scan has build settings to
    /// tell (a pbxproj or xcconfig file) and none sets `ENABLE_ENHANCED_SECURITY`; nil otherwise.
    static func missingTypedAllocator(_ project: ProjectContext) -> String? {
        let settings =
            project.facts(FactKind.xcconfigSetting).map { FactKind.fields($0.value, count: 3) }
            .map { (configuration: $0[0], key: $0[1], value: $0[2]) }
            + project.facts(FactKind.buildSetting).map { FactKind.fields($0.value, count: 3) }
            .map { (configuration: $0[0], key: $0[1], value: $0[2]) }
        guard !project.files(of: .pbxproj).isEmpty || !project.files(of: .xcconfig).isEmpty else { return nil }
        let release = settings.filter { !ConfigurationKind.isDebug($0.configuration) }
        func on(_ key: String) -> Bool { release.contains { $0.key == key && $0.value.uppercased() == "YES" } }
        guard !settings.contains(where: { $0.key == "ENABLE_ENHANCED_SECURITY" }) else { return nil }
        let off = EnhancedSecurity.typedAllocatorSettings.filter { !on($0) }
        guard !off.isEmpty else { return nil }
        return "no release configuration sets \(off.joined(separator: " or ")) to YES"
    }
}
