import Combine
import Foundation

struct LoyaltyCredentials: Encodable {
    let memberId: String
    let pin: String
}

struct LoyaltySession: Decodable {
    let sessionId: String
    let memberId: String
    let tier: String
    let expiresAt: Date
}

struct LoyaltyAccount: Decodable, Equatable {
    let memberId: String
    let displayName: String
    let tier: String
    let pointsBalance: Int
    let tierPointsToNext: Int?
    let expiringPoints: Int
    let expiringOn: Date?
}

protocol LoyaltyServicing: AnyObject {
    var account: AnyPublisher<LoyaltyAccount?, Never> { get }
    var isLinked: Bool { get }
    func signIn(memberID: String, pin: String) async throws
    func refreshAccount() async throws
    func signOut()
}

/// Aurora Rewards integration. Voyage never sees the member's PIN after login; the
/// partner returns a session that is valid for 30 days.
final class LoyaltyService: LoyaltyServicing {
    private let client: APIClientProtocol
    private let api: VoyageAPI
    private let tokens: SessionTokenStore
    private let analytics: AnalyticsTracking
    private let accountSubject = CurrentValueSubject<LoyaltyAccount?, Never>(nil)

    init(client: APIClientProtocol, api: VoyageAPI, tokens: SessionTokenStore, analytics: AnalyticsTracking) {
        self.client = client
        self.api = api
        self.tokens = tokens
        self.analytics = analytics
    }

    var account: AnyPublisher<LoyaltyAccount?, Never> {
        accountSubject.eraseToAnyPublisher()
    }

    var isLinked: Bool {
        tokens.loyaltySession != nil && tokens.loyaltyMemberID != nil
    }

    func signIn(memberID: String, pin: String) async throws {
        let credentials = LoyaltyCredentials(memberId: memberID.trimmingCharacters(in: .whitespaces), pin: pin)
        let session = try await client.send(api.loyaltyLogin(credentials), as: LoyaltySession.self)
        tokens.updateLoyalty(session: session.sessionId, memberID: session.memberId)
        analytics.track(.loyaltyLinked(tier: session.tier))
        analytics.setUserProperty(session.tier, for: "loyalty_tier")
        Log.loyalty.info("Linked loyalty account, tier \(session.tier, privacy: .public)")
        try await refreshAccount()
    }

    func refreshAccount() async throws {
        guard let memberID = tokens.loyaltyMemberID else {
            accountSubject.send(nil)
            return
        }
        do {
            let account = try await client.send(api.loyaltyAccount(memberID: memberID), as: LoyaltyAccount.self)
            accountSubject.send(account)
        } catch APIError.unauthorized {
            // Partner session expired or was revoked on their side.
            signOut()
            throw APIError.unauthorized
        }
    }

    func signOut() {
        tokens.updateLoyalty(session: nil, memberID: nil)
        analytics.setUserProperty(nil, for: "loyalty_tier")
        accountSubject.send(nil)
    }
}
