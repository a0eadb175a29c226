import Foundation
import Security
import CryptoKit

enum CertificatePins {
    /// Base64 SHA-256 digests of the SubjectPublicKeyInfo for the current and the
    /// next (pre-generated, offline) API keys. Rotate by shipping the backup first.
    static let production: [String: Set<String>] = [
        "api.northwindbank.com": [
            "I/baEDuwFiDYfC9KdYL2ZNQgU1KRLRJ5xSAQrhnKaFE=",
            "7dFcy3uavUhMjXffV4ANP2tpSnhdC2sEuIbfDLhP2cM=",
        ],
    ]

    static let staging: [String: Set<String>] = [
        "api.staging.northwindbank.com": [
            "GFBxM6kZd9YEY02dwug0n5kdkRE8+HkK5W/n/WjiYMc=",
            "TUKT+N0hY2tyEGYxxK8QyGJ+W0hZi43A8ukl4fUjm0g=",
        ],
    ]
}

final class PinningSessionDelegate: NSObject, URLSessionDelegate {
    private let pins: [String: Set<String>]

    init(pins: [String: Set<String>]) {
        self.pins = pins
        super.init()
    }

    func urlSession(
        _ session: URLSession,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let serverTrust = challenge.protectionSpace.serverTrust else {
            completionHandler(.performDefaultHandling, nil)
            return
        }

        let host = challenge.protectionSpace.host.lowercased()
        guard let expectedHashes = pins[host] else {
            // Not a pinned host: let the system perform standard trust evaluation.
            completionHandler(.performDefaultHandling, nil)
            return
        }

        var trustError: CFError?
        guard SecTrustEvaluateWithError(serverTrust, &trustError) else {
            AppLog.network.error("Trust evaluation failed for pinned host")
            AppLog.event(.pinningFailed)
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }

        let chain = (SecTrustCopyCertificateChain(serverTrust) as? [SecCertificate]) ?? []
        let matched = chain.contains { certificate in
            guard let hash = Self.subjectPublicKeyInfoHash(of: certificate) else { return false }
            return expectedHashes.contains(hash)
        }

        guard matched else {
            AppLog.event(.pinningFailed)
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        completionHandler(.useCredential, URLCredential(trust: serverTrust))
    }

    static func subjectPublicKeyInfoHash(of certificate: SecCertificate) -> String? {
        guard let publicKey = SecCertificateCopyKey(certificate),
              let attributes = SecKeyCopyAttributes(publicKey) as? [String: Any],
              let keyType = attributes[kSecAttrKeyType as String] as? String,
              let keySize = attributes[kSecAttrKeySizeInBits as String] as? Int,
              let header = SPKIHeader.prefix(forKeyType: keyType, bits: keySize),
              let rawKey = SecKeyCopyExternalRepresentation(publicKey, nil) as Data? else {
            return nil
        }
        var spki = Data(header)
        spki.append(rawKey)
        return Data(SHA256.hash(data: spki)).base64EncodedString()
    }
}

/// ASN.1 prefixes needed to turn SecKey's raw export into a DER SubjectPublicKeyInfo.
private enum SPKIHeader {
    static let rsa2048: [UInt8] = [
        0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
        0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x01, 0x0f, 0x00,
    ]

    static let ecP256: [UInt8] = [
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02,
        0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03,
        0x42, 0x00,
    ]

    static func prefix(forKeyType keyType: String, bits: Int) -> [UInt8]? {
        if keyType == (kSecAttrKeyTypeRSA as String), bits == 2048 { return rsa2048 }
        if keyType == (kSecAttrKeyTypeECSECPrimeRandom as String), bits == 256 { return ecP256 }
        return nil
    }
}

extension URLSession {
    static func pinned(pins: [String: Set<String>]) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.tlsMinimumSupportedProtocolVersion = .TLSv12
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.waitsForConnectivity = true
        configuration.timeoutIntervalForResource = 60
        return URLSession(configuration: configuration, delegate: PinningSessionDelegate(pins: pins), delegateQueue: nil)
    }
}
