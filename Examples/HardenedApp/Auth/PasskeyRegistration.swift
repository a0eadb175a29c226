import AuthenticationServices

/// What the server sends to begin a passkey registration: a single-use challenge and the account's opaque
/// user handle (random bytes made by the server, never the e-mail address).
struct RegistrationOptions: Decodable {
    let challenge: String
    let userName: String
    let userHandle: String
}

/// Creates a passkey for a signed-in account on `acme.example.com`.
@MainActor
final class PasskeyRegistration: NSObject {
    func request(for options: RegistrationOptions) -> ASAuthorizationController? {
        guard let challenge = Data(base64URLEncoded: options.challenge),
              let userHandle = Data(base64URLEncoded: options.userHandle) else { return nil }
        let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: AppConfig.passkeyRelyingParty)
        let request = provider.createCredentialRegistrationRequest(challenge: challenge, name: options.userName, userID: userHandle)
        return ASAuthorizationController(authorizationRequests: [request])
    }
}
