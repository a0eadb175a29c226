import IOSecCore

/// `network.ats-arbitrary-loads`: App Transport Security switched off globally in an Info.plist.
struct ATSArbitraryLoadsRule: ArtifactRule {
    static let fileKinds: Set<FileKind> = [.infoPlist]

    static let description = RuleDescription(
        id: "network.ats-arbitrary-loads",
        title: "App Transport Security disabled",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-NETWORK-1",
        cwe: 319,
        owasp: OWASPReference("MASWE-0026", beta: "MASWE-0050", mastg: ["MASTG-TEST-0322", "MASTG-TEST-0342"], .exact),
        rationale: """
            `NSAllowsArbitraryLoads` turns App Transport Security off for every domain not listed in \
            `NSExceptionDomains`: plain HTTP is allowed and TLS is no longer held to 1.2 with forward secrecy, so one \
            forgotten `http://` URL or a downgraded server sends tokens and personal data readable and changeable by \
            anyone on the network. App Review asks for a justification. `NSAllowsArbitraryLoadsInWebContent` and \
            `…ForMedia` do the same for web views and AVFoundation media only. On iOS 10 and later, the presence of \
            `NSAllowsArbitraryLoadsInWebContent`, `…ForMedia` or `NSAllowsLocalNetworking` makes iOS ignore \
            `NSAllowsArbitraryLoads`, so it is only reported when it takes effect.
            """,
        fix:
            "Remove NSAllowsArbitraryLoads; serve every endpoint over HTTPS with TLS 1.2+, and if one legacy host cannot be upgraded yet, add a narrow NSExceptionDomains entry for that host alone.",
        fixExample: """
            <key>NSAppTransportSecurity</key>
            <dict>
                <!-- No NSAllowsArbitraryLoads: ATS stays on for every connection. -->
                <key>NSExceptionDomains</key>
                <dict>
                    <key>legacy-rates.example.com</key>
                    <dict>
                        <key>NSExceptionMinimumTLSVersion</key>
                        <string>TLSv1.2</string>
                    </dict>
                </dict>
            </dict>
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        ↓<key>NSAllowsArbitraryLoads</key>
                        <true/>
                    </dict>
                </dict>
                </plist>
                """, path: "App/Info.plist",
                findings: [FindingSpec(severity: .high, confidence: .high, message: "off for every domain")]),
            // An Info.plist run through Xcode's preprocessor (INFOPLIST_PREPROCESS): every branch is read.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    #ifndef DISABLE_PLAIN_HTTP
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        ↓<key>NSAllowsArbitraryLoads</key>
                        <true/>
                    </dict>
                    #endif
                </dict>
                </plist>
                """, path: "App/Info.plist"),
            // Exception domains do not narrow the global switch: every other host is still open.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>CFBundleIdentifier</key>
                    <string>com.acme.wallet</string>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        <key>NSExceptionDomains</key>
                        <dict>
                            <key>api.acme.com</key>
                            <dict>
                                <key>NSIncludesSubdomains</key>
                                <true/>
                            </dict>
                        </dict>
                        ↓<key>NSAllowsArbitraryLoads</key>
                        <true/>
                    </dict>
                </dict>
                </plist>
                """, path: "AcmeWallet/Info.plist"),
            // Web content only: medium, but still every page the web views load.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        ↓<key>NSAllowsArbitraryLoadsInWebContent</key>
                        <true/>
                        ↓<key>NSAllowsArbitraryLoadsForMedia</key>
                        <true/>
                    </dict>
                </dict>
                </plist>
                """, path: "App/Info.plist",
                findings: [
                    FindingSpec(severity: .medium, message: "web views may load any page"),
                    FindingSpec(severity: .medium, message: "AVFoundation may stream media")
                ]),
            // A string instead of a boolean: whether ATS reads "YES" as true is not documented; do not leave it
            // to chance.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        ↓<key>NSAllowsArbitraryLoads</key>
                        <string>YES</string>
                    </dict>
                </dict>
                </plist>
                """, path: "App/Info.plist",
                findings: [FindingSpec(severity: .medium, confidence: .low, message: "not a boolean")])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        <key>NSAllowsArbitraryLoads</key>
                        <false/>
                        <key>NSAllowsLocalNetworking</key>
                        <true/>
                    </dict>
                </dict>
                </plist>
                """, path: "App/Info.plist"),
            // The iOS 9 compatibility pattern: iOS 10+ ignores NSAllowsArbitraryLoads when the web-content key is
            // present, and the web-content key itself is off.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        <key>NSAllowsArbitraryLoads</key>
                        <true/>
                        <key>NSAllowsArbitraryLoadsInWebContent</key>
                        <false/>
                    </dict>
                </dict>
                </plist>
                """, path: "App/Info.plist"),
            // A string "NO" (wrong type, but read either way it is not true).
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        <key>NSAllowsArbitraryLoads</key>
                        <string>NO</string>
                    </dict>
                </dict>
                </plist>
                """, path: "App/Info.plist"),
            // Outside NSAppTransportSecurity the key means nothing to ATS.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        <key>NSPinnedDomains</key>
                        <dict/>
                    </dict>
                    <key>NSAllowsArbitraryLoads</key>
                    <true/>
                </dict>
                </plist>
                """, path: "App/Info.plist"),
            // A UI-test runner talks to a local mock server; it never ships.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        <key>NSAllowsArbitraryLoads</key>
                        <true/>
                    </dict>
                </dict>
                </plist>
                """, path: "AcmeWalletUITests/Info.plist")
        ]
    )

    static func check(_ file: ArtifactFile) {
        guard let ats = CollectorSupport.transportSecurity(file) else { return }
        for fact in ats.facts {
            switch fact.kind {
            case .arbitraryLoads(let ignored, _) where !ignored:
                file.report(
                    description, atLineStart: fact.line,
                    message: """
                        NSAllowsArbitraryLoads is true: App Transport Security is off for every domain not listed in \
                        NSExceptionDomains, so plain HTTP and weak TLS are allowed
                        """)
            case .arbitraryLoadsInWebContent:
                file.report(
                    description, atLineStart: fact.line,
                    message: """
                        NSAllowsArbitraryLoadsInWebContent is true: web views may load any page over plain HTTP \
                        (it also makes iOS ignore NSAllowsArbitraryLoads)
                        """, severity: .medium)
            case .arbitraryLoadsForMedia:
                file.report(
                    description, atLineStart: fact.line,
                    message: """
                        NSAllowsArbitraryLoadsForMedia is true: AVFoundation may stream media over plain HTTP; keep it \
                        for FairPlay-protected or encrypted HLS media only
                        """, severity: .medium)
            case .wrongType(let key, _, let found) where key == "NSAllowsArbitraryLoads":
                let settings = CollectorSupport.rootDictionary(file)?["NSAppTransportSecurity"]?.dictionary
                guard let value = settings?[key]?.string, ["yes", "true", "1"].contains(value.lowercased()),
                    !ATSEvaluation.keysThatOverrideArbitraryLoads.contains(where: { settings?.entry($0) != nil })
                else { continue }
                file.report(
                    description, atLineStart: fact.line,
                    message: """
                        NSAllowsArbitraryLoads is the \(found) "\(value)", not a boolean; whether ATS reads it as true is \
                        not documented — remove the key (or write <false/>) so ATS is certainly on
                        """, severity: .medium, confidence: .low)
            default:
                continue
            }
        }
    }
}
