import Foundation
import IOSecTestSupport
import Testing
@testable import IOSecCore

/// `embedded.mobileprovision` read from envelopes made by ``TestProvisioningProfiles`` (DER as openssl writes it,
/// BER as Apple writes it): the kind of each profile, its dates, team and certificates; and damaged or hostile
/// files, each refused with the right ``ProvisioningProfileError`` — never a crash.
@Suite struct ProvisioningProfileTests {
    /// Whole seconds: certificates keep no fractions.
    static let expiration = Date(timeIntervalSince1970: 1_900_000_000)  // 2030-03-17
    static let creation = Date(timeIntervalSince1970: 1_868_464_000)
    static let devices = ["00008030-001A2B3C4D5E6F70", "00008101-000A1B2C3D4E5F60"]

    struct Fixture {
        let ca: TestCertificateAuthority
        let signer: TestIdentity

        init() throws {
            ca = try TestCertificateAuthority(name: "iosec Test Apple Root")
            signer = try ca.issueCodeSigningCertificate(commonName: "Apple iPhone OS Provisioning Profile Signing")
        }

        func profile(
            _ plist: [UInt8], _ options: TestProvisioningProfiles.Options = .init()
        ) throws -> ProvisioningProfile {
            try ProvisioningProfile(bytes: TestProvisioningProfiles.signed(plist, by: signer, options: options))
        }
    }

    static func plist(
        devices: [String] = [], allDevices: Bool = false, getTaskAllow: Bool = false, aps: String? = nil,
        developerCertificates: [[UInt8]] = []
    ) -> [UInt8] {
        TestProvisioningProfiles.profilePlist(
            name: "Acme Wallet Dev", teamID: "ABCDE12345", teamName: "Acme Inc", appID: "com.acme.wallet",
            appIDName: "Wallet", creationDate: creation, expirationDate: expiration, provisionedDevices: devices,
            provisionsAllDevices: allDevices, getTaskAllow: getTaskAllow, apsEnvironment: aps,
            developerCertificates: developerCertificates)
    }

