import IOSecCore

/// `platform.aasa-app-id-missing`: an apple-app-site-association file in the repository does not list the App ID
/// the release build signs as, for a service that build's entitlements use (webcredentials, applinks).
struct AASAAppIDMissingRule: ProjectRule {
    static let description = RuleDescription(
        id: "platform.aasa-app-id-missing",
        title: "Association file does not list the release build's App ID",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-PLATFORM-1",
        cwe: 346, owasp: OWASPReference("MASWE-0029", beta: "MASWE-0058", mastg: [], .close),
        rationale: """
            A domain vouches for an app by listing its App ID — the Team ID and the bundle identifier of the build \
            users install — in its apple-app-site-association: `webcredentials.apps` for passkeys and passwords, \
            `applinks` details for universal links. A file that lists another team, an old bundle identifier or \
            only the development build's makes every passkey request fail and every universal link open Safari, \
            silently: nothing in the app or in the build reports it. The release build's App ID is read from the \
            project: `DEVELOPMENT_TEAM` and `PRODUCT_BUNDLE_IDENTIFIER` of the configurations the schemes archive \
            (or whose name does not say debug), with build-setting references resolved from the pbxproj and \
            xcconfig files; a value that cannot be resolved is not guessed. A file that lists another \
            configuration of the same app (a staging file for the staging build) serves that build and is not \
            reported. `iosec aasa DOMAIN --project PATH` checks the file the domain serves in the same way.
            """,
        fix:
            "List the release build's App ID (DEVELOPMENT_TEAM.PRODUCT_BUNDLE_IDENTIFIER) under webcredentials.apps and in the applinks details' appIDs of the file the domain serves.",
        fixExample: """
            {
              "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet"] },
              "applinks": { "details": [{ "appIDs": ["ABCDE12345.com.acme.wallet"], "components": [{ "/": "/pay/*" }] }] }
            }
            """,
        triggeringExamples: [
            // The file lists the app under another team.
            RuleExample(files: [
                ("AcmeWallet.xcodeproj/project.pbxproj", project(team: "ABCDE12345", bundle: "com.acme.wallet")),
                (
                    "AcmeWallet/AcmeWallet.entitlements",
                    PasskeyRPIDMismatchRule.entitlements("webcredentials:acme.example.com")
                ),
                (
                    "Server/.well-known/apple-app-site-association",
                    """
                    { ↓"webcredentials": { "apps": ["FGHIJ67890.com.acme.wallet"] } }
                    """
                )
            ]),
            // Universal links: the bundle identifier is built from the product name, and the file has the old one.
            RuleExample(files: [
                (
                    "AcmeWallet.xcodeproj/project.pbxproj",
                    project(team: "ABCDE12345", bundle: "com.acme.$(PRODUCT_NAME:rfc1034identifier)")
                ),
                (
                    "AcmeWallet/AcmeWallet.entitlements",
                    PasskeyRPIDMismatchRule.entitlements("applinks:acme.example.com")
                ),
                (
                    "web/static/.well-known/apple-app-site-association",
                    """
                    {
                      ↓"applinks": { "details": [{ "appIDs": ["ABCDE12345.com.acme.acmewallet"], "components": [{ "/": "/pay/*" }] }] }
                    }
                    """
                )
            ]),
            // The team comes from an xcconfig file.
            RuleExample(files: [
                ("AcmeWallet.xcodeproj/project.pbxproj", project(team: nil, bundle: "com.acme.wallet")),
                ("Config/Shared.xcconfig", "DEVELOPMENT_TEAM = ABCDE12345\n"),
                (
                    "AcmeWallet/AcmeWallet.entitlements",
                    PasskeyRPIDMismatchRule.entitlements("webcredentials:acme.example.com")
                ),
                (
                    "Server/.well-known/apple-app-site-association",
                    """
                    { ↓"webcredentials": { "apps": [] } }
                    """
                )
            ])
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                ("AcmeWallet.xcodeproj/project.pbxproj", project(team: "ABCDE12345", bundle: "com.acme.wallet")),
                (
                    "AcmeWallet/AcmeWallet.entitlements",
                    PasskeyRPIDMismatchRule.entitlements("webcredentials:acme.example.com")
                ),
                (
                    "Server/.well-known/apple-app-site-association",
                    """
                    { "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet", "ABCDE12345.com.acme.devices"] } }
                    """
                )
            ]),
            // The team is not known from the scanned files: nothing is guessed.
            RuleExample(files: [
                ("AcmeWallet.xcodeproj/project.pbxproj", project(team: "$(ACME_TEAM)", bundle: "com.acme.wallet")),
                (
                    "AcmeWallet/AcmeWallet.entitlements",
                    PasskeyRPIDMismatchRule.entitlements("webcredentials:acme.example.com")
                ),
                (
                    "Server/.well-known/apple-app-site-association",
                    """
                    { "webcredentials": { "apps": ["FGHIJ67890.com.acme.wallet"] } }
                    """
                )
            ]),
            // The build uses no applinks: the file's universal links are for another app.
            RuleExample(files: [
                ("AcmeWallet.xcodeproj/project.pbxproj", project(team: "ABCDE12345", bundle: "com.acme.wallet")),
                (
                    "AcmeWallet/AcmeWallet.entitlements",
                    PasskeyRPIDMismatchRule.entitlements("webcredentials:acme.example.com")
                ),
                (
                    "Server/.well-known/apple-app-site-association",
                    """
                    {
                      "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet"] },
                      "applinks": { "details": [{ "appIDs": ["ABCDE12345.com.acme.shop"], "components": [{ "/": "/*" }] }] }
                    }
                    """
                )
            ]),
            // A staging file lists the Debug configuration's App ID: it serves that build.
            RuleExample(files: [
                (
                    "AcmeWallet.xcodeproj/project.pbxproj",
                    project(team: "ABCDE12345", bundle: "com.acme.wallet", debugBundle: "com.acme.wallet.dev")
                ),
                (
                    "AcmeWallet/AcmeWallet.entitlements",
                    PasskeyRPIDMismatchRule.entitlements("webcredentials:acme.example.com")
                ),
                (
                    "Server/staging/.well-known/apple-app-site-association",
                    """
                    { "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet.dev"] } }
                    """
                )
            ])
        ]
    )

    /// A minimal Xcode project with one app target, `AcmeWallet`, whose Release configuration signs with
    /// `AcmeWallet/AcmeWallet.entitlements` (and a Debug one when `debugBundle` is given).
    static func project(team: String?, bundle: String, debugBundle: String? = nil) -> String {
        let teamLine = team.map { "DEVELOPMENT_TEAM = \"\($0)\";" } ?? ""
        func configuration(_ id: String, _ name: String, _ bundle: String) -> String {
            """
                    \(id) = {
                        isa = XCBuildConfiguration;
                        buildSettings = {
                            CODE_SIGN_ENTITLEMENTS = AcmeWallet/AcmeWallet.entitlements;
                            \(teamLine)
                            PRODUCT_BUNDLE_IDENTIFIER = "\(bundle)";
                        };
                        name = \(name);
                    };
            """
        }
        let ids = debugBundle == nil ? "D1B2C3D4E5F60718293A4B5E" : "D1B2C3D4E5F60718293A4B5E, D1B2C3D4E5F60718293A4B5F"
        return """
            // !$*UTF8*$!
            {
                objects = {
                    D1B2C3D4E5F60718293A4B5C = {
                        isa = PBXNativeTarget;
                        buildConfigurationList = D1B2C3D4E5F60718293A4B5D;
                        name = AcmeWallet;
                        productType = "com.apple.product-type.application";
                    };
                    D1B2C3D4E5F60718293A4B5D = {
                        isa = XCConfigurationList;
                        buildConfigurations = (\(ids));
                    };
            \(configuration("D1B2C3D4E5F60718293A4B5E", "Release", bundle))
            \(debugBundle.map { configuration("D1B2C3D4E5F60718293A4B5F", "Debug", $0) } ?? "")
                };
                rootObject = D1B2C3D4E5F60718293A4B5C;
            }
            """
    }

    static func evaluate(_ project: ProjectContext) {
        let services = project.facts(FactKind.associationFileService)
        guard !services.isEmpty else { return }
        let identities = ReleaseAppIdentities(project)
        guard !identities.all.isEmpty else { return }
        var servicesByEntitlements: [String: [AssociatedDomain]] = [:]
        for fact in project.facts(FactKind.associatedDomain) {
            if let domain = AssociatedDomain(fact.value) {
                servicesByEntitlements[fact.file, default: []].append(domain)
            }
        }
        var listedByFile: [String: [String: [AppID]]] = [:]
        for fact in project.facts(FactKind.associationFileApp) {
            let fields = FactKind.fields(fact.value, count: 2)
            if let id = AppID(fields[1]) { listedByFile[fact.file, default: [:]][fields[0], default: []].append(id) }
        }
        for service in services.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            let kind: AssociatedDomain.Service =
                service.value == AssociationFileCollector.Service.webcredentials ? .webcredentials : .applinks
            func uses(_ identity: ReleaseAppIdentities.Identity) -> Bool {
                guard let file = identity.entitlements else { return false }
                return servicesByEntitlements[file]?.contains { $0.service == kind } == true
            }
            let shipping = identities.shipping.filter(uses)
            let known = shipping.filter { $0.appID != nil }
            // Every shipping build that uses the service must be known, or the one listed may be the unknown one.
            guard !known.isEmpty, known.count == shipping.count else { continue }
            let listed = listedByFile[service.file]?[service.value] ?? []
            let ids = Set(known.compactMap(\.appID))
            guard !listed.contains(where: ids.contains) else { continue }
            // A file for another configuration of the same app (staging, development) serves that build.
            let otherBuilds = Set(identities.all.filter { !$0.ships }.compactMap(\.appID))
            guard !listed.contains(where: otherBuilds.contains) else { continue }
            project.report(
                description, file: service.file, line: service.line, column: service.column,
                message: message(
                    service: service.value, listed: listed, release: known, domains: servicesByEntitlements))
        }
    }

    static func message(
        service: String, listed: [AppID], release: [ReleaseAppIdentities.Identity],
        domains: [String: [AssociatedDomain]]
    ) -> String {
        let expected = release.map { identity in
            "\(identity.appID!) (\(identity.name) in \(identity.projectFile))"
        }
        var unique: [String] = []
        for text in expected where !unique.contains(text) { unique.append(text) }
        let written = listed.isEmpty ? "lists no App ID" : "lists " + listed.map(\.description).joined(separator: ", ")
        let entitlements = Set(release.compactMap(\.entitlements)).sorted()
        let serviceDomains = entitlements.flatMap { file in
            (domains[file] ?? []).filter { "\($0.service)" == service }.map { "\(file): \($0.raw)" }
        }
        var hint = ""
        if let id = release.first?.appID, let other = listed.first(where: { $0.bundleID == id.bundleID }) {
            hint = "; \(other) has the bundle identifier under another team"
        }
        let effect =
            service == AssociationFileCollector.Service.webcredentials
            ? "passkeys and shared passwords fail for" : "universal links open Safari instead of the app for"
        return """
            \(service) \(written), not the release build's App ID \(unique.joined(separator: ", "))\(hint); \
            \(effect) \(serviceDomains.isEmpty ? "the domains it serves" : serviceDomains.joined(separator: ", ")) \
            when the domain serves this file
            """
    }
}
