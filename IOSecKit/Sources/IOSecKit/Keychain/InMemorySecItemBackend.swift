import Foundation

/// An in-memory keychain that follows the documented `SecItem` semantics, so that code built on
/// ``SecItemBackend`` can be tested without a device.
///
/// Modelled: per-class uniqueness (generic password: access group, synchronizable, service, account; internet
/// password: also server, port, path, security domain) with `errSecDuplicateItem`; `kSecMatchLimit` defaulting
/// to one; no result unless a return key is set; `kSecAttrAccessible` defaulting to `whenUnlocked` when unset;
/// `kSecAttrAccessible` and `kSecAttrAccessControl` being mutually exclusive; a query with a different
/// `kSecAttrAccessible` finding nothing; a locked device failing reads, adds and updates of items not available
/// while locked with `errSecInteractionNotAllowed` while deletes still succeed; items with access control asking
/// the user (``authenticationOutcome``) unless a pre-authenticated context is passed, and skipped when UI is
/// disallowed; access groups outside the entitlement failing with `errSecMissingEntitlement`.
///
/// `kSecAttrSynchronizableAny` in a query matching synchronizable and local items alike, while a query without
/// `kSecAttrSynchronizable` matches local items only; items added without an access group going to
/// ``defaultAccessGroup``, and a query without one matching every group.
///
/// Not modelled: certificate, key and identity classes (they fail with `errSecParam`), `kSecAttrProtocol` and
/// `kSecAttrAuthenticationType`.
///
/// ```swift
/// let keychain = InMemorySecItemBackend()
/// let store = KeychainStore(service: "s", backend: keychain)
/// try store.set(Data("t".utf8), for: "alice")
/// keychain.isLocked = true
/// #expect(throws: KeychainError.self) { try store.data(for: "alice") }  // .interactionNotAllowed, item kept
/// ```
public final class InMemorySecItemBackend: SecItemBackend, @unchecked Sendable {
    /// A stored item as the keychain holds it.
    public struct StoredItem: Sendable, Equatable {
        public var itemClass: KeychainItemClass
        public var attributes: [KeychainKey: KeychainValue]
        public var data: Data?
        public var accessibility: KeychainAccessibility
        public var accessControl: KeychainAccessControl?
    }

    /// One call as it reached the backend, for tests that check what the store did (for example: never a delete).
    public enum Call: Sendable, Equatable {
        case add, copyMatching, update, delete
    }

    private let lock = NSLock()
    private var storage: [StoredItem] = []
    private var _isLocked = false
    private var _authenticationOutcome: KeychainStatus = .success
    private var _calls: [Call] = []
    private var _prompts = 0

    /// The app's default access group (the first of `keychain-access-groups`, normally `TEAMID.bundle-id`).
    public let defaultAccessGroup: String
    /// The access groups the app is entitled to.
    public let entitledAccessGroups: Set<String>

    public init(defaultAccessGroup: String = "TEAMID.com.example.app", entitledAccessGroups: Set<String> = []) {
        self.defaultAccessGroup = defaultAccessGroup
        self.entitledAccessGroups = entitledAccessGroups.union([defaultAccessGroup])
    }

    /// Whether the device is locked (after first unlock: `afterFirstUnlock` items stay readable).
    public var isLocked: Bool {
        get { lock.withLock { _isLocked } }
        set { lock.withLock { _isLocked = newValue } }
    }

    /// What the simulated user prompt answers when an item with access control is used.
    public var authenticationOutcome: KeychainStatus {
        get { lock.withLock { _authenticationOutcome } }
        set { lock.withLock { _authenticationOutcome = newValue } }
    }

    /// Calls received, in order.
    public var calls: [Call] { lock.withLock { _calls } }
    /// How many times the user would have been prompted.
    public var promptCount: Int { lock.withLock { _prompts } }
    /// A snapshot of the stored items.
    public var items: [StoredItem] { lock.withLock { storage } }

    // MARK: SecItemBackend