    static func error(_ bytes: [UInt8]) -> ProvisioningProfileError? {
        do {
            _ = try ProvisioningProfile(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Kinds

    @Test func developmentProfile() throws {
        let fixture = try Fixture()
        let plist = Self.plist(devices: Self.devices, getTaskAllow: true, aps: "development")
        let profile = try fixture.profile(plist)
        #expect(profile.kind == .development)
        #expect(profile.getTaskAllow)
        #expect(profile.apsEnvironment == "development")
        #expect(profile.provisionedDevices == Self.devices)
        #expect(!profile.provisionsAllDevices)
        #expect(profile.content == plist)
        #expect(profile.issues.isEmpty, "\(profile.issues)")
    }

    @Test func developmentByPushEnvironmentWithDevices() throws {
        let fixture = try Fixture()
        let withDevices = try fixture.profile(Self.plist(devices: Self.devices, aps: "development"))
        #expect(!withDevices.getTaskAllow)
        #expect(withDevices.kind == .development)
        // Without devices a development push environment alone does not make a development profile.
        #expect(try fixture.profile(Self.plist(aps: "development")).kind == .appStore)
    }

    @Test func adHocProfile() throws {
        let profile = try Fixture().profile(Self.plist(devices: Self.devices, aps: "production"))
        #expect(profile.kind == .adHoc)
        #expect(profile.kind.rawValue == "ad-hoc")
        #expect(!profile.getTaskAllow)
        #expect(profile.provisionedDevices.count == 2)
    }

    @Test func enterpriseProfile() throws {
        let fixture = try Fixture()
        let profile = try fixture.profile(Self.plist(allDevices: true, aps: "production"))
        #expect(profile.provisionsAllDevices)
        #expect(profile.provisionedDevices.isEmpty)
        #expect(profile.kind == .enterprise)
        // ProvisionsAllDevices decides even over get-task-allow.
        #expect(try fixture.profile(Self.plist(allDevices: true, getTaskAllow: true)).kind == .enterprise)
    }

    @Test func appStoreProfile() throws {
        let profile = try Fixture().profile(Self.plist(aps: "production"))
        #expect(profile.kind == .appStore)
        #expect(profile.kind.rawValue == "app-store")
        #expect(profile.provisionedDevices.isEmpty)
        #expect(!profile.provisionsAllDevices)
        #expect(!profile.getTaskAllow)
    }

    // MARK: - Fields

    @Test func datesTeamAndNamesAreRead() throws {
        let profile = try Fixture().profile(Self.plist(devices: Self.devices))
        #expect(profile.name == "Acme Wallet Dev")
        #expect(profile.appIDName == "Wallet")
        #expect(profile.uuid == "5B3A1F2E-8C4D-4E6F-9A0B-1C2D3E4F5A6B")
        #expect(profile.teamIdentifiers == ["ABCDE12345"])
        #expect(profile.teamName == "Acme Inc")
        #expect(profile.creationDate == Self.creation)
        #expect(profile.expirationDate == Self.expiration)
        #expect(profile.entitlements?["application-identifier"]?.string == "ABCDE12345.com.acme.wallet")
        #expect(profile.apsEnvironment == nil)
        #expect(profile.propertyList["Platform"]?.stringArray == ["iOS"])
        #expect(profile.earliestExpiry == Self.expiration)
    }

    @Test func signerCertificatesComeFromTheEnvelope() throws {
        let fixture = try Fixture()
        let profile = try fixture.profile(Self.plist(), .init(chain: [fixture.ca.certificate]))
        #expect(
            profile.signerCertificates.map(\.commonName) == [
                "Apple iPhone OS Provisioning Profile Signing", "iosec Test Apple Root"
            ])
        #expect(profile.signerCertificates[0].notValidAfter == fixture.signer.certificate.notValidAfter)
        // Signer certificates do not count towards the profile's expiry: they are Apple's, not the team's.
        #expect(profile.earliestExpiry == Self.expiration)
    }

    @Test func developerCertificateExpiry() throws {
        let fixture = try Fixture()
        let certificateExpiry = Date(timeIntervalSince1970: 1_890_000_000)  // before the profile's expiry
        let developer = try fixture.ca.issueCodeSigningCertificate(
            commonName: "Apple Development: Jane Doe (AB12CD34EF)",
            notValidBefore: Date(timeIntervalSince1970: 1_860_000_000), notValidAfter: certificateExpiry)
        let later = try fixture.ca.issueCodeSigningCertificate(
            commonName: "Apple Distribution: Acme Inc (ABCDE12345)",
            notValidAfter: Self.expiration.addingTimeInterval(1))
        let profile = try fixture.profile(
            Self.plist(devices: Self.devices, getTaskAllow: true, developerCertificates: [developer.der, later.der]))
        #expect(
            profile.developerCertificates.map(\.commonName) == [
                "Apple Development: Jane Doe (AB12CD34EF)", "Apple Distribution: Acme Inc (ABCDE12345)"
            ])
        #expect(profile.developerCertificates[0].notValidAfter == certificateExpiry)
        #expect(profile.developerCertificates[0].notValidBefore == Date(timeIntervalSince1970: 1_860_000_000))
        #expect(profile.earliestExpiry == certificateExpiry)
        let fiveDaysBefore = certificateExpiry.addingTimeInterval(-5 * 86_400)
        #expect(profile.expiresWithin(days: 6, of: fiveDaysBefore))
        #expect(!profile.expiresWithin(days: 4, of: fiveDaysBefore))
        #expect(!profile.isExpired(at: fiveDaysBefore))
        #expect(profile.isExpired(at: certificateExpiry))
        #expect(profile.expiresWithin(days: Int.max, of: fiveDaysBefore))
        #expect(!profile.expiresWithin(days: Int.min, of: fiveDaysBefore))
        #expect(profile.issues.isEmpty, "\(profile.issues)")
    }

    @Test func unreadableDeveloperCertificatesAreSkippedWithAnIssue() throws {
        let fixture = try Fixture()
        let developer = try fixture.ca.issueCodeSigningCertificate(commonName: "Apple Development: Jane Doe")
        let oversized = [0x30, 0x83, 0x01, 0x00, 0x00] + [UInt8](repeating: 0x05, count: 0x10000)
        let profile = try fixture.profile(
            Self.plist(developerCertificates: [[0x30, 0x03, 0x02, 0x01, 0x01], developer.der, oversized]))
        #expect(profile.developerCertificates.map(\.commonName) == ["Apple Development: Jane Doe"])
        #expect(profile.issues.count == 2, "\(profile.issues)")
        #expect(profile.issues.first?.hasPrefix("DeveloperCertificates item 1 is not a readable X.509") == true)
        #expect(profile.issues.last?.contains("item 3 is 65541 bytes") == true, "\(profile.issues)")
        #expect(profile.issues.allSatisfy { !$0.contains(".swift:") }, "no source locations in messages")
    }

    @Test func wrongTypesAreIssuesNotErrors() throws {
        let plist = """
            <plist version="1.0"><dict>
            <key>Name</key><integer>7</integer>
            <key>TeamIdentifier</key><array><string>ABCDE12345</string><true/></array>
            <key>ExpirationDate</key><string>tomorrow</string>
            <key>Entitlements</key><dict><key>get-task-allow</key><string>yes</string></dict>
            </dict></plist>
            """
        let profile = try Fixture().profile(Array(plist.utf8))
        #expect(profile.name == nil)
        #expect(profile.teamIdentifiers == ["ABCDE12345"])
        #expect(profile.expirationDate == nil)
        #expect(!profile.getTaskAllow)
        #expect(
            profile.issues == [
                "Name must be a string, found integer",
                "TeamIdentifier item 2 must be a string, found boolean",
                "ExpirationDate must be a date, found string",
                "get-task-allow must be a boolean, found string"
            ])
        #expect(profile.earliestExpiry == nil)
        #expect(!profile.expiresWithin(days: 30, of: Self.creation))
    }

