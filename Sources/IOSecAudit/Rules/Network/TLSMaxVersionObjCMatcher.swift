/// `network.tls-max-version` in Objective-C and C: `configuration.TLSMaximumSupportedProtocolVersion =
/// tls_protocol_version_TLSv12;`, `sec_protocol_options_set_max_tls_protocol_version(options, tls_protocol_version_TLSv12)`.
enum TLSMaxVersionObjCMatcher: ObjCRule {
    static var description: RuleDescription { TLSMaxVersionRule.description }

    static let requiredNames: Set<String>? = TLSMaxVersionRule.settings.union(TLSMaxVersionRule.functions)

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        let found = TLSVersionObjCMatcher.versions(
            in: source, settings: TLSMaxVersionRule.settings, functions: TLSMaxVersionRule.functions)
        for (setting, value) in found { check(value, setting: setting, source, file) }
    }

    private static func check(_ value: Range<Int>, setting: String, _ source: ObjCSource, _ file: ArtifactFile) {
        guard let name = source.lastIdentifier(in: value),
            let version = TLSMaxVersionRule.cappedVersions[TLSVersionObjCMatcher.versionKey(name)]
        else { return }
        report(file, source, at: value.lowerBound, TLSMaxVersionRule.message(setting: setting, version: version))
    }
}
