import Foundation
import IOSecCore

/// An embedded provisioning profile, read for the signing kind of its bundle, the app summary and the profile rules.
enum ProfileReading {
    /// The profile of a `.mobileprovision` file, decoded once per file for all its rules.
    static func profile(_ file: ArtifactFile) -> ProvisioningProfile? {
        file.parsed("IOSecCore.ProvisioningProfile") { file in try? ProvisioningProfile(bytes: file.bytes) }
    }

    static func read(_ bytes: [UInt8]) -> (
        signing: SigningKind, summary: ProfileSummary, entitlements: PropertyListDictionary?
    )? {
        guard let profile = try? ProvisioningProfile(bytes: bytes) else { return nil }
        let signing: SigningKind =
            switch profile.kind {
            case .development: .development
            case .adHoc: .adHoc
            case .enterprise: .enterprise
            case .appStore: .noProfile
            }
        let summary = ProfileSummary(
            kind: profile.kind.rawValue, name: profile.name, teamID: profile.teamIdentifiers.first,
            expires: profile.expirationDate.map(day), provisionedDevices: profile.provisionedDevices.count)
        return (signing, summary, profile.entitlements)
    }

    /// What a finding shows in place of a source line: kind, name, team and expiry.
    static func snippet(_ profile: ProvisioningProfile) -> String {
        var parts = ["\(profile.kind.rawValue) profile"]
        if let name = profile.name { parts.append("\"\(name)\"") }
        if let team = profile.teamIdentifiers.first { parts.append("team \(team)") }
        if let expires = profile.expirationDate { parts.append("expires \(day(expires))") }
        return parts.joined(separator: ", ")
    }

    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}
