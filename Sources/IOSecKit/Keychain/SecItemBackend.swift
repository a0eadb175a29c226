import Foundation

/// The four `SecItem` calls, over typed dictionaries.
///
/// ``AppleSecItemBackend`` forwards to the Security framework; ``InMemorySecItemBackend`` models the documented
/// semantics for tests. A backend never interprets results: ``KeychainStore`` owns the logic.
///
/// ```swift
/// let store = KeychainStore(service: "com.example.auth", backend: InMemorySecItemBackend())
/// ```
public protocol SecItemBackend: Sendable {
    /// `SecItemAdd`.
    func add(_ attributes: KeychainQuery) -> KeychainStatus
    /// `SecItemCopyMatching`; `items` is empty unless the status is success and a return key was set.
    func copyMatching(_ query: KeychainQuery) -> KeychainCopyResult
    /// `SecItemUpdate`: changes every item matching `query` to `attributes`.
    func update(_ query: KeychainQuery, attributes: KeychainQuery) -> KeychainStatus
    /// `SecItemDelete`.
    func delete(_ query: KeychainQuery) -> KeychainStatus
}

/// The outcome of `SecItemCopyMatching`.
///
/// ```swift
/// let result = backend.copyMatching(query)
/// if result.status == .success { print(result.items.count) }
/// ```
public struct KeychainCopyResult: Sendable, Equatable {
    public var status: KeychainStatus
    public var items: [KeychainItemRecord]

    public init(status: KeychainStatus, items: [KeychainItemRecord] = []) {
        self.status = status
        self.items = items
    }
}

/// One returned item: its attributes (if asked for) and its data (if asked for).
///
/// ```swift
/// let accounts = result.items.compactMap(\.account)
/// ```
public struct KeychainItemRecord: Sendable, Equatable {
    public var attributes: [KeychainKey: KeychainValue]
    public var data: Data?

    public init(attributes: [KeychainKey: KeychainValue] = [:], data: Data? = nil) {
        self.attributes = attributes
        self.data = data
    }

    public var account: String? {
        if case .string(let value)? = attributes[.account] { return value }
        return nil
    }
}
