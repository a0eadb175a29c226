/// One item of the merged audit checklists (`shared/reference/CHECKLISTS.md`) and how iosec answers it.
public struct ChecklistItem: Sendable {
    /// How a clean scan turns into a verdict.
    public enum Decision: String, Sendable, Codable {
        /// The rules decide: none of their findings (and all of them ran) is a pass.
        case rules
        /// IOSecKit provides the control: using it (in code that ships) is a pass; otherwise a person checks.
        case kit
        /// A person (or a live check such as `iosec aasa`) decides; findings of the named rules still fail it.
        case person
    }

    /// When the item applies at all, from what the scan saw.
    public enum Scope: Sendable, Equatable {
        case always
        /// The app does this (web views, Keychain…); otherwise not applicable.
        case capability(AppCapability)
        /// Associated domains in the entitlements, or an association file in the project.
        case associatedDomains
        /// The association file itself: not applicable without associated domains, for a person when the domains
        /// are declared but the file is served from elsewhere.
        case associationFile
        /// Passkey APIs, or associated domains.
        case passkeys
        /// Build settings or entitlements in the project (pbxproj, xcconfig, .entitlements); without them a clean
        /// result means nothing was checked.
        case buildSettings
        /// An Info.plist in the project, for the same reason.
        case infoPlist
        /// A built app (Mach-O): iosec does not analyse binaries yet, so a person checks.
        case builtApp
    }

    /// The item's number in CHECKLISTS.md.
    public let number: Int
    /// The item's text as CHECKLISTS.md writes it.
    public let title: String
    /// Which checklists list it: P, A, R (and K for Apple's SecItem guidance), as CHECKLISTS.md writes them.
    public let sources: String
    /// CHECKLISTS.md's kind: auto, live, lib, manual or a combination.
    public let kind: String
    /// Rules whose findings fail the item (and whose silence passes it when ``decision`` is `.rules`).
    public let rules: [String]
    public let decision: Decision
    public let scope: Scope
    /// IOSecKit types that provide the control; their use in app code is named in the report.
    public let kit: [String]
    /// What a person checks, and how: shown when the verdict is manual.
    public let check: String
    /// Rules that run only with `--production`.
    public let productionRules: Set<String>

    init(
        _ number: Int, _ title: String, from sources: String, kind: String, rules: [String] = [],
        decision: Decision, scope: Scope = .always, kit: [String] = [], productionRules: Set<String> = [],
        check: String
    ) {
        self.number = number
        self.title = title
        self.sources = sources
        self.kind = kind
        self.rules = rules
        self.decision = decision
        self.scope = scope
        self.kit = kit
        self.productionRules = productionRules
        self.check = check
    }
}

/// Consecutive items under one heading.
public struct ChecklistGroup: Sendable {
    public let title: String
    public let numbers: ClosedRange<Int>
}
