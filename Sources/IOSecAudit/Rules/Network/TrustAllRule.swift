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
        rationale: """
        Answering a server-trust challenge with `.useCredential` and `URLCredential(trust:)` tells URLSession \
        the certificate is good. Unless the handler first evaluates the trust (`SecTrustEvaluateWithError`, with \
        its result checked) or compares pinned keys, any certificate is accepted, and anyone on the network path \
        can impersonate the server with a self-signed one and read or alter all traffic, tokens included. A \
        delegate that claims to pin but falls back to default handling gives a false sense of protection.
        """,
        fix: "Evaluate the trust with SecTrustEvaluateWithError and check the result (and compare pinned SPKI hashes if you pin); otherwise return .performDefaultHandling.",
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
        triggeringExamples: [
            RuleExample("""
            _securityPolicy = [AFSecurityPolicy policyWithPinningMode:AFSSLPinningModePublicKey];
            self.securityPolicy.↓validatesDomainName = NO;
            """, path: "App/Pinning.m"),
            RuleExample("""
            - (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
             completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                completionHandler(NSURLSessionAuthChallengeUseCredential, ↓[NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust]);
            }
            """, path: "App/Net.m"),
            RuleExample("""
            AFSecurityPolicy *policy = [AFSecurityPolicy defaultPolicy];
            policy.↓allowInvalidCertificates = YES;
            policy.↓validatesDomainName = NO;
            ↓[NSURLRequest setAllowsAnyHTTPSCertificate:YES forHost:host];
            """, path: "App/Net.m"),
            RuleExample("""
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
            """),
            RuleExample("""
            final class Delegate: NSObject, URLSessionTaskDelegate {
                func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    guard let trust = challenge.protectionSpace.serverTrust else { return completionHandler(.performDefaultHandling, nil) }
                    _ = SecTrustEvaluateWithError(trust, nil)
                    ↓completionHandler(.useCredential, URLCredential(trust: trust))
                }
            }
            """),
            RuleExample("""
            final class AsyncDelegate: NSObject, URLSessionDelegate {
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge) async
                    -> (URLSession.AuthChallengeDisposition, URLCredential?) {
                    guard let trust = challenge.protectionSpace.serverTrust else { return (.performDefaultHandling, nil) }
                    return ↓(.useCredential, URLCredential(trust: trust))
                }
            }
            """),
            RuleExample("""
            final class PinningSessionDelegate: NSObject, URLSessionDelegate {
                let pinnedKeyHashes: Set<String> = ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="]
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    ↓completionHandler(.performDefaultHandling, nil)
                }
            }
            """),
            RuleExample("""
            final class LegacyConnection: NSObject, NSURLConnectionDelegate {
                func ↓connection(_ connection: NSURLConnection, canAuthenticateAgainst protectionSpace: URLProtectionSpace) -> Bool {
                    return protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust
                }
            }
            """),
            RuleExample(#"↓NSURLRequest.setAllowsAnyHTTPSCertificate(true, forHost: "api.acme-shop.com")"#),
            RuleExample(#"let manager = ServerTrustManager(evaluators: ["api.acme-shop.com": ↓DisabledTrustEvaluator()])"#),
            RuleExample("""
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
            """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
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
            RuleExample("""
            policy.allowInvalidCertificates = NO;
            policy.validatesDomainName = YES;
            """, path: "App/Net.m"),
            RuleExample("""
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
            RuleExample("""
            final class MetricsDelegate: NSObject, URLSessionTaskDelegate {
                func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    completionHandler(.performDefaultHandling, nil)
                }
            }
            """),
            RuleExample("""
            final class StrictDelegate: NSObject, URLSessionDelegate {
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge) async
                    -> (URLSession.AuthChallengeDisposition, URLCredential?) {
                    guard let trust = challenge.protectionSpace.serverTrust else { return (.cancelAuthenticationChallenge, nil) }
                    let trusted = SecTrustEvaluateWithError(trust, nil)
                    return trusted ? (.useCredential, URLCredential(trust: trust)) : (.cancelAuthenticationChallenge, nil)
                }
            }
            """),
            RuleExample("""
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
            RuleExample("""
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
            RuleExample("""
            func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
                completionHandler(.allow)
            }
            """),
            RuleExample("""
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
        ]
    )

    static let calleeNames: Set<String>? = ["setAllowsAnyHTTPSCertificate", "DisabledTrustEvaluator", "DisabledEvaluator"]

    mutating func visit(_ function: FunctionDeclSyntax, in file: SwiftFile) {
        switch function.name.text {
        case "urlSession", "webView", "connection":
            if Self.takesChallenge(function) {
                checkHandler(function, in: file)
            } else if function.name.text == "connection", Self.isCanAuthenticate(function) {
                checkCanAuthenticate(function, in: file)
            }
        case "allowsAnyHTTPSCertificate":
            if Self.returnsTrue(function) {
                report(file, at: function.name, "allowsAnyHTTPSCertificate returns true: every certificate for the host is accepted")
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
                report(file, at: call, "setAllowsAnyHTTPSCertificate(true, …) turns off certificate validation for the host")
            }
        case "DisabledTrustEvaluator", "DisabledEvaluator":
            report(file, at: call, "\(name) accepts any certificate for the host; use DefaultTrustEvaluator or PublicKeysTrustEvaluator")
        default:
            break
        }
    }

    // MARK: - Challenge handlers

    private func checkHandler(_ function: FunctionDeclSyntax, in file: SwiftFile) {
        guard let body = function.body else { return }
        let scan = ChallengeHandlerScan(viewMode: .sourceAccurate)
        scan.walk(body)
        let delegated = scan.delegatesValidation
        let pinsCompared = delegated || scan.comparesPins
        let typeName = Self.pinningTypeName(around: function)

        if scan.createsTrustCredential, let answer = scan.useCredentialAnswers.first {
            let evaluated = delegated || scan.evaluations.contains { $0.used(scan.conditionNames) && $0.node.position < answer.position }
            if !evaluated && scan.evaluations.isEmpty && (scan.comparesPins || scan.comparesCertificates) {
                // Pinning that replaces validation instead of adding to it: expiry, revocation and the host name
                // are never checked.
                report(file, at: answer,
                       "the server's certificate or key is compared with a pin, but the chain is never evaluated (SecTrustEvaluateWithError): expired, revoked or misissued certificates are accepted",
                       severity: .high, confidence: .medium)
            } else if !evaluated && !pinsCompared {
                let ignored = scan.evaluations.contains { !$0.used(scan.conditionNames) }
                report(file, at: answer, ignored
                    ? "the result of SecTrustEvaluate is ignored, so .useCredential accepts any server certificate; check it and cancel on failure"
                    : "answers .useCredential with the server's own trust without evaluating it: any certificate is accepted")
            } else if let typeName, !pinsCompared {
                report(file, at: answer, "'\(typeName)' claims to pin but this handler accepts the trust without comparing pins")
            }
        } else if let typeName, !pinsCompared, let answer = scan.defaultHandlingAnswers.first {
            report(file, at: answer, "'\(typeName)' claims to pin but answers .performDefaultHandling without comparing pins")
        }
    }

    /// A parameter of type `URLAuthenticationChallenge` (`didReceive`, `willSendRequestFor`, `respondTo`).
    private static func takesChallenge(_ function: FunctionDeclSyntax) -> Bool {
        function.signature.parameterClause.parameters.contains {
            $0.type.sourceText.hasSuffix("AuthenticationChallenge")
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
        let returnsServerTrust = Self.returnsTrue(function) || body.statements.tokens(viewMode: .sourceAccurate).contains {
            $0.text == "NSURLAuthenticationMethodServerTrust"
        }
        guard returnsServerTrust else { return }
        report(file, at: function.name, "canAuthenticateAgainst returns true for server trust, taking over certificate validation from the system")
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

    static let pinWords: Set<String> = ["pin", "pins", "pinned", "pinning", "pinner", "spki", "fingerprint", "fingerprints"]

    static func isPinLike(_ name: String) -> Bool {
        SensitiveName.words(name).contains { pinWords.contains($0) }
    }

    /// The enclosing type's name when it or one of its stored properties says it pins.
    private static func pinningTypeName(around node: some SyntaxProtocol) -> String? {
        guard let type = node.enclosingTypeDecl else { return nil }
        let name: String
        if let c = type.as(ClassDeclSyntax.self) { name = c.name.text }
        else if let s = type.as(StructDeclSyntax.self) { name = s.name.text }
        else if let a = type.as(ActorDeclSyntax.self) { name = a.name.text }
        else if let e = type.as(ExtensionDeclSyntax.self) { name = e.extendedType.sourceText }
        else { return nil }
        if isPinLike(name) { return name }
        guard let group = type as? any DeclGroupSyntax else { return nil }
        for member in group.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let id = binding.pattern.as(IdentifierPatternSyntax.self), isPinLike(id.identifier.text) { return name }
            }
        }
        return nil
    }
}

