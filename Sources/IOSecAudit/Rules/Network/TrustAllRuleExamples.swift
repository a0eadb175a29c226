/// `network.trust-all`'s examples, kept apart from the rule (as SwiftLint keeps `…RuleExamples.swift`): they are
/// long, and they are the rule's tests and documentation.
enum TrustAllRuleExamples {
    static let triggering: [RuleExample] = [
        RuleExample(
            """
            _securityPolicy = [AFSecurityPolicy policyWithPinningMode:AFSSLPinningModePublicKey];
            self.securityPolicy.↓validatesDomainName = NO;
            """, path: "App/Pinning.m", findings: [FindingSpec(severity: .info, message: "with pinning")]),
        RuleExample(
            """
            - (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
             completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                completionHandler(NSURLSessionAuthChallengeUseCredential, ↓[NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust]);
            }
            """, path: "App/Net.m",
            findings: [FindingSpec(severity: .critical, message: "without SecTrustEvaluateWithError")]),
        // A condition that looks at no certificate or trust is no check of the server.
        RuleExample(
            """
            - (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
             completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                if ([self.settings checkAllowsSelfSigned:session]) {
                    completionHandler(NSURLSessionAuthChallengeUseCredential, ↓[NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust]);
                }
            }
            """, path: "App/Net.m",
            findings: [FindingSpec(severity: .critical, message: "without SecTrustEvaluateWithError")]),
        // A check whose verdict is never used does not count: the answer is unconditional.
        RuleExample(
            """
            - (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
             completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                SecTrustRef serverTrust = challenge.protectionSpace.serverTrust;
                [self validateCertificateOf:serverTrust];
                completionHandler(NSURLSessionAuthChallengeUseCredential, ↓[NSURLCredential credentialForTrust:serverTrust]);
            }
            """, path: "App/Net.m",
            findings: [FindingSpec(severity: .critical, message: "without SecTrustEvaluateWithError")]),
        RuleExample(
            """
            AFSecurityPolicy *policy = [AFSecurityPolicy defaultPolicy];
            policy.↓allowInvalidCertificates = YES;
            policy.↓validatesDomainName = NO;
            ↓[NSURLRequest setAllowsAnyHTTPSCertificate:YES forHost:host];
            """, path: "App/Net.m",
            findings: [
                FindingSpec(severity: .critical, message: "allowInvalidCertificates = YES accepts any certificate"),
                FindingSpec(severity: .critical, message: "issued for any other domain"),
                FindingSpec(severity: .critical, message: "setAllowsAnyHTTPSCertificate:YES")
            ]),
        RuleExample(
            """
            final class APIClientDelegate: NSObject, URLSessionDelegate {
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    if let trust = challenge.protectionSpace.serverTrust {
                        ↓completionHandler(.useCredential, URLCredential(trust: trust))
                    } else {
                        completionHandler(.performDefaultHandling, nil)
                    }
                }
            }
            """, findings: [FindingSpec(severity: .critical, confidence: .high, message: "without evaluating it")]),
        RuleExample(
            """
            final class Delegate: NSObject, URLSessionTaskDelegate {
                func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    guard let trust = challenge.protectionSpace.serverTrust else { return completionHandler(.performDefaultHandling, nil) }
                    _ = SecTrustEvaluateWithError(trust, nil)
                    ↓completionHandler(.useCredential, URLCredential(trust: trust))
                }
            }
            """, findings: [FindingSpec(severity: .critical, message: "the result of SecTrustEvaluate is ignored")]),
        RuleExample(
            """
            final class AsyncDelegate: NSObject, URLSessionDelegate {
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge) async
                    -> (URLSession.AuthChallengeDisposition, URLCredential?) {
                    guard let trust = challenge.protectionSpace.serverTrust else { return (.performDefaultHandling, nil) }
                    return ↓(.useCredential, URLCredential(trust: trust))
                }
            }
            """, findings: [FindingSpec(severity: .critical, message: "without evaluating it")]),
        RuleExample(
            """
            final class PinningSessionDelegate: NSObject, URLSessionDelegate {
                let pinnedKeyHashes: Set<String> = ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="]
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    ↓completionHandler(.performDefaultHandling, nil)
                }
            }
            """,
            findings: [
                FindingSpec(
                    severity: .critical,
                    message: "'PinningSessionDelegate' claims to pin but answers .performDefaultHandling")
            ]),
        RuleExample(
            """
            final class LegacyConnection: NSObject, NSURLConnectionDelegate {
                func ↓connection(_ connection: NSURLConnection, canAuthenticateAgainst protectionSpace: URLProtectionSpace) -> Bool {
                    return protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust
                }
            }
            """,
            findings: [
                FindingSpec(severity: .critical, message: "canAuthenticateAgainst returns true for server trust")
            ]),
        RuleExample(
            #"↓NSURLRequest.setAllowsAnyHTTPSCertificate(true, forHost: "api.acme-shop.com")"#,
            findings: [FindingSpec(severity: .critical, message: "turns off certificate validation")]),
        RuleExample(
            #"let manager = ServerTrustManager(evaluators: ["api.acme-shop.com": ↓DisabledTrustEvaluator()])"#,
            findings: [FindingSpec(severity: .critical, message: "DisabledTrustEvaluator accepts any certificate")]),
        // Evaluated, but a type that says it pins never compares a pin.
        RuleExample(
            """
            final class CertificatePinningDelegate: NSObject, URLSessionDelegate {
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    guard let trust = challenge.protectionSpace.serverTrust, SecTrustEvaluateWithError(trust, nil) else {
                        return completionHandler(.cancelAuthenticationChallenge, nil)
                    }
                    ↓completionHandler(.useCredential, URLCredential(trust: trust))
                }
            }
            """,
            findings: [
                FindingSpec(
                    severity: .critical,
                    message: "'CertificatePinningDelegate' claims to pin but this handler accepts the trust")
            ]),
        RuleExample(
            """
            final class LenientProtocol: URLProtocol {
                @objc class func ↓allowsAnyHTTPSCertificate(forHost host: String) -> Bool { true }
            }
            """, findings: [FindingSpec(severity: .critical, message: "allowsAnyHTTPSCertificate returns true")]),
        // WKWebView's handler trusts the same way.
        RuleExample(
            """
            extension StatementViewController: WKNavigationDelegate {
                func webView(_ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
                             completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    guard let trust = challenge.protectionSpace.serverTrust else { return completionHandler(.performDefaultHandling, nil) }
                    ↓completionHandler(.useCredential, URLCredential(trust: trust))
                }
            }
            """, findings: [FindingSpec(severity: .critical, message: "without evaluating it")]),
        // NSURLConnection answers through the challenge's sender.
        RuleExample(
            """
            func connection(_ connection: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
                if let trust = challenge.protectionSpace.serverTrust {
                    ↓challenge.sender?.use(URLCredential(trust: trust), for: challenge)
                }
            }
            """, findings: [FindingSpec(severity: .critical, message: "without evaluating it")]),
        RuleExample(
            """
            // "Pinning" that replaces validation: the bytes match, the chain is never evaluated.
            func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                guard let serverTrust = challenge.protectionSpace.serverTrust,
                      let serverCert = SecTrustGetCertificateAtIndex(serverTrust, 0) else { return completionHandler(.cancelAuthenticationChallenge, nil) }
                let remoteCertData = SecCertificateCopyData(serverCert) as Data
                let localCertData = try! Data(contentsOf: Bundle.main.url(forResource: "api", withExtension: "der")!)
                if remoteCertData == localCertData {
                    ↓completionHandler(.useCredential, URLCredential(trust: serverTrust))
                } else {
                    completionHandler(.cancelAuthenticationChallenge, nil)
                }
            }
            """, findings: [FindingSpec(severity: .high, confidence: .medium, message: "the chain is never evaluated")])
    ]

