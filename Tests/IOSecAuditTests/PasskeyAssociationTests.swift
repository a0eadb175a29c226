import Foundation
import Testing

@testable import IOSecAudit

/// The three places a passkey sign-in depends on — the relying party in code, the `webcredentials:` domains of the
/// release entitlements, and the association file listing the release build's App ID — agree or each
/// disagreement is one finding that names the other two places.
struct PasskeyAssociationTests {
    static let ruleIDs: Set<String> = [
        "platform.passkey-rp-id-mismatch", "platform.aasa-app-id-missing", "platform.passkeys-without-webcredentials"
    ]

    struct Project {
        var relyingParty = "acme.example.com"
        var entitlementDomain = "webcredentials:acme.example.com"
        var listedAppID = "ABCDE12345.com.acme.wallet"
        var team = "ABCDE12345"
    }

    func findings(_ project: Project) throws -> [Finding] {
        let tree = TemporaryTree()
        tree.write(
            "AcmeWallet.xcodeproj/project.pbxproj",
            AASAAppIDMissingRule.project(team: project.team, bundle: "com.acme.wallet"))
        tree.write(
            "AcmeWallet/AcmeWallet.entitlements", PasskeyRPIDMismatchRule.entitlements(project.entitlementDomain))
        tree.write(
            "Server/.well-known/apple-app-site-association",
            #"{ "webcredentials": { "apps": ["\#(project.listedAppID)"] } }"#)
        tree.write(
            "AcmeWallet/Auth/PasskeyAuthenticator.swift",
            """
            import AuthenticationServices
            enum Passkeys { static let relyingParty = "\(project.relyingParty)" }
            func signIn(challenge: Data) {
                let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: Passkeys.relyingParty)
                _ = provider.createCredentialAssertionRequest(challenge: challenge)
            }
            """)
        return try Scanner(options: ScanOptions(jobs: 1)).scan(tree.root).findings.filter {
            Self.ruleIDs.contains($0.ruleId)
        }
    }

    @Test func threePlacesThatAgreeGiveNoFinding() throws {
        #expect(try findings(Project()).isEmpty)
    }

    @Test func aRelyingPartyTheEntitlementsDoNotListIsOneFindingInTheCode() throws {
        var project = Project()
        project.relyingParty = "login.acme.example.com"
        let found = try findings(project)
        #expect(found.map(\.ruleId) == ["platform.passkey-rp-id-mismatch"])
        let finding = try #require(found.first)
        #expect(finding.file == "AcmeWallet/Auth/PasskeyAuthenticator.swift")
        #expect(finding.message.contains("AcmeWallet/AcmeWallet.entitlements: webcredentials:acme.example.com"))
        #expect(finding.message.contains("Server/.well-known/apple-app-site-association"))
    }

    @Test func entitlementsForAnotherDomainAreOneFinding() throws {
        var project = Project()
        project.entitlementDomain = "webcredentials:shop.example.com"
        let found = try findings(project)
        #expect(found.map(\.ruleId) == ["platform.passkey-rp-id-mismatch"])
        #expect(found.first?.message.contains("webcredentials:shop.example.com") == true)
    }

    @Test func anAssociationFileForAnotherTeamIsOneFindingInTheFile() throws {
        var project = Project()
        project.listedAppID = "FGHIJ67890.com.acme.wallet"
        let found = try findings(project)
        #expect(found.map(\.ruleId) == ["platform.aasa-app-id-missing"])
        let finding = try #require(found.first)
        #expect(finding.file == "Server/.well-known/apple-app-site-association")
        #expect(finding.message.contains("ABCDE12345.com.acme.wallet"))
        #expect(finding.message.contains("AcmeWallet.xcodeproj/project.pbxproj"))
        #expect(finding.message.contains("AcmeWallet/AcmeWallet.entitlements: webcredentials:acme.example.com"))
        #expect(finding.message.contains("under another team"))
    }

    @Test func aTeamTheProjectDoesNotStateIsNotGuessed() throws {
        var project = Project()
        project.listedAppID = "FGHIJ67890.com.acme.wallet"
        project.team = "$(ACME_TEAM)"
        #expect(try findings(project).isEmpty)
    }

    @Test func buildSettingReferencesResolveLikeXcode() {
        let settings = ["PRODUCT_NAME": "Acme Wallet", "BASE": "com.acme", "LOOP": "$(LOOP)"]
        let lookup = { (key: String) in settings[key] }
        #expect(
            BuildSettingValue.resolve("$(BASE).$(PRODUCT_NAME:rfc1034identifier)", lookup: lookup)
                == "com.acme.Acme-Wallet")
        #expect(BuildSettingValue.resolve("${BASE}.app $(inherited)", lookup: lookup) == "com.acme.app")
        #expect(!BuildSettingValue.isResolved(BuildSettingValue.resolve("$(UNKNOWN).app", lookup: lookup)))
        // A cycle ends at the depth limit, unresolved.
        #expect(!BuildSettingValue.isResolved(BuildSettingValue.resolve("$(LOOP)", lookup: lookup)))
    }

    /// `iosec aasa --project`: of the builds that ship, the ones whose entitlements name associated domains (an app,
    /// not its widget).
    @Test func theProjectsAppIDIsTheOneWithAssociatedDomains() throws {
        func configuration(_ id: String, _ bundle: String, _ entitlements: String) -> String {
            """
                    \(id) = { isa = XCBuildConfiguration; name = Release; buildSettings = {
                        CODE_SIGN_ENTITLEMENTS = \(entitlements); DEVELOPMENT_TEAM = ABCDE12345;
                        PRODUCT_BUNDLE_IDENTIFIER = \(bundle); }; };
            """
        }
        let tree = TemporaryTree()
        tree.write(
            "Acme.xcodeproj/project.pbxproj",
            """
            // !$*UTF8*$!
            { objects = {
                    A1000000000000000000000A = { isa = PBXNativeTarget; buildConfigurationList = A1000000000000000000000B; name = Acme; };
                    A1000000000000000000000B = { isa = XCConfigurationList; buildConfigurations = (A1000000000000000000000C); };
            \(configuration("A1000000000000000000000C", "com.acme.wallet", "Acme/Acme.entitlements"))
                    A2000000000000000000000A = { isa = PBXNativeTarget; buildConfigurationList = A2000000000000000000000B; name = Widget; };
                    A2000000000000000000000B = { isa = XCConfigurationList; buildConfigurations = (A2000000000000000000000C); };
            \(configuration("A2000000000000000000000C", "com.acme.wallet.widget", "Widget/Widget.entitlements"))
                }; rootObject = A1000000000000000000000A; }
            """)
        tree.write("Acme/Acme.entitlements", PasskeyRPIDMismatchRule.entitlements("webcredentials:acme.example.com"))
        tree.write(
            "Widget/Widget.entitlements",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>com.apple.security.application-groups</key>
            <array><string>group.com.acme.wallet</string></array></dict></plist>
            """)
        let result = try Scanner(options: ScanOptions(jobs: 1), rules: RuleSet.all.only([])).scan(tree.root)
        let ids = ProjectAppIDs.shipping(in: result)
        #expect(ids.map(\.appID.description) == ["ABCDE12345.com.acme.wallet"])
        #expect(ids.first?.source == "Acme (Release) in Acme.xcodeproj/project.pbxproj")
    }
}
