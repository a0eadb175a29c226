import Foundation

/// A platform-independent model of a Security-framework query or attribute dictionary.
///
/// `kSec*` constants exist only on Apple platforms. The store builds its dictionaries with these typed keys;
/// ``AppleSecItemBackend`` maps them to the real `CFString` constants and ``InMemorySecItemBackend`` interprets
/// them directly, so the same store logic runs and is tested on Linux.
///
/// ```swift
/// var query = KeychainQuery()
/// query[.itemClass] = .itemClass(.genericPassword)
/// query[.service] = .string("com.example.session")
/// query[.account] = .string("alice")
/// ```
public struct KeychainQuery: Sendable, Equatable, CustomStringConvertible {
    public var values: [KeychainKey: KeychainValue]

    public init(_ values: [KeychainKey: KeychainValue] = [:]) {
        self.values = values
    }

    public subscript(key: KeychainKey) -> KeychainValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The keys that describe the item itself (used to match or store), as opposed to search and return options.
    public var itemAttributes: [KeychainKey: KeychainValue] {
        values.filter { $0.key.isItemAttribute }
    }

    public func string(_ key: KeychainKey) -> String? {
        if case .string(let value)? = values[key] { return value }
        return nil
    }

    public func bool(_ key: KeychainKey) -> Bool? {
        if case .bool(let value)? = values[key] { return value }
        return nil
    }

    /// Never prints secret data: only its size.
    public var description: String {
        let parts = values.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}

/// Keys of a ``KeychainQuery``; each maps to one `kSec*` constant on Apple platforms.
///
/// ```swift
/// query[.account] = .string("alice")
/// ```
public enum KeychainKey: String, Sendable, Hashable, CaseIterable {
    // Item class and attributes.
    case itemClass  // kSecClass
    case service  // kSecAttrService
    case account  // kSecAttrAccount
    case accessGroup  // kSecAttrAccessGroup
    case synchronizable  // kSecAttrSynchronizable
    case accessible  // kSecAttrAccessible
    case accessControl  // kSecAttrAccessControl
    case label  // kSecAttrLabel
    case server  // kSecAttrServer (internet password)
    case port  // kSecAttrPort (internet password)
    case path  // kSecAttrPath (internet password)
    case securityDomain  // kSecAttrSecurityDomain (internet password)
    case valueData  // kSecValueData
    // Search and return options.
    case matchLimit  // kSecMatchLimit
    case returnData  // kSecReturnData
    case returnAttributes  // kSecReturnAttributes
    // Use options.
    case useDataProtectionKeychain  // kSecUseDataProtectionKeychain
    case useAuthenticationContext  // kSecUseAuthenticationContext
    case useAuthenticationUISkip  // kSecUseAuthenticationUI = kSecUseAuthenticationUISkip

    var isItemAttribute: Bool {
        switch self {
        case .itemClass, .service, .account, .accessGroup, .synchronizable, .accessible, .accessControl, .label,
            .server, .port, .path, .securityDomain, .valueData:
            return true
        case .matchLimit, .returnData, .returnAttributes, .useDataProtectionKeychain, .useAuthenticationContext,
            .useAuthenticationUISkip:
            return false
        }
    }
}

/// Values of a ``KeychainQuery``.
///
/// ```swift
/// query[.matchLimit] = .matchLimit(.all)
/// ```
public enum KeychainValue: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case data(Data)
    case bool(Bool)
    case int(Int)
    case itemClass(KeychainItemClass)
    case accessibility(KeychainAccessibility)
    case accessControl(KeychainAccessControl)
    case matchLimit(KeychainMatchLimit)
    /// `kSecAttrSynchronizableAny`, for ``KeychainKey/synchronizable`` in a query: match synchronizable and local
    /// items alike.
    case synchronizableAny
    /// An `LAContext` (Apple) or a test double, passed through untouched.
    case authenticationContext(KeychainAuthenticationContext)

    public var description: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        case .data(let d): return "<\(d.count) bytes>"
        case .bool(let b): return String(b)
        case .int(let i): return String(i)
        case .itemClass(let c): return c.rawValue
        case .accessibility(let a): return a.rawValue
        case .accessControl(let c): return "accessControl(\(c.accessibility.rawValue), flags: \(c.flags.rawValue))"
        case .matchLimit(let m): return m == .one ? "matchLimitOne" : "matchLimitAll"
        case .synchronizableAny: return "synchronizableAny"
        case .authenticationContext: return "<authentication context>"
        }
    }
}

