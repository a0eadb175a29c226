import Foundation

/// A `PrivacyInfo.xcprivacy` file, read from a parsed property list, with every problem found.
///
/// ```swift
/// let doc = try PropertyListParser.parse(data)
/// let result = PrivacyManifest.read(doc.root)
/// result.manifest.declaredReasons(for: .userDefaults)  // ["CA92.1"]
/// result.issues.first?.message  // "unknown reason code \"CA92.2\" for NSPrivacyAccessedAPICategoryUserDefaults; valid: CA92.1, …"
/// ```
public struct PrivacyManifest: Sendable, Equatable {
    public struct CollectedDataType: Sendable, Equatable {
        public var type: String?
        public var linked: Bool?
        public var tracking: Bool?
        public var purposes: [String]
        public var line: Int?
    }

    public struct AccessedAPIType: Sendable, Equatable {
        /// The raw category string as written (may be unknown).
        public var categoryName: String?
        public var category: RequiredReasonCategory? { categoryName.flatMap(RequiredReasonCategory.init(rawValue:)) }
        public var reasons: [String]
        public var line: Int?
    }

    public var tracking: Bool?
    public var trackingDomains: [String] = []
    public var collectedDataTypes: [CollectedDataType] = []
    public var accessedAPITypes: [AccessedAPIType] = []

    public init() {}

    /// Reason codes declared for a category (all entries of that category combined).
    public func declaredReasons(for category: RequiredReasonCategory) -> [String] {
        accessedAPITypes.filter { $0.category == category }.flatMap(\.reasons)
    }

    /// True when the category is declared with at least one valid code of that category.
    public func declaresValidReason(for category: RequiredReasonCategory) -> Bool {
        declaredReasons(for: category).contains { RequiredReason.named($0)?.category == category }
    }

    public static let topLevelKeys: Set<String> = [
        "NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes", "NSPrivacyAccessedAPITypes"
    ]

