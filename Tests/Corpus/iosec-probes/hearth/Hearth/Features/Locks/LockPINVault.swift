//
//  LockPINVault.swift
//  Hearth
//
//  Created by Sofia Berg on 08/09/2022.
//  Copyright © 2022 Hearth Labs AB. All rights reserved.
//

import Foundation
import LocalAuthentication
import Security

/// Keeps a local copy of the PIN codes the user has programmed into their locks so
/// they can be looked up later. Every read requires Face ID / Touch ID, enforced by
/// the Keychain item's access control rather than by the UI.
struct LockPINVault {

    enum VaultError: Error {
        case accessControl
        case keychain(OSStatus)
    }

    private static let service = "com.hearthlabs.hearth.lockcodes"

    private func account(lockID: String, slot: Int) -> String { "\(lockID)#\(slot)" }

    /// Human readable label for the settings screen ("Face ID", "Touch ID").
    static var biometryLabel: String? {
        let context = LAContext()
        guard context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil) else { return nil }
        switch context.biometryType {
        case .faceID: return "Face ID"
        case .touchID: return "Touch ID"
        default: return nil
        }
    }

    func store(pin: String, lockID: String, slot: Int) throws {
        guard let access = SecAccessControlCreateWithFlags(nil,
                                                           kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                           .biometryCurrentSet,
                                                           nil) else {
            throw VaultError.accessControl
        }
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: Self.service,
            kSecAttrAccount as String: account(lockID: lockID, slot: slot),
            kSecUseDataProtectionKeychain as String: true,
        ]
        SecItemDelete(query as CFDictionary)

        var attributes = query
        attributes[kSecValueData as String] = Data(pin.utf8)
        attributes[kSecAttrAccessControl as String] = access
        let status = SecItemAdd(attributes as CFDictionary, nil)
        guard status == errSecSuccess else { throw VaultError.keychain(status) }
    }

    /// Prompts for biometrics (via the Keychain) and returns the stored PIN.
    func pin(lockID: String, slot: Int, reason: String) async throws -> String? {
        let context = LAContext()
        context.localizedReason = reason
        context.localizedFallbackTitle = ""

        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: Self.service,
            kSecAttrAccount as String: account(lockID: lockID, slot: slot),
            kSecUseDataProtectionKeychain as String: true,
            kSecReturnData as String: true,
            kSecUseAuthenticationContext as String: context,
        ]
        return try await Task.detached(priority: .userInitiated) {
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            switch status {
            case errSecSuccess:
                return (result as? Data).flatMap { String(data: $0, encoding: .utf8) }
            case errSecItemNotFound, errSecUserCanceled:
                return nil
            default:
                throw VaultError.keychain(status)
            }
        }.value
    }

    func remove(lockID: String, slot: Int) {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: Self.service,
            kSecAttrAccount as String: account(lockID: lockID, slot: slot),
            kSecUseDataProtectionKeychain as String: true,
        ]
        SecItemDelete(query as CFDictionary)
    }
}
