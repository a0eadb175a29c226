// What the rest of the project says about a finding one file gave: where it ships, whether anything reaches it,
// whether protection is set elsewhere. Each stage lowers a finding's confidence (or changes its context) and says
// why in its message; none removes one.

/// An Info.plist no target builds with ships in nothing: what is found in it (or anchored to it) is unreferenced.
struct OrphanedInfoPlistStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        let orphans = OrphanedInfoPlists(facts: scan.facts, files: scan.inputs.map { ($0.relativePath, $0.kind) })
        for index in state.findings.indices
        where state.findings[index].context == .app && orphans.contains(state.findings[index].file) {
            state.findings[index].context = .unreferenced
        }
    }
}

/// What the scanned Xcode projects' target membership says of a source file: one only test targets compile (a shared
/// test-utilities folder, a fixture beside the code) is test code, whatever its folder is called; one a target's
/// synchronized folder excepts and no target compiles is in no build. Only source files: a target's Info.plist is
/// excepted from its folder because it is read as the Info.plist, not copied.
struct TargetMembershipStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        guard scan.facts.contains(where: { $0.kind == FactKind.target }) else { return }
        let sources = Set(scan.inputs.filter { $0.kind == .swift || $0.kind == .objc }.map(\.relativePath))
        let facts = Dictionary(grouping: scan.facts, by: \.kind)
        let membership = TargetMembership(facts: { facts[$0] ?? [] })
        var verdicts: [String: CodeContext?] = [:]
        for index in state.findings.indices
        where state.findings[index].context == .app && sources.contains(state.findings[index].file) {
            let file = state.findings[index].file
            let verdict =
                verdicts[file]
                ?? (membership.isCompiledOnlyByTests(file)
                    ? .test : membership.isExcludedFromEveryTarget(file) ? .unreferenced : nil)
            verdicts[file] = verdict
            guard let context = verdict else { continue }
            state.findings[index].context = context
            state.findings[index].message +=
                context == .test
                ? "; only test targets of the Xcode project compile this file"
                : "; the Xcode project excepts this file from its target's folder, and no target compiles it"
        }
    }
}

/// An `http://` request to a host no app or extension of the scan lets cleartext go to is blocked by ATS: it fails
/// rather than going out readable, which is worth knowing, not acting on.
struct ATSBlockedCleartextStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        let ats = ATSCleartextPolicy(facts: scan.facts)
        state.lowerConfidence(of: { $0.ruleId == CleartextURLRule.description.id }) { finding in
            guard let host = CleartextURLRule.requestedHost(inMessage: finding.message),
                ats.allowsCleartext(to: host) == false
            else { return nil }
            return "ATS blocks it, since no Info.plist of the scan allows cleartext to '\(host)'"
        }
    }
}

/// An ATS exception for a domain the app's code never names serves a library outside the scan or an address learned
/// at run time; whether plain HTTP ever goes there cannot be told from the code.
struct UnnamedATSDomainStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        let id = ATSExceptionInsecureRule.description.id
        guard scan.options.seesWholeProject, scan.hasSource,
            state.findings.contains(where: { $0.ruleId == id && $0.confidence > .low })
        else { return }
        let domains = UnnamedATSDomains(facts: scan.facts, inputs: scan.inputs)
        state.lowerConfidence(of: { $0.ruleId == id }) { finding in
            domains.unnamedDomain(file: finding.file, line: finding.line).map {
                "nothing in the scanned code or configuration names '\($0)': the exception serves a library or an address learned at run time"
            }
        }
    }
}

/// A credential-named value of a property list the app opens, under a key its code never reads, grants nothing the
/// app does: a leftover, worth deleting from the repository and the bundle, not a key to revoke first.
struct UnreadPlistKeyStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        let id = HardcodedSecretRule.description.id
        guard scan.options.seesWholeProject, scan.hasSource,
            scan.facts.contains(where: { $0.kind == FactKind.plistSecretKey })
        else { return }
        let keys = UnreadPlistKeys(facts: scan.facts, inputs: scan.inputs)
        state.lowerConfidence(of: { $0.ruleId == id }) { finding in
            keys.unreadKey(file: finding.file, line: finding.line).map {
                "the app opens \($0.resource).plist but nothing in its code reads '\($0.key)'"
            }
        }
    }
}

