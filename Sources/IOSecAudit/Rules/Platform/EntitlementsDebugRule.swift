/// `platform.entitlements-debug`: `get-task-allow` true in the entitlements a release build signs with.
struct EntitlementsDebugRule: ProjectRule {
    static let description = RuleDescription(
        id: "platform.entitlements-debug",
        title: "Debuggable entitlements in a release configuration",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-RESILIENCE-4",
        cwe: 489, owasp: OWASPReference("MASWE-0063", beta: "MASWE-0067", mastg: ["MASTG-TEST-0261"], .exact),
        rationale: """
            `get-task-allow` lets a debugger attach to the app. Development signing sets it; a release build that \
            carries it (MASTG-TEST-0261, MASWE-0067) lets anyone with the device inspect memory, Keychain results and \
            tokens at run time. The App Store rejects it, but ad-hoc, enterprise and TestFlight-like channels may not.
            """,
        fix:
            "Remove get-task-allow from the release entitlements (Xcode adds it for development signing by itself), or point the Release configuration at entitlements without it.",
        fixExample: """
            // Config/Release.xcconfig
            CODE_SIGN_ENTITLEMENTS = AcmeWallet/AcmeWallet.entitlements   // no get-task-allow key
            // Config/Debug.xcconfig
            CODE_SIGN_ENTITLEMENTS = AcmeWallet/AcmeWallet-Debug.entitlements
            """,
        triggeringExamples: [
            RuleExample(files: [
                (
                    "AcmeWallet.entitlements",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        ↓<key>get-task-allow</key>
                        <true/>
                    </dict>
                    </plist>
                    """
                ),
                ("Config/Release.xcconfig", "CODE_SIGN_ENTITLEMENTS = AcmeWallet.entitlements\n")
            ]),
            // No build settings in the scan: a file that does not say Debug is assumed to ship.
            RuleExample(files: [
                (
                    "App/App.entitlements",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        <key>aps-environment</key>
                        <string>production</string>
                        ↓<key>get-task-allow</key>
                        <true/>
                    </dict>
                    </plist>
                    """
                )
            ]),
            // The pbxproj signs Release with the "Dev" file: the name does not save it.
            RuleExample(files: [
                (
                    "AcmeWallet.xcodeproj/project.pbxproj",
                    """
                    // !$*UTF8*$!
                    {
                        objects = {
                            C0FFEE0000000000000000A1 = {
                                isa = XCBuildConfiguration;
                                buildSettings = {
                                    CODE_SIGN_ENTITLEMENTS = "AcmeWallet/AcmeWallet-Dev.entitlements";
                                };
                                name = Release;
                            };
                        };
                        rootObject = C0FFEE0000000000000000A1;
                    }
                    """
                ),
                (
                    "AcmeWallet/AcmeWallet-Dev.entitlements",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        ↓<key>get-task-allow</key>
                        <true/>
                    </dict>
                    </plist>
                    """
                )
            ])
        ],
        nonTriggeringExamples: [
            // Signed only by the Debug configuration.
            RuleExample(files: [
                (
                    "AcmeWallet-Debug.entitlements",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>get-task-allow</key><true/></dict></plist>
                    """
                ),
                (
                    "AcmeWallet.entitlements",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>get-task-allow</key><false/></dict></plist>
                    """
                ),
                ("Config/Debug.xcconfig", "CODE_SIGN_ENTITLEMENTS = AcmeWallet-Debug.entitlements\n"),
                ("Config/Release.xcconfig", "CODE_SIGN_ENTITLEMENTS = AcmeWallet.entitlements\n")
            ]),
            // No build settings; the name says Debug.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>get-task-allow</key><true/></dict></plist>
                """, path: "App/AppDebug.entitlements"),
            // A condition in a shared xcconfig ties the file to Debug.
            RuleExample(files: [
                (
                    "App/Local.entitlements",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>get-task-allow</key><true/></dict></plist>
                    """
                ),
                (
                    "Config/Shared.xcconfig",
                    """
                    CODE_SIGN_ENTITLEMENTS[config=Debug] = App/Local.entitlements
                    CODE_SIGN_ENTITLEMENTS[config=Release] = App/App.entitlements
                    """
                ),
                (
                    "App/App.entitlements",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>aps-environment</key><string>production</string></dict></plist>
                    """
                )
            ])
        ]
    )

    static func evaluate(_ project: ProjectContext) {
        let signing = SigningConfigurations(project)
        for fact in project.facts(FactKind.getTaskAllow) where fact.value == "true" && signing.isRelease(fact.file) {
            project.report(
                description, file: fact.file, line: fact.line, column: fact.column,
                message: """
                    get-task-allow is true in \(fact.file), which \(signing.signedBy(fact.file)) signs with; a debugger \
                    can attach to that build
                    """)
        }
    }
}
