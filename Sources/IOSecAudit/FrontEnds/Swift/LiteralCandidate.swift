@_spi(RawSyntax) import SwiftSyntax

/// A string literal as the dispatcher sees it before it is made: its raw node and the path above it. A visitor
/// looks at it in `Subscription.Literals`, so that a literal no rule will report on is never made (most
/// literals in an app are labels, keys and identifiers). Valid only during that call.
public struct LiteralCandidate {
    let raw: RawSyntax
    /// The walk's path: `path[depth]` is the literal, `path[0]` the root.
    private let path: UnsafePointer<RawSyntax>
    private let depth: Int

    init(path: UnsafePointer<RawSyntax>, depth: Int) {
        self.path = path
        self.depth = depth
        raw = path[depth]
    }

    /// The node `level` steps above the literal (1: its parent), nil above the root.
    func ancestor(_ level: Int) -> RawSyntax? {
        level <= depth ? path[depth - level] : nil
    }

    /// The literal's segments: plain text tokens, and interpolations.
    private var segments: RawSyntaxBuffer? {
        RawStringLiteralExprSyntax(raw)?.segments.raw.layoutView?.children
    }

    /// How many segments the literal has: 1 for plain text, more with interpolations.
    var segmentCount: Int { segments?.count ?? 0 }

    /// The text as `HardcodedSecretRule` reads it: the plain segments with a space for each interpolation.
    var text: String {
        guard let segments else { return "" }
        var text = ""
        for case let child? in segments {
            if let segment = RawStringSegmentSyntax(child) {
                text += String(syntaxText: segment.content.tokenText)
            } else {
                text += " "
            }
        }
        return text
    }

    var isInterpolated: Bool { !StringLiteralExprSyntax.isPlainText(raw) }

    /// `StringLiteralExprSyntax.firstSegmentHasPrefix(_:)` on the raw literal.
    func firstSegmentHasPrefix(_ scheme: StaticString) -> Bool {
        StringLiteralExprSyntax.firstSegmentHasPrefix(raw, scheme)
    }

    /// `StringLiteralExprSyntax.plainSegmentsContain(_:)` on the raw literal.
    func plainSegmentsContain(_ byte: UInt8) -> Bool {
        StringLiteralExprSyntax.plainSegmentsContain(raw, byte)
    }
}

/// A call as the dispatcher sees it before it is made, for `Subscription.Calls`: a visitor that can tell
/// from the arguments' shapes that it will pass a call over says so, and the call is not made for it.
public struct CallCandidate {
    let raw: RawSyntax

    /// Whether every argument is plain text (a string literal without interpolation) or has one of `labels`:
    /// `log.info("Started")`, `print("done", terminator: "")`. Trailing closures are not arguments.
    func argumentsAreAllPlainText(ignoringLabels labels: Set<String>) -> Bool {
        guard let arguments = RawFunctionCallExprSyntax(raw)?.arguments.raw.layoutView?.children else { return false }
        for case let child? in arguments {
            guard let argument = RawLabeledExprSyntax(child) else { return false }
            if let label = argument.label, labels.contains(String(syntaxText: label.tokenText)) { continue }
            let expression = argument.expression.raw
            guard expression.kind == .stringLiteralExpr, StringLiteralExprSyntax.isPlainText(expression) else {
                return false
            }
        }
        return true
    }

    /// Whether an argument has one of `labels` (`nil` in them: an argument without a label).
    func hasArgument(labelledWithAnyOf labels: [String?]) -> Bool {
        guard let arguments = RawFunctionCallExprSyntax(raw)?.arguments.raw.layoutView?.children else { return false }
        for case let child? in arguments {
            guard let argument = RawLabeledExprSyntax(child) else { continue }
            let label = argument.label.map { String(syntaxText: $0.tokenText) }
            if labels.contains(label) { return true }
        }
        return false
    }

    /// The called name as the dispatcher routes it (`FunctionCallExprSyntax.calledName`).
    var calledName: String? {
        FunctionCallExprSyntax.calledNameText(raw).map { String(syntaxText: $0) }
    }
}
