import AuthenticationServices

/// Creates a passkey for a signed-in account on `acme.example.com`.
@MainActor
final class PasskeyRegistration: NSObject {
    func register(email: String) -> ASAuthorizationController {
        let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: AppConfig.passkeyRelyingParty)
        var challenge = Data(count: 32)
        _ = challenge.withUnsafeMutableBytes { SecRandomCopyBytes(kSecRandomDefault, 32, $0.baseAddress!) }
        let request = provider.createCredentialRegistrationRequest(
            challenge: challenge,
            name: email,
            userID: Data(email.utf8)
        )
        return ASAuthorizationController(authorizationRequests: [request])
    }
}
