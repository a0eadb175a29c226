/// The security-relevant keys of an entitlements plist (`.entitlements` file, or the entitlements
/// embedded in a signed binary / provisioning profile), with their lines.
///
/// ```swift
/// let doc = try PropertyListParser.parse(data)
/// let (e, issues) = Entitlements.read(doc.root)
/// if e.getTaskAllow == true { … "debuggable build" at e.line(of: Entitlements.Key.getTaskAllow) … }
/// e.associatedDomains.filter { $0.modes.contains(.developer) }
/// ```
public struct Entitlements: Sendable, Equatable {
    public enum Key {
        public static let getTaskAllow = "get-task-allow"
        public static let associatedDomains = "com.apple.developer.associated-domains"
        public static let keychainAccessGroups = "keychain-access-groups"
        public static let applicationGroups = "com.apple.security.application-groups"
        public static let apsEnvironment = "aps-environment"
        public static let appAttestEnvironment = "com.apple.developer.devicecheck.appattest-environment"
        public static let applicationIdentifier = "application-identifier"
        public static let teamIdentifier = "com.apple.developer.team-identifier"
        public static let betaReportsActive = "beta-reports-active"
        public static let signInWithApple = "com.apple.developer.applesignin"
    }

    /// `development` / `production` values of `aps-environment` and App Attest.
    public enum Environment: String, Sendable, Equatable { case development, production }

    public struct Located<Value: Sendable & Equatable>: Sendable, Equatable {
        public let value: Value
        public let line: Int?
    }

    public var getTaskAllow: Bool?
    public var associatedDomains: [Located<AssociatedDomain>] = []
    /// As written (`$(AppIdentifierPrefix)com.example.shared` in source, `TEAMID.com.example.shared` when signed).
    public var keychainAccessGroups: [String] = []
    public var applicationGroups: [String] = []
    public var apsEnvironment: Environment?
    public var appAttestEnvironment: Environment?
    public var applicationIdentifier: String?
    public var teamIdentifier: String?
    public var betaReportsActive: Bool?
    /// Line of each top-level key.
    public var keyLines: [String: Int] = [:]

    public init() {}

    public func line(of key: String) -> Int? { keyLines[key] }

    /// The default keychain access group (the first entry).
    public var defaultKeychainAccessGroup: String? { keychainAccessGroups.first }

    public static func read(_ root: PropertyListValue) -> (entitlements: Entitlements, issues: [EntitlementIssue]) {
        var e = Entitlements()
        var issues: [EntitlementIssue] = []
        guard let dict = root.dictionary else {
            issues.append(
                .init(key: "", line: nil, message: "entitlements must be a dictionary, found \(root.typeName)"))
            return (e, issues)
        }
        func wrongType(_ entry: PropertyListDictionary.Entry, _ expected: String) {
            issues.append(
                .init(
                    key: entry.key, line: entry.keyLine,
                    message: "\(entry.key) must be \(expected), found \(entry.value.typeName)"))
        }
        func environment(_ entry: PropertyListDictionary.Entry) -> Environment? {
            guard let s = entry.value.string else {
                wrongType(entry, "a string")
                return nil
            }
            guard let env = Environment(rawValue: s) else {
                issues.append(
                    .init(
                        key: entry.key, line: entry.valueLine,
                        message: "\(entry.key) must be \"development\" or \"production\", found \"\(s)\""))
                return nil
            }
            return env
        }
        for entry in dict.entries {
            if let l = entry.keyLine { e.keyLines[entry.key] = l }
            switch entry.key {
            case Key.getTaskAllow:
                if let b = entry.value.bool { e.getTaskAllow = b } else { wrongType(entry, "a boolean") }
            case Key.betaReportsActive:
                if let b = entry.value.bool { e.betaReportsActive = b } else { wrongType(entry, "a boolean") }
            case Key.associatedDomains:
                guard let a = entry.value.array else {
                    wrongType(entry, "an array of strings")
                    continue
                }
                for element in a.elements {
                    guard let s = element.value.string else {
                        issues.append(
                            .init(
                                key: entry.key, line: element.line,
                                message: "associated-domains entries must be strings, found \(element.value.typeName)"))
                        continue
                    }
                    if let problem = AssociatedDomain.problem(with: s) {
                        issues.append(.init(key: entry.key, line: element.line ?? entry.keyLine, message: problem))
                    } else if let d = AssociatedDomain(s) {
                        e.associatedDomains.append(.init(value: d, line: element.line ?? entry.keyLine))
                    }
                }
            case Key.keychainAccessGroups:
                if let a = entry.value.stringArray {
                    e.keychainAccessGroups = a
                } else {
                    wrongType(entry, "an array of strings")
                }
            case Key.applicationGroups:
                guard let a = entry.value.stringArray else {
                    wrongType(entry, "an array of strings")
                    continue
                }
                e.applicationGroups = a
                for g in a where !g.hasPrefix("group.") && !g.contains(Character(".")) {
                    issues.append(
                        .init(
                            key: entry.key, line: entry.keyLine,
                            message: "app group \"\(g)\" should be group.<reverse-dns> (or TEAMID.<name> on macOS)"))
                }
            case Key.apsEnvironment:
                e.apsEnvironment = environment(entry)
            case Key.appAttestEnvironment:
                e.appAttestEnvironment = environment(entry)
            case Key.applicationIdentifier:
                if let s = entry.value.string { e.applicationIdentifier = s } else { wrongType(entry, "a string") }
            case Key.teamIdentifier:
                if let s = entry.value.string { e.teamIdentifier = s } else { wrongType(entry, "a string") }
            default:
                break  // Other entitlements are legitimate and not modelled here.
            }
        }
        return (e, issues)
    }
}

/// A malformed entitlement value.
public struct EntitlementIssue: Sendable, Equatable {
    public let key: String
    public let line: Int?
    public let message: String
}
