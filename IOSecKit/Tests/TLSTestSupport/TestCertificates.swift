import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A certificate with its private key, in the forms tests need.
public struct TestIdentity: Sendable {
    public let certificate: Certificate
    public let privateKey: P256.Signing.PrivateKey

    public init(certificate: Certificate, privateKey: P256.Signing.PrivateKey) {
        self.certificate = certificate
        self.privateKey = privateKey
    }

    /// DER bytes of the certificate.
    public var der: [UInt8] {
        var serializer = DER.Serializer()
        // Serializing a certificate built by swift-certificates cannot fail.
        try? serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    /// PEM text of the certificate.
    public var pem: String {
        let body = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN CERTIFICATE-----\n\(body)\n-----END CERTIFICATE-----\n"
    }

    /// PKCS#8 PEM of the private key.
    public var privateKeyPEM: String { privateKey.pemRepresentation }

    /// base64(SHA-256(DER SubjectPublicKeyInfo)), computed from the key (independently of SPKIPin's walk of the
    /// certificate), for cross-checking.
    public var spkiPinFromKey: String {
        Data(SHA256.hash(data: privateKey.publicKey.derRepresentation)).base64EncodedString()
    }

    public func nioCertificate() throws -> NIOSSLCertificate {
        try NIOSSLCertificate(bytes: der, format: .der)
    }

    public func nioPrivateKey() throws -> NIOSSLPrivateKey {
        try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem)
    }
}

/// A throw-away certificate authority issuing P-256 certificates for local TLS tests.
///
/// ```swift
/// let ca = try TestCertificateAuthority(name: "Test Root")
/// let leaf = try ca.issueServerCertificate()          // 127.0.0.1 and localhost
/// let server = try await LocalTLSServer.start(chain: [leaf, ca.identity]) { _ in .ok("hi") }
/// ```
public struct TestCertificateAuthority: Sendable {
    public let identity: TestIdentity

    public var certificate: Certificate { identity.certificate }

    /// A self-signed root CA.
    public init(
        name: String = "iosec Test Root CA",
        notValidBefore: Date = Date().addingTimeInterval(-3600),
        notValidAfter: Date = Date().addingTimeInterval(86_400 * 365)
    ) throws {
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName {
            CommonName(name)
            OrganizationName("iosec tests")
        }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: randomSerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            issuer: subject,
            subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: Certificate.PublicKey(key.publicKey))
            },
            issuerPrivateKey: Certificate.PrivateKey(key)
        )
        self.identity = TestIdentity(certificate: certificate, privateKey: key)
    }

    /// An intermediate CA signed by this one.
    public func issueIntermediate(name: String = "iosec Test Intermediate CA") throws -> TestCertificateAuthority {
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName {
            CommonName(name)
            OrganizationName("iosec tests")
        }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: randomSerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: Date().addingTimeInterval(-3600),
            notValidAfter: Date().addingTimeInterval(86_400 * 180),
            issuer: self.certificate.subject,
            subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: Certificate.PublicKey(key.publicKey))
            },
            issuerPrivateKey: Certificate.PrivateKey(identity.privateKey)
        )
        return TestCertificateAuthority(identity: TestIdentity(certificate: certificate, privateKey: key))
    }

    private init(identity: TestIdentity) {
        self.identity = identity
    }

    /// A TLS server certificate for `dnsNames` and `ipAddresses` (IPv4 dotted quads), signed by this CA.
    public func issueServerCertificate(
        commonName: String = "localhost",
        dnsNames: [String] = ["localhost"],
        ipAddresses: [String] = ["127.0.0.1"],
        notValidBefore: Date = Date().addingTimeInterval(-3600),
        notValidAfter: Date = Date().addingTimeInterval(86_400 * 30)
    ) throws -> TestIdentity {
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName { CommonName(commonName) }
        var names: [GeneralName] = dnsNames.map { .dnsName($0) }
        for address in ipAddresses {
            let octets = address.split(separator: ".").compactMap { UInt8($0) }
            guard octets.count == 4 else { throw TestSupportError.invalidIPv4(address) }
            names.append(.ipAddress(ASN1OctetString(contentBytes: ArraySlice(octets))))
        }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: randomSerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            issuer: self.certificate.subject,
            subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names)
            },
            issuerPrivateKey: Certificate.PrivateKey(identity.privateKey)
        )
        return TestIdentity(certificate: certificate, privateKey: key)
    }

    /// A TLS client certificate (mutual TLS), signed by this CA.
    public func issueClientCertificate(commonName: String = "iosec test client") throws -> TestIdentity {
        let key = P256.Signing.PrivateKey()
        let certificate = try Certificate(
            version: .v3,
            serialNumber: randomSerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: Date().addingTimeInterval(-3600),
            notValidAfter: Date().addingTimeInterval(86_400 * 30),
            issuer: self.certificate.subject,
            subject: try DistinguishedName { CommonName(commonName) },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.clientAuth])
            },
            issuerPrivateKey: Certificate.PrivateKey(identity.privateKey)
        )
        return TestIdentity(certificate: certificate, privateKey: key)
    }

    /// A self-signed server certificate for 127.0.0.1 and localhost, issued by no CA (an "untrusted server").
    public static func selfSignedServerCertificate(commonName: String = "localhost") throws -> TestIdentity {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName(commonName) }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: randomSerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: Date().addingTimeInterval(-3600),
            notValidAfter: Date().addingTimeInterval(86_400 * 30),
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                // BoringSSL refuses to serve an ECDSA certificate whose key usage lacks digitalSignature.
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([
                    .dnsName("localhost"),
                    .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))
                ])
            },
            issuerPrivateKey: Certificate.PrivateKey(key)
        )
        return TestIdentity(certificate: certificate, privateKey: key)
    }
}

/// Misuse of the test helpers.
public enum TestSupportError: Error, Sendable, Equatable {
    case invalidIPv4(String)
    case serverNotRunning
}

/// A positive 16-byte serial: BoringSSL rejects the 21-byte encodings that a 20-byte random serial with the top
/// bit set produces.
public func randomSerialNumber() -> Certificate.SerialNumber {
    var bytes = (0..<16).map { _ in UInt8.random(in: 0...255) }
    bytes[0] = UInt8.random(in: 1...0x7F)
    return Certificate.SerialNumber(bytes: bytes)
}
