#if canImport(Security) && canImport(Darwin)
import Foundation
import Security

/// A `URLSessionDelegate` that enforces a ``PinSet`` on top of the system's trust evaluation.
///
/// The system evaluation (`SecTrustEvaluateWithError`) runs first and must pass; only then are the pins checked.
/// Hosts without pins get default handling. Never answer `.useCredential` for a trust that failed evaluation.
///
/// ```swift
/// let delegate = PinningURLSessionDelegate(evaluator: PinningEvaluator(pins: pinSet))
/// let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
/// ```
public final class PinningURLSessionDelegate: NSObject, URLSessionDelegate, Sendable {
    public let evaluator: PinningEvaluator

    public init(evaluator: PinningEvaluator) {
        self.evaluator = evaluator
    }

    public func urlSession(
        _ session: URLSession,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let space = challenge.protectionSpace
        guard space.authenticationMethod == NSURLAuthenticationMethodServerTrust, let trust = space.serverTrust else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        guard evaluator.pins.domain(for: space.host) != nil else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        var error: CFError?
        guard SecTrustEvaluateWithError(trust, &error) else {
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        let certificates = (SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []
        let chain = certificates.map { [UInt8](SecCertificateCopyData($0) as Data) }
        let result = evaluator.evaluate(host: space.host, port: space.port, chain: chain)
        if result.allowsConnection {
            completionHandler(.useCredential, URLCredential(trust: trust))
        } else {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}
#endif
