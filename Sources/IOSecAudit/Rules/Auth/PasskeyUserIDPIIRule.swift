import IOSecCore
import SwiftSyntax

/// `auth.passkey-user-id-pii`: a passkey registration whose `userID:` (the WebAuthn user handle) is made from an
/// e-mail address, phone number or user name instead of an opaque random value.
struct PasskeyUserIDPIIRule: SwiftRule {
    static let description = RuleDescription(
        id: "auth.passkey-user-id-pii",
        title: "Passkey user ID made from personal data",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-PRIVACY-1",
        cwe: 359, owasp: OWASPReference("MASWE-0067", beta: "MASWE-0109", mastg: [], .close),
        outsideChecklist: "passkey user handles have no item of their own",
        rationale: """
            The user handle (`userID:`) is stored with the passkey on the device and in iCloud Keychain, returned to \
            the site in every assertion, and visible to password managers. WebAuthn requires it to be an opaque \
            value of at most 64 bytes that contains no personal information: an e-mail address or phone number \
            there leaks to every party that sees the credential and cannot be changed when the user changes \
            their address. The human-readable account name goes in `name:`.
            """,
        fix:
            "Give each account a random 16–64 byte user handle on the server, store it with the account, and pass it as userID; put the e-mail or user name in name:.",
        fixExample: """
            let options = try await api.beginRegistration()   // options.userHandle: 32 random bytes made by the server
            let request = provider.createCredentialRegistrationRequest(challenge: options.challenge,
                                                                       name: options.userName, userID: options.userHandle)
            """,
        triggeringExamples: [
            // iOS 26 account creation: the user picks a contact, the app still makes the handle.
            RuleExample(
                """
                let request = ASAuthorizationAccountCreationProvider().createPlatformPublicKeyCredentialRegistrationRequest(
                    acceptedContactIdentifiers: [.email], shouldRequestName: true, relyingPartyIdentifier: "acme.example.com",
                    challenge: options.challenge, ↓userID: Data(profile.email.utf8))
                """),
            RuleExample(
                """
                let request = provider.createCredentialRegistrationRequest(challenge: options.challenge, name: email, ↓userID: Data(email.utf8))
                """),
            RuleExample(
                """
                let handle = account.phoneNumber.data(using: .utf8)!
                let request = provider.createCredentialRegistrationRequest(challenge: challenge, name: account.displayName, ↓userID: handle)
                """),
            RuleExample(
                """
                let request = securityKeyProvider.createCredentialRegistrationRequest(challenge: challenge, displayName: name, name: user.username, ↓userID: Data(user.username.utf8))
                """),
            RuleExample(
                """
                - (void)registerAccount:(ACMAccount *)account challenge:(NSData *)challenge {
                    NSData *handle = [account.email dataUsingEncoding:NSUTF8StringEncoding];
                    id request = [self.provider createCredentialRegistrationRequestWithChallenge:challenge name:account.email ↓userID:handle];
                }
                """, path: "App/ACMPasskeys.m")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                let request = provider.createCredentialRegistrationRequest(challenge: options.challenge, name: email, userID: options.userHandle)
                """),
            RuleExample(
                """
                let request = provider.createCredentialRegistrationRequest(challenge: challenge, name: user.email, userID: Data(user.id.uuidString.utf8))
                """),
            RuleExample(
                """
                let userID = Data(base64URLEncoded: response.user.id)!
                let request = provider.createCredentialRegistrationRequest(challenge: challenge, name: response.user.name, userID: userID)
                """),
            RuleExample(
                """
                - (void)registerWithOptions:(ACMRegistrationOptions *)options {
                    id request = [self.provider createCredentialRegistrationRequestWithChallenge:options.challenge
                                                                                            name:options.userName
                                                                                          userID:options.userHandle];
                }
                """, path: "App/ACMPasskeys.m")
        ]
    )

    static let subscription = Subscription(
        calls: .named([
            "createCredentialRegistrationRequest", "createPlatformPublicKeyCredentialRegistrationRequest"
        ]))

    /// Words (or adjacent word pairs) that name personal data a user handle must not carry.
    private static let personalWords: Set<String> = [
        "email", "mail", "phone", "msisdn", "username", "login", "nickname", "ssn"
    ]
    private static let personalPairs: Set<String> = [
        "user name", "account name", "full name", "display name", "e mail", "mobile number"
    ]

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let argument = call.arguments.first(where: { $0.label?.text == "userID" }),
            let name = Self.personalName(in: argument.expression)
        else { return }
        report(
            file, at: argument,
            "the passkey user handle is made from `\(name)`; it is stored with the credential and sent on every sign-in, so it must be an opaque random value"
        )
    }

    /// The first identifier naming personal data in the value or (a few steps back) in the locals it came from.
    static func personalName(in expr: ExprSyntax) -> String? {
        var current: ExprSyntax? = expr
        var steps = 0
        while let e = current?.unwrapped, steps < 3 {
            for token in e.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let text) = token.tokenKind else { continue }
                if isPersonal(text) { return text }
            }
            if let call = e.as(FunctionCallExprSyntax.self), ["Data", "Array"].contains(call.calledName ?? ""),
                call.arguments.count == 1, let only = call.arguments.first, only.label == nil
            {
                current = LocalValue.origin(of: only.expression)
            } else {
                current = LocalValue.origin(of: e)
            }
            steps += 1
        }
        return nil
    }

    static func isPersonal(_ identifier: String) -> Bool {
        let words = SensitiveName.words(identifier)
        if words.contains(where: personalWords.contains) { return true }
        return zip(words, words.dropFirst()).contains { personalPairs.contains("\($0) \($1)") }
    }
}
