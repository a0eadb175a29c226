import SwiftSyntax

/// Records where a script-message handler (`userContentController(_:didReceive:)`) reads the origin of the frame that
/// sent the message (`message.frameInfo.securityOrigin`): a handler that checks it takes messages from pages the app
/// trusts (`ScriptMessageOriginStage`).
struct ScriptMessageOriginCollector: SwiftVisitor {
    static let subscription = Subscription(members: ["securityOrigin"])

    init() {}

    mutating func visit(_ member: MemberAccessExprSyntax, in file: SwiftFile) {
        guard member.base?.lastName == "frameInfo",
            sequence(first: Syntax(member), next: \.parent).contains(where: {
                $0.as(FunctionDeclSyntax.self)?.name.text == "userContentController"
            })
        else { return }
        file.record(kind: FactKind.scriptMessageOriginCheck, value: "", at: member)
    }
}
