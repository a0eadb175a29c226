import IOSecCore

/// `platform.passkeys-without-webcredentials`: passkeys are used, but no entitlements file associates the app
/// with a `webcredentials:` domain, so iOS refuses every passkey request.
struct PasskeysWithoutWebCredentialsRule: ProjectRule {
    static let description = RuleDescription(
        id: "platform.passkeys-without-webcredentials",
        title: "Passkeys without a webcredentials associated domain",
        severity: .high,
        confidence: .medium,
        masvs: "MASVS-AUTH-2",
        cwe: 287, owasp: OWASPReference("MASWE-0019", beta: "MASWE-0039", mastg: [], .close),
        rationale: """
            A passkey is bound to a relying party (a domain). iOS creates or uses one only when the app proves it \
            belongs to that domain: a `webcredentials:` entry in the associated-domains entitlement, confirmed by the \
            site's apple-app-site-association. Without it every request fails, and teams under pressure fall back to \
            weaker sign-in or disable the check on the server.
            """,
        fix:
            "Add webcredentials:<relying party domain> to com.apple.developer.associated-domains and list the app under webcredentials.apps in the domain's apple-app-site-association.",
        fixExample: """
            <key>com.apple.developer.associated-domains</key>
            <array>
                <string>webcredentials:acme.example.com</string>
            </array>
            """,
        triggeringExamples: [
            RuleExample(
                """
                func signIn(challenge: Data) {
                    let provider = ↓ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: "acme.example.com")
                    let request = provider.createCredentialAssertionRequest(challenge: challenge)
                    ASAuthorizationController(authorizationRequests: [request]).performRequests()
                }
                """, path: "App/Auth/PasskeyAuthenticator.swift"),
            RuleExample(files: [
                (
                    "App/App.entitlements",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        ↓<key>com.apple.developer.associated-domains</key>
                        <array>
                            <string>applinks:acme.example.com</string>
                        </array>
                    </dict>
                    </plist>
                    """
                ),
                (
                    "App/Auth/Register.swift",
                    """
                    let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: relyingParty)
                    let request = provider.createCredentialRegistrationRequest(challenge: challenge, name: email, userID: userID)
                    """
                )
            ]),
            RuleExample(files: [
                (
                    "App/App.entitlements",
                    """
                    ↓<?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        <key>keychain-access-groups</key>
                        <array><string>$(AppIdentifierPrefix)com.acme.wallet</string></array>
                    </dict>
                    </plist>
                    """
                ),
                (
                    "App/Auth/PasskeyLogin.m",
                    """
                    ASAuthorizationPlatformPublicKeyCredentialProvider *provider =
                        [[ASAuthorizationPlatformPublicKeyCredentialProvider alloc] initWithRelyingPartyIdentifier:@"acme.example.com"];
                    """
                )
            ])
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                (
                    "App/App.entitlements",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key>
                    <array><string>applinks:acme.example.com</string><string>webcredentials:acme.example.com</string></array></dict></plist>
                    """
                ),
                (
                    "App/Auth/PasskeyAuthenticator.swift",
                    """
                    let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: "acme.example.com")
                    """
                )
            ]),
            // Passwords and Sign in with Apple only; types that merely mention passkeys.
            RuleExample(
                """
                struct PasskeyAssertion: Encodable { let credentialID: Data }
                let requests = [ASAuthorizationPasswordProvider().createRequest(), ASAuthorizationAppleIDProvider().createRequest()]
                """, path: "App/Auth/SignIn.swift"),
            // Only the tests build a provider.
            RuleExample(
                """
                final class PasskeyTests: XCTestCase {
                    func testProvider() {
                        _ = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: "example.com")
                    }
                }
                """, path: "AppTests/PasskeyTests.swift")
        ]
    )

    static func evaluate(_ project: ProjectContext) {
        let uses = project.facts(FactKind.passkeyAPI).sorted { ($0.file, $0.line) < ($1.file, $1.line) }
        guard let first = uses.first else { return }
        let hasWebCredentials = project.facts(FactKind.associatedDomain).contains {
            AssociatedDomain($0.value)?.service == .webcredentials
        }
        guard !hasWebCredentials else { return }
        let usedAt = "passkeys are used at \(first.file):\(first.line)"
        let signing = SigningConfigurations(project)
        let files = project.facts(FactKind.entitlementsFile).map(\.file).sorted()
        guard let entitlements = files.first(where: signing.isRelease) ?? files.first else {
            project.report(
                description, file: first.file, line: first.line, column: first.column,
                message: """
                    \(usedAt), but the app has no entitlements file with a webcredentials: associated domain; iOS \
                    refuses passkey requests for a relying party the app is not associated with
                    """)
            return
        }
        let key = project.facts(FactKind.associatedDomainsKey).first { $0.file == entitlements }
        project.report(
            description, file: entitlements, line: key?.line ?? 1, column: key?.column ?? 1,
            message: """
                \(usedAt), but \(entitlements) lists no webcredentials: associated domain; add \
                webcredentials:<relying party domain>, or iOS refuses every passkey request
                """)
    }
}
