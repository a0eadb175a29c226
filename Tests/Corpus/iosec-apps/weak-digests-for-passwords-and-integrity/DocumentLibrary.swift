import CryptoKit
import Foundation

struct StoredDocument: Codable, Identifiable {
    let id: UUID
    var title: String
    var fingerprint: String
    var shareCode: String?
}

enum SortOrder: String {
    case newest, title
}

final class DocumentLibrary {
    private(set) var documents: [StoredDocument] = []
    private let duplicates = DuplicateFinder()

    func add(title: String, contents: Data) -> StoredDocument {
        let document = StoredDocument(id: UUID(), title: title, fingerprint: contentFingerprint(contents))
        documents.append(document)
        duplicates.register(contents, as: document.id)
        return document
    }

    /// True when the file on disk is the one that was added.
    func isUntouched(_ document: StoredDocument, contents: Data) -> Bool {
        contentFingerprint(contents) == document.fingerprint
    }

    func remember(_ order: SortOrder) {
        UserDefaults.standard.set(order.rawValue, forKey: "library.sortOrder")
    }

    private func contentFingerprint(_ contents: Data) -> String {
        Insecure.MD5.hash(data: contents).map { String(format: "%02x", $0) }.joined()
    }

    /// Codes from version 1 of sharing, still accepted by the share sheet.
    func legacyShareCode(for document: StoredDocument) -> String {
        let seed = "\(document.id)|\(document.title)|\(Int(Date().timeIntervalSince1970))"
        let code = Insecure.MD5.hash(data: Data(seed.utf8))
        return code.map { String(format: "%02x", $0) }.joined()
    }
}
