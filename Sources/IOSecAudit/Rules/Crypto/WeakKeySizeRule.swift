import SwiftSyntax

/// `crypto.weak-key-size`: an RSA key made or imported with fewer than 2,048 bits, or an elliptic-curve key on a curve
/// smaller than P-256, through `kSecAttrKeySizeInBits` (or SwiftyRSA's `sizeInBits:`).
struct WeakKeySizeRule: SwiftRule {
    static let description = RuleDescription(
        id: "crypto.weak-key-size",
        title: "Asymmetric key too short",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-CRYPTO-1",
        cwe: 326, owasp: OWASPReference("MASWE-0013", beta: "MASWE-0009", mastg: ["MASTG-TEST-0209"], .exact),
        outsideChecklist: "weak algorithms: the merged checklists have no cryptography item",
        rationale: """
            A 512-bit RSA key is factored in hours on rented machines and 1,024-bit keys are within reach of a \
            well-funded attacker; NIST has disallowed RSA under 2,048 bits since 2013. Whoever factors the key \
            decrypts what was encrypted to it and forges what it signs, for as long as the app ships that key. \
            Elliptic curves smaller than P-256 are likewise below every current guideline.
            """,
        fix:
            "Use a P-256 key (kSecAttrKeyTypeECSECPrimeRandom, 256 bits, in the Secure Enclave where it fits) or RSA with at least 2,048 bits (3,072 for data that must stay secret past 2030).",
        fixExample: """
            let attributes: [String: Any] = [
                kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                kSecAttrKeySizeInBits as String: 256,
                kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
            ]
            let privateKey = SecKeyCreateRandomKey(attributes as CFDictionary, &error)
            """,
        triggeringExamples: [
            RuleExample(
                """
                let keyAttributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeRSA,
                    kSecAttrKeySizeInBits as String: ↓1024,
                    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true],
                ]
                let privateKey = SecKeyCreateRandomKey(keyAttributes as CFDictionary, &error)
                """, findings: [FindingSpec(severity: .medium, message: "1024-bit RSA")]),
            RuleExample(
                """
                var attributes: [CFString: Any] = [kSecAttrKeyType: kSecAttrKeyTypeRSA]
                attributes[kSecAttrKeySizeInBits] = ↓512
                """, findings: [FindingSpec(severity: .high, message: "512-bit RSA")]),
            RuleExample(
                """
                let parameters: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrKeySizeInBits as String: ↓192,
                ]
                """, findings: [FindingSpec(severity: .medium, message: "192-bit elliptic-curve")]),
            RuleExample(
                files: [
                    ("App/CryptoConfig.swift", "enum CryptoConfig { static let rsaKeyBits = 1024 }"),
                    (
                        "App/Signer.swift",
                        """
                        let attributes: [String: Any] = [
                            kSecAttrKeyType as String: kSecAttrKeyTypeRSA,
                            kSecAttrKeySizeInBits as String: ↓CryptoConfig.rsaKeyBits,
                        ]
                        """
                    )
                ]),
            RuleExample(
                """
                let keyPair = try SwiftyRSA.generateRSAKeyPair(sizeInBits: ↓1024)
                """),
            RuleExample(
                """
                NSDictionary *attributes = @{
                    (id)kSecAttrKeyType: (id)kSecAttrKeyTypeRSA,
                    (id)kSecAttrKeySizeInBits: ↓@1024,
                };
                SecKeyRef key = SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, &error);
                """, path: "App/KeyMaker.m"),
            RuleExample(
                """
                NSMutableDictionary *attributes = [NSMutableDictionary dictionary];
                [attributes setObject:(id)kSecAttrKeyTypeRSA forKey:(id)kSecAttrKeyType];
                [attributes setObject:↓[NSNumber numberWithInt:512] forKey:(id)kSecAttrKeySizeInBits];
                """, path: "App/LegacyKeys.m", findings: [FindingSpec(severity: .high)])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                let keyAttributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeRSA,
                    kSecAttrKeySizeInBits as String: 2048,
                ]
                """),
            RuleExample(
                """
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrKeySizeInBits as String: 256,
                    kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                ]
                """),
            // The size comes from the caller: nothing to judge here.
            RuleExample(
                """
                func makeKey(bits: Int) -> SecKey? {
                    let attributes: [String: Any] = [kSecAttrKeyType as String: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits as String: bits]
                    return SecKeyCreateRandomKey(attributes as CFDictionary, nil)
                }
                """),
            // Symmetric keys are judged by their own rules: 128-bit AES is not a short RSA key.
            RuleExample(
                """
                let query: [String: Any] = [kSecAttrKeyType as String: kSecAttrKeyTypeAES, kSecAttrKeySizeInBits as String: 128]
                """),
            RuleExample(
                """
                let rsaKeyBits = 4096
                let attributes: [String: Any] = [kSecAttrKeyType as String: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits as String: rsaKeyBits]
                """),
            RuleExample(
                """
                NSDictionary *attributes = @{
                    (id)kSecAttrKeyType: (id)kSecAttrKeyTypeECSECPrimeRandom,
                    (id)kSecAttrKeySizeInBits: @256,
                };
                // kSecAttrKeySizeInBits: @1024 was the old setting
                """, path: "App/KeyMaker.m")
        ]
    )

    static let subscription = Subscription(
        calls: .named(["generateRSAKeyPair"]),
        references: ["kSecAttrKeySizeInBits"])

    enum KeyType { case rsa, ellipticCurve, symmetric, unknown }

    mutating func visit(_ ref: DeclReferenceExprSyntax, in file: SwiftFile) {
        guard let value = Self.assignedValue(of: ref), let bits = file.integerValue(of: value) else { return }
        let type = Self.keyType(near: ref)
        guard let message = Self.weakness(bits: bits, type: type) else { return }
        report(file, at: value, message.text, severity: message.severity)
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard call.calledName == "generateRSAKeyPair", let size = call.argument("sizeInBits"),
            let bits = file.integerValue(of: size), let message = Self.weakness(bits: bits, type: .rsa)
        else { return }
        report(file, at: size, message.text, severity: message.severity)
    }

    /// What is wrong with a key of `bits` bits of this type, or nil when nothing is.
    static func weakness(bits: Int, type: KeyType) -> (text: String, severity: Severity)? {
        switch type {
        case .symmetric:
            return nil
        case .ellipticCurve:
            guard bits < 256 else { return nil }
            return ("a \(bits)-bit elliptic-curve key is below P-256; use P-256 or larger", .medium)
        case .rsa, .unknown:
            // Without a key type, the sizes of the standard curves are elliptic-curve keys.
            if type == .unknown, [256, 384, 521].contains(bits) { return nil }
            guard bits < 2048, bits > 0 else { return nil }
            let what = type == .rsa ? "\(bits)-bit RSA key" : "\(bits)-bit key (RSA, going by its size)"
            return (
                "a \(what) can be factored, which decrypts what was sent to it and forges its signatures; use P-256 or RSA with 2,048 bits or more",
                bits < 1024 ? .high : .medium
            )
        }
    }

    /// The value given to the key: `kSecAttrKeySizeInBits as String: 1024` in a dictionary literal, or
    /// `attributes[kSecAttrKeySizeInBits] = 1024`.
    private static func assignedValue(of ref: DeclReferenceExprSyntax) -> ExprSyntax? {
        var node = Syntax(ref)
        for _ in 0..<4 {
            guard let parent = node.parent else { return nil }
            if let element = parent.as(DictionaryElementSyntax.self) {
                return element.key.id == node.id ? element.value : nil
            }
            if let subscriptCall = parent.as(SubscriptCallExprSyntax.self) {
                guard let sequence = subscriptCall.parent?.parent?.as(SequenceExprSyntax.self),
                    let assignment = sequence.simpleAssignment, assignment.target.id == subscriptCall.id
                else { return nil }
                return assignment.value
            }
            node = parent
        }
        return nil
    }

    /// The key type set beside the size: in the same dictionary literal, else in the same function.
    private static func keyType(near ref: DeclReferenceExprSyntax) -> KeyType {
        let scope: Syntax? =
            ref.ancestorOrSelf(mapping: { $0.as(DictionaryExprSyntax.self) }).map(Syntax.init)
            ?? ref.enclosingBody.map(Syntax.init)
        guard let scope else { return .unknown }
        for token in scope.tokens(viewMode: .sourceAccurate) {
            switch token.text {
            case "kSecAttrKeyTypeRSA": return .rsa
            case "kSecAttrKeyTypeECSECPrimeRandom", "kSecAttrKeyTypeEC": return .ellipticCurve
            case "kSecAttrKeyTypeAES", "kSecAttrKeyType3DES", "kSecAttrKeyTypeDES", "kSecAttrKeyTypeRC4",
                "kSecAttrKeyTypeRC2", "kSecAttrKeyTypeCAST":
                return .symmetric
            default: continue
            }
        }
        return .unknown
    }
}
