import Foundation
import Alamofire
import BigInt
import os

// MARK: - Wire types

struct JSONRPCRequest: Encodable {
    let jsonrpc = "2.0"
    let id: Int
    let method: String
    let params: [RPCParam]
}

enum RPCParam: Encodable {
    case string(String)
    case call(CallRequest)

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .call(let value): try container.encode(value)
        }
    }
}

struct CallRequest: Encodable {
    var from: String?
    var to: String?
    var value: String?
    var data: String?
}

struct JSONRPCResponse<Result: Decodable>: Decodable {
    let result: Result?
    let error: JSONRPCError?
}

struct JSONRPCError: Decodable, LocalizedError {
    let code: Int
    let message: String
    var errorDescription: String? { message }
}

/// Hex-encoded JSON-RPC quantity, e.g. "0x1bc16d674ec80000".
struct HexQuantity: Decodable {
    let value: BigUInt

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self).strippingHexPrefix
        guard let value = raw.isEmpty ? 0 : BigUInt(raw, radix: 16) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Invalid quantity")
        }
        self.value = value
    }

    var uint64: UInt64 { UInt64(clamping: value) }
}

struct TransactionReceipt: Decodable {
    let blockNumber: HexQuantity
    let status: HexQuantity?
    var succeeded: Bool { status?.value == 1 }
}

// MARK: - Client

final class RPCClient {
    struct EmptyResult: Error { let method: String }
    struct MalformedResponse: Error {}

    let chain: ChainConfig
    private let endpoint: URL
    private let session: Session
    private let requestCounter = OSAllocatedUnfairLock(initialState: 0)

    init(chain: ChainConfig, environment: DeploymentEnvironment, session: Session) {
        self.chain = chain
        self.endpoint = chain.rpcURL(in: environment)
        self.session = session
    }

    private func nextID() -> Int {
        requestCounter.withLock { counter in
            counter += 1
            return counter
        }
    }

    func callOptional<Result: Decodable>(_ method: String, _ params: [RPCParam] = [], as type: Result.Type) async throws -> Result? {
        let body = JSONRPCRequest(id: nextID(), method: method, params: params)
        let response = try await session
            .request(endpoint, method: .post, parameters: body, encoder: JSONParameterEncoder.default)
            .validate(statusCode: 200..<300)
            .serializingDecodable(JSONRPCResponse<Result>.self)
            .value

        if let error = response.error {
            Log.rpc.error("\(method, privacy: .public) on chain \(self.chain.id, privacy: .public) failed: [\(error.code)] \(error.message, privacy: .public)")
            throw error
        }
        return response.result
    }

    func call<Result: Decodable>(_ method: String, _ params: [RPCParam] = [], as type: Result.Type) async throws -> Result {
        guard let result = try await callOptional(method, params, as: type) else { throw EmptyResult(method: method) }
        return result
    }

    func balance(of address: EthereumAddress) async throws -> BigUInt {
        try await call("eth_getBalance", [.string(address.checksummed), .string("latest")], as: HexQuantity.self).value
    }

    func pendingNonce(for address: EthereumAddress) async throws -> UInt64 {
        try await call("eth_getTransactionCount", [.string(address.checksummed), .string("pending")], as: HexQuantity.self).uint64
    }

    func estimateGas(_ request: CallRequest) async throws -> UInt64 {
        try await call("eth_estimateGas", [.call(request)], as: HexQuantity.self).uint64
    }

    func sendRawTransaction(_ raw: Data) async throws -> String {
        try await call("eth_sendRawTransaction", [.string(raw.prefixedHex)], as: String.self)
    }

    func receipt(for hash: String) async throws -> TransactionReceipt? {
        try await callOptional("eth_getTransactionReceipt", [.string(hash)], as: TransactionReceipt.self)
    }
}
