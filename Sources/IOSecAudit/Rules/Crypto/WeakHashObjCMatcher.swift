import IOSecCore

/// `crypto.weak-hash` in Objective-C and C: CommonCrypto's `CC_MD5`, `CC_SHA1` and their `_Init` forms.
///
/// As in Swift (`WeakHashRule.contextNames`), what the digest is for is read from what is hashed and the
/// enclosing method's name, never from the output buffer (`unsigned char hashed[CC_MD5_DIGEST_LENGTH]` says
/// nothing about the input): medium unless those names say cache key, ETag or file fingerprint and nothing says
/// password, token, signature or HMAC.
enum WeakHashObjCMatcher: ObjCRule {
    static var description: RuleDescription { WeakHashRule.description }

    static var functions: [String: String] { WeakHashRule.commonCryptoFunctions }
    /// The `_Update` function that feeds data to each `_Init` context.
    private static let updateFunctions: [String: String] = [
        "CC_MD5_Init": "CC_MD5_Update", "CC_SHA1_Init": "CC_SHA1_Update"
    ]

    static let requiredNames: Set<String>? = Set(WeakHashRule.commonCryptoFunctions.keys).union(
        WeakHashRule.helperNames)

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for call in source.calls(named: functions.keys) {
            guard let algorithm = functions[call.name] else { continue }
            if isOnlyAnIdentifier(call, in: source) {
                report(
                    file, source, at: call.nameIndex,
                    "\(call.name) used for a cache key or fingerprint: acceptable there, but never for passwords, tokens or signatures",
                    severity: .info)
            } else if let helper = enclosingHelper(of: call, in: source) {
                // As in Swift: its callers decide what it protects, and those that hash a secret are reported there.
                report(
                    file, source, at: call.nameIndex,
                    "\(algorithm) in the helper '\(helper)': broken for security use; a call that hashes a password, token or key is reported where it is made",
                    confidence: .low)
            } else {
                report(
                    file, source, at: call.nameIndex,
                    "\(algorithm) is broken for security use; use SHA256, or HMAC<SHA256> to authenticate")
            }
        }
        checkHelperCalls(source, in: file)
    }

    /// `[password md5]`, `[token MD5String]`: a helper's call on a value whose name says secret.
    private static func checkHelperCalls(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends(withFirstPart: WeakHashRule.helperNames) where send.parts.count == 1 {
            let helper = send.parts[0].name
            guard send.parts[0].argument == nil, let protected = source.sensitiveName(in: send.receiver) else {
                continue
            }
            let algorithm = helper.lowercased().hasPrefix("md5") ? "MD5" : "SHA-1"
            report(
                file, source, at: send.receiver.lowerBound,
                "\(algorithm) (through '\(helper)') hashes '\(protected)': it is broken for security use; use SHA256, HMAC<SHA256> to authenticate, or a slow KDF for passwords",
                evidence: .name)
        }
    }

    /// The method or function a digest is computed in, when it is a hash helper and nothing hashed says secret:
    /// `- (NSString *)mx_MD5 { CC_MD5(self.bytes, …) }`.
    private static func enclosingHelper(of call: ObjCCall, in source: ObjCSource) -> String? {
        guard let body = source.body(containing: call.nameIndex), let function = source.functionName(of: body),
            let helper = WeakHashRule.helperName(inMethod: function)
        else { return nil }
        for data in hashedData(of: call, in: source, body: body) where source.sensitiveName(in: data) != nil {
            return nil
        }
        return helper
    }

    /// True when the hashed data is not sensitive and the names around it (the data, the local it came from, the
    /// enclosing method or function) say cache key / ETag / fingerprint without a security word.
    static func isOnlyAnIdentifier(_ call: ObjCCall, in source: ObjCSource) -> Bool {
        let body = source.body(containing: call.nameIndex)
        var names: [String] = []
        if let body, let function = source.functionName(of: body) { names.append(function) }
        for data in hashedData(of: call, in: source, body: body) {
            if source.sensitiveName(in: data) != nil { return false }
            names += source.identifiers(in: data)
            // One step back through a local: `NSData *data = [password dataUsingEncoding:…]; CC_MD5(data.bytes, …)`.
            guard let body else { continue }
            for index in data where source.isIdentifier(index) {
                guard
                    let origin = initializer(of: source.text(index), before: data.lowerBound, in: body, source: source)
                else { continue }
                if source.sensitiveName(in: origin) != nil { return false }
                names += source.identifiers(in: origin)
            }
        }
        return WeakHashRule.isOnlyAnIdentifier(names)
    }

    /// The data argument: `CC_MD5(data, len, out)`'s first argument; for `CC_MD5_Init(&ctx)`, the data of the
    /// `CC_MD5_Update(&ctx, data, len)` calls on the same context in the same body.
    private static func hashedData(of call: ObjCCall, in source: ObjCSource, body: ClosedRange<Int>?) -> [Range<Int>] {
        guard let update = updateFunctions[call.name] else { return call.arguments.first.map { [$0] } ?? [] }
        guard let body, let context = call.arguments.first.flatMap({ source.lastIdentifier(in: $0) }) else { return [] }
        return source.calls.filter { other in
            other.name == update && body.contains(other.nameIndex) && other.arguments.count >= 2
                && source.lastIdentifier(in: other.arguments[0]) == context
        }.map { $0.arguments[1] }
    }

    /// The value last assigned to a local `name` before `index` in the same body (`NSData *name = value;`).
    private static func initializer(of name: String, before index: Int, in body: ClosedRange<Int>, source: ObjCSource)
        -> Range<Int>?
    {
        var found: Range<Int>?
        for assignment in source.assignments() where assignment.equals < index && body.contains(assignment.equals) {
            guard let last = assignment.target.last, source.isIdentifier(last), source.text(last) == name else {
                continue
            }
            found = assignment.value
        }
        return found
    }
}
