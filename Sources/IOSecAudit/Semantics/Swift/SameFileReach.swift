import SwiftSyntax

/// Code reached from a starting point through the same file's functions: the start, then the bodies of the
/// functions it calls by a bare name or through `self`, up to `depth` calls deep. What a closure or a handler
/// does is often one helper away (`if success { self.showVault() }`).
enum SameFileReach {
    /// The first non-nil answer of `test` over the start and the function bodies it reaches.
    static func first<Answer>(
        from start: [Syntax], in file: SwiftFile, depth maximum: Int, _ test: (Syntax) -> Answer?
    ) -> Answer? {
        var functions: [String: [FunctionDeclSyntax]]?
        var pending = start.map { (node: $0, depth: 0) }
        var seen = Set(start.map(\.id))
        while let (node, depth) = pending.popLast() {
            if let answer = test(node) { return answer }
            guard depth < maximum else { continue }
            for name in calledFunctions(in: node) {
                if functions == nil {
                    functions = Dictionary(
                        grouping: SyntaxSearch.all(FunctionDeclSyntax.self, in: file.tree, where: { _ in true }),
                        by: { $0.name.text })
                }
                for callee in functions?[name] ?? [] {
                    guard let body = callee.body, seen.insert(body.id).inserted else { continue }
                    pending.append((Syntax(body), depth + 1))
                }
            }
        }
        return nil
    }

    /// Functions the code calls by a bare name or through `self`: the ones that may be declared in this file.
    private static func calledFunctions(in node: Syntax) -> Set<String> {
        var names = Set<String>()
        for call in SyntaxSearch.all(FunctionCallExprSyntax.self, in: node, where: { _ in true }) {
            let callee = call.calledExpression
            if let ref = callee.as(DeclReferenceExprSyntax.self) {
                names.insert(ref.baseName.text)
            } else if let member = callee.as(MemberAccessExprSyntax.self),
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            {
                names.insert(member.declName.baseName.text)
            }
        }
        return names
    }
}
