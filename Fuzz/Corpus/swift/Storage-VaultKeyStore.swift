import Foundation
import Security

/// Keeps the card-vault key behind biometrics.
enum VaultKeyStore {
    static func accessControl() -> SecAccessControl? {
        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
    }
}
