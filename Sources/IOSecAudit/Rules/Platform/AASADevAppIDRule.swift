import IOSecCore

/// `platform.aasa-dev-app-id`: with `--production`, an App ID in an association file that is not a release
/// build's: not in `--release-app-id`, or named like a development build.
struct AASADevAppIDRule: ArtifactRule {
    static let fileKinds: Set<FileKind> = [.associationFile]
    static let production = ScanOptions(jobs: 1, production: true)

    static let description = RuleDescription(
        id: "platform.aasa-dev-app-id",
        title: "Development App ID in a production association file",
        severity: .medium,
        confidence: .medium,
        masvs: "MASVS-PLATFORM-1",
        cwe: 489, owasp: OWASPReference("MASWE-0029", beta: "MASWE-0058", mastg: [], .related),
        rationale: """
            Every App ID in the production apple-app-site-association file may open the domain's universal links and \
            offer its passkeys and saved passwords. A development, staging or QA build listed there gets that trust \
            on every device it is installed on — builds that are signed more loosely, log more and are handed to more \
            people. Checked only with `--production` (scan the production copy of the file); with \
            `--release-app-id` every other App ID is reported, without it IDs ending in `.dev`, `.debug`, \
            `.staging`, `.beta`, `.qa`, `.test`, `.internal` or `.alpha`.
            """,
        fix:
            "Keep development App IDs in the association file of a development domain (with ?mode=developer in debug entitlements); list only release App IDs in production.",
        fixExample: """
            // https://acme.example.com/.well-known/apple-app-site-association (production)
            { "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet"] } }
            // https://dev.acme.example.com/.well-known/apple-app-site-association
            { "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet.dev"] } }
            """,
        triggeringExamples: [
            RuleExample(
                """
                {
                  "applinks": {
                    "details": [
                      {
                        "appIDs": [
                          "ABCDE12345.com.acme.wallet",
                          ↓"ABCDE12345.com.acme.wallet.dev"
                        ],
                        "components": [{ "/": "/pay/*" }]
                      }
                    ]
                  }
                }
                """, path: "Server/.well-known/apple-app-site-association", options: production),
            // Reported once per App ID, where it is first written.
            RuleExample(
                """
                {
                  "webcredentials": { "apps": [↓"ABCDE12345.com.acme.wallet.staging", "ABCDE12345.com.acme.wallet"] },
                  "appclips": { "apps": [↓"ABCDE12345.com.acme.wallet.Clip.debug"] },
                  "applinks": { "details": [{ "appID": "ABCDE12345.com.acme.wallet.staging", "components": [{ "/": "/*" }] }] }
                }
                """, path: "Server/.well-known/apple-app-site-association", options: production),
            // With the release list given, any other ID is reported, whatever its name.
            RuleExample(
                """
                { "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet", ↓"FGHIJ67890.com.acme.wallet"] } }
                """, path: "Server/.well-known/apple-app-site-association",
                options: ScanOptions(jobs: 1, production: true, releaseAppIDs: ["ABCDE12345.com.acme.wallet"]))
        ],
        nonTriggeringExamples: [
            // Only release IDs; words like "devices" or "debugger" in a bundle ID are not markers.
            RuleExample(
                """
                {
                  "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet", "ABCDE12345.com.acme.devices"] },
                  "appclips": { "apps": ["ABCDE12345.com.acme.wallet.Clip"] }
                }
                """, path: "Server/.well-known/apple-app-site-association", options: production),
            // Without --production a development domain's file may list development builds.
            RuleExample(
                """
                { "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet.dev"] } }
                """, path: "Server/dev/.well-known/apple-app-site-association"),
            // Listed as a release ID on purpose.
            RuleExample(
                """
                { "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet", "ABCDE12345.com.acme.wallet.beta"] } }
                """, path: "Server/.well-known/apple-app-site-association",
                options: ScanOptions(
                    jobs: 1, production: true,
                    releaseAppIDs: ["ABCDE12345.com.acme.wallet", "ABCDE12345.com.acme.wallet.beta"]))
        ]
    )

    static func check(_ file: ArtifactFile) {
        guard file.options.production else { return }
        let source = AssociationFileSource.of(file)
        guard let parsed = source.report.file else { return }
        let release = file.options.releaseAppIDs.compactMap(AppID.init)
        for id in parsed.allAppIDs {
            guard let problem = AssociationFileCheck.productionProblem(with: id, releaseAppIDs: release) else {
                continue
            }
            let position = source.position(of: id)
            file.report(description, line: position.line, column: position.column, message: problem)
        }
    }
}
