//
//  AuthSessionManager.swift
//  Hearth
//
//  Created by Sofia Berg on 02/02/2022.
//  Copyright © 2022 Hearth Labs AB. All rights reserved.
//

import AuthenticationServices
import CryptoKit
import Foundation
import os
import UIKit

enum AuthError: Error {
    case cancelled
    case stateMismatch
    case missingCode
    case tokenExchangeFailed(status: Int)
}

/// Sign-in via the system browser using authorization code + PKCE.
final class AuthSessionManager: NSObject {

    static let shared = AuthSessionManager()

    private static let callbackScheme = "hearth"
    private static let redirectURI = "hearth://oauth/callback"
    private static let scopes = "openid profile devices offline_access"

    private let logger = Logger(subsystem: "com.hearthlabs.hearth", category: "auth")
    private var webSession: ASWebAuthenticationSession?
    private weak var anchor: ASPresentationAnchor?

    var isSignedIn: Bool { HROAuthTokenRefresher.shared.hasRefreshToken }

    func signIn(from anchor: ASPresentationAnchor, completion: @escaping (Result<Void, Error>) -> Void) {
        let verifier = Self.makeCodeVerifier()
        let state = Self.makeCodeVerifier()

        var components = URLComponents(string: HRCloudAuthBaseURLString + "oauth/authorize")!
        components.queryItems = [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: HROAuthClientIdentifier),
            URLQueryItem(name: "redirect_uri", value: Self.redirectURI),
            URLQueryItem(name: "scope", value: Self.scopes),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "code_challenge", value: Self.codeChallenge(for: verifier)),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]

        let session = ASWebAuthenticationSession(url: components.url!, callbackURLScheme: Self.callbackScheme) { [weak self] url, error in
            guard let self else { return }
            if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                completion(.failure(AuthError.cancelled))
                return
            }
            let items = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems } ?? []
            guard items.first(where: { $0.name == "state" })?.value == state else {
                completion(.failure(AuthError.stateMismatch))
                return
            }
            guard let code = items.first(where: { $0.name == "code" })?.value else {
                completion(.failure(AuthError.missingCode))
                return
            }
            self.exchange(code: code, verifier: verifier, completion: completion)
        }
        self.anchor = anchor
        session.presentationContextProvider = self
        session.prefersEphemeralWebBrowserSession = true
        webSession = session
        session.start()
    }

    func signOut() {
        HRAPIClient.shared.post("session/logout", body: nil) { _, _, _ in }
        HROAuthTokenRefresher.shared.signOut()
        HubRegistry.shared.removeAll()
        HREventStore.shared.removeAllData()
        HRSnapshotCache.shared.removeAllSnapshots()
        SharedStateStore().removeAll()
        HRDiagnosticsClear()
    }

    /// Hands out a token with at least a minute of validity, refreshing if needed.
    func validAccessToken(completion: @escaping (String?) -> Void) {
        let refresher = HROAuthTokenRefresher.shared
        if let token = refresher.currentAccessToken(), let expiry = refresher.accessTokenExpiry, expiry.timeIntervalSinceNow > 60 {
            completion(token)
            return
        }
        refresher.refreshAccessToken { token, _ in
            DispatchQueue.main.async { completion(token) }
        }
    }

    // MARK: Token exchange

    private func exchange(code: String, verifier: String, completion: @escaping (Result<Void, Error>) -> Void) {
        var request = URLRequest(url: URL(string: HRCloudAuthBaseURLString + "oauth/token")!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        var form = URLComponents()
        form.queryItems = [
            URLQueryItem(name: "grant_type", value: "authorization_code"),
            URLQueryItem(name: "code", value: code),
            URLQueryItem(name: "redirect_uri", value: Self.redirectURI),
            URLQueryItem(name: "client_id", value: HROAuthClientIdentifier),
            URLQueryItem(name: "code_verifier", value: verifier),
        ]
        request.httpBody = form.percentEncodedQuery?.data(using: .utf8)

        URLSession(configuration: .ephemeral).dataTask(with: request) { [logger] data, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? -1
            guard error == nil, status == 200,
                  let data, let payload = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  HROAuthTokenRefresher.shared.storeTokenResponse(payload) else {
                logger.error("Code exchange failed with status \(status)")
                DispatchQueue.main.async { completion(.failure(error ?? AuthError.tokenExchangeFailed(status: status))) }
                return
            }
            logger.info("Signed in")
            DispatchQueue.main.async {
                UIApplication.shared.registerForRemoteNotifications()
                completion(.success(()))
            }
        }.resume()
    }

    // MARK: PKCE

    static func makeCodeVerifier() -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        let status = SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes)
        precondition(status == errSecSuccess, "SecRandomCopyBytes failed")
        return Data(bytes).base64URLEncoded()
    }

    static func codeChallenge(for verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncoded()
    }
}

extension AuthSessionManager: ASWebAuthenticationPresentationContextProviding {
    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
        anchor ?? ASPresentationAnchor()
    }
}

extension Data {
    func base64URLEncoded() -> String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
