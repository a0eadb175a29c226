import CryptoKit
import Foundation

enum KeyFingerprint {
    /// Short fingerprint for settings screens: first 16 bytes of SHA-256, hex, groups of four.
    static func display(for publicKey: Data) -> String {
        let hex = SHA256.hash(data: publicKey).prefix(16).map { String(format: "%02X", $0) }.joined()
        return stride(from: 0, to: hex.count, by: 4).map { offset -> String in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            let end = hex.index(start, offsetBy: 4)
            return String(hex[start..<end])
        }
        .joined(separator: " ")
    }
}

/// 60-digit number both parties compare out of band. Each half is derived from one
/// side's user id and identity key; halves are ordered by user id so both devices
/// render the same string.
struct SafetyNumber: Equatable {
    static let iterations = 5_200
    private static let version: [UInt8] = [0x00, 0x02]

    let digits: String

    init(localUserId: String, localIdentity: Data, remoteUserId: String, remoteIdentity: Data) {
        let local = Self.fingerprint(userId: localUserId, identity: localIdentity)
        let remote = Self.fingerprint(userId: remoteUserId, identity: remoteIdentity)
        digits = localUserId < remoteUserId ? local + remote : remote + local
    }

    var groups: [String] {
        stride(from: 0, to: digits.count, by: 5).map { offset in
            let start = digits.index(digits.startIndex, offsetBy: offset)
            return String(digits[start..<digits.index(start, offsetBy: 5)])
        }
    }

    var rows: [[String]] {
        let all = groups
        return stride(from: 0, to: all.count, by: 4).map { Array(all[$0..<min($0 + 4, all.count)]) }
    }

    var displayString: String { groups.joined(separator: " ") }

    static func fingerprint(userId: String, identity: Data) -> String {
        var hash = Data(version) + identity + Data(userId.utf8)
        for _ in 0..<iterations {
            var hasher = SHA256()
            hasher.update(data: hash)
            hasher.update(data: identity)
            hash = Data(hasher.finalize())
        }
        return (0..<6).map { chunk -> String in
            let slice = hash[(chunk * 5)..<(chunk * 5 + 5)]
            let value = slice.reduce(UInt64(0)) { ($0 << 8) | UInt64($1) } % 100_000
            return String(format: "%05llu", value)
        }
        .joined()
    }
}
