import Foundation

struct PaymentRequest: Identifiable, Equatable {
    let id = UUID()
    let payee: String
    let amount: Decimal
    let currency: String
}

/// Turns `https://acme.example.com/pay/<payee>?amount=12.50&currency=EUR` universal links into payment requests.
@MainActor
final class DeepLinkRouter: ObservableObject {
    @Published var pendingPayment: PaymentRequest?

    private static let allowedHost = "acme.example.com"
    private static let supportedCurrencies: Set<String> = ["EUR", "GBP", "USD"]

    func handle(_ url: URL) {
        guard url.scheme == "https", url.host() == Self.allowedHost else { return }
        let segments = url.pathComponents.filter { $0 != "/" }
        guard segments.count == 2, segments[0] == "pay" else { return }

        let payee = segments[1]
        guard payee.count <= 64, payee.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return }

        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard let amountText = items.first(where: { $0.name == "amount" })?.value,
              let amount = Decimal(string: amountText, locale: Locale(identifier: "en_US_POSIX")),
              amount > 0, amount <= 10_000,
              let currency = items.first(where: { $0.name == "currency" })?.value,
              Self.supportedCurrencies.contains(currency)
        else { return }

        pendingPayment = PaymentRequest(payee: payee, amount: amount, currency: currency)
    }
}
