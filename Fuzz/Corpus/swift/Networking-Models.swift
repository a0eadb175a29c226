import Foundation

struct LoginResponse: Decodable {
    let userID: String
    let displayName: String
    let accessToken: String
    let refreshToken: String
    let expiresIn: Int
}

struct PasskeyChallenge: Decodable {
    let challenge: String
}

struct Account: Decodable, Identifiable, Hashable {
    let id: String
    let name: String
    let balance: Decimal
    let currency: String
    /// Stripe customer that card top-ups are charged to.
    let paymentCustomerID: String
}

struct Card: Decodable, Identifiable, Hashable {
    let id: String
    let nickname: String
    let last4: String
    let network: String
}

struct CardDetails: Codable {
    let cardNumber: String
    let expiryMonth: Int
    let expiryYear: Int
    let cardholderName: String
}

struct PINZoneKey: Decodable {
    let key: String
}

struct Offer: Decodable, Identifiable, Hashable {
    let id: String
    let title: String
    let url: URL
}

struct ExchangeRate: Decodable, Identifiable {
    let pair: String
    let rate: Double

    var id: String { pair }
}

struct TopUpIntent: Decodable {
    let id: String
    let status: String
}

/// Body of calls that only acknowledge, e.g. `{"status":"accepted"}`.
struct StatusResponse: Decodable {
    let status: String
}
