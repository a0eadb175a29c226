import Foundation

/// The provisioning profiles of the example apps: signed CMS envelopes made with this repository's own test CA.
public enum SampleProfiles {
    /// When the example's ad-hoc profile expires: fixed, so the committed IPA reads the same on every machine (within
    /// 30 days of it `binary.profile-expired` says "expires", after it "expired").
    public static let exampleExpiry = Date(timeIntervalSince1970: 1_796_860_800)  // 2026-12-10

    /// An ad-hoc profile for two registered devices, as the insecure example app carries.
    public static func adHoc(
        appID: String = "com.example.insecure", expires: Date = exampleExpiry, getTaskAllow: Bool = false
    ) throws -> [UInt8] {
        let authority = try TestCertificateAuthority(name: "iosec Test Apple Worldwide Developer Relations CA")
        let signer = try authority.issueCodeSigningCertificate(
            commonName: "Apple iPhone OS Provisioning Profile Signing")
        let developer = try authority.issueCodeSigningCertificate(
            commonName: "Apple Distribution: Example Ltd (ABCDE12345)",
            notValidAfter: expires.addingTimeInterval(86_400 * 300))
        let plist = TestProvisioningProfiles.profilePlist(
            name: "InsecureApp Ad Hoc", appID: appID, appIDName: "InsecureApp", expirationDate: expires,
            provisionedDevices: ["00008110-001A2B3C4D5E6F70", "00008030-000E11223344556F"], getTaskAllow: getTaskAllow,
            developerCertificates: [developer.der])
        return try TestProvisioningProfiles.signed(plist, by: signer)
    }
}
