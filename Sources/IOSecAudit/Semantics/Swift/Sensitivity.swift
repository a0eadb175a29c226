import Foundation
import IOSecCore
@_spi(RawSyntax) import SwiftSyntax

/// Decides whether an expression carries sensitive data, from the names it is built from and, one or two
/// steps back, where its value came from in the same function.
///
/// `session.accessToken`, `"Bearer \(token)"`, `Data(password.utf8)` and `let t = auth.token; … t` are
/// sensitive; `password.count`, `isTokenValid`, `spinner` and `"token"` (a literal) are not.
public enum Sensitivity {
    /// Members that hand back (a form of) the same value, so sensitivity passes through them.
    private static let passthroughMembers: Set<String> = [
        "description", "debugDescription", "utf8", "utf16", "data", "base64EncodedString", "base64EncodedData",
        "lowercased", "uppercased", "trimmingCharacters", "rawValue", "string", "text", "value", "wrappedValue",
        "unsafelyUnwrapped", "absoluteString", "joined", "map", "compactMap", "jsonString", "encoded", "contents",
        "content", "phrase", "words"
    ]
    /// Members that hold what the user typed into a control.
    static let inputTextMembers: Set<String> = ["text", "stringValue", "attributedText"]

    /// The sensitive name in `expr`, at a given depth of the search (for helpers that recurse back).
    static func sensitiveName(in expr: ExprSyntax, atDepth depth: Int) -> String? {
        sensitiveName(in: expr, depth: depth)
    }

    /// Members that reduce a value to something harmless.
    static let harmlessMembers: Set<String> = [
        "count", "isEmpty", "hashValue", "hash", "isValid", "isExpired", "expiresAt", "expiry", "expirationDate",
        "length", "startIndex", "endIndex", "type", "kind", "id"
    ]
    /// Calls whose result carries their arguments' content.
    private static let wrappingCalls: Set<String> = [
        "String", "Data", "NSString", "NSData", "Array", "encode", "archivedData", "data", "jsonObject",
        "describing", "reflecting", "Substring", "AnyHashable", "NSAttributedString", "NSDictionary",
        "NSMutableDictionary", "Dictionary", "NSArray", "NSMutableArray", "NSKeyedArchiver", "archiveRootObject",
        "dictionaryWithValues", "JSONSerialization", "PropertyListSerialization", "PropertyListEncoder", "JSONEncoder",
        "SecKeyCopyExternalRepresentation"
    ]

    /// The name that makes `expr` sensitive, or nil when it is not.
    public static func sensitiveName(in expr: ExprSyntax) -> String? {
        sensitiveName(in: expr, depth: 0)
    }

    /// Whether a value is ciphertext: a name that says so (`encrypted`, `ciphertext`, `sealedBox`), an encrypting
    /// call (`crypto.encrypt(pin)`, `AES.GCM.seal(…)`), or a model or encoding built around one
    /// (`encoder.encode(AppPIN(type: t, value: box.encrypt(pin.value)))`), followed through locals. Storing
    /// ciphertext is what the storage rules ask for; whether its key is safe is the crypto rules' question.
    public static func isEncrypted(_ expr: ExprSyntax) -> Bool {
        isEncrypted(expr, depth: 0)
    }

    private static let encryptedWords: Set<String> = ["encrypted", "ciphertext", "sealed", "cipher", "enciphered"]

    private static func isEncrypted(_ expr: ExprSyntax, depth: Int) -> Bool {
        guard depth < 4 else { return false }
        let e = expr.unwrapped
        if let call = e.as(FunctionCallExprSyntax.self) {
            let name = call.calledName ?? ""
            if name.lowercased().contains("encrypt") || name == "seal" { return true }
            let arguments = call.arguments.map(\.expression)
            guard arguments.contains(where: { isEncrypted($0, depth: depth + 1) }) else { return false }
            // A model built around ciphertext, unless it also carries a plain secret.
            return wrappingCalls.contains(name)
                || (name.first?.isUppercase == true
                    && !arguments.contains { !isEncrypted($0, depth: depth + 1) && sensitiveName(in: $0) != nil })
        }
        guard let name = e.lastName else { return false }
        if SensitiveName.words(name).contains(where: encryptedWords.contains) { return true }
        // `box.combined`, `sealed.ciphertext`: the bytes of a sealed box.
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base,
            ["combined", "ciphertext", "data", "rawRepresentation"].contains(name)
        {
            return isEncrypted(base, depth: depth + 1)
        }
        if let ref = e.as(DeclReferenceExprSyntax.self), let value = LocalValue.initializer(of: name, before: ref),
            value.as(DeclReferenceExprSyntax.self)?.baseName.text != name
        {
            return isEncrypted(value, depth: depth + 1)
        }
        return false
    }

