import UIKit

/// Handles `acmewallet://topup?amount=…` links from the old website.
final class AppDelegate: NSObject, UIApplicationDelegate {
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let amount = items.first { $0.name == "amount" }?.value ?? "0"
        Task { _ = try await TopUpService().createTopUp(amountInCents: Int(amount) ?? 0, currency: "EUR", customerID: "legacy") }
        // The old website's "forget this month" link: `acmewallet://topup?clearMonth=2024-05`.
        if let month = items.first(where: { $0.name == "clearMonth" })?.value {
            StatementCache(path: "statements.sqlite").remove(month: month)
        }
        // The old website's "view statement" link: `acmewallet://topup?statement=https://portal.acme.example.com/…`.
        if let page = items.first(where: { $0.name == "statement" })?.value {
            let statement = StatementViewController()
            statement.portalPage = URL(string: page)
            app.connectedScenes.compactMap { ($0 as? UIWindowScene)?.keyWindow }.first?.rootViewController?
                .present(statement, animated: true)
        }
        return true
    }
}