    // MARK: - Encodings

    @Test func berWithIndefiniteLengthsAndChunkedContent() throws {
        let fixture = try Fixture()
        let plist = Self.plist(devices: Self.devices, getTaskAllow: true)
        let der = try fixture.profile(plist)
        for chunkSize in [1, 100, 1000, plist.count, plist.count + 1] {
            let bytes = try TestProvisioningProfiles.signed(
                plist, by: fixture.signer, options: .init(encoding: .ber(chunkSize: chunkSize)))
            #expect(bytes.starts(with: [0x30, 0x80]))
            #expect(zip(bytes, bytes.dropFirst()).contains { $0 == 0x24 && $1 == 0x80 }, "constructed OCTET STRING")
            let ber = try ProvisioningProfile(bytes: bytes)
            #expect(ber == der, "chunk size \(chunkSize)")
        }
    }

    @Test func contentSignedWithoutSignedAttributes() throws {
        let fixture = try Fixture()
        let plist = Self.plist(devices: Self.devices)
        let profile = try fixture.profile(plist, .init(signedAttributes: false))
        #expect(profile.content == plist)
        #expect(profile.kind == .adHoc)
    }

    @Test func bytesAfterTheEnvelopeAreAnIssue() throws {
        let fixture = try Fixture()
        let bytes = try TestProvisioningProfiles.signed(Self.plist(), by: fixture.signer) + [0, 0, 0, 0]
        let profile = try ProvisioningProfile(bytes: bytes)
        #expect(profile.issues == ["4 bytes after the CMS envelope were ignored"])
        #expect(profile.kind == .appStore)
    }

    // MARK: - Refused

    @Test func empty() {
        let e = Self.error([])
        #expect(e?.kind == .truncated)
        #expect(e?.description == "truncated: the file is empty")
    }

    @Test func randomBytes() {
        var rng = SeededRandom(seed: 0x0B5E_55ED)
        for round in 0..<500 {
            var bytes = (0..<Int.random(in: 1...600, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            // Half start like a SEQUENCE, to get past the first check.
            if round.isMultiple(of: 2) { bytes[0] = 0x30 }
            let e = Self.error(bytes)
            #expect(e != nil, "round \(round) was read as a profile")
            if bytes[0] != 0x30 { #expect(e?.kind == .notCMS, "round \(round): \(String(describing: e))") }
        }
    }

    @Test func notCMS() {
        let xml = Self.error(Self.plist())
        #expect(xml?.kind == .notCMS)
        #expect(xml?.message == "it is a bare property list, not a signed profile")
        #expect(Self.error(Array("bplist00".utf8))?.kind == .notCMS)
        #expect(Self.error([0x7F, 0x45, 0x4C, 0x46])?.message.contains("0x7F") == true)
        // A SEQUENCE that does not start with a content type.
        #expect(Self.error([0x30, 0x03, 0x02, 0x01, 0x01])?.kind == .notCMS)
    }

    @Test func truncatedAtEveryLength() throws {
        let fixture = try Fixture()
        let plist = Self.plist(devices: Self.devices)
        for encoding in [TestProvisioningProfiles.Encoding.der, .ber(chunkSize: 256)] {
            let bytes = try TestProvisioningProfiles.signed(
                plist, by: fixture.signer, options: .init(encoding: encoding))
            for length in 1..<bytes.count {
                let e = Self.error(Array(bytes.prefix(length)))
                #expect(
                    e?.kind == .truncated, "\(encoding), length \(length) of \(bytes.count): \(String(describing: e))")
            }
        }
    }

    @Test func truncationMessagesNameTheOffset() throws {
        let bytes = try TestProvisioningProfiles.signed(Self.plist(), by: Fixture().signer)
        #expect(Self.error(Array(bytes.prefix(1)))?.message == "the length of the element at offset 0 is cut short")
        #expect(
            Self.error(Array(bytes.prefix(100)))?.message.hasPrefix("the element at offset 0 claims") == true)
        let ber: [UInt8] = [0x30, 0x80, 0x06, 0x01, 0x2A]
        #expect(
            Self.error(ber)?.message
                == "the indefinite-length element at offset 0 has no end-of-contents octets before the end of the file")
    }

