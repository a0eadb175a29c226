import Foundation
import IOSecCore

/// `binary.profile-expired`: the embedded profile, or a certificate it names, has expired or expires within 30 days.
/// An expired profile stops the app from launching on devices (ad-hoc, enterprise) or from being re-signed.
struct ProfileExpiredRule: ArtifactRule {
    static let description = RuleDescription(
        id: "binary.profile-expired",
        title: "Provisioning profile or signing certificate expired or expiring",
        severity: .info,
        confidence: .high,
        masvs: "MASVS-CODE-1",
        cwe: 298, owasp: OWASPReference("MASWE-0063", beta: "MASWE-0067", mastg: [], .related),
        outsideChecklist: "profile expiry has no item of its own",
        rationale: """
            Ad-hoc and enterprise builds stop launching when their profile or its signing certificate expires, and \
            an expired enterprise certificate cannot be renewed in place. A profile expiring within 30 days is a \
            release risk to plan for; an expired one means this build no longer runs as signed.
            """,
        fix: "Renew the profile (and certificate) in the developer portal and re-sign or rebuild before it expires.",
        fixExample: """
            xcodebuild -exportArchive -archivePath Acme.xcarchive -exportOptionsPlist ExportOptions.plist \\
                -allowProvisioningUpdates
            """,
        triggeringExamples: [], nonTriggeringExamples: [])

    static let fileKinds: Set<FileKind> = [.mobileProvision]
    static let warningDays = 30

    static func check(_ file: ArtifactFile) {
        guard let profile = ProfileReading.profile(file) else { return }
        let now = file.options.now ?? Date()
        var expiries: [(what: String, date: Date)] = []
        if let date = profile.expirationDate { expiries.append(("the profile", date)) }
        for certificate in profile.developerCertificates {
            let name = certificate.commonName.map { " \"\($0)\"" } ?? ""
            expiries.append(("the certificate\(name)", certificate.notValidAfter))
        }
        guard let first = expiries.min(by: { $0.date < $1.date }) else { return }
        let day = ProfileReading.day(first.date)
        let snippet = ProfileReading.snippet(profile)
        if first.date <= now {
            file.report(
                description, line: 1, snippet: snippet,
                message: "\(first.what) expired on \(day): this build no longer launches as signed", severity: .low)
        } else if first.date <= now.addingTimeInterval(Double(warningDays) * 86_400) {
            file.report(
                description, line: 1, snippet: snippet,
                message: "\(first.what) expires on \(day), within \(warningDays) days")
        }
    }
}
