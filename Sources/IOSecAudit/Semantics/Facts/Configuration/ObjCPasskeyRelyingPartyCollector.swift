import IOSecCore

/// Records the relying-party identifier Objective-C passes to
/// `-[ASAuthorizationPlatformPublicKeyCredentialProvider initWithRelyingPartyIdentifier:]`, when it is a literal, a
/// `#define` or a file-level constant (`ObjCSource.stringValue(of:)`), or a local initialised with one.
enum ObjCPasskeyRelyingPartyCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.objc]
    static let selector = "initWithRelyingPartyIdentifier:"

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        let source = file.objc
        guard source.mentions("initWithRelyingPartyIdentifier") else { return [] }
        for send in source.sends where send.selector == selector {
            guard let argument = send.parts[0].argument else { continue }
            let range = source.trimmedExpression(argument)
            var value = source.stringValue(of: range)
            if value == nil, range.count == 1, let index = range.first, source.isIdentifier(index),
                let declared = source.declaredValue(of: source.text(index), before: send.open)
            {
                value = source.stringValue(of: source.trimmedExpression(declared))
            }
            guard let value, !value.isEmpty, let first = range.first else { continue }
            let token = source.tokens[first]
            file.record(kind: FactKind.passkeyRelyingParty, value: value, line: token.line, column: token.column)
        }
        return []
    }
}
