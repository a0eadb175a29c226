import Foundation
import SwiftASN1
import X509

/// An app's `embedded.mobileprovision`: the property list inside its CMS envelope, read in pure Swift on any
/// platform, with the facts a security review needs — how the build is distributed (``kind``), whether it is
/// debuggable, which devices and team it is for, and when it or its certificates expire.
///
/// The envelope is read as DER or BER (Apple writes indefinite lengths and the content in chunks); the signature
/// is not verified. Hostile input costs bounded work (``ProvisioningProfileLimits``) and never traps: a file with
/// no readable property list throws ``ProvisioningProfileError``; a damaged part (a certificate, a key of the wrong
/// type) is left out and described in ``issues``.
///
/// ```swift
/// let bytes = Array(try Data(contentsOf: app.appendingPathComponent("embedded.mobileprovision")))
/// let profile = try ProvisioningProfile(bytes: bytes)
/// profile.kind                                   // .adHoc
/// profile.getTaskAllow                           // false
/// profile.teamIdentifiers                        // ["ABCDE12345"]
/// profile.provisionedDevices.count               // 12
/// profile.expiresWithin(days: 30, of: Date())    // true: the profile or a certificate expires within a month
/// profile.developerCertificates.map(\.commonName) // ["Apple Distribution: Acme Inc (ABCDE12345)"]
/// ```
public struct ProvisioningProfile: Sendable, Equatable {
    /// How a build signed with the profile can be installed, which decides what a reviewer should expect of it.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Debuggable builds for the team's registered devices (`get-task-allow`).
        case development
        /// Release builds for a list of registered devices.
        case adHoc = "ad-hoc"
        /// In-house distribution to any device (`ProvisionsAllDevices`), outside the App Store's review.
        case enterprise
        /// App Store and TestFlight submissions: no device list. The store re-signs these; a shipped app has no
        /// embedded profile at all.
        case appStore = "app-store"
    }

    /// What a certificate says about who signs and until when.
    public struct CertificateSummary: Sendable, Equatable {
        /// The subject's common name ("Apple Development: Jane Doe (AB12CD34EF)"), nil when it has none.
        public let commonName: String?
        public let notValidBefore: Date
        public let notValidAfter: Date

        public init(commonName: String?, notValidBefore: Date, notValidAfter: Date) {
            self.commonName = commonName
            self.notValidBefore = notValidBefore
            self.notValidAfter = notValidAfter
        }
    }

    /// The property list's bytes, as signed.
    public let content: [UInt8]
    /// The whole property list, for keys not modelled here (`Platform`, `IsXcodeManaged`, `TimeToLive`).
    public let propertyList: PropertyListDictionary
    /// `Name`.
    public let name: String?
    /// `AppIDName`.
    public let appIDName: String?
    /// `UUID`.
    public let uuid: String?
    /// `TeamIdentifier`.
    public let teamIdentifiers: [String]
    /// `TeamName`.
    public let teamName: String?
    /// `CreationDate`.
    public let creationDate: Date?
    /// `ExpirationDate`.
    public let expirationDate: Date?
    /// `ProvisionedDevices`: the UDIDs a development or ad-hoc build installs on.
    public let provisionedDevices: [String]
    /// `ProvisionsAllDevices`: true for enterprise (in-house) profiles.
    public let provisionsAllDevices: Bool
    /// The `Entitlements` dictionary: the most the app may claim when signed with this profile.
    public let entitlements: PropertyListDictionary?
    /// The `get-task-allow` entitlement: a debugger may attach to the app.
    public let getTaskAllow: Bool
    /// The `aps-environment` entitlement ("development" or "production"), nil when push is not enabled.
    public let apsEnvironment: String?
    /// `DeveloperCertificates`: the certificates that may sign with this profile. Ones that cannot be read are
    /// left out and named in ``issues``.
    public let developerCertificates: [CertificateSummary]
    /// The certificates in the CMS envelope: the profile's signer (Apple) and its chain.
    public let signerCertificates: [CertificateSummary]
    /// What could not be read, in words; empty for a sound profile.
    public let issues: [String]

    /// Reads a provisioning profile from the bytes of an `embedded.mobileprovision` (or any `.mobileprovision`).
    ///
    /// - Throws: ``ProvisioningProfileError`` when the bytes are not a CMS signedData envelope, are cut short or
    ///   over the limits, hold no content, or the content is not a property list with a dictionary root.
    public init(bytes: [UInt8]) throws(ProvisioningProfileError) {
        let envelope = try CMSSignedData(bytes: bytes)
        var reader = Reader(issues: envelope.issues)

        let document: PropertyListDocument
        do {
            document = try PropertyListParser.parse(Data(envelope.content))
        } catch {
            throw ProvisioningProfileError(.notPropertyList, "the signed content is not a property list: \(error)")
        }
        guard let root = document.root.dictionary else {
            throw ProvisioningProfileError(
                .notPropertyList, "the signed property list's root is \(document.root.typeName), not a dictionary")
        }

        var signers: [CertificateSummary] = []
        for (index, der) in envelope.certificates.enumerated() {
            if let summary = reader.certificate(Array(der), "certificate \(index + 1) in the envelope") {
                signers.append(summary)
            }
        }

        let entitlements = reader.value(root, "Entitlements", "a dictionary") { $0.dictionary }
        content = envelope.content
        propertyList = root
        name = reader.value(root, "Name", "a string") { $0.string }
        appIDName = reader.value(root, "AppIDName", "a string") { $0.string }
        uuid = reader.value(root, "UUID", "a string") { $0.string }
        teamIdentifiers = reader.strings(root, "TeamIdentifier")
        teamName = reader.value(root, "TeamName", "a string") { $0.string }
        creationDate = reader.value(root, "CreationDate", "a date", Reader.date)
        expirationDate = reader.value(root, "ExpirationDate", "a date", Reader.date)
        provisionedDevices = reader.strings(root, "ProvisionedDevices")
        provisionsAllDevices = reader.value(root, "ProvisionsAllDevices", "a boolean") { $0.bool } ?? false
        self.entitlements = entitlements
        if let entitlements {
            getTaskAllow = reader.value(entitlements, Entitlements.Key.getTaskAllow, "a boolean") { $0.bool } ?? false
            apsEnvironment = reader.value(entitlements, Entitlements.Key.apsEnvironment, "a string") { $0.string }
        } else {
            getTaskAllow = false
            apsEnvironment = nil
        }
        developerCertificates = reader.developerCertificates(root)
        signerCertificates = signers
        issues = reader.issues
    }

    /// How builds signed with the profile are distributed, from the keys that decide it: `ProvisionsAllDevices`
    /// (enterprise), `get-task-allow` or a development push environment with devices (development), a device list
    /// (ad hoc), none of these (App Store).
    public var kind: Kind {
        if provisionsAllDevices { return .enterprise }
        if getTaskAllow || (apsEnvironment == "development" && !provisionedDevices.isEmpty) { return .development }
        if !provisionedDevices.isEmpty { return .adHoc }
        return .appStore
    }

    /// The first date on which something the profile needs expires: the profile itself or one of its developer
    /// certificates. From then on builds signed with it can no longer be installed.
    public var earliestExpiry: Date? {
        ([expirationDate] + developerCertificates.map(\.notValidAfter)).compactMap { $0 }.min()
    }

    /// Whether ``earliestExpiry`` falls before `now` plus `days` days (already expired included). False when no
    /// expiry is known.
    public func expiresWithin(days: Int, of now: Date) -> Bool {
        guard let expiry = earliestExpiry else { return false }
        // Double: no overflow for any `days`.
        return expiry.timeIntervalSince(now) < Double(days) * 86_400
    }

    /// Whether ``earliestExpiry`` is at or before `now`.
    public func isExpired(at now: Date) -> Bool {
        guard let expiry = earliestExpiry else { return false }
        return expiry <= now
    }
}