    /// Whether two independent names agree on what a value is: its own name (`refreshToken`) and the key or label it is
    /// stored or logged under (`"\(account).refreshToken"`, "token: "). One name can be a look-alike (`tokenCount`
    /// under "badge"); two that name the same kind of secret are the evidence a rule has without a traced flow, and
    /// keep its severity. A dotted key is judged by its last component, as ``isSensitiveKey(_:)`` does.
    public static func corroborates(_ name: String, by label: String) -> Bool {
        var label = label
        if let dot = label.lastIndex(of: "."), label[label.index(after: dot)...].filter(\.isLetter).count >= 4 {
            label = String(label[label.index(after: dot)...])
        }
        guard let own = SensitiveName.classify(name), let other = SensitiveName.classify(label) else { return false }
        let credentials: Set<SensitiveCategory> = [.password, .token, .key, .secret, .pin, .otp, .credential]
        return own == other || credentials.contains(own) && credentials.contains(other)
    }

    /// The text a key expression names, for judging it: a constant's value, the fixed text of an interpolated key
    /// (`"\(sourceKey).token"` → ".token"), or the name of what holds it.
    static func keyText(of expr: ExprSyntax, in file: SwiftFile) -> String? {
        if let text = file.stringValue(of: expr) { return text }
        if let literal = expr.unwrapped.as(StringLiteralExprSyntax.self) {
            let text = literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
            return text.isEmpty ? nil : text
        }
        return expr.unwrapped.lastName
    }

    /// Whether a key or identifier text names sensitive data (`"authToken"`, `"api_key"`).
    /// In a dotted key the last component names the value (`password.digitGroupSize` is a display setting under a
    /// `password` namespace), unless it is too short to name anything (`password.v2`).
    public static func isSensitiveKey(_ text: String) -> Bool {
        if let dot = text.lastIndex(of: "."), text[text.index(after: dot)...].filter(\.isLetter).count >= 4 {
            return SensitiveName.isSensitive(String(text[text.index(after: dot)...]))
        }
        return SensitiveName.isSensitive(text)
    }

    /// Headers whose value is a credential whatever the code calls it: what a request authenticates with, and the
    /// cookies a response sets.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// The header, when its value is a credential: one of ``credentialHeaders`` or a header named for a secret
    /// (`X-Api-Key`, `X-Auth-Token`); for a constant the scan cannot resolve, its name (`kACMTokenHeader`).
    static func credentialHeader(named header: String) -> String? {
        if credentialHeaders.contains(header.lowercased()) || isSensitiveKey(header) { return header }
        let words = SensitiveName.words(header)
        guard words.last == "header", words.count > 1 else { return nil }
        return isSensitiveKey(words.dropLast().joined(separator: "_")) ? header : nil
    }

    /// Words that name where data goes rather than the data: `tokenFileURL` is where a token is kept.
    private static let locationWords: Set<String> = [
        "url", "path", "file", "filename", "location", "destination", "dir", "directory", "json", "plist",
        "dat", "bin", "txt", "archive"
    ]

    /// The name that makes a file destination sensitive, or nil: `credentialsFileURL`, `tokenPath`,
    /// `dir.appendingPathComponent("session-token.json")`, or a local initialised from one of those.
    /// The plain classifier calls `tokenPath` metadata; for a destination, the path *is* the point.
    public static func sensitiveDestinationName(in expr: ExprSyntax) -> String? {
        sensitiveDestinationName(in: expr, depth: 0)
    }

