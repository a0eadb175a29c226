import AuthenticationServices
import UIKit

/// What the server needs to verify a passkey sign-in.
struct PasskeyAssertion: Encodable {
    let credentialID: String
    let clientDataJSON: String
    let authenticatorData: String
    let signature: String
    let userID: String
}

/// Runs a passkey assertion for `acme.example.com` with the platform authenticator.
@MainActor
final class PasskeyAuthenticator: NSObject {
    enum Failure: Error {
        case cancelled
        case unexpectedCredential
        case noWindow
    }

    private var continuation: CheckedContinuation<PasskeyAssertion, Error>?

    func assert(challenge: Data) async throws -> PasskeyAssertion {
        let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: AppConfig.passkeyRelyingParty)
        let request = provider.createCredentialAssertionRequest(challenge: challenge)
        let controller = ASAuthorizationController(authorizationRequests: [request])
        controller.delegate = self
        controller.presentationContextProvider = self

        return try await withCheckedThrowingContinuation { continuation in
            self.continuation = continuation
            controller.performRequests()
        }
    }

    private func finish(_ result: Result<PasskeyAssertion, Error>) {
        continuation?.resume(with: result)
        continuation = nil
    }
}

extension PasskeyAuthenticator: ASAuthorizationControllerDelegate {
    func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
        guard let credential = authorization.credential as? ASAuthorizationPlatformPublicKeyCredentialAssertion else {
            finish(.failure(Failure.unexpectedCredential))
            return
        }
        finish(.success(PasskeyAssertion(
            credentialID: credential.credentialID.base64URLEncodedString(),
            clientDataJSON: credential.rawClientDataJSON.base64URLEncodedString(),
            authenticatorData: credential.rawAuthenticatorData.base64URLEncodedString(),
            signature: credential.signature.base64URLEncodedString(),
            userID: credential.userID.base64URLEncodedString()
        )))
    }

    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: Error) {
        if let error = error as? ASAuthorizationError, error.code == .canceled {
            finish(.failure(Failure.cancelled))
        } else {
            finish(.failure(error))
        }
    }
}

extension PasskeyAuthenticator: ASAuthorizationControllerPresentationContextProviding {
    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
        let windows = UIApplication.shared.connectedScenes
            .compactMap { $0 as? UIWindowScene }
            .flatMap(\.windows)
        return windows.first(where: \.isKeyWindow) ?? ASPresentationAnchor()
    }
}

extension Data {
    /// WebAuthn values travel as unpadded base64url.
    func base64URLEncodedString() -> String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    init?(base64URLEncoded text: String) {
        var base64 = text
            .replacingOccurrences(of: "-", with: "+")
            .replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}
