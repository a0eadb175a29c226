import Foundation

/// Generic-password storage keyed by service and account, correct by default.
///
/// - Accessibility defaults to `whenUnlockedThisDeviceOnly`: the item is never migrated through a backup.
/// - ``set(_:for:)`` without access control adds, or updates the existing item's data in place with
///   `SecItemUpdate`; it never deletes and re-adds (the item would be lost if the add then failed), and it never
///   changes an existing item's protection class or access control: that is ``migrate(from:)``'s job, done when
///   the app asks for it.
/// - With access control, ``set(_:for:)`` replaces the item: the new one is added beside the old (under a staging
///   account), the old one removed, the new one added in its place, the staging copy removed. An item left by an
///   earlier version without access control, or with a looser policy, cannot survive a write; at every step one
///   copy, old or new, exists, and a read finds the staging copy if a write was interrupted.
/// - A store is one service in one access group: its own, or the app's default group when it names none
///   (``SecItemBackend/resolveDefaultAccessGroup()``). It reads, writes and removes there only, so the items of a
///   shared group (an extension's, written with another protection class) are never rewritten by accident.
/// - ``remove(_:)`` and ``removeAll()`` also remove synchronizable (iCloud Keychain) copies, so a sign-out leaves
///   none behind.
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
    ///   - accessGroup: a shared `keychain-access-groups` entry, or `nil` for the app's default group (resolved once
    ///     by the backend). Either way the store works in that one group; a `SecItem` query without a group would
    ///     match every group the app can access.
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

    /// A suffix of the account under which ``set(_:for:)`` stages a replacement; never a real account.
    static let stagingSuffix = "\u{1F}iosec-replacing"

    /// Stores `data` for `account` in this store's access group (or the app's default group).
    ///
    /// Without access control: adds the item, or updates the data of the existing one; its protection class stays
    /// as it is (see ``migrate(from:)``). With access control: replaces the item, so it always carries this
    /// store's access control and accessibility.
    public func set(_ data: Data, for account: String) throws(KeychainError) {
        let group = try resolvedGroup()
        if accessControlFlags != nil {
            try replace(data, for: account, group: group)
            return
        }
        // Two rounds cover the race where another process adds or removes the item between our calls.
        for _ in 0..<2 {
            var attributes = KeychainQuery()
            attributes[.valueData] = .data(data)
            let updateStatus = backend.update(matchQuery(account: account, group: group), attributes: attributes)
            switch updateStatus {
            case .success:
                return
            case .itemNotFound:
                let addStatus = backend.add(addAttributes(data, account: account, group: group))
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

    /// Moves every item of `source` into this store, rewritten with this store's accessibility and access
    /// control, and returns the accounts moved. Use it once, when an app tightens its protection (for example
    /// from `afterFirstUnlock` to `whenUnlockedThisDeviceOnly`, or to biometric access control), with a `source`
    /// that describes where the items are now:
    ///
    /// ```swift
    /// let old = KeychainStore(service: "com.example.auth")
    /// let new = KeychainStore(service: "com.example.auth", accessControlFlags: .biometryCurrentSet)
    /// try new.migrate(from: old)
    /// ```
    ///
    /// Each item is read (which prompts if it has access control), written here by replacement, and removed from
    /// `source` if that is another service or group. It stops at the first failure, for example a locked device;
    /// items not yet moved stay where they were, and calling it again continues.
    @discardableResult
    public func migrate(from source: KeychainStore) throws(KeychainError) -> [String] {
        let group = try resolvedGroup()
        let sourceGroup = try source.resolvedGroup()
        let samePlace = source.service == service && sourceGroup == group
        var moved: [String] = []
        for account in try source.accounts(group: sourceGroup) {
            guard let data = try source.data(for: account, group: sourceGroup) else { continue }
            try replace(data, for: account, group: group)
            if !samePlace { try source.remove(account, group: sourceGroup) }
            moved.append(account)
        }
        return moved
    }

    /// Adds the new item beside the old one, removes the old one, adds the new one in its place and removes the
    /// copy: no step sends a protection class to an item with access control, and at every step a copy exists.
    private func replace(_ data: Data, for account: String, group: String) throws(KeychainError) {
        let staging = account + Self.stagingSuffix
        let stale = backend.delete(matchQuery(account: staging, group: group))
        guard stale == .success || stale == .itemNotFound else {
            throw KeychainError(status: stale, operation: .delete)
        }
        let staged = backend.add(addAttributes(data, account: staging, group: group))
        guard staged == .success else { throw KeychainError(status: staged, operation: .add) }
        let removed = backend.delete(matchQuery(account: account, group: group))
        guard removed == .success || removed == .itemNotFound else {
            _ = backend.delete(matchQuery(account: staging, group: group))
            throw KeychainError(status: removed, operation: .delete)
        }
        let added = backend.add(addAttributes(data, account: account, group: group))
        // If this add fails, the staging copy holds the new data and reads find it.
        guard added == .success else { throw KeychainError(status: added, operation: .add) }
        _ = backend.delete(matchQuery(account: staging, group: group))
    }

    /// The one access group this store reads, writes and removes in: its own, or the app's default group.
    func resolvedGroup() throws(KeychainError) -> String {
        if let accessGroup { return accessGroup }
        return try backend.resolveDefaultAccessGroup()
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
        try data(for: account, group: resolvedGroup(), context: context, allowUserInterface: allowUserInterface)
    }

    func data(
        for account: String, group: String, context: KeychainAuthenticationContext? = nil,
        allowUserInterface: Bool = true
    ) throws(KeychainError) -> Data? {
        // The staging copy counts only when a replacement was interrupted after the old item was removed.
        for name in [account, account + Self.stagingSuffix] {
            var query = matchQuery(account: name, group: group)
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
                continue
            default:
                throw KeychainError(status: result.status, operation: .read)
            }
        }
        return nil
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
        for name in [account, account + Self.stagingSuffix] {
            var query = matchQuery(account: name, group: try resolvedGroup())
            query[.returnAttributes] = .bool(true)
            query[.matchLimit] = .matchLimit(.one)
            query[.useAuthenticationUISkip] = .bool(true)
            let result = backend.copyMatching(query)
            switch result.status {
            case .success: return true
            case .itemNotFound: continue
            default: throw KeychainError(status: result.status, operation: .read)
            }
        }
        return false
    }

    /// The accounts stored under this service (attributes only, no data, no prompt).
    public func accounts() throws(KeychainError) -> [String] {
        try accounts(group: resolvedGroup())
    }

    func accounts(group: String) throws(KeychainError) -> [String] {
        var query = serviceQuery(group: group)
        query[.returnAttributes] = .bool(true)
        query[.matchLimit] = .matchLimit(.all)
        query[.useAuthenticationUISkip] = .bool(true)
        let result = backend.copyMatching(query)
        switch result.status {
        case .success:
            let names = result.items.compactMap(\.account).map { name in
                name.hasSuffix(Self.stagingSuffix) ? String(name.dropLast(Self.stagingSuffix.count)) : name
            }
            return Set(names).sorted()
        case .itemNotFound: return []
        default: throw KeychainError(status: result.status, operation: .read)
        }
    }

    // MARK: Removing

    /// Removes the item for `account`, its synchronizable (iCloud Keychain) copy and any interrupted replacement.
    /// Returns whether an item was removed.
    @discardableResult
    public func remove(_ account: String) throws(KeychainError) -> Bool {
        try remove(account, group: resolvedGroup())
    }

    func remove(_ account: String, group: String) throws(KeychainError) -> Bool {
        var removed = false
        for name in [account, account + Self.stagingSuffix] {
            var query = matchQuery(account: name, group: group)
            query[.synchronizable] = .synchronizableAny
            let status = backend.delete(query)
            switch status {
            case .success: removed = true
            case .itemNotFound: continue
            default: throw KeychainError(status: status, operation: .delete)
            }
        }
        return removed
    }

    /// Removes every item of this service (and access group), synchronizable copies included. Returns whether
    /// anything was removed.
    ///
    /// The query says `kSecMatchLimitAll` explicitly: the macOS file-based keychain otherwise deletes only the
    /// first match.
    @discardableResult
    public func removeAll() throws(KeychainError) -> Bool {
        var query = serviceQuery(group: try resolvedGroup())
        query[.matchLimit] = .matchLimit(.all)
        query[.synchronizable] = .synchronizableAny
        let status = backend.delete(query)
        switch status {
        case .success: return true
        case .itemNotFound: return false
        default: throw KeychainError(status: status, operation: .delete)
        }
    }

    // MARK: Queries

    private func serviceQuery(group: String) -> KeychainQuery {
        var query = KeychainQuery()
        query[.itemClass] = .itemClass(.genericPassword)
        query[.service] = .string(service)
        query[.useDataProtectionKeychain] = .bool(true)
        query[.accessGroup] = .string(group)
        return query
    }

    /// Identifies the item by its primary key only; accessibility is left out so that an item stored with another
    /// class is still found instead of duplicated.
    private func matchQuery(account: String, group: String) -> KeychainQuery {
        var query = serviceQuery(group: group)
        query[.account] = .string(account)
        return query
    }

    private func addAttributes(_ data: Data, account: String, group: String) -> KeychainQuery {
        var attributes = matchQuery(account: account, group: group)
        attributes[.valueData] = .data(data)
        if let flags = accessControlFlags {
            attributes[.accessControl] = .accessControl(
                KeychainAccessControl(accessibility: accessibility, flags: flags))
        } else {
            attributes[.accessible] = .accessibility(accessibility)
        }
        return attributes
    }
}
