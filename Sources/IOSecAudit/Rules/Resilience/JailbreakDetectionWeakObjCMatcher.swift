/// `resilience.jailbreak-detection-weak` in Objective-C and C: jailbreak detection that is only well-known paths
/// and URL schemes (`fileExistsAtPath:@"/Applications/Cydia.app"`, `canOpenURL:` of `cydia://`, `stat`/`fopen` of
/// them), with no other signal in the file. One finding per file, at the first check.
enum JailbreakDetectionWeakObjCMatcher: ObjCRule {
    static var description: RuleDescription { JailbreakDetectionWeakRule.description }

    /// Signals beyond paths: loaded images, a sandbox-escape write, fork, environment variables, sysctl.
    static let otherSignals: Set<String> = [
        "_dyld_image_count", "_dyld_get_image_name", "fork", "getenv", "sysctl", "writeToFile"
    ]

    /// The first byte of each marker (`/`, `c` of `cydia://`, …): most literals start with none of them.
    private static let markerStarts = Set(JailbreakDetectionWeakRule.markers.compactMap(\.utf8.first))

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        guard !otherSignals.contains(where: source.mentions) else { return }
        let first = source.tokens.indices.first { index in
            // Strings only, before the markers are tried: most tokens are not.
            let token = source.tokens[index]
            guard token.kind == .string || token.kind == .objcString else { return false }
            let open = token.start + (token.kind == .objcString ? 2 : 1)
            guard open < token.end, markerStarts.contains(source.bytes[open]) else { return false }
            return JailbreakDetectionWeakRule.markers.contains { source.stringToken(index, hasPrefix: $0) }
        }
        guard let first else { return }
        report(
            file, source, at: first,
            "jailbreak detection rests on well-known paths or URL schemes, which bypass tools hide with one hook; combine independent signals and do not rely on it to protect data"
        )
    }
}
