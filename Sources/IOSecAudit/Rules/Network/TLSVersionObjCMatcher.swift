/// `network.tls-version` in Objective-C and C: `configuration.TLSMinimumSupportedProtocol = kTLSProtocol1;`,
/// `sec_protocol_options_set_min_tls_protocol_version(options, tls_protocol_version_TLSv10)`, `SSLSetProtocolVersionMin`.
enum TLSVersionObjCMatcher: ObjCRule {
    static var description: RuleDescription { TLSVersionRule.description }

    static let requiredNames: Set<String>? = TLSVersionRule.settings.union(TLSVersionRule.functions)

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for assignment in source.assignments() {
            guard let setting = source.lastIdentifier(in: assignment.target), TLSVersionRule.settings.contains(setting)
            else { continue }
            check(assignment.value, setting: setting, source, file)
        }
        for call in source.calls where TLSVersionRule.functions.contains(call.name) {
            guard let value = call.arguments.last else { continue }
            check(value, setting: call.name, source, file)
        }
    }

    private static func check(_ value: Range<Int>, setting: String, _ source: ObjCSource, _ file: ArtifactFile) {
        guard let name = source.lastIdentifier(in: value),
            let version = TLSVersionRule.weakVersions[versionKey(name)]
        else { return }
        let isMaximum = setting.lowercased().contains("max")
        report(
            file, source, at: value.lowerBound,
            isMaximum
                ? "\(setting) caps connections at \(version), below TLS 1.2; remove the cap"
                : "\(setting) allows \(version), below TLS 1.2; require TLS 1.2 or later")
    }

    /// C spells the tls_protocol_version_t cases with a prefix: `tls_protocol_version_TLSv10` → `TLSv10`.
    static func versionKey(_ name: String) -> String {
        name.hasPrefix("tls_protocol_version_") ? String(name.dropFirst("tls_protocol_version_".count)) : name
    }
}
