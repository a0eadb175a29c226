import IOSecCore
import SwiftSyntax

/// `network.trust-all`: a server-trust challenge handler that accepts any certificate, a pinning delegate that
/// never compares pins, or a private API / library switch that turns certificate checks off.
struct TrustAllRule: SwiftRule {
    static let description = RuleDescription(
        id: "network.trust-all",
        title: "Server certificate accepted without validation",
        severity: .critical,
        confidence: .high,
        masvs: "MASVS-NETWORK-1",
        cwe: 295,
        owasp: OWASPReference("MASWE-0027", beta: "MASWE-0052", mastg: ["MASTG-TEST-0396", "MASTG-TEST-0397"], .exact),
        rationale: """
            Answering a server-trust challenge with `.useCredential` and `URLCredential(trust:)` tells URLSession \
            the certificate is good. Unless the handler first evaluates the trust (`SecTrustEvaluateWithError`, with \
            its result checked) or compares pinned keys, any certificate is accepted, and anyone on the network path \
            can impersonate the server with a self-signed one and read or alter all traffic, tokens included. A \
            delegate that claims to pin but falls back to default handling gives a false sense of protection.
            """,
        fix:
            "Evaluate the trust with SecTrustEvaluateWithError and check the result (and compare pinned SPKI hashes if you pin); otherwise return .performDefaultHandling.",
        fixExample: """
            func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                      let trust = challenge.protectionSpace.serverTrust else {
                    return completionHandler(.performDefaultHandling, nil)
                }
                guard SecTrustEvaluateWithError(trust, nil),
                      let key = (SecTrustCopyCertificateChain(trust) as? [SecCertificate])?.first.flatMap(SecCertificateCopyKey),
                      pinnedKeyHashes.contains(Self.spkiHash(of: key)) else {
                    return completionHandler(.cancelAuthenticationChallenge, nil)
                }
                completionHandler(.useCredential, URLCredential(trust: trust))
            }
            """,
        triggeringExamples: TrustAllRuleExamples.triggering,
        nonTriggeringExamples: TrustAllRuleExamples.nonTriggering
    )

    static let subscription = Subscription(
        calls: .named([
            "setAllowsAnyHTTPSCertificate", "DisabledTrustEvaluator", "DisabledEvaluator"
        ]),
        functions: wantsFunction(named:))

    static func wantsFunction(named name: String) -> Bool {
        ChallengeHandler.callbackNames.contains(name) || name == "allowsAnyHTTPSCertificate"
    }

    mutating func visit(_ function: FunctionDeclSyntax, in file: SwiftFile) {
        switch function.name.text {
        case "urlSession", "webView", "connection":
            if let handler = ChallengeHandler(function) {
                check(handler, in: file)
            } else if function.name.text == "connection", Self.isCanAuthenticate(function) {
                checkCanAuthenticate(function, in: file)
            }
        case "allowsAnyHTTPSCertificate":
            if Self.returnsTrue(function) {
                report(
                    file, at: function.name,
                    "allowsAnyHTTPSCertificate returns true: every certificate for the host is accepted")
            }
        default:
            break
        }
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName else { return }
        switch name {
        case "setAllowsAnyHTTPSCertificate":
            if call.arguments.first?.expression.booleanLiteralValue == true {
                report(
                    file, at: call,
                    "setAllowsAnyHTTPSCertificate(true, …) turns off certificate validation for the host")
            }
        case "DisabledTrustEvaluator", "DisabledEvaluator":
            report(
                file, at: call,
                "\(name) accepts any certificate for the host; use DefaultTrustEvaluator or PublicKeysTrustEvaluator")
        default:
            break
        }
    }

    // MARK: - Challenge handlers

    private func check(_ handler: ChallengeHandler, in file: SwiftFile) {
        let typeName = ChallengeHandler.pinningTypeName(around: handler.function)
        if handler.createsTrustCredential, let answer = handler.useCredentialAnswers.first {
            let evaluated = handler.evaluates(before: answer)
            if !evaluated && handler.evaluations.isEmpty && (handler.comparesPins || handler.comparesCertificates) {
                // Pinning that replaces validation instead of adding to it: expiry, revocation and the host name
                // are never checked.
                report(
                    file, at: answer,
                    "the server's certificate or key is compared with a pin, but the chain is never evaluated (SecTrustEvaluateWithError): expired, revoked or misissued certificates are accepted",
                    severity: .high, confidence: .medium)
            } else if !evaluated && !handler.checksPins {
                report(
                    file, at: answer,
                    handler.ignoresAnEvaluation
                        ? "the result of SecTrustEvaluate is ignored, so .useCredential accepts any server certificate; check it and cancel on failure"
                        : "answers .useCredential with the server's own trust without evaluating it: any certificate is accepted"
                )
            } else if let typeName, !handler.checksPins {
                report(
                    file, at: answer,
                    "'\(typeName)' claims to pin but this handler accepts the trust without comparing pins")
            }
        } else if let typeName, !handler.checksPins, let answer = handler.defaultHandlingAnswers.first {
            report(
                file, at: answer,
                "'\(typeName)' claims to pin but answers .performDefaultHandling without comparing pins")
        }
    }

    private static func isCanAuthenticate(_ function: FunctionDeclSyntax) -> Bool {
        function.signature.parameterClause.parameters.contains {
            $0.firstName.text.hasPrefix("canAuthenticateAgainst")
        }
    }

    /// `connection(_:canAuthenticateAgainst:)` that says yes to server-trust spaces hands them to a
    /// `didReceive` handler, the classic place for trust-all code.
    private func checkCanAuthenticate(_ function: FunctionDeclSyntax, in file: SwiftFile) {
        guard let body = function.body else { return }
        let returnsServerTrust =
            Self.returnsTrue(function)
            || body.statements.tokens(viewMode: .sourceAccurate).contains {
                $0.text == "NSURLAuthenticationMethodServerTrust"
            }
        guard returnsServerTrust else { return }
        report(
            file, at: function.name,
            "canAuthenticateAgainst returns true for server trust, taking over certificate validation from the system")
    }

    /// `return true` anywhere in the body, or a body that is just `true`.
    private static func returnsTrue(_ function: FunctionDeclSyntax) -> Bool {
        guard let statements = function.body?.statements else { return false }
        if statements.count == 1, let only = statements.first?.item.as(ExprSyntax.self) {
            return only.booleanLiteralValue == true
        }
        return statements.tokens(viewMode: .sourceAccurate).contains { token in
            token.tokenKind == .keyword(.true) && token.parent?.parent?.is(ReturnStmtSyntax.self) == true
        }
    }

}
