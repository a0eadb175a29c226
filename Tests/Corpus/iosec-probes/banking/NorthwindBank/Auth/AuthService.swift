import Foundation

enum AuthError: Error, Equatable {
    case invalidOTPFormat
    case challengeExpired
    case quickUnlockNotEnrolled
    case malformedCredential
}

final class AuthService {
    private struct BeginLoginBody: Encodable {
        let customerNumber: String
        let deviceKeyId: String
    }

    private struct CompleteLoginBody: Encodable {
        let challengeId: String
        let password: String
        let otp: String
        let deviceKeyId: String
        let nonceSignature: String
    }

    private struct RefreshBody: Encodable {
        let grantType = "refresh_token"
        let refreshToken: String
    }

    private struct RevokeBody: Encodable {
        let token: String
        let tokenTypeHint: String
    }

    private struct QuickUnlockBody: Encodable {
        let credential: String
        let deviceKeyId: String
        let nonceSignature: String
    }

    private struct NonceResponse: Decodable {
        let nonce: String
    }

    private let client: APIClient
    private let deviceKey: DeviceBindingKey

    init(client: APIClient, deviceKey: DeviceBindingKey) {
        self.client = client
        self.deviceKey = deviceKey
    }

    // MARK: - Password + OTP

    func beginLogin(customerNumber: String) async throws -> LoginChallenge {
        let body = BeginLoginBody(customerNumber: customerNumber, deviceKeyId: try deviceKey.keyId())
        return try await client.send(
            try .json(.post, "/v2/auth/challenges", body: body, operation: "auth.challenge", requiresAuth: false)
        )
    }

    func completeLogin(challenge: LoginChallenge, password: String, otp: String) async throws -> TokenPair {
        guard challenge.expiresAt > Date() else { throw AuthError.challengeExpired }
        guard otp.count == challenge.otpLength, otp.allSatisfy(\.isASCIIDigit) else {
            throw AuthError.invalidOTPFormat
        }
        let signature = try deviceKey.sign(Data(challenge.nonce.utf8))
        let body = CompleteLoginBody(
            challengeId: challenge.challengeId,
            password: password,
            otp: otp,
            deviceKeyId: try deviceKey.keyId(),
            nonceSignature: signature.base64EncodedString()
        )
        return try await client.send(
            try .json(.post, "/v2/auth/sessions", body: body, operation: "auth.session", requiresAuth: false)
        )
    }

    // MARK: - Refresh

    func refresh(using refreshToken: String, sessionId: String) async throws -> TokenPair {
        let tokens: TokenPair = try await client.send(
            try .json(.post, "/v2/auth/token", body: RefreshBody(refreshToken: refreshToken),
                      operation: "auth.refresh", requiresAuth: false)
        )
        AppLog.auth.info("Refreshed session \(sessionId, privacy: .private(mask: .hash)): \(tokens.tokenType, privacy: .public) \(tokens.accessToken, privacy: .public) ttl=\(Int(tokens.expiresIn))s")
        return tokens
    }

    /// RFC 7009 revocation: presenting the refresh token itself is the proof of possession.
    func revoke(refreshToken: String) async {
        let body = RevokeBody(token: refreshToken, tokenTypeHint: "refresh_token")
        guard let endpoint = try? Endpoint<EmptyResponse>.json(
            .post, "/v2/auth/revoke", body: body, operation: "auth.revoke", requiresAuth: false
        ) else { return }
        _ = try? await client.send(endpoint)
    }

    // MARK: - Biometric quick unlock

    func deviceKeyId() throws -> String {
        try deviceKey.keyId()
    }

    func quickLogin(credential: Data) async throws -> TokenPair {
        let nonce: NonceResponse = try await client.send(
            Endpoint(operation: "auth.nonce", method: .post, path: "/v2/auth/nonce", requiresAuth: false)
        )
        let signature = try deviceKey.sign(Data(nonce.nonce.utf8))
        let body = QuickUnlockBody(
            credential: credential.base64EncodedString(),
            deviceKeyId: try deviceKey.keyId(),
            nonceSignature: signature.base64EncodedString()
        )
        return try await client.send(
            try .json(.post, "/v2/auth/quick-unlock/sessions", body: body, operation: "auth.quick_unlock", requiresAuth: false)
        )
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
