import Foundation
import IOSecCore

/// `binary.provisioning-development`: the app carries a development or ad-hoc profile: a build for registered
/// test devices (and, for development, for debugging), not what ships. Enterprise profiles install on any device
/// of anyone holding the IPA: worth a note.
struct ProvisioningDevelopmentRule: ArtifactRule {
    static let description = RuleDescription(
        id: "binary.provisioning-development",
        title: "Build signed with a development, ad-hoc or enterprise profile",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-RESILIENCE-4",
        cwe: 489, owasp: OWASPReference("MASWE-0063", beta: "MASWE-0067", mastg: ["MASTG-TEST-0261"], .close),
        outsideChecklist: "how a build is signed has no item of its own",
        rationale: """
            A development profile allows debugging (get-task-allow) and the development push environment; an \
            ad-hoc profile lists the devices the build installs on. Either means this IPA is a test build: it may \
            carry debug settings and test endpoints, and it should not be what users or a store receive. An \
            enterprise (in-house) profile installs on any device without review, so the IPA itself is sensitive.
            """,
        fix: "Distribute store builds through App Store Connect (no embedded profile); keep test builds internal.",
        fixExample: """
            // ExportOptions.plist for a store build
            <key>method</key><string>app-store-connect</string>
            """,
        triggeringExamples: [], nonTriggeringExamples: [])

    static let fileKinds: Set<FileKind> = [.mobileProvision]

    static func check(_ file: ArtifactFile) {
        guard let profile = ProfileReading.profile(file) else { return }
        let name = profile.name.map { " \"\($0)\"" } ?? ""
        switch profile.kind {
        case .development:
            file.report(
                description, line: 1, snippet: ProfileReading.snippet(profile),
                message:
                    "signed with the development profile\(name)"
                    + (profile.getTaskAllow ? " (get-task-allow: debuggers can attach)" : "")
                    + ", for \(profile.provisionedDevices.count) registered devices: a test build, not a release")
        case .adHoc:
            file.report(
                description, line: 1, snippet: ProfileReading.snippet(profile),
                message:
                    "signed with the ad-hoc profile\(name) for \(profile.provisionedDevices.count) registered devices: a test build, not a store release"
            )
        case .enterprise:
            file.report(
                description, line: 1, snippet: ProfileReading.snippet(profile),
                message:
                    "signed with the enterprise profile\(name) (ProvisionsAllDevices): it installs on any device without App Review; keep the IPA private",
                severity: .info)
        case .appStore:
            break
        }
    }
}
