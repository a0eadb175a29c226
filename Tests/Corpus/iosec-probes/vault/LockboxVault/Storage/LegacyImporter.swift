import Foundation
import CryptoKit

struct ImportResult {
    var entries: [VaultEntry] = []
    var skipped = 0
}

enum ImportError: Error {
    case unreadable, notALegacyBackup, wrongPassword, missingColumns
}

/// Reads backups written by Lockbox 1.x (`.lbx1`), before the 2.0 vault format.
///
/// 1.x layout: "LBX1" | salt (16) | AES-GCM combined (nonce | ciphertext | tag); the
/// plaintext is a JSON array of `LegacyItem`.
struct LegacyImporter {
    private static let magic = Data("LBX1".utf8)
    private static let saltLength = 16
    private static let kdfRounds = 1_000

    private struct LegacyItem: Decodable {
        let name: String
        let login: String?
        let secret: String
        let site: String?
        let memo: String?
        let otp: String?
    }

    func importBackup(at url: URL, password: String) throws -> ImportResult {
        let data = try Self.readSecurityScoped(url)
        let headerLength = Self.magic.count + Self.saltLength
        guard data.count > headerLength + 28, data.prefix(Self.magic.count) == Self.magic else {
            throw ImportError.notALegacyBackup
        }

        let salt = data.subdata(in: Self.magic.count..<headerLength)
        let key = try KeyDerivation.deriveKey(password: password, salt: salt, rounds: Self.kdfRounds)

        var plaintext: Data
        do {
            let box = try AES.GCM.SealedBox(combined: data.subdata(in: headerLength..<data.count))
            plaintext = try AES.GCM.open(box, using: key)
        } catch {
            throw ImportError.wrongPassword
        }
        defer { plaintext.resetBytes(in: plaintext.indices) }

        var result = ImportResult()
        for item in try JSONDecoder().decode([LegacyItem].self, from: plaintext) {
            guard !item.name.isEmpty || !item.secret.isEmpty else {
                result.skipped += 1
                continue
            }
            result.entries.append(VaultEntry(
                title: item.name,
                username: item.login ?? "",
                password: item.secret,
                urls: item.site.map { [$0] } ?? [],
                notes: item.memo ?? "",
                totpSecret: item.otp
            ))
        }
        Log.importer.info("Read \(result.entries.count) items from a 1.x backup, skipped \(result.skipped)")
        return result
    }

    static func readSecurityScoped(_ url: URL) throws -> Data {
        let scoped = url.startAccessingSecurityScopedResource()
        defer { if scoped { url.stopAccessingSecurityScopedResource() } }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw ImportError.unreadable
        }
    }
}