/// One pass over a challenge handler's body: how it answers, whether it evaluates the trust and uses the
/// result, and whether it compares pins.
private final class ChallengeHandlerScan: SyntaxVisitor {
    struct Evaluation {
        let node: FunctionCallExprSyntax
        /// The result is tested directly (`guard SecTrustEvaluateWithError(…)`).
        let testedDirectly: Bool
        /// The name the result is stored in (`let ok = …`, or the `&result` of `SecTrustEvaluate`).
        let resultName: String?

        func used(_ conditionNames: Set<String>) -> Bool {
            testedDirectly || resultName.map { conditionNames.contains($0) } == true
        }
    }

    var useCredentialAnswers: [Syntax] = []
    var defaultHandlingAnswers: [Syntax] = []
    var createsTrustCredential = false
    var evaluations: [Evaluation] = []
    /// Identifiers that appear in `if`/`guard`/`while` conditions and ternary conditions.
    var conditionNames: Set<String> = []
    /// A call that takes the trust or challenge inside a condition or under `try`: validation done elsewhere.
    var delegatesValidation = false
    var comparesPins = false
    /// Certificate bytes compared with a bundled copy (`serverCertData == localCertData`).
    var comparesCertificates = false

    private static func isCertificateWord(_ text: String) -> Bool {
        SensitiveName.words(text).contains { $0 == "cert" || $0 == "certificate" || $0 == "certs" || $0 == "certificates" || $0 == "der" }
    }

