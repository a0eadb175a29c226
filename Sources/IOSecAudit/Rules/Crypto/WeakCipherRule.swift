import SwiftSyntax

/// `crypto.weak-cipher`: DES, 3DES, RC4, RC2 or ECB mode, in CommonCrypto constants or wrapper enums.
struct WeakCipherRule: SwiftRule {
    static let description = RuleDescription(
        id: "crypto.weak-cipher",
        title: "Broken cipher or ECB mode",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-CRYPTO-1",
        cwe: 327,
        owasp: OWASPReference("MASWE-0007", beta: "MASWE-0020", mastg: ["MASTG-TEST-0210", "MASTG-TEST-0317"], .exact),
        outsideChecklist: "weak algorithms: the merged checklists have no cryptography item",
        rationale: """
            DES keys are brute-forced in hours, 3DES leaks plaintext after about 32 GB under one key (Sweet32), and \
            RC4 and RC2 have practical key-recovery and biased-output attacks. ECB mode encrypts equal blocks to \
            equal ciphertext, so patterns in the data survive encryption, and it provides no integrity at all.
            """,
        fix:
            "Use authenticated encryption: CryptoKit AES.GCM or ChaChaPoly with a random key from SymmetricKey(size: .bits256).",
        fixExample: """
            let key = SymmetricKey(size: .bits256)
            let sealed = try AES.GCM.seal(plaintext, using: key)
            let ciphertext = sealed.combined!  // nonce + ciphertext + tag
            """,
        triggeringExamples: [
            // The same table in both languages: Blowfish (64-bit blocks) and CommonCrypto's ECB mode constant.
            RuleExample(
                """
                let status = CCCryptorCreateWithMode(
                    CCOperation(kCCEncrypt), CCMode(↓kCCModeECB), CCAlgorithm(↓kCCAlgorithmBlowfish), ccNoPadding, nil,
                    keyBytes, keyLength, nil, 0, 0, 0, &cryptor)
                """),
            RuleExample(
                """
                CCCryptorCreateWithMode(kCCEncrypt, ↓kCCModeECB, ↓kCCAlgorithmBlowfish, ccNoPadding, NULL, key.bytes,
                                        key.length, NULL, 0, 0, 0, &cryptor);
                """, path: "App/LegacyCipher.m"),
            RuleExample(
                """
                CCCryptorStatus status = CCCrypt(kCCEncrypt, ↓kCCAlgorithmDES, ↓kCCOptionECBMode, key, kCCKeySizeDES, NULL,
                                                 data.bytes, data.length, out, outSize, &moved);
                """, path: "App/Cipher.m"),
            RuleExample(
                """
                let status = CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(↓kCCAlgorithmDES), CCOptions(kCCOptionPKCS7Padding),
                                     keyBytes, kCCKeySizeDES, nil, input, inputLength, output, outputLength, &moved)
                """),
            RuleExample(
                """
                let options = CCOptions(↓kCCOptionECBMode | kCCOptionPKCS7Padding)
                let algorithm = CCAlgorithm(↓kCCAlgorithm3DES)
                """),
            RuleExample(
                """
                let cryptor = try Cryptor(operation: .encrypt, algorithm: ↓.rc4, key: key)
                """),
            RuleExample(
                """
                let aes = try AES(key: key, blockMode: ↓ECB(), padding: .pkcs7)
                """),
            RuleExample(
                """
                let encrypted = try CC.crypt(.encrypt, blockMode: ↓.ecb, algorithm: .aes, padding: .pkcs7Padding, data: data, key: key, iv: Data())
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                CCCryptorStatus status = CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key, kCCKeySizeAES256, iv,
                                                 data.bytes, data.length, out, outSize, &moved);
                NSString *note = @"kCCAlgorithmDES is not used";
                """, path: "App/Cipher.m"),
            RuleExample("let sealed = try AES.GCM.seal(plaintext, using: key)"),
            RuleExample("let box = try ChaChaPoly.seal(message, using: SymmetricKey(size: .bits256))"),
            RuleExample(
                """
                let status = CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                                     keyBytes, kCCKeySizeAES256, ivBytes, input, inputLength, output, outputLength, &moved)
                """),
            RuleExample(
                """
                enum BlockMode { case ecb, cbc, gcm }
                func validate(_ mode: BlockMode) throws {
                    switch mode {
                    case .ecb: throw CryptoError.insecureMode
                    case .cbc, .gcm: return
                    }
                }
                """),
            RuleExample("guard configuration.mode != .ecb else { throw CryptoError.insecureMode }")
        ]
    )

