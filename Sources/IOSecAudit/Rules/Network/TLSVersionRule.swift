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
        owasp: OWASPReference(
            "MASWE-0026", beta: "MASWE-0050",
            mastg: ["MASTG-TEST-0342", "MASTG-TEST-0343", "MASTG-TEST-0344", "MASTG-TEST-0345", "MASTG-TEST-0348"],
            .close),
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
            // Chosen by the caller of a helper, returned by a policy, or the default of a property in its type.
            RuleExample(
                """
                struct LegacyBackend { var floor = tls_protocol_version_t.TLSv11 }
                enum FloorPolicy { static func forPrinters() -> tls_protocol_version_t { .TLSv10 } }
                final class Sessions {
                    private func raise(_ configuration: URLSessionConfiguration, to floor: tls_protocol_version_t) {
                        configuration.tlsMinimumSupportedProtocolVersion = floor
                    }
                    func scanners(_ configuration: URLSessionConfiguration) { raise(configuration, to: ↓.TLSv11) }
                    func reports(_ configuration: URLSessionConfiguration) { raise(configuration, to: .TLSv13) }
                    func printers(_ configuration: URLSessionConfiguration) {
                        configuration.tlsMinimumSupportedProtocolVersion = ↓FloorPolicy.forPrinters()
                    }
                    func legacy(_ configuration: URLSessionConfiguration) {
                        let backend = LegacyBackend()
                        configuration.tlsMinimumSupportedProtocolVersion = ↓backend.floor
                    }
                }
                """),
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
            // The property is raised before use; the policy returns TLS 1.3.
            RuleExample(
                """
                struct TunableBackend { var floor = tls_protocol_version_t.TLSv10 }
                enum FloorPolicy { static func forPayments() -> tls_protocol_version_t { .TLSv13 } }
                func configure(_ configuration: URLSessionConfiguration) {
                    var backend = TunableBackend()
                    backend.floor = .TLSv12
                    configuration.tlsMinimumSupportedProtocolVersion = backend.floor
                    configuration.tlsMinimumSupportedProtocolVersion = FloorPolicy.forPayments()
                }
                """),
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

    static let subscription = Subscription(
        calls: .named(functions),
        assignments: settings)

    static let settings: Set<String> = [
        "tlsMinimumSupportedProtocolVersion", "tlsMaximumSupportedProtocolVersion",
        "TLSMinimumSupportedProtocol", "TLSMaximumSupportedProtocol", "tlsMinimumSupportedProtocol",
        "tlsMaximumSupportedProtocol", "TLSMinimumSupportedProtocolVersion", "TLSMaximumSupportedProtocolVersion"
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
        if let (setting, value) = Self.version(setIn: seq, among: Self.settings) {
            check(value, setting: setting, in: file)
        }
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        if let (setting, value) = Self.version(passedTo: call, among: Self.functions) {
            check(value, setting: setting, in: file)
        }
    }

    /// `configuration.<setting> = value` for one of `settings`: the setting's name and the value.
    static func version(setIn seq: SequenceExprSyntax, among settings: Set<String>) -> (String, ExprSyntax)? {
        guard let assignment = seq.simpleAssignment, let setting = assignment.target.lastName,
            settings.contains(setting)
        else { return nil }
        return (setting, assignment.value)
    }

    /// `<function>(…, value)` for one of `functions`: the function's name and its last argument.
    static func version(passedTo call: FunctionCallExprSyntax, among functions: Set<String>) -> (String, ExprSyntax)? {
        guard let name = call.calledName, functions.contains(name), let value = call.arguments.last?.expression
        else { return nil }
        return (name, value)
    }

    private func check(_ value: ExprSyntax, setting: String, in file: SwiftFile) {
        for (at, version) in Self.chosenVersions(of: value, in: file, among: Self.weakVersions) {
            let isMaximum = setting.lowercased().contains("max")
            report(
                file, at: at,
                isMaximum
                    ? "\(setting) caps connections at \(version), below TLS 1.2; remove the cap"
                    : "\(setting) allows \(version), below TLS 1.2; require .TLSv12 or later")
        }
    }

    /// Where the version set to `value` is chosen, and which of `versions` it is: `value` itself, or, for a
    /// helper's parameter (`raise(config, to: .TLSv11)`), each argument its callers pass (the finding belongs where
    /// a caller chooses). Shared with `network.tls-max-version`, which asks about other versions.
    static func chosenVersions(
        of value: ExprSyntax, in file: SwiftFile, among versions: [String: String]
    ) -> [(at: ExprSyntax, version: String)] {
        var places = [value]
        if let ref = value.unwrapped.as(DeclReferenceExprSyntax.self), LocalValue.origin(of: value) == nil,
            let (parameter, function) = ValuePath.parameter(named: ref.baseName.text, near: ref)
        {
            places = Array(ValuePath.arguments(passedTo: parameter, ofFunctionNamed: function, in: file).prefix(16))
        }
        return places.compactMap { place in
            version(of: place, in: file, among: versions, depth: 0).map { (place, $0) }
        }
    }

    /// The version of `versions` that `value` stands for: written there, or one step away in this file — a local's initializer
    /// (`let legacy = .TLSv10`), what callers pass for a parameter (`raise(config, to: .TLSv11)`), what a function
    /// without parameters returns (`Policy.forPrinters()`), a property set earlier in the function
    /// (`backend.floor = .TLSv10`) or the default of the property in its type.
    private static func version(
        of value: ExprSyntax, in file: SwiftFile, among versions: [String: String], depth: Int
    ) -> String? {
        let e = value.unwrapped
        if let name = e.lastName, let version = versions[name] { return version }
        guard depth < 3 else { return nil }
        var next: [ExprSyntax] = []
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            if let origin = LocalValue.origin(of: e) {
                next.append(origin)
            } else if let (parameter, function) = ValuePath.parameter(named: ref.baseName.text, near: ref) {
                next += ValuePath.arguments(passedTo: parameter, ofFunctionNamed: function, in: file).prefix(8)
            }
        } else if let call = e.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, let name = call.calledName {
            next += ValuePath.returnedValues(ofFunctionNamed: name, in: file).prefix(4)
        } else if let member = e.as(MemberAccessExprSyntax.self), let base = member.base {
            next += memberValues(member.declName.baseName.text, of: base, before: member, in: file)
        }
        for candidate in next {
            if let version = version(of: candidate, in: file, among: versions, depth: depth + 1) { return version }
        }
        return nil
    }

    /// `backend.floor`: the last `backend.floor = …` before `use` in its function, else the initial value of
    /// `floor` in the type `backend` was declared or made as, when this file declares it.
    private static func memberValues(
        _ property: String, of base: ExprSyntax, before use: some SyntaxProtocol, in file: SwiftFile
    ) -> [ExprSyntax] {
        let owner = base.trimmedDescription
        if let body = use.enclosingFunction?.body {
            let assigned = SyntaxSearch.all(SequenceExprSyntax.self, in: body) {
                $0.position < use.position
                    && $0.simpleAssignment.map {
                        $0.target.lastName == property && $0.target.trimmedDescription == "\(owner).\(property)"
                    } == true
            }
            if let last = assigned.last?.simpleAssignment?.value { return [last] }
        }
        guard let type = Sensitivity.declaredType(of: base), file.contains(type) else { return [] }
        let declarations = SyntaxSearch.all(VariableDeclSyntax.self, in: file.tree) { decl in
            decl.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == property }
                && (decl.enclosingTypeDecl?.as(StructDeclSyntax.self)?.name.text == type
                    || decl.enclosingTypeDecl?.as(ClassDeclSyntax.self)?.name.text == type)
        }
        return declarations.flatMap { $0.bindings.compactMap { $0.initializer?.value } }
    }
}
