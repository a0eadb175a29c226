import Foundation

/// Adds money to the wallet by card. The backend talks to the payment provider; the app never
/// holds a provider key.
struct TopUpService {
    private let api: APIClient

    init(api: APIClient = .shared) {
        self.api = api
    }

    func createTopUp(amountInCents: Int, currency: String, accountID: String) async throws -> TopUpResult {
        try await api.send(.topUp(TopUpRequest(accountID: accountID, amountInCents: amountInCents, currency: currency)))
    }
}
