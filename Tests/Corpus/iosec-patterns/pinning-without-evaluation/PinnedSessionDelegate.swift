import Foundation
import Security

final class PinnedSessionDelegate: NSObject, URLSessionDelegate {
    private let pinnedCertificate: Data

    init(pinnedCertificate: Data) {
        self.pinnedCertificate = pinnedCertificate
    }

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard let serverTrust = challenge.protectionSpace.serverTrust,
              let chain = SecTrustCopyCertificateChain(serverTrust) as? [SecCertificate],
              let leaf = chain.first else {
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        let serverCertificate = SecCertificateCopyData(leaf) as Data
        if serverCertificate == pinnedCertificate {
            completionHandler(.useCredential, URLCredential(trust: serverTrust))
        } else {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}
