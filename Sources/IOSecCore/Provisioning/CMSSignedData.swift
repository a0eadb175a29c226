import SwiftASN1

/// The parts of a CMS `ContentInfo` holding `SignedData` (RFC 5652) that a provisioning profile is read from: the
/// encapsulated content and the certificates. DER and BER are both read (Apple writes BER with indefinite lengths
/// and the content as a constructed OCTET STRING of chunks).
///
/// The signature is not checked: iosec reports what a profile grants and when it expires; whether Apple signed it
/// is the device's business at install time, and needs Apple's roots.
///
/// ```swift
/// let envelope = try CMSSignedData(bytes: bytes)
/// envelope.content          // the property list's bytes
/// envelope.certificates     // DER of each certificate in `certificates`, signer first as Apple orders them
/// ```
struct CMSSignedData {
    static let signedDataType: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 2]
    static let dataType: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 1]

    /// `eContentType`.
    var contentType: ASN1ObjectIdentifier
    /// `eContent`, with the chunks of a constructed OCTET STRING joined.
    var content: [UInt8]
    /// The encoding of each X.509 certificate in `certificates`, in order.
    var certificates: [ArraySlice<UInt8>] = []
    /// `SignerInfo`s present (not verified).
    var signerCount = 0
    /// Parts that were skipped, in words.
    var issues: [String] = []

    init(bytes: [UInt8]) throws(ProvisioningProfileError) {
        guard let first = bytes.first else { throw ProvisioningProfileError(.truncated, "the file is empty") }
        guard bytes.count <= ProvisioningProfileLimits.maximumBytes else {
            throw ProvisioningProfileError(
                .limitExceeded,
                "the file is \(bytes.count) bytes; provisioning profiles over "
                    + "\(ProvisioningProfileLimits.maximumBytes) bytes are not read")
        }
        guard first == 0x30 else {
            // Say what it is when that is easy: an unsigned plist is a common mix-up.
            let what =
                first == UInt8(ascii: "<") || bytes.starts(with: Array("bplist".utf8))
                ? "it is a bare property list, not a signed profile"
                : "it does not start with a SEQUENCE (0x30) but with 0x\(String(first, radix: 16, uppercase: true))"
            throw ProvisioningProfileError(.notCMS, what)
        }
        let rootLength = try BERShapeCheck.rootLength(
            of: bytes, maximumDepth: ProvisioningProfileLimits.maximumNestingDepth,
            maximumElements: ProvisioningProfileLimits.maximumElements)
        if rootLength < bytes.count {
            issues.append("\(bytes.count - rootLength) bytes after the CMS envelope were ignored")
        }
        let root: ASN1Node
        do {
            root = try BER.parse(bytes[..<rootLength])
        } catch {
            throw ProvisioningProfileError(.malformed, "the BER encoding is invalid: \(Self.describe(error))")
        }

        // ContentInfo ::= SEQUENCE { contentType OBJECT IDENTIFIER, content [0] EXPLICIT ANY }
        let contentInfo = Self.children(root)
        guard let typeNode = contentInfo.first, let type = try? ASN1ObjectIdentifier(berEncoded: typeNode) else {
            throw ProvisioningProfileError(.notCMS, "the SEQUENCE does not start with a CMS content type")
        }
        guard type == Self.signedDataType else {
            throw ProvisioningProfileError(
                .notSignedData,
                "the CMS content type is \(Self.name(of: type)), not signedData (\(Self.signedDataType))")
        }
        guard contentInfo.count >= 2, contentInfo[1].identifier == Self.tag0,
            let signedData = Self.children(contentInfo[1]).first, signedData.identifier == .sequence
        else {
            throw ProvisioningProfileError(.malformed, "the signedData ContentInfo has no [0] SignedData SEQUENCE")
        }

        // SignedData ::= SEQUENCE { version, digestAlgorithms SET, encapContentInfo, certificates [0] IMPLICIT
        //   OPTIONAL, crls [1] IMPLICIT OPTIONAL, signerInfos SET }
        let fields = Self.children(signedData)
        guard fields.count >= 3, fields[0].identifier == .integer, fields[1].identifier == .set,
            fields[2].identifier == .sequence
        else {
            throw ProvisioningProfileError(
                .malformed, "SignedData does not start with version, digestAlgorithms and encapContentInfo")
        }

        // EncapsulatedContentInfo ::= SEQUENCE { eContentType OBJECT IDENTIFIER, eContent [0] EXPLICIT OCTET
        //   STRING OPTIONAL }
        let encapsulated = Self.children(fields[2])
        guard let eContentTypeNode = encapsulated.first,
            let eContentType = try? ASN1ObjectIdentifier(berEncoded: eContentTypeNode)
        else {
            throw ProvisioningProfileError(.malformed, "encapContentInfo does not start with a content type")
        }
        contentType = eContentType
        if eContentType != Self.dataType {
            issues.append("the encapsulated content type is \(Self.name(of: eContentType)), not id-data")
        }
        guard encapsulated.count >= 2 else {
            throw ProvisioningProfileError(
                .noContent, "the signature is detached: the envelope does not hold the profile's property list")
        }
        guard encapsulated[1].identifier == Self.tag0 else {
            throw ProvisioningProfileError(
                .malformed,
                "eContent is tagged \(Self.tagName(encapsulated[1].identifier)), not [0] EXPLICIT OCTET STRING")
        }
        guard let octets = Self.children(encapsulated[1]).first else {
            throw ProvisioningProfileError(.noContent, "eContent [0] is empty")
        }
        do {
            content = Array(try ASN1OctetString(berEncoded: octets).bytes)
        } catch {
            throw ProvisioningProfileError(.malformed, "eContent is not an OCTET STRING: \(Self.describe(error))")
        }
        guard !content.isEmpty else {
            throw ProvisioningProfileError(.noContent, "the encapsulated content is empty")
        }

        for field in fields.dropFirst(3) {
            switch field.identifier {
            case Self.tag0:
                readCertificates(field)
            case .set:
                signerCount = Self.children(field).count
            default:
                break  // crls [1] and anything a later CMS version adds
            }
        }
        if signerCount == 0 { issues.append("the envelope has no signer") }
    }

    /// `CertificateChoices`: plain X.509 certificates are SEQUENCEs; the other choices (extended, attribute and
    /// other certificates) are tagged and of no use here.
    private mutating func readCertificates(_ set: ASN1Node) {
        for (index, node) in Self.children(set).enumerated() {
            guard node.identifier == .sequence else {
                let tag = Self.tagName(node.identifier)
                issues.append("certificate \(index + 1) in the envelope is not an X.509 certificate (tag \(tag))")
                continue
            }
            certificates.append(node.encodedBytes)
        }
    }

    private static let tag0 = ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)

    private static func children(_ node: ASN1Node) -> [ASN1Node] {
        guard case .constructed(let nodes) = node.content else { return [] }
        return Array(nodes)
    }

    private static let knownTypes: [ASN1ObjectIdentifier: String] = [
        [1, 2, 840, 113549, 1, 7, 1]: "data",
        [1, 2, 840, 113549, 1, 7, 3]: "envelopedData",
        [1, 2, 840, 113549, 1, 7, 5]: "digestedData",
        [1, 2, 840, 113549, 1, 7, 6]: "encryptedData",
        [1, 2, 840, 113549, 1, 9, 16, 1, 2]: "authData"
    ]

    /// "[1]", "UNIVERSAL 4": a tag as X.680 writes it.
    private static func tagName(_ identifier: ASN1Identifier) -> String {
        switch identifier.tagClass {
        case .contextSpecific: return "[\(identifier.tagNumber)]"
        case .universal: return "UNIVERSAL \(identifier.tagNumber)"
        case .application: return "[APPLICATION \(identifier.tagNumber)]"
        case .private: return "[PRIVATE \(identifier.tagNumber)]"
        }
    }

    /// An error of swift-asn1 or swift-certificates without the source location they append
    /// ("ASN1Error.truncatedASN1Field:  ASN1.swift:160" → "truncatedASN1Field").
    static func describe(_ error: any Error) -> String {
        var text = "\(error)"
        for prefix in ["ASN1Error.", "CertificateError."] where text.hasPrefix(prefix) {
            text.removeFirst(prefix.count)
        }
        if let space = text.lastIndex(of: " "), text[space...].contains(".swift:") {
            text = String(text[..<space])
        }
        while text.last == " " || text.last == ":" { text.removeLast() }
        return text
    }

    /// "envelopedData (1.2.840.113549.1.7.3)", or the dotted form alone.
    private static func name(of type: ASN1ObjectIdentifier) -> String {
        knownTypes[type].map { "\($0) (\(type))" } ?? "\(type)"
    }
}
