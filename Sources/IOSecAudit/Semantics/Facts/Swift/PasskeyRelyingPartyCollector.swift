import SwiftSyntax

/// Records the relying-party identifier Swift code passes to a passkey API, when it is known: a literal or a
/// constant (`file.stringValue(of:)`). The platform credential provider
/// (`ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier:)`) and iOS 26's account creation
/// request (`createPlatformPublicKeyCredentialRegistrationRequest(…relyingPartyIdentifier:…)`), and the iOS 26
/// credential signals (`ASCredentialDataManager` / `ASCredentialUpdater` `report…(relyingPartyIdentifier:…)`). A value
/// learned at run time (from the server's options) records nothing: nothing is known to compare.
struct PasskeyRelyingPartyCollector: SwiftVisitor {
    static let subscription = Subscription(
        calls: .named(
            Set(
                [
                    "ASAuthorizationPlatformPublicKeyCredentialProvider",
                    "createPlatformPublicKeyCredentialRegistrationRequest"
                ]
                    + PasskeyCeremonyCollector.signals)))
    static let label = "relyingPartyIdentifier"

    init() {}

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let argument = call.arguments.first(where: { $0.label?.text == Self.label }),
            let value = file.stringValue(of: argument.expression), !value.isEmpty
        else { return }
        file.record(kind: FactKind.passkeyRelyingParty, value: value, at: argument.expression)
    }
}
