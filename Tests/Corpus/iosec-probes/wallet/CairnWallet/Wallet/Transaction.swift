import Foundation
import BigInt

// MARK: - RLP

indirect enum RLPItem: Equatable {
    case bytes(Data)
    case list([RLPItem])

    static func uint(_ value: BigUInt) -> RLPItem { .bytes(value.serialize()) }
    static func uint(_ value: UInt64) -> RLPItem { uint(BigUInt(value)) }
}

enum RLP {
    static func encode(_ item: RLPItem) -> Data {
        switch item {
        case .bytes(let bytes):
            if bytes.count == 1, bytes[bytes.startIndex] < 0x80 { return bytes }
            return header(length: bytes.count, offset: 0x80) + bytes
        case .list(let items):
            let payload = items.reduce(into: Data()) { $0.append(encode($1)) }
            return header(length: payload.count, offset: 0xc0) + payload
        }
    }

    private static func header(length: Int, offset: UInt8) -> Data {
        guard length >= 56 else { return Data([offset + UInt8(length)]) }
        let lengthBytes = BigUInt(length).serialize()
        return Data([offset + 55 + UInt8(lengthBytes.count)]) + lengthBytes
    }
}

// MARK: - Signatures

struct RecoverableSignature: Equatable {
    let r: Data
    let s: Data
    /// Recovery id (0/1); used directly as y-parity for typed transactions.
    let v: UInt8

    /// r || s || v+27, the layout `personal_sign` consumers expect.
    var ethereumSignature65: Data {
        r.leftPadded(to: 32) + s.leftPadded(to: 32) + Data([v + 27])
    }
}

// MARK: - EIP-1559

struct EIP1559Transaction: Equatable {
    var chainID: UInt64
    var nonce: UInt64
    var maxPriorityFeePerGas: BigUInt
    var maxFeePerGas: BigUInt
    var gasLimit: UInt64
    var to: EthereumAddress?
    var value: BigUInt
    var input = Data()

    private var fields: [RLPItem] {
        [
            .uint(chainID), .uint(nonce), .uint(maxPriorityFeePerGas), .uint(maxFeePerGas),
            .uint(gasLimit), .bytes(to?.rawValue ?? Data()), .uint(value), .bytes(input), .list([]),
        ]
    }

    var signingHash: Data { Keccak256.hash(Data([0x02]) + RLP.encode(.list(fields))) }

    var maxCost: BigUInt { value + BigUInt(gasLimit) * maxFeePerGas }

    func serialized(with signature: RecoverableSignature) -> Data {
        let signed = fields + [.uint(UInt64(signature.v)), .uint(BigUInt(signature.r)), .uint(BigUInt(signature.s))]
        return Data([0x02]) + RLP.encode(.list(signed))
    }
}

struct SignedTransaction: Equatable {
    let transaction: EIP1559Transaction
    let raw: Data

    var hash: Data { Keccak256.hash(raw) }
}

// MARK: - Signer

struct TransactionSigner {
    struct SenderMismatch: Error {}

    func sign(_ transaction: EIP1559Transaction, with key: HDPrivateKey, expectedSender: EthereumAddress) throws -> SignedTransaction {
        guard try key.address() == expectedSender else { throw SenderMismatch() }
        let signature = try key.sign(digest: transaction.signingHash)
        return SignedTransaction(transaction: transaction, raw: transaction.serialized(with: signature))
    }

    /// EIP-191 version 0x45 ("personal_sign").
    func signPersonalMessage(_ message: Data, with key: HDPrivateKey) throws -> Data {
        let prefix = Data("\u{19}Ethereum Signed Message:\n\(message.count)".utf8)
        return try key.sign(digest: Keccak256.hash(prefix + message)).ethereumSignature65
    }
}
