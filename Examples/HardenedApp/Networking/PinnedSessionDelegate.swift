import CryptoKit
import Foundation
import OSLog
import Security

/// Accepts a server only if the system trusts its chain for the requested host *and* one of the
/// chain's public keys matches a pin. The same pins are in `NSPinnedDomains` (Info.plist), which
/// ATS enforces too; checking them here keeps the policy visible in code review and logs failures.
final class PinnedSessionDelegate: NSObject, URLSessionTaskDelegate {
    /// Base64 SHA-256 of the DER SubjectPublicKeyInfo of the issuing CA key we use today and of the
    /// backup CA key we would move to; both must be present so a CA change is not an outage.
    static let trustedSPKIHashes: Set<String> = [
        "AOIn2LyCxgruegky2EzTjUv1S3QiBxHcL499J/0eE9c=",
        "5IFZ/beFsh5o+Wcaz3nfy+Gb5QvQReFiBKtXYwq9QtM=",
    ]

    func urlSession(
        _ session: URLSession,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let serverTrust = challenge.protectionSpace.serverTrust
        else {
            // The API authenticates with bearer tokens; no other challenge is expected.
            completionHandler(.rejectProtectionSpace, nil)
            return
        }

        let host = challenge.protectionSpace.host
        guard Self.isPinnedHost(host) else {
            AppLogger.network.error("Refusing connection to unpinned host \(host, privacy: .public)")
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }

        var error: CFError?
        guard SecTrustEvaluateWithError(serverTrust, &error) else {
            AppLogger.network.error("Certificate for \(host, privacy: .public) not trusted: \(error?.localizedDescription ?? "unknown", privacy: .public)")
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }

        guard Self.chainMatchesPins(serverTrust) else {
            AppLogger.network.error("Certificate for \(host, privacy: .public) matches no pinned key")
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }

        completionHandler(.useCredential, URLCredential(trust: serverTrust))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        let path = task.originalRequest?.url?.path() ?? "-"
        let status = (task.response as? HTTPURLResponse)?.statusCode ?? 0
        let milliseconds = Int(metrics.taskInterval.duration * 1000)
        AppLogger.network.debug("\(path, privacy: .public) \(status) took \(milliseconds) ms")
        Task { await FileLogger.shared.append("\(path) \(status) \(milliseconds)ms") }
    }

    static func isPinnedHost(_ host: String) -> Bool {
        host == AppConfig.pinnedDomain || host.hasSuffix("." + AppConfig.pinnedDomain)
    }

    /// True if any certificate in the evaluated chain carries a pinned public key.
    static func chainMatchesPins(_ trust: SecTrust) -> Bool {
        guard let chain = SecTrustCopyCertificateChain(trust) as? [SecCertificate] else { return false }
        return chain.contains { certificate in
            guard let hash = spkiSHA256(of: certificate) else { return false }
            return trustedSPKIHashes.contains(hash)
        }
    }

    /// `SecKeyCopyExternalRepresentation` returns the bare key; the pin covers the full
    /// SubjectPublicKeyInfo, so the ASN.1 prefix for the key's algorithm goes in front.
    private static func spkiSHA256(of certificate: SecCertificate) -> String? {
        guard let publicKey = SecCertificateCopyKey(certificate),
              let attributes = SecKeyCopyAttributes(publicKey) as? [String: Any],
              let keyType = attributes[kSecAttrKeyType as String] as? String,
              let bits = attributes[kSecAttrKeySizeInBits as String] as? Int,
              let prefix = spkiPrefix(keyType: keyType, bits: bits),
              let rawKey = SecKeyCopyExternalRepresentation(publicKey, nil) as Data?
        else { return nil }
        let digest = SHA256.hash(data: Data(prefix) + rawKey)
        return Data(digest).base64EncodedString()
    }

    private static func spkiPrefix(keyType: String, bits: Int) -> [UInt8]? {
        if keyType == kSecAttrKeyTypeRSA as String {
            switch bits {
            case 2048:
                return [0x30, 0x82, 0x01, 0x22, 0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x01, 0x0F, 0x00]
            case 4096:
                return [0x30, 0x82, 0x02, 0x22, 0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x02, 0x0F, 0x00]
            default:
                return nil
            }
        }
        if keyType == kSecAttrKeyTypeECSECPrimeRandom as String {
            switch bits {
            case 256:
                return [0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00]
            case 384:
                return [0x30, 0x76, 0x30, 0x10, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22, 0x03, 0x62, 0x00]
            default:
                return nil
            }
        }
        return nil
    }
}
