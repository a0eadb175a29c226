import IOSecCore
import SwiftSyntax

/// The other half of a `MemberSink`: the computed property or function the sink's value is read through, declared
/// in another file, and what it returns. A member that returns the request's headers, a credential or personal data
/// hands the sink that, whatever it is called (`var headerSummary: String { allHTTPHeaderFields… }`).
extension CallerArguments {
    /// The step where a member the sink reads returns what its rule is about; nil when no declaration of one in
    /// another file does.
    mutating func sensitiveReturn(of sink: MemberSink, notIn path: String) -> [FlowStep]? {
        for member in sink.members {
            if let step = memberReturn(member, ruleId: sink.ruleId, notIn: path) { return [step] }
        }
        return nil
    }

    private mutating func memberReturn(_ name: String, ruleId: String, notIn path: String) -> FlowStep? {
        let key = ruleId + " " + name
        if let known = memberReturns[key] { return known.flatMap { $0.file == path ? nil : $0 } }
        // One declaring file (the pre-pass's index): a name several types declare (`uniqueId` overridden across a
        // model) says nothing about which one the sink reads.
        let declaring = constants.filesDeclaringComputedMember(name)
        var found: FlowStep?
        if declaring.count == 1, declaring[0] != path,
            let input = inputs.first(where: { $0.relativePath == declaring[0] }),
            let bytes = try? input.load(), MemberReturn.mayCarry(name, in: bytes, ruleId: ruleId), spendLookup(),
            let file = parse(input)
        {
            found = AnalysisMemo.$current.withValue(memos[file.path]) {
                let values =
                    ValuePath.returnedValues(ofPropertyNamed: name, in: file)
                    + ValuePath.returnedValues(ofFunctionNamed: name, in: file)
                for value in values.prefix(8) {
                    if let what = MemberReturn.carries(value, ruleId: ruleId, in: file) {
                        return file.step(at: value, "returned by `\(name)`: \(what)")
                    }
                }
                return nil
            }
        }
        memberReturns[key] = .some(found)
        return found
    }
}

extension CallerArguments {
    /// Whether what the project writes to a property of this name says it holds no secret
    /// (`preferences.lastSearchToken = page.nextCursor`): something is written, and nothing named or traced as a
    /// secret (`Sensitivity.writesHoldNoSecret`). False when the name is too common to look for.
    mutating func writesHoldNoSecret(toProperty name: String) -> Bool {
        guard spendLookup(), let files = files(mentioning: name) else { return false }
        let assignment = ByteSearch("\(name) =")
        var values: [(SwiftFile, ExprSyntax)] = []
        for input in files {
            guard let bytes = try? input.load(), assignment.occurs(in: bytes), let file = parse(input) else { continue }
            values += Sensitivity.assignedValues(toProperty: name, in: file.tree).map { (file, $0) }
        }
        return !values.filter { !$0.1.unwrapped.is(NilLiteralExprSyntax.self) }.isEmpty
            && values.allSatisfy { file, value in
                AnalysisMemo.$current.withValue(memos[file.path]) {
                    value.unwrapped.is(NilLiteralExprSyntax.self) || Sensitivity.writesHoldNoSecret([value], in: file)
                }
            }
    }
}

/// What a value a member returns carries, as the rule at the sink judges it: the request's headers (when the file
/// puts a credential in them), a secret traced to its source or named for a specific credential, personal data.
enum MemberReturn {
    static func carries(_ value: ExprSyntax, ruleId: String, in file: SwiftFile) -> String? {
        for part in parts(of: value) {
            if ruleId == LogSensitiveRule.description.id {
                if readsAllHeaders(part), ["Authorization", "Bearer", "Cookie"].contains(where: file.contains) {
                    return "every header of the request, its Authorization header among them"
                }
                if let steps = SecretOrigin.trace(part, in: file) { return steps.first?.note ?? "a secret" }
                if let name = Sensitivity.sensitiveName(in: part), SensitiveName.isSpecificCredential(name) {
                    return "'\(name)'"
                }
            } else if ruleId == ThirdPartySDKPIIRule.description.id {
                if let what = ThirdPartySDKPIIRule.personalData(in: part, literalIsKey: false) { return what }
            }
        }
        return nil
    }

    /// Whether the text after the member's declaration (`var name`, `func name(`) holds a word of what the rule
    /// looks for: a byte search, so that most declaring files are not parsed again. It may say yes wrongly.
    static func mayCarry(_ name: String, in bytes: [UInt8], ruleId: String) -> Bool {
        let markers =
            ruleId == LogSensitiveRule.description.id
            ? ["allHTTPHeaderFields", "assword", "oken", "ecret", "eychain", "rivateKey", "pin", "PIN"]
            : ["mail", "hone", "ame", "irth", "ddress", "ocation", "atitude", "assport", "\""]
        return bytes.withUnsafeBytes { buffer in
            for declaration in ["var \(name)", "func \(name)("] {
                guard let offset = ByteSearch(declaration).firstOffset(in: buffer, wholeWord: false) else { continue }
                let window = UnsafeRawBufferPointer(rebasing: buffer[offset..<min(buffer.count, offset + 2_000)])
                if markers.contains(where: { ByteSearch($0).occurs(in: window) }) { return true }
            }
            return false
        }
    }

    /// The value, and for a local it returns, what the local was made of.
    private static func parts(of value: ExprSyntax) -> [ExprSyntax] {
        let e = value.unwrapped
        guard let ref = e.as(DeclReferenceExprSyntax.self),
            let initial = LocalValue.initializer(of: ref.baseName.text, before: ref),
            initial.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text != ref.baseName.text
        else { return [e] }
        return [e, initial] + (LocalMutation.values(addedTo: ref.baseName.text, before: ref) ?? [])
    }

    /// `allHTTPHeaderFields` read whole, not one header of it (`allHTTPHeaderFields?["Accept"]`).
    private static func readsAllHeaders(_ expr: ExprSyntax) -> Bool {
        expr.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.tokenKind == .identifier("allHTTPHeaderFields") else { return false }
            var next = token.nextToken(viewMode: .sourceAccurate)
            if next?.tokenKind == .postfixQuestionMark { next = next?.nextToken(viewMode: .sourceAccurate) }
            return next?.tokenKind != .leftSquare
        }
    }
}