    @Test func contentInfoOfAnotherType() throws {
        let fixture = try Fixture()
        let enveloped = try TestProvisioningProfiles.signed(
            Self.plist(), by: fixture.signer,
            options: .init(contentInfoType: TestProvisioningProfiles.OID.envelopedData))
        let e = try #require(Self.error(enveloped))
        #expect(e.kind == .notSignedData)
        #expect(e.message.contains("envelopedData (1.2.840.113549.1.7.3)"), "\(e)")
        let data = Self.error(
            try TestProvisioningProfiles.signed(
                Self.plist(), by: fixture.signer, options: .init(contentInfoType: TestProvisioningProfiles.OID.data)))
        #expect(data?.kind == .notSignedData)
    }

    @Test func signedDataWithoutContent() throws {
        let fixture = try Fixture()
        for encoding in [TestProvisioningProfiles.Encoding.der, .ber(chunkSize: 64)] {
            let bytes = try TestProvisioningProfiles.signed(
                Self.plist(), by: fixture.signer, options: .init(encoding: encoding, detached: true))
            let e = Self.error(bytes)
            #expect(e?.kind == .noContent, "\(encoding): \(String(describing: e))")
            #expect(e?.message.contains("detached") == true)
        }
        #expect(Self.error(try TestProvisioningProfiles.signed([], by: fixture.signer))?.kind == .noContent)
    }

    @Test func contentThatIsNotAPropertyList() throws {
        let fixture = try Fixture()
        for content in ["<html><body>not a plist</body></html>", "{ unclosed = (", "\u{FFFD}\u{0}garbage"] {
            let e = Self.error(try TestProvisioningProfiles.signed(Array(content.utf8), by: fixture.signer))
            #expect(e?.kind == .notPropertyList, "\(content): \(String(describing: e))")
        }
        let invalidUTF8 = Self.error(try TestProvisioningProfiles.signed([0xFF, 0xC0, 0x80], by: fixture.signer))
        #expect(invalidUTF8?.kind == .notPropertyList)
        let array = Self.error(
            try TestProvisioningProfiles.signed(
                Array("<plist version=\"1.0\"><array/></plist>".utf8), by: fixture.signer))
        #expect(array?.kind == .notPropertyList)
        #expect(array?.message == "the signed property list's root is array, not a dictionary")
    }

    @Test func lengthClaimingFourGigabytes() {
        let outer = Self.error([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF, 0x06, 0x09])
        #expect(outer?.kind == .truncated)
        #expect(outer?.message == "the element at offset 0 claims 4294967295 bytes but only 2 remain")
        // Inside an indefinite-length envelope, and a length of eight bytes.
        let inner = Self.error([0x30, 0x80, 0x04, 0x84, 0xFF, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0x41, count: 64))
        #expect(inner?.kind == .truncated)
        let eightBytes = Self.error([0x30, 0x88, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00])
        #expect(eightBytes?.message.contains("claims 18446744073709551615 bytes") == true)
        #expect(Self.error([0x30, 0x89] + [UInt8](repeating: 0xFF, count: 9))?.kind == .malformed)
    }

