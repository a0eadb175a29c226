import AuthenticationServices
import CryptoKit
import Foundation
import os
import UIKit

@MainActor
final class AuthService: NSObject, ObservableObject {
    enum State: Equatable { case idle, working, failed(String) }
    enum AuthError: Error { case missingCredential, malformedChallenge, randomGenerationFailed(OSStatus), superseded }

    private struct AppleSignInRequest: Encodable {
        let identityToken: String
        let authorizationCode: String
        let rawNonce: String
        let givenName: String?
    }

    private struct PasskeyOptions: Decodable {
        let challengeId: String
        let challenge: String
    }

    private struct PasskeyAssertion: Encodable {
        let challengeId: String
        let credentialId: String
        let clientDataJson: String
        let authenticatorData: String
        let signature: String
        let userHandle: String
    }

    @Published private(set) var state: State = .idle

    private let api: APIClient
    private let session: SessionStore
    private let analytics: AnalyticsService
    private let relyingPartyID: String
    private var pendingAuthorization: CheckedContinuation<ASAuthorization, Error>?

    init(api: APIClient, session: SessionStore, analytics: AnalyticsService, relyingPartyID: String) {
        self.api = api
        self.session = session
        self.analytics = analytics
        self.relyingPartyID = relyingPartyID
    }

    // MARK: Sign in with Apple

    func signInWithApple() async {
        await run(method: "apple") {
            let nonce = try Self.makeNonce()
            let request = ASAuthorizationAppleIDProvider().createRequest()
            request.requestedScopes = [.fullName, .email]
            request.nonce = SHA256.hash(data: Data(nonce.utf8)).hexString

            let authorization = try await self.perform([request])
            guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential,
                  let identityToken = credential.identityToken.flatMap({ String(data: $0, encoding: .utf8) }),
                  let code = credential.authorizationCode.flatMap({ String(data: $0, encoding: .utf8) }) else {
                throw AuthError.missingCredential
            }

            let body = AppleSignInRequest(
                identityToken: identityToken,
                authorizationCode: code,
                rawNonce: nonce,
                givenName: credential.fullName?.givenName
            )
            let response: AuthResponse = try await self.api.send(.post("v1/auth/apple", body: body, requiresAuth: false))
            try self.session.establish(response)

            let email = response.account.email ?? credential.email ?? "hidden"
            Logger.auth.notice("Apple sign-in complete for \(email, privacy: .public) (plan: \(response.account.plan.rawValue, privacy: .public))")
        }
    }

    // MARK: Passkeys

    func signInWithPasskey() async {
        await run(method: "passkey") {
            let options: PasskeyOptions = try await self.api.send(
                Endpoint(method: .post, path: "v1/auth/passkeys/assertion-options", requiresAuth: false)
            )
            guard let challenge = Data(base64URLEncoded: options.challenge), challenge.count >= 16 else {
                throw AuthError.malformedChallenge
            }

            let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: self.relyingPartyID)
            let request = provider.createCredentialAssertionRequest(challenge: challenge)
            let authorization = try await self.perform([request], options: .preferImmediatelyAvailableCredentials)
            guard let assertion = authorization.credential as? ASAuthorizationPlatformPublicKeyCredentialAssertion else {
                throw AuthError.missingCredential
            }

            let body = PasskeyAssertion(
                challengeId: options.challengeId,
                credentialId: assertion.credentialID.base64URLEncodedString(),
                clientDataJson: assertion.rawClientDataJSON.base64URLEncodedString(),
                authenticatorData: assertion.rawAuthenticatorData.base64URLEncodedString(),
                signature: assertion.signature.base64URLEncodedString(),
                userHandle: assertion.userID.base64URLEncodedString()
            )
            let response: AuthResponse = try await self.api.send(.post("v1/auth/passkeys/assertion", body: body, requiresAuth: false))
            try self.session.establish(response)
            Logger.auth.info("Passkey sign-in complete for \(response.account.id, privacy: .private(mask: .hash))")
        }
    }

    // MARK: Plumbing

    private func run(method: String, _ work: @MainActor () async throws -> Void) async {
        state = .working
        do {
            try await work()
            state = .idle
            await analytics.track(.signInCompleted(method: method))
        } catch let error as ASAuthorizationError where error.code == .canceled {
            state = .idle
        } catch {
            Logger.auth.error("\(method, privacy: .public) sign-in failed: \(error.localizedDescription, privacy: .public)")
            state = .failed(L10n.signInFailed)
        }
    }

    private func perform(
        _ requests: [ASAuthorizationRequest],
        options: ASAuthorizationController.RequestOptions = []
    ) async throws -> ASAuthorization {
        pendingAuthorization?.resume(throwing: AuthError.superseded)
        return try await withCheckedThrowingContinuation { continuation in
            pendingAuthorization = continuation
            let controller = ASAuthorizationController(authorizationRequests: requests)
            controller.delegate = self
            controller.presentationContextProvider = self
            controller.performRequests(options: options)
        }
    }

    private static func makeNonce() throws -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        let status = SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes)
        guard status == errSecSuccess else { throw AuthError.randomGenerationFailed(status) }
        return Data(bytes).base64URLEncodedString()
    }
}

extension AuthService: ASAuthorizationControllerDelegate, ASAuthorizationControllerPresentationContextProviding {
    nonisolated func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
        MainActor.assumeIsolated {
            pendingAuthorization?.resume(returning: authorization)
            pendingAuthorization = nil
        }
    }

    nonisolated func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: Error) {
        MainActor.assumeIsolated {
            pendingAuthorization?.resume(throwing: error)
            pendingAuthorization = nil
        }
    }

    nonisolated func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
        MainActor.assumeIsolated {
            let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
            let active = scenes.first { $0.activationState == .foregroundActive } ?? scenes.first
            return active?.keyWindow ?? ASPresentationAnchor()
        }
    }
}