/// Reads typed values from the profile's dictionary, noting wrong types and unreadable certificates as issues.
private struct Reader {
    var issues: [String]

    mutating func value<T>(
        _ dictionary: PropertyListDictionary, _ key: String, _ expected: String, _ cast: (PropertyListValue) -> T?
    ) -> T? {
        guard let value = dictionary[key] else { return nil }
        guard let typed = cast(value) else {
            issues.append("\(key) must be \(expected), found \(value.typeName)")
            return nil
        }
        return typed
    }

    static func date(_ value: PropertyListValue) -> Date? {
        if case .date(let date) = value { return date }
        return nil
    }

    /// An array of strings; other elements are skipped with an issue.
    mutating func strings(_ dictionary: PropertyListDictionary, _ key: String) -> [String] {
        guard let array = value(dictionary, key, "an array of strings", { $0.array }) else { return [] }
        var result: [String] = []
        for (index, element) in array.values.enumerated() {
            if let string = element.string {
                result.append(string)
            } else {
                issues.append("\(key) item \(index + 1) must be a string, found \(element.typeName)")
            }
        }
        return result
    }

    mutating func developerCertificates(_ root: PropertyListDictionary) -> [ProvisioningProfile.CertificateSummary] {
        let key = "DeveloperCertificates"
        guard let array = value(root, key, "an array of data", { $0.array }) else { return [] }
        var result: [ProvisioningProfile.CertificateSummary] = []
        for (index, element) in array.values.enumerated() {
            guard case .data(let der) = element else {
                issues.append("\(key) item \(index + 1) must be data, found \(element.typeName)")
                continue
            }
            if let summary = certificate([UInt8](der), "\(key) item \(index + 1)") { result.append(summary) }
        }
        return result
    }

    mutating func certificate(_ der: [UInt8], _ what: String) -> ProvisioningProfile.CertificateSummary? {
        guard der.count <= ProvisioningProfileLimits.maximumCertificateBytes else {
            issues.append(
                "\(what) is \(der.count) bytes; certificates over "
                    + "\(ProvisioningProfileLimits.maximumCertificateBytes) bytes are not read")
            return nil
        }
        let certificate: Certificate
        do {
            certificate = try Certificate(derEncoded: der)
        } catch {
            issues.append("\(what) is not a readable X.509 certificate: \(CMSSignedData.describe(error))")
            return nil
        }
        return ProvisioningProfile.CertificateSummary(
            commonName: Self.commonName(of: certificate.subject), notValidBefore: certificate.notValidBefore,
            notValidAfter: certificate.notValidAfter)
    }

    private static func commonName(of name: DistinguishedName) -> String? {
        for rdn in name {
            for attribute in rdn where attribute.type == .RDNAttributeType.commonName {
                if let text = String(attribute.value) { return text }
            }
        }
        return nil
    }
}
