#if canImport(Security)
import Foundation
import Security

/// The system Keychain: maps ``KeychainQuery`` to `kSec*` constants and calls `SecItem*`.
///
/// ```swift
/// let store = KeychainStore(service: "com.example.auth", backend: AppleSecItemBackend())
/// ```
public struct AppleSecItemBackend: SecItemBackend {
    public init() {}

    /// The app's default access group does not change while it runs: probed once per process.
    private static let defaultGroup = DefaultGroupCache()

    public func resolveDefaultAccessGroup() throws(KeychainError) -> String {
        if let group = Self.defaultGroup.value { return group }
        let group = try probeDefaultAccessGroup()
        Self.defaultGroup.value = group
        return group
    }

    public func add(_ attributes: KeychainQuery) -> KeychainStatus {
        guard let dictionary = Self.dictionary(attributes) else { return .param }
        return KeychainStatus(rawValue: SecItemAdd(dictionary, nil))
    }

    public func copyMatching(_ query: KeychainQuery) -> KeychainCopyResult {
        guard let dictionary = Self.dictionary(query) else { return KeychainCopyResult(status: .param) }
        var result: CFTypeRef?
        let status = KeychainStatus(rawValue: SecItemCopyMatching(dictionary, &result))
        guard status == .success else { return KeychainCopyResult(status: status) }
        return KeychainCopyResult(status: status, items: Self.records(result))
    }

    public func update(_ query: KeychainQuery, attributes: KeychainQuery) -> KeychainStatus {
        guard let queryDictionary = Self.dictionary(query), let attributeDictionary = Self.dictionary(attributes) else {
            return .param
        }
        return KeychainStatus(rawValue: SecItemUpdate(queryDictionary, attributeDictionary))
    }

    public func delete(_ query: KeychainQuery) -> KeychainStatus {
        var query = query
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        // The iOS keychain deletes every match by default; the limit matters to the macOS file keychain only.
        query[.matchLimit] = nil
        #endif
        guard let dictionary = Self.dictionary(query) else { return .param }
        return KeychainStatus(rawValue: SecItemDelete(dictionary))
    }

    // MARK: Mapping

    static func dictionary(_ query: KeychainQuery) -> CFDictionary? {
        var result: [String: Any] = [:]
        for (key, value) in query.values {
            if key == .useAuthenticationUISkip {
                if value == .bool(true) { result[kSecUseAuthenticationUI as String] = kSecUseAuthenticationUISkip }
                continue
            }
            guard let converted = convert(value) else { return nil }
            result[cfKey(key) as String] = converted
        }
        return result as CFDictionary
    }

    static func cfKey(_ key: KeychainKey) -> CFString {
        switch key {
        case .itemClass: return kSecClass
        case .service: return kSecAttrService
        case .account: return kSecAttrAccount
        case .accessGroup: return kSecAttrAccessGroup
        case .synchronizable: return kSecAttrSynchronizable
        case .accessible: return kSecAttrAccessible
        case .accessControl: return kSecAttrAccessControl
        case .label: return kSecAttrLabel
        case .server: return kSecAttrServer
        case .port: return kSecAttrPort
        case .path: return kSecAttrPath
        case .securityDomain: return kSecAttrSecurityDomain
        case .valueData: return kSecValueData
        case .matchLimit: return kSecMatchLimit
        case .returnData: return kSecReturnData
        case .returnAttributes: return kSecReturnAttributes
        case .useDataProtectionKeychain: return kSecUseDataProtectionKeychain
        case .useAuthenticationContext: return kSecUseAuthenticationContext
        case .useAuthenticationUISkip: return kSecUseAuthenticationUI  // value set in dictionary(_:)
        }
    }

    static func convert(_ value: KeychainValue) -> Any? {
        switch value {
        case .string(let string): return string
        case .data(let data): return data
        case .bool(let bool): return bool
        case .int(let int): return int
        case .itemClass(let itemClass): return cfClass(itemClass)
        case .accessibility(let accessibility): return cfAccessibility(accessibility)
        case .accessControl(let control):
            // nil (errSecParam) if the flags are not valid for this platform.
            return SecAccessControlCreateWithFlags(
                nil, cfAccessibility(control.accessibility),
                SecAccessControlCreateFlags(rawValue: CFOptionFlags(control.flags.rawValue)), nil)
        case .matchLimit(let limit): return limit == .one ? kSecMatchLimitOne : kSecMatchLimitAll
        case .synchronizableAny: return kSecAttrSynchronizableAny
        case .authenticationContext(let context): return context.object
        }
    }

    static func cfClass(_ itemClass: KeychainItemClass) -> CFString {
        switch itemClass {
        case .genericPassword: return kSecClassGenericPassword
        case .internetPassword: return kSecClassInternetPassword
        case .certificate: return kSecClassCertificate
        case .key: return kSecClassKey
        case .identity: return kSecClassIdentity
        }
    }

    static func cfAccessibility(_ accessibility: KeychainAccessibility) -> CFString {
        switch accessibility {
        case .whenPasscodeSetThisDeviceOnly: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
        case .whenUnlockedThisDeviceOnly: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        case .whenUnlocked: return kSecAttrAccessibleWhenUnlocked
        case .afterFirstUnlockThisDeviceOnly: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        case .afterFirstUnlock: return kSecAttrAccessibleAfterFirstUnlock
        }
    }

    /// `SecItemCopyMatching` returns Data, a dictionary, or an array of either, depending on the return keys.
    static func records(_ result: CFTypeRef?) -> [KeychainItemRecord] {
        switch result {
        case let data as Data:
            return [KeychainItemRecord(data: data)]
        case let dictionary as [String: Any]:
            return [record(dictionary)]
        case let array as [Data]:
            return array.map { KeychainItemRecord(data: $0) }
        case let array as [[String: Any]]:
            return array.map(record)
        default:
            return []
        }
    }

    static func record(_ dictionary: [String: Any]) -> KeychainItemRecord {
        var attributes: [KeychainKey: KeychainValue] = [:]
        for key in [KeychainKey.service, .account, .accessGroup, .label, .server, .path, .securityDomain] {
            if let value = dictionary[cfKey(key) as String] as? String { attributes[key] = .string(value) }
        }
        return KeychainItemRecord(attributes: attributes, data: dictionary[kSecValueData as String] as? Data)
    }
}

private final class DefaultGroupCache: @unchecked Sendable {
    private let lock = NSLock()
    private var group: String?

    var value: String? {
        get { lock.withLock { group } }
        set { lock.withLock { group = newValue } }
    }
}
#endif