    private static func sensitiveDestinationName(in expr: ExprSyntax, depth: Int) -> String? {
        guard depth < 4 else { return nil }
        let e = expr.unwrapped
        if let text = e.stringLiteralValue {
            // "Library/auth-token.json": look at the last path component only.
            let component = text.split(separator: "/").last.map(String.init) ?? text
            return isSensitiveDestinationText(component) ? component : nil
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            // `dir.appendingPathComponent("token.json")`, `dir.appending(path: "keys")`, `URL(fileURLWithPath:)`
            for argument in call.arguments {
                if let found = sensitiveDestinationName(in: argument.expression, depth: depth + 1) { return found }
            }
            if let base = call.calledBase { return sensitiveDestinationName(in: base, depth: depth + 1) }
            return nil
        }
        guard let name = e.lastName else { return nil }
        if isSensitiveDestinationText(name) { return name }
        if let ref = e.as(DeclReferenceExprSyntax.self), let value = LocalValue.initializer(of: name, before: ref),
            value.as(DeclReferenceExprSyntax.self)?.baseName.text != name
        {
            return sensitiveDestinationName(in: value, depth: depth + 1)
        }
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "path",
            let base = member.base
        {
            return sensitiveDestinationName(in: base, depth: depth + 1)
        }
        return nil
    }

    /// The file name (last path component) when it names sensitive data: "Credentials.plist", "auth-token.json".
    public static func sensitiveFileName(_ text: String) -> String? {
        let component = text.split(separator: "/").last.map(String.init) ?? text
        return isSensitiveDestinationText(component) ? component : nil
    }

    private static func isSensitiveDestinationText(_ text: String) -> Bool {
        var words = SensitiveName.words(text)
        while let last = words.last, locationWords.contains(last) { words.removeLast() }
        return SensitiveName.classify(words: words) != nil
    }

    /// App model types that hold credentials. Framework "sessions" (URLSession, AVCaptureSession, WCSession,
    /// ASWebAuthenticationSession…) are not among them, so session types are matched by exact name.
    private static let sensitiveSessionTypes: Set<String> = [
        "Session", "UserSession", "AuthSession", "AuthenticationSession", "LoginSession", "AccountSession"
    ]

    /// Calls that write out every stored property of the value they are given.
    private static let serializingCalls: Set<String> = [
        "encode", "archivedData", "archiveRootObject", "encodeRootObject"
    ]

    /// The type a value was declared or made with: `user` of `func save(_ user: User)`, `let user = User(…)`,
    /// `User(…)` itself, `[User]` as `User`. nil when the syntax does not say.
    static func declaredType(of expr: ExprSyntax) -> String? {
        declaredType(of: expr, depth: 0)
    }

    /// `depth`: `let item = item as? Entry` names itself through its initializer.
    private static func declaredType(of expr: ExprSyntax, depth: Int) -> String? {
        guard depth < 4 else { return nil }
        let e = expr.unwrapped
        if let call = e.as(FunctionCallExprSyntax.self) {
            guard let name = call.calledName, name.first?.isUppercase == true else { return nil }
            return name
        }
        guard let ref = e.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = ref.baseName.text
        if name == "newValue", let written = setterPropertyType(around: ref) {
            let base = written.trimmingScalars(in: "?! ")
            return base.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? base : nil
        }
        if let written = parameterType(of: name, near: ref) {
            let base = written.trimmingScalars(in: "?![] ")
            return base.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? base : nil
        }
        if let value = LocalValue.initializer(of: name, before: ref), !value.is(DeclReferenceExprSyntax.self) {
            return declaredType(of: value, depth: depth + 1)
        }
        return nil
    }

    /// The written type of the property whose `set`, `willSet` or `didSet` `node` is in: what `newValue` is.
    private static func setterPropertyType(around node: some SyntaxProtocol) -> String? {
        setterBinding(around: node)?.typeAnnotation?.type.trimmedDescription
    }