    /// Reads and validates a manifest; never throws — problems become issues.
    public static func read(_ root: PropertyListValue, rootLine: Int? = nil) -> (
        manifest: PrivacyManifest, issues: [PrivacyManifestIssue]
    ) {
        var issues: [PrivacyManifestIssue] = []
        var m = PrivacyManifest()
        func issue(_ kind: PrivacyManifestIssue.Kind, _ path: String, _ line: Int?, _ message: String) {
            issues.append(.init(kind: kind, keyPath: path, line: line, message: message))
        }
        /// `<string>\n    NSPrivacy…\n  </string>`: a valid name with white space around it, which is compared as is.
        func padded(_ path: String, _ line: Int?, _ value: String) {
            let name = value.trimmingCharacters(in: .whitespacesAndNewlines)
            issue(
                .unknownValue, path, line,
                "\"\(name)\" is written with spaces or line breaks around it inside <string>; the value is matched exactly, so write <string>\(name)</string>"
            )
        }
        func isPadded(_ value: String, validWhenTrimmed: (String) -> Bool) -> Bool {
            let name = value.trimmingCharacters(in: .whitespacesAndNewlines)
            return name != value && validWhenTrimmed(name)
        }
        func wrongType(_ path: String, _ line: Int?, expected: String, _ v: PropertyListValue) {
            issue(.wrongType, path, line, "\(path) must be \(expected), found \(v.typeName)")
        }
        guard let dict = root.dictionary else {
            issue(.wrongType, "", rootLine, "the root must be a dictionary, found \(root.typeName)")
            return (m, issues)
        }
        for entry in dict.entries {
            let key = entry.key, line = entry.keyLine, v = entry.value
            switch key {
            case "NSPrivacyTracking":
                if let b = v.bool { m.tracking = b } else { wrongType(key, line, expected: "a boolean", v) }
            case "NSPrivacyTrackingDomains":
                if let a = v.stringArray {
                    m.trackingDomains = a
                } else {
                    wrongType(key, line, expected: "an array of strings", v)
                }
            case "NSPrivacyCollectedDataTypes":
                guard let a = v.array else {
                    wrongType(key, line, expected: "an array of dictionaries", v)
                    continue
                }
                for (i, element) in a.elements.enumerated() {
                    let p = "\(key)[\(i)]"
                    guard let d = element.value.dictionary else {
                        wrongType(p, element.line, expected: "a dictionary", element.value)
                        continue
                    }
                    var c = CollectedDataType(purposes: [], line: element.line)
                    for e in d.entries {
                        let ep = p + "." + e.key
                        switch e.key {
                        case "NSPrivacyCollectedDataType":
                            if let s = e.value.string {
                                c.type = s
                                if isPadded(s, validWhenTrimmed: { $0.hasPrefix("NSPrivacyCollectedDataType") }) {
                                    padded(ep, e.keyLine, s)
                                } else if !s.hasPrefix("NSPrivacyCollectedDataType") {
                                    issue(
                                        .unknownValue, ep, e.keyLine,
                                        "\"\(s)\" is not a collected data type (they are named NSPrivacyCollectedDataType…)"
                                    )
                                }
                            } else {
                                wrongType(ep, e.keyLine, expected: "a string", e.value)
                            }
                        case "NSPrivacyCollectedDataTypeLinked":
                            if let b = e.value.bool {
                                c.linked = b
                            } else {
                                wrongType(ep, e.keyLine, expected: "a boolean", e.value)
                            }
                        case "NSPrivacyCollectedDataTypeTracking":
                            if let b = e.value.bool {
                                c.tracking = b
                            } else {
                                wrongType(ep, e.keyLine, expected: "a boolean", e.value)
                            }
                        case "NSPrivacyCollectedDataTypePurposes":
                            if let ps = e.value.stringArray {
                                c.purposes = ps
                                for purpose in ps where !purpose.hasPrefix("NSPrivacyCollectedDataTypePurpose") {
                                    if isPadded(
                                        purpose, validWhenTrimmed: { $0.hasPrefix("NSPrivacyCollectedDataTypePurpose") }
                                    ) {
                                        padded(ep, e.keyLine, purpose)
                                        continue
                                    }
                                    issue(
                                        .unknownValue, ep, e.keyLine,
                                        "\"\(purpose)\" is not a purpose (they are named NSPrivacyCollectedDataTypePurpose…)"
                                    )
                                }
                            } else {
                                wrongType(ep, e.keyLine, expected: "an array of strings", e.value)
                            }
                        default:
                            issue(.unknownKey, ep, e.keyLine, "unknown key \"\(e.key)\" in a collected data type")
                        }
                    }
                    if c.type == nil { issue(.missingKey, p, element.line, "\(p) has no NSPrivacyCollectedDataType") }
                    m.collectedDataTypes.append(c)
                }
            case "NSPrivacyAccessedAPITypes":
                guard let a = v.array else {
                    wrongType(key, line, expected: "an array of dictionaries", v)
                    continue
                }
                for (i, element) in a.elements.enumerated() {
                    let p = "\(key)[\(i)]"
                    guard let d = element.value.dictionary else {
                        wrongType(p, element.line, expected: "a dictionary", element.value)
                        continue
                    }
                    var t = AccessedAPIType(categoryName: nil, reasons: [], line: element.line)
                    var reasonsLine = element.line
                    for e in d.entries {
                        let ep = p + "." + e.key
                        switch e.key {
                        case "NSPrivacyAccessedAPIType":
                            guard let s = e.value.string else {
                                wrongType(ep, e.keyLine, expected: "a string", e.value)
                                continue
                            }
                            t.categoryName = s
                            if isPadded(s, validWhenTrimmed: { RequiredReasonCategory(rawValue: $0) != nil }) {
                                padded(ep, e.valueLine ?? e.keyLine, s)
                            } else if RequiredReasonCategory(rawValue: s) == nil {
                                issue(
                                    .unknownCategory, ep, e.valueLine ?? e.keyLine,
                                    "unknown API category \"\(s)\"; valid: "
                                        + RequiredReasonCategory.allCases.map(\.rawValue).joined(separator: ", "))
                            }
                        case "NSPrivacyAccessedAPITypeReasons":
                            reasonsLine = e.keyLine
                            if let rs = e.value.stringArray {
                                t.reasons = rs
                            } else {
                                wrongType(ep, e.keyLine, expected: "an array of strings", e.value)
                            }
                        default:
                            issue(.unknownKey, ep, e.keyLine, "unknown key \"\(e.key)\" in an accessed API type")
                        }
                    }
                    if t.categoryName == nil {
                        issue(.missingKey, p, element.line, "\(p) has no NSPrivacyAccessedAPIType")
                    }
                    if t.reasons.isEmpty {
                        issue(
                            .missingKey, p, reasonsLine,
                            "\(p) declares no reason in NSPrivacyAccessedAPITypeReasons; App Store Connect rejects it")
                    }
                    for code in t.reasons {
                        guard let reason = RequiredReason.named(code) else {
                            if isPadded(code, validWhenTrimmed: { RequiredReason.named($0) != nil }) {
                                padded(p + ".NSPrivacyAccessedAPITypeReasons", reasonsLine, code)
                                continue
                            }
                            let valid =
                                t.category.map {
                                    "; valid for this category: " + $0.reasons.map(\.code).joined(separator: ", ")
                                } ?? ""
                            issue(
                                .unknownReason, p + ".NSPrivacyAccessedAPITypeReasons", reasonsLine,
                                "unknown reason code \"\(code)\"\(valid)")
                            continue
                        }
                        if let category = t.category, reason.category != category {
                            issue(
                                .reasonForOtherCategory, p + ".NSPrivacyAccessedAPITypeReasons", reasonsLine,
                                "reason \(code) belongs to \(reason.category.rawValue), not \(category.rawValue)")
                        }
                        if reason.isSDKOnly {
                            issue(
                                .sdkOnlyReason, p + ".NSPrivacyAccessedAPITypeReasons", reasonsLine,
                                "reason \(code) may only be declared by a third-party SDK, not by an app")
                        }
                    }
                    m.accessedAPITypes.append(t)
                }
            default:
                issue(
                    .unknownKey, key, line,
                    "unknown top-level key \"\(key)\"; valid: " + topLevelKeys.sorted().joined(separator: ", "))
            }
        }
        return (m, issues)
    }
}

/// One problem in a privacy manifest, with the key path and line.
public struct PrivacyManifestIssue: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case unknownKey, wrongType, missingKey, unknownCategory, unknownReason, reasonForOtherCategory, unknownValue
        /// Valid only in SDK manifests; report it for app targets only.
        case sdkOnlyReason
    }

    public let kind: Kind
    public let keyPath: String
    public let line: Int?
    public let message: String
}
