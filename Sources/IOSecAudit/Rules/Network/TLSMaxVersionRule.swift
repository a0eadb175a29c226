import SwiftSyntax

/// `network.tls-max-version`: a TLS maximum pinned at 1.2 on URLSession or Network.framework, which gives up TLS 1.3
/// and with it the quantum-secure key exchange iOS 26 offers. A maximum below 1.2 is `network.tls-version`'s.
struct TLSMaxVersionRule: SwiftRule {
    static let description = RuleDescription(
        id: "network.tls-max-version",
        title: "TLS maximum pinned below 1.3",
        severity: .low,
        confidence: .high,
        masvs: "MASVS-NETWORK-1",
        cwe: 327, owasp: OWASPReference("MASWE-0026", beta: "MASWE-0050", mastg: [], .related),
        outsideChecklist: "a TLS 1.2 ceiling meets item 10 (TLS 1.2+); giving up TLS 1.3 has no item of its own",
        rationale: """
            URLSession and Network.framework negotiate TLS 1.3 whenever the server offers it, and since iOS 26 their \
            TLS 1.3 handshake offers a hybrid quantum-secure key exchange (X25519MLKEM768; Apple support article \
            122756), which keeps recorded traffic safe from decryption by a future quantum computer. A maximum set \
            to TLS 1.2 — often left from a workaround for one old server — gives up both for every connection of \
            the session, and the handshake of TLS 1.2 exposes more (the server certificate in clear, no \
            downgrade protection beyond its own). Secure Transport cannot speak TLS 1.3 at all, so its maximum is \
            not reported here.
            """,
        fix:
            "Remove the maximum (the system negotiates the highest version both sides support), or limit it only for the one legacy host that needs it.",
        fixExample: """
            let configuration = URLSessionConfiguration.default
            configuration.tlsMinimumSupportedProtocolVersion = .TLSv12
            // no tlsMaximumSupportedProtocolVersion: TLS 1.3 and its quantum-secure key exchange where offered
            """,
        triggeringExamples: [
            RuleExample(
                """
                let configuration = URLSessionConfiguration.ephemeral
                configuration.tlsMaximumSupportedProtocolVersion = ↓.TLSv12
                """),
            RuleExample(
                """
                func makeParameters() -> NWParameters {
                    let tls = NWProtocolTLS.Options()
                    let ceiling = tls_protocol_version_t.TLSv12
                    sec_protocol_options_set_max_tls_protocol_version(tls.securityProtocolOptions, ↓ceiling)
                    return NWParameters(tls: tls)
                }
                """),
            RuleExample(
                """
                NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
                configuration.TLSMaximumSupportedProtocolVersion = ↓tls_protocol_version_TLSv12;
                sec_protocol_options_set_max_tls_protocol_version(options, ↓tls_protocol_version_TLSv12);
                """, path: "App/Networking/ACMTransport.m")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                configuration.tlsMaximumSupportedProtocolVersion = .TLSv13
                configuration.tlsMinimumSupportedProtocolVersion = .TLSv12
                """),
            // Below 1.2 is `network.tls-version`'s; Secure Transport never speaks TLS 1.3.
            RuleExample(
                """
                configuration.tlsMaximumSupportedProtocolVersion = .TLSv11
                SSLSetProtocolVersionMax(context, .tlsProtocol12)
                """),
            RuleExample(
                """
                // What the server negotiated, for diagnostics.
                let negotiated = sec_protocol_metadata_get_negotiated_tls_protocol_version(metadata)
                let isTLS12 = negotiated == .TLSv12
                """),
            RuleExample(
                """
                configuration.TLSMaximumSupportedProtocolVersion = tls_protocol_version_TLSv13;
                SSLSetProtocolVersionMax(context, kTLSProtocol12);
                """, path: "App/Networking/ACMTransport.m")
        ]
    )

    static let subscription = Subscription(
        calls: .named(functions),
        assignments: settings)

    /// The maximums of URLSession and Network.framework, which can negotiate TLS 1.3.
    static let settings: Set<String> = [
        "tlsMaximumSupportedProtocolVersion", "TLSMaximumSupportedProtocolVersion", "TLSMaximumSupportedProtocol",
        "tlsMaximumSupportedProtocol"
    ]
    static let functions: Set<String> = [
        "sec_protocol_options_set_max_tls_protocol_version", "sec_protocol_options_set_tls_max_version"
    ]
    /// TLS 1.2 (and DTLS 1.2), as `tls_protocol_version_t` and `SSLProtocol` spell them.
    static let cappedVersions: [String: String] = [
        "TLSv12": "TLS 1.2", "DTLSv12": "DTLS 1.2", "tlsProtocol12": "TLS 1.2", "dtlsProtocol12": "DTLS 1.2",
        "kTLSProtocol12": "TLS 1.2", "kDTLSProtocol12": "DTLS 1.2"
    ]

    static func message(setting: String, version: String) -> String {
        "\(setting) caps connections at \(version): no TLS 1.3, and none of the quantum-secure key exchange iOS 26 offers with it; remove the cap"
    }

    mutating func visit(_ seq: SequenceExprSyntax, in file: SwiftFile) {
        if let (setting, value) = TLSVersionRule.version(setIn: seq, among: Self.settings) {
            check(value, setting: setting, in: file)
        }
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        if let (setting, value) = TLSVersionRule.version(passedTo: call, among: Self.functions) {
            check(value, setting: setting, in: file)
        }
    }

    private func check(_ value: ExprSyntax, setting: String, in file: SwiftFile) {
        for (at, version) in TLSVersionRule.chosenVersions(of: value, in: file, among: Self.cappedVersions) {
            report(file, at: at, Self.message(setting: setting, version: version))
        }
    }
}
