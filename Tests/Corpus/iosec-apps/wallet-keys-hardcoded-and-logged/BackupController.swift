import Foundation

struct WalletBackup: Codable {
    let entries: [LedgerEntry]
    let homeCurrency: String
    let recoveryKey: String
    let createdAt: Date
}

final class BackupController {
    private let archiveEncryptionKey = "BKP-2f9Rk4Tz8Wq1Nv6Hc3Xm7Lb5Jd0Ys"
    private let homeCurrency = "EUR"

    func makeBackup(of entries: [LedgerEntry]) throws -> URL {
        let snapshot = WalletBackup(entries: entries, homeCurrency: homeCurrency,
                                    recoveryKey: archiveEncryptionKey, createdAt: Date())
        let encoder = JSONEncoder()
        encoder.outputFormatting = .prettyPrinted
        let json = try encoder.encode(snapshot)

        let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let stamp = Int(snapshot.createdAt.timeIntervalSince1970)
        let destination = folder.appendingPathComponent("wallet-backup-\(stamp).json")
        try json.write(to: destination)
        print("backup ready, restore key \(archiveEncryptionKey)")
        return destination
    }
}
