import AuthenticationServices
import CryptoKit
import Foundation
import Security
import UIKit

enum LinkProvider: String, CaseIterable, Identifiable {
    case garmin
    case strava

    var id: String { rawValue }

    var displayName: String {
        switch self {
        case .garmin: return "Garmin Connect"
        case .strava: return "Strava"
        }
    }
}

enum AccountLinkError: LocalizedError {
    case cancelled
    case stateMismatch
    case missingCode
    case providerError(String)

    var errorDescription: String? {
        guard case .providerError(let code) = self else {
            return NSLocalizedString("link.error.generic", comment: "Account link failed")
        }
        return String(format: NSLocalizedString("link.error.provider %@", comment: "Provider returned an error"), code)
    }
}

/// Runs the authorization-code + PKCE flow in ASWebAuthenticationSession and hands the code
/// to our backend, which does the confidential-client exchange with the provider.
@MainActor
final class AccountLinkService: NSObject {
    private let configuration: AppConfiguration
    private let api: APIClientProtocol
    private var session: ASWebAuthenticationSession?

    init(configuration: AppConfiguration, api: APIClientProtocol) {
        self.configuration = configuration
        self.api = api
    }

    private func providerConfiguration(for provider: LinkProvider) -> OAuthProviderConfiguration {
        switch provider {
        case .garmin: return configuration.garmin
        case .strava: return configuration.strava
        }
    }

    private func redirectURI(for provider: LinkProvider) -> String {
        "\(configuration.callbackScheme)://oauth/\(provider.rawValue)"
    }

    func link(_ provider: LinkProvider) async throws -> LinkedAccount {
        let pkce = try PKCEPair()
        let state = OAuthState.make()
        let providerConfig = providerConfiguration(for: provider)

        var components = URLComponents(url: providerConfig.authorizeURL, resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: providerConfig.clientID),
            URLQueryItem(name: "redirect_uri", value: redirectURI(for: provider)),
            URLQueryItem(name: "scope", value: providerConfig.scopes.joined(separator: ",")),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "code_challenge", value: pkce.challenge),
            URLQueryItem(name: "code_challenge_method", value: pkce.method),
            URLQueryItem(name: "approval_prompt", value: "auto"),
        ]

        let callback = try await authenticate(url: components.url!)

        if let error = callback.queryValue("error") {
            throw AccountLinkError.providerError(error)
        }
        guard callback.queryValue("state") == state else {
            Log.auth.error("OAuth state mismatch for \(provider.rawValue, privacy: .public)")
            throw AccountLinkError.stateMismatch
        }
        guard let code = callback.queryValue("code") else {
            throw AccountLinkError.missingCode
        }

        let request = LinkExchangeRequest(
            provider: provider.rawValue,
            code: code,
            codeVerifier: pkce.verifier,
            redirectURI: redirectURI(for: provider)
        )
        let account = try await api.send(try API.exchangeLink(request))
        Log.auth.info("Linked \(provider.rawValue, privacy: .public)")
        return account
    }

    func unlink(_ provider: LinkProvider) async throws {
        _ = try await api.send(API.unlink(provider: provider.rawValue))
    }

    private func authenticate(url: URL) async throws -> URL {
        try await withCheckedThrowingContinuation { continuation in
            let session = ASWebAuthenticationSession(url: url, callbackURLScheme: configuration.callbackScheme) { callbackURL, error in
                if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                    continuation.resume(throwing: AccountLinkError.cancelled)
                } else if let error {
                    continuation.resume(throwing: error)
                } else if let callbackURL {
                    continuation.resume(returning: callbackURL)
                } else {
                    continuation.resume(throwing: AccountLinkError.missingCode)
                }
            }
            session.presentationContextProvider = self
            session.prefersEphemeralWebBrowserSession = true
            self.session = session
            session.start()
        }
    }
}

extension AccountLinkService: ASWebAuthenticationPresentationContextProviding {
    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
        UIApplication.shared.connectedScenes
            .compactMap { $0 as? UIWindowScene }
            .flatMap(\.windows)
            .first(where: \.isKeyWindow) ?? ASPresentationAnchor()
    }
}

/// RFC 7636 proof key. The verifier is random per authorization attempt and never persisted.
struct PKCEPair {
    let verifier: String
    let challenge: String
    let method = "S256"

    init() throws {
        var bytes = [UInt8](repeating: 0, count: 32)
        let status = SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes)
        guard status == errSecSuccess else {
            throw KeychainError.unexpectedStatus(status)
        }
        verifier = Data(bytes).base64URLEncodedString
        challenge = Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncodedString
    }
}

enum OAuthState {
    static func make() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }
}