    /// Authentication methods whose `.useCredential` answer carries the app's own credential, not the server's trust.
    private static let clientMethods: Set<String> = [
        "NSURLAuthenticationMethodClientCertificate", "NSURLAuthenticationMethodHTTPBasic", "NSURLAuthenticationMethodHTTPDigest",
        "NSURLAuthenticationMethodNTLM", "NSURLAuthenticationMethodNegotiate", "NSURLAuthenticationMethodDefault",
        "NSURLAuthenticationMethodHTMLForm",
    ]

    /// Whether a `.useCredential` answer hands back the server's trust: not inside a client-certificate or
    /// password branch, and not a credential built from an identity or a user and password.
    static func answersServerTrust(_ answer: FunctionCallExprSyntax, credential: ExprSyntax) -> Bool {
        var current = Syntax(answer).parent
        while let n = current, !n.is(FunctionDeclSyntax.self), !n.is(ClosureExprSyntax.self) {
            if let switchCase = n.as(SwitchCaseSyntax.self), let label = switchCase.label.as(SwitchCaseLabelSyntax.self),
               label.caseItems.contains(where: { item in item.pattern.tokens(viewMode: .sourceAccurate).contains { clientMethods.contains($0.text) } }) {
                return false
            }
            if let ifExpr = n.as(IfExprSyntax.self), ifExpr.body.position <= answer.position, answer.endPosition <= ifExpr.body.endPosition,
               ifExpr.conditions.tokens(viewMode: .sourceAccurate).contains(where: { clientMethods.contains($0.text) }) {
                return false
            }
            current = n.parent
        }
        let e = credential.unwrapped
        let built: ExprSyntax? = if let ref = e.as(DeclReferenceExprSyntax.self) {
            LocalValue.initializer(of: ref.baseName.text, before: ref)
        } else {
            e
        }
        if let call = built?.unwrapped.as(FunctionCallExprSyntax.self), call.calledName == "URLCredential" || call.calledName == "init" {
            return call.argumentLabels.first == "trust"
        }
        return true
    }