/// `kSecClass` values.
///
/// ```swift
/// query[.itemClass] = .itemClass(.genericPassword)
/// ```
public enum KeychainItemClass: String, Sendable, Hashable {
    case genericPassword, internetPassword, certificate, key, identity
}

/// `kSecMatchLimit` values.
///
/// ```swift
/// query[.matchLimit] = .matchLimit(.one)
/// ```
public enum KeychainMatchLimit: Sendable, Hashable {
    case one, all
}

/// `kSecAttrAccessible` values. Prefer a `ThisDeviceOnly` class: such items never leave the device in a backup.
///
/// ```swift
/// KeychainStore(service: "com.example.bg", accessibility: .afterFirstUnlockThisDeviceOnly, backend: backend)
/// ```
public enum KeychainAccessibility: String, Sendable, Hashable, CaseIterable {
    case whenPasscodeSetThisDeviceOnly
    case whenUnlockedThisDeviceOnly
    case whenUnlocked
    case afterFirstUnlockThisDeviceOnly
    case afterFirstUnlock

    /// Whether the item can be read while the device is locked (after the first unlock since boot).
    public var isAvailableWhileLocked: Bool {
        self == .afterFirstUnlock || self == .afterFirstUnlockThisDeviceOnly
    }

    /// Whether the item stays on this device (not migrated through backups).
    public var isThisDeviceOnly: Bool {
        switch self {
        case .whenPasscodeSetThisDeviceOnly, .whenUnlockedThisDeviceOnly, .afterFirstUnlockThisDeviceOnly: return true
        case .whenUnlocked, .afterFirstUnlock: return false
        }
    }
}

/// `SecAccessControlCreateFlags`, with Apple's bit values so the Apple adapter can pass them through.
///
/// ```swift
/// let flags: KeychainAccessControlFlags = .biometryCurrentSet
/// flags.requiresUserAuthentication  // true
/// ```
public struct KeychainAccessControlFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Biometry or the device passcode.
    public static let userPresence = KeychainAccessControlFlags(rawValue: 1 << 0)
    /// Any enrolled biometry, surviving enrollment changes.
    public static let biometryAny = KeychainAccessControlFlags(rawValue: 1 << 1)
    /// Biometry as enrolled now; the item becomes unusable when a finger or face is added or removed.
    public static let biometryCurrentSet = KeychainAccessControlFlags(rawValue: 1 << 3)
    public static let devicePasscode = KeychainAccessControlFlags(rawValue: 1 << 4)
    public static let or = KeychainAccessControlFlags(rawValue: 1 << 14)
    public static let and = KeychainAccessControlFlags(rawValue: 1 << 15)

    /// Whether reading an item with these flags requires the user to authenticate.
    public var requiresUserAuthentication: Bool {
        !intersection([.userPresence, .biometryAny, .biometryCurrentSet, .devicePasscode]).isEmpty
    }
}

/// A `SecAccessControl`: an accessibility class plus flags. Set at add time only.
///
/// ```swift
/// KeychainAccessControl(accessibility: .whenPasscodeSetThisDeviceOnly, flags: .userPresence)
/// ```
public struct KeychainAccessControl: Sendable, Hashable {
    public var accessibility: KeychainAccessibility
    public var flags: KeychainAccessControlFlags

    public init(
        accessibility: KeychainAccessibility = .whenPasscodeSetThisDeviceOnly, flags: KeychainAccessControlFlags
    ) {
        self.accessibility = accessibility
        self.flags = flags
    }
}

/// An opaque authentication context (an `LAContext` on Apple platforms) handed to the Keychain so that one
/// successful biometric evaluation unlocks the item without a second prompt.
///
/// The wrapped object is only passed to the Security framework, never shared across tasks by this library.
///
/// ```swift
/// let context = KeychainAuthenticationContext(laContext, isPreAuthenticated: true)
/// try store.data(for: "vault-key", context: context)
/// ```
public struct KeychainAuthenticationContext: @unchecked Sendable, Equatable {
    public let object: AnyObject
    /// For the in-memory backend: whether the context stands for a successful prior authentication.
    public let isPreAuthenticated: Bool

    public init(_ object: AnyObject, isPreAuthenticated: Bool = false) {
        self.object = object
        self.isPreAuthenticated = isPreAuthenticated
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.object === rhs.object && lhs.isPreAuthenticated == rhs.isPreAuthenticated
    }
}
