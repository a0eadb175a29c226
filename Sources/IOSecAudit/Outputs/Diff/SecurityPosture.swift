/// What a scan says about an app's security posture, in the terms `iosec diff` compares two builds in: identity and
/// signing, entitlements, App Transport Security, URL schemes, associated domains, privacy-manifest declarations,
/// hardening per Mach-O, embedded frameworks with versions, and the findings.
///
/// Paths inside a built app are taken relative to its bundle, with the main executable called `(app)`, so two builds
/// of the same app (or an app and its rebuilt twin under another name) line up.
public struct SecurityPosture: Sendable {
    /// `bundle id`, `version`, `minimum iOS`, `team`, `profile`, `profile expires`, `encrypted`.
    public var identity: [String: String] = [:]
    /// `file: key` → value, for every entitlements file of a project, or the signed entitlements of each executable.
    public var entitlements: [String: String] = [:]
    /// What App Transport Security lets out in cleartext: `arbitrary loads`, `http://domain` (`…and subdomains`).
    public var cleartext: Set<String> = []
    public var urlSchemes: Set<String> = []
    public var associatedDomains: Set<String> = []
    /// Required-reason category → the reasons declared, per manifest (`file: category`).
    public var privacyDeclarations: [String: String] = [:]
    /// Binary → its hardening (`PIE`, `encrypted`, languages).
    public var hardening: [String: String] = [:]
    /// Framework → version (or `?`).
    public var frameworks: [String: String] = [:]
    /// Findings by a fingerprint of rule, place and source line (relative paths), with the finding.
    public var findings: [String: Finding] = [:]

    public init(_ result: ScanResult) {
        let bundle = result.appSummary?.bundlePath.map { $0 + "/" }
        let main = result.appSummary?.binaries.first { $0.role == .appExecutable }?.path
        func place(_ path: String) -> String {
            if let main, path == main { return "(app)" }
            if let bundle, path.hasPrefix(bundle) { return String(path.dropFirst(bundle.count)) }
            return path
        }
        if let app = result.appSummary {
            identity["bundle id"] = app.bundleID
            identity["version"] = [app.version, app.build.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
            identity["minimum iOS"] = app.minimumOS
            identity["team"] = app.teamID
            identity["profile"] =
                app.profile.map { [$0.kind, $0.name].compactMap { $0 }.joined(separator: ", ") } ?? "none"
            identity["profile expires"] = app.profile?.expires
            identity["encrypted"] = app.encrypted ? "yes" : "no"
            for binary in app.binaries {
                var traits = [binary.pie ? "PIE" : "not PIE"]
                if binary.encrypted { traits.append("encrypted") }
                traits.append(
                    [binary.hasSwift ? "Swift" : nil, binary.hasObjectiveC ? "Objective-C" : nil]
                        .compactMap { $0 }.joined(separator: " and "))
                hardening[place(binary.path)] = traits.filter { !$0.isEmpty }.joined(separator: ", ")
            }
            for framework in app.frameworks { frameworks[framework] = app.frameworkVersions[framework] ?? "?" }
        }
        for fact in result.inventory.facts {
            switch fact.kind {
            case FactKind.entitlement:
                let fields = FactKind.fields(fact.value, count: 2)
                entitlements["\(place(fact.file)): \(fields[0])"] = fields[1]
            case FactKind.atsCleartextAllowed:
                let fields = FactKind.fields(fact.value, count: 2)
                cleartext.insert(
                    fields[0] == "*"
                        ? "arbitrary loads" : "http://\(fields[0])" + (fields[1] == "sub" ? " and subdomains" : ""))
            case FactKind.urlScheme: urlSchemes.insert(fact.value)
            case FactKind.associatedDomain: associatedDomains.insert(fact.value)
            case FactKind.privacyManifestCategory:
                let fields = FactKind.fields(fact.value, count: 2)
                privacyDeclarations["\(place(fact.file)): \(fields[0])"] = fields[1]
            default: break
            }
        }
        var relative = result.activeFindings
        for index in relative.indices { relative[index].file = place(relative[index].file) }
        for (finding, key) in zip(relative, FindingFingerprint.of(relative)) { findings[key] = finding }
    }
}

/// One difference between two postures.
public struct PostureChange: Sendable, Hashable, Codable {
    public enum Direction: String, Sendable, Codable {
        /// Weaker than before: a new finding, a cleartext domain, a debug entitlement, hardening lost.
        case worse
        /// Stronger: a fixed finding, an exception removed, hardening gained.
        case better
        /// Neither by itself: review it (a new entitlement, URL scheme, framework, version).
        case review
    }

