import Foundation
import IOSecCore

/// `binary.debug-entitlement`: `get-task-allow` true in the entitlements an app or extension was signed with, in a
/// build that is not signed for development: any process with the right to debug can attach to it and read its
/// memory. A development-profile or simulator build is allowed it (that build is reported as such instead).
enum DebugEntitlementRule: BinaryRule {
    static let description = RuleDescription(
        id: "binary.debug-entitlement",
        title: "Signed with get-task-allow outside a development build",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-RESILIENCE-4",
        cwe: 489, owasp: OWASPReference("MASWE-0063", beta: "MASWE-0067", mastg: ["MASTG-TEST-0261"], .exact),
        rationale: """
            get-task-allow lets a debugger attach to the app. Xcode adds it to development builds; an ad-hoc, \
            enterprise or App Store build signed with it can be attached to on a device, exposing its memory \
            (tokens, keys, decrypted data) and its logic. The code signature's entitlements are what the device \
            enforces, whatever the project files say.
            """,
        fix: "Export with an App Store, ad-hoc or enterprise method so the distribution profile's entitlements apply.",
        fixExample: """
            // ExportOptions.plist
            <key>method</key><string>app-store-connect</string>
            // and no get-task-allow = true in the entitlements file of the Release configuration
            """,
        triggeringExamples: [], nonTriggeringExamples: [])

    static func check(_ binary: BinaryFile) {
        guard binary.role == .appExecutable || binary.role == .extensionExecutable || binary.role == .standalone,
            binary.signing != .development, !binary.isSimulatorBuild
        else { return }
        for slice in binary.machO.slices {
            guard let xml = slice.codeSignature?.entitlementsXML,
                let document = try? PropertyListParser.parse(Data(xml)),
                Entitlements.read(document.root).entitlements.getTaskAllow == true
            else { continue }
            let build =
                binary.signing == .noProfile
                ? "a build without a development profile" : "an \(binary.signing.rawValue) build"
            binary.report(
                description, evidence: "\(slice.architecture.name): get-task-allow = true in the code signature",
                message: "\(binary.name) is signed with get-task-allow = true in \(build): a debugger can attach to it")
            return
        }
    }
}
