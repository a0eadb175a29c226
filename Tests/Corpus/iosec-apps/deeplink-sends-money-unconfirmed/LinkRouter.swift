import Foundation

/// pocketledger://move?from=Everyday&to=Rainy%20Day&amount=25&memo=…
/// pocketledger://pocket?name=Holidays
final class LinkRouter: ObservableObject {
    @Published var selectedPocket: String?

    func followDeepLink(_ link: URL, wallet: Wallet) {
        guard link.scheme == "pocketledger" else { return }
        let items = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let value = { (name: String) in items.first(where: { $0.name == name })?.value }

        if link.host == "pocket" {
            selectedPocket = value("name")
            return
        }
        guard link.host == "move",
              let source = value("from"), let target = value("to"),
              let amount = value("amount").flatMap({ Decimal(string: $0) }), amount > 0 else { return }
        wallet.transfer(amount, from: source, to: target, memo: value("memo") ?? "Moved from a link")
    }
}
