import Crypto
import Foundation
import SwiftASN1
import X509

/// Signed provisioning profiles for tests: a property list in a CMS `SignedData` envelope (RFC 5652), as
/// `openssl cms -sign -nodetach -binary -md sha256 -outform DER` writes it — or as BER with indefinite lengths and
/// the content in chunks, as Apple writes `embedded.mobileprovision`.
///
/// The envelope is correct CMS (`openssl cms -verify -noverify -inform DER` accepts it): version 1, SHA-256,
/// `id-data` content, the signer's certificate (and any chain) in `certificates`, one `SignerInfo` identified by
/// issuer and serial number with an ECDSA P-256 signature.
///
/// ```swift
/// let ca = try TestCertificateAuthority(name: "Test Apple Root")
/// let signer = try ca.issueCodeSigningCertificate(commonName: "Apple iPhone OS Provisioning Profile Signing")
/// let plist = TestProvisioningProfiles.profilePlist(expirationDate: nextYear, provisionedDevices: ["00008030-…"])
/// let der = try TestProvisioningProfiles.signed(plist, by: signer)
/// let ber = try TestProvisioningProfiles.signed(plist, by: signer, options: .init(encoding: .ber(chunkSize: 1000)))
/// ```
public enum TestProvisioningProfiles {
    /// How the envelope is encoded.
    public enum Encoding: Sendable, Equatable {
        /// Definite lengths throughout, the content as one primitive OCTET STRING.
        case der
        /// Indefinite lengths for the envelope's constructed elements, the content as a constructed OCTET STRING
        /// of primitive chunks of `chunkSize` bytes (the last one shorter). Certificates and the signer stay DER.
        case ber(chunkSize: Int)
    }

    /// Variations of the envelope, for tests of what a reader does with them.
    public struct Options: Sendable {
        public var encoding: Encoding
        /// Sign content type, signing time and message digest (what openssl and Apple do) rather than the content.
        public var signedAttributes: Bool
        /// Leave the content out (a detached signature): a SignedData with no eContent.
        public var detached: Bool
        /// The ContentInfo's content type; anything but signedData makes an envelope a reader must refuse.
        public var contentInfoType: ASN1ObjectIdentifier
        /// Certificates added after the signer's (intermediates, a root).
        public var chain: [Certificate]
        public var signingTime: Date

        public init(
            encoding: Encoding = .der, signedAttributes: Bool = true, detached: Bool = false,
            contentInfoType: ASN1ObjectIdentifier = OID.signedData, chain: [Certificate] = [],
            signingTime: Date = Date()
        ) {
            self.encoding = encoding
            self.signedAttributes = signedAttributes
            self.detached = detached
            self.contentInfoType = contentInfoType
            self.chain = chain
            self.signingTime = signingTime
        }
    }