    public var area: String
    public var item: String
    public var before: String?
    public var after: String?
    public var direction: Direction

    /// `added`, `removed` or `changed`.
    public var kind: String { before == nil ? "added" : after == nil ? "removed" : "changed" }
}

/// The security differences between two scans (`iosec diff OLD NEW`).
public struct PostureDiff: Sendable {
    public let old: String
    public let new: String
    public private(set) var changes: [PostureChange] = []
    /// Set when the two inputs are not builds of one app (different bundle identifiers).
    public private(set) var unrelated: String?

    /// Whether the new build is weaker anywhere.
    public var isRegression: Bool { changes.contains { $0.direction == .worse } }

    public static let areas = [
        "identity", "entitlements", "App Transport Security", "URL schemes", "associated domains",
        "privacy manifests", "hardening", "frameworks", "findings"
    ]

    public init(old: String, new: String, before: SecurityPosture, after: SecurityPosture) {
        self.old = old
        self.new = new
        if let a = before.identity["bundle id"], let b = after.identity["bundle id"], a != b {
            unrelated = "the two inputs are different apps (\(a) and \(b)): every difference is listed all the same"
        }
        compare("identity", before.identity, after.identity) { item, _, after in
            item == "profile" && after.map { $0.hasPrefix("development") || $0.hasPrefix("enterprise") } == true
                ? .worse : .review
        }
        compare("entitlements", before.entitlements, after.entitlements) { item, _, after in
            item.hasSuffix(": get-task-allow") ? (after == "true" ? .worse : .better) : .review
        }
        compareSets("App Transport Security", before.cleartext, after.cleartext, added: .worse, removed: .better)
        compareSets("URL schemes", before.urlSchemes, after.urlSchemes, added: .review, removed: .review)
        compareSets(
            "associated domains", before.associatedDomains, after.associatedDomains, added: .review, removed: .review)
        compare("privacy manifests", before.privacyDeclarations, after.privacyDeclarations) { _, _, _ in .review }
        compare("hardening", before.hardening, after.hardening) { _, before, after in
            let lost = before?.contains("not PIE") == false && after?.contains("not PIE") == true
            let gained = before?.contains("not PIE") == true && after?.contains("not PIE") == false
            return lost ? .worse : gained ? .better : .review
        }
        compare("frameworks", before.frameworks, after.frameworks) { _, _, _ in .review }
        // New findings first, then fixed ones; each by severity, then place.
        let keys = Set(before.findings.keys).symmetricDifference(after.findings.keys).sorted { a, b in
            let x = after.findings[a] ?? before.findings[a]!, y = after.findings[b] ?? before.findings[b]!
            let xNew = after.findings[a] != nil, yNew = after.findings[b] != nil
            if xNew != yNew { return xNew }
            if x.severity != y.severity { return x.severity > y.severity }
            return Finding.reportOrder(x, y)
        }
        for key in keys {
            let was = before.findings[key], now = after.findings[key]
            guard let finding = now ?? was else { continue }
            let text =
                "\(finding.severity.rawValue) \(finding.ruleId) \(finding.file):\(finding.line) — \(finding.message)"
            changes.append(
                PostureChange(
                    area: "findings", item: finding.ruleId, before: was.map { _ in text }, after: now.map { _ in text },
                    direction: now == nil ? .better : finding.severity == .info ? .review : .worse))
        }
    }

    private mutating func compare(
        _ area: String, _ before: [String: String], _ after: [String: String],
        direction: (String, String?, String?) -> PostureChange.Direction
    ) {
        for item in Set(before.keys).union(after.keys).sorted() where before[item] != after[item] {
            changes.append(
                PostureChange(
                    area: area, item: item, before: before[item], after: after[item],
                    direction: direction(item, before[item], after[item])))
        }
    }

    private mutating func compareSets(
        _ area: String, _ before: Set<String>, _ after: Set<String>, added: PostureChange.Direction,
        removed: PostureChange.Direction
    ) {
        for item in after.subtracting(before).sorted() {
            changes.append(PostureChange(area: area, item: item, before: nil, after: item, direction: added))
        }
        for item in before.subtracting(after).sorted() {
            changes.append(PostureChange(area: area, item: item, before: item, after: nil, direction: removed))
        }
    }
}
