import SwiftSyntax

/// Whether code is compiled only into debug builds, only into release builds, or always.
public enum BuildCondition: Sendable, Equatable {
    case always
    /// Inside `#if DEBUG` (or `#if targetEnvironment(simulator)`): never reaches users' devices.
    case debugOnly
    /// Inside `#if !DEBUG` or the `#else` of `#if DEBUG`.
    case releaseOnly
}

extension SyntaxProtocol {
    /// The build condition of the innermost `#if` clause around this node that mentions DEBUG.
    public var buildCondition: BuildCondition {
        var current = Syntax(self).parent
        while let node = current {
            if let clause = node.as(IfConfigClauseSyntax.self),
                let state = clause.debugState
            {
                return state
            }
            current = node.parent
        }
        return .always
    }

    /// True when the node is compiled only into debug builds.
    public var isDebugOnly: Bool { buildCondition == .debugOnly }
}

extension IfConfigClauseSyntax {
    /// nil when this clause's condition says nothing about DEBUG.
    fileprivate var debugState: BuildCondition? {
        switch poundKeyword.tokenKind {
        case .poundIf, .poundElseif:
            guard let condition else { return nil }
            return Self.debugState(of: condition)
        case .poundElse:
            // `#else` of `#if DEBUG` is release code; of `#if !DEBUG`, debug code.
            guard let list = parent?.as(IfConfigClauseListSyntax.self) else { return nil }
            for clause in list where clause.poundKeyword.tokenKind != .poundElse {
                if let condition = clause.condition, let state = Self.debugState(of: condition) {
                    switch state {
                    case .debugOnly: return .releaseOnly
                    case .releaseOnly: return .debugOnly
                    case .always: return nil
                    }
                }
            }
            return nil
        default:
            return nil
        }
    }

    private static func debugState(of condition: ExprSyntax) -> BuildCondition? {
        if let ref = condition.as(DeclReferenceExprSyntax.self) {
            return ref.baseName.text == "DEBUG" ? .debugOnly : nil
        }
        if let call = condition.as(FunctionCallExprSyntax.self),
            call.calledExpression.sourceText == "targetEnvironment",
            call.arguments.first?.expression.sourceText == "simulator"
        {
            return .debugOnly
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            switch debugState(of: prefix.expression) {
            case .debugOnly: return .releaseOnly
            case .releaseOnly: return .debugOnly
            default: return nil
            }
        }
        if let paren = condition.as(TupleExprSyntax.self), paren.elements.count == 1,
            let inner = paren.elements.first?.expression
        {
            return debugState(of: inner)
        }
        // `DEBUG && X` is debug-only; `DEBUG || X` may be release, so it says nothing.
        if let infix = condition.as(InfixOperatorExprSyntax.self),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&"
        {
            if debugState(of: infix.leftOperand) == .debugOnly || debugState(of: infix.rightOperand) == .debugOnly {
                return .debugOnly
            }
        }
        if let seq = condition.as(SequenceExprSyntax.self) {
            // Unfolded `A && B`: debug-only if every operator is && and one operand is DEBUG.
            let elements = Array(seq.elements)
            let operators = elements.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            guard operators.allSatisfy({ $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" }) else {
                return nil
            }
            let operands = elements.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            if operands.contains(where: { debugState(of: $0) == .debugOnly }) { return .debugOnly }
        }
        return nil
    }
}
