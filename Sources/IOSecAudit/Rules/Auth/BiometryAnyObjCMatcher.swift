import IOSecCore

/// `auth.biometry-any` in Objective-C and C: `SecAccessControlCreateWithFlags` with `kSecAccessControlBiometryAny`,
/// `kSecAccessControlTouchIDAny` or `kSecAccessControlUserPresence` (directly or in a local), and no current-set flag.
enum BiometryAnyObjCMatcher: ObjCRule {
    static var description: RuleDescription { BiometryAnyRule.description }

    static let weakFlags: [String: String] = [
        "kSecAccessControlBiometryAny":
            "kSecAccessControlBiometryAny keeps working after someone enrols a new face or finger",
        "kSecAccessControlTouchIDAny": "kSecAccessControlTouchIDAny keeps working after someone enrols a new finger",
        "kSecAccessControlUserPresence":
            "kSecAccessControlUserPresence accepts the device passcode alone, and any enrolled biometry"
    ]

    static let requiredNames: Set<String>? = ["SecAccessControlCreateWithFlags"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for call in source.calls where call.name == "SecAccessControlCreateWithFlags" && call.arguments.count >= 3 {
            let argument = source.trimmedExpression(call.arguments[2])
            var flags = argument
            if flags.count == 1, source.isIdentifier(flags.lowerBound),
                let value = source.declaredValue(of: source.text(flags.lowerBound), before: flags.lowerBound)
            {
                flags = value
            }
            let names = source.identifiers(in: flags)
            guard !names.contains(where: { $0.hasSuffix("CurrentSet") }),
                let weak = names.lazy.compactMap({ weakFlags[$0] }).first
            else { continue }
            report(
                file, source, at: argument.lowerBound,
                "\(weak); use kSecAccessControlBiometryCurrentSet for high-value items")
        }
    }
}
