import Foundation

/// Generic-password storage keyed by service and account, correct by default.
///
/// - Accessibility defaults to `whenUnlockedThisDeviceOnly`: the item is never migrated through a backup.
/// - ``set(_:for:)`` adds, or updates the existing item in place with `SecItemUpdate`; it never deletes and re-adds
///   (that would drop access control and lose the item if the add then fails).
/// - ``data(for:context:)`` returns `nil` only when the item does not exist; every other failure throws a
///   ``KeychainError`` carrying the status. A locked device answers ``KeychainError/Kind/interactionNotAllowed``
///   and the item is kept: retry after unlock. The store never deletes an item because a read failed.
/// - Access control (for example `.biometryCurrentSet`) is applied when the item is added, and only then.
///
/// ```swift
/// let store = KeychainStore(service: "com.example.auth")
/// try store.set(Data(token.utf8), for: "refresh-token")
/// if let data = try store.data(for: "refresh-token") { use(data) }
/// try store.remove("refresh-token")
/// ```
public struct KeychainStore: Sendable {
    public let service: String
    public let accessGroup: String?
    public let accessibility: KeychainAccessibility
    /// Flags for a `SecAccessControl` created at add time; `nil` for none.
    public let accessControlFlags: KeychainAccessControlFlags?
    public let backend: any SecItemBackend

    /// - Parameters:
    ///   - service: `kSecAttrService`, usually a reverse-DNS name for the purpose (`com.example.auth`).
    ///   - accessGroup: a shared `keychain-access-groups` entry, or `nil` for the app's default group. With `nil`,
    ///     reads, updates and deletes match items of *every* group the app can access, as the Security framework
    ///     does; name the group whenever the app shares items.
    ///   - accessibility: when the item can be read; with access control flags, the protection class of the
    ///     access control object.
    ///   - accessControlFlags: user-presence requirement for reading the item, applied at add time.
    ///   - backend: where items are stored; ``AppleSecItemBackend`` on Apple platforms.
    public init(
        service: String,
        accessGroup: String? = nil,
        accessibility: KeychainAccessibility = .whenUnlockedThisDeviceOnly,
        accessControlFlags: KeychainAccessControlFlags? = nil,
        backend: any SecItemBackend
    ) {
        self.service = service
        self.accessGroup = accessGroup
        self.accessibility = accessibility
        self.accessControlFlags = accessControlFlags
        self.backend = backend
    }

    #if canImport(Security)
    /// A store backed by the system Keychain (data-protection keychain on macOS).
    public init(
        service: String,
        accessGroup: String? = nil,
        accessibility: KeychainAccessibility = .whenUnlockedThisDeviceOnly,
        accessControlFlags: KeychainAccessControlFlags? = nil
    ) {
        self.init(
            service: service, accessGroup: accessGroup, accessibility: accessibility,
            accessControlFlags: accessControlFlags, backend: AppleSecItemBackend())
    }
    #endif

    // MARK: Writing

    /// Stores `data` for `account`: adds the item, or updates the existing one in place.
    ///
    /// Without access control the update also moves an older item to this store's accessibility class, so items
    /// written by earlier versions with a weaker class are upgraded on the next write.
    public func set(_ data: Data, for account: String) throws(KeychainError) {
        // Two rounds cover the race where another process adds or removes the item between our calls.
        for _ in 0..<2 {
            let updateStatus = backend.update(matchQuery(account: account), attributes: updateAttributes(data))
            switch updateStatus {
            case .success:
                return
            case .itemNotFound:
                let addStatus = backend.add(addAttributes(data, account: account))
                if addStatus == .success { return }
                if addStatus == .duplicateItem { continue }
                throw KeychainError(status: addStatus, operation: .add)
            default:
                throw KeychainError(status: updateStatus, operation: .update)
            }
        }
        throw KeychainError(kind: .duplicateItem, operation: .add, status: .duplicateItem)
    }

    /// Stores a UTF-8 string.
    public func set(_ string: String, for account: String) throws(KeychainError) {
        try set(Data(string.utf8), for: account)
    }

    // MARK: Reading