    /// Object identifiers the envelope uses.
    public enum OID {
        public static let data: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 1]
        public static let signedData: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 2]
        public static let envelopedData: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 3]
        static let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
        static let ecdsaWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 10045, 4, 3, 2]
        static let contentTypeAttribute: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 3]
        static let messageDigestAttribute: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 4]
        static let signingTimeAttribute: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 5]
    }

    /// The envelope's bytes: `ContentInfo { signedData, SignedData { … content … } }`.
    public static func signed(
        _ content: [UInt8], by signer: TestIdentity, options: Options = Options()
    ) throws -> [UInt8] {
        let ber: Bool
        let chunkSize: Int
        switch options.encoding {
        case .der: (ber, chunkSize) = (false, 0)
        case .ber(let size): (ber, chunkSize) = (true, max(1, size))
        }
        // Outer elements take indefinite lengths in BER, as Apple's encoder writes them.
        func wrap(_ tag: UInt8, _ parts: [UInt8]...) -> [UInt8] {
            let body = parts.flatMap { $0 }
            return ber ? [tag, 0x80] + body + [0, 0] : tlv(tag, body)
        }

        let sha256Algorithm = tlv(0x30, try encode(OID.sha256))
        let digest = Array(SHA256.hash(data: content))

        // SignerInfo ::= SEQUENCE { version 1, sid IssuerAndSerialNumber, digestAlgorithm, signedAttrs [0]
        //   IMPLICIT OPTIONAL, signatureAlgorithm, signature OCTET STRING }
        var signedAttributes: [UInt8] = []
        let toSign: [UInt8]
        if options.signedAttributes {
            let attributes = [
                attribute(OID.contentTypeAttribute, try encode(OID.data)),
                attribute(OID.signingTimeAttribute, try encode(utcTime(options.signingTime))),
                attribute(OID.messageDigestAttribute, tlv(0x04, digest))
            ]
            // DER SET OF: elements in the order of their encodings. The signature covers the SET (tag 0x31); the
            // SignerInfo carries the same bytes under [0] IMPLICIT.
            let set = attributes.sorted { $0.lexicographicallyPrecedes($1) }.flatMap { $0 }
            toSign = tlv(0x31, set)
            signedAttributes = tlv(0xA0, set)
        } else {
            toSign = content
        }
        let signature = try signer.privateKey.signature(for: Data(toSign)).derRepresentation
        let signerInfo = tlv(
            0x30,
            [0x02, 0x01, 0x01] + (try issuerAndSerialNumber(of: signer.der)) + sha256Algorithm + signedAttributes
                + tlv(0x30, try encode(OID.ecdsaWithSHA256)) + tlv(0x04, Array(signature)))

        var eContent: [UInt8] = []
        if !options.detached {
            let octets: [UInt8]
            if ber {
                var chunks: [UInt8] = []
                var start = 0
                while start < content.count {
                    let end = min(start + chunkSize, content.count)
                    chunks += tlv(0x04, Array(content[start..<end]))
                    start = end
                }
                octets = [0x24, 0x80] + chunks + [0, 0]
            } else {
                octets = tlv(0x04, content)
            }
            eContent = wrap(0xA0, octets)
        }
        let certificates = try [signer.der] + options.chain.map(der)

        // SignedData ::= SEQUENCE { version 1, digestAlgorithms SET, encapContentInfo, certificates [0] IMPLICIT,
        //   signerInfos SET }
        let signedData = wrap(
            0x30,
            [0x02, 0x01, 0x01],
            tlv(0x31, sha256Algorithm),
            wrap(0x30, try encode(OID.data), eContent),
            wrap(0xA0, certificates.flatMap { $0 }),
            wrap(0x31, signerInfo))
        return wrap(0x30, try encode(options.contentInfoType), wrap(0xA0, signedData))
    }

    /// A profile's property list (XML) with the keys Xcode-made profiles have. An empty device list leaves
    /// `ProvisionedDevices` out (App Store and enterprise profiles); `ProvisionsAllDevices` is written only when
    /// true, `aps-environment` only when given.
    public static func profilePlist(
        name: String = "iosec Test Profile",
        teamID: String = "ABCDE12345",
        teamName: String = "iosec Tests",
        appID: String = "com.example.app",
        appIDName: String = "Example App",
        uuid: String = "5B3A1F2E-8C4D-4E6F-9A0B-1C2D3E4F5A6B",
        creationDate: Date? = nil,
        expirationDate: Date,
        provisionedDevices: [String] = [],
        provisionsAllDevices: Bool = false,
        getTaskAllow: Bool = false,
        apsEnvironment: String? = nil,
        developerCertificates: [[UInt8]] = []
    ) -> [UInt8] {
        func string(_ s: String) -> String { "<string>\(escape(s))</string>" }
        func date(_ d: Date) -> String { "<date>\(iso8601(d))</date>" }
        func bool(_ b: Bool) -> String { b ? "<true/>" : "<false/>" }
        var entitlements = [
            ("application-identifier", string("\(teamID).\(appID)")),
            ("com.apple.developer.team-identifier", string(teamID)),
            ("get-task-allow", bool(getTaskAllow)),
            ("keychain-access-groups", "<array>\(string("\(teamID).*"))</array>")
        ]
        if let apsEnvironment { entitlements.append(("aps-environment", string(apsEnvironment))) }
        var keys = [
            ("AppIDName", string(appIDName)),
            ("ApplicationIdentifierPrefix", "<array>\(string(teamID))</array>"),
            ("CreationDate", date(creationDate ?? expirationDate.addingTimeInterval(-365 * 86_400))),
            ("Platform", "<array>\(string("iOS"))</array>"),
            ("IsXcodeManaged", bool(false)),
            (
                "DeveloperCertificates",
                "<array>"
                    + developerCertificates.map { "<data>\(Data($0).base64EncodedString())</data>" }.joined()
                    + "</array>"
            ),
            ("Entitlements", "<dict>" + entitlements.map { "<key>\($0.0)</key>\($0.1)" }.joined() + "</dict>"),
            ("ExpirationDate", date(expirationDate)),
            ("Name", string(name))
        ]
        if !provisionedDevices.isEmpty {
            keys.append(("ProvisionedDevices", "<array>" + provisionedDevices.map(string).joined() + "</array>"))
        }
        if provisionsAllDevices { keys.append(("ProvisionsAllDevices", bool(true))) }
        keys += [
            ("TeamIdentifier", "<array>\(string(teamID))</array>"),
            ("TeamName", string(teamName)),
            ("TimeToLive", "<integer>365</integer>"),
            ("UUID", string(uuid)),
            ("Version", "<integer>1</integer>")
        ]
        let body = keys.map { "\t<key>\($0.0)</key>\n\t\($0.1)\n" }.joined()
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(body)</dict>
            </plist>

            """
        return Array(xml.utf8)
    }

    // MARK: - Encoding

    /// A DER element with a definite length.
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8]
        if content.count < 0x80 {
            length = [UInt8(content.count)]
        } else {
            var n = content.count
            length = []
            while n > 0 {
                length.insert(UInt8(n & 0xFF), at: 0)
                n >>= 8
            }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [tag] + length + content
    }

    static func encode(_ value: some DERSerializable) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(value)
        return serializer.serializedBytes
    }

    static func der(_ certificate: Certificate) throws -> [UInt8] { try encode(certificate) }

    /// Attribute ::= SEQUENCE { attrType OBJECT IDENTIFIER, attrValues SET OF value } with one value.
    static func attribute(_ type: ASN1ObjectIdentifier, _ value: [UInt8]) -> [UInt8] {
        // `encode` of an OID cannot fail.
        tlv(0x30, ((try? encode(type)) ?? []) + tlv(0x31, value))
    }

    /// IssuerAndSerialNumber ::= SEQUENCE { issuer Name, serialNumber INTEGER }, copied from the certificate's
    /// own bytes so it matches exactly.
    static func issuerAndSerialNumber(of certificate: [UInt8]) throws -> [UInt8] {
        let root = try DER.parse(certificate)
        guard case .constructed(let parts) = root.content, let tbs = parts.first(where: { _ in true }),
            case .constructed(let tbsParts) = tbs.content
        else { throw ASN1Error.invalidASN1Object(reason: "not a certificate") }
        var fields = Array(tbsParts)
        if fields.first?.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) {
            fields.removeFirst()
        }
        // serialNumber, signature, issuer
        guard fields.count >= 3 else { throw ASN1Error.invalidASN1Object(reason: "not a certificate") }
        return tlv(0x30, Array(fields[2].encodedBytes) + Array(fields[0].encodedBytes))
    }

    static func utcTime(_ date: Date) throws -> UTCTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return try UTCTime(
            year: c.year ?? 2000, month: c.month ?? 1, day: c.day ?? 1, hours: c.hour ?? 0, minutes: c.minute ?? 0,
            seconds: c.second ?? 0)
    }

    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

extension TestCertificateAuthority {
    /// A code-signing certificate signed by this CA: a profile's signer ("Apple iPhone OS Provisioning Profile
    /// Signing") or a developer certificate ("Apple Development: Jane Doe (AB12CD34EF)") with chosen dates.
    public func issueCodeSigningCertificate(
        commonName: String,
        notValidBefore: Date = Date().addingTimeInterval(-3600),
        notValidAfter: Date = Date().addingTimeInterval(86_400 * 365)
    ) throws -> TestIdentity {
        let key = P256.Signing.PrivateKey()
        let certificate = try Certificate(
            version: .v3,
            serialNumber: randomSerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            issuer: self.certificate.subject,
            subject: try DistinguishedName {
                CommonName(commonName)
                OrganizationalUnitName("ABCDE12345")
                OrganizationName("iosec tests")
            },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.codeSigning])
            },
            issuerPrivateKey: Certificate.PrivateKey(identity.privateKey)
        )
        return TestIdentity(certificate: certificate, privateKey: key)
    }
}
