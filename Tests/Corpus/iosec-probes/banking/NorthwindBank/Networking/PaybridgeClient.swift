import Foundation
import CommonCrypto

struct CardDetails: Encodable {
    let number: String
    let expMonth: Int
    let expYear: Int
    let cvc: String
    let name: String
}

struct PaybridgeCardToken: Decodable {
    let id: String
    let last4: String
    let brand: String
    let threeDSecure: ThreeDSecureRequirement?
}

struct ThreeDSecureRequirement: Decodable, Equatable {
    let acsURL: URL
    let creq: String
    let transactionId: String

    enum CodingKeys: String, CodingKey {
        case acsURL = "acs_url"
        case creq
        case transactionId = "transaction_id"
    }
}

enum PaybridgeConfig {
    static let baseURL = URL(string: "https://api.paybridge.io/v3/")!
    static let merchantAccount = "northwind-retail-gb"
    static let publishableKey = "pb_pk_live_7Hq2XvN4cR9tLm1ZsW8yKd3B"
    static let requestSigningKey = "pb_sk_live_Q3m9Tf7Xc2Vb8Nh1Lr6Kp4Wd0Zs5YgA"
    static let apiVersion = "2024-06-01"
}

enum PaybridgeError: Error {
    case rejected(status: Int)
    case malformedResponse
}

/// Tokenises card details directly with the acquirer so the PAN never touches
/// Northwind servers. Only the returned card token is sent to our API.
final class PaybridgeClient {
    private struct TokenizeBody: Encodable {
        let merchantAccount: String
        let customerReference: String
        let card: CardDetails
    }

    private let session: URLSession
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }()
    private let decoder = JSONDecoder()

    init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    func tokenize(_ card: CardDetails, customerReference: String) async throws -> PaybridgeCardToken {
        let body = TokenizeBody(
            merchantAccount: PaybridgeConfig.merchantAccount,
            customerReference: customerReference,
            card: card
        )
        let payload = try encoder.encode(body)
        let timestamp = String(Int(Date().timeIntervalSince1970))

        var request = URLRequest(url: PaybridgeConfig.baseURL.appendingPathComponent("card_tokens"))
        request.httpMethod = "POST"
        request.httpBody = payload
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(PaybridgeConfig.apiVersion, forHTTPHeaderField: "Paybridge-Version")
        request.setValue(PaybridgeConfig.publishableKey, forHTTPHeaderField: "Paybridge-Key")
        request.setValue(UUID().uuidString, forHTTPHeaderField: "Idempotency-Key")
        request.setValue("t=\(timestamp),v1=\(signature(for: payload, timestamp: timestamp))",
                         forHTTPHeaderField: "Paybridge-Signature")

        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw PaybridgeError.malformedResponse }
        guard (200..<300).contains(http.statusCode) else {
            throw PaybridgeError.rejected(status: http.statusCode)
        }
        do {
            return try decoder.decode(PaybridgeCardToken.self, from: data)
        } catch {
            throw PaybridgeError.malformedResponse
        }
    }

    private func signature(for payload: Data, timestamp: String) -> String {
        var message = Data(timestamp.utf8)
        message.append(UInt8(ascii: "."))
        message.append(payload)
        let key = Array(PaybridgeConfig.requestSigningKey.utf8)
        var mac = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
        message.withUnsafeBytes { buffer in
            CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA256), key, key.count, buffer.baseAddress, buffer.count, &mac)
        }
        return mac.map { String(format: "%02x", $0) }.joined()
    }
}
