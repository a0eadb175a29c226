/// `auth.biometric-no-fallback` in Objective-C: `evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics`
/// in a file that never offers `LAPolicyDeviceOwnerAuthentication` nor handles `LAErrorUserFallback`.
enum BiometricNoFallbackObjCMatcher: ObjCRule {
    static var description: RuleDescription { BiometricNoFallbackRule.description }

    static let requiredNames: Set<String>? = ["LAPolicyDeviceOwnerAuthenticationWithBiometrics"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        guard source.mentions("LAPolicyDeviceOwnerAuthenticationWithBiometrics"),
            !source.mentions("LAPolicyDeviceOwnerAuthentication"), !source.mentions("LAErrorUserFallback")
        else { return }
        for send in source.sends where send.selector.hasPrefix("evaluatePolicy:") {
            guard let policy = send.parts.first?.argument,
                source.identifiers(in: policy) == ["LAPolicyDeviceOwnerAuthenticationWithBiometrics"]
            else { continue }
            report(
                file, source, at: policy.lowerBound,
                "biometric-only evaluation with no passcode fallback; use LAPolicyDeviceOwnerAuthentication or handle LAErrorUserFallback"
            )
        }
    }
}
