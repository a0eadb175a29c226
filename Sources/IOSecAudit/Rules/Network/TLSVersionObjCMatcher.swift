/// `network.tls-version` in Objective-C and C: `configuration.TLSMinimumSupportedProtocol = kTLSProtocol1;`,
/// `sec_protocol_options_set_min_tls_protocol_version(options, tls_protocol_version_TLSv10)`, `SSLSetProtocolVersionMin`.
enum TLSVersionObjCMatcher: ObjCRule {
    static var description: RuleDescription { TLSVersionRule.description }

    static let requiredNames: Set<String>? = TLSVersionRule.settings.union(TLSVersionRule.functions)

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for (setting, value) in versions(
            in: source, settings: TLSVersionRule.settings, functions: TLSVersionRule.functions)
        {
            check(value, setting: setting, source, file)
        }
    }

    /// Each `x.<setting> = value;` and `<function>(…, value)` of the file: the setting's name and the value.
    static func versions(
        in source: ObjCSource, settings: Set<String>, functions: Set<String>
    ) -> [(setting: String, value: Range<Int>)] {
        var out: [(String, Range<Int>)] = []
        for assignment in source.assignments() {
            guard let setting = source.lastIdentifier(in: assignment.target), settings.contains(setting) else {
                continue
            }
            out.append((setting, assignment.value))
        }
        for call in source.calls where functions.contains(call.name) {
            if let value = call.arguments.last { out.append((call.name, value)) }
        }
        return out
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
