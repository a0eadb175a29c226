import Foundation
import os

struct LedgerEntry: Codable, Identifiable {
    var id = UUID()
    var merchant: String
    var amount: Decimal
    var currency: String
    var bookedAt: Date
}

final class LedgerStore: ObservableObject {
    @Published private(set) var entries: [LedgerEntry] = []

    private let ledgerEncryptionKey = "LDG-v3-k9Tq4Wz7Ep2Sv6Nh1Br8Cy3Mf5Jd0Xa"
    private let syncAccessToken = "snc_live_4Fh8Kw2Nq6Tz1Vb9Xm3Pd7Ry5Lc0Gs"
    private let fileURL = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("ledger.bin")
    private let log = Logger(subsystem: "app.voyapay.wallet", category: "ledger")

    func record(_ entry: LedgerEntry) {
        entries.append(entry)
        persist()
        Task { await pushToCloud() }
    }

    func remove(id: LedgerEntry.ID) {
        entries.removeAll { $0.id == id }
        persist()
    }

    private func persist() {
        do {
            let plain = try JSONEncoder().encode(entries)
            let scrambled = obfuscate(plain)
            try scrambled.write(to: fileURL, options: .atomic)
        } catch {
            log.error("ledger save failed: \(error.localizedDescription)")
        }
    }

    /// Repeating-key XOR over the JSON; the same call undoes it.
    private func obfuscate(_ data: Data) -> Data {
        let pad = Array(ledgerEncryptionKey.utf8)
        return Data(data.enumerated().map { offset, byte in byte ^ pad[offset % pad.count] })
    }

    private func pushToCloud() async {
        var request = URLRequest(url: URL(string: "https://sync.voyapay.example/v1/ledger")!)
        request.httpMethod = "PUT"
        request.setValue("Bearer " + syncAccessToken, forHTTPHeaderField: "Authorization")
        request.httpBody = try? JSONEncoder().encode(entries)
        print("ledger push with token \(syncAccessToken)")
        _ = try? await URLSession.shared.data(for: request)
    }
}
