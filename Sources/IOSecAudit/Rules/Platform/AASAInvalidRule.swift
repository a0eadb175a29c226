import IOSecCore

/// `platform.aasa-invalid`: an apple-app-site-association file in the project that iOS would reject or read
/// only in part.
struct AASAInvalidRule: ArtifactRule {
    static let fileKinds: Set<FileKind> = [.associationFile]

    static let description = RuleDescription(
        id: "platform.aasa-invalid",
        title: "Invalid apple-app-site-association file",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-PLATFORM-1",
        cwe: 20, owasp: OWASPReference("MASWE-0029", beta: "MASWE-0058", mastg: [], .close),
        rationale: """
            The apple-app-site-association file is how a domain vouches for an app: without a valid one, passkeys and \
            password AutoFill (`webcredentials`) and universal links (`applinks`) silently stop working, and users \
            fall back to phishable passwords or to links opened in the browser. iOS fetches it through Apple's CDN \
            and drops what it cannot read: JSON that does not parse, App IDs without the 10-character Team ID prefix, \
            values of the wrong type, files over 128 KB. Nothing tells the user or the developer at run time, so the \
            file is checked where it is written. Problems iOS tolerates (unknown keys, a byte-order mark, obsolete \
            forms) are reported at low severity.
            """,
        fix:
            "Make the file valid JSON of the documented shape, with App IDs written TEAMID.bundle.id; check the served copy with `iosec aasa DOMAIN --app-id TEAMID.bundle.id`.",
        fixExample: """
            {
              "applinks": {
                "details": [
                  { "appIDs": ["ABCDE12345.com.acme.wallet"], "components": [{ "/": "/pay/*" }] }
                ]
              },
              "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet"] }
            }
            """,
        triggeringExamples: [
            // The Team ID prefix is missing: iOS never matches this entry.
            RuleExample(
                """
                {
                  "webcredentials": {
                    "apps": [
                      "ABCDE12345.com.acme.wallet",
                      ↓"com.acme.wallet"
                    ]
                  }
                }
                """, path: "Server/.well-known/apple-app-site-association",
                findings: [FindingSpec(severity: .high, message: "webcredentials.apps[1]")]),
            // Wrong types: a single string where an array belongs, and "exclude" as a string.
            RuleExample(
                """
                {
                  "applinks": {
                    "details": [
                      {
                        ↓"appIDs": "ABCDE12345.com.acme.wallet",
                        "components": [
                          { "/": "/admin/*", ↓"exclude": "true" },
                          { "/": "/pay/*" }
                        ]
                      }
                    ]
                  }
                }
                """, path: "public/.well-known/apple-app-site-association"),
            // Not strict JSON (a trailing comma), reported where it breaks.
            RuleExample(
                """
                {
                  "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet"], ↓},
                }
                """, path: "site/apple-app-site-association.json"),
            // A missing comma between members.
            RuleExample(
                """
                {
                  "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet"] }
                  ↓"appclips": { "apps": ["ABCDE12345.com.acme.wallet.Clip"] }
                }
                """, path: "Server/.well-known/apple-app-site-association"),
            // Tolerated but worth fixing: an unknown service key (a typo of "applinks") is low.
            RuleExample(
                """
                {
                  ↓"applink": { "details": [] },
                  "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet"] }
                }
                """, path: "Server/.well-known/apple-app-site-association",
                findings: [FindingSpec(severity: .low, message: "applink")])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                {
                  "applinks": {
                    "details": [
                      {
                        "appIDs": ["ABCDE12345.com.acme.wallet", "ABCDE12345.com.acme.wallet.clip"],
                        "components": [
                          { "/": "/admin/*", "exclude": true, "comment": "Never open the admin pages in the app" },
                          { "/": "/pay/*", "?": { "amount": "?*" } },
                          { "#": "no_universal_links", "exclude": true }
                        ]
                      }
                    ]
                  },
                  "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet"] },
                  "appclips": { "apps": ["ABCDE12345.com.acme.wallet.clip"] }
                }
                """, path: "Server/.well-known/apple-app-site-association"),
            // The legacy (iOS 9–12) form, still valid.
            RuleExample(
                """
                {
                  "applinks": {
                    "apps": [],
                    "details": [
                      { "appID": "9JA89QQLNQ.com.apple.wwdc", "paths": ["/wwdc/news/", "NOT /videos/wwdc/2010/*", "/videos/*"] }
                    ]
                  }
                }
                """, path: "web/apple-app-site-association"),
            // Development App IDs are valid JSON; whether they belong in production is platform.aasa-dev-app-id's
            // question.
            RuleExample(
                """
                {
                  "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet", "ABCDE12345.com.acme.wallet.dev"] }
                }
                """, path: "Server/.well-known/apple-app-site-association")
        ]
    )

    static func check(_ file: ArtifactFile) {
        let source = AssociationFileSource.of(file)
        for issue in source.report.issues {
            // A whole-file problem of broken JSON is shown where the JSON breaks.
            let position =
                issue.path.isEmpty
                ? source.map.syntaxError ?? source.map.nearestPosition(of: "")
                : issue.position ?? source.map.nearestPosition(of: issue.path)
            let place = issue.path.isEmpty ? "" : "\(issue.path): "
            file.report(
                description, line: position.line, column: position.column, message: place + issue.message,
                severity: issue.severity == .error ? .high : .low)
        }
    }
}
