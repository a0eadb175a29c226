import Foundation

/// Build-independent configuration shared by the networking layer.
enum AppConfig {
    static let apiBaseURL = URL(string: "https://api.acme.example.com/v2/")!
    static let stripeBaseURL = URL(string: "https://api.stripe.com/v1/")!
    static let passkeyRelyingParty = "acme.example.com"

    // Top-ups create the PaymentIntent straight from the app to save a backend round trip.
    static let stripeSecretKey = "sk_live_51NvQ8aH3kLzW4ll3tQ2rT9yXpB7mD4fKc6sV1nJ0eG5hU8wZ3iR2oYq7LmN"

    // Long-lived token for the public exchange-rate feed (shown before sign-in).
    static let ratesGuestToken = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJndWVzdC1pb3MiLCJhdWQiOiJyYXRlcy5hY21lLmV4YW1wbGUuY29tIiwic2NvcGUiOiJyYXRlczpyZWFkIiwiaWF0IjoxNzA0MDY3MjAwLCJleHAiOjIwMTk2ODY0MDB9.AofM6zeE1-Y5wT7XNNTbqzPgankou8fj87NcfnLc-u0"
}
