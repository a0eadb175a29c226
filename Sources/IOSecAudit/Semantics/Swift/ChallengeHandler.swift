import IOSecCore
import SwiftSyntax

/// A server-trust challenge handler — URLSession's `urlSession(_:didReceive:completionHandler:)` (session- or
/// task-level, completion or async), WKWebView's `webView(_:didReceive:completionHandler:)`, NSURLConnection's
/// `connection(_:willSendRequestFor:)` — and what its body does with the trust: how it answers, whether it evaluates
/// the chain and uses the verdict, whether it compares pins.
///
/// `network.trust-all` (is any certificate accepted?) and the pinning facts behind `network.pinning-missing` (does
/// the app pin?) both read it, so "handler", "evaluates" and "pins" mean the same in both.
struct ChallengeHandler {
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

    let function: FunctionDeclSyntax
    /// `.useCredential` answers that hand back the server's trust (client-certificate and password answers are not).
    let useCredentialAnswers: [Syntax]
    let defaultHandlingAnswers: [Syntax]
    /// `URLCredential(trust:)` is built: the handler vouches for the server's certificate.
    let createsTrustCredential: Bool
    let evaluations: [Evaluation]
    /// Identifiers in `if` / `guard` / `while` and ternary conditions.
    let conditionNames: Set<String>
    /// A call that takes the trust or challenge inside a condition or under `try`: validation done elsewhere
    /// (`try evaluator.evaluate(trust, forHost:)`, `if pinner.validate(challenge)`).
    let delegatesValidation: Bool
    /// Pins are compared (`pinnedKeyHashes.contains(hash)`, `pins == …`).
    let comparesPins: Bool
    /// Certificate bytes compared with a bundled copy (`serverCertData == localCertData`).
    let comparesCertificates: Bool

    /// nil unless `function` takes a URLAuthenticationChallenge and has a body.
    init?(_ function: FunctionDeclSyntax) {
        guard Self.takesChallenge(function), let body = function.body else { return nil }
        let scan = ChallengeHandlerScan(viewMode: .sourceAccurate)
        scan.walk(body)
        self.function = function
        useCredentialAnswers = scan.useCredentialAnswers
        defaultHandlingAnswers = scan.defaultHandlingAnswers
        createsTrustCredential = scan.createsTrustCredential
        evaluations = scan.evaluations
        conditionNames = scan.conditionNames
        delegatesValidation = scan.delegatesValidation
        comparesPins = scan.comparesPins
        comparesCertificates = scan.comparesCertificates
    }

    /// Pins are compared here, or validation is handed to code that does (a pinning evaluator).
    var checksPins: Bool { delegatesValidation || comparesPins }

    /// The chain is evaluated and the verdict used before `answer`, or validation is handed on.
    func evaluates(before answer: Syntax) -> Bool {
        delegatesValidation || evaluations.contains { $0.used(conditionNames) && $0.node.position < answer.position }
    }

    /// An evaluation whose verdict is thrown away (`_ = SecTrustEvaluateWithError(trust, nil)`).
    var ignoresAnEvaluation: Bool { evaluations.contains { !$0.used(conditionNames) } }

    /// Whether this handler pins: it evaluates the chain, uses the verdict, and compares pins.
    var pins: Bool {
        delegatesValidation || (comparesPins && evaluations.contains { $0.used(conditionNames) })
    }

    /// A parameter of type `URLAuthenticationChallenge` (`didReceive`, `willSendRequestFor`, `respondTo`).
    /// The names of the delegate methods that answer an authentication challenge.
    static let callbackNames: Set<String> = ["urlSession", "webView", "connection"]

    static func takesChallenge(_ function: FunctionDeclSyntax) -> Bool {
        callbackNames.contains(function.name.text)
            && function.signature.parameterClause.parameters.contains {
                $0.type.sourceText.hasSuffix("AuthenticationChallenge")
            }
    }

    static let pinWords: Set<String> = [
        "pin", "pins", "pinned", "pinning", "pinner", "spki", "fingerprint", "fingerprints"
    ]

    static func isPinLike(_ name: String) -> Bool {
        SensitiveName.words(name).contains { pinWords.contains($0) }
    }

    /// The enclosing type's name when it or one of its stored properties says it pins.
    static func pinningTypeName(around node: some SyntaxProtocol) -> String? {
        guard let type = node.enclosingTypeDecl else { return nil }
        let name: String
        if let c = type.as(ClassDeclSyntax.self) {
            name = c.name.text
        } else if let s = type.as(StructDeclSyntax.self) {
            name = s.name.text
        } else if let a = type.as(ActorDeclSyntax.self) {
            name = a.name.text
        } else if let e = type.as(ExtensionDeclSyntax.self) {
            name = e.extendedType.sourceText
        } else {
            return nil
        }
        if isPinLike(name) { return name }
        guard let group = type as? any DeclGroupSyntax else { return nil }
        for member in group.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let id = binding.pattern.as(IdentifierPatternSyntax.self), isPinLike(id.identifier.text) {
                    return name
                }
            }
        }
        return nil
    }
}

