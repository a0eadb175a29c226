import IOSecCore

/// `storage.file-sharing`: `UIFileSharingEnabled` in an app's Info.plist, which hands the whole Documents folder to
/// anyone who connects the unlocked device to a computer (and, with `LSSupportsOpeningDocumentsInPlace`, to the
/// Files app).
struct FileSharingRule: ArtifactRule {
    static let fileKinds: Set<FileKind> = [.infoPlist]

    static let description = RuleDescription(
        id: "storage.file-sharing",
        title: "Documents folder shared over USB",
        severity: .low,
        confidence: .medium,
        masvs: "MASVS-STORAGE-2",
        cwe: 538, owasp: OWASPReference("MASWE-0002", beta: "MASWE-0007", mastg: ["MASTG-TEST-0303"], .exact),
        outsideChecklist: "sharing the Documents folder has no item of its own",
        rationale: """
            With `UIFileSharingEnabled` the app's Documents folder appears in Finder (iTunes on Windows) for anyone \
            who connects the unlocked device to a computer, and with `LSSupportsOpeningDocumentsInPlace` in the Files \
            app as well: every file in it can be copied off and replaced, with no jailbreak and no backup password. \
            Apps keep databases, caches, logs and downloaded statements in Documents by default, so sharing it is a \
            data-storage decision, not only a feature switch.
            """,
        fix:
            "Turn UIFileSharingEnabled off unless users really exchange documents with the app; if they do, keep everything else (databases, caches, logs, keys) in Application Support or Caches, never in Documents.",
        fixExample: """
            // Info.plist: no UIFileSharingEnabled. Internal data lives outside Documents:
            let support = try FileManager.default.url(
                for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
            let store = support.appendingPathComponent("wallet.sqlite")
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>CFBundleIdentifier</key>
                    <string>com.acme.wallet</string>
                    ↓<key>UIFileSharingEnabled</key>
                    <true/>
                </dict>
                </plist>
                """, path: "App/Info.plist", findings: [FindingSpec(severity: .low, message: "Finder")]),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    ↓<key>UIFileSharingEnabled</key>
                    <true/>
                    <key>LSSupportsOpeningDocumentsInPlace</key>
                    <true/>
                </dict>
                </plist>
                """, path: "App/Info.plist", findings: [FindingSpec(message: "Files app")]),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    ↓<key>UIFileSharingEnabled</key>
                    <string>YES</string>
                </dict>
                </plist>
                """, path: "Notes/Info.plist")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>UIFileSharingEnabled</key>
                    <false/>
                </dict>
                </plist>
                """, path: "App/Info.plist"),
            // Opening documents in place alone shares only what the user opens from the Files app.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>LSSupportsOpeningDocumentsInPlace</key>
                    <true/>
                </dict>
                </plist>
                """, path: "App/Info.plist"),
            // Decided by the build configuration: the xcconfig is where to look, not this file.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>UIFileSharingEnabled</key>
                    <string>$(ENABLE_FILE_SHARING)</string>
                </dict>
                </plist>
                """, path: "App/Info.plist"),
            // A UI-test runner's Info.plist does not ship.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>UIFileSharingEnabled</key>
                    <true/>
                </dict>
                </plist>
                """, path: "AcmeWalletUITests/Info.plist")
        ]
    )

    static func check(_ file: ArtifactFile) {
        guard let root = CollectorSupport.rootDictionary(file),
            let entry = root.entry("UIFileSharingEnabled"), isOn(entry.value)
        else { return }
        let inPlace = root["LSSupportsOpeningDocumentsInPlace"].map(isOn) ?? false
        let where_ = inPlace ? "Finder and the Files app" : "Finder (iTunes on Windows)"
        file.report(
            description, atLineStart: entry.keyLine ?? 1,
            message:
                "UIFileSharingEnabled is on: everything in Documents can be copied off and replaced from \(where_) on an unlocked device; keep databases, caches and logs out of Documents, or turn it off"
        )
    }

    private static func isOn(_ value: PropertyListValue) -> Bool {
        if let flag = value.bool { return flag }
        if let text = value.string { return ["yes", "true", "1"].contains(text.lowercased()) }
        return false
    }
}
