import Foundation
import CryptoKit
import LocalAuthentication
import Security

enum SecureEnclaveError: Error {
    case unavailable
    case accessControl
    case keyNotFound(OSStatus)
    case cryptoFailed(Error?)
}

/// Biometric unlock. Shared with the AutoFill extension.
///
/// The vault key is encrypted (ECIES: cofactor ECDH, X9.63 KDF with SHA-256, AES-GCM) to
/// a P-256 key generated inside the Secure Enclave that can only be used after Face ID /
/// Touch ID with the current biometric set. The ciphertext sits in the Keychain behind the
/// same policy. Neither item leaves the device, and enrolling a new face or finger
/// invalidates both, so the master password is needed again.
struct SecureEnclaveKeyWrapper {
    private static let keyTag = Data("com.lockboxvault.se.vaultkey-wrap".utf8)
    private static let wrappedKeyAccount = "vault.key.wrapped.biometric"
    private static let algorithm: SecKeyAlgorithm = .eciesEncryptionCofactorVariableIVX963SHA256AESGCM

    let keychain: KeychainStore

    static var isAvailable: Bool { SecureEnclave.isAvailable }

    var isEnrolled: Bool { keychain.contains(account: Self.wrappedKeyAccount) }

    func enroll(vaultKey: SymmetricKey) throws {
        guard Self.isAvailable else { throw SecureEnclaveError.unavailable }
        removeEnrollment()

        guard let access = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.privateKeyUsage, .biometryCurrentSet], nil
        ) else {
            throw SecureEnclaveError.accessControl
        }
        var privateKeyAttributes = keyQuery
        privateKeyAttributes[kSecAttrIsPermanent as String] = true
        privateKeyAttributes[kSecAttrAccessControl as String] = access
        let attributes: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecAttrKeySizeInBits as String: 256,
            kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
            kSecPrivateKeyAttrs as String: privateKeyAttributes,
        ]

        var error: Unmanaged<CFError>?
        guard let privateKey = SecKeyCreateRandomKey(attributes as CFDictionary, &error),
              let publicKey = SecKeyCopyPublicKey(privateKey) else {
            throw SecureEnclaveError.cryptoFailed(error?.takeRetainedValue())
        }

        var rawKey = vaultKey.withUnsafeBytes { Data($0) }
        defer { rawKey.resetBytes(in: rawKey.indices) }
        guard let wrapped = SecKeyCreateEncryptedData(publicKey, Self.algorithm, rawKey as CFData, &error) as Data? else {
            throw SecureEnclaveError.cryptoFailed(error?.takeRetainedValue())
        }
        try keychain.setBiometryProtected(wrapped, account: Self.wrappedKeyAccount)
        Log.crypto.info("Biometric unlock enrolled")
    }

    /// `context` must already have been evaluated for biometrics, so the Keychain read
    /// and the Secure Enclave decryption share a single prompt.
    func unwrapVaultKey(context: LAContext) throws -> SymmetricKey {
        let wrapped = try keychain.read(account: Self.wrappedKeyAccount, context: context)

        var query = keyQuery
        query[kSecClass as String] = kSecClassKey
        query[kSecReturnRef as String] = true
        query[kSecUseAuthenticationContext as String] = context
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        guard status == errSecSuccess, let item else { throw SecureEnclaveError.keyNotFound(status) }
        let privateKey = item as! SecKey

        var error: Unmanaged<CFError>?
        guard var raw = SecKeyCreateDecryptedData(privateKey, Self.algorithm, wrapped as CFData, &error) as Data? else {
            throw SecureEnclaveError.cryptoFailed(error?.takeRetainedValue())
        }
        defer { raw.resetBytes(in: raw.indices) }
        return SymmetricKey(data: raw)
    }

    func removeEnrollment() {
        try? keychain.delete(account: Self.wrappedKeyAccount)
        var query = keyQuery
        query[kSecClass as String] = kSecClassKey
        SecItemDelete(query as CFDictionary)
    }

    private var keyQuery: [String: Any] {
        var query: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecAttrApplicationTag as String: Self.keyTag,
        ]
        if let group = keychain.accessGroup { query[kSecAttrAccessGroup as String] = group }
        return query
    }
}
