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
    /// The access group an item is added to when its attributes name none: the first `keychain-access-groups`
    /// entry, else the application identifier. ``KeychainStore`` scopes its writes to it, so that a write never
    /// touches the items of shared groups. The default implementation asks the backend itself, by adding a probe
    /// item, reading its group back and removing it.
    func resolveDefaultAccessGroup() throws(KeychainError) -> String
}

extension SecItemBackend {
    public func resolveDefaultAccessGroup() throws(KeychainError) -> String {
        try probeDefaultAccessGroup()
    }

    /// Adds a probe item without an access group, reads the group it was given and removes it.
    public func probeDefaultAccessGroup() throws(KeychainError) -> String {
        var probe = KeychainQuery()
        probe[.itemClass] = .itemClass(.genericPassword)
        probe[.service] = .string("iosec.default-access-group-probe")
        probe[.account] = .string(UUID().uuidString)
        probe[.useDataProtectionKeychain] = .bool(true)
        var attributes = probe
        attributes[.accessible] = .accessibility(.afterFirstUnlockThisDeviceOnly)
        attributes[.valueData] = .data(Data())
        let added = add(attributes)
        guard added == .success else { throw KeychainError(status: added, operation: .add) }
        defer { _ = delete(probe) }
        var query = probe
        query[.returnAttributes] = .bool(true)
        query[.matchLimit] = .matchLimit(.one)
        let result = copyMatching(query)
        guard result.status == .success else { throw KeychainError(status: result.status, operation: .read) }
        guard case .string(let group)? = result.items.first?.attributes[.accessGroup] else {
            throw KeychainError(kind: .unexpectedData, operation: .read, status: .success)
        }
        return group
    }
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
