import Foundation
import IOSecCore

/// `binary.entitlements-profile-mismatch`: an executable signed with an entitlement, or an entitlement value, that
/// its bundle's embedded provisioning profile does not grant. Xcode never signs that way; a re-signed or tampered
/// build does, and on a device the app is refused or the capability does not work.
enum EntitlementsProfileMismatchRule: BinaryRule {
    static let description = RuleDescription(
        id: "binary.entitlements-profile-mismatch",
        title: "Signed entitlements not granted by the provisioning profile",
        severity: .low,
        confidence: .medium,
        masvs: "MASVS-RESILIENCE-2",
        cwe: 345, owasp: OWASPReference("MASWE-0056", beta: "MASWE-0104", mastg: [], .related),
        outsideChecklist: "how a build is signed has no item of its own",
        rationale: """
            iOS checks the entitlements in an app's code signature against the embedded provisioning profile: each \
            one must be granted there (the profile may use wildcards such as TEAMID.* or *). An entitlement the \
            profile does not grant means the build was re-signed by hand or modified after Xcode signed it: \
            installation fails, or the capability (push environment, keychain groups, associated domains) silently \
            does not work. get-task-allow is left to binary.debug-entitlement.
            """,
        fix:
            "Sign with the profile that grants the app's capabilities (Xcode's automatic signing does), or regenerate the profile after enabling the capability in the developer portal.",
        fixExample: """
            # Compare what the build is signed with to what its profile grants
            codesign -d --entitlements :- Payload/App.app
            security cms -D -i Payload/App.app/embedded.mobileprovision | plutil -extract Entitlements xml1 -o - -
            """,
        triggeringExamples: [], nonTriggeringExamples: [])

    /// Left to other rules (get-task-allow) or not granted through the profile.
    static let ignoredKeys: Set<String> = ["get-task-allow"]

    static func check(_ binary: BinaryFile) {
        guard let granted = binary.profileEntitlements else { return }
        for slice in binary.machO.slices {
            guard let xml = slice.codeSignature?.entitlementsXML,
                let signed = (try? PropertyListParser.parse(Data(xml)))?.root.dictionary
            else { continue }
            let missing = signed.entries.filter { entry in
                !ignoredKeys.contains(entry.key) && !grants(granted[entry.key], entry.value)
            }
            guard !missing.isEmpty else { continue }
            let names = missing.map(\.key)
            binary.report(
                description, evidence: "\(slice.architecture.name): not in the profile: \(BinaryFile.list(names))",
                message:
                    "\(binary.name) is signed with \(BinaryFile.list(names)) that its embedded profile does not grant: the build was re-signed or modified after signing, and iOS refuses it or the capability fails"
            )
            return
        }
    }

    /// Whether the profile's value allows the signed one: equal, or matched by a wildcard (`*`, `TEAMID.*`), element
    /// by element for arrays. A Boolean the profile grants as true allows false too.
    static func grants(_ profile: PropertyListValue?, _ signed: PropertyListValue) -> Bool {
        guard let profile else { return false }
        switch (profile, signed) {
        case (.bool(let allowed), .bool(let value)): return allowed || !value
        case (.string(let pattern), .string(let value)): return matches(pattern, value)
        case (.array(let patterns), .array(let values)):
            let allowed = patterns.elements.compactMap { $0.value.string }
            return values.elements.allSatisfy { element in
                guard let value = element.value.string else { return patterns.elements.contains(element) }
                return allowed.contains { matches($0, value) }
            }
        case (.array(let patterns), .string(let value)):
            return patterns.elements.compactMap { $0.value.string }.contains { matches($0, value) }
        case (.string(let pattern), .array(let values)):
            return values.elements.allSatisfy { $0.value.string.map { matches(pattern, $0) } ?? false }
        default: return profile == signed
        }
    }

    static func matches(_ pattern: String, _ value: String) -> Bool {
        if pattern == value || pattern == "*" { return true }
        if pattern.hasSuffix("*") { return value.hasPrefix(pattern.dropLast()) }
        return false
    }
}
