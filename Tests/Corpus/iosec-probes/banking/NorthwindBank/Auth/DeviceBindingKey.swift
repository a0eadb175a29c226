import Foundation
import Security
import CryptoKit

enum DeviceKeyError: Error {
    case creationFailed(String)
    case publicKeyUnavailable
    case signingFailed(String)
}

/// P-256 key generated inside the Secure Enclave and used to bind sessions to this device.
/// The private key never leaves the enclave; only the public key and its id are shared.
final class DeviceBindingKey {
    private let applicationTag = Data("com.northwindbank.device-binding.v1".utf8)
    private let lock = NSLock()
    private var cachedKey: SecKey?

    func keyId() throws -> String {
        let digest = SHA256.hash(data: try publicKeyData())
        return digest.prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    func publicKeyData() throws -> Data {
        guard let publicKey = SecKeyCopyPublicKey(try privateKey()) else {
            throw DeviceKeyError.publicKeyUnavailable
        }
        var error: Unmanaged<CFError>?
        guard let data = SecKeyCopyExternalRepresentation(publicKey, &error) as Data? else {
            throw DeviceKeyError.publicKeyUnavailable
        }
        return data
    }

    func sign(_ payload: Data) throws -> Data {
        var error: Unmanaged<CFError>?
        guard let signature = SecKeyCreateSignature(
            try privateKey(), .ecdsaSignatureMessageX962SHA256, payload as CFData, &error
        ) as Data? else {
            let reason = error?.takeRetainedValue().localizedDescription ?? "unknown"
            throw DeviceKeyError.signingFailed(reason)
        }
        return signature
    }

    // MARK: - Private

    private func privateKey() throws -> SecKey {
        lock.lock()
        defer { lock.unlock() }
        if let cachedKey { return cachedKey }
        let key = try loadExistingKey() ?? createKey()
        cachedKey = key
        return key
    }

    private func loadExistingKey() throws -> SecKey? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassKey,
            kSecAttrApplicationTag as String: applicationTag,
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecReturnRef as String: true,
        ]
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        switch status {
        case errSecSuccess:
            return (item as! SecKey)
        case errSecItemNotFound:
            return nil
        case errSecInteractionNotAllowed:
            throw KeychainError.interactionNotAllowed
        default:
            throw KeychainError.unhandled(status)
        }
    }

    private func createKey() throws -> SecKey {
        var error: Unmanaged<CFError>?
        guard let accessControl = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
            .privateKeyUsage,
            &error
        ) else {
            throw DeviceKeyError.creationFailed(error?.takeRetainedValue().localizedDescription ?? "access control")
        }

        var attributes: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecAttrKeySizeInBits as String: 256,
            kSecPrivateKeyAttrs as String: [
                kSecAttrIsPermanent as String: true,
                kSecAttrApplicationTag as String: applicationTag,
                kSecAttrAccessControl as String: accessControl,
            ] as [String: Any],
        ]
        #if !targetEnvironment(simulator)
        attributes[kSecAttrTokenID as String] = kSecAttrTokenIDSecureEnclave
        #endif

        guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
            throw DeviceKeyError.creationFailed(error?.takeRetainedValue().localizedDescription ?? "create")
        }
        return key
    }
}