/// A Core Data model nothing names is never loaded: its secret-named attributes reach no store.
struct UnusedCoreDataModelStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        guard scan.options.seesWholeProject, scan.hasSource,
            scan.facts.contains(where: { $0.kind == FactKind.coreDataSensitiveAttribute })
        else { return }
        let models = UnusedCoreDataModels(facts: scan.facts, inputs: scan.inputs)
        state.lowerConfidence(of: { $0.ruleId == DatabaseUnencryptedRule.description.id }) { finding in
            models.unusedModel(file: finding.file).map {
                "nothing in the scanned code names the model '\($0)' or these entities, so no store is made from it"
            }
        }
    }
}

/// A finding inside a function or property nothing else in the scan names runs only if something outside the code
/// calls it: worth knowing, not acting on first. Only a whole app's code says what nothing calls: a selection, a
/// folder of sources or a library's clients may call what the scan does not.
struct UnreferencedCodeStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        guard scan.options.seesWholeProject, scan.facts.contains(where: { $0.kind == FactKind.appInfoPlist }),
            state.findings.contains(where: { $0.confidence > .low })
        else { return }
        // Only the owners of findings this stage may lower are looked for.
        let asked = Set(
            state.findings.filter { $0.confidence > .low && UnreferencedDeclarations.appliesTo(ruleId: $0.ruleId) }
                .map { UnreferencedDeclarations.key($0.file, $0.line, $0.column) })
        guard !asked.isEmpty else { return }
        let unreferenced = UnreferencedDeclarations(facts: scan.facts, inputs: scan.inputs, findings: asked)
        state.lowerConfidence(of: { UnreferencedDeclarations.appliesTo(ruleId: $0.ruleId) }) { finding in
            unreferenced.unreferencedOwner(file: finding.file, line: finding.line, column: finding.column).map {
                "nothing outside tests calls '\($0)', the code it sits in"
            }
        }
    }
}

/// Objective-C or C compiled only when a project macro is true (`#if FEATURE_X`), where nothing in the scan sets
/// that macro (`UnsetMacros`), is in no build: a finding there is in code that does not ship.
struct UndefinedMacroStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        guard scan.options.seesWholeProject else { return }
        var regions: [String: [(macro: String, lines: ClosedRange<Int>)]] = [:]
        for fact in scan.facts where fact.kind == FactKind.objcMacroRegion {
            let fields = FactKind.fields(fact.value, count: 2)
            guard let last = Int(fields[1]), last >= fact.line else { continue }
            regions[fact.file, default: []].append((fields[0], fact.line...last))
        }
        guard !regions.isEmpty else { return }
        let unset = UnsetMacros.unset(Set(regions.values.flatMap { $0.map(\.macro) }), in: scan.inputs)
        guard !unset.isEmpty else { return }
        for index in state.findings.indices where state.findings[index].context == .app {
            let finding = state.findings[index]
            guard
                let region = regions[finding.file]?.first(where: {
                    unset.contains($0.macro) && $0.lines.contains(finding.line)
                })
            else { continue }
            state.findings[index].context = .unreferenced
            state.findings[index].message +=
                "; this code is compiled only when `\(region.macro)` is set (line \(region.lines.lowerBound)), and nothing in the scanned project sets it"
        }
    }
}

/// App Store Connect's checks of privacy manifests run on uploads to the App Store; a Mac app that updates itself
/// with Sparkle ships outside it (Developer ID), so a missing declaration costs that build nothing.
struct OutsideAppStoreStage: FindingStage {
    static let ruleIds: Set<String> = [
        RequiredReasonAPIRule.description.id, SDKPrivacyManifestMissingRule.description.id,
        FrameworkRequiredReasonRule.description.id
    ]

    func run(_ state: inout StageState, _ scan: StageInput) {
        var feeds: [String: Int] = [:]
        for fact in scan.facts where fact.kind == FactKind.sparkleUpdates { feeds[fact.file] = fact.line }
        guard !feeds.isEmpty else { return }
        state.lowerConfidence(of: { Self.ruleIds.contains($0.ruleId) }) { finding in
            feeds[finding.file].map {
                "this Mac app updates itself with Sparkle (SUFeedURL, line \($0)), which App Review does not allow, so it ships outside the App Store, where App Store Connect's privacy-manifest checks do not run"
            }
        }
    }
}

