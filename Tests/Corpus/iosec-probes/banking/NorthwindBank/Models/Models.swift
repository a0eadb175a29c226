import Foundation

struct Money: Codable, Hashable {
    let amount: Decimal
    let currency: String
}

struct Account: Codable, Identifiable, Hashable {
    enum Kind: String, Codable {
        case current
        case savings
        case credit
    }

    let id: String
    let nickname: String
    let kind: Kind
    let iban: String
    let accountNumber: String
    let sortCode: String?
    let balance: Money
    let available: Money
}

struct Transaction: Codable, Identifiable, Hashable {
    let id: String
    let accountId: String
    let bookedAt: Date
    let merchantName: String
    let memo: String?
    let amount: Money
    let category: String?
}

struct Page<Item: Decodable>: Decodable {
    let items: [Item]
    /// Opaque pagination cursor, not a credential.
    let nextCursor: String?
}

struct Payee: Codable, Identifiable, Hashable {
    let id: String
    let name: String
    let iban: String
    let reference: String?
    let lastPaidAt: Date?
}

// MARK: - Auth

struct TokenPair: Decodable {
    let accessToken: String
    let refreshToken: String
    let tokenType: String
    let expiresIn: TimeInterval
    let refreshExpiresIn: TimeInterval
    let sessionId: String
}

struct LoginChallenge: Decodable, Equatable {
    let challengeId: String
    /// Server-issued nonce; the device signs it with its Secure Enclave key.
    let nonce: String
    let otpLength: Int
    let otpChannel: String
    let secretQuestionId: Int?
    let expiresAt: Date
}

struct QuickUnlockEnrolment: Decodable {
    let credential: String
    let keyId: String
}

struct PasswordPolicy: Decodable, Equatable {
    let minLength: Int
    let maxLength: Int
    let requiresDigit: Bool
    let requiresSymbol: Bool
    let maxRepeatedCharacters: Int
}

struct SecurityPolicy: Decodable {
    let passwordPolicy: PasswordPolicy
    let pinLength: Int
    let otpLength: Int
    let sessionTimeoutSeconds: Int
    /// Identifier of the server key used to sign statements, for signature verification.
    let statementKeyId: String
}

// MARK: - Transfers

struct TransferRequest: Encodable {
    let fromAccountId: String
    let payeeId: String
    let amount: Money
    let reference: String
    let executionDate: Date?
}

struct TransferResult: Decodable, Equatable {
    enum Status: String, Decodable {
        case completed
        case pending
        case rejected
    }

    let transferId: String
    let status: Status
    let createdAt: Date
}

struct TransferReceipt: Equatable {
    let transferId: String
    let createdAt: Date
    let fromAccountName: String
    let fromAccountNumber: String
    let payeeName: String
    let payeeIban: String
    let amount: Money
    let reference: String
}

// MARK: - Profile

struct UserProfile: Decodable, Equatable {
    let customerId: String
    let displayName: String
    let email: String
    let phoneLast4: String?
    let preferredLanguage: String?
}
