import IOSecCore

/// `network.trust-all` in Objective-C: `setAllowsAnyHTTPSCertificate:YES`, AFNetworking's
/// `allowInvalidCertificates = YES` / `validatesDomainName = NO`, and a challenge handler that answers
/// `NSURLSessionAuthChallengeUseCredential` with `credentialForTrust:` without evaluating the trust.
enum TrustAllObjCMatcher: ObjCRule {
    static var description: RuleDescription { TrustAllRule.description }

    /// Every finding is at one of these: the two setters, the two AFNetworking properties, `credentialForTrust:`.
    static let requiredNames: Set<String>? = [
        "setAllowsAnyHTTPSCertificate", "setAllowInvalidCertificates", "allowInvalidCertificates",
        "validatesDomainName", "credentialForTrust"
    ]

    static let evaluations: Set<String> = [
        "SecTrustEvaluateWithError", "SecTrustEvaluate", "SecTrustEvaluateAsyncWithError", "evaluateServerTrust"
    ]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends {
            if send.selector == "setAllowsAnyHTTPSCertificate:forHost:", let value = send.parts.first?.argument,
                isYes(value, source)
            {
                report(
                    file, source, at: send.open,
                    "setAllowsAnyHTTPSCertificate:YES turns off certificate validation for the host")
            } else if send.selector == "setAllowInvalidCertificates:", let value = send.parts.first?.argument,
                isYes(value, source)
            {
                report(
                    file, source, at: send.open,
                    "allowInvalidCertificates = YES accepts any certificate for the host; keep the default and pin with AFSSLPinningModePublicKey"
                )
            }
        }
        // With AFSSLPinningModePublicKey / Certificate, AFNetworking still requires a pinned key or certificate:
        // invalid or other-domain certificates pass only when pinned (trust on first use of self-signed servers), so
        // the pin is the protection and these are notes (info).
        let pins = source.mentions("AFSSLPinningModePublicKey") || source.mentions("AFSSLPinningModeCertificate")
        for assignment in source.assignments() {
            let target = source.lastIdentifier(in: assignment.target)
            if target == "allowInvalidCertificates", isYes(assignment.value, source) {
                if pins {
                    report(
                        file, source, at: assignment.equals - 1,
                        "allowInvalidCertificates = YES with pinning: pinned self-signed certificates pass, and so do expired or revoked ones; keep it NO where the server has a valid chain",
                        severity: .info)
                } else {
                    report(
                        file, source, at: assignment.equals - 1,
                        "allowInvalidCertificates = YES accepts any certificate for the host; keep the default and pin with AFSSLPinningModePublicKey"
                    )
                }
            } else if target == "validatesDomainName", source.identifiers(in: assignment.value) == ["NO"] {
                if pins {
                    report(
                        file, source, at: assignment.equals - 1,
                        "validatesDomainName = NO with pinning: a pinned certificate is accepted for any host name; keep it YES where the pinned certificate names the host",
                        severity: .info)
                } else {
                    report(
                        file, source, at: assignment.equals - 1,
                        "validatesDomainName = NO accepts a valid certificate issued for any other domain")
                }
            }
        }
        // Challenge handlers: `completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential
        // credentialForTrust:…])` in a body that never evaluates the trust.
        for send in source.sends where send.selector == "credentialForTrust:" {
            guard let body = source.body(containing: send.open) else { continue }
            let names = Set(source.identifiers(in: body.lowerBound..<body.upperBound))
            guard names.contains("NSURLSessionAuthChallengeUseCredential") || names.contains("useCredential"),
                names.isDisjoint(with: evaluations),
                !(isConditional(send.open, source) && delegatesValidation(in: body, source))
            else { continue }
            report(
                file, source, at: send.open,
                "the server trust is answered with .useCredential without SecTrustEvaluateWithError, so any certificate is accepted; evaluate the trust and cancel on failure"
            )
        }
    }

    /// As `ChallengeHandler` in Swift: the app's own check of the certificate (`[self evaluateCertificate:certificate
    /// forTask:task proceedHandler:handler]`, `[self.policy validateTrust:serverTrust]`, `[[CCCertificate sharedManager]
    /// checkTrustedChallenge:challenge]`) decides, in a method or file
    /// this one cannot see. Only counted when the answer is conditional (`if (proceed) { … useCredential … }`).
    private static func delegatesValidation(in body: ClosedRange<Int>, _ source: ObjCSource) -> Bool {
        source.sends.contains { send in
            guard body.contains(send.open), let name = send.parts.first?.name, !name.hasPrefix("Sec"),
                !Set(SensitiveName.words(name)).isDisjoint(with: ["evaluate", "validate", "verify", "check"])
            else { return false }
            return source.identifiers(in: send.open..<send.close).contains { identifier in
                !Set(SensitiveName.words(identifier)).isDisjoint(with: ["trust", "certificate", "cert"])
            }
        }
    }

    /// The innermost block around `index` is the body of an `if`.
    private static func isConditional(_ index: Int, _ source: ObjCSource) -> Bool {
        var position = index
        while let group = KeychainQueryUse.enclosingGroup(of: position, in: source) {
            if source.isPunct(group, "{"), !source.isPunct(group - 1, "@") {
                guard source.isPunct(group - 1, ")"), case let open = source.match[group - 1], open >= 0 else {
                    return false
                }
                return source.isIdentifier(open - 1, "if")
            }
            position = group
        }
        return false
    }

    private static func isYes(_ range: Range<Int>, _ source: ObjCSource) -> Bool {
        let names = source.identifiers(in: range)
        return names == ["YES"] || names == ["true"]
    }
}