    private static let trustNames: Set<String> = ["trust", "serverTrust", "challenge", "protectionSpace", "secTrust"]
    private static let setMembers: Set<String> = [
        "contains", "isDisjoint", "intersection", "isSubset", "isSuperset", "elementsEqual", "first", "firstIndex",
        "allSatisfy", "filter",
    ]

    override func visit(_ node: ConditionElementListSyntax) -> SyntaxVisitorContinueKind {
        for token in node.tokens(viewMode: .sourceAccurate) where token.tokenKind.isIdentifierLike {
            conditionNames.insert(token.text)
            if TrustAllRule.isPinLike(token.text) { comparesPins = true }
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        var beforeTernary: [ExprSyntax] = []
        for element in node.elements {
            if element.is(UnresolvedTernaryExprSyntax.self) {
                for expr in beforeTernary {
                    for token in expr.tokens(viewMode: .sourceAccurate) where token.tokenKind.isIdentifierLike {
                        conditionNames.insert(token.text)
                    }
                }
                break
            }
            beforeTernary.append(element)
        }
        let compares = node.elements.contains {
            let op = $0.as(BinaryOperatorExprSyntax.self)?.operator.text
            return op == "==" || op == "!="
        }
        if compares, node.tokens(viewMode: .sourceAccurate).contains(where: { TrustAllRule.isPinLike($0.text) }) {
            comparesPins = true
        }
        // `method == NSURLAuthenticationMethodClientCertificate` picks a branch; it compares no certificate.
        if compares, node.tokens(viewMode: .sourceAccurate).contains(where: { Self.isCertificateWord($0.text) }),
           !node.tokens(viewMode: .sourceAccurate).contains(where: { $0.text.hasPrefix("NSURLAuthenticationMethod") || $0.text == "authenticationMethod" }) {
            comparesCertificates = true
        }
        if let assignment = node.simpleAssignment, let disposition = assignment.value.lastName {
            record(disposition, answer: Syntax(node))
        }
        return .visitChildren
    }

    override func visit(_ node: TupleExprSyntax) -> SyntaxVisitorContinueKind {
        if node.elements.count == 2, let first = node.elements.first?.expression.as(MemberAccessExprSyntax.self),
           first.base == nil || first.base?.lastName == "AuthChallengeDisposition" {
            record(first.declName.baseName.text, answer: Syntax(node))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.calledName ?? ""
        if name == "URLCredential" || (name == "init" && node.calledBase?.lastName == "URLCredential") {
            if node.argumentLabels.first == "trust" { createsTrustCredential = true }
            return .visitChildren
        }
        if name.hasPrefix("SecTrustEvaluate") {
            evaluations.append(Self.evaluation(node, name: name))
            return .visitChildren
        }
        // `completionHandler(.useCredential, credential)`, `challenge.sender?.use(credential, for: challenge)`
        if let first = node.arguments.first?.expression.as(MemberAccessExprSyntax.self), node.arguments.count == 2 {
            if let credential = node.arguments.last?.expression, !Self.answersServerTrust(node, credential: credential) {
                return .visitChildren
            }
            record(first.declName.baseName.text, answer: Syntax(node))
        } else if name == "use", node.argumentLabels == ["_", "for"] {
            if let credential = node.arguments.first?.expression, !Self.answersServerTrust(node, credential: credential) {
                return .visitChildren
            }
            useCredentialAnswers.append(Syntax(node))
        } else if name == "performDefaultHandling" {
            defaultHandlingAnswers.append(Syntax(node))
        }
        if Self.setMembers.contains(name),
           node.tokens(viewMode: .sourceAccurate).contains(where: { TrustAllRule.isPinLike($0.text) }) {
            comparesPins = true
        }
        // `remoteCertData.isEqual(to: localCertData)`, `serverCert.elementsEqual(pinnedCert)`
        if ["isEqual", "elementsEqual", "isEqualToData"].contains(name),
           node.tokens(viewMode: .sourceAccurate).contains(where: { Self.isCertificateWord($0.text) }) {
            comparesCertificates = true
        }
        if !name.hasPrefix("Sec"), isInConditionOrTry(node),
           node.arguments.contains(where: { argument in
               argument.expression.tokens(viewMode: .sourceAccurate).contains { Self.trustNames.contains($0.text) }
           }) {
            delegatesValidation = true
        }
        return .visitChildren
    }

    private func record(_ disposition: String, answer: Syntax) {
        switch disposition {
        case "useCredential": useCredentialAnswers.append(answer)
        case "performDefaultHandling": defaultHandlingAnswers.append(answer)
        default: break
        }
    }

    /// Inside an `if`/`guard`/`while` condition, or called with `try` (a throwing validator).
    private func isInConditionOrTry(_ node: FunctionCallExprSyntax) -> Bool {
        if let t = node.parent?.as(TryExprSyntax.self), t.questionOrExclamationMark == nil { return true }
        var current = node.parent
        while let n = current, !n.is(CodeBlockItemSyntax.self) {
            if n.is(ConditionElementSyntax.self) { return true }
            current = n.parent
        }
        return false
    }

    private static func evaluation(_ call: FunctionCallExprSyntax, name: String) -> Evaluation {
        if name == "SecTrustEvaluate" {
            // The verdict comes back through `&result`.
            let result = call.arguments.dropFirst().first?.expression.as(InOutExprSyntax.self)?.expression.lastName
            return Evaluation(node: call, testedDirectly: false, resultName: result)
        }
        if name.hasPrefix("SecTrustEvaluateAsync") {
            // The verdict arrives in the callback; it is tested there if the callback tests anything.
            return Evaluation(node: call, testedDirectly: true, resultName: nil)
        }
        var current = call.parent
        while let n = current {
            if n.is(ConditionElementSyntax.self) || n.is(ReturnStmtSyntax.self) {
                return Evaluation(node: call, testedDirectly: true, resultName: nil)
            }
            if let binding = n.as(PatternBindingSyntax.self) {
                return Evaluation(node: call, testedDirectly: false,
                                  resultName: binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text)
            }
            if let list = n.as(ExprListSyntax.self) {
                // `ok = SecTrustEvaluateWithError(…)` stores the verdict; `_ = …` throws it away (no name).
                if let assignment = list.parent?.as(SequenceExprSyntax.self)?.simpleAssignment {
                    return Evaluation(node: call, testedDirectly: false, resultName: assignment.target.lastName)
                }
                // `ok ? … : …` with the call before the `?`
                if let ternary = list.first(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
                   call.position < ternary.position {
                    return Evaluation(node: call, testedDirectly: true, resultName: nil)
                }
            }
            if n.is(CodeBlockItemSyntax.self) || n.is(ClosureExprSyntax.self) { break }
            current = n.parent
        }
        return Evaluation(node: call, testedDirectly: false, resultName: nil)
    }
}

extension TokenKind {
    fileprivate var isIdentifierLike: Bool {
        switch self {
        case .identifier, .dollarIdentifier: true
        default: false
        }
    }
}