    /// CommonCrypto constants and the weakness each names; the Objective-C matcher reads the same table.
    static let constants: [String: String] = [
        "kCCAlgorithmDES": "DES", "kCCAlgorithm3DES": "3DES", "kCCAlgorithmRC4": "RC4", "kCCAlgorithmRC2": "RC2",
        "kCCAlgorithmBlowfish": "Blowfish", "kCCOptionECBMode": "ECB mode", "kCCModeECB": "ECB mode",
        "kCCModeRC4": "RC4"
    ]
    /// Enum cases of crypto wrappers (SwCrypt, IDZSwiftCommonCrypto, app code), lowercased.
    private static let members: [String: String] = [
        "des": "DES", "tripledes": "3DES", "threedes": "3DES", "des3": "3DES", "rc4": "RC4", "rc2": "RC2",
        "ecb": "ECB mode", "ecbmode": "ECB mode"
    ]
    /// Longer member names cannot match: no need to lower-case them (member accesses are everywhere).
    private static let longestMember = members.keys.map(\.utf8.count).max() ?? 0
    /// Types constructed to select a weak mode (CryptoSwift).
    private static let types: [String: String] = ["ECB": "ECB mode"]
    static let subscription = Subscription(
        // Every spelling the checks below can match, so the dispatcher hands over only these references.
        references: Set(constants.keys).union(types.keys).union([
            "des", "DES", "Des", "tripleDES", "TripleDES", "tripledes", "TRIPLEDES", "threeDES", "ThreeDES", "des3",
            "DES3",
            "Des3", "rc4", "RC4", "Rc4", "rc2", "RC2", "Rc2", "ecb", "ECB", "Ecb", "ecbMode", "ECBMode", "EcbMode"
        ]))

    mutating func visit(_ ref: DeclReferenceExprSyntax, in file: SwiftFile) {
        let name = ref.baseName.text
        let weakness: String
        var reported = Syntax(ref)
        if let found = Self.constants[name] {
            weakness = found
        } else if name.utf8.count <= Self.longestMember, let member = ref.parent?.as(MemberAccessExprSyntax.self),
            member.declName.id == ref.id, let found = Self.members[name.lowercased()]
        {
            weakness = found
            if member.base == nil { reported = Syntax(member) }
        } else if let found = Self.types[name], let call = ref.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == ref.id
        {
            weakness = found
        } else {
            return
        }
        guard !Self.isTestedAgainst(reported) else { return }
        report(file, at: reported, Self.message(weakness))
    }

    static func message(_ weakness: String) -> String {
        switch weakness {
        case "ECB mode": "ECB mode leaks patterns of the plaintext and has no integrity; use AES.GCM"
        case "DES": "DES keys are brute-forced in hours; use AES.GCM"
        case "3DES": "3DES has a 64-bit block (Sweet32) and is deprecated; use AES.GCM"
        case "Blowfish": "Blowfish has a 64-bit block (Sweet32) and is deprecated; use AES.GCM"
        default: "\(weakness) is broken; use AES.GCM or ChaChaPoly"
        }
    }

    /// `case .ecb:` and `mode != .ecb` look at a weak mode without using it.
    private static func isTestedAgainst(_ node: Syntax) -> Bool {
        var current = node.parent
        while let n = current {
            if n.is(SwitchCaseLabelSyntax.self) { return true }
            if let list = n.as(ExprListSyntax.self) {
                return list.contains { element in
                    guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
                    return op == "==" || op == "!=" || op == "~="
                }
            }
            if n.is(CodeBlockItemSyntax.self) || n.is(LabeledExprSyntax.self) { return false }
            current = n.parent
        }
        return false
    }
}
