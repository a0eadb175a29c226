import IOSecCore

/// `platform.passkey-rp-id-mismatch`: the relying-party identifier code passes to a passkey API is not one of the
/// `webcredentials:` domains of the entitlements the release build signs with, so iOS refuses every request.
struct PasskeyRPIDMismatchRule: ProjectRule {
    static let description = RuleDescription(
        id: "platform.passkey-rp-id-mismatch",
        title: "Passkey relying party not among the app's webcredentials domains",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-AUTH-1",
        cwe: 287, owasp: OWASPReference("MASWE-0019", beta: "MASWE-0028", mastg: [], .related),
        rationale: """
            iOS creates or uses a passkey for a relying party only when the app is associated with that domain: a \
            `webcredentials:` entry for it in the associated-domains entitlement of the build, confirmed by the \
            domain's apple-app-site-association. A relying-party identifier that differs from every entry — a \
            subdomain (`login.example.com` against `webcredentials:example.com`), a parent, a staging host, a URL \
            instead of a domain — fails with "application is not associated with domain" on every device, and \
            teams under pressure fall back to passwords. An entry `*.example.com` covers example.com and its \
            subdomains (Apple TN3155); entries with `?mode=developer` count as written. The provider, iOS 26's \
            account creation request and its credential signals (`ASCredentialDataManager.report…`) are read. Only \
            identifiers the code \
            states (a literal or a constant) are compared; one that comes from the server's options is not known \
            here. When the entitlements have no webcredentials entry at all, \
            `platform.passkeys-without-webcredentials` says so instead.
            """,
        fix:
            "Pass the relying party the server registers passkeys for, and list exactly that domain as webcredentials:<domain> in the entitlements of the release build (its apple-app-site-association must list the app's App ID).",
        fixExample: """
            // App.entitlements: webcredentials:acme.example.com
            let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: "acme.example.com")
            """,
        triggeringExamples: [
            RuleExample(files: [
                ("App/App.entitlements", entitlements("webcredentials:acme.example.com")),
                (
                    "App/Auth/PasskeyAuthenticator.swift",
                    """
                    enum Passkeys { static let relyingParty = "login.acme.example.com" }
                    func signIn(challenge: Data) {
                        let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: ↓Passkeys.relyingParty)
                        _ = provider.createCredentialAssertionRequest(challenge: challenge)
                    }
                    """
                )
            ]),
            // iOS 26 account creation, with a URL where a domain belongs.
            RuleExample(files: [
                ("App/App.entitlements", entitlements("webcredentials:acme.example.com")),
                (
                    "App/Auth/SignUp.swift",
                    """
                    let request = ASAuthorizationAccountCreationProvider().createPlatformPublicKeyCredentialRegistrationRequest(
                        acceptedContactIdentifiers: [.email], shouldRequestName: true,
                        relyingPartyIdentifier: ↓"https://acme.example.com", challenge: challenge, userID: userID)
                    """
                )
            ]),
            // A credential signal for a domain the app is not associated with.
            RuleExample(files: [
                ("App/App.entitlements", entitlements("webcredentials:acme.example.com")),
                (
                    "App/Auth/PasskeySignals.swift",
                    """
                    func sync(_ user: Data, _ ids: [Data]) async throws {
                        try await ASCredentialDataManager().reportAllAcceptedPublicKeyCredentials(
                            relyingPartyIdentifier: ↓"accounts.acme.example.net", userHandle: user, acceptedCredentialIDs: ids)
                    }
                    """
                )
            ]),
            RuleExample(files: [
                ("App/App.entitlements", entitlements("webcredentials:www.acme.example.com")),
                (
                    "App/Auth/PasskeyLogin.m",
                    """
                    #define kRelyingParty @"acme.example.com" // the server's RP ID
                    ASAuthorizationPlatformPublicKeyCredentialProvider *provider =
                        [[ASAuthorizationPlatformPublicKeyCredentialProvider alloc] initWithRelyingPartyIdentifier:↓kRelyingParty];
                    """
                )
            ])
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                ("App/App.entitlements", entitlements("webcredentials:acme.example.com")),
                (
                    "App/Auth/PasskeyAuthenticator.swift",
                    """
                    let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: "acme.example.com")
                    """
                )
            ]),
            // A wildcard entry covers the domain and its subdomains.
            RuleExample(files: [
                ("App/App.entitlements", entitlements("webcredentials:*.acme.example.com")),
                (
                    "App/Auth/PasskeyAuthenticator.swift",
                    """
                    let first = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: "login.acme.example.com")
                    let second = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: "acme.example.com")
                    """
                )
            ]),
            // A credential signal (iOS 26) for the associated domain.
            RuleExample(files: [
                ("App/App.entitlements", entitlements("webcredentials:acme.example.com")),
                (
                    "App/Auth/PasskeySignals.swift",
                    """
                    func forget(_ credentialID: Data) async throws {
                        try await ASCredentialDataManager().reportUnknownPublicKeyCredential(
                            relyingPartyIdentifier: "acme.example.com", credentialID: credentialID)
                    }
                    """
                )
            ]),
            // The relying party comes from the server's options: nothing to compare.
            RuleExample(files: [
                ("App/App.entitlements", entitlements("webcredentials:acme.example.com")),
                (
                    "App/Auth/PasskeyAuthenticator.swift",
                    """
                    func register(options: CreationOptions) {
                        let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: options.rp.id)
                    }
                    """
                )
            ]),
            // Only the debug build's entitlements name the staging host, and only a test passes it.
            RuleExample(files: [
                ("App/App.entitlements", entitlements("webcredentials:acme.example.com")),
                ("App/App-Debug.entitlements", entitlements("webcredentials:staging.acme.example.com")),
                (
                    "AppTests/PasskeyTests.swift",
                    """
                    func testStagingProvider() {
                        _ = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: "staging.example.org")
                    }
                    """
                )
            ])
        ]
    )

    static func entitlements(_ domains: String...) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>com.apple.developer.associated-domains</key>
            <array>
        \(domains.map { "        <string>\($0)</string>" }.joined(separator: "\n"))
            </array>
        </dict>
        </plist>
        """
    }

    static func evaluate(_ project: ProjectContext) {
        let parties = project.facts(FactKind.passkeyRelyingParty)
        guard !parties.isEmpty else { return }
        let signing = SigningConfigurations(project)
        let entries = project.facts(FactKind.associatedDomain).filter { signing.isRelease($0.file) }
            .compactMap { fact in AssociatedDomain(fact.value).map { (file: fact.file, domain: $0) } }
            .filter { $0.domain.service == .webcredentials }
        // Without any entry `platform.passkeys-without-webcredentials` reports, once.
        guard !entries.isEmpty else { return }
        let association = associationFiles(project)
        var seen: Set<String> = []
        for party in parties.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) })
        where seen.insert("\(party.file):\(party.line):\(party.value)").inserted {
            guard !entries.contains(where: { Self.matches(party.value, $0.domain) }) else { continue }
            let listed = entries.map { "\($0.file): \($0.domain.raw)" }.joined(separator: ", ")
            let shape =
                party.value.contains("://") || party.value.contains("/")
                ? "a relying-party identifier is a domain, not a URL; " : ""
            project.report(
                description, file: party.file, line: party.line, column: party.column,
                message: """
                    the passkey relying party "\(party.value)" is not a webcredentials: domain of the entitlements the \
                    release build signs with (\(listed)), so iOS refuses the request as not associated with that \
                    domain; \(shape)pass one of those domains or add webcredentials:\(Self.domainPart(of: party.value)) \
                    \(association)
                    """)
        }
    }

    /// Apple's matching of a domain against an entry: equal, or under a `*.` entry's domain (TN3155: a wildcard
    /// entry matches the domain itself and its subdomains). Case does not matter in domain names.
    static func matches(_ relyingParty: String, _ entry: AssociatedDomain) -> Bool {
        let party = relyingParty.lowercased(), domain = entry.domain.lowercased()
        if party == domain { return true }
        return entry.includesSubdomains && party.hasSuffix("." + domain)
    }

    /// `https://acme.example.com/login` → `acme.example.com`, for the message.
    static func domainPart(of value: String) -> String {
        var rest = Substring(value)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        return String(rest.prefix { $0 != "/" && $0 != ":" && $0 != "?" })
    }

    /// The third place, for the message: the association files of the repository that configure webcredentials,
    /// or what must hold when there is none.
    static func associationFiles(_ project: ProjectContext) -> String {
        let files = project.facts(FactKind.associationFileService).filter {
            $0.value == AssociationFileCollector.Service.webcredentials
        }.map(\.file)
        let apps = project.facts(FactKind.associationFileApp).compactMap { fact -> String? in
            let fields = FactKind.fields(fact.value, count: 2)
            return fields[0] == AssociationFileCollector.Service.webcredentials ? fields[1] : nil
        }
        guard !files.isEmpty else {
            return "(and serve an apple-app-site-association listing the app's App ID from it)"
        }
        let named = Set(files).sorted().joined(separator: ", ")
        let listing = apps.isEmpty ? "no App ID" : Set(apps).sorted().joined(separator: ", ")
        return "(the association file \(named), listing \(listing) under webcredentials, must be served from it)"
    }
}
