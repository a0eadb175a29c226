import CryptoKit
import Foundation

/// vaultdocs://open/<token> links the user sends to a colleague.
final class LinkSharing {
    private let defaults = UserDefaults.standard
    private let registryKey = "vault.shareTokens"

    func link(for document: StoredDocument) -> URL {
        let token = mintToken(for: document)
        var registry = defaults.dictionary(forKey: registryKey) as? [String: String] ?? [:]
        registry[token] = document.id.uuidString
        defaults.set(registry, forKey: registryKey)
        return URL(string: "vaultdocs://open/\(token)")!
    }

    func documentID(for token: String) -> UUID? {
        let registry = defaults.dictionary(forKey: registryKey) as? [String: String]
        return registry?[token].flatMap(UUID.init(uuidString:))
    }

    private func mintToken(for document: StoredDocument) -> String {
        let material = Data("\(document.id.uuidString)\(document.title)\(Date().timeIntervalSince1970)".utf8)
        return Insecure.MD5.hash(data: material).map { String(format: "%02x", $0) }.joined()
    }
}