/// A project whose script-message handler reads the sending frame's origin before it acts takes messages only from
/// pages it trusts (its own server's, in the main frame): what a finding traces to a script message is what the app's
/// own web content sent, which could run that script itself.
struct ScriptMessageOriginStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        let checks = scan.facts.filter { $0.kind == FactKind.scriptMessageOriginCheck }
        guard let check = checks.min(by: { ($0.file, $0.line) < ($1.file, $1.line) }) else { return }
        state.lowerConfidence(of: { $0.flow.first?.note == UntrustedOrigin.scriptMessage }) { _ in
            "the project's script-message handler checks the origin of the sending frame (\(check.file):\(check.line)), so the message comes from a page the app trusts"
        }
    }
}

/// A shared Documents folder is a leak only if the app keeps something there: say what, or that the code shows
/// nothing of the kind.
struct DocumentsDataStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        let id = FileSharingRule.description.id
        guard let sharing = state.findings.indices.first(where: { state.findings[$0].ruleId == id }) else { return }
        let data = scan.facts.first { $0.kind == FactKind.documentsData }
        for index in state.findings.indices[sharing...] where state.findings[index].ruleId == id {
            if let data {
                state.findings[index].message +=
                    "; the code keeps \(DocumentsData.noun(data.value)) there (\(data.file):\(data.line))"
            } else if scan.hasSource, scan.options.seesWholeProject, state.findings[index].confidence > .low {
                state.findings[index].confidence = .low
                state.findings[index].message +=
                    "; nothing in the scanned code keeps a database, a log or a credential in Documents"
            }
        }
    }
}

/// A storyboard field of a class that turns secure entry on in its own code is secure after all.
struct SecureEntryClassStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        let secureClasses = SecureEntryClasses(facts: scan.facts)
        state.lowerConfidence(of: { $0.ruleId == KeyboardCacheRule.description.id }) { finding in
            secureClasses.securingClass(file: finding.file, line: finding.line).map {
                "its class '\($0)' turns secure entry on in code"
            }
        }
    }
}

/// Code that runs only below an iOS version every target of the scan deploys above (the `else` of `if
/// #available(iOS 13, *)` in an app that deploys to iOS 15) never runs on a device the app installs on.
struct BelowDeploymentTargetStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        let floors = scan.facts.filter { $0.kind == FactKind.belowOSVersion }
        guard !floors.isEmpty, let target = Self.lowestDeploymentTarget(scan.facts) else { return }
        var below: [String: String] = [:]
        for fact in floors { below[FactKind.join(fact.file, String(fact.line), String(fact.column))] = fact.value }
        for index in state.findings.indices
        where state.findings[index].context == .app && Self.appliesTo(ruleId: state.findings[index].ruleId) {
            let finding = state.findings[index]
            guard let floor = below[FactKind.join(finding.file, String(finding.line), String(finding.column))],
                OSVersion(floor) <= target.version
            else { continue }
            state.findings[index].context = .unreferenced
            state.findings[index].message +=
                "; this code runs only below iOS \(floor), and every target of the scan deploys to iOS \(target.text) or later"
        }
    }

    /// Whether code that never runs changes what a finding means: a secret or key is in the binary either way, and
    /// App Review rejects a binary that references `UIWebView` wherever the reference sits.
    static func appliesTo(ruleId: String) -> Bool {
        UnreferencedDeclarations.appliesTo(ruleId: ruleId) && ruleId != UIWebViewRule.description.id
    }

    /// The lowest `IPHONEOS_DEPLOYMENT_TARGET` any configuration of the scan's projects or xcconfig files sets.
    static func lowestDeploymentTarget(_ facts: [Fact]) -> (version: OSVersion, text: String)? {
        var lowest: (version: OSVersion, text: String)?
        for fact in facts where fact.kind == FactKind.buildSetting || fact.kind == FactKind.xcconfigSetting {
            let fields = FactKind.fields(fact.value, count: 3)
            guard fields[1] == BuildSettingsCollector.deploymentTargetKey,
                let first = fields[2].first, first.isNumber, fields[2].allSatisfy({ $0.isNumber || $0 == "." })
            else { continue }
            let version = OSVersion(fields[2])
            if lowest.map({ version < $0.version }) ?? true { lowest = (version, fields[2]) }
        }
        return lowest
    }
}

