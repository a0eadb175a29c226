import SwiftSyntax

/// Records what `network.pinning-missing` needs from Swift: URLSession in use, `https://` endpoints in string
/// literals, and pinning in code.
///
/// Pinning in code is a file with a server-trust challenge handler (`ChallengeHandler`, the same definition
/// `network.trust-all` uses) that pins by itself, or that evaluates the trust (`SecTrustEvaluateWithError`) while a
/// function of the file takes keys or certificates out of the chain and compares them (`SecCertificateCopyKey` …
/// `pins.contains(hash)`); or a pinning library.
struct NetworkCollector: SwiftVisitor {
    /// Calls that take a key or certificate out of a trust, to compare with a pin.
    static let extractions: Set<String> = [
        "SecTrustCopyKey", "SecTrustCopyPublicKey", "SecCertificateCopyKey", "SecCertificateCopyPublicKey",
        "SecKeyCopyExternalRepresentation", "SecCertificateCopyData", "SecTrustCopyCertificateChain",
        "SecTrustGetCertificateAtIndex"
    ]
    static let comparisons: Set<String> = ["contains", "elementsEqual", "isDisjoint", "isSubset", "intersection"]
    static let subscription = Subscription(
        calls: .named(
            extractions.union(comparisons).union([
                "SecTrustEvaluateWithError", "SecTrustEvaluate"
            ])),
        references: Set(libraries.keys).union(["URLSession"]),
        // `https://` at least.
        literals: .atLeast(8, where: wantsLiteral),
        functions: wantsFunction(named:))
    /// Pinning libraries, by a type only pinning code names.
    static let libraries: [String: String] = [
        "TrustKit": "TrustKit", "TSKPinningValidator": "TrustKit",
        "PinnedCertificatesTrustEvaluator": "Alamofire", "PublicKeysTrustEvaluator": "Alamofire",
        "PinningURLSessionDelegate": "IOSecKit"
    ]

    private var sawSession = false
    private var sawHTTPS = false
    private var sawLibrary = false
    private var challengeHandler: ChallengeHandler?
    private var evaluatesTrust = false
    private var extractingFunctions: Set<SyntaxIdentifier> = []
    private var comparingFunctions: Set<SyntaxIdentifier> = []

    init() {}

    mutating func visit(_ reference: DeclReferenceExprSyntax, in file: SwiftFile) {
        let name = reference.baseName.text
        if name == "URLSession", !sawSession {
            sawSession = true
            file.record(kind: FactKind.urlSession, value: name, at: reference)
        } else if let library = Self.libraries[name], !sawLibrary {
            sawLibrary = true
            file.record(kind: FactKind.pinningInCode, value: library, at: reference)
        }
    }

    static func wantsLiteral(_ literal: LiteralCandidate) -> Bool { literal.firstSegmentHasPrefix("https://") }

    mutating func visit(_ literal: StringLiteralExprSyntax, in file: SwiftFile) {
        guard !sawHTTPS, let host = Self.remoteHTTPSHost(literal) else { return }
        sawHTTPS = true
        file.record(kind: FactKind.httpsLiteral, value: host, at: literal)
    }

    static func wantsFunction(named name: String) -> Bool { ChallengeHandler.callbackNames.contains(name) }

    mutating func visit(_ function: FunctionDeclSyntax, in file: SwiftFile) {
        guard challengeHandler == nil, let handler = ChallengeHandler(function) else { return }
        challengeHandler = handler
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName else { return }
        if name == "SecTrustEvaluateWithError" || name == "SecTrustEvaluate" { evaluatesTrust = true }
        let extracts = Self.extractions.contains(name), compares = Self.comparisons.contains(name)
        if extracts || compares, let function = call.enclosingFunction?.id {
            if extracts { extractingFunctions.insert(function) }
            if compares { comparingFunctions.insert(function) }
        }
    }

    /// The handler pins by itself (`ChallengeHandler.pins`), or calls helpers elsewhere in the file that take keys
    /// or certificates out of the chain and compare them, after the chain was evaluated somewhere in the file.
    mutating func finish(in file: SwiftFile) {
        guard !sawLibrary, let handler = challengeHandler else { return }
        if handler.pins {
            file.record(kind: FactKind.pinningInCode, value: "delegate", at: handler.function.name)
            return
        }
        guard evaluatesTrust, !extractingFunctions.isEmpty else { return }
        // Comparisons are looked for only here, in the few files that get this far: every `==` of every file,
        // handed over during the walk, cost more than this search.
        let equalities = SyntaxSearch.all(BinaryOperatorExprSyntax.self, in: file.tree) { $0.operator.text == "==" }
        for op in equalities { if let function = op.enclosingFunction?.id { comparingFunctions.insert(function) } }
        guard !extractingFunctions.isDisjoint(with: comparingFunctions) else { return }
        file.record(kind: FactKind.pinningInCode, value: "delegate", at: handler.function.name)
    }

    /// The host of a literal that starts with `https://`, unless it is this machine or the local network.
    static func remoteHTTPSHost(_ literal: StringLiteralExprSyntax) -> String? {
        guard literal.firstSegmentHasPrefix("https://"),
            let first = literal.segments.first?.as(StringSegmentSyntax.self)
        else { return nil }
        let text = first.content.text
        guard text.lowercased().hasPrefix("https://") else { return nil }
        let host = String(text.dropFirst(8).prefix { $0 != "/" && $0 != ":" && $0 != "?" && $0 != "#" }).lowercased()
        // `"https://\(host)/v1"`: an endpoint whose host is decided at run time.
        if host.isEmpty, text.count == 8, literal.segments.count > 1 { return "(interpolated)" }
        guard !host.isEmpty, host != "localhost", host != "127.0.0.1", !host.hasPrefix("["),
            !host.hasSuffix(".local"), !host.hasSuffix(".localhost")
        else { return nil }
        return host
    }
}
