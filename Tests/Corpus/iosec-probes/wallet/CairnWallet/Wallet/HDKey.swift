import Foundation
import CryptoKit
import secp256k1

struct DerivationPath: Hashable {
    static let hardened: UInt32 = 0x8000_0000

    let components: [UInt32]

    /// BIP-44 Ethereum path: m/44'/60'/account'/0/index
    static func ethereum(account: UInt32 = 0, index: UInt32) -> DerivationPath {
        DerivationPath(components: [44 | hardened, 60 | hardened, account | hardened, 0, index])
    }
}

struct HDPrivateKey {
    enum Error: Swift.Error {
        case invalidSeed
        case invalidKey
        case curveOperationFailed
    }

    /// BIP-32 fixes the master-key HMAC key to "Bitcoin seed" for every coin type.
    private static let masterHMACKey = SymmetricKey(data: Data("Bitcoin seed".utf8))

    let privateKey: Data
    let chainCode: Data
    let depth: UInt8

    init(seed: Data) throws {
        guard (16...64).contains(seed.count) else { throw Error.invalidSeed }
        let digest = Data(HMAC<SHA512>.authenticationCode(for: seed, using: Self.masterHMACKey))
        let key = Data(digest.prefix(32))
        guard Curve.isValid(privateKey: key) else { throw Error.invalidKey }
        self.init(privateKey: key, chainCode: Data(digest.suffix(32)), depth: 0)
    }

    private init(privateKey: Data, chainCode: Data, depth: UInt8) {
        self.privateKey = privateKey
        self.chainCode = chainCode
        self.depth = depth
    }

    func publicKey(compressed: Bool = true) throws -> Data {
        try Curve.publicKey(for: privateKey, compressed: compressed)
    }

    func address() throws -> EthereumAddress {
        try EthereumAddress(publicKey: publicKey(compressed: false))
    }

    func derived(path: DerivationPath) throws -> HDPrivateKey {
        try path.components.reduce(self) { try $0.child($1) }
    }

    private func child(_ index: UInt32) throws -> HDPrivateKey {
        var data = try index >= DerivationPath.hardened ? Data([0x00]) + privateKey : publicKey(compressed: true)
        withUnsafeBytes(of: index.bigEndian) { data.append(contentsOf: $0) }

        let digest = Data(HMAC<SHA512>.authenticationCode(for: data, using: SymmetricKey(data: chainCode)))
        let childKey = try Curve.add(tweak: Data(digest.prefix(32)), to: privateKey)
        return HDPrivateKey(privateKey: childKey, chainCode: Data(digest.suffix(32)), depth: depth + 1)
    }

    func sign(digest: Data) throws -> RecoverableSignature {
        try Curve.signRecoverable(digest: digest, privateKey: privateKey)
    }
}

extension HDPrivateKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var description: String { "HDPrivateKey(depth: \(depth))" }
    var debugDescription: String { description }
    var customMirror: Mirror { Mirror(self, children: ["depth": depth]) }
}

/// libsecp256k1 C API, kept in one place.
private enum Curve {
    static let context: OpaquePointer = {
        guard let ctx = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_SIGN | SECP256K1_CONTEXT_VERIFY)) else {
            fatalError("secp256k1 context allocation failed")
        }
        _ = secp256k1_context_randomize(ctx, SecureRandom.bytes(count: 32))
        return ctx
    }()

    static func isValid(privateKey: Data) -> Bool {
        privateKey.count == 32 && secp256k1_ec_seckey_verify(context, [UInt8](privateKey)) == 1
    }

    static func publicKey(for privateKey: Data, compressed: Bool) throws -> Data {
        var pubkey = secp256k1_pubkey()
        guard secp256k1_ec_pubkey_create(context, &pubkey, [UInt8](privateKey)) == 1 else {
            throw HDPrivateKey.Error.invalidKey
        }
        var length = compressed ? 33 : 65
        var output = [UInt8](repeating: 0, count: length)
        let flags = UInt32(compressed ? SECP256K1_EC_COMPRESSED : SECP256K1_EC_UNCOMPRESSED)
        guard secp256k1_ec_pubkey_serialize(context, &output, &length, &pubkey, flags) == 1 else {
            throw HDPrivateKey.Error.curveOperationFailed
        }
        return Data(output.prefix(length))
    }

    /// (key + tweak) mod n; fails if tweak >= n or the result is zero, as BIP-32 requires.
    static func add(tweak: Data, to privateKey: Data) throws -> Data {
        var key = [UInt8](privateKey)
        guard secp256k1_ec_seckey_tweak_add(context, &key, [UInt8](tweak)) == 1 else {
            throw HDPrivateKey.Error.curveOperationFailed
        }
        return Data(key)
    }

    static func signRecoverable(digest: Data, privateKey: Data) throws -> RecoverableSignature {
        guard digest.count == 32 else { throw HDPrivateKey.Error.curveOperationFailed }
        var signature = secp256k1_ecdsa_recoverable_signature()
        guard secp256k1_ecdsa_sign_recoverable(context, &signature, [UInt8](digest), [UInt8](privateKey), nil, nil) == 1 else {
            throw HDPrivateKey.Error.curveOperationFailed
        }
        var compact = [UInt8](repeating: 0, count: 64)
        var recoveryID: Int32 = 0
        _ = secp256k1_ecdsa_recoverable_signature_serialize_compact(context, &compact, &recoveryID, &signature)
        return RecoverableSignature(r: Data(compact[0..<32]), s: Data(compact[32..<64]), v: UInt8(recoveryID))
    }
}