    /// The name of the property whose `set` (or `willSet`/`didSet`) `node` is in: what `newValue` is written to.
    static func setterProperty(around node: some SyntaxProtocol) -> String? {
        setterBinding(around: node)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    private static func setterBinding(around node: some SyntaxProtocol) -> PatternBindingSyntax? {
        var current = node.parent
        while let parent = current {
            if let accessor = parent.as(AccessorDeclSyntax.self) {
                guard ["set", "willSet", "didSet"].contains(accessor.accessorSpecifier.text) else { return nil }
                var up = accessor.parent
                while let outer = up {
                    if let binding = outer.as(PatternBindingSyntax.self) { return binding }
                    if outer.is(CodeBlockItemSyntax.self) || outer.is(MemberBlockItemSyntax.self) { return nil }
                    up = outer.parent
                }
                return nil
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self) { return nil }
            current = parent.parent
        }
        return nil
    }

    /// The values `tree` assigns to a property named `name` (`name = v`, `self.name = v`, `store.name = v`).
    static func assignedValues(toProperty name: String, in tree: some SyntaxProtocol) -> [ExprSyntax] {
        SyntaxSearch.all(SequenceExprSyntax.self, in: tree) { sequence in
            guard let target = sequence.simpleAssignment?.target.unwrapped else { return false }
            return
                (target.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? target.as(MemberAccessExprSyntax.self)?.declName.baseName.text) == name
        }.compactMap { $0.simpleAssignment?.value }
    }

    /// Whether what the code writes to a property says it holds no secret: something is written, and nothing
    /// written but `nil` is traced to a secret or named as one (`lastSyncToken = page.nextCursor`).
    static func writesHoldNoSecret(_ values: [ExprSyntax], in file: SwiftFile) -> Bool {
        let written = values.filter { !$0.unwrapped.is(NilLiteralExprSyntax.self) }
        return !written.isEmpty
            && written.allSatisfy { value in
                SecretOrigin.trace(value, in: file) == nil && sensitiveName(in: value) == nil
                    && !SensitiveName.isSensitive(value.unwrapped.trimmedDescription)
            }
    }

    /// Types whose values describe a secret (when it was refreshed, whether there is one) but cannot be one.
    static let metadataTypes: Set<String> = ["Date", "Bool", "NSDate", "TimeInterval"]

    /// A value made by `UUID()` (`UUID().uuidString`, `NSUUID().uuidString.lowercased()`), directly or through the
    /// function's locals: a random identifier the app made, whatever it is called.
    static func isGeneratedIdentifier(_ expr: ExprSyntax) -> Bool {
        var e = expr.unwrapped
        for _ in 0..<6 {
            if let ref = e.as(DeclReferenceExprSyntax.self) {
                guard let value = LocalValue.initializer(of: ref.baseName.text, before: ref),
                    value.as(DeclReferenceExprSyntax.self)?.baseName.text != ref.baseName.text
                else { return false }
                e = value.unwrapped
            } else if let call = e.as(FunctionCallExprSyntax.self) {
                if ["UUID", "NSUUID"].contains(call.calledName ?? ""), call.arguments.isEmpty,
                    call.calledExpression.is(DeclReferenceExprSyntax.self)
                {
                    return true
                }
                // `….lowercased()`, `….replacingOccurrences(of: "-", with: "")`: the same identifier, reformatted.
                guard ["lowercased", "uppercased", "replacingOccurrences"].contains(call.calledName ?? ""),
                    let base = call.calledBase
                else { return false }
                e = base.unwrapped
            } else if let member = e.as(MemberAccessExprSyntax.self), let base = member.base,
                ["uuidString", "UUIDString"].contains(member.declName.baseName.text)
            {
                e = base.unwrapped
            } else {
                return false
            }
        }
        return false
    }

    /// A secret property of the project's own encodable type that `expr` was declared or made as: what encoding
    /// or archiving `expr` writes out (`user` of `func save(_ user: User)` where `class User: NSCoding` has a
    /// `password`).
    static func sensitiveMember(ofDeclaredTypeOf expr: ExprSyntax) -> String? {
        guard let constants = AnalysisMemo.current?.constants, let type = declaredType(of: expr) else { return nil }
        return constants.sensitiveMember(ofType: type)
    }

    /// Whether a type name names sensitive data: `Credentials`, `AuthToken`, `Session` (the app's own).
    static func isSensitiveType(_ type: String) -> Bool {
        let base = type.trimmingScalars(in: "?!")
        return sensitiveSessionTypes.contains(base) || SensitiveName.isSensitive(base)
    }

    /// Whether `name` is a parameter of the enclosing function, initializer or closure.
    static func isParameter(_ name: String, near node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            if let f = n.as(FunctionDeclSyntax.self) {
                return f.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
            }
            if let i = n.as(InitializerDeclSyntax.self) {
                return i.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
            }
            if let c = n.as(ClosureExprSyntax.self), let signature = c.signature,
                signature.parameterClause?.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name })
                    == true
            {
                return true
            }
            current = n.parent
        }
        return false
    }

    /// The written type of the enclosing function's parameter called `name`, if there is one. With
    /// `throughClosures`, also from inside a closure that captures it (one that declares no parameter or capture of
    /// that name).
    static func parameterType(
        of name: String, near node: some SyntaxProtocol, throughClosures: Bool = false
    ) -> String? {
        var current = Syntax(node).parent
        while let n = current {
            if let f = n.as(FunctionDeclSyntax.self) {
                return type(of: name, in: f.signature.parameterClause.parameters)
            }
            if let i = n.as(InitializerDeclSyntax.self) {
                return type(of: name, in: i.signature.parameterClause.parameters)
            }
            if n.is(MemberBlockSyntax.self) { return nil }
            if let closure = n.as(ClosureExprSyntax.self) {
                guard throughClosures, !declares(closure, name) else { return nil }
            }
            current = n.parent
        }
        return nil
    }

    /// Whether a closure's parameters or capture list name `name`.
    static func declares(_ closure: ClosureExprSyntax, _ name: String) -> Bool {
        guard let signature = closure.signature else { return false }
        if let captures = signature.capture?.items,
            captures.contains(where: { $0.name.text == name })
        {
            return true
        }
        switch signature.parameterClause {
        case .simpleInput(let list): return list.contains { $0.name.text == name }
        case .parameterClause(let clause):
            return clause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
        case nil: return false
        }
    }

    private static func type(of name: String, in parameters: FunctionParameterListSyntax) -> String? {
        for parameter in parameters where (parameter.secondName ?? parameter.firstName).text == name {
            return parameter.type.sourceText
        }
        return nil
    }

    /// Whether a label written next to a value says which harmless kind of it the value is: `token` labelled
    /// "Push Token:" or stored under `pushToken`. The label must end with the value's own words, so "Password
    /// hint" says nothing about `password`.
    public static func isQualifiedAsNonSecret(_ name: String, by label: String) -> Bool {
        let nameWords = SensitiveName.words(name)
        let labelWords = SensitiveName.words(label)
        guard !nameWords.isEmpty, labelWords.count > nameWords.count,
            Array(labelWords.suffix(nameWords.count)) == nameWords,
            // "token is \(token)": a verb before the value says nothing of which token it is.
            let qualifier = labelWords.first, !verbWords.contains(qualifier)
        else { return false }
        return !SensitiveName.isSensitive(labelWords.joined(separator: "_"))
    }

    /// Words of a sentence that qualify nothing: a value after "is" or "was" is still whatever its name says.
    private static let verbWords: Set<String> = [
        "is", "was", "are", "were", "be", "been", "has", "have", "had", "did", "does", "do", "got", "gets", "get",
        "set", "sets", "using", "use", "uses", "with", "to", "as", "new"
    ]

    /// Whether a value's own name says it is a harmless kind of what a label calls it: "for token \(room.token)" and
    /// "token: \(roomToken)" log a chat room's ID. The owner of a member counts as part of its name.
    public static func namesHarmlessKind(_ value: ExprSyntax, of label: String) -> Bool {
        let e = value.unwrapped
        // `room.token ?? "Unknown"`
        if let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            let first = sequence.elements.first
        {
            return namesHarmlessKind(first, of: label)
        }
        guard var name = e.lastName else { return false }
        if let owner = e.as(MemberAccessExprSyntax.self)?.base?.lastName, owner != "self" {
            name = owner + name.prefix(1).uppercased() + name.dropFirst()
        }
        return isQualifiedAsNonSecret(label, by: name)
    }

    /// A local with a short name given a value whose own name says it is no secret: `let token = pushToken`, or
    /// `guard let token = newValue` in the setter of `var changeToken: CKServerChangeToken?` (a sync cursor).
    private static func isRenamedNonSecret(_ name: String, at ref: DeclReferenceExprSyntax) -> Bool {
        guard let value = LocalValue.initializer(of: name, before: ref)?.unwrapped else { return false }
        var origin = value.lastName
        if origin == "newValue" {
            var node = Syntax(ref)
            while let parent = node.parent, !parent.is(PatternBindingSyntax.self) { node = parent }
            origin =
                node.parent?.as(PatternBindingSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?
                .identifier.text
        }
        guard let origin, origin != name, !SensitiveName.isSensitive(origin) else { return false }
        let words = Set(SensitiveName.words(name))
        return SensitiveName.words(origin).contains(where: words.contains)
    }

    private static func sensitiveName(in expr: ExprSyntax, depth: Int) -> String? {
        guard depth < 6 else { return nil }
        let e = expr.unwrapped

        if let ref = e.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if SensitiveName.isSensitive(name) { return isRenamedNonSecret(name, at: ref) ? nil : name }
            // Where did a plain local get its value? Two hops are enough for real code.
            if depth < 3, let value = LocalValue.initializer(of: name, before: ref),
                value.as(DeclReferenceExprSyntax.self)?.baseName.text != name,
                let found = sensitiveName(in: value, depth: depth + 1)
            {
                return found
            }
            // A parameter's declared type: `func save(_ session: Session)` carries the app's session model.
            if let type = parameterType(of: name, near: ref), isSensitiveType(type) { return name }
            // A container filled with a secret earlier: `dict["password"] = pw; … dict.write(toFile:)`.
            if depth < 3, let filled = ContainerFill.sensitiveContent(of: name, before: ref, depth: depth) {
                return filled
            }
            return nil
        }
        if let member = e.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if harmlessMembers.contains(name) { return nil }
            if SensitiveName.isSensitive(name) {
                // `room.token`, `device.token`: the owner says which token, as `roomToken` would.
                if let owner = member.base?.lastName, owner != "self", SensitiveName.words(name).count == 1,
                    Self.isQualifiedAsNonSecret(name, by: owner + name.prefix(1).uppercased() + name.dropFirst())
                {
                    return nil
                }
                return name
            }
            // What the user typed into a field for a secret: `passwordTextField.text`, `cvvField.text`.
            if inputTextMembers.contains(name), let field = member.base?.lastName,
                SensitiveName.classifyInputField(field) != nil
            {
                return field
            }
            if passthroughMembers.contains(name), let base = member.base {
                return sensitiveName(in: base, depth: depth + 1)
            }
            return nil
        }
        if let literal = e.as(StringLiteralExprSyntax.self) {
            for segment in literal.segments {
                if let interpolation = segment.as(ExpressionSegmentSyntax.self) {
                    for argument in interpolation.expressions {
                        if let found = sensitiveName(in: argument.expression, depth: depth + 1) { return found }
                    }
                }
            }
            return nil
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            let name = call.calledName ?? ""
            if harmlessMembers.contains(name) { return nil }
            // `keychain.readToken()`, `currentPassword()`
            if SensitiveName.isSensitive(name) { return name }
            if passthroughMembers.contains(name) || wrappingCalls.contains(name) {
                if let base = call.calledBase, let found = sensitiveName(in: base, depth: depth + 1) { return found }
                for argument in call.arguments {
                    if let found = sensitiveName(in: argument.expression, depth: depth + 1) { return found }
                }
            }
            if serializingCalls.contains(name) {
                // `JSONEncoder().encode(user)` where the project's `User` has a `password` property.
                for argument in call.arguments {
                    if let member = sensitiveMember(ofDeclaredTypeOf: argument.expression) { return member }
                }
            }
            return nil
        }
        if let subscriptCall = e.as(SubscriptCallExprSyntax.self) {
            // `json["access_token"]`, `headers["Authorization"]`
            for argument in subscriptCall.arguments {
                if let key = argument.expression.stringLiteralValue,
                    SensitiveName.isSensitive(key) || key.lowercased() == "authorization"
                {
                    return key
                }
            }
            return sensitiveName(in: subscriptCall.calledExpression, depth: depth + 1)
        }
        if let infix = e.as(InfixOperatorExprSyntax.self) {
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
            if op == "+" || op == "??" {
                return sensitiveName(in: infix.leftOperand, depth: depth + 1)
                    ?? sensitiveName(in: infix.rightOperand, depth: depth + 1)
            }
            return nil
        }
        if let seq = e.as(SequenceExprSyntax.self) {
            // Unfolded `a + b`: look at operands of + and ?? only.
            let elements = Array(seq.elements)
            let joinsValues = elements.enumerated().allSatisfy { index, element in
                index % 2 == 0 || ["+", "??"].contains(element.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
            }
            guard joinsValues else { return nil }
            for (index, element) in elements.enumerated() where index % 2 == 0 {
                if let found = sensitiveName(in: element, depth: depth + 1) { return found }
            }
            return nil
        }
        if let dictionary = e.as(DictionaryExprSyntax.self), case .elements(let elements) = dictionary.content {
            // `["password": password]`, `["token": t]`: a sensitive key with a real value, or a sensitive value.
            for element in elements {
                let value = element.value.unwrapped
                if value.is(NilLiteralExprSyntax.self) || value.is(BooleanLiteralExprSyntax.self) { continue }
                if let key = element.key.stringLiteralValue, SensitiveName.isSensitive(key) { return key }
                if let found = sensitiveName(in: element.value, depth: depth + 1) { return found }
            }
            return nil
        }
        if let array = e.as(ArrayExprSyntax.self) {
            for element in array.elements {
                if let found = sensitiveName(in: element.expression, depth: depth + 1) { return found }
            }
            return nil
        }
        if let ternary = e.as(TernaryExprSyntax.self) {
            return sensitiveName(in: ternary.thenExpression, depth: depth + 1)
                ?? sensitiveName(in: ternary.elseExpression, depth: depth + 1)
        }
        return nil
    }
}