/// A library's default that holds unless the app calls a process-wide setter (`SAMKeychain.setAccessibilityType`):
/// when any Swift or Objective-C file of the scan calls it, what it sets is for the reader to check.
struct ConfiguredElsewhereStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        let facts = scan.facts.filter { $0.kind == FactKind.configuredElsewhere }
        guard !facts.isEmpty else { return }
        let setters = Set(facts.map(\.value))
        let uncalled = SourceMentions.mentionedFewer(
            than: 1, setters, in: scan.inputs, kinds: [.swift, .objc], wholeWords: true)
        var configured: [String: String] = [:]
        for fact in facts where !uncalled.contains(fact.value) {
            configured[FactKind.join(fact.file, String(fact.line), String(fact.column))] = fact.value
        }
        guard !configured.isEmpty else { return }
        state.lowerConfidence(of: { _ in true }) { finding in
            configured[FactKind.join(finding.file, String(finding.line), String(finding.column))].map {
                "the project calls \($0) elsewhere: check it sets a ThisDeviceOnly class"
            }
        }
    }
}

extension StageState {
    /// Lowers to low the confidence of each finding above low that `applies` takes and `reason` gives a reason for,
    /// and adds the reason to its message: the reader sees why.
    mutating func lowerConfidence(of applies: (Finding) -> Bool, because reason: (Finding) -> String?) {
        for index in findings.indices where findings[index].confidence > .low && applies(findings[index]) {
            guard let why = reason(findings[index]) else { continue }
            findings[index].confidence = .low
            findings[index].message += "; " + why
        }
    }
}

/// A `storage.log-sensitive` finding at a call of the project's own logging macro (`ALog(@"…", password)`,
/// `FactKind.objcLogMacroCall`) stands when a `#define` of the scan makes the macro log in release builds, and
/// names it; a macro that logs only in debug builds makes it debug-only; one that logs nothing, or that the scan does
/// not define, drops it (`LoggingMacros`). A name the rule knows (`NSLog`, `DDLogDebug`) that the scan defines again
/// is judged the same way (`FactKind.objcKnownLogCall`); not defined, it is the API it names. One at a send of a selector named for logging (`[self trace:token]`,
/// `FactKind.objcLogMethodCall`) stands when a method of the scan with that selector logs its argument
/// (`FactKind.objcLogMethod`), and names it.
struct LoggingMacroStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        var macroCalls: [String: String] = [:]
        var knownCalls: [String: String] = [:]
        var methodCalls: [String: String] = [:]
        var methods: [String: String] = [:]
        for fact in scan.facts {
            let place = FactKind.join(fact.file, String(fact.line))
            switch fact.kind {
            case FactKind.objcLogMacroCall: macroCalls[place] = fact.value
            case FactKind.objcKnownLogCall: knownCalls[place] = fact.value
            case FactKind.objcLogMethodCall: methodCalls[place] = fact.value
            case FactKind.objcLogMethod:
                let fields = FactKind.fields(fact.value, count: 2)
                methods[fields[0]] = methods[fields[0]] ?? "\(fields[1]) (\(fact.file):\(fact.line))"
            default: break
            }
        }
        guard !macroCalls.isEmpty || !knownCalls.isEmpty || !methodCalls.isEmpty else { return }
        let verdicts = LoggingMacros.verdicts(for: Set(macroCalls.values), in: scan.inputs)
        let knownVerdicts =
            knownCalls.isEmpty ? [:] : LoggingMacros.knownNameVerdicts(for: Set(knownCalls.values), in: scan.inputs)
        let rule = LogSensitiveRule.description.id
        state.findings = state.findings.compactMap { finding in
            guard finding.ruleId == rule else { return finding }
            let place = FactKind.join(finding.file, String(finding.line))
            var finding = finding
            if let selector = methodCalls[place] {
                guard let logging = methods[selector] else { return nil }
                finding.message += "; `\(selector)` logs it with \(logging)"
                return finding
            }
            // A known name the scan does not define, or defines to do something, is what the name says.
            if let known = knownCalls[place] {
                switch knownVerdicts[known] ?? .undefined {
                case .debugOnly:
                    guard finding.context == .app else { return finding }
                    finding.context = .debug
                    finding.severity = .low
                    finding.message += "; this project defines `\(known)` to log only in debug builds"
                    return finding
                case .silent: return nil
                case .logs, .undefined: return finding
                }
            }
            guard let macro = macroCalls[place] else { return finding }
            switch verdicts[macro] ?? .silent {
            case .logs(let function, let file, let line):
                finding.message += "; `\(macro)` logs it with \(function) (\(file):\(line))"
            case .debugOnly:
                guard finding.context == .app else { return finding }
                finding.context = .debug
                finding.severity = .low
                finding.message += "; `\(macro)` logs only in debug builds"
            case .silent, .undefined:
                return nil
            }
            return finding
        }
    }
}
