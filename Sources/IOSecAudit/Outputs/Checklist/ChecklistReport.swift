/// An item's verdict.
public enum ChecklistVerdict: String, Sendable, Codable, CaseIterable {
    /// The deciding rules ran and found nothing, or the app uses the IOSecKit building block that provides it.
    case pass
    /// Findings of the deciding rules.
    case fail
    /// The app does not do what the item is about (no web view, no Keychain, no associated domains).
    case notApplicable = "not-applicable"
    /// A person decides: what to check and how is in the item's `check`.
    case manual

    /// The short form reports print.
    public var label: String { self == .notApplicable ? "n/a" : rawValue }
}

/// Something the scan saw that backs a verdict: where a capability or an IOSecKit type is used, the associated
/// domains, a count of files.
public struct ChecklistEvidence: Sendable, Hashable, Codable {
    public var text: String
    public var file: String?
    public var line: Int?

    public init(_ text: String, file: String? = nil, line: Int? = nil) {
        self.text = text
        self.file = file
        self.line = line
    }

    /// `WKWebView (Web/OffersWebView.swift:12)`.
    public var description: String {
        guard let file else { return text }
        return "\(text) (\(file)\(line.map { ":\($0)" } ?? ""))"
    }
}

/// One item with its verdict and why.
public struct ChecklistEntry: Sendable {
    public var item: ChecklistItem
    public var verdict: ChecklistVerdict
    /// One sentence: which rules found nothing, what the app does not do, why a person must look.
    public var reason: String
    /// Active findings of the item's rules, in report order.
    public var findings: [Finding]
    public var evidence: [ChecklistEvidence]
}

/// The 52 items of the audit checklist answered from one scan.
public struct ChecklistReport: Sendable {
    /// The path that was scanned, as given.
    public var root: String
    /// In item order.
    public var entries: [ChecklistEntry]
    /// Active findings of rules no item names (weak cryptography, the keyboard cache…), in report order.
    public var outsideTheChecklist: [Finding]
    /// Files that could not be read: a pass is only as good as what was read.
    public var diagnostics: Int

    public func count(_ verdict: ChecklistVerdict) -> Int { entries.filter { $0.verdict == verdict }.count }

    /// "31 pass · 6 fail · 4 n/a · 11 manual".
    public var verdictLine: String {
        [ChecklistVerdict.pass, .fail, .notApplicable, .manual].map { "\(count($0)) \($0.label)" }
            .joined(separator: " · ")
    }

    /// Whether any item fails: `iosec checklist` then exits 1.
    public var fails: Bool { entries.contains { $0.verdict == .fail } }

    public func entry(_ number: Int) -> ChecklistEntry? { entries.first { $0.item.number == number } }
}

extension Checklist {
    /// Answers every item from a scan's active findings and its inventory (facts, file kinds, rules that ran).
    public static func evaluate(_ result: ScanResult) -> ChecklistReport {
        let byRule = Dictionary(grouping: result.activeFindings, by: \.ruleId)
        let facts = ChecklistFacts(result.inventory)
        let entries = items.map { evaluate($0, findings: byRule, facts: facts) }
        let named = Set(items.flatMap(\.rules))
        let outside = result.activeFindings.filter { !named.contains($0.ruleId) }.sorted(by: Finding.reportOrder)
        return ChecklistReport(
            root: result.root, entries: entries, outsideTheChecklist: outside, diagnostics: result.diagnostics.count)
    }

