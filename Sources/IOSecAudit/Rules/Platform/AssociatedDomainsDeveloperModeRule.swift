import IOSecCore

/// `platform.associated-domains-developer-mode`: `?mode=developer` associated domains in the entitlements a
/// release build signs with.
struct AssociatedDomainsDeveloperModeRule: ProjectRule {
    static let description = RuleDescription(
        id: "platform.associated-domains-developer-mode",
        title: "Associated domain in developer mode in a release configuration",
        severity: .info,
        confidence: .high,
        masvs: "MASVS-PLATFORM-1",
        cwe: 489, owasp: OWASPReference("MASWE-0061", beta: "MASWE-0094", mastg: [], .related),
        rationale: """
            `?mode=developer` makes a development-signed app fetch apple-app-site-association straight from the site \
            instead of Apple's CDN, for testing a staging server. Distribution-signed builds ignore it, so in \
            release entitlements it does no harm by itself: it is a note that debug configuration leaked, and that \
            the universal links or passkeys it was meant to enable may not be set up for production.
            """,
        fix:
            "Keep `?mode=developer` entries in Debug-only entitlements and list the plain `webcredentials:` / `applinks:` domains in the release file.",
        fixExample: """
            <!-- AcmeWallet.entitlements (Release) -->
            <key>com.apple.developer.associated-domains</key>
            <array>
                <string>applinks:acme.example.com</string>
                <string>webcredentials:acme.example.com</string>
            </array>
            """,
        triggeringExamples: [
            RuleExample(files: [
                (
                    "AcmeWallet.entitlements",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        <key>com.apple.developer.associated-domains</key>
                        <array>
                            <string>applinks:acme.example.com</string>
                            ↓<string>webcredentials:acme.example.com?mode=developer</string>
                        </array>
                    </dict>
                    </plist>
                    """
                ),
                ("Config/Release.xcconfig", "CODE_SIGN_ENTITLEMENTS = AcmeWallet.entitlements\n")
            ]),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>com.apple.developer.associated-domains</key>
                    <array>
                        ↓<string>applinks:*.acme.example.com?mode=developer+managed</string>
                    </array>
                </dict>
                </plist>
                """, path: "App/App.entitlements"),
            // Shared by Debug and Release: Release still ships it.
            RuleExample(files: [
                ("Config/Debug.xcconfig", "CODE_SIGN_ENTITLEMENTS = Wallet/Wallet.entitlements\n"),
                ("Config/Release.xcconfig", "CODE_SIGN_ENTITLEMENTS = Wallet/Wallet.entitlements\n"),
                (
                    "Wallet/Wallet.entitlements",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        <key>com.apple.developer.associated-domains</key>
                        <array>
                            ↓<string>applinks:staging.acme.example.com?mode=developer</string>
                            <string>applinks:acme.example.com</string>
                        </array>
                    </dict>
                    </plist>
                    """
                )
            ])
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                (
                    "AcmeWallet-Debug.entitlements",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key>
                    <array><string>webcredentials:acme.example.com?mode=developer</string></array></dict></plist>
                    """
                ),
                (
                    "AcmeWallet.entitlements",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key>
                    <array><string>webcredentials:acme.example.com</string></array></dict></plist>
                    """
                ),
                ("Config/Debug.xcconfig", "CODE_SIGN_ENTITLEMENTS = AcmeWallet-Debug.entitlements\n"),
                ("Config/Release.xcconfig", "CODE_SIGN_ENTITLEMENTS = AcmeWallet.entitlements\n")
            ]),
            // Managed mode is for MDM-deployed apps, a release channel.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key>
                <array><string>applinks:intranet.acme.example.com?mode=managed</string></array></dict></plist>
                """, path: "App/App.entitlements"),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key>
                <array><string>applinks:acme.example.com?mode=developer</string></array></dict></plist>
                """, path: "App/App-Development.entitlements")
        ]
    )

    static func evaluate(_ project: ProjectContext) {
        let signing = SigningConfigurations(project)
        for fact in project.facts(FactKind.associatedDomain) {
            guard let domain = AssociatedDomain(fact.value), domain.modes.contains(.developer),
                signing.isRelease(fact.file)
            else { continue }
            project.report(
                description, file: fact.file, line: fact.line, column: fact.column,
                message: """
                    '\(fact.value)' uses ?mode=developer in \(fact.file), which \(signing.signedBy(fact.file)) signs with; \
                    distribution builds ignore developer mode, so the entry does nothing there: move it to Debug-only \
                    entitlements
                    """)
        }
    }
}
