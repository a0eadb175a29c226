import SwiftSyntax

/// Records where Swift code starts each passkey ceremony — registration, assertion, iOS 26's account creation, and the
/// credential signals that tell password managers which passkeys the relying party still accepts — for the audit
/// checklist, which names them. First per ceremony per file.
struct PasskeyCeremonyCollector: SwiftVisitor {
    /// The request a call makes, by the method that makes it (Swift and Objective-C spell the first part alike).
    static let ceremonies: [String: String] = [
        "createCredentialRegistrationRequest": "registration",
        "createCredentialAssertionRequest": "assertion",
        "createPlatformPublicKeyCredentialRegistrationRequest": "account creation"
    ].merging(signals.map { ($0, "signals") }) { first, _ in first }
    /// The signal methods of `ASCredentialDataManager` (iOS 26.2) and `ASCredentialUpdater` (iOS 26.0–26.2).
    static let signals = [
        "reportUnknownPublicKeyCredential", "reportAllAcceptedPublicKeyCredentials", "reportPublicKeyCredentialUpdate"
    ]
    static let subscription = Subscription(
        calls: .named(Set(ceremonies.keys)))

    private var recorded: Set<String> = []

    init() {}

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName, let ceremony = Self.ceremonies[name], recorded.insert(ceremony).inserted
        else { return }
        file.record(kind: FactKind.passkeyCeremony, value: ceremony, at: call)
    }
}
