import SwiftSyntax

/// Records where Swift code uses passkeys: the platform credential provider that creates passkey
/// registration and assertion requests, and iOS 26's account creation provider. First use per file.
struct PasskeyAPICollector: SwiftVisitor {
    static let subscription = Subscription(
        references: symbols,
        types: symbols)
    static let symbols: Set<String> = [
        "ASAuthorizationPlatformPublicKeyCredentialProvider", "ASAuthorizationAccountCreationProvider"
    ]

    private var recorded = false

    init() {}

    mutating func visit(_ reference: DeclReferenceExprSyntax, in file: SwiftFile) {
        record(reference.baseName.text, at: reference, in: file)
    }

    mutating func visit(_ type: IdentifierTypeSyntax, in file: SwiftFile) {
        record(type.name.text, at: type, in: file)
    }

    private mutating func record(_ name: String, at node: some SyntaxProtocol, in file: SwiftFile) {
        guard !recorded, Self.symbols.contains(name) else { return }
        recorded = true
        file.record(kind: FactKind.passkeyAPI, value: name, at: node)
    }
}
