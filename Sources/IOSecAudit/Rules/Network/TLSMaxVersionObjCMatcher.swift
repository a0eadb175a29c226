/// `network.tls-max-version` in Objective-C and C: `configuration.TLSMaximumSupportedProtocolVersion =
/// tls_protocol_version_TLSv12;`, `sec_protocol_options_set_max_tls_protocol_version(options, tls_protocol_version_TLSv12)`.
enum TLSMaxVersionObjCMatcher: ObjCRule {
    static var description: RuleDescription { TLSMaxVersionRule.description }

    static let requiredNames: Set<String>? = TLSMaxVersionRule.settings.union(TLSMaxVersionRule.functions)

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for assignment in source.assignments() {
            guard let setting = source.lastIdentifier(in: assignment.target),
                TLSMaxVersionRule.settings.contains(setting)
            else { continue }
            check(assignment.value, setting: setting, source, file)
        }
        for call in source.calls where TLSMaxVersionRule.functions.contains(call.name) {
            guard let value = call.arguments.last else { continue }
            check(value, setting: call.name, source, file)
        }
    }

    private static func check(_ value: Range<Int>, setting: String, _ source: ObjCSource, _ file: ArtifactFile) {
        guard let name = source.lastIdentifier(in: value),
            let version = TLSMaxVersionRule.cappedVersions[TLSVersionObjCMatcher.versionKey(name)]
        else { return }
        report(file, source, at: value.lowerBound, TLSMaxVersionRule.message(setting: setting, version: version))
    }
}