    static let nonTriggering: [RuleExample] = [
        RuleExample(
            """
            // A private delegate nothing in its file makes: it never receives a challenge.
            private final class URLSessionUnsecureDelegate: NSObject, URLSessionDelegate {
                func urlSession(
                    _ session: URLSession, didReceive challenge: URLAuthenticationChallenge
                ) async -> (URLSession.AuthChallengeDisposition, URLCredential?) {
                    if let trust = challenge.protectionSpace.serverTrust { return (.useCredential, URLCredential(trust: trust)) }
                    return (.performDefaultHandling, nil)
                }
            }
            """),
        RuleExample(
            """
            - (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
             completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                SecTrustRef trust = challenge.protectionSpace.serverTrust;
                if (SecTrustEvaluateWithError(trust, NULL) && [self.pins matchTrust:trust]) {
                    completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:trust]);
                } else {
                    completionHandler(NSURLSessionAuthChallengeCancelAuthenticationChallenge, nil);
                }
            }
            """, path: "App/Net.m"),
        RuleExample(
            """
            policy.allowInvalidCertificates = NO;
            policy.validatesDomainName = YES;
            """, path: "App/Net.m"),
        // The app's own certificate check decides, in another method; the answer follows its verdict.
        RuleExample(
            """
            - (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)task didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
             completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                SecTrustRef serverTrust = challenge.protectionSpace.serverTrust;
                ACMCertificate *certificate = [ACMCertificate certificateWithTrustRef:serverTrust hostName:task.currentRequest.URL.host];
                ACMProceedHandler proceedHandler = ^(BOOL proceed, NSError *error) {
                    if (proceed) {
                        completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:serverTrust]);
                    } else {
                        completionHandler(NSURLSessionAuthChallengeCancelAuthenticationChallenge, nil);
                    }
                };
                [self evaluateCertificate:certificate forTask:task proceedHandler:proceedHandler];
            }
            """, path: "App/ACMPipeline.m"),
        // A store of certificates the user accepted checks the challenge first (Nextcloud's CCCertificate).
        RuleExample(
            """
            - (void)webView:(WKWebView *)webView didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition disposition, NSURLCredential *credential))completionHandler {
                if ([[CCCertificate sharedManager] checkTrustedChallenge:challenge]) {
                    completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust]);
                } else {
                    completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil);
                }
            }
            """, path: "Login/AuthenticationViewController.m"),
        RuleExample(
            """
            final class PinningSessionDelegate: NSObject, URLSessionDelegate {
                let pinnedKeyHashes: Set<String> = ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="]
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                          let trust = challenge.protectionSpace.serverTrust else {
                        return completionHandler(.performDefaultHandling, nil)
                    }
                    guard SecTrustEvaluateWithError(trust, nil), let hash = Self.leafKeyHash(trust),
                          pinnedKeyHashes.contains(hash) else {
                        return completionHandler(.cancelAuthenticationChallenge, nil)
                    }
                    completionHandler(.useCredential, URLCredential(trust: trust))
                }
            }
            """),
        RuleExample(
            """
            final class MetricsDelegate: NSObject, URLSessionTaskDelegate {
                func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    completionHandler(.performDefaultHandling, nil)
                }
            }
            """),
        RuleExample(
            """
            final class StrictDelegate: NSObject, URLSessionDelegate {
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge) async
                    -> (URLSession.AuthChallengeDisposition, URLCredential?) {
                    guard let trust = challenge.protectionSpace.serverTrust else { return (.cancelAuthenticationChallenge, nil) }
                    let trusted = SecTrustEvaluateWithError(trust, nil)
                    return trusted ? (.useCredential, URLCredential(trust: trust)) : (.cancelAuthenticationChallenge, nil)
                }
            }
            """),
        RuleExample(
            """
            final class EvaluatorDelegate: NSObject, URLSessionDelegate {
                let evaluator = PublicKeysTrustEvaluator()
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    guard let trust = challenge.protectionSpace.serverTrust else { return completionHandler(.performDefaultHandling, nil) }
                    do {
                        try evaluator.evaluate(trust, forHost: challenge.protectionSpace.host)
                        completionHandler(.useCredential, URLCredential(trust: trust))
                    } catch {
                        completionHandler(.cancelAuthenticationChallenge, nil)
                    }
                }
            }
            """),
        RuleExample(
            """
            final class ClientCertificateDelegate: NSObject, URLSessionDelegate {
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodClientCertificate else {
                        return completionHandler(.performDefaultHandling, nil)
                    }
                    completionHandler(.useCredential, URLCredential(identity: identity, certificates: nil, persistence: .forSession))
                }
            }
            """),
        RuleExample(
            """
            func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
                completionHandler(.allow)
            }
            """),
        RuleExample(
            """
            // Mutual TLS: the client certificate answer is the app's identity, not the server's trust.
            func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                switch challenge.protectionSpace.authenticationMethod {
                case NSURLAuthenticationMethodClientCertificate:
                    let clientCredential = URLCredential(identity: identity, certificates: nil, persistence: .forSession)
                    completionHandler(.useCredential, clientCredential)
                default:
                    completionHandler(.performDefaultHandling, nil)
                }
            }
            """),
        // The older API, its verdict checked through `&result`.
        RuleExample(
            """
            func connection(_ connection: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
                guard let trust = challenge.protectionSpace.serverTrust else { return }
                var result = SecTrustResultType.invalid
                SecTrustEvaluate(trust, &result)
                if result == .unspecified || result == .proceed {
                    challenge.sender?.use(URLCredential(trust: trust), for: challenge)
                } else {
                    challenge.sender?.cancel(challenge)
                }
            }
            """),
        RuleExample(
            """
            extension HelpViewController: WKNavigationDelegate {
                func webView(_ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
                             completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    completionHandler(.performDefaultHandling, nil)
                }
            }
            """),
        RuleExample(
            """
            final class LenientProtocol: URLProtocol {
                @objc class func allowsAnyHTTPSCertificate(forHost host: String) -> Bool { false }
            }
            """)
    ]
}
