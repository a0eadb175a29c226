import SwiftSyntax

/// The iOS version below which alone the code around a node runs: the `else` of `if #available(iOS 13, *)` and of
/// `guard #available(iOS 13, *)`, the body of `if #unavailable(iOS 13)` (each the only condition). Such code never
/// runs on an app whose every target deploys to iOS 13 or later (`BelowDeploymentTargetStage`).
enum AvailabilityFloor {
    /// The lowest such version over the node's enclosing statements, as written (`13`, `11.0`).
    static func of(_ node: some SyntaxProtocol) -> String? {
        var floor: String?
        var child = Syntax(node)
        var current = child.parent
        while let n = current {
            if let version = below(n, from: child) {
                if floor.map({ OSVersion($0) > OSVersion(version) }) ?? true { floor = version }
            }
            if n.is(FunctionDeclSyntax.self) || n.is(ClosureExprSyntax.self) || n.is(MemberBlockSyntax.self) { break }
            child = n
            current = n.parent
        }
        return floor
    }

    /// The version `statement` confines `child` below, if it does.
    private static func below(_ statement: Syntax, from child: Syntax) -> String? {
        if let ifExpr = statement.as(IfExprSyntax.self), let (version, available) = only(ifExpr.conditions) {
            if available, let elseBody = ifExpr.elseBody, elseBody.id == child.id { return version }
            if !available, ifExpr.body.id == child.id { return version }
        }
        if let guardStmt = statement.as(GuardStmtSyntax.self), let (version, available) = only(guardStmt.conditions),
            available, guardStmt.body.id == child.id
        {
            return version
        }
        return nil
    }

    /// The iOS version of a condition list that is one `#available` or `#unavailable`, and which of the two.
    private static func only(_ conditions: ConditionElementListSyntax) -> (String, Bool)? {
        guard conditions.count == 1, let availability = conditions.first?.condition.as(AvailabilityConditionSyntax.self)
        else { return nil }
        let available = availability.availabilityKeyword.tokenKind == .poundAvailable
        for argument in availability.availabilityArguments {
            guard let platform = argument.argument.as(PlatformVersionSyntax.self), platform.platform.text == "iOS",
                let version = platform.version
            else { continue }
            return (version.trimmedDescription, available)
        }
        return nil
    }
}

/// A dotted version compared part by part (`11.0` < `11.4` < `15`).
struct OSVersion: Comparable {
    let parts: [Int]

    init(_ text: String) {
        var parts = text.split(separator: ".").map { Int($0) ?? 0 }
        while parts.count > 1, parts.last == 0 { parts.removeLast() }
        self.parts = parts
    }

    static func < (a: OSVersion, b: OSVersion) -> Bool { a.parts.lexicographicallyPrecedes(b.parts) }
}
