import SwiftSyntax

/// Records, for `storage.screenshot`, where Swift code takes secrets from the user (`SecureField`,
/// `isSecureTextEntry = true`) and where it reacts to leaving the foreground: a `scenePhase` change handler that
/// looks at `.inactive` / `.background`, a resign-active or enter-background callback with a body, an observer
/// of those notifications, or `privacySensitive()`. Test code records nothing.
struct SnapshotFactCollector: SwiftVisitor {
    static let subscription = Subscription(
        calls: .named(["SecureField", "onChange", "privacySensitive"]),
        members: [
            "willResignActiveNotification", "didEnterBackgroundNotification", "willDeactivateNotification"
        ],
        assignments: ["isSecureTextEntry"],
        functions: wantsFunction(named:))

    /// App and scene delegate callbacks that run before the app-switcher snapshot is taken.
    static let callbacks: Set<String> = [
        "sceneWillResignActive", "sceneDidEnterBackground", "applicationWillResignActive",
        "applicationDidEnterBackground"
    ]

    static func wantsFunction(named name: String) -> Bool { callbacks.contains(name) }

    private var recordedInput = false
    private var recordedProtection = false
    private var securedClasses: Set<String> = []

    init() {}

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        switch call.calledName {
        case "SecureField" where call.calledExpression.is(DeclReferenceExprSyntax.self):
            recordInput("SecureField", at: call, in: file)
        case "privacySensitive":
            recordProtection("privacySensitive()", at: call, in: file)
        case "onChange":
            // `.onChange(of: scenePhase) { phase in if phase == .background { … } }`
            guard call.argument("of")?.lastName == "scenePhase",
                let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self),
                ExprSyntax(closure).mentions(anyOf: ["background", "inactive"])
            else { return }
            recordProtection("scenePhase", at: call, in: file)
        default:
            return
        }
    }

    mutating func visit(_ sequence: SequenceExprSyntax, in file: SwiftFile) {
        guard let assignment = sequence.simpleAssignment,
            assignment.target.lastName == "isSecureTextEntry", assignment.value.booleanLiteralValue == true
        else { return }
        recordInput("isSecureTextEntry", at: sequence, in: file)
        // `isSecureTextEntry = true` (or `self.…`) in a text field class: the storyboard fields of that class are
        // secure although their traits do not say so.
        if Self.isOwnProperty(assignment.target), let type = sequence.enclosingTypeDecl {
            let name =
                type.as(ClassDeclSyntax.self)?.name.text
                ?? type.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
            if let name, securedClasses.insert(name).inserted {
                file.record(kind: FactKind.secureEntryClass, value: name, at: sequence)
            }
        }
    }

    /// `isSecureTextEntry` or `self.isSecureTextEntry`: the object's own property.
    static func isOwnProperty(_ target: ExprSyntax) -> Bool {
        if target.is(DeclReferenceExprSyntax.self) { return true }
        guard let member = target.as(MemberAccessExprSyntax.self) else { return false }
        return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }

    mutating func visit(_ function: FunctionDeclSyntax, in file: SwiftFile) {
        guard Self.callbacks.contains(function.name.text),
            let body = function.body, !body.statements.isEmpty
        else { return }
        recordProtection(function.name.text, at: function.name, in: file)
    }

    mutating func visit(_ member: MemberAccessExprSyntax, in file: SwiftFile) {
        recordProtection(member.declName.baseName.text, at: member, in: file)
    }

    private mutating func recordInput(_ how: String, at node: some SyntaxProtocol, in file: SwiftFile) {
        guard !recordedInput else { return }
        recordedInput = true
        file.record(kind: FactKind.secretInput, value: how, at: node)
    }

    private mutating func recordProtection(_ how: String, at node: some SyntaxProtocol, in file: SwiftFile) {
        guard !recordedProtection else { return }
        recordedProtection = true
        file.record(kind: FactKind.snapshotProtection, value: how, at: node)
    }
}