    static func evaluate(
        _ item: ChecklistItem, findings byRule: [String: [Finding]], facts: ChecklistFacts
    ) -> ChecklistEntry {
        let kitUses = facts.kitUses(item.kit)
        var entry = ChecklistEntry(item: item, verdict: .manual, reason: "", findings: [], evidence: kitUses)
        // A finding proves the item applies, whatever the facts say.
        entry.findings = item.rules.flatMap { byRule[$0] ?? [] }.sorted(by: Finding.reportOrder)
        if !entry.findings.isEmpty {
            let rules = Set(entry.findings.map(\.ruleId)).sorted()
            let count = entry.findings.count
            entry.verdict = .fail
            entry.reason = "\(count) finding\(count == 1 ? "" : "s") of \(rules.joined(separator: ", "))"
            return entry
        }
        switch facts.scope(item.scope) {
        case .notApplicable(let reason):
            entry.verdict = .notApplicable
            entry.reason = reason
            entry.evidence = []
            return entry
        case .unseen(let reason):
            entry.verdict = .manual
            entry.reason = reason
            return entry
        case .applies(let seen):
            // `SecurePasteboard` shows both the capability and the IOSecKit use: name the place once.
            entry.evidence =
                seen + kitUses.filter { kit in !seen.contains { $0.file == kit.file && $0.line == kit.line } }
        }

        let ran = item.rules.filter { facts.ran($0, production: item.productionRules.contains($0)) }
        let notRun = item.rules.filter { !ran.contains($0) }
        let silence = ran.isEmpty ? nil : "\(ran.joined(separator: ", ")) found nothing"
        switch item.decision {
        case .rules where notRun.isEmpty:
            entry.verdict = .pass
            entry.reason = silence ?? ""
        case .rules:
            entry.verdict = .manual
            entry.reason = notRun.map { rule in
                item.productionRules.contains(rule) && !facts.production
                    ? "\(rule) runs only with --production" : "\(rule) did not run in this scan"
            }.joined(separator: "; ")
        case .kit where !kitUses.isEmpty:
            entry.verdict = .pass
            let uses = "uses IOSecKit's " + kitUses.map(\.text.kitName).joined(separator: ", ")
            entry.reason = [silence, uses].compactMap { $0 }.joined(separator: "; ")
        case .kit:
            entry.verdict = .manual
            let offer = "IOSecKit's \(item.kit.joined(separator: " / ")) not used"
            entry.reason = [silence, offer].compactMap { $0 }.joined(separator: "; ") + ": a person checks"
        case .person:
            entry.verdict = .manual
            let who = item.kind == "live" ? "checked on the live server, not in the source" : "a person checks"
            entry.reason = [silence, who].compactMap { $0 }.joined(separator: "; ")
        }
        return entry
    }
}

extension String {
    /// `SessionStore` from the evidence text `IOSecKit SessionStore`.
    fileprivate var kitName: String { hasPrefix("IOSecKit ") ? String(dropFirst(9)) : self }
}

/// The facts the checklist asks about, looked up once per scan.
struct ChecklistFacts {
    enum ScopeAnswer {
        case applies([ChecklistEvidence])
        case notApplicable(String)
        /// It may apply, but what decides it is not in the scanned folder.
        case unseen(String)
    }

    let inventory: ScanInventory
    var production: Bool { inventory.production }
    /// First use of each capability in the project.
    private let capabilities: [AppCapability: Fact]
    /// First use of each IOSecKit type.
    private let kit: [String: Fact]
    /// Associated domains, without service prefix or mode, sorted.
    let domains: [String]
    private let domainFact: Fact?

    init(_ inventory: ScanInventory) {
        self.inventory = inventory
        var capabilities: [AppCapability: Fact] = [:]
        for fact in inventory.facts(FactKind.capability) {
            let name = FactKind.fields(fact.value, count: 2)[0]
            if let capability = AppCapability(rawValue: name), capabilities[capability] == nil {
                capabilities[capability] = fact
            }
        }
        // URLSession and https:// endpoints are already recorded for network.pinning-missing.
        if capabilities[.network] == nil {
            capabilities[.network] =
                (inventory.facts(FactKind.urlSession) + inventory.facts(FactKind.httpsLiteral))
                .sorted(by: ScanInventory.factOrder).first
        }
        self.capabilities = capabilities
        var kit: [String: Fact] = [:]
        for fact in inventory.facts(FactKind.iosecKitAPI) where kit[fact.value] == nil { kit[fact.value] = fact }
        self.kit = kit
        let entries = inventory.facts(FactKind.associatedDomain)
        // Point at a release-looking entry: debug entitlements (`?mode=developer`) sort first as often as not.
        domainFact =
            entries.first { !$0.value.contains("?mode=") } ?? entries.first
            ?? inventory.facts(FactKind.associatedDomainsKey).first
        domains = Set(entries.compactMap { Self.domain(of: $0.value) }).sorted()
    }

