import Foundation
import IOSecKit
import NIOCore
import NIOSSL
import SwiftASN1
import X509

/// Public-key pinning for SwiftNIO-SSL clients and servers (Linux and macOS).
///
/// NIO-SSL's custom verification callback replaces BoringSSL's own verification, so this verifier first does the
/// normal trust evaluation itself (RFC 5280 path building to `trustRoots`, validity dates, and the server's name or
/// IP address), and only then checks the pins with ``PinningEvaluator``.
///
/// ```swift
/// let verifier = NIOPinningVerifier(evaluator: evaluator, trustRoots: roots, serverHostname: "api.example.com")
/// let handler = try NIOSSLClientHandler(context: sslContext, serverHostname: "api.example.com",
///                                       customVerificationCallback: verifier.callback)
/// ```
public struct NIOPinningVerifier: Sendable {
    public let evaluator: PinningEvaluator
    public let trustRoots: [Certificate]
    /// The name (or IP address) the client connected to; used for the identity check and for looking up pins.
    public let serverHostname: String
    public let port: Int?
    /// Check the certificate's name against `serverHostname` (off only for client-certificate verification).
    public let verifiesIdentity: Bool

    public init(
        evaluator: PinningEvaluator,
        trustRoots: [Certificate],
        serverHostname: String,
        port: Int? = nil,
        verifiesIdentity: Bool = true
    ) {
        self.evaluator = evaluator
        self.trustRoots = trustRoots
        self.serverHostname = serverHostname
        self.port = port
        self.verifiesIdentity = verifiesIdentity
    }

    /// Why a handshake was refused.
    public enum Failure: Sendable, Equatable {
        case untrusted(String)
        case pinning(PinningOutcome)
        case unreadableChain
    }

    /// The decision for a presented chain (leaf first), with the reason when refused.
    public func verify(derChain: [[UInt8]]) async -> (result: NIOSSLVerificationResult, failure: Failure?) {
        var parsed: [Certificate] = []
        for der in derChain {
            guard let certificate = try? Certificate(derEncoded: der) else {
                return (.failed, .unreadableChain)
            }
            parsed.append(certificate)
        }
        guard let leaf = parsed.first else { return (.failed, .unreadableChain) }

        let isIPAddress = Self.isIPAddress(serverHostname)
        let hostname = isIPAddress ? nil : serverHostname
        let ip = isIPAddress ? serverHostname : nil
        let checkIdentity = verifiesIdentity
        var verifier = Verifier(rootCertificates: CertificateStore(trustRoots)) {
            RFC5280Policy()  // Validity checked against the current time.
            if checkIdentity {
                ServerIdentityPolicy(serverHostname: hostname, serverIP: ip)
            }
        }
        let validation = await verifier.validate(leaf: leaf, intermediates: CertificateStore(parsed.dropFirst()))
        let validatedChain: [Certificate]
        switch validation {
        case .validCertificate(let chain):
            validatedChain = Array(chain)
        case .couldNotValidate(let failures):
            let reason =
                failures.first.map { String(describing: $0.policyFailureReason) } ?? "no chain to a trusted root"
            return (.failed, .untrusted(reason))
        }
        // Pin against the validated path (which includes the trusted root even if the server did not send it).
        var derValidated: [[UInt8]] = []
        for certificate in validatedChain {
            var serializer = DER.Serializer()
            guard (try? serializer.serialize(certificate)) != nil else { return (.failed, .unreadableChain) }
            derValidated.append(serializer.serializedBytes)
        }
        let pinning = evaluator.evaluate(host: serverHostname, port: port, chain: derValidated)
        return pinning.allowsConnection ? (.certificateVerified, nil) : (.failed, .pinning(pinning.outcome))
    }

    /// A callback for `NIOSSLClientHandler(context:serverHostname:customVerificationCallback:)` or
    /// `NIOSSLServerHandler(context:customVerificationCallback:)`.
    public var callback: @Sendable ([NIOSSLCertificate], EventLoopPromise<NIOSSLVerificationResult>) -> Void {
        { certificates, promise in
            let der = certificates.compactMap { try? $0.toDERBytes() }
            guard der.count == certificates.count else {
                promise.succeed(.failed)
                return
            }
            promise.completeWithTask { await self.verify(derChain: der).result }
        }
    }

    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") { return true }  // IPv6 literal.
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }
}
