/// `network.pinning-missing`: the app calls HTTPS APIs with URLSession but pins nothing, neither in Info.plist
/// (`NSPinnedDomains`) nor in a challenge handler that compares keys.
struct PinningMissingRule: ProjectRule {
    static let description = RuleDescription(
        id: "network.pinning-missing",
        title: "HTTPS API without certificate or key pinning",
        severity: .info,
        confidence: .medium,
        masvs: "MASVS-NETWORK-2",
        cwe: 295, owasp: OWASPReference("MASWE-0028", beta: "MASWE-0047", mastg: ["MASTG-TEST-0385"], .exact),
        rationale: """
            Without pinning, the app trusts any certificate a system-trusted CA issues for its API host: a mis-issued \
            certificate, a compromised CA, or a root a user (or an MDM profile, or malware) installed lets someone read \
            and change the traffic, tokens included. For apps that move money or health data, MASVS-NETWORK-2 expects \
            the API's identity to be pinned. Pinning has costs (a backup pin, a rotation plan), so this is advice.
            """,
        fix:
            "Pin the API's CA or leaf public keys with NSPinnedDomains in Info.plist (include a backup key), or evaluate the trust and compare SPKI hashes in urlSession(_:didReceive:completionHandler:).",
        fixExample: """
            <key>NSAppTransportSecurity</key>
            <dict>
                <key>NSPinnedDomains</key>
                <dict>
                    <key>api.acme.example.com</key>
                    <dict>
                        <key>NSPinnedCAIdentities</key>
                        <array>
                            <dict><key>SPKI-SHA256-BASE64</key><string>AOIn2LyCxgruegky2EzTjUv1S3QiBxHcL499J/0eE9c=</string></dict>
                            <dict><key>SPKI-SHA256-BASE64</key><string>5IFZ/beFsh5o+Wcaz3nfy+Gb5QvQReFiBKtXYwq9QtM=</string></dict>
                        </array>
                    </dict>
                </dict>
            </dict>
            """,
        triggeringExamples: [
            RuleExample(files: [
                (
                    "App/Info.plist",
                    """
                    ↓<?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.acme.wallet</string></dict></plist>
                    """
                ),
                (
                    "App/Networking/APIClient.swift",
                    """
                    struct APIClient {
                        let base = URL(string: "https://api.acme.example.com/v2/")!
                        func accounts() async throws -> Data {
                            try await URLSession.shared.data(from: base.appendingPathComponent("accounts")).0
                        }
                    }
                    """
                )
            ]),
            RuleExample(
                """
                public func fetchRates() async throws -> Data {
                    let url = URL(string: "https://rates.acme.example.com/v1/fx/latest")!
                    let (data, _) = try await ↓URLSession.shared.data(from: url)
                    return data
                }
                """, path: "Sources/RatesKit/RatesClient.swift"),
            // Evaluating the trust is what the system does anyway; nothing is compared to a pin.
            RuleExample(files: [
                (
                    "App/Info.plist",
                    """
                    ↓<?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.acme.wallet</string></dict></plist>
                    """
                ),
                (
                    "App/Networking/SessionDelegate.swift",
                    """
                    final class SessionDelegate: NSObject, URLSessionDelegate {
                        func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                            guard let trust = challenge.protectionSpace.serverTrust, SecTrustEvaluateWithError(trust, nil) else {
                                return completionHandler(.cancelAuthenticationChallenge, nil)
                            }
                            completionHandler(.useCredential, URLCredential(trust: trust))
                        }
                    }
                    let session = URLSession(configuration: .default, delegate: SessionDelegate(), delegateQueue: nil)
                    let endpoint = "https://api.acme.example.com/v2/"
                    """
                )
            ])
        ],
        nonTriggeringExamples: [
            // The pinning is done in Objective-C: AFNetworking pins the API's key, Swift calls URLSession.
            RuleExample(files: [
                (
                    "App/Legacy/ACMPinnedClient.m",
                    """
                    @implementation ACMPinnedClient
                    - (instancetype)init {
                        self.securityPolicy = [AFSecurityPolicy policyWithPinningMode:AFSSLPinningModePublicKey];
                        return self;
                    }
                    @end
                    """
                ),
                (
                    "App/APIClient.swift",
                    """
                    let data = try await URLSession.shared.data(from: URL(string: "https://api.acme.example.com/v2/me")!).0
                    """
                )
            ]),
            // An Objective-C challenge handler that evaluates the chain and compares its leaf with a pinned one.
            RuleExample(files: [
                (
                    "App/Legacy/ACMPinningDelegate.m",
                    """
                    - (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
                     completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                        SecTrustRef trust = challenge.protectionSpace.serverTrust;
                        SecCertificateRef leaf = SecTrustGetCertificateAtIndex(trust, 0);
                        NSData *leafData = (__bridge_transfer NSData *)SecCertificateCopyData(leaf);
                        if (SecTrustEvaluateWithError(trust, NULL) && [leafData isEqualToData:self.pinnedLeaf]) {
                            completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:trust]);
                        } else {
                            completionHandler(NSURLSessionAuthChallengeCancelAuthenticationChallenge, nil);
                        }
                    }
                    """
                ),
                (
                    "App/APIClient.swift",
                    """
                    let data = try await URLSession.shared.data(from: URL(string: "https://api.acme.example.com/v2/me")!).0
                    """
                )
            ]),
            RuleExample(files: [
                (
                    "App/Info.plist",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        <key>NSAppTransportSecurity</key>
                        <dict>
                            <key>NSPinnedDomains</key>
                            <dict>
                                <key>api.acme.example.com</key>
                                <dict>
                                    <key>NSPinnedLeafIdentities</key>
                                    <array><dict><key>SPKI-SHA256-BASE64</key><string>AOIn2LyCxgruegky2EzTjUv1S3QiBxHcL499J/0eE9c=</string></dict></array>
                                </dict>
                            </dict>
                        </dict>
                    </dict>
                    </plist>
                    """
                ),
                (
                    "App/APIClient.swift",
                    """
                    let data = try await URLSession.shared.data(from: URL(string: "https://api.acme.example.com/v2/me")!).0
                    """
                )
            ]),
            RuleExample(files: [
                (
                    "App/Info.plist",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.acme.wallet</string></dict></plist>
                    """
                ),
                (
                    "App/PinnedDelegate.swift",
                    """
                    final class PinnedDelegate: NSObject, URLSessionDelegate {
                        static let pins: Set<Data> = [Data(base64Encoded: "AOIn2LyCxgruegky2EzTjUv1S3QiBxHcL499J/0eE9c=")!]
                        func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                            guard let trust = challenge.protectionSpace.serverTrust, SecTrustEvaluateWithError(trust, nil),
                                  Self.matches(trust) else { return completionHandler(.cancelAuthenticationChallenge, nil) }
                            completionHandler(.useCredential, URLCredential(trust: trust))
                        }
                        static func matches(_ trust: SecTrust) -> Bool {
                            guard let key = SecTrustCopyKey(trust), let raw = SecKeyCopyExternalRepresentation(key, nil) as Data? else { return false }
                            return pins.contains(Data(SHA256.hash(data: raw)))
                        }
                    }
                    let session = URLSession(configuration: .ephemeral, delegate: PinnedDelegate(), delegateQueue: nil)
                    let base = URL(string: "https://api.acme.example.com/v2/")!
                    """
                )
            ]),
            // No network code: a help link opened in Safari.
            RuleExample(files: [
                (
                    "App/Info.plist",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.acme.wallet</string></dict></plist>
                    """
                ),
                (
                    "App/HelpButton.swift",
                    """
                    func openHelp() { UIApplication.shared.open(URL(string: "https://help.acme.example.com/faq")!) }
                    """
                )
            ]),
            // Only a local development server.
            RuleExample(
                """
                #if DEBUG
                let health = try await URLSession.shared.data(from: URL(string: "https://localhost:8443/health")!)
                let mock = URL(string: "https://127.0.0.1:8443/v2/")!
                #endif
                """, path: "App/DevServer.swift")
        ]
    )

    static func evaluate(_ project: ProjectContext) {
        let sessions = project.facts(FactKind.urlSession).sorted { ($0.file, $0.line) < ($1.file, $1.line) }
        let endpoints = project.facts(FactKind.httpsLiteral).sorted { ($0.file, $0.line) < ($1.file, $1.line) }
        guard let session = sessions.first, let endpoint = endpoints.first,
            project.facts(FactKind.pinnedDomains).isEmpty, project.facts(FactKind.pinningInCode).isEmpty
        else { return }
        let message = """
            the app calls HTTPS APIs (\(endpoint.value) at \(endpoint.file):\(endpoint.line)) with URLSession \
            (\(session.file):\(session.line)) but pins no key: no NSPinnedDomains in Info.plist and no challenge \
            handler that compares keys; consider pinning the API's CA or leaf keys, with a backup pin
            """
        if let plist = ProjectTargets(project).infoPlists(for: session.file).first {
            project.report(description, file: plist, line: 1, message: message)
        } else {
            project.report(
                description, file: session.file, line: session.line, column: session.column, message: message)
        }
    }
}
