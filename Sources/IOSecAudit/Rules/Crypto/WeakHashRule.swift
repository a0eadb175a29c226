import IOSecCore
import SwiftSyntax

/// `crypto.weak-hash`: MD5 or SHA-1 (CryptoKit `Insecure`, CommonCrypto `CC_MD5`/`CC_SHA1`). Medium when the
/// digest protects something; info when the names around it say cache key, ETag or file fingerprint.
struct WeakHashRule: SwiftRule {
    static let description = RuleDescription(
        id: "crypto.weak-hash",
        title: "Weak hash algorithm (MD5 / SHA-1)",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-CRYPTO-1",
        cwe: 328,
        rationale: """
            MD5 and SHA-1 collisions can be computed cheaply, and both are fast enough to brute-force short \
            inputs such as passwords and PINs. A digest made with them cannot prove integrity, identify a secret \
            or stand in for a signature. They remain fine as non-security identifiers (cache keys, ETags, file \
            fingerprints), which this rule reports only as info.
            """,
        fix:
            "Use SHA256 for digests, HMAC<SHA256> for authentication, and a slow KDF (PBKDF2, scrypt, Argon2) for passwords.",
        fixExample: """
            let digest = SHA256.hash(data: Data(payload.utf8))
            let tag = HMAC<SHA256>.authenticationCode(for: Data(payload.utf8), using: signingKey)
            """,
        triggeringExamples: [
            RuleExample(
                """
                - (NSData *)passwordDigest:(NSData *)password {
                    unsigned char digest[CC_MD5_DIGEST_LENGTH];
                    ↓CC_MD5(password.bytes, (CC_LONG)password.length, digest);
                    return [NSData dataWithBytes:digest length:sizeof digest];
                }
                """, path: "App/Crypto.m",
                findings: [FindingSpec(severity: .medium, confidence: .high, message: "MD5 is broken for security use")]
            ),
            RuleExample(
                """
                // Reported at info: the digest only names a cache file.
                - (NSString *)cachedFileNameForKey:(NSString *)key {
                    NSData *cacheKey = [key dataUsingEncoding:NSUTF8StringEncoding];
                    unsigned char digest[CC_MD5_DIGEST_LENGTH];
                    ↓CC_MD5(cacheKey.bytes, (CC_LONG)cacheKey.length, digest);
                    NSMutableString *name = [NSMutableString stringWithCapacity:CC_MD5_DIGEST_LENGTH * 2];
                    for (int i = 0; i < CC_MD5_DIGEST_LENGTH; i++) { [name appendFormat:@"%02x", digest[i]]; }
                    return [name stringByAppendingPathExtension:key.pathExtension];
                }
                """, path: "App/ImageCache.m",
                findings: [
                    FindingSpec(
                        severity: .info, confidence: .high, message: "CC_MD5 used for a cache key or fingerprint")
                ]),
            RuleExample(
                """
                // The output buffer's name (`hashed`) says nothing about the input: a PIN is hashed here.
                - (NSString *)storedHashForPin:(NSString *)pin {
                    unsigned char hashed[CC_MD5_DIGEST_LENGTH];
                    ↓CC_MD5(pin.UTF8String, (CC_LONG)strlen(pin.UTF8String), hashed);
                    return [self hexStringFromBytes:hashed length:CC_MD5_DIGEST_LENGTH];
                }
                """, path: "App/PinLock.m",
                findings: [FindingSpec(severity: .medium, confidence: .high, message: "MD5 is broken for security use")]
            ),
            RuleExample(
                """
                @implementation AccountStore
                - (NSString *)legacyDigestOfPassword:(NSString *)password {
                    NSData *utf8 = [password dataUsingEncoding:NSUTF8StringEncoding];
                    unsigned char hashed[CC_MD5_DIGEST_LENGTH];
                    ↓CC_MD5(utf8.bytes, (CC_LONG)utf8.length, hashed);
                    return [[NSData dataWithBytes:hashed length:sizeof hashed] base64EncodedStringWithOptions:0];
                }
                @end
                """, path: "App/AccountStore.m",
                findings: [FindingSpec(severity: .medium, confidence: .high, message: "MD5 is broken for security use")]
            ),
            RuleExample(
                """
                - (NSString *)requestSignatureForBody:(NSData *)body {
                    unsigned char hashed[CC_SHA1_DIGEST_LENGTH];
                    ↓CC_SHA1(body.bytes, (CC_LONG)body.length, hashed);
                    return [self hexStringFromBytes:hashed length:CC_SHA1_DIGEST_LENGTH];
                }
                """, path: "App/APIClient.m",
                findings: [
                    FindingSpec(severity: .medium, confidence: .high, message: "SHA-1 is broken for security use")
                ]),
            RuleExample(
                """
                - (NSData *)digestForSession:(MXSession *)session {
                    CC_SHA1_CTX ctx;
                    ↓CC_SHA1_Init(&ctx);
                    NSData *chunk = [session.accessToken dataUsingEncoding:NSUTF8StringEncoding];
                    CC_SHA1_Update(&ctx, chunk.bytes, (CC_LONG)chunk.length);
                    unsigned char hashed[CC_SHA1_DIGEST_LENGTH];
                    CC_SHA1_Final(hashed, &ctx);
                    return [NSData dataWithBytes:hashed length:sizeof hashed];
                }
                """, path: "App/Session.m",
                findings: [
                    FindingSpec(severity: .medium, confidence: .high, message: "SHA-1 is broken for security use")
                ]),
            RuleExample(
                """
                // Reported at info: an ETag for a response body, written into a buffer named `hashed`.
                @implementation ResponseCache
                - (NSString *)etagForResponseData:(NSData *)responseData {
                    unsigned char hashed[CC_MD5_DIGEST_LENGTH];
                    ↓CC_MD5(responseData.bytes, (CC_LONG)responseData.length, hashed);
                    return [self hexStringFromBytes:hashed length:CC_MD5_DIGEST_LENGTH];
                }
                @end
                """, path: "App/ResponseCache.m",
                findings: [
                    FindingSpec(
                        severity: .info, confidence: .high, message: "CC_MD5 used for a cache key or fingerprint")
                ]),
            RuleExample(
                """
                // Reported at info: a checksum of a downloaded file, fed in chunks.
                - (NSString *)checksumOfFileAtPath:(NSString *)path {
                    CC_MD5_CTX context;
                    ↓CC_MD5_Init(&context);
                    NSData *fileData = [NSData dataWithContentsOfFile:path];
                    CC_MD5_Update(&context, fileData.bytes, (CC_LONG)fileData.length);
                    unsigned char hashed[CC_MD5_DIGEST_LENGTH];
                    CC_MD5_Final(hashed, &context);
                    return [self hexStringFromBytes:hashed length:CC_MD5_DIGEST_LENGTH];
                }
                """, path: "App/DownloadVerifier.m",
                findings: [
                    FindingSpec(
                        severity: .info, confidence: .high, message: "CC_MD5_Init used for a cache key or fingerprint")
                ]),
            RuleExample(
                """
                func hashPassword(_ password: String) -> String {
                    let digest = ↓Insecure.MD5.hash(data: Data(password.utf8))
                    return digest.map { String(format: "%02x", $0) }.joined()
                }
                """,
                findings: [FindingSpec(severity: .medium, confidence: .high, message: "MD5 is broken for security use")]
            ),
            RuleExample(
                """
                func signature(for body: Data) -> [UInt8] {
                    var digest = [UInt8](repeating: 0, count: Int(CC_SHA1_DIGEST_LENGTH))
                    _ = body.withUnsafeBytes { ↓CC_SHA1($0.baseAddress, CC_LONG(body.count), &digest) }
                    return digest
                }
                """,
                findings: [
                    FindingSpec(severity: .medium, confidence: .high, message: "SHA-1 is broken for security use")
                ]),
            RuleExample(
                """
                let tokenHash = ↓CryptoKit.Insecure.SHA1.hash(data: tokenData)
                """, findings: [FindingSpec(severity: .medium, message: "SHA-1 is broken for security use")]),
            RuleExample(
                """
                // Reported at info: a cache file name, not security data.
                func cacheFileName(for url: URL) -> String {
                    ↓Insecure.MD5.hash(data: Data(url.absoluteString.utf8)).map { String(format: "%02x", $0) }.joined()
                }
                """,
                findings: [
                    FindingSpec(
                        severity: .info, confidence: .high, message: "Insecure.MD5 used for a cache key or fingerprint")
                ]),
            RuleExample(
                """
                var hasher = ↓Insecure.SHA1()
                hasher.update(data: chunk)
                """, findings: [FindingSpec(severity: .medium, message: "SHA-1 is broken for security use")])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                - (NSData *)digest:(NSData *)data {
                    unsigned char out[CC_SHA256_DIGEST_LENGTH];
                    CC_SHA256(data.bytes, (CC_LONG)data.length, out);  // not CC_MD5
                    return [NSData dataWithBytes:out length:sizeof out];
                }
                """, path: "App/Crypto.m"),
            RuleExample(
                """
                - (NSString *)hashedIdentifierForPin:(NSString *)pin {
                    unsigned char hashed[CC_SHA256_DIGEST_LENGTH];
                    CC_SHA256(pin.UTF8String, (CC_LONG)strlen(pin.UTF8String), hashed);
                    return [self hexStringFromBytes:hashed length:CC_SHA256_DIGEST_LENGTH];
                }
                """, path: "App/PinLock.m"),
            RuleExample("let digest = SHA256.hash(data: Data(password.utf8))"),
            RuleExample(
                """
                // Legacy servers sent an MD5 ETag; we only compare against it as a string.
                let etagHeader = response.value(forHTTPHeaderField: "ETag")
                let md5Length = Int(CC_MD5_DIGEST_LENGTH)
                """),
            RuleExample(
                """
                func verify(_ digest: Insecure.MD5Digest) -> Bool { false }
                let code = HMAC<SHA256>.authenticationCode(for: message, using: key)
                """),
            RuleExample(#"logger.info("Insecure.MD5 is no longer used for tokens")"#)
        ]
    )

    static let calleeNames: Set<String>? = Set(commonCryptoFunctions.keys)
    static var memberNames: Set<String>? { insecureAlgorithms }

    private static let insecureAlgorithms: Set<String> = ["MD5", "SHA1"]
    private static let commonCryptoFunctions: [String: String] = [
        "CC_MD5": "MD5", "CC_MD5_Init": "MD5", "CC_MD4": "MD4", "CC_MD2": "MD2",
        "CC_SHA1": "SHA-1", "CC_SHA1_Init": "SHA-1"
    ]
    /// Words that say the digest protects something, whatever else the names say.
    private static let securityWords: Set<String> = [
        "sign", "signature", "signed", "signing", "verify", "verification", "certificate", "cert", "hmac", "mac",
        "auth", "authenticate", "integrity", "nonce", "salt", "credential", "credentials"
    ]
    /// Words that say the digest only names or deduplicates content.
    private static let identifierWords: Set<String> = [
        "cache", "cached", "caching", "etag", "checksum", "fingerprint", "filename", "dedup", "dedupe",
        "deduplication", "thumbnail", "url", "path", "file", "image", "asset", "download"
    ]

    mutating func visit(_ member: MemberAccessExprSyntax, in file: SwiftFile) {
        let name = member.declName.baseName.text
        guard Self.insecureAlgorithms.contains(name), member.base?.lastName == "Insecure" else { return }
        // `Insecure.MD5.hash(data: x)`: the hashed value is `x`.
        var data: ExprSyntax?
        if let outer = member.parent?.as(MemberAccessExprSyntax.self), outer.declName.baseName.text == "hash",
            let call = outer.parent?.as(FunctionCallExprSyntax.self)
        {
            data = call.argument("data")
        }
        check(member, algorithm: name == "SHA1" ? "SHA-1" : name, display: "Insecure.\(name)", data: data, in: file)
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName, let algorithm = Self.commonCryptoFunctions[name],
            call.calledExpression.is(DeclReferenceExprSyntax.self)
        else { return }
        check(call, algorithm: algorithm, display: name, data: call.arguments.first?.expression, in: file)
    }

    private func check(
        _ node: some SyntaxProtocol, algorithm: String, display: String, data: ExprSyntax?, in file: SwiftFile
    ) {
        if Self.isOnlyAnIdentifier(Self.contextNames(of: Syntax(node), data: data)) {
            report(
                file, at: node,
                "\(display) used for a cache key or fingerprint: acceptable there, but never for passwords, tokens or signatures",
                severity: .info)
        } else {
            report(
                file, at: node, "\(algorithm) is broken for security use; use SHA256, or HMAC<SHA256> to authenticate")
        }
    }

    /// True when no name says security and some name says cache key / ETag / fingerprint.
    static func isOnlyAnIdentifier(_ names: [String]) -> Bool {
        var identifier = false
        for name in names {
            if SensitiveName.isSensitive(name) { return false }
            for word in SensitiveName.words(name) {
                if securityWords.contains(word) { return false }
                if identifierWords.contains(word) { identifier = true }
            }
        }
        return identifier
    }

    /// The names that say what the digest is for: the variable or property it is assigned to, the enclosing
    /// function, the value a `withUnsafeBytes` closure reads, and the identifiers of the hashed value (one step
    /// back through a local).
    static func contextNames(of node: Syntax, data: ExprSyntax?) -> [String] {
        var names: [String] = []
        var current = node.parent
        while let n = current {
            if let binding = n.as(PatternBindingSyntax.self),
                let id = binding.pattern.as(IdentifierPatternSyntax.self)
            {
                names.append(id.identifier.text)
            } else if let seq = n.as(SequenceExprSyntax.self), let assignment = seq.simpleAssignment,
                let target = assignment.target.lastName
            {
                names.append(target)
            } else if let closure = n.as(ClosureExprSyntax.self),
                let call = closure.parent?.as(FunctionCallExprSyntax.self)
                    ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                let base = call.calledBase?.lastName
            {
                names.append(base)
            } else if let function = n.as(FunctionDeclSyntax.self) {
                names.append(function.name.text)
                break
            } else if n.is(InitializerDeclSyntax.self) || n.is(MemberBlockSyntax.self) {
                break
            }
            current = n.parent
        }
        if let data {
            names += identifiers(in: data)
            for token in data.tokens(viewMode: .sourceAccurate) where token.tokenKind.isIdentifier {
                if let origin = LocalValue.initializer(of: token.text, before: data) {
                    names += identifiers(in: origin)
                }
            }
        }
        return names
    }

    private static func identifiers(in expr: ExprSyntax) -> [String] {
        expr.tokens(viewMode: .sourceAccurate).filter { $0.tokenKind.isIdentifier }.map(\.text)
    }
}

extension TokenKind {
    /// An identifier, including `$0`-style closure parameters.
    fileprivate var isIdentifier: Bool {
        switch self {
        case .identifier, .dollarIdentifier: true
        default: false
        }
    }
}
