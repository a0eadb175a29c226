import Foundation

/// Adds money to the wallet with a card payment through Stripe.
struct TopUpService {
    enum Failure: Error {
        case declined(status: Int)
    }

    private let api: APIClient

    init(api: APIClient = .shared) {
        self.api = api
    }

    func createTopUp(amountInCents: Int, currency: String, customerID: String) async throws -> TopUpIntent {
        var request = URLRequest(url: AppConfig.stripeBaseURL.appending(path: "payment_intents"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(AppConfig.stripeSecretKey)", forHTTPHeaderField: "Authorization")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")

        var form = URLComponents()
        form.queryItems = [
            URLQueryItem(name: "amount", value: String(amountInCents)),
            URLQueryItem(name: "currency", value: currency.lowercased()),
            URLQueryItem(name: "customer", value: customerID),
            URLQueryItem(name: "automatic_payment_methods[enabled]", value: "true"),
        ]
        request.httpBody = Data((form.percentEncodedQuery ?? "").utf8)

        let (data, response) = try await api.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw Failure.declined(status: status) }
        return try JSONDecoder().decode(TopUpIntent.self, from: data)
    }
}