    public func add(_ attributes: KeychainQuery) -> KeychainStatus {
        lock.withLock {
            _calls.append(.add)
            guard case .itemClass(let itemClass)? = attributes[.itemClass], Self.supports(itemClass) else {
                return .param
            }
            if attributes[.accessible] != nil && attributes[.accessControl] != nil { return .param }
            // kSecAttrSynchronizableAny is for queries; an item is synchronizable or not.
            if attributes[.synchronizable] == .synchronizableAny { return .param }
            var stored = attributes.itemAttributes
            stored[.valueData] = nil
            stored[.accessible] = nil
            stored[.accessControl] = nil
            if let failure = accessGroupFailure(attributes) { return failure }
            stored[.accessGroup] = .string(attributes.string(.accessGroup) ?? defaultAccessGroup)
            if stored[.synchronizable] == nil { stored[.synchronizable] = .bool(false) }
            var accessControl: KeychainAccessControl?
            var accessibility = KeychainAccessibility.whenUnlocked  // Apple's default when unspecified.
            if case .accessControl(let control)? = attributes[.accessControl] {
                accessControl = control
                accessibility = control.accessibility
            } else if case .accessibility(let value)? = attributes[.accessible] {
                accessibility = value
            }
            if _isLocked && !accessibility.isAvailableWhileLocked { return .interactionNotAllowed }
            var data: Data?
            if case .data(let value)? = attributes[.valueData] { data = value }
            let item = StoredItem(
                itemClass: itemClass, attributes: stored, data: data,
                accessibility: accessibility, accessControl: accessControl)
            if storage.contains(where: { Self.primaryKey(of: $0) == Self.primaryKey(of: item) }) {
                return .duplicateItem
            }
            storage.append(item)
            return .success
        }
    }

    public func copyMatching(_ query: KeychainQuery) -> KeychainCopyResult {
        lock.withLock {
            _calls.append(.copyMatching)
            guard case .itemClass(let itemClass)? = query[.itemClass], Self.supports(itemClass) else {
                return KeychainCopyResult(status: .param)
            }
            if let failure = accessGroupFailure(query) { return KeychainCopyResult(status: failure) }
            let wantsData = query.bool(.returnData) ?? false
            let wantsAttributes = query.bool(.returnAttributes) ?? false
            let limit: KeychainMatchLimit
            if case .matchLimit(let value)? = query[.matchLimit] { limit = value } else { limit = .one }
            let skipUI = query.bool(.useAuthenticationUISkip) ?? false
            var context: KeychainAuthenticationContext?
            if case .authenticationContext(let value)? = query[.useAuthenticationContext] { context = value }

            var matches = storage.filter { Self.matches($0, query) }
            if wantsData && skipUI {
                // kSecUseAuthenticationUISkip: items that would need a prompt are silently left out.
                matches.removeAll { $0.accessControl?.flags.requiresUserAuthentication == true }
            }
            if matches.isEmpty { return KeychainCopyResult(status: .itemNotFound) }
            if limit == .one { matches = [matches[0]] }
            for item in matches where wantsData || wantsAttributes {
                // Attributes are protected by the class key too, so they are unreadable while locked as well.
                if _isLocked && !item.accessibility.isAvailableWhileLocked {
                    return KeychainCopyResult(status: .interactionNotAllowed)
                }
            }
            if wantsData {
                for item in matches {
                    if item.accessControl?.flags.requiresUserAuthentication == true {
                        let status = authenticate(context: context)
                        if status != .success { return KeychainCopyResult(status: status) }
                    }
                }
            }
            guard wantsData || wantsAttributes else { return KeychainCopyResult(status: .success) }
            let records = matches.map { item -> KeychainItemRecord in
                var attributes: [KeychainKey: KeychainValue] = [:]
                if wantsAttributes {
                    attributes = item.attributes
                    attributes[.itemClass] = .itemClass(item.itemClass)
                    attributes[.accessible] = .accessibility(item.accessibility)
                }
                return KeychainItemRecord(attributes: attributes, data: wantsData ? item.data : nil)
            }
            return KeychainCopyResult(status: .success, items: records)
        }
    }