    @Test func hundredThousandNestedElements() {
        let indefinite = [UInt8]((0..<100_000).flatMap { _ in [0x30, 0x80] })
        let e = Self.error(indefinite)
        #expect(e?.kind == .limitExceeded)
        #expect(e?.message == "BER nesting deeper than 32 levels at offset 64")
        // The same with definite lengths (each level 6 bytes of header, all lengths consistent).
        let levels = 100_000
        var definite = [UInt8]()
        definite.reserveCapacity(levels * 6)
        for level in 0..<levels {
            let length = UInt32((levels - level - 1) * 6)
            definite += [0x30, 0x84] + withUnsafeBytes(of: length.bigEndian, Array.init)
        }
        #expect(Self.error(definite)?.kind == .limitExceeded)
        // Nesting within the cap but past what a profile has is read up to the content type.
        let shallow = [UInt8]((0..<20).flatMap { _ in [0x30, 0x80] }) + [UInt8](repeating: 0, count: 40)
        #expect(Self.error(shallow)?.kind == .notCMS)
    }

    @Test func tooManyElements() {
        let count = ProvisioningProfileLimits.maximumElements + 1
        let e = Self.error([0x30, 0x80] + [UInt8]((0..<count).flatMap { _ in [0x05, 0x00] }) + [0, 0])
        #expect(e?.kind == .limitExceeded)
        #expect(e?.message.hasPrefix("more than 100000 BER elements") == true)
    }

    @Test func inputOverTheSizeCap() throws {
        let fixture = try Fixture()
        let bytes = try TestProvisioningProfiles.signed(Self.plist(), by: fixture.signer)
        let big = bytes + [UInt8](repeating: 0, count: 9 * 1024 * 1024 - bytes.count)
        let e = Self.error(big)
        #expect(e?.kind == .limitExceeded)
        #expect(e?.message.contains("9437184 bytes") == true)
        #expect(e?.message.contains("8388608") == true)
    }

    @Test func malformedEncodings() {
        // A primitive element with an indefinite length, tag 0 where an element belongs, a five-byte tag number.
        #expect(Self.error([0x30, 0x80, 0x04, 0x80, 0x00, 0x00])?.kind == .malformed)
        #expect(Self.error([0x30, 0x04, 0x00, 0x02, 0x00, 0x00])?.kind == .malformed)
        #expect(Self.error([0x30, 0x07, 0x1F, 0x81, 0x81, 0x81, 0x81, 0x01, 0x00])?.kind == .malformed)
        // SignedData whose fields are not version, digestAlgorithms, encapContentInfo.
        let oid: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let e = Self.error([0x30, 0x12] + oid + [0xA0, 0x05, 0x30, 0x03, 0x02, 0x01, 0x01])
        #expect(e?.kind == .malformed)
        #expect(e?.message == "SignedData does not start with version, digestAlgorithms and encapContentInfo")
    }

    @Test func eContentNotTaggedZero() {
        // ContentInfo { signedData, [0] { SignedData { 1, {}, { id-data, [1] { "A" } }, {} } } }
        func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag, UInt8(content.count)] + content }
        let data: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        let signedDataType: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let encapsulated = tlv(0x30, data + tlv(0xA1, tlv(0x04, [0x41])))
        let signedData = tlv(0x30, [0x02, 0x01, 0x01, 0x31, 0x00] + encapsulated + [0x31, 0x00])
        let e = Self.error(tlv(0x30, signedDataType + tlv(0xA0, signedData)))
        #expect(e?.kind == .malformed)
        #expect(e?.message == "eContent is tagged [1], not [0] EXPLICIT OCTET STRING")
    }

    /// Seeded mutation: bytes of real envelopes overwritten; every mutant is read or refused, never a crash.
    @Test func mutatedEnvelopes() throws {
        let fixture = try Fixture()
        let plist = Self.plist(devices: Self.devices, getTaskAllow: true)
        var rng = SeededRandom(seed: 0x9E0F_11E5)
        var read = 0, refused = 0
        for encoding in [TestProvisioningProfiles.Encoding.der, .ber(chunkSize: 200)] {
            let bytes = try TestProvisioningProfiles.signed(
                plist, by: fixture.signer, options: .init(encoding: encoding))
            for _ in 0..<1_000 {
                var mutant = bytes
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let at = Int.random(in: 0..<mutant.count, using: &rng)
                    mutant[at] =
                        [0x00, 0x80, 0xFF, 0x30, 0x24, UInt8.random(in: 0...255, using: &rng)].randomElement(
                            using: &rng) ?? 0
                }
                if let profile = try? ProvisioningProfile(bytes: mutant) {
                    read += 1
                    _ = (profile.kind, profile.earliestExpiry, profile.issues.count)
                } else {
                    refused += 1
                }
            }
        }
        #expect(read > 0)
        #expect(refused > 0)
        #expect(read + refused == 2_000)
    }
}

/// SplitMix64: small, seeded, the same on every platform.
private struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
