import SwiftSyntax

/// A sink whose value is read through members the sink's file does not declare (`request.headerSummary`,
/// `profile.segmentationTraits.mixpanelProperties`): what such a member returns, where another file declares it as
/// a computed property or a function without arguments, decides (`CallerArgumentsStage`, `MemberReturn`).
struct MemberSink: Equatable, Sendable {
    var ruleId: String
    /// The members read, innermost first: `segmentationTraits`, then `mixpanelProperties`.
    var members: [String]

    var factValue: String { FactKind.join(ruleId, members.joined(separator: ",")) }

    init?(fact value: String) {
        let fields = FactKind.fields(value, count: 2)
        guard !fields[0].isEmpty, !fields[1].isEmpty else { return nil }
        self.init(ruleId: fields[0], members: fields[1].split(separator: ",").map(String.init))
    }

    init(ruleId: String, members: [String]) {
        self.ruleId = ruleId
        self.members = members
    }

    /// The finding a rule makes at `value` once another file's member is shown to return what it is about: `happens`
    /// says what the sink does (`is logged`), `via` what the member returns and where, `advice` the fix.
    static func report(
        _ rule: RuleDescription, at value: ExprSyntax, in file: SwiftFile, steps: [FlowStep], via: String,
        happens: String, sink: String, advice: String
    ) {
        file.report(
            rule, at: value, message: "'\(value.trimmedDescription)' \(happens), and it is \(via); \(advice)",
            evidence: .flow, flow: steps + [file.step(at: value, sink)])
    }

    /// Records a fact at `value` when it is read through members of the app this file does not declare.
    static func record(_ value: ExprSyntax, ruleId: String, in file: SwiftFile) {
        let members = members(readBy: value, in: file)
        guard !members.isEmpty else { return }
        file.record(
            kind: FactKind.memberSink, value: MemberSink(ruleId: ruleId, members: members).factValue, at: value)
    }

    /// `base.member`, `base.member()`, `base?.member ?? fallback`, chained: the members after the base, innermost
    /// first, that may be the app's own (lower-case, not a common Foundation or Swift member, not declared here).
    static func members(readBy value: ExprSyntax, in file: SwiftFile) -> [String] {
        var e = value.unwrapped
        if let sequence = e.as(SequenceExprSyntax.self),
            sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            let first = sequence.elements.first
        {
            e = first.unwrapped
        }
        var members: [String] = []
        for _ in 0..<4 {
            if let call = e.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil {
                e = call.calledExpression.unwrapped
                continue
            }
            if let chained = e.as(OptionalChainingExprSyntax.self) {
                e = chained.expression.unwrapped
                continue
            }
            guard let member = e.as(MemberAccessExprSyntax.self), let base = member.base else { break }
            members.append(member.declName.baseName.text)
            e = base.unwrapped
        }
        // `self.uniqueId` is this type's own member, declared here or in a superclass: not another file's.
        guard let root = e.as(DeclReferenceExprSyntax.self), root.baseName.tokenKind != .keyword(.self),
            root.baseName.tokenKind != .keyword(.Self)
        else { return [] }
        return members.reversed().filter { name in
            name.utf8.count >= 6 && name.first?.isLowercase == true && !commonMembers.contains(name)
                && file.constants.filesDeclaringComputedMember(name).count == 1
                && !Sensitivity.harmlessMembers.contains(name) && !file.contains("var \(name)")
                && !file.contains("func \(name)(")
        }
    }

    /// Members of Foundation and the standard library that logs and SDK calls read all the time.
    private static let commonMembers: Set<String> = [
        "localizedDescription", "description", "debugDescription", "absoluteString", "absoluteURL", "lastPathComponent",
        "pathExtension", "identifier", "uuidString", "rawValue", "statusCode", "httpMethod", "errorDescription",
        "localizedFailureReason", "userInfo", "timeIntervalSince1970", "isEmpty", "isConnected", "bundleIdentifier",
        "deletingLastPathComponent", "standardized", "lowercased", "uppercased", "capitalized", "allHTTPHeaderFields",
        "allHeaderFields", "httpBody", "components", "sorted", "reversed", "joined", "string", "stringValue",
        "localizedString", "displayName", "systemVersion", "integerValue", "doubleValue", "boolValue"
    ]
}
