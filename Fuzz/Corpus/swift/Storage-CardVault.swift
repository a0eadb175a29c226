import CryptoKit
import Foundation

/// Caches full card details encrypted on disk so "Show card details" works offline.
struct CardVault {
    enum Failure: Error {
        case notFound
    }

    private static let key = SymmetricKey(data: Data("AcmeWallet-CardVault-Key-2023!!!".utf8))

    private var directory: URL {
        URL.cachesDirectory.appending(path: "CardVault", directoryHint: .isDirectory)
    }

    func store(_ details: CardDetails, cardID: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let plaintext = try JSONEncoder().encode(details)
        let sealed = try AES.GCM.seal(plaintext, using: Self.key)
        guard let combined = sealed.combined else { throw Failure.notFound }
        try combined.write(to: fileURL(for: cardID), options: [.atomic, .completeFileProtection])
    }

    func details(cardID: String) throws -> CardDetails {
        guard let combined = try? Data(contentsOf: fileURL(for: cardID)) else { throw Failure.notFound }
        let box = try AES.GCM.SealedBox(combined: combined)
        let plaintext = try AES.GCM.open(box, using: Self.key)
        return try JSONDecoder().decode(CardDetails.self, from: plaintext)
    }

    func removeAll() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func fileURL(for cardID: String) -> URL {
        directory.appending(path: cardID.filter { $0.isLetter || $0.isNumber })
    }
}
