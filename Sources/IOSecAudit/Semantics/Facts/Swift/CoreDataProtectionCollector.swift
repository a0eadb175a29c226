import SwiftSyntax

/// Records where Swift code gives a Core Data store complete file protection
/// (`NSPersistentStoreFileProtectionKey` with `.complete` or `.completeUnlessOpen` in the same statement).
struct CoreDataProtectionCollector: SwiftVisitor {
    static let subscription = Subscription(
        references: ["NSPersistentStoreFileProtectionKey"])

    init() {}

    mutating func visit(_ reference: DeclReferenceExprSyntax, in file: SwiftFile) {
        var statement = Syntax(reference)
        while let parent = statement.parent, !statement.is(CodeBlockItemSyntax.self),
            !statement.is(MemberBlockItemSyntax.self)
        {
            statement = parent
        }
        let strong = statement.tokens(viewMode: .sourceAccurate).contains { token in
            if case .identifier(let text) = token.tokenKind {
                return text == "complete" || text == "completeUnlessOpen"
            }
            return false
        }
        if strong { file.record(kind: FactKind.coreDataFileProtection, value: "", at: reference) }
    }
}
