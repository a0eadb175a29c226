import Foundation

/// A public-key pin: base64 of the SHA-256 of a DER-encoded SubjectPublicKeyInfo.
///
/// This is the value HPKP used and Info.plist `NSPinnedDomains` takes under `SPKI-SHA256-BASE64`. Pinning the
/// key rather than the certificate survives certificate renewal with the same key.
///
/// ```swift
/// let pin = try SPKIPin(certificateDER: derBytes)
/// print(pin)  // "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="
/// let same = SPKIPin(base64: "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=")
/// ```
public struct SPKIPin: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The base64 text of the 32-byte digest.
    public let base64: String

    /// A pin from its base64 text; `nil` unless it decodes to exactly 32 bytes.
    public init?(base64: String) {
        let trimmed = base64.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let digest = Data(base64Encoded: trimmed), digest.count == SHA256Digest.byteCount else { return nil }
        // Store the canonical encoding so that equal digests compare equal.
        self.base64 = digest.base64EncodedString()
    }

    /// The pin of a DER-encoded SubjectPublicKeyInfo.
    public init(spkiDER: some DataProtocol) {
        self.base64 = Data(SHA256Digest.hash(Array(spkiDER))).base64EncodedString()
    }

    /// The pin of the public key in a DER-encoded X.509 certificate.
    public init(certificateDER: some DataProtocol) throws(SPKIPinError) {
        self.init(spkiDER: try Self.subjectPublicKeyInfo(ofCertificateDER: Array(certificateDER)))
    }

    /// The exact DER bytes of the certificate's SubjectPublicKeyInfo, as they appear in the certificate.
    ///
    /// Walks `Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version OPTIONAL, serialNumber, signature,
    /// issuer, validity, subject, subjectPublicKeyInfo, ... }, ... }` without re-encoding, so the hash matches
    /// what `openssl x509 -pubkey | openssl pkey -pubin -outform der | openssl dgst -sha256` gives.
    public static func subjectPublicKeyInfo(ofCertificateDER der: [UInt8]) throws(SPKIPinError) -> ArraySlice<UInt8> {
        guard let root = DERNode.parse(der) else { throw .notDER }
        guard root.tag == DERNode.sequence, let tbs = root.children.first, tbs.tag == DERNode.sequence else {
            throw .notACertificate
        }
        var fields = tbs.children[...]
        // The explicit [0] version tag is optional (absent means v1).
        if fields.first?.tag == 0xA0 { fields = fields.dropFirst() }
        // serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo.
        guard fields.count >= 6 else { throw .notACertificate }
        let spki = fields[fields.startIndex + 5]
        guard spki.tag == DERNode.sequence, spki.children.count == 2 else { throw .notACertificate }
        return der[spki.range]
    }
}

extension SPKIPin {
    public var description: String { base64 }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let pin = SPKIPin(base64: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not base64 of a SHA-256 digest: \(text)"))
        }
        self = pin
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(base64)
    }
}

/// Why a certificate or chain could not be read.
///
/// ```swift
/// do { _ = try CertificateChainReader.certificates(in: data) }
/// catch { print(error) }  // no '-----BEGIN CERTIFICATE-----' block found
/// ```
public enum SPKIPinError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not valid DER.
    case notDER
    /// The DER is not an X.509 certificate.
    case notACertificate
    /// The text has no `-----BEGIN CERTIFICATE-----` block.
    case noCertificateFound
    /// A PEM block's body is not valid base64, or it has no END line.
    case malformedPEM(block: Int)

    public var description: String {
        switch self {
        case .notDER: return "not DER: give a certificate in PEM (BEGIN CERTIFICATE) or DER form"
        case .notACertificate: return "the data is DER but not an X.509 certificate"
        case .noCertificateFound: return "no '-----BEGIN CERTIFICATE-----' block found"
        case .malformedPEM(let block): return "PEM certificate block \(block) is malformed (bad base64 or no END line)"
        }
    }
}
