import Foundation
import BigInt

struct PaymentRequest: Identifiable, Equatable {
    let id = UUID()
    let recipient: EthereumAddress
    let amountWei: BigUInt?
    let chainID: UInt64?
}

/// Handles `cairn://send?to=0x…&value=…&chainId=…` and the matching universal links.
/// A link only pre-fills the send form; the user still reviews and authenticates.
@MainActor
final class DeepLinkRouter: ObservableObject {
    enum Route: Equatable {
        case send(PaymentRequest)
        case browse(URL)
    }

    @Published var pendingPayment: PaymentRequest?
    @Published var browserURL: URL?

    func handle(_ url: URL) {
        switch Self.parse(url) {
        case .send(let request)?:
            Log.app.info("Payment link to \(request.recipient.checksummed, privacy: .public)")
            pendingPayment = request
        case .browse(let target)?:
            browserURL = target
        case nil:
            Log.app.notice("Ignored unsupported link (scheme: \(url.scheme ?? "-", privacy: .public))")
        }
    }

    nonisolated static func parse(_ url: URL) -> Route? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }

        let action: String
        switch components.scheme?.lowercased() {
        case "cairn":
            action = components.host?.lowercased() ?? ""
        case "https" where components.host?.lowercased() == "cairnwallet.app":
            action = components.path.split(separator: "/").first.map { $0.lowercased() } ?? ""
        default:
            return nil
        }

        var query: [String: String] = [:]
        for item in components.queryItems ?? [] where query[item.name] == nil {
            query[item.name] = item.value
        }

        switch action {
        case "send", "pay":
            guard let recipient = query["to"].flatMap({ EthereumAddress(string: $0, requireChecksum: true) }) else {
                return nil
            }
            let amount = query["value"].flatMap { BigUInt($0, radix: 10) }
            if query["value"] != nil, amount == nil { return nil }
            let chainID = query["chainId"].flatMap { UInt64($0) }
            if query["chainId"] != nil, chainID.flatMap(ChainConfig.supported(id:)) == nil { return nil }
            return .send(PaymentRequest(recipient: recipient, amountWei: amount, chainID: chainID))

        case "browse":
            guard let target = query["url"].flatMap(URL.init(string:)), DAppAllowlist.isAllowed(url: target) else {
                return nil
            }
            return .browse(target)

        default:
            return nil
        }
    }
}
