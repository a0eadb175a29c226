import Foundation

final class MutualTLSDelegate: NSObject, URLSessionDelegate {
    private let clientCredential: URLCredential

    init(clientCredential: URLCredential) {
        self.clientCredential = clientCredential
    }

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        switch challenge.protectionSpace.authenticationMethod {
        case NSURLAuthenticationMethodClientCertificate:
            completionHandler(.useCredential, clientCredential)
        default:
            completionHandler(.performDefaultHandling, nil)
        }
    }
}