/// Containers filled with sensitive values earlier in the same function: `record["password"] = field.text`,
/// `dict.setValue(password, forKey: "password")`, `params.updateValue(token, forKey: "t")`. Writing, logging or
/// printing the container later leaks what was put in.
enum ContainerFill {
    private static let fillingMethods: Set<String> = [
        "setValue", "setObject", "set", "updateValue", "setString", "setData"
    ]

    /// Something put into a named container: `container[key] = value`, `container.setValue(value, forKey: key)`,
    /// or `container.sensitiveMember = value`.
    struct Fill {
        enum Content {
            case keyed(key: ExprSyntax?, value: ExprSyntax?)
            /// A sensitive member assigned a real value (not nil, a Bool or an empty string).
            case member(String)
        }
        let container: String
        let position: AbsolutePosition
        let content: Content
    }

    /// The sensitive name put into `name` before `use`, or nil.
    static func sensitiveContent(of name: String, before use: some SyntaxProtocol, depth: Int) -> String? {
        if let memo = AnalysisMemo.current, !memo.names.filled.contains(name) { return nil }
        let limit = use.position
        // The innermost body first, then out through closures to the function's: a container filled in the function
        // and used in a closure (`try realm.write { realm.add(account) }`) holds what was put in it.
        let bodies = bodies(around: use)
        // Every fill looked at lies between the outermost body's start and `use`.
        if let memo = AnalysisMemo.current, let outermost = bodies.last,
            !memo.mayFill(name, from: outermost.position.utf8Offset, to: limit.utf8Offset)
        {
            return nil
        }
        for body in bodies {
            // Fills are in source order: the first sensitive one before `use` answers.
            for fill in fills(in: body, before: limit) {
                guard fill.position < limit else { break }
                guard fill.container == name else { continue }
                switch fill.content {
                case .member(let member):
                    return member
                case .keyed(let key, let value):
                    if let found = sensitive(key: key, value: value, depth: depth) { return found }
                }
            }
        }
        return nil
    }