    public func update(_ query: KeychainQuery, attributes: KeychainQuery) -> KeychainStatus {
        lock.withLock {
            _calls.append(.update)
            guard case .itemClass(let itemClass)? = query[.itemClass], Self.supports(itemClass) else { return .param }
            // SecItemUpdate takes no return or limit keys in the query and no class in the attributes.
            if query[.returnData] != nil || query[.returnAttributes] != nil || query[.matchLimit] != nil
                || attributes[.itemClass] != nil
            {
                return .param
            }
            if attributes[.accessible] != nil && attributes[.accessControl] != nil { return .param }
            if let failure = accessGroupFailure(query) { return failure }
            if let group = attributes.string(.accessGroup), !entitledAccessGroups.contains(group) {
                return .missingEntitlement
            }
            var context: KeychainAuthenticationContext?
            if case .authenticationContext(let value)? = query[.useAuthenticationContext] { context = value }
            let indices = storage.indices.filter { Self.matches(storage[$0], query) }
            if indices.isEmpty { return .itemNotFound }
            var updated = storage
            for index in indices {
                let item = updated[index]
                var newAccessibility = item.accessibility
                if case .accessibility(let value)? = attributes[.accessible] { newAccessibility = value }
                if _isLocked && (!item.accessibility.isAvailableWhileLocked || !newAccessibility.isAvailableWhileLocked)
                {
                    return .interactionNotAllowed
                }
                if item.accessControl?.flags.requiresUserAuthentication == true, attributes[.valueData] != nil {
                    let status = authenticate(context: context)
                    if status != .success { return status }
                }
                for (key, value) in attributes.itemAttributes {
                    switch key {
                    case .valueData:
                        if case .data(let data) = value { updated[index].data = data }
                    case .accessible:
                        updated[index].accessibility = newAccessibility
                        updated[index].accessControl = nil
                    case .accessControl:
                        if case .accessControl(let control) = value {
                            updated[index].accessControl = control
                            updated[index].accessibility = control.accessibility
                        }
                    default:
                        updated[index].attributes[key] = value
                    }
                }
            }
            let keys = updated.map(Self.primaryKey(of:))
            if Set(keys).count != keys.count { return .duplicateItem }
            storage = updated
            return .success
        }
    }

    public func delete(_ query: KeychainQuery) -> KeychainStatus {
        lock.withLock {
            _calls.append(.delete)
            guard case .itemClass(let itemClass)? = query[.itemClass], Self.supports(itemClass) else { return .param }
            if let failure = accessGroupFailure(query) { return failure }
            // Deleting needs no decryption: it works while the device is locked.
            var indices = storage.indices.filter { Self.matches(storage[$0], query) }
            if indices.isEmpty { return .itemNotFound }
            if case .matchLimit(.one)? = query[.matchLimit] {
                // The macOS file keychain deletes only the first match unless told otherwise; modelled the same way.
                indices = [indices[0]]
            }
            for index in indices.reversed() { storage.remove(at: index) }
            return .success
        }
    }

    /// ``defaultAccessGroup``, known without a probe.
    public func resolveDefaultAccessGroup() throws(KeychainError) -> String { defaultAccessGroup }

    // MARK: Semantics

    private func authenticate(context: KeychainAuthenticationContext?) -> KeychainStatus {
        if context?.isPreAuthenticated == true { return .success }
        _prompts += 1
        return _authenticationOutcome
    }

    /// The failure status if the query names an access group the app is not entitled to.
    private func accessGroupFailure(_ query: KeychainQuery) -> KeychainStatus? {
        if let group = query.string(.accessGroup), !entitledAccessGroups.contains(group) {
            return .missingEntitlement
        }
        return nil
    }

    private static func supports(_ itemClass: KeychainItemClass) -> Bool {
        itemClass == .genericPassword || itemClass == .internetPassword
    }

    private static func uniquenessKeys(for itemClass: KeychainItemClass) -> [KeychainKey] {
        switch itemClass {
        case .genericPassword: return [.accessGroup, .synchronizable, .service, .account]
        case .internetPassword: return [.accessGroup, .synchronizable, .account, .server, .port, .path, .securityDomain]
        case .certificate, .key, .identity: return []
        }
    }

    private struct PrimaryKey: Hashable {
        var itemClass: KeychainItemClass
        var values: [String]
    }

    private static func primaryKey(of item: StoredItem) -> PrimaryKey {
        // A missing attribute takes part in uniqueness as an empty value.
        PrimaryKey(
            itemClass: item.itemClass,
            values: uniquenessKeys(for: item.itemClass).map { item.attributes[$0]?.description ?? "" })
    }

    private static func matches(_ item: StoredItem, _ query: KeychainQuery) -> Bool {
        guard case .itemClass(let itemClass)? = query[.itemClass], itemClass == item.itemClass else { return false }
        for (key, value) in query.itemAttributes {
            switch key {
            case .itemClass, .valueData, .accessControl:
                continue
            case .accessible:
                // A query naming another accessibility class finds nothing.
                guard case .accessibility(let wanted) = value, wanted == item.accessibility else { return false }
            case .synchronizable:
                continue  // Handled below.
            default:
                guard item.attributes[key] == value else { return false }
            }
        }
        if query[.synchronizable] == .synchronizableAny { return true }
        // Without kSecAttrSynchronizable in the query only non-synchronizable items match.
        let wantsSynchronizable = query.bool(.synchronizable) ?? false
        return item.attributes[.synchronizable] == .bool(wantsSynchronizable)
    }
}
