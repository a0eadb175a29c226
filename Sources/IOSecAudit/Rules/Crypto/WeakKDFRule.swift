import IOSecCore
import SwiftSyntax

/// `crypto.weak-kdf`: a password turned into a key too cheaply — PBKDF2 with fewer iterations than current
/// guidance for its PRF, PBKDF1, or a plain hash of the password used as the key. Iteration counts are resolved
/// through literals, locals and project constants; an unknown count is not reported.
struct WeakKDFRule: SwiftRule {
    static let description = RuleDescription(
        id: "crypto.weak-kdf",
        title: "Weak key derivation from a password",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-CRYPTO-1",
        cwe: 916, owasp: OWASPReference("MASWE-0014", beta: "MASWE-0010", mastg: [], .exact),
        outsideChecklist: "weak algorithms: the merged checklists have no cryptography item",
        rationale: """
            A key derived from a password is only as strong as the work an attacker must repeat per guess. \
            Passwords and PINs have little entropy, so a copied database, backup or ciphertext falls to an offline \
            search unless each guess costs hundreds of thousands of hash computations. OWASP's current minimums \
            for PBKDF2 are 600,000 iterations with HMAC-SHA256, 1,300,000 with HMAC-SHA1 and 210,000 with \
            HMAC-SHA512; CryptoSwift's default of 4,096 and the 10,000 found in older tutorials are far below. \
            PBKDF1 and a single SHA-256 of the password are one hash per guess.
            """,
        fix:
            "Derive with PBKDF2-HMAC-SHA256 and at least 600,000 iterations (or let the server hold the secret and keep only a random key in the Keychain); use a random per-user salt.",
        fixExample: """
            var key = [UInt8](repeating: 0, count: 32)
            let status = CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count,
                                              salt, salt.count, CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256),
                                              600_000, &key, key.count)
            """,
        triggeringExamples: [
            // The app's own PBKDF2, called with too few iterations for a legacy format, in another file.
            RuleExample(
                files: [
                    (
                        "App/KeyDerivation.swift",
                        """
                        enum KeyDerivation {
                            static func deriveKey(password: String, salt: Data, rounds: Int) -> Data {
                                var derived = [UInt8](repeating: 0, count: 32)
                                _ = CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, salt, salt.count,
                                                         CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), UInt32(rounds), &derived, derived.count)
                                return Data(derived)
                            }
                        }
                        """
                    ),
                    (
                        "App/LegacyImporter.swift",
                        """
                        struct LegacyImporter {
                            private static let kdfRounds = 1_000
                            func open(_ backup: Data, password: String, salt: Data) -> Data {
                                let key = ↓KeyDerivation.deriveKey(password: password, salt: salt, rounds: Self.kdfRounds)
                                let current = KeyDerivation.deriveKey(password: password, salt: salt, rounds: 600_000)
                                return key + current
                            }
                        }
                        """
                    )
                ], findings: [FindingSpec(message: "`deriveKey` derives the key with them")]),
            RuleExample(
                """
                #define kVaultRounds 10000
                - (NSData *)vaultKeyFor:(NSString *)password salt:(NSData *)salt {
                    NSMutableData *key = [NSMutableData dataWithLength:kCCKeySizeAES256];
                    ↓CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, strlen(password.UTF8String), salt.bytes,
                                         salt.length, kCCPRFHmacAlgSHA256, kVaultRounds, key.mutableBytes, key.length);
                    return key;
                }
                """, path: "App/Vault.m"),
            RuleExample(
                """
                let status = ↓CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, salt, salt.count,
                                                  CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA1), 10000, &derived, derived.count)
                """),
            RuleExample(
                """
                enum KDFConfig { static let rounds: UInt32 = 20_000 }
                func deriveKey(from password: String, salt: [UInt8]) -> [UInt8] {
                    var key = [UInt8](repeating: 0, count: 32)
                    _ = ↓CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, salt, salt.count,
                                             CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), KDFConfig.rounds, &key, key.count)
                    return key
                }
                """),
            RuleExample(
                """
                let key = try ↓PKCS5.PBKDF2(password: Array(passphrase.utf8), salt: salt, keyLength: 32, variant: .sha2(.sha256)).calculate()
                """),
            RuleExample(
                """
                let iterations = 4096
                let key = try ↓PKCS5.PBKDF2(password: Array(pin.utf8), salt: salt, iterations: iterations, keyLength: 32, variant: .sha2(.sha256)).calculate()
                """),
            RuleExample(
                """
                let key = try ↓KDF.Insecure.PBKDF2.deriveKey(from: Data(password.utf8), salt: salt, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: 1000)
                """),
            RuleExample(
                """
                let key = ↓SymmetricKey(data: SHA256.hash(data: Data(password.utf8)))
                """),
            RuleExample(
                """
                func vaultKey(from password: String) -> SymmetricKey {
                    let digest = SHA256.hash(data: Data(password.utf8))
                    return ↓SymmetricKey(data: digest)
                }
                """),
            RuleExample(
                """
                let key = try ↓PKCS5.PBKDF1(password: Array(password.utf8), salt: salt, iterations: 1000, keyLength: 16).calculate()
                """),
            // A PIN's digest kept to compare with later: one hash per guess.
            RuleExample(
                """
                func storePIN(_ pin: String) {
                    let digest = ↓SHA256.hash(data: Data(pin.utf8))
                    pinStore.save(Data(digest))
                }
                func passwordDigest(_ password: String) -> [UInt8] {
                    var hasher = SHA512()
                    ↓hasher.update(data: Data(password.utf8))
                    return Array(hasher.finalize())
                }
                """,
                findings: [
                    FindingSpec(confidence: .medium, message: "'pin' is hashed with one round of SHA-2"),
                    FindingSpec(confidence: .medium, message: "'password' is hashed with one round of SHA-2")
                ]),
            // CryptoSwift's digests and CryptoKit's buffer form are one round as well.
            RuleExample(
                """
                import CryptoSwift

                func remember(passwd: String, passwordBuffer: UnsafeRawBufferPointer) {
                    let stored = ↓passwd.sha512()
                    let check = ↓Digest.sha3(Array(passwd.utf8), variant: .sha256)
                    let token = ↓SHA2(variant: .sha384).calculate(for: Array(passwd.utf8))
                    let digest = ↓SHA256.hash(bufferPointer: passwordBuffer)
                }
                """,
                findings: [
                    FindingSpec(message: "'passwd' is hashed with one round of SHA-2"),
                    FindingSpec(message: "'passwd' is hashed with one round of SHA-3"),
                    FindingSpec(message: "'passwd' is hashed with one round of SHA-2"),
                    FindingSpec(message: "'passwordBuffer' is hashed with one round of SHA-2")
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                - (NSData *)vaultKeyFor:(NSString *)password salt:(NSData *)salt {
                    NSMutableData *key = [NSMutableData dataWithLength:kCCKeySizeAES256];
                    CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, strlen(password.UTF8String), salt.bytes,
                                         salt.length, kCCPRFHmacAlgSHA256, 600000, key.mutableBytes, key.length);
                    CCKeyDerivationPBKDF(kCCPBKDF2, p, n, s, sn, kCCPRFHmacAlgSHA512, self.rounds, k, kn);
                    return key;
                }
                """, path: "App/Vault.m"),
            // A hash of a key agreement's output, not of a password.
            RuleExample(
                """
                func sessionKey(_ shared: SharedSecret) -> SymmetricKey {
                    let digest = SHA256.hash(data: shared.withUnsafeBytes { Data($0) })
                    return SymmetricKey(data: digest)
                }
                """),
            RuleExample(
                """
                _ = CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, salt, salt.count,
                                         CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), 600_000, &key, key.count)
                """),
            RuleExample(
                """
                // The server decides the work factor; it is not known here.
                _ = CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, salt, salt.count,
                                         CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA512), UInt32(params.iterations), &key, key.count)
                """),
            RuleExample(
                """
                let rounds = CCCalibratePBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password.utf8.count, salt.count,
                                              CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), 32, 500)
                """),
            RuleExample(
                """
                // HKDF expands a high-entropy shared secret; it is not meant to slow down guessing.
                let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: sharedSecret, salt: salt, info: info, outputByteCount: 32)
                """),
            RuleExample(
                """
                let key = try PKCS5.PBKDF2(password: Array(password.utf8), salt: salt, iterations: 650_000, keyLength: 32, variant: .sha2(.sha256)).calculate()
                """),
            RuleExample(
                """
                let key = SymmetricKey(data: SHA256.hash(data: sharedSecret.rawRepresentation))
                let fingerprint = SHA256.hash(data: Data(password.utf8))
                """),
            RuleExample(
                """
                let etag = body.sha256()
                let derived = try PKCS5.PBKDF2(password: Array(passwd.utf8), salt: salt, iterations: 650_000, keyLength: 32, variant: .sha2(.sha512)).calculate()
                let digest = SHA256.hash(data: Data(certificate.utf8))
                var hasher = SHA256()
                hasher.update(data: accountNumber)
                hasher.combine(passwordLength)
                """)
        ]
    )

    static let subscription = Subscription(
        calls: .named(
            cryptoSwiftDigests.union(["CCKeyDerivationPBKDF", "PBKDF2", "PBKDF1", "deriveKey", "SymmetricKey"])),
        // SHA-2 is reached through its type (`SHA256.hash(data:)`, `var hasher = SHA512()`), never through `hash` or
        // `update`, names most files use for other things: subscribing to them would make those files parsed.
        references: sha2.union(["SHA2", "SHA3"]),
        members: sha2)
    private static let sha2: Set<String> = ["SHA256", "SHA384", "SHA512"]
    /// CryptoSwift's one-round digests: `password.sha512()`, `bytes.sha2(.sha256)`, `Digest.sha3(bytes, variant: …)`.
    private static let cryptoSwiftDigests: Set<String> = ["sha224", "sha256", "sha384", "sha512", "sha2", "sha3"]

    mutating func visit(_ reference: DeclReferenceExprSyntax, in file: SwiftFile) {
        fastHashes(of: ExprSyntax(reference), in: file)
    }

    /// CryptoSwift: `passwd.sha512()`, `passwd.sha2(.sha512)`, `Digest.sha512(bytes)`, `Digest.sha3(bytes, variant: …)`,
    /// and `SHA2(variant: .sha512).calculate(for: bytes)`.
    private func cryptoSwiftHash(_ call: FunctionCallExprSyntax, named name: String, in file: SwiftFile) {
        guard let base = call.calledBase else { return }
        let digest = name == "sha3" ? "SHA-3" : "SHA-2"
        if base.lastName == "Digest" {
            if let data = call.arguments.first?.expression {
                reportFastHash(call, of: data, digest: digest, in: file)
            }
        } else if name == "sha2" || name == "sha3" ? call.arguments.count == 1 : call.arguments.isEmpty {
            reportFastHash(call, of: base, digest: digest, in: file)
        }
    }

    mutating func visit(_ member: MemberAccessExprSyntax, in file: SwiftFile) {
        guard member.base != nil else { return }
        fastHashes(of: ExprSyntax(member), in: file)
    }

    /// `SHA256.hash(data: Data(password.utf8))`, and `hasher.update(data: password)` after `var hasher = SHA256()`.
    private func fastHashes(of digest: ExprSyntax, in file: SwiftFile) {
        // CryptoSwift: `SHA2(variant: .sha512).calculate(for: bytes)`.
        if let make = digest.parent?.as(FunctionCallExprSyntax.self), make.calledExpression.id == digest.id,
            make.argument("variant") != nil,
            let calculate = make.parent?.as(MemberAccessExprSyntax.self),
            calculate.declName.baseName.text == "calculate",
            let call = calculate.parent?.as(FunctionCallExprSyntax.self), let data = call.argument("for")
        {
            reportFastHash(call, of: data, digest: make.calledName == "SHA3" ? "SHA-3" : "SHA-2", in: file)
            return
        }
        if let hash = digest.parent?.as(MemberAccessExprSyntax.self), hash.declName.baseName.text == "hash",
            let call = hash.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(hash).id
        {
            // A SymmetricKey made from the digest is reported as a key.
            if let data = call.argument("data") ?? call.argument("bufferPointer") {
                reportFastHash(call, of: data, in: file)
            }
            return
        }
        guard let make = digest.parent?.as(FunctionCallExprSyntax.self), make.calledExpression.id == digest.id,
            make.arguments.isEmpty,
            let binding = make.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let hasher = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let body = make.enclosingBody
        else { return }
        for update in SyntaxSearch.all(FunctionCallExprSyntax.self, in: body, where: { $0.calledName == "update" })
        where update.calledBase?.lastName == hasher {
            if let data = update.argument("data") ?? update.argument("bufferPointer") {
                reportFastHash(update, of: data, in: file)
            }
        }
    }

    /// OWASP Password Storage Cheat Sheet minimums for PBKDF2, by PRF.
    static let minimumIterations: [String: Int] = [
        "SHA1": 1_300_000, "SHA224": 600_000, "SHA256": 600_000, "SHA384": 210_000, "SHA512": 210_000
    ]
    /// CryptoSwift's `PKCS5.PBKDF2` default when `iterations:` is left out.
    static let cryptoSwiftDefaultIterations = 4096

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName else { return }
        if Self.cryptoSwiftDigests.contains(name) {
            cryptoSwiftHash(call, named: name, in: file)
            return
        }
        switch name {
        case "CCKeyDerivationPBKDF":
            let arguments = Array(call.arguments)
            guard arguments.count >= 7 else { return }
            let prf = Self.prf(in: arguments[5].expression) ?? "SHA1"
            check(call, prf: prf, iterations: file.integerValue(of: arguments[6].expression), in: file)
            Self.recordRoundsParameter(arguments[6].expression, prf: prf, at: call, in: file)
        case "PBKDF2" where call.calledBase?.lastName == "PKCS5":
            let prf = call.argument("variant").flatMap(Self.prf(in:)) ?? "SHA256"
            let iterations =
                call.argument("iterations").map { file.integerValue(of: $0) } ?? Self.cryptoSwiftDefaultIterations
            check(call, prf: prf, iterations: iterations, in: file)
        case "PBKDF1" where call.calledBase?.lastName == "PKCS5":
            report(
                file, at: call,
                "PBKDF1 is obsolete and costs one hash per guess; use PBKDF2-HMAC-SHA256 with at least 600,000 iterations"
            )
        case "deriveKey" where call.calledBase?.lastName == "PBKDF2":
            let prf = call.argument("using").flatMap(Self.prf(in:)) ?? "SHA256"
            guard let rounds = call.argument("rounds") ?? call.argument("unsafeUncheckedRounds") else { return }
            check(call, prf: prf, iterations: file.integerValue(of: rounds), in: file)
        case "SymmetricKey":
            guard let data = call.argument("data"), let password = Self.hashedPassword(data) else { return }
            report(
                file, at: call,
                "the key is a plain hash of `\(password)`: one hash per guess; derive it with PBKDF2-HMAC-SHA256 (≥ 600,000 iterations)"
            )
        default:
            return
        }
    }

    /// A password or PIN given to one round of SHA-2: unless the digest only names something (a fingerprint), it
    /// is what an attacker brute-forces at a hash per guess.
    private func reportFastHash(
        _ call: FunctionCallExprSyntax, of data: ExprSyntax, digest: String = "SHA-2", in file: SwiftFile
    ) {
        guard let password = Self.passwordName(in: data),
            !WeakHashRule.isOnlyAnIdentifier(WeakHashRule.contextNames(of: Syntax(call), data: nil)),
            !Self.becomesSymmetricKey(call)
        else { return }
        report(
            file, at: call,
            "'\(password)' is hashed with one round of \(digest): a stored or sent digest falls to a guess per hash; derive it with PBKDF2-HMAC-SHA256 (≥ 600,000 iterations), scrypt or Argon2",
            evidence: .name)
    }

    /// The password or PIN named in an expression.
    private static func passwordName(in expr: ExprSyntax) -> String? {
        for token in expr.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind else { continue }
            let category = SensitiveName.classify(text)
            if category == .password || category == .pin { return text }
        }
        return nil
    }

    /// The digest is the key of a `SymmetricKey` in the same statement or through a local: reported there.
    private static func becomesSymmetricKey(_ call: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(call).parent
        while let n = current, !n.is(CodeBlockItemSyntax.self) {
            if let outer = n.as(FunctionCallExprSyntax.self), outer.calledName == "SymmetricKey" { return true }
            if let binding = n.as(PatternBindingSyntax.self),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let body = call.enclosingBody
            {
                return body.sourceText.contains("SymmetricKey(data: \(name)")
            }
            current = n.parent
        }
        return false
    }

    private func check(_ call: FunctionCallExprSyntax, prf: String, iterations: Int?, in file: SwiftFile) {
        guard let iterations else { return }
        guard let message = Self.weakIterations(prf: prf, iterations: iterations) else { return }
        report(file, at: call, message)
    }

    /// The count a call passes as it is from a parameter of its function (`UInt32(rounds)`): the function is the
    /// app's own PBKDF2, judged at each call with what the call passes (`CallerArgumentsStage`).
    private static func recordRoundsParameter(
        _ count: ExprSyntax, prf: String, at call: FunctionCallExprSyntax, in file: SwiftFile
    ) {
        var value = count.unwrapped
        if let conversion = value.as(FunctionCallExprSyntax.self), conversion.arguments.count == 1,
            SQLIdentifierSlot.numericTypes.contains(conversion.calledName ?? ""),
            let inner = conversion.arguments.first?.expression
        {
            value = inner.unwrapped
        }
        guard value.is(DeclReferenceExprSyntax.self), file.integerValue(of: value) == nil,
            var sink = ParameterSink.of(value, ruleId: description.id)
        else { return }
        sink.note = prf
        file.record(kind: FactKind.wrapperSink, value: sink.factValue, at: call)
    }

    /// A call of the app's own PBKDF2 (`KeyDerivation.deriveKey(password:salt:rounds: 1_000)`) that passes too few
    /// iterations for the PRF the function uses (`sink.note`).
    static func wrapperFinding(
        _ argument: ExprSyntax, key: ExprSyntax?, call: FunctionCallExprSyntax, in file: SwiftFile,
        sink: ParameterSink, at sinkStep: FlowStep
    ) {
        guard let iterations = file.integerValue(of: argument),
            let message = weakIterations(prf: sink.note, iterations: iterations)
        else { return }
        file.report(
            description, at: call,
            message: message + "; `\(sink.function)` derives the key with them (\(sinkStep.file):\(sinkStep.line))",
            flow: [
                file.step(at: argument, "passed to `\(sink.function)`"),
                FlowStep(
                    file: sinkStep.file, line: sinkStep.line, column: sinkStep.column,
                    note: "used as PBKDF2's iteration count")
            ])
    }

    /// The finding for PBKDF2 with fewer iterations than current guidance for its PRF, or nil when it has enough.
    static func weakIterations(prf: String, iterations: Int) -> String? {
        guard let minimum = minimumIterations[prf], iterations < minimum else { return nil }
        let prfName = "HMAC-" + prf.replacingOccurrences(of: "SHA", with: "SHA-")
        return
            "PBKDF2-\(prfName) with \(iterations.formatted) iterations; current guidance is at least \(minimum.formatted)"
    }

    /// `SHA1` / `SHA256` / … named in a PRF argument: `CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA1)`,
    /// `.sha2(.sha256)`, `.sha1`, `.insecureSHA1`.
    static func prf(in expr: ExprSyntax) -> String? {
        for token in expr.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind else { continue }
            let upper = text.uppercased()
            for digest in ["SHA512", "SHA384", "SHA256", "SHA224", "SHA1"] where upper.hasSuffix(digest) {
                return digest
            }
        }
        return nil
    }

    /// The password name hashed into `data`: `SHA256.hash(data: Data(password.utf8))`, `password.sha256()`.
    static func hashedPassword(_ data: ExprSyntax) -> String? {
        var e = data.unwrapped
        // `let digest = SHA256.hash(data: …)` a few lines earlier.
        if let origin = LocalValue.origin(of: e) { e = origin.unwrapped }
        if let call = e.as(FunctionCallExprSyntax.self), ["Data", "Array"].contains(call.calledName ?? ""),
            let inner = call.arguments.first?.expression
        {
            e = inner.unwrapped
            if let origin = LocalValue.origin(of: e) { e = origin.unwrapped }
        }
        guard let hash = e.as(FunctionCallExprSyntax.self), let name = hash.calledName else { return nil }
        let hashed: ExprSyntax?
        if name == "hash", let digest = hash.calledBase?.lastName,
            prf(in: ExprSyntax(hash.calledExpression)) != nil || digest == "MD5"
        {
            hashed = hash.argument("data")
        } else if ["sha256", "sha512", "sha1", "md5"].contains(name), hash.arguments.isEmpty {
            hashed = hash.calledBase
        } else {
            hashed = nil
        }
        guard let hashed else { return nil }
        for token in hashed.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind else { continue }
            if SensitiveName.classify(text) == .password || SensitiveName.classify(text) == .pin { return text }
        }
        return nil
    }
}

extension Int {
    /// `600,000`: grouped for messages, independent of the locale.
    fileprivate var formatted: String {
        let digits = Array(String(self))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }
}