    /// The bodies around `node`, innermost first, out through closures to the function's (initializer's,
    /// accessor's). A closure that initialises a property stops there, not at the whole file.
    private static func bodies(around node: some SyntaxProtocol) -> [CodeBlockItemListSyntax] {
        var bodies: [CodeBlockItemListSyntax] = []
        var current = Syntax(node).parent
        while let owner = current {
            if owner.isBodyOwner {
                if owner.kind == .sourceFile, !bodies.isEmpty { break }
                if let body = owner.ownedBody { bodies.append(body) }
                if owner.kind != .closureExpr { break }
            }
            current = owner.parent
        }
        return bodies
    }

    /// The fills in `body` (at least those before `limit`), in source order. Within a walk each body is collected
    /// once, the first time a rule asks about it: most bodies are never asked about, so recording fills as the walk
    /// passes them cost more than collecting the few asked about.
    private static func fills(in body: CodeBlockItemListSyntax, before limit: AbsolutePosition) -> [Fill] {
        guard let memo = AnalysisMemo.current else { return FillCollector.collect(Syntax(body)) }
        if let known = memo.fillsOfBody[AnalysisMemo.BodyKey(body)] { return known }
        let found = FillCollector.collect(Syntax(body))
        memo.fillsOfBody[AnalysisMemo.BodyKey(body)] = found
        return found
    }