/// The one pass over a handler's body behind `ChallengeHandler`.
private final class ChallengeHandlerScan: SyntaxVisitor {
    typealias Evaluation = ChallengeHandler.Evaluation

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
        SensitiveName.words(text).contains {
            $0 == "cert" || $0 == "certificate" || $0 == "certs" || $0 == "certificates" || $0 == "der"
        }
    }

    /// Authentication methods whose `.useCredential` answer carries the app's own credential, not the server's trust.
    private static let clientMethods: Set<String> = [
        "NSURLAuthenticationMethodClientCertificate", "NSURLAuthenticationMethodHTTPBasic",
        "NSURLAuthenticationMethodHTTPDigest",
        "NSURLAuthenticationMethodNTLM", "NSURLAuthenticationMethodNegotiate", "NSURLAuthenticationMethodDefault",
        "NSURLAuthenticationMethodHTMLForm"
    ]

    /// Whether a `.useCredential` answer hands back the server's trust: not inside a client-certificate or
    /// password branch, and not a credential built from an identity or a user and password.
    static func answersServerTrust(_ answer: FunctionCallExprSyntax, credential: ExprSyntax) -> Bool {
        var current = Syntax(answer).parent
        while let n = current, !n.is(FunctionDeclSyntax.self), !n.is(ClosureExprSyntax.self) {
            if let switchCase = n.as(SwitchCaseSyntax.self),
                let label = switchCase.label.as(SwitchCaseLabelSyntax.self),
                label.caseItems.contains(where: { item in
                    item.pattern.tokens(viewMode: .sourceAccurate).contains { clientMethods.contains($0.text) }
                })
            {
                return false
            }
            if let ifExpr = n.as(IfExprSyntax.self), ifExpr.body.position <= answer.position,
                answer.endPosition <= ifExpr.body.endPosition,
                ifExpr.conditions.tokens(viewMode: .sourceAccurate).contains(where: { clientMethods.contains($0.text) })
            {
                return false
            }
            current = n.parent
        }
        let e = credential.unwrapped
        let built: ExprSyntax? =
            if let ref = e.as(DeclReferenceExprSyntax.self) {
                LocalValue.initializer(of: ref.baseName.text, before: ref)
            } else {
                e
            }
        if let call = built?.unwrapped.as(FunctionCallExprSyntax.self),
            call.calledName == "URLCredential" || call.calledName == "init"
        {
            return call.argumentLabels.first == "trust"
        }
        return true
    }

    private static let trustNames: Set<String> = ["trust", "serverTrust", "challenge", "protectionSpace", "secTrust"]
    private static let setMembers: Set<String> = [
        "contains", "isDisjoint", "intersection", "isSubset", "isSuperset", "elementsEqual", "first", "firstIndex",
        "allSatisfy", "filter"
    ]

    override func visit(_ node: ConditionElementListSyntax) -> SyntaxVisitorContinueKind {
        for token in node.tokens(viewMode: .sourceAccurate) where token.tokenKind.isIdentifierLike {
            conditionNames.insert(token.text)
            if ChallengeHandler.isPinLike(token.text) { comparesPins = true }
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
        if compares, node.tokens(viewMode: .sourceAccurate).contains(where: { ChallengeHandler.isPinLike($0.text) }) {
            comparesPins = true
        }
        // `method == NSURLAuthenticationMethodClientCertificate` picks a branch; it compares no certificate.
        if compares, node.tokens(viewMode: .sourceAccurate).contains(where: { Self.isCertificateWord($0.text) }),
            !node.tokens(viewMode: .sourceAccurate).contains(where: {
                $0.text.hasPrefix("NSURLAuthenticationMethod") || $0.text == "authenticationMethod"
            })
        {
            comparesCertificates = true
        }
        if let assignment = node.simpleAssignment, let disposition = assignment.value.lastName {
            record(disposition, answer: Syntax(node))
        }
        return .visitChildren
    }

    override func visit(_ node: TupleExprSyntax) -> SyntaxVisitorContinueKind {
        if node.elements.count == 2, let first = node.elements.first?.expression.as(MemberAccessExprSyntax.self),
            first.base == nil || first.base?.lastName == "AuthChallengeDisposition"
        {
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
            if let credential = node.arguments.last?.expression, !Self.answersServerTrust(node, credential: credential)
            {
                return .visitChildren
            }
            record(first.declName.baseName.text, answer: Syntax(node))
        } else if name == "use", node.argumentLabels == ["_", "for"] {
            if let credential = node.arguments.first?.expression, !Self.answersServerTrust(node, credential: credential)
            {
                return .visitChildren
            }
            useCredentialAnswers.append(Syntax(node))
        } else if name == "performDefaultHandling" {
            defaultHandlingAnswers.append(Syntax(node))
        }
        if Self.setMembers.contains(name),
            node.tokens(viewMode: .sourceAccurate).contains(where: { ChallengeHandler.isPinLike($0.text) })
        {
            comparesPins = true
        }
        // `remoteCertData.isEqual(to: localCertData)`, `serverCert.elementsEqual(pinnedCert)`
        if ["isEqual", "elementsEqual", "isEqualToData"].contains(name),
            node.tokens(viewMode: .sourceAccurate).contains(where: { Self.isCertificateWord($0.text) })
        {
            comparesCertificates = true
        }
        if !name.hasPrefix("Sec"), isInConditionOrTry(node),
            node.arguments.contains(where: { argument in
                argument.expression.tokens(viewMode: .sourceAccurate).contains { Self.trustNames.contains($0.text) }
            })
        {
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
                return Evaluation(
                    node: call, testedDirectly: false,
                    resultName: binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text)
            }
            if let list = n.as(ExprListSyntax.self) {
                // `ok = SecTrustEvaluateWithError(…)` stores the verdict; `_ = …` throws it away (no name).
                if let assignment = list.parent?.as(SequenceExprSyntax.self)?.simpleAssignment {
                    return Evaluation(node: call, testedDirectly: false, resultName: assignment.target.lastName)
                }
                // `ok ? … : …` with the call before the `?`
                if let ternary = list.first(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
                    call.position < ternary.position
                {
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
