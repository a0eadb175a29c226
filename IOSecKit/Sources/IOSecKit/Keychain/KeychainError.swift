/// A Keychain failure, with the operation that failed and the underlying `OSStatus`.
///
/// ```swift
/// do {
///     let token = try store.data(for: "alice")
/// } catch let error where error.kind == .interactionNotAllowed {
///     // Device locked: keep the item and retry after `protectedDataDidBecomeAvailable`.
/// }
/// ```
public struct KeychainError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in terms an app can act on.
    public enum Kind: Sendable, Equatable {
        /// The device is locked (or UI was disallowed). The item still exists: retry after unlock, do not delete it.
        case interactionNotAllowed
        /// The user cancelled the authentication prompt.
        case userCancelled
        /// The user failed to authenticate.
        case authenticationFailed
        /// The access group is missing from the app's `keychain-access-groups` entitlement.
        case missingEntitlement
        /// The query was malformed (a bug in the caller or the library).
        case invalidParameters
        /// An item with the same primary key exists (only after an add-or-update race lost twice).
        case duplicateItem
        /// The item was not found where it had to exist.
        case notFound
        /// The item's data could not be decoded into the expected type.
        case unexpectedData
        /// Any other status; see ``KeychainError/status``.
        case unhandled
    }

    /// The store operation that failed.
    public enum Operation: String, Sendable, Equatable {
        case add, read, update, delete, decode
    }

    public let kind: Kind
    public let operation: Operation
    public let status: KeychainStatus

    public init(kind: Kind, operation: Operation, status: KeychainStatus) {
        self.kind = kind
        self.operation = operation
        self.status = status
    }

    /// Maps a status to a typed error.
    public init(status: KeychainStatus, operation: Operation) {
        let kind: Kind
        switch status {
        case .interactionNotAllowed: kind = .interactionNotAllowed
        case .userCanceled: kind = .userCancelled
        case .authFailed: kind = .authenticationFailed
        case .missingEntitlement: kind = .missingEntitlement
        case .param: kind = .invalidParameters
        case .duplicateItem: kind = .duplicateItem
        case .itemNotFound: kind = .notFound
        case .decode: kind = .unexpectedData
        default: kind = .unhandled
        }
        self.init(kind: kind, operation: operation, status: status)
    }

    public var description: String {
        let advice: String
        switch kind {
        case .interactionNotAllowed: advice = "the device is locked; retry after it is unlocked, the item is kept"
        case .userCancelled: advice = "the user cancelled authentication"
        case .authenticationFailed: advice = "authentication failed"
        case .missingEntitlement: advice = "add the access group to the keychain-access-groups entitlement"
        case .invalidParameters: advice = "the query is malformed"
        case .duplicateItem: advice = "an item with this service and account already exists"
        case .notFound: advice = "no such item"
        case .unexpectedData: advice = "the stored data has an unexpected format"
        case .unhandled: advice = "unexpected Keychain status"
        }
        return "Keychain \(operation.rawValue) failed: \(advice) (\(status))"
    }
}
