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
        cwe: 328, owasp: OWASPReference("MASWE-0008", beta: "MASWE-0021", mastg: ["MASTG-TEST-0211"], .exact),
        outsideChecklist: "weak algorithms: the merged checklists have no cryptography item",
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
            // An Objective-C category's helper is judged where it is called, as in Swift.
            RuleExample(
                """
                @implementation NSData (ACMDigest)
                - (NSString *)acm_MD5 {
                    unsigned char digest[CC_MD5_DIGEST_LENGTH];
                    ↓CC_MD5(self.bytes, (CC_LONG)self.length, digest);
                    return [self acm_hex:digest length:CC_MD5_DIGEST_LENGTH];
                }
                - (NSString *)acm_MD5HexString {
                    unsigned char digest[CC_MD5_DIGEST_LENGTH];
                    ↓CC_MD5(self.bytes, (CC_LONG)self.length, digest);
                    return [self acm_hex:digest length:CC_MD5_DIGEST_LENGTH];
                }
                @end
                @implementation ACMLogin
                - (NSString *)legacyProof { return [↓self.password md5]; }
                - (NSString *)avatarName { return [self.imageData acm_MD5]; }
                @end
                """, path: "App/NSData+ACMDigest.m",
                findings: [
                    FindingSpec(confidence: .low, message: "MD5 in the helper 'MD5'"),
                    FindingSpec(confidence: .low, message: "MD5 in the helper 'MD5HexString'"),
                    FindingSpec(severity: .medium, message: "MD5 (through 'md5') hashes 'password'")
                ]),
            // A colour from a password is still a digest of a password.
            RuleExample(
                """
                func colorForPassword(_ password: String) -> Int {
                    let digest = ↓Insecure.MD5.hash(data: Data(password.utf8))
                    return Int(digest.first ?? 0) % 8
                }
                """),
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
                """, findings: [FindingSpec(severity: .medium, message: "SHA-1 is broken for security use")]),
            // Where the hasher is given a secret is the finding.
            RuleExample(
                """
                func pinDigest(_ pin: Data, salt: Data) -> Insecure.MD5Digest {
                    var hasher = Insecure.MD5()
                    hasher.update(data: salt)
                    ↓hasher.update(data: pin)
                    return hasher.finalize()
                }
                """, findings: [FindingSpec(severity: .medium, message: "MD5 hashes 'pin'")]),
            // A helper's callers say what it protects: this one hashes a PIN.
            RuleExample(
                """
                extension String {
                    var md5: String {
                        let digest = ↓Insecure.MD5.hash(data: Data(utf8))
                        return digest.map { String(format: "%02x", $0) }.joined()
                    }
                }
                func storedHash(forPIN pin: String) -> String { ↓pin.md5 }
                """,
                findings: [
                    FindingSpec(confidence: .low, message: "MD5 in the helper 'md5'"),
                    FindingSpec(severity: .medium, confidence: .medium, message: "(through 'md5') hashes 'pin'")
                ]),
            // A digest named for what it is of: judged where it is used (here, the Content-MD5 header of an upload).
            RuleExample(
                """
                extension Data {
                    var contentMD5: String { Data(↓Insecure.MD5.hash(data: self)).base64EncodedString() }
                }
                """,
                findings: [FindingSpec(confidence: .low, message: "MD5 in the helper 'contentMD5'")]),
            // CryptoSwift's digests.
            RuleExample(
                """
                import CryptoSwift

                let stored = ↓MD5().calculate(for: passwordBytes)
                let check = ↓Digest.sha1(passwordBytes)
                """,
                findings: [
                    FindingSpec(message: "MD5 (through 'MD5') hashes 'passwordBytes'"),
                    FindingSpec(message: "SHA-1 (through 'sha1') hashes 'passwordBytes'")
                ]),
            // The breach check's protocol is SHA-1, and only a prefix of the digest leaves the device: info.
            RuleExample(
                """
                func breachCount(for password: String) async throws -> Int {
                    let hex = ↓Insecure.SHA1.hash(data: Data(password.utf8)).map { String(format: "%02X", $0) }.joined()
                    let url = URL(string: "https://api.pwnedpasswords.com/range/\\(hex.prefix(5))")!
                    return try await count(of: hex.dropFirst(5), in: session.data(from: url).0)
                }
                """, findings: [FindingSpec(severity: .info, message: "Have I Been Pwned")])
        ],
        nonTriggeringExamples: [
            // Helpers used for what MD5 is still fine for: a colour from a name, a feed's identifier, a cache file.
            RuleExample(
                """
                func avatarColor(for name: String) -> Color { palette[Int(name.md5().prefix(2), radix: 16)! % palette.count] }
                let feedID = feed.url.absoluteString.md5String
                let cacheFile = directory.appendingPathComponent(request.url.sha1())
                """),
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

    static let subscription = Subscription(
        calls: .named(Set(commonCryptoFunctions.keys).union(helperNames)),
        members: insecureAlgorithms.union(helperNames))

    /// What apps and CryptoSwift call a function or property that returns an MD5 or SHA-1 digest (`"…".md5()`,
    /// `data.sha1`, `Digest.md5(bytes)`, CryptoSwift's `MD5().calculate(for:)`). Where it is called, what it hashes
    /// says whether the digest protects something; its own body is reported with low confidence.
    static let helperNames: Set<String> = [
        "md5", "sha1", "MD5", "SHA1", "md5Hash", "sha1Hash", "md5hash", "sha1hash", "MD5Hash", "SHA1Hash",
        "md5String", "sha1String", "MD5String", "SHA1String", "md5Hex", "sha1Hex", "md5HexString", "sha1HexString",
        "md5Digest", "sha1Digest", "md5Hashed", "sha1Hashed"
    ]

    private static let insecureAlgorithms: Set<String> = ["MD5", "SHA1"]
    /// CommonCrypto's weak digests, by the algorithm they compute; Swift and Objective-C read the same table.
    static let commonCryptoFunctions: [String: String] = [
        "CC_MD5": "MD5", "CC_MD5_Init": "MD5", "CC_MD4": "MD4", "CC_MD2": "MD2",
        "CC_SHA1": "SHA-1", "CC_SHA1_Init": "SHA-1"
    ]
    /// The host of Have I Been Pwned's password range API, whose protocol is SHA-1.
    static let pwnedPasswordsHost = "api.pwnedpasswords.com"
    /// Words that say the digest protects something, whatever else the names say.
    private static let securityWords: Set<String> = [
        "sign", "signature", "signed", "signing", "verify", "verification", "certificate", "cert", "hmac", "mac",
        "auth", "authenticate", "integrity", "nonce", "salt", "credential", "credentials"
    ]
    /// Words that say the digest only names or deduplicates content, or picks how something looks (an avatar's
    /// colour from a user name); a name-based UUID (version 5) is SHA-1 by definition.
    private static let identifierWords: Set<String> = [
        "cache", "cached", "caching", "etag", "checksum", "fingerprint", "filename", "dedup", "dedupe",
        "deduplication", "thumbnail", "url", "path", "file", "image", "asset", "download", "color", "colour", "palette",
        "avatar", "uuid", "guid"
    ]

    mutating func visit(_ member: MemberAccessExprSyntax, in file: SwiftFile) {
        let name = member.declName.baseName.text
        // `data.md5` read as a property; a call (`data.md5()`) is judged as a call.
        if member.base?.lastName != "Insecure", let algorithm = Self.helperAlgorithm(name), let base = member.base,
            member.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != ExprSyntax(member).id
        {
            checkHelperUse(member, helper: name, algorithm: algorithm, data: base, in: file)
            return
        }
        guard Self.insecureAlgorithms.contains(name), member.base?.lastName == "Insecure" else { return }
        // `Insecure.MD5.hash(data: x)`: the hashed value is `x`.
        var data: ExprSyntax?
        if let outer = member.parent?.as(MemberAccessExprSyntax.self), outer.declName.baseName.text == "hash",
            let call = outer.parent?.as(FunctionCallExprSyntax.self)
        {
            data = call.argument("data")
        }
        let algorithm = name == "SHA1" ? "SHA-1" : name
        // `var hasher = Insecure.MD5()`: where it is given a secret (`hasher.update(data: password)`) is the finding.
        // Judged by what each update is given, not by the function around it: `update(data: salt)` in
        // `pinDigest` gives no PIN.
        let secretUpdates = Self.updates(ofHasherMadeBy: member).filter { update in
            update.data.tokens(viewMode: .sourceAccurate).contains {
                $0.tokenKind.isIdentifier && SensitiveName.isSensitive($0.text)
            }
        }
        guard secretUpdates.isEmpty else {
            for update in secretUpdates {
                report(
                    file, at: update.call,
                    "\(algorithm) hashes '\(update.data.trimmedDescription)': it is broken for security use; use SHA256, HMAC<SHA256> to authenticate, or a slow KDF for passwords"
                )
            }
            return
        }
        check(member, algorithm: algorithm, display: "Insecure.\(name)", data: data, in: file)
    }

    /// The `update(data:)` calls on a hasher a local was made with (`var hasher = Insecure.SHA1()`), in its body.
    private static func updates(ofHasherMadeBy member: MemberAccessExprSyntax) -> [(
        call: FunctionCallExprSyntax, data: ExprSyntax
    )] {
        guard let make = member.parent?.as(FunctionCallExprSyntax.self),
            make.calledExpression.id == ExprSyntax(member).id, make.arguments.isEmpty,
            let binding = make.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let hasher = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let body = make.enclosingBody
        else { return [] }
        return SyntaxSearch.all(FunctionCallExprSyntax.self, in: body) {
            $0.calledName == "update" && $0.calledBase?.lastName == hasher
        }.compactMap { call in
            (call.argument("data") ?? call.argument("bufferPointer")).map { (call, $0) }
        }
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName else { return }
        if let algorithm = Self.commonCryptoFunctions[name], call.calledExpression.is(DeclReferenceExprSyntax.self) {
            check(call, algorithm: algorithm, display: name, data: call.arguments.first?.expression, in: file)
            return
        }
        guard let algorithm = Self.helperAlgorithm(name), call.calledBase?.lastName != "Insecure",
            let data = Self.hashedValue(of: call)
        else { return }
        checkHelperUse(call, helper: name, algorithm: algorithm, data: data, in: file)
    }

    /// "MD5" or "SHA-1" for a helper's name.
    private static func helperAlgorithm(_ name: String) -> String? {
        guard helperNames.contains(name) else { return nil }
        return name.lowercased().hasPrefix("md5") ? "MD5" : "SHA-1"
    }

    /// What a helper call hashes: `MD5().calculate(for: bytes)` → `bytes`; `Digest.md5(bytes)`, `md5(text)` → the
    /// argument; `password.md5()` → the receiver.
    private static func hashedValue(of call: FunctionCallExprSyntax) -> ExprSyntax? {
        if call.arguments.isEmpty, call.calledExpression.is(DeclReferenceExprSyntax.self) {
            // CryptoSwift's digest object: what its `calculate(for:)` or `update(withBytes:)` is given.
            guard let member = call.parent?.as(MemberAccessExprSyntax.self),
                let use = member.parent?.as(FunctionCallExprSyntax.self)
            else { return nil }
            return use.arguments.first?.expression
        }
        if let base = call.calledBase, let first = base.sourceText.first, !first.isUppercase {
            return base
        }
        return call.arguments.first?.expression
    }

    /// A helper's call or property use: reported when what it hashes, or the code around it, says it protects
    /// something (`passwd.md5()`, `let signature = body.sha1`); a digest of anything else says nothing yet.
    private func checkHelperUse(
        _ node: some SyntaxProtocol, helper: String, algorithm: String, data: ExprSyntax, in file: SwiftFile
    ) {
        let names = Self.contextNames(of: Syntax(node), data: data)
        guard !Self.isOnlyAnIdentifier(names), let protected = Self.protectedName(in: names) else { return }
        report(
            file, at: node,
            "\(algorithm) (through '\(helper)') hashes '\(protected)': it is broken for security use; use SHA256, HMAC<SHA256> to authenticate, or a slow KDF for passwords",
            evidence: .name)
    }

    /// The helper name in an Objective-C method or C function name, after a category's prefix: `mx_MD5` → `MD5`.
    static func helperName(inMethod name: String) -> String? {
        let unprefixed = name.split(separator: "_").last.map(String.init) ?? name
        return isHelperName(unprefixed) ? unprefixed : nil
    }

    /// A name from the table, one that starts with the algorithm and goes on with another word
    /// (`MD5HexString`, `sha1Base64`, `md5Checksum`): what the helper returns is spelled after the algorithm; or one
    /// that ends with it after words that name no secret (`contentMD5`, `fileSHA1`): the digest of what it is given.
    static func isHelperName(_ name: String) -> Bool {
        if helperNames.contains(name) { return true }
        for algorithm in ["md5", "sha1"] {
            guard name.utf8.count > algorithm.utf8.count else { continue }
            if name.lowercased().hasPrefix(algorithm) {
                let next = name[name.index(name.startIndex, offsetBy: algorithm.count)]
                return next.isUppercase || next == "_"
            }
            if name.lowercased().hasSuffix(algorithm) {
                let start = name.index(name.endIndex, offsetBy: -algorithm.count)
                let before = name[name.index(before: start)]
                return (name[start].isUppercase || before == "_") && !SensitiveName.isSensitive(name)
            }
        }
        return false
    }

    /// The first name that says secret or security.
    static func protectedName(in names: [String]) -> String? {
        names.first { name in
            SensitiveName.isSensitive(name) || SensitiveName.words(name).contains { securityWords.contains($0) }
        }
    }

    /// The function or computed property a node is written in, when it is a hash helper: `func md5() -> String`.
    private static func enclosingHelper(of node: Syntax) -> String? {
        var current = node.parent
        while let n = current, !n.is(MemberBlockSyntax.self) {
            if let function = n.as(FunctionDeclSyntax.self) {
                return isHelperName(function.name.text) ? function.name.text : nil
            }
            if let binding = n.as(PatternBindingSyntax.self), binding.accessorBlock != nil,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            {
                return isHelperName(name) ? name : nil
            }
            current = n.parent
        }
        return nil
    }

    private func check(
        _ node: some SyntaxProtocol, algorithm: String, display: String, data: ExprSyntax?, in file: SwiftFile
    ) {
        let names = Self.contextNames(of: Syntax(node), data: data)
        // Have I Been Pwned's range API is defined over SHA-1: the client sends the digest's first five hex digits
        // and compares the rest locally (k-anonymity). The API's host in the file says which protocol this is.
        if algorithm == "SHA-1", file.contains(Self.pwnedPasswordsHost) {
            report(
                file, at: node,
                "\(display) keys the Have I Been Pwned range API (\(Self.pwnedPasswordsHost)), which is defined over SHA-1 and receives only a prefix of the digest; it protects nothing",
                severity: .info)
            return
        }
        if Self.isOnlyAnIdentifier(names) {
            report(
                file, at: node,
                "\(display) used for a cache key or fingerprint: acceptable there, but never for passwords, tokens or signatures",
                severity: .info)
        } else if let helper = Self.enclosingHelper(of: Syntax(node)), Self.protectedName(in: names) == nil {
            // Its callers decide what it protects; those that hash a secret are reported where they call.
            report(
                file, at: node,
                "\(algorithm) in the helper '\(helper)': broken for security use; a call that hashes a password, token or key is reported where it is made",
                confidence: .low)
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
                // `PodcastGUID.make(feedURL:)`: the type says what the function makes.
                if let type = SwiftFile.typeName(around: function) { names.append(type) }
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
