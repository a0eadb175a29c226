/// An `OSStatus` returned by a `SecItem` call, with the codes the library handles by name.
///
/// ```swift
/// let status = backend.add(query)
/// if status == .duplicateItem { /* update instead */ }
/// ```
public struct KeychainStatus: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let success = KeychainStatus(rawValue: 0)
    /// errSecUserCanceled
    public static let userCanceled = KeychainStatus(rawValue: -128)
    /// errSecParam
    public static let param = KeychainStatus(rawValue: -50)
    /// errSecAuthFailed
    public static let authFailed = KeychainStatus(rawValue: -25293)
    /// errSecDuplicateItem
    public static let duplicateItem = KeychainStatus(rawValue: -25299)
    /// errSecItemNotFound
    public static let itemNotFound = KeychainStatus(rawValue: -25300)
    /// errSecInteractionNotAllowed: the device is locked or UI was not allowed.
    public static let interactionNotAllowed = KeychainStatus(rawValue: -25308)
    /// errSecDecode
    public static let decode = KeychainStatus(rawValue: -26275)
    /// errSecMissingEntitlement: the access group is not in the app's entitlements.
    public static let missingEntitlement = KeychainStatus(rawValue: -34018)

    public var description: String {
        switch self {
        case .success: return "errSecSuccess (0)"
        case .userCanceled: return "errSecUserCanceled (-128)"
        case .param: return "errSecParam (-50)"
        case .authFailed: return "errSecAuthFailed (-25293)"
        case .duplicateItem: return "errSecDuplicateItem (-25299)"
        case .itemNotFound: return "errSecItemNotFound (-25300)"
        case .interactionNotAllowed: return "errSecInteractionNotAllowed (-25308)"
        case .decode: return "errSecDecode (-26275)"
        case .missingEntitlement: return "errSecMissingEntitlement (-34018)"
        default: return "OSStatus \(rawValue)"
        }
    }
}
