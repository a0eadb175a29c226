/// Typed facts about an Info.plist `NSAppTransportSecurity` dictionary, ready for rules to turn
/// into findings. Only documented keys are interpreted (APPLE.md C.2); values must be real plist
/// booleans / strings (string "NO" is *not* false — the mistake MobSF makes the other way round).
///
/// ```swift
/// let info = try PropertyListParser.parse(data).requireDictionaryRoot()
/// if let entry = info.entry("NSAppTransportSecurity") {
///     let ats = ATSEvaluation.evaluate(entry.value, line: entry.keyLine)
///     for fact in ats.facts { print(fact.keyPath, fact.line ?? 0, fact.kind) }
/// }
/// ```
public struct ATSEvaluation: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `NSAllowsArbitraryLoads` true. `ignoredOnModernOS` when a key that makes iOS 10+ ignore it
        /// is present (`ignoringKeys`); then it only affects iOS 9.
        case arbitraryLoads(ignoredOnModernOS: Bool, ignoringKeys: [String])
        case arbitraryLoadsInWebContent
        case arbitraryLoadsForMedia
        case localNetworking
        /// `NS(ThirdParty|Temporary…)ExceptionAllowsInsecureHTTPLoads` true for a domain.
        case insecureHTTPLoads(domain: String, includesSubdomains: Bool, isLocal: Bool)
        /// `…MinimumTLSVersion` below TLSv1.2.
        case minimumTLSBelow12(domain: String, version: String, isLocal: Bool)
        /// `…RequiresForwardSecrecy` false (also drops the key-length check).
        case forwardSecrecyDisabled(domain: String, isLocal: Bool)
        /// `NSPinnedDomains` with a domain entry; `hasPins` false when neither identity array holds a pin.
        case pinnedDomain(domain: String, hasPins: Bool)
        /// A key with the wrong plist type; ATS reads it as absent [verify: exact runtime behaviour].
        case wrongType(key: String, expected: String, found: String)
        /// A TLS version string that ATS does not know.
        case unknownTLSVersion(domain: String, value: String)
    }

    public struct Fact: Sendable, Equatable {
        public let kind: Kind
        /// e.g. `NSAppTransportSecurity.NSExceptionDomains.example.com.NSExceptionMinimumTLSVersion`.
        public let keyPath: String
        /// Line of the key in the plist (nil for binary plists).
        public let line: Int?
    }

    public let facts: [Fact]

    /// True when any domain other than local ones has insecure HTTP, weak TLS or no forward secrecy,
    /// or arbitrary loads are effective.
    public var weakensTransportSecurity: Bool {
        facts.contains { f in
            switch f.kind {
            case .arbitraryLoads(let ignored, _): return !ignored
            case .insecureHTTPLoads(_, _, let local), .minimumTLSBelow12(_, _, let local),
                .forwardSecrecyDisabled(_, let local):
                return !local
            default: return false
            }
        }
    }

    public var hasPinnedDomains: Bool {
        facts.contains { if case .pinnedDomain = $0.kind { return true } else { return false } }
    }

    /// Keys whose presence, with any value, makes iOS 10+ ignore `NSAllowsArbitraryLoads`.
    public static let keysThatOverrideArbitraryLoads = [
        "NSAllowsArbitraryLoadsInWebContent", "NSAllowsArbitraryLoadsForMedia", "NSAllowsLocalNetworking"
    ]

    /// Evaluates the value of `NSAppTransportSecurity`; `line` is its key's line.
    public static func evaluate(_ value: PropertyListValue, line: Int? = nil) -> ATSEvaluation {
        let root = "NSAppTransportSecurity"
        guard let ats = value.dictionary else {
            return ATSEvaluation(facts: [
                Fact(
                    kind: .wrongType(key: root, expected: "dictionary", found: value.typeName), keyPath: root,
                    line: line)
            ])
        }
        var facts: [Fact] = []
        func bool(_ d: PropertyListDictionary, _ key: String, _ path: String) -> (value: Bool, line: Int?)? {
            guard let e = d.entry(key) else { return nil }
            guard let b = e.value.bool else {
                facts.append(
                    Fact(
                        kind: .wrongType(key: key, expected: "boolean", found: e.value.typeName),
                        keyPath: path + "." + key, line: e.keyLine))
                return nil
            }
            return (b, e.keyLine)
        }

        // In iOS 10+ the presence of NSAllowsArbitraryLoadsInWebContent (any value) makes ATS ignore
        // NSAllowsArbitraryLoads (Apple doc, verified). The same is documented for ForMedia and
        // LocalNetworking [verify], so they are listed too but named separately.
        let ignoringKeys = keysThatOverrideArbitraryLoads.filter { ats.entry($0) != nil }
        if let a = bool(ats, "NSAllowsArbitraryLoads", root), a.value {
            facts.append(
                Fact(
                    kind: .arbitraryLoads(ignoredOnModernOS: !ignoringKeys.isEmpty, ignoringKeys: ignoringKeys),
                    keyPath: root + ".NSAllowsArbitraryLoads", line: a.line))
        }
        if let w = bool(ats, "NSAllowsArbitraryLoadsInWebContent", root), w.value {
            facts.append(
                Fact(
                    kind: .arbitraryLoadsInWebContent, keyPath: root + ".NSAllowsArbitraryLoadsInWebContent",
                    line: w.line))
        }
        if let m = bool(ats, "NSAllowsArbitraryLoadsForMedia", root), m.value {
            facts.append(
                Fact(kind: .arbitraryLoadsForMedia, keyPath: root + ".NSAllowsArbitraryLoadsForMedia", line: m.line))
        }
        if let l = bool(ats, "NSAllowsLocalNetworking", root), l.value {
            facts.append(Fact(kind: .localNetworking, keyPath: root + ".NSAllowsLocalNetworking", line: l.line))
        }

        if let e = ats.entry("NSExceptionDomains") {
            let base = root + ".NSExceptionDomains"
            if let domains = e.value.dictionary {
                for d in domains.entries {
                    let path = base + "." + d.key
                    guard let settings = d.value.dictionary else {
                        facts.append(
                            Fact(
                                kind: .wrongType(key: d.key, expected: "dictionary", found: d.value.typeName),
                                keyPath: path, line: d.keyLine))
                        continue
                    }
                    let local = isLocalHost(d.key)
                    let subdomains = bool(settings, "NSIncludesSubdomains", path)?.value ?? false
                    // First-party, third-party and legacy temporary spellings behave identically (forum 18966).
                    for prefix in [
                        "NSException", "NSThirdPartyException", "NSTemporaryException", "NSTemporaryThirdPartyException"
                    ] {
                        if let h = bool(settings, prefix + "AllowsInsecureHTTPLoads", path), h.value {
                            facts.append(
                                Fact(
                                    kind: .insecureHTTPLoads(
                                        domain: d.key, includesSubdomains: subdomains, isLocal: local),
                                    keyPath: path + "." + prefix + "AllowsInsecureHTTPLoads", line: h.line))
                        }
                        let tlsKey = prefix + "MinimumTLSVersion"
                        if let t = settings.entry(tlsKey) {
                            if let s = t.value.string {
                                switch s {
                                case "TLSv1.0", "TLSv1.1":
                                    facts.append(
                                        Fact(
                                            kind: .minimumTLSBelow12(domain: d.key, version: s, isLocal: local),
                                            keyPath: path + "." + tlsKey, line: t.keyLine))
                                case "TLSv1.2", "TLSv1.3":
                                    break
                                default:
                                    facts.append(
                                        Fact(
                                            kind: .unknownTLSVersion(domain: d.key, value: s),
                                            keyPath: path + "." + tlsKey, line: t.keyLine))
                                }
                            } else {
                                facts.append(
                                    Fact(
                                        kind: .wrongType(key: tlsKey, expected: "string", found: t.value.typeName),
                                        keyPath: path + "." + tlsKey, line: t.keyLine))
                            }
                        }
                        if let f = bool(settings, prefix + "RequiresForwardSecrecy", path), !f.value {
                            facts.append(
                                Fact(
                                    kind: .forwardSecrecyDisabled(domain: d.key, isLocal: local),
                                    keyPath: path + "." + prefix + "RequiresForwardSecrecy", line: f.line))
                        }
                    }
                }
            } else {
                facts.append(
                    Fact(
                        kind: .wrongType(key: "NSExceptionDomains", expected: "dictionary", found: e.value.typeName),
                        keyPath: base, line: e.keyLine))
            }
        }

        if let e = ats.entry("NSPinnedDomains") {
            let base = root + ".NSPinnedDomains"
            if let domains = e.value.dictionary {
                for d in domains.entries {
                    let settings = d.value.dictionary
                    let pins = ["NSPinnedCAIdentities", "NSPinnedLeafIdentities"].reduce(0) { n, key in
                        n
                            + (settings?[key]?.array?.values.filter {
                                $0["SPKI-SHA256-BASE64"]?.string?.isEmpty == false
                            }.count ?? 0)
                    }
                    facts.append(
                        Fact(
                            kind: .pinnedDomain(domain: d.key, hasPins: pins > 0), keyPath: base + "." + d.key,
                            line: d.keyLine))
                }
            } else {
                facts.append(
                    Fact(
                        kind: .wrongType(key: "NSPinnedDomains", expected: "dictionary", found: e.value.typeName),
                        keyPath: base, line: e.keyLine))
            }
        }
        return ATSEvaluation(facts: facts)
    }

    /// localhost, loopback and link-local addresses, unqualified names and `.local` — names ATS does
    /// not apply to anyway, so exceptions for them are not findings.
    public static func isLocalHost(_ domain: String) -> Bool {
        let d = domain.lowercased()
        if d == "localhost" || d.hasSuffix(".localhost") || d.hasSuffix(".local") || d == "::1" || d == "[::1]" {
            return true
        }
        if d.hasPrefix("127.") || d.hasPrefix("10.") || d.hasPrefix("192.168.") || d.hasPrefix("169.254.") {
            return true
        }
        if d.hasPrefix("172."), let second = d.split(separator: ".").dropFirst().first.flatMap({ Int($0) }),
            (16...31).contains(second)
        {
            return true
        }
        return !d.contains(".") && !d.contains(":")
    }
}
