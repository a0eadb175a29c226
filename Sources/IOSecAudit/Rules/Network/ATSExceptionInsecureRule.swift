import IOSecCore

/// `network.ats-exception-insecure`: an `NSExceptionDomains` entry that lets one domain use plain HTTP, TLS
/// below 1.2 or no forward secrecy.
struct ATSExceptionInsecureRule: ArtifactRule {
    static let fileKinds: Set<FileKind> = [.infoPlist]

    static let description = RuleDescription(
        id: "network.ats-exception-insecure",
        title: "App Transport Security exception weakens a domain",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-NETWORK-1",
        cwe: 319,
        owasp: OWASPReference("MASWE-0026", beta: "MASWE-0050", mastg: ["MASTG-TEST-0322", "MASTG-TEST-0342"], .exact),
        rationale: """
            A per-domain App Transport Security exception is narrower than switching ATS off, but for that domain it \
            is the same hole: `NSExceptionAllowsInsecureHTTPLoads` allows plain HTTP, `NSExceptionMinimumTLSVersion` \
            below TLSv1.2 allows protocol versions with known attacks, and `NSExceptionRequiresForwardSecrecy` false \
            allows cipher suites whose recorded traffic can be decrypted later once the server key leaks. The \
            third-party and legacy `NSTemporary…` spellings behave the same. Local names (`localhost`, `.local`, \
            private addresses) are not reported: ATS does not protect them anyway. Each domain's exception is one \
            finding, at its first weakened key, naming the others.
            """,
        fix:
            "Fix the server (HTTPS with TLS 1.2+ and ECDHE suites) and remove the exception; until then keep it to the one host, without NSIncludesSubdomains.",
        fixExample: """
            <key>NSExceptionDomains</key>
            <dict>
                <key>rates.example.com</key>
                <dict>
                    <!-- HTTPS only; TLS 1.2 is the ATS default, so no version key is needed. -->
                    <key>NSIncludesSubdomains</key>
                    <false/>
                </dict>
            </dict>
            """,
        triggeringExamples: [
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        <key>NSExceptionDomains</key>
                        <dict>
                            <key>rates.acme-fx.net</key>
                            <dict>
                                ↓<key>NSExceptionAllowsInsecureHTTPLoads</key>
                                <true/>
                                <key>NSExceptionMinimumTLSVersion</key>
                                <string>TLSv1.0</string>
                            </dict>
                        </dict>
                    </dict>
                </dict>
                </plist>
                """, path: "App/Info.plist",
                findings: [
                    FindingSpec(
                        message:
                            "may be reached over plain HTTP, readable and changeable on the network; the same exception also sets NSExceptionMinimumTLSVersion TLSv1.0 (TLS below 1.2)"
                    )
                ]),
            // The third-party spelling is the same exception.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        <key>NSExceptionDomains</key>
                        <dict>
                            <key>cdn.adnetwork.example</key>
                            <dict>
                                <key>NSIncludesSubdomains</key>
                                <true/>
                                ↓<key>NSThirdPartyExceptionAllowsInsecureHTTPLoads</key>
                                <true/>
                            </dict>
                        </dict>
                    </dict>
                </dict>
                </plist>
                """, path: "App/Info.plist"),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        <key>NSExceptionDomains</key>
                        <dict>
                            <key>legacy-payments.acme.com</key>
                            <dict>
                                ↓<key>NSExceptionRequiresForwardSecrecy</key>
                                <false/>
                                <key>NSTemporaryExceptionMinimumTLSVersion</key>
                                <string>TLSv1.1</string>
                            </dict>
                        </dict>
                    </dict>
                </dict>
                </plist>
                """, path: "Payments/Payments-Info.plist")
        ],
        nonTriggeringExamples: [
            // Local development servers: ATS does not apply to them.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        <key>NSAllowsLocalNetworking</key>
                        <true/>
                        <key>NSExceptionDomains</key>
                        <dict>
                            <key>localhost</key>
                            <dict>
                                <key>NSExceptionAllowsInsecureHTTPLoads</key>
                                <true/>
                            </dict>
                            <key>printer.local</key>
                            <dict>
                                <key>NSExceptionAllowsInsecureHTTPLoads</key>
                                <true/>
                            </dict>
                            <key>192.168.1.20</key>
                            <dict>
                                <key>NSExceptionAllowsInsecureHTTPLoads</key>
                                <true/>
                            </dict>
                        </dict>
                    </dict>
                </dict>
                </plist>
                """, path: "App/Info.plist"),
            // Exceptions that keep (or tighten) the defaults.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        <key>NSExceptionDomains</key>
                        <dict>
                            <key>api.acme.com</key>
                            <dict>
                                <key>NSIncludesSubdomains</key>
                                <true/>
                                <key>NSExceptionAllowsInsecureHTTPLoads</key>
                                <false/>
                                <key>NSExceptionMinimumTLSVersion</key>
                                <string>TLSv1.3</string>
                                <key>NSExceptionRequiresForwardSecrecy</key>
                                <true/>
                                <key>NSRequiresCertificateTransparency</key>
                                <true/>
                            </dict>
                        </dict>
                    </dict>
                </dict>
                </plist>
                """, path: "App/Info.plist"),
            // Pinning is not an exception.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        <key>NSPinnedDomains</key>
                        <dict>
                            <key>api.acme.com</key>
                            <dict>
                                <key>NSPinnedCAIdentities</key>
                                <array>
                                    <dict>
                                        <key>SPKI-SHA256-BASE64</key>
                                        <string>r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=</string>
                                    </dict>
                                </array>
                            </dict>
                        </dict>
                    </dict>
                </dict>
                </plist>
                """, path: "App/Info.plist")
        ]
    )

    static func check(_ file: ArtifactFile) {
        guard let ats = CollectorSupport.transportSecurity(file) else { return }
        // One finding per domain, at its first weakened key: each further key of the same exception is a clause.
        var order: [String] = []
        var weakenings: [String: [(line: Int?, full: String, short: String)]] = [:]
        for fact in ats.facts {
            let domain: String
            let full: String
            let short: String
            switch fact.kind {
            case .insecureHTTPLoads(let name, let subdomains, let local) where !local:
                let scope = subdomains ? "\(name) and all its subdomains" : name
                domain = name
                full = """
                    \(key(fact)) is true: \(scope) may be reached over plain HTTP, readable and changeable on the \
                    network
                    """
                short = "\(key(fact)) true (plain HTTP)"
            case .minimumTLSBelow12(let name, let version, let local) where !local:
                domain = name
                full = """
                    \(key(fact)) is \(version) for \(name): TLS below 1.2 is deprecated and allows downgrade \
                    attacks; require TLSv1.2 (the default) or TLSv1.3
                    """
                short = "\(key(fact)) \(version) (TLS below 1.2)"
            case .forwardSecrecyDisabled(let name, let local) where !local:
                domain = name
                full = """
                    \(key(fact)) is false for \(name): connections may use cipher suites without forward \
                    secrecy (and shorter keys), so recorded traffic can be decrypted if the server key leaks
                    """
                short = "\(key(fact)) false (no forward secrecy)"
            default:
                continue
            }
            if weakenings[domain] == nil { order.append(domain) }
            weakenings[domain, default: []].append((fact.line, full, short))
        }
        for domain in order {
            guard let first = weakenings[domain]?.first, let rest = weakenings[domain]?.dropFirst() else { continue }
            let also = rest.isEmpty ? "" : "; the same exception also sets " + rest.map(\.short).joined(separator: ", ")
            file.report(description, atLineStart: first.line, message: first.full + also)
            // The project pass asks whether the app's code names the domain at all.
            file.record(kind: FactKind.atsWeakenedDomain, value: domain, line: first.line ?? 1)
        }
    }

    /// The key's own name, from the end of its path.
    private static func key(_ fact: ATSEvaluation.Fact) -> String {
        String(fact.keyPath.split(separator: ".").last ?? "")
    }
}
