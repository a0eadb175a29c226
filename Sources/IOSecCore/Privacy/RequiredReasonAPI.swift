/// A required-reason API category of `PrivacyInfo.xcprivacy` (`NSPrivacyAccessedAPIType`).
///
/// ```swift
/// RequiredReasonCategory(rawValue: "NSPrivacyAccessedAPICategoryUserDefaults")  // .userDefaults
/// RequiredReasonCategory.userDefaults.reasons.map(\.code)  // ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]
/// ```
public enum RequiredReasonCategory: String, Sendable, CaseIterable {
    case fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
    case systemBootTime = "NSPrivacyAccessedAPICategorySystemBootTime"
    case diskSpace = "NSPrivacyAccessedAPICategoryDiskSpace"
    case activeKeyboards = "NSPrivacyAccessedAPICategoryActiveKeyboards"
    case userDefaults = "NSPrivacyAccessedAPICategoryUserDefaults"

    /// Short human name for messages ("file timestamp APIs").
    public var displayName: String {
        switch self {
        case .fileTimestamp: return "file timestamp APIs"
        case .systemBootTime: return "system boot time APIs"
        case .diskSpace: return "disk space APIs"
        case .activeKeyboards: return "active keyboard APIs"
        case .userDefaults: return "UserDefaults"
        }
    }

    /// Apple's approved reasons for this category.
    public var reasons: [RequiredReason] { RequiredReason.all.filter { $0.category == self } }
}

/// One approved reason code, e.g. `CA92.1`.
public struct RequiredReason: Sendable, Equatable {
    public let code: String
    public let category: RequiredReasonCategory
    public let summary: String
    /// May only be declared by third-party SDKs (wrapper APIs), not by apps.
    public let isSDKOnly: Bool

    /// The reason with this code, or nil when Apple defines no such code.
    public static func named(_ code: String) -> RequiredReason? { byCode[code] }

    /// Apple's list (APPLE.md C.3).
    public static let all: [RequiredReason] = [
        .init(
            code: "DDA9.1", category: .fileTimestamp, summary: "display timestamps to the user; not sent off device",
            isSDKOnly: false),
        .init(
            code: "C617.1", category: .fileTimestamp,
            summary: "metadata of files in the app, app group or CloudKit container", isSDKOnly: false),
        .init(
            code: "3B52.1", category: .fileTimestamp,
            summary: "metadata of files the user explicitly granted access to", isSDKOnly: false),
        .init(
            code: "0A2A.1", category: .fileTimestamp, summary: "third-party SDK wrapper the app calls", isSDKOnly: true),
        .init(
            code: "35F9.1", category: .systemBootTime, summary: "measure elapsed time between in-app events",
            isSDKOnly: false),
        .init(
            code: "8FFB.1", category: .systemBootTime, summary: "compute absolute timestamps of in-app events",
            isSDKOnly: false),
        .init(
            code: "3D61.1", category: .systemBootTime, summary: "optional bug report the user chooses to submit",
            isSDKOnly: false),
        .init(code: "85F4.1", category: .diskSpace, summary: "display disk space to the user", isSDKOnly: false),
        .init(
            code: "E174.1", category: .diskSpace, summary: "check space before writing, or free space when low",
            isSDKOnly: false),
        .init(
            code: "7D9E.1", category: .diskSpace, summary: "optional bug report the user chooses to submit",
            isSDKOnly: false),
        .init(
            code: "B728.1", category: .diskSpace, summary: "health-research app warning participants about low space",
            isSDKOnly: false),
        .init(
            code: "3EC4.1", category: .activeKeyboards, summary: "custom keyboard app determining active keyboards",
            isSDKOnly: false),
        .init(
            code: "54BD.1", category: .activeKeyboards, summary: "customize the UI visibly based on active keyboards",
            isSDKOnly: false),
        .init(
            code: "CA92.1", category: .userDefaults, summary: "data readable only by the app itself", isSDKOnly: false),
        .init(
            code: "1C8F.1", category: .userDefaults, summary: "data shared within the same App Group", isSDKOnly: false),
        .init(
            code: "C56D.1", category: .userDefaults, summary: "third-party SDK wrapper the app calls", isSDKOnly: true),
        .init(
            code: "AC6B.1", category: .userDefaults, summary: "managed app configuration / feedback (MDM)",
            isSDKOnly: false)
    ]

    private static let byCode: [String: RequiredReason] = Dictionary(uniqueKeysWithValues: all.map { ($0.code, $0) })
}

/// Which API symbols belong to which required-reason category, for a source or binary scanner.
///
/// Symbols are bare names as they appear in code (`systemUptime`, `NSFileModificationDate`,
/// `UserDefaults`, `stat`). `getattrlist` and friends belong to two categories.
///
/// ```swift
/// RequiredReasonAPI.categories(forSymbol: "modificationDate")  // [.fileTimestamp]
/// RequiredReasonAPI.categories(forSymbol: "getattrlist")       // [.fileTimestamp, .diskSpace]
/// ```
public enum RequiredReasonAPI {
    public static let symbols: [RequiredReasonCategory: Set<String>] = [
        .fileTimestamp: [
            "creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey", "creationDateKey",
            "getattrlist", "getattrlistbulk", "fgetattrlist", "stat", "fstat", "fstatat", "lstat", "getattrlistat",
            "NSFileCreationDate", "NSFileModificationDate", "NSURLContentModificationDateKey", "NSURLCreationDateKey"
        ],
        .systemBootTime: ["systemUptime", "mach_absolute_time"],
        // [verify] getattrlist overlap with file timestamps, per APPLE.md C.3.
        .diskSpace: [
            "volumeAvailableCapacityKey", "volumeAvailableCapacityForImportantUsageKey",
            "volumeAvailableCapacityForOpportunisticUsageKey", "volumeTotalCapacityKey", "systemFreeSize", "systemSize",
            "statfs", "statvfs", "fstatfs", "fstatvfs", "getattrlist", "fgetattrlist", "getattrlistat",
            "NSURLVolumeAvailableCapacityKey", "NSURLVolumeAvailableCapacityForImportantUsageKey",
            "NSURLVolumeAvailableCapacityForOpportunisticUsageKey", "NSURLVolumeTotalCapacityKey",
            "NSFileSystemFreeSize", "NSFileSystemSize"
        ],
        .activeKeyboards: ["activeInputModes"],
        // @AppStorage wraps UserDefaults.
        .userDefaults: ["UserDefaults", "NSUserDefaults", "AppStorage", "SceneStorage"]
    ]

    private static let index: [String: [RequiredReasonCategory]] = {
        var out: [String: [RequiredReasonCategory]] = [:]
        for category in RequiredReasonCategory.allCases {
            for s in symbols[category] ?? [] { out[s, default: []].append(category) }
        }
        return out
    }()

    /// Categories a symbol falls under, in ``RequiredReasonCategory/allCases`` order; empty when none.
    public static func categories(forSymbol symbol: String) -> [RequiredReasonCategory] {
        index[symbol] ?? []
    }
}
