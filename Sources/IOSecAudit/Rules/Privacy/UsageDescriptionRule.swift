import IOSecCore

/// `privacy.usage-description`: an API that shows a permission prompt is used, but the purpose string it needs
/// is missing (the app is killed on first access) or says nothing ("We need access").
struct UsageDescriptionRule: ProjectRule {
    static let description = RuleDescription(
        id: "privacy.usage-description",
        title: "Missing or generic permission purpose string",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-PRIVACY-1",
        cwe: 359,
        owasp: OWASPReference("MASWE-0066", beta: "MASWE-0117", mastg: ["MASTG-TEST-0360", "MASTG-TEST-0361"], .exact),
        rationale: """
            iOS shows the Info.plist purpose string in every permission prompt. Without it the system terminates the \
            app the first time it asks for the camera, Face ID, location or similar; a vague one ("We need access") \
            tells the user nothing about how their data is used, and App Review rejects it (Guideline 5.1.1).
            """,
        fix:
            "Add the NS…UsageDescription key to the target's Info.plist with a sentence that names the feature and what happens to the data.",
        fixExample: """
            <key>NSCameraUsageDescription</key>
            <string>Acme Wallet uses the camera to photograph the cheque you deposit. Photos go only to Acme for clearing.</string>
            <key>NSFaceIDUsageDescription</key>
            <string>Use Face ID to unlock Acme Wallet instead of typing your password.</string>
            """,
        triggeringExamples: [
            // What users read comes from InfoPlist.strings when it gives the key.
            RuleExample(
                files: localizedPlaceholder + [
                    (
                        "App/en.lproj/InfoPlist.strings",
                        """
                        /* Camera */
                        ↓NSCameraUsageDescription = "We need access";
                        """
                    )
                ]),
            // A framework's code asks through the app that embeds it: the app's Info.plist must declare the string.
            RuleExample(
                files: [
                    (
                        "App/Info.plist",
                        """
                        ↓<?xml version="1.0" encoding="UTF-8"?>
                        <plist version="1.0">
                        <dict>
                            <key>UILaunchStoryboardName</key>
                            <string>LaunchScreen</string>
                        </dict>
                        </plist>
                        """
                    )
                ] + frameworkUsingFaceID),
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
                    "App/LockScreen.swift",
                    """
                    func unlock() async throws -> Bool {
                        let context = LAContext()
                        return try await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock your wallet")
                    }
                    """
                )
            ]),
            RuleExample(files: [
                (
                    "App/Info.plist",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        ↓<key>NSCameraUsageDescription</key>
                        <string>We need access</string>
                    </dict>
                    </plist>
                    """
                ),
                (
                    "App/DepositView.swift",
                    """
                    func startScanning() async {
                        guard await AVCaptureDevice.requestAccess(for: .video) else { return }
                        showScanner = true
                    }
                    """
                )
            ]),
            // The "always" prompt needs its own key; the when-in-use one is not enough.
            RuleExample(files: [
                (
                    "App/Info.plist",
                    """
                    ↓<?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        <key>NSLocationWhenInUseUsageDescription</key>
                        <string>Acme Wallet shows ATMs near you while the map is open.</string>
                        ↓<key>NSPhotoLibraryAddUsageDescription</key>
                        <string></string>
                    </dict>
                    </plist>
                    """
                ),
                (
                    "App/Geofencing.swift",
                    """
                    final class BranchGeofencer: NSObject, CLLocationManagerDelegate {
                        let manager = CLLocationManager()
                        func start() {
                            manager.delegate = self
                            manager.requestAlwaysAuthorization()
                        }
                    }
                    """
                )
            ]),
            // Face ID shown by a Keychain read, through the item's access control.
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
                    "App/TokenStore.swift",
                    """
                    let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    """
                )
            ])
        ],
        nonTriggeringExamples: [
            // Xcode ships `AppPlist.strings` as InfoPlist.strings for a target whose Info.plist is `App.plist`.
            RuleExample(
                files: localizedPlaceholder + [
                    (
                        "App/en.lproj/AppPlist.strings",
                        """
                        NSCameraUsageDescription = "The camera is used to scan the QR code of a tunnel configuration.";
                        """
                    )
                ]),
            RuleExample(
                files: localizedPlaceholder + [
                    (
                        "App/Base.lproj/InfoPlist.strings",
                        """
                        /* Camera */
                        NSCameraUsageDescription = "The camera is used to scan QR codes that import a tunnel configuration.";
                        """
                    )
                ]),
            // The same framework, and the app declares the string.
            RuleExample(
                files: [
                    (
                        "App/Info.plist",
                        """
                        <?xml version="1.0" encoding="UTF-8"?>
                        <plist version="1.0">
                        <dict>
                            <key>UILaunchStoryboardName</key>
                            <string>LaunchScreen</string>
                            <key>NSFaceIDUsageDescription</key>
                            <string>Use Face ID to unlock Acme Files instead of typing your passcode.</string>
                        </dict>
                        </plist>
                        """
                    )
                ] + frameworkUsingFaceID),
            RuleExample(files: [
                (
                    "App/Info.plist",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        <key>NSCameraUsageDescription</key>
                        <string>Acme Wallet uses the camera to photograph the cheque you deposit.</string>
                        <key>NSFaceIDUsageDescription</key>
                        <string>Use Face ID to unlock Acme Wallet instead of typing your password.</string>
                    </dict>
                    </plist>
                    """
                ),
                (
                    "App/CameraPicker.swift",
                    """
                    func makePicker() -> UIImagePickerController {
                        let picker = UIImagePickerController()
                        picker.sourceType = .camera
                        return picker
                    }
                    func unlock(_ context: LAContext) async throws -> Bool {
                        try await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock")
                    }
                    """
                )
            ]),
            // Notifications and the photo picker need no purpose string.
            RuleExample(files: [
                (
                    "App/Info.plist",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.acme.wallet</string></dict></plist>
                    """
                ),
                (
                    "App/Onboarding.swift",
                    """
                    func askForNotifications() async throws {
                        _ = try await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .badge])
                        let picker = UIImagePickerController()
                        picker.sourceType = .photoLibrary
                    }
                    """
                )
            ]),
            // A Swift package: the app that embeds it declares the strings.
            RuleExample(
                """
                public final class LocationProvider {
                    private let manager = CLLocationManager()
                    public func start() { manager.requestWhenInUseAuthorization() }
                }
                """, path: "Sources/LocationKit/LocationProvider.swift"),
            // A generated Info.plist gets the string from the build settings.
            RuleExample(files: [
                (
                    "App/Info.plist",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>UILaunchScreen</key><dict/></dict></plist>
                    """
                ),
                (
                    "App/Config/Shared.xcconfig",
                    """
                    INFOPLIST_KEY_NSCameraUsageDescription = Acme Wallet photographs the cheque you deposit; photos go only to Acme.
                    """
                ),
                (
                    "App/Scanner.swift",
                    """
                    let session = AVCaptureSession()
                    """
                )
            ])
        ]
    )

    /// An Info.plist whose camera purpose string is a placeholder for `InfoPlist.strings`, and code that asks.
    private static let localizedPlaceholder: [(String, String)] = [
        (
            "App/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>NSCameraUsageDescription</key>
                <string>Localized</string>
            </dict>
            </plist>
            """
        ),
        (
            "App/Scanner.swift",
            """
            let session = AVCaptureSession()
            """
        )
    ]

    /// A framework (the template's package type, no app key) whose code asks for Face ID.
    private static let frameworkUsingFaceID: [(String, String)] = [
        (
            "SharedKit/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>CFBundleExecutable</key>
                <string>$(EXECUTABLE_NAME)</string>
                <key>CFBundlePackageType</key>
                <string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
            </dict>
            </plist>
            """
        ),
        (
            "SharedKit/AppLock.swift",
            """
            public func unlock(_ context: LAContext) async throws -> Bool {
                try await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock")
            }
            """
        )
    ]

    static func evaluate(_ project: ProjectContext) {
        let targets = ProjectTargets(project)
        // Without an Info.plist this is a library; the app that embeds it declares the strings.
        guard !targets.infoPlists.isEmpty else { return }
        let declared = project.facts(FactKind.usageDescriptionDeclared).map { fact in
            let fields = FactKind.fields(fact.value, count: 2)
            return (key: fields[0], text: fields[1], fact: fact)
        }
        let uses = project.facts(FactKind.usageDescriptionAPI).sorted { ($0.file, $0.line) < ($1.file, $1.line) }
        // A framework's code asks through the app that embeds it: the apps' and extensions' Info.plists speak for it.
        let libraries = Set(project.facts(FactKind.libraryInfoPlist).map(\.file))
        let appPlists = targets.infoPlists.filter { !libraries.contains($0) }

        // Missing: one finding per Info.plist and key, at its first line.
        var missing: [String: (plist: String, key: String, uses: [Fact])] = [:]
        for use in uses {
            let keys = UsageDescriptions.keys(forSymbol: use.value)
            guard let firstKey = keys.first else { continue }
            var plists = targets.infoPlists(for: use.file)
            if !appPlists.isEmpty, plists.allSatisfy(libraries.contains) { plists = appPlists }
            let satisfied = declared.contains { d in
                keys.contains(d.key) && (plists.contains(d.fact.file) || project.files[d.fact.file] != .infoPlist)
            }
            guard !satisfied, let plist = plists.first else { continue }
            missing[FactKind.join(plist, firstKey), default: (plist, firstKey, [])].uses.append(use)
        }
        // A key only in a localized InfoPlist.strings table still reaches the prompt through the bundle's localized
        // info dictionary: low confidence, and the finding says where it is.
        let localizedOnly = Dictionary(
            project.facts(FactKind.usageDescriptionLocalized).map { (FactKind.fields($0.value, count: 2)[0], $0) },
            uniquingKeysWith: { first, _ in first })
        for (_, group) in missing.sorted(by: { $0.key < $1.key }) {
            guard let first = group.uses.first else { continue }
            if let table = localizedOnly[group.key] {
                project.report(
                    description, file: group.plist, line: 1,
                    message: """
                        \(group.key) is not in the Info.plist, only in localized strings (\(table.file):\(table.line)), \
                        and \(resource(first.value)) is used at \(first.file):\(first.line) (\(first.value)); add it to \
                        the Info.plist too, which is read when no table matches the user's language
                        """, confidence: .low)
                continue
            }
            project.report(
                description, file: group.plist, line: 1,
                message: """
                    \(group.key) is missing, but \(resource(first.value)) is used at \(first.file):\(first.line) \
                    (\(first.value)); iOS terminates the app the first time it asks. Add a purpose string that says \
                    why the app needs it
                    """)
        }

        // Localized purpose strings are what users read: the development language's are judged where they are
        // written, and an Info.plist value they replace (`<string>Localized</string>`) is not.
        let localized = project.facts(FactKind.usageDescriptionLocalized).map { fact in
            let fields = FactKind.fields(fact.value, count: 2)
            return (key: fields[0], text: fields[1], fact: fact)
        }
        let localizedKeys = Set(localized.map(\.key))
        let judged =
            declared.filter { !localizedKeys.contains($0.key) }
            + localized.filter { d in
                d.fact.file.hasSuffix(".xcstrings")
                    || PathBytes(d.fact.file).folders.contains {
                        $0.hasSuffix("Base.lproj") || $0.hasSuffix("en.lproj")
                    }
            }

        // Generic: wherever the string is declared; a declared key means the app (or an SDK) asks. Only the purpose
        // strings of protected resources are judged: `NSSystemExtensionUsageDescription` and the like explain an
        // installation, and guard no data.
        for d in judged where !d.text.contains("$(") && UsageDescriptions.allKeys.contains(d.key) {
            guard let problem = UsageDescriptions.genericProblem(d.text) else { continue }
            let use = uses.first { UsageDescriptions.keys(forSymbol: $0.value).contains(d.key) }
            let usedAt = use.map { "; used at \($0.file):\($0.line)" } ?? ""
            project.report(
                description, file: d.fact.file, line: d.fact.line, column: d.fact.column,
                message: """
                    \(d.key): \(problem)\(usedAt). Users see this text in the permission prompt
                    """)
        }
    }

    static func resource(_ symbol: String) -> String {
        UsageDescriptions.requirements.first { $0.symbol == symbol }?.resource ?? symbol
    }
}
