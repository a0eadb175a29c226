import SwiftSyntax

/// `network.tls-version`: a minimum (or maximum) TLS version below 1.2 on URLSession, Network.framework or
/// Secure Transport.
struct TLSVersionRule: SwiftRule {
    static let description = RuleDescription(
        id: "network.tls-version",
        title: "TLS version below 1.2 allowed",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-NETWORK-1",
        cwe: 326,
        rationale: """
            TLS 1.0 and 1.1 (and every SSL version) rely on broken constructions (CBC with predictable IVs, \
            MD5/SHA-1 in the handshake) and were deprecated by RFC 8996. Allowing them lets an active attacker \
            negotiate the connection down and attack the weaker protocol. App Transport Security already requires \
            TLS 1.2, so a lower minimum only ever weakens the connection.
            """,
        fix: "Leave the default, or set the minimum to TLS 1.2 or 1.3.",
        fixExample: """
            let configuration = URLSessionConfiguration.default
            configuration.tlsMinimumSupportedProtocolVersion = .TLSv12
            """,
        triggeringExamples: [
            RuleExample(
                """
                NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
                configuration.TLSMinimumSupportedProtocol = ↓kTLSProtocol1;
                sec_protocol_options_set_min_tls_protocol_version(options, ↓tls_protocol_version_TLSv10);
                """, path: "App/Net.m"),
            RuleExample(
                """
                let configuration = URLSessionConfiguration.ephemeral
                configuration.tlsMinimumSupportedProtocolVersion = ↓.TLSv10
                """),
            RuleExample("config.TLSMinimumSupportedProtocol = ↓SSLProtocol.tlsProtocol11"),
            RuleExample(
                """
                let tls = NWProtocolTLS.Options()
                sec_protocol_options_set_min_tls_protocol_version(tls.securityProtocolOptions, ↓.TLSv11)
                """),
            RuleExample("sessionConfiguration.tlsMaximumSupportedProtocolVersion = ↓tls_protocol_version_t.TLSv10")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                configuration.TLSMinimumSupportedProtocol = kTLSProtocol12;
                sec_protocol_options_set_min_tls_protocol_version(options, tls_protocol_version_TLSv12);
                if (configuration.TLSMinimumSupportedProtocol == kTLSProtocol1) { [self upgrade]; }
                """, path: "App/Net.m"),
            RuleExample("configuration.tlsMinimumSupportedProtocolVersion = .TLSv12"),
            RuleExample(
                """
                let tls = NWProtocolTLS.Options()
                sec_protocol_options_set_min_tls_protocol_version(tls.securityProtocolOptions, .TLSv13)
                """),
            RuleExample(
                """
                // Analytics: record what the server negotiated.
                func label(for version: tls_protocol_version_t) -> String {
                    switch version {
                    case .TLSv10, .TLSv11: return "legacy"
                    default: return "modern"
                    }
                }
                let isLegacy = negotiated == .TLSv10
                """)
        ]
    )

    static var calleeNames: Set<String>? { functions }
    static var assignedNames: Set<String>? { settings }

    static let settings: Set<String> = [
        "tlsMinimumSupportedProtocolVersion", "tlsMaximumSupportedProtocolVersion",
        "TLSMinimumSupportedProtocol", "TLSMaximumSupportedProtocol", "tlsMinimumSupportedProtocol",
        "tlsMaximumSupportedProtocol"
    ]
    static let functions: Set<String> = [
        "sec_protocol_options_set_min_tls_protocol_version", "sec_protocol_options_set_max_tls_protocol_version",
        "sec_protocol_options_set_tls_min_version", "sec_protocol_options_set_tls_max_version",
        "SSLSetProtocolVersionMin", "SSLSetProtocolVersionMax"
    ]
    /// Versions below TLS 1.2, as `tls_protocol_version_t` and `SSLProtocol` spell them.
    static let weakVersions: [String: String] = [
        "TLSv10": "TLS 1.0", "TLSv11": "TLS 1.1", "DTLSv10": "DTLS 1.0",
        "tlsProtocol1": "TLS 1.0", "tlsProtocol10": "TLS 1.0", "tlsProtocol11": "TLS 1.1",
        "tlsProtocol1Only": "TLS 1.0",
        "sslProtocol2": "SSL 2", "sslProtocol3": "SSL 3", "sslProtocol3Only": "SSL 3", "sslProtocolAll": "SSL 3",
        "dtlsProtocol1": "DTLS 1.0",
        "kTLSProtocol1": "TLS 1.0", "kTLSProtocol11": "TLS 1.1", "kTLSProtocol1Only": "TLS 1.0",
        "kSSLProtocol2": "SSL 2", "kSSLProtocol3": "SSL 3", "kSSLProtocol3Only": "SSL 3", "kSSLProtocolAll": "SSL 3",
        "kDTLSProtocol1": "DTLS 1.0"
    ]

    mutating func visit(_ seq: SequenceExprSyntax, in file: SwiftFile) {
        guard let assignment = seq.simpleAssignment, let setting = assignment.target.lastName,
            Self.settings.contains(setting)
        else { return }
        check(assignment.value, setting: setting, in: file)
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName, Self.functions.contains(name),
            let value = call.arguments.last?.expression
        else { return }
        check(value, setting: name, in: file)
    }

    private func check(_ value: ExprSyntax, setting: String, in file: SwiftFile) {
        // A constant one name away: `let legacy = tls_protocol_version_t.TLSv10; config.… = legacy`.
        let resolved =
            value.unwrapped.is(DeclReferenceExprSyntax.self) ? (LocalValue.origin(of: value) ?? value) : value
        guard let name = resolved.lastName, let version = Self.weakVersions[name] else { return }
        let isMaximum = setting.lowercased().contains("max")
        report(
            file, at: value,
            isMaximum
                ? "\(setting) caps connections at \(version), below TLS 1.2; remove the cap"
                : "\(setting) allows \(version), below TLS 1.2; require .TLSv12 or later")
    }
}
