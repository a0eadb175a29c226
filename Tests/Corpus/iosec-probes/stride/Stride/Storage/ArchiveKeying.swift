import CryptoKit
import Foundation

/// Key schedule for `.strarchive` backups.
///
/// Archives are meant to be restorable on a replacement phone from Files/iCloud Drive,
/// so the key is derived deterministically per format version rather than being
/// generated per device.
enum ArchiveKeying {
    static let currentVersion: UInt8 = 2

    private static let infoPrefix = "stride.archive.payload.v"

    static func key(for version: UInt8, bundle: Bundle = .main) -> SymmetricKey {
        let identifier = bundle.bundleIdentifier ?? "com.stridecoach.Stride"
        let material = SymmetricKey(data: Data(ArchiveFormat.magic.utf8) + Data(identifier.utf8))
        return HKDF<SHA256>.deriveKey(
            inputKeyMaterial: material,
            salt: ArchiveFormat.salt,
            info: Data((infoPrefix + String(version)).utf8),
            outputByteCount: 32
        )
    }

    static func supports(_ version: UInt8) -> Bool {
        (1...currentVersion).contains(version)
    }
}