    private static func sensitive(key: ExprSyntax?, value: ExprSyntax?, depth: Int) -> String? {
        if let value {
            let v = value.unwrapped
            if v.is(NilLiteralExprSyntax.self) || v.is(BooleanLiteralExprSyntax.self) { return nil }
        }
        if let key = key?.stringLiteralValue, SensitiveName.isSensitive(key) { return key }
        if let value { return Sensitivity.sensitiveName(in: value, atDepth: depth + 1) }
        return nil
    }

    /// The container an expression names: `dict`, or `self.dict`.
    private static func containerName(_ expr: ExprSyntax?) -> String? {
        guard let expr else { return nil }
        let e = expr.unwrapped
        if let ref = e.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = e.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            return member.declName.baseName.text
        }
        return nil
    }

    /// `container[key] = value`, or `container.password = value` with a real value.
    static func fill(at node: SequenceExprSyntax) -> Fill? {
        guard let assignment = node.simpleAssignment else { return nil }
        if let subscriptCall = assignment.target.as(SubscriptCallExprSyntax.self),
            let container = containerName(subscriptCall.calledExpression)
        {
            return Fill(
                container: container, position: node.position,
                content: .keyed(key: subscriptCall.arguments.first?.expression, value: assignment.value))
        }
        if let member = assignment.target.as(MemberAccessExprSyntax.self), let container = containerName(member.base),
            SensitiveName.isSensitive(member.declName.baseName.text)
        {
            // `user.password = passwordField.text`: the object now holds a password.
            let value = assignment.value.unwrapped
            if !value.is(NilLiteralExprSyntax.self), !value.is(BooleanLiteralExprSyntax.self),
                value.stringLiteralValue?.isEmpty != true
            {
                return Fill(
                    container: container, position: node.position, content: .member(member.declName.baseName.text))
            }
        }
        return nil
    }

    /// Whether a call of this name can fill a container (a check on bytes, before any `String` is made).
    static func mayFill(calledName name: SyntaxText) -> Bool {
        switch name.first {
        case UInt8(ascii: "s"): name.count >= 3 && name[name.index(name.startIndex, offsetBy: 1)] == UInt8(ascii: "e")
        case UInt8(ascii: "u"): name == "updateValue"
        default: false
        }
    }

    /// `container.setValue(value, forKey: key)` and the other filling methods; `name` is the call's name.
    static func fill(at node: FunctionCallExprSyntax, named name: String?) -> Fill? {
        guard let name, fillingMethods.contains(name), let container = containerName(node.calledBase) else {
            return nil
        }
        return Fill(
            container: container, position: node.position,
            content: .keyed(key: node.argument("forKey"), value: node.arguments.first?.expression))
    }

    /// Every fill of any container in a body, in source order (a node's start comes before its children's).
    private final class FillCollector: SyntaxAnyVisitor {
        var fills: [Fill] = []

        static func collect(_ node: Syntax) -> [Fill] {
            let collector = FillCollector(viewMode: .sourceAccurate)
            collector.walk(node)
            return collector.fills
        }

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            if let sequence = node.as(SequenceExprSyntax.self) {
                if let fill = ContainerFill.fill(at: sequence) { fills.append(fill) }
            } else if let call = node.as(FunctionCallExprSyntax.self), let name = call.calledNameText,
                ContainerFill.mayFill(calledName: name)
            {
                if let fill = ContainerFill.fill(at: call, named: String(syntaxText: name)) { fills.append(fill) }
            }
            return .visitChildren
        }

        override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
