import Foundation

struct LoginResponse: Decodable {
    let userID: String
    let sessionID: String
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

struct Offer: Decodable, Identifiable, Hashable {
    let id: String
    let title: String
    let url: URL
    let imageURL: URL?
}

struct ExchangeRate: Decodable, Identifiable {
    let pair: String
    let rate: Double

    var id: String { pair }
}

/// Top-ups are created by our backend, which holds the payment provider's secret key.
struct TopUpRequest: Encodable {
    let accountID: String
    let amountInCents: Int
    let currency: String
}

struct TopUpResult: Decodable {
    let id: String
    let status: String
    /// Receipt number the user can quote to support.
    let reference: String
}

/// Body of calls that only acknowledge, e.g. `{"status":"accepted"}`.
struct StatusResponse: Decodable {
    let status: String
}
