import Foundation
import Alamofire

/// Keeps Alchemy "address activity" webhooks in sync with this device's addresses so the push
/// service can notify the user about incoming transfers.
struct ActivityWebhookService {
    static let host = "dashboard.alchemy.com"

    private static let updateAddressesURL = URL(string: "https://dashboard.alchemy.com/api/update-webhook-addresses")!
    private static let authToken = "kT7vQ2mXr9LpW4nB8cJ3yF6hZ1sD5gAe"
    private static let webhookIDs: [UInt64: String] = [
        ChainConfig.ethereum.id: "wh_2lq8v0d7mnf3k1zs",
        ChainConfig.base.id: "wh_9xw4c1jtpa6e0r5u",
        ChainConfig.arbitrum.id: "wh_m3ht7y2kq8bv4nds",
        ChainConfig.optimism.id: "wh_c5rj0w9ue2xg7fla",
    ]

    private struct UpdateAddressesBody: Encodable {
        let webhookId: String
        let addressesToAdd: [String]
        let addressesToRemove: [String]
    }

    let session: Session
    let preferences: Preferences

    func register(_ address: EthereumAddress) async {
        guard !preferences.pushRegisteredAddresses.contains(address.checksummed) else { return }
        do {
            for webhookID in Self.webhookIDs.values {
                try await update(webhookID: webhookID, add: [address], remove: [])
            }
            preferences.pushRegisteredAddresses.insert(address.checksummed)
        } catch {
            Log.network.error("Webhook registration failed: \(error.localizedDescription, privacy: .public)")
        }
    }

    func unregister(_ address: EthereumAddress) async {
        for webhookID in Self.webhookIDs.values {
            try? await update(webhookID: webhookID, add: [], remove: [address])
        }
        preferences.pushRegisteredAddresses.remove(address.checksummed)
    }

    private func update(webhookID: String, add: [EthereumAddress], remove: [EthereumAddress]) async throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let body = UpdateAddressesBody(
            webhookId: webhookID,
            addressesToAdd: add.map(\.checksummed),
            addressesToRemove: remove.map(\.checksummed)
        )
        let headers: HTTPHeaders = ["X-Alchemy-Token": Self.authToken, "Accept": "application/json"]
        _ = try await session
            .request(Self.updateAddressesURL, method: .patch, parameters: body,
                     encoder: JSONParameterEncoder(encoder: encoder), headers: headers)
            .validate()
            .serializingData(emptyResponseCodes: [200, 204])
            .value
    }
}