    /// `acme.example.com` from `webcredentials:acme.example.com?mode=developer`.
    static func domain(of entry: String) -> String? {
        guard let colon = entry.firstIndex(of: ":") else { return nil }
        let rest = entry[entry.index(after: colon)...].prefix { $0 != "?" }
        return rest.isEmpty ? nil : String(rest)
    }

    func ran(_ rule: String, production needsProduction: Bool) -> Bool {
        inventory.rulesRun.contains(rule) && (!needsProduction || inventory.production)
    }

    func kitUses(_ types: [String]) -> [ChecklistEvidence] {
        types.compactMap { type in
            kit[type].map { ChecklistEvidence("IOSecKit \(type)", file: $0.file, line: $0.line) }
        }
    }

    private func evidence(_ capability: AppCapability) -> ChecklistEvidence? {
        capabilities[capability].map { fact in
            let fields = FactKind.fields(fact.value, count: 2)
            let symbol = fields[1].isEmpty ? capability.rawValue : fields[1]
            return ChecklistEvidence("uses \(symbol)", file: fact.file, line: fact.line)
        }
    }

    private var associatedDomains: ChecklistEvidence? {
        guard let domainFact else { return nil }
        let text = domains.isEmpty ? "associated domains" : "associated domains: " + domains.joined(separator: ", ")
        return ChecklistEvidence(text, file: domainFact.file, line: domainFact.line)
    }

    private var associationFiles: ChecklistEvidence? {
        let count = inventory.count(of: .associationFile)
        guard count > 0 else { return nil }
        return ChecklistEvidence("\(count) apple-app-site-association file\(count == 1 ? "" : "s") in the project")
    }

    func scope(_ scope: ChecklistItem.Scope) -> ScopeAnswer {
        switch scope {
        case .always:
            return .applies([])
        case .capability(let capability):
            guard let seen = evidence(capability) else { return .notApplicable(capability.absence) }
            return .applies([seen])
        case .associatedDomains:
            let seen = [associatedDomains, associationFiles].compactMap { $0 }
            guard !seen.isEmpty else {
                return .notApplicable(
                    "no associated domains in the entitlements and no apple-app-site-association file")
            }
            return .applies(seen)
        case .associationFile:
            if let file = associationFiles { return .applies([file]) }
            guard let domains = associatedDomains else {
                return .notApplicable(
                    "no associated domains in the entitlements and no apple-app-site-association file")
            }
            return .unseen("\(domains.text), but their apple-app-site-association file is not in the scanned folder")
        case .passkeys:
            let passkey = inventory.facts(FactKind.passkeyAPI).first.map {
                ChecklistEvidence("uses \($0.value)", file: $0.file, line: $0.line)
            }
            // Where each ceremony starts, first in file order: registration, assertion, account creation, signals.
            var ceremonies: [String: ChecklistEvidence] = [:]
            for fact in inventory.facts(FactKind.passkeyCeremony) where ceremonies[fact.value] == nil {
                ceremonies[fact.value] = ChecklistEvidence("passkey \(fact.value)", file: fact.file, line: fact.line)
            }
            let started = ["registration", "assertion", "account creation", "signals"].compactMap { ceremonies[$0] }
            let seen = [passkey].compactMap { $0 } + started + [associatedDomains].compactMap { $0 }
            guard !seen.isEmpty else { return .notApplicable("no passkey API and no associated domains") }
            return .applies(seen)
        case .buildSettings:
            let count =
                inventory.count(of: .pbxproj) + inventory.count(of: .xcconfig) + inventory.count(of: .entitlements)
                + inventory.count(of: .machO)
            guard count > 0 else {
                return .unseen("no project.pbxproj, .xcconfig or .entitlements file in the scanned folder")
            }
            return .applies([ChecklistEvidence("\(count) build-settings, entitlements and binary files read")])
        case .infoPlist:
            guard inventory.count(of: .infoPlist) > 0 else { return .unseen("no Info.plist in the scanned folder") }
            return .applies([])
        case .builtApp:
            let binaries = inventory.count(of: .machO)
            guard binaries > 0 else {
                return .unseen(
                    "the scan read source, not a build: run `iosec checklist` on the .ipa, .app or .xcarchive")
            }
            let files = "\(binaries) Mach-O file\(binaries == 1 ? "" : "s")"
            return .applies([ChecklistEvidence("\(files) of the built app read")])
        }
    }
}
