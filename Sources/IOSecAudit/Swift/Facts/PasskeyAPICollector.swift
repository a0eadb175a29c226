import SwiftSyntax

/// Records where Swift code uses passkeys: the platform credential provider that creates passkey
/// registration and assertion requests. First use per file.
struct PasskeyAPICollector: SwiftVisitor {
    static let nodeKinds: Set<SyntaxKind> = [.declReferenceExpr, .identifierType]
    static var referenceNames: Set<String>? { symbols }
    static let symbols: Set<String> = ["ASAuthorizationPlatformPublicKeyCredentialProvider"]

    private var recorded = false

    init() {}

    mutating func visit(_ node: Syntax, in file: SwiftFile) {
        guard !recorded, !file.isTestCode else { return }
        let name = node.as(DeclReferenceExprSyntax.self)?.baseName.text ?? node.as(IdentifierTypeSyntax.self)?.name.text
        guard let name, Self.symbols.contains(name) else { return }
        recorded = true
        file.record(kind: FactKind.passkeyAPI, value: name, at: node)
    }
}