    /// The data stored for `account`, or `nil` if there is no such item.
    ///
    /// - Parameters:
    ///   - context: an authentication context (an `LAContext` that already evaluated a policy) so an item with
    ///     access control is read without a second prompt.
    ///   - allowUserInterface: `false` to leave out items that would prompt (they read as not found).
    /// - Throws: ``KeychainError`` for anything but "not found", with the status. The item is never deleted here.
    public func data(
        for account: String,
        context: KeychainAuthenticationContext? = nil,
        allowUserInterface: Bool = true
    ) throws(KeychainError) -> Data? {
        var query = matchQuery(account: account)
        query[.returnData] = .bool(true)
        query[.matchLimit] = .matchLimit(.one)
        if let context { query[.useAuthenticationContext] = .authenticationContext(context) }
        if !allowUserInterface { query[.useAuthenticationUISkip] = .bool(true) }
        let result = backend.copyMatching(query)
        switch result.status {
        case .success:
            guard let data = result.items.first?.data else {
                throw KeychainError(kind: .unexpectedData, operation: .read, status: .success)
            }
            return data
        case .itemNotFound:
            return nil
        default:
            throw KeychainError(status: result.status, operation: .read)
        }
    }

    /// The UTF-8 string stored for `account`, or `nil` if there is no such item.
    public func string(
        for account: String, context: KeychainAuthenticationContext? = nil
    ) throws(KeychainError) -> String? {
        guard let data = try data(for: account, context: context) else { return nil }
        guard let string = String(data: data, encoding: .utf8) else {
            throw KeychainError(kind: .unexpectedData, operation: .decode, status: .decode)
        }
        return string
    }

    /// Whether an item exists for `account`, without reading its data or prompting.
    public func contains(_ account: String) throws(KeychainError) -> Bool {
        var query = matchQuery(account: account)
        query[.returnAttributes] = .bool(true)
        query[.matchLimit] = .matchLimit(.one)
        query[.useAuthenticationUISkip] = .bool(true)
        let result = backend.copyMatching(query)
        switch result.status {
        case .success: return true
        case .itemNotFound: return false
        default: throw KeychainError(status: result.status, operation: .read)
        }
    }

    /// The accounts stored under this service (attributes only, no data, no prompt).
    public func accounts() throws(KeychainError) -> [String] {
        var query = serviceQuery()
        query[.returnAttributes] = .bool(true)
        query[.matchLimit] = .matchLimit(.all)
        query[.useAuthenticationUISkip] = .bool(true)
        let result = backend.copyMatching(query)
        switch result.status {
        case .success: return result.items.compactMap(\.account).sorted()
        case .itemNotFound: return []
        default: throw KeychainError(status: result.status, operation: .read)
        }
    }

    // MARK: Removing

    /// Removes the item for `account`. Returns whether an item was removed.
    @discardableResult
    public func remove(_ account: String) throws(KeychainError) -> Bool {
        let status = backend.delete(matchQuery(account: account))
        switch status {
        case .success: return true
        case .itemNotFound: return false
        default: throw KeychainError(status: status, operation: .delete)
        }
    }

    /// Removes every item of this service (and access group). Returns whether anything was removed.
    ///
    /// The query says `kSecMatchLimitAll` explicitly: the macOS file-based keychain otherwise deletes only the
    /// first match.
    @discardableResult
    public func removeAll() throws(KeychainError) -> Bool {
        var query = serviceQuery()
        query[.matchLimit] = .matchLimit(.all)
        let status = backend.delete(query)
        switch status {
        case .success: return true
        case .itemNotFound: return false
        default: throw KeychainError(status: status, operation: .delete)
        }
    }

    // MARK: Queries

    private func serviceQuery() -> KeychainQuery {
        var query = KeychainQuery()
        query[.itemClass] = .itemClass(.genericPassword)
        query[.service] = .string(service)
        query[.useDataProtectionKeychain] = .bool(true)
        if let accessGroup { query[.accessGroup] = .string(accessGroup) }
        return query
    }

    /// Identifies the item by its primary key only; accessibility is left out so that an item stored with another
    /// class is still found (and upgraded) instead of duplicated.
    private func matchQuery(account: String) -> KeychainQuery {
        var query = serviceQuery()
        query[.account] = .string(account)
        return query
    }

    private func addAttributes(_ data: Data, account: String) -> KeychainQuery {
        var attributes = matchQuery(account: account)
        attributes[.valueData] = .data(data)
        if let flags = accessControlFlags {
            attributes[.accessControl] = .accessControl(
                KeychainAccessControl(accessibility: accessibility, flags: flags))
        } else {
            attributes[.accessible] = .accessibility(accessibility)
        }
        return attributes
    }

    private func updateAttributes(_ data: Data) -> KeychainQuery {
        var attributes = KeychainQuery()
        attributes[.valueData] = .data(data)
        // Access control is add-time only; changing it on update would need the user to authenticate.
        if accessControlFlags == nil { attributes[.accessible] = .accessibility(accessibility) }
        return attributes
    }
}
