import SwiftSyntax

/// Memo tables for the shared analyses, for the file being walked. Rules ask the same question of the same function
/// body once for every name in it (what was put into this container before here?); answering each from what the
/// walk has already seen, instead of a walk of the body per question, keeps large functions linear.
final class AnalysisMemo: @unchecked Sendable {  // used only by the thread that walks the file
    /// The memo of the file this thread is walking; nil outside a walk, where each question is answered afresh.
    @TaskLocal static var current: AnalysisMemo?

    /// Container fills the walk has passed, under every body that holds them, in source order.
    var fillsSeen: [SyntaxIdentifier: [ContainerFill.Fill]] = [:]
    /// Every node that starts before this position has been walked (so its fills are in ``fillsSeen``).
    var frontier = AbsolutePosition(utf8Offset: 0)
    /// The node the rules are looking at, at ``frontier``: what lies between it and the end of its subtree is not
    /// walked yet (a rule at `print(…)` asks about the arguments after it).
    var current: Syntax?
    /// Fills of whole bodies, for questions about positions the walk has not reached yet.
    var fillsOfBody: [SyntaxIdentifier: [ContainerFill.Fill]] = [:]
}
