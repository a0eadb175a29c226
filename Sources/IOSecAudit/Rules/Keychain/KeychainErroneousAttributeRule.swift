import SwiftSyntax

/// `keychain.erroneous-attribute`: an attribute the item's class does not have, in a Keychain dictionary.
struct KeychainErroneousAttributeRule: SwiftRule {
    static let description = RuleDescription(
        id: "keychain.erroneous-attribute",
        title: "Keychain attribute the item class does not support",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-CODE-4",
        cwe: 628, owasp: OWASPReference("MASWE-0001", beta: "MASWE-0006", mastg: [], .related),
        rationale: """
            Each Keychain item class has its own attributes: generic passwords are found by service and account, \
            keys by application tag and label, certificates by their issuer and serial number. An attribute from \
            another class is ignored when adding and makes a query match nothing, or, worse, everything of the \
            class: a lookup "by tag" on a generic password returns the first password of the app, and a delete "by \
            service" on a key deletes every key. These mistakes pass review because the code reads well.
            """,
        fix:
            "Use the attributes of the item's class: kSecAttrService / kSecAttrAccount for passwords, kSecAttrApplicationTag / kSecAttrLabel for keys.",
        fixExample: """
            let query: [String: Any] = [
                kSecClass as String: kSecClassKey,
                kSecAttrApplicationTag as String: Data("com.example.app.signing".utf8),
                kSecReturnRef as String: true,
            ]
            """,
        triggeringExamples: [
            RuleExample(
                """
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    ↓kSecAttrApplicationTag as String: "com.acme.token".data(using: .utf8)!,
                    kSecReturnData as String: true,
                ]
                """),
            RuleExample(
                """
                let keyQuery: [String: Any] = [
                    kSecClass as String: kSecClassKey,
                    ↓kSecAttrService as String: "com.acme.signing",
                    kSecReturnRef as String: true,
                ]
                """),
            RuleExample(
                """
                func findCertificate() {
                    var query: [String: Any] = [kSecClass as String: kSecClassCertificate]
                    query[↓kSecAttrAccount as String] = "api-client"
                    SecItemCopyMatching(query as CFDictionary, &result)
                }
                """),
            RuleExample(
                """
                - (void)findPassword {
                    NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                            (__bridge id)↓kSecAttrApplicationTag: [@"com.acme.token" dataUsingEncoding:NSUTF8StringEncoding]};
                    SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL);
                }
                - (void)findKey {
                    NSMutableDictionary *query = [NSMutableDictionary dictionary];
                    [query setObject:(__bridge id)kSecClassKey forKey:(__bridge id)kSecClass];
                    [query setObject:@"com.acme.signing" forKey:(__bridge id)↓kSecAttrService];
                    SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL);
                }
                """, path: "App/ACMKeychain.m")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrService as String: "com.acme.session",
                    kSecAttrAccount as String: "refreshToken",
                    kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                ]
                """),
            RuleExample(
                """
                let keyQuery: [String: Any] = [
                    kSecClass as String: kSecClassKey,
                    kSecAttrApplicationTag as String: tag,
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrLabel as String: "signing",
                ]
                """),
            RuleExample(
                """
                let internet: [String: Any] = [
                    kSecClass as String: kSecClassInternetPassword,
                    kSecAttrServer as String: "api.acme-shop.com",
                    kSecAttrAccount as String: user,
                    kSecAttrProtocol as String: kSecAttrProtocolHTTPS,
                ]
                """),
            RuleExample(
                """
                - (void)find {
                    NSDictionary *key = @{(__bridge id)kSecClass: (__bridge id)kSecClassKey,
                                          (__bridge id)kSecAttrApplicationTag: self.tag, (__bridge id)kSecAttrLabel: @"signing"};
                    SecItemCopyMatching((__bridge CFDictionaryRef)key, NULL);
                    NSDictionary *internet = @{(__bridge id)kSecClass: (__bridge id)kSecClassInternetPassword,
                                               (__bridge id)kSecAttrServer: @"api.acme.com", (__bridge id)kSecAttrAccount: self.user};
                    SecItemCopyMatching((__bridge CFDictionaryRef)internet, NULL);
                    NSMutableDictionary *password = [NSMutableDictionary dictionary];
                    password[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
                    password[(__bridge id)kSecAttrService] = @"com.acme.session";
                    SecItemCopyMatching((__bridge CFDictionaryRef)password, NULL);
                }
                """, path: "App/ACMKeychain.m")
        ]
    )

    static let subscription = Subscription(
        references: ["kSecClass"])

    /// Attributes that belong to one kind of item only: reported when they appear with a class of another kind.
    private static let passwordOnly: Set<String> = [
        "kSecAttrService", "kSecAttrAccount", "kSecAttrGeneric", "kSecAttrServer", "kSecAttrProtocol",
        "kSecAttrAuthenticationType", "kSecAttrPort", "kSecAttrSecurityDomain"
    ]
    private static let keyOnly: Set<String> = [
        "kSecAttrApplicationTag", "kSecAttrApplicationLabel", "kSecAttrKeyClass", "kSecAttrKeySizeInBits",
        "kSecAttrEffectiveKeySize", "kSecAttrTokenID"
    ]
    private static let certificateOnly: Set<String> = [
        "kSecAttrCertificateType", "kSecAttrCertificateEncoding", "kSecAttrSerialNumber", "kSecAttrIssuer",
        "kSecAttrSubject"
    ]
    /// Service and generic apply to generic passwords only; server, protocol, port and security domain to internet ones.
    private static let genericOnly: Set<String> = ["kSecAttrService", "kSecAttrGeneric"]
    private static let internetOnly: Set<String> = [
        "kSecAttrServer", "kSecAttrProtocol", "kSecAttrAuthenticationType", "kSecAttrPort", "kSecAttrSecurityDomain"
    ]

    private var reported: Set<SyntaxIdentifier> = []

    mutating func visit(_ ref: DeclReferenceExprSyntax, in file: SwiftFile) {
        // Start from the `kSecClass` key of a dictionary literal (or the local it initialises).
        guard ref.baseName.text == "kSecClass",
            let dictionaryExpr = Self.enclosingDictionary(of: ref)
        else { return }
        // `var query = [kSecClass: …]` followed by `query[kSecAttrAccount] = …`: the later keys belong to it too.
        let variable = dictionaryExpr.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)?
            .pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        let body = dictionaryExpr.enclosingBody
        guard
            let dictionary = KeychainDictionary.of(
                literal: dictionaryExpr, variable: variable,
                before: body?.endPosition ?? dictionaryExpr.endPosition, in: body),
            let itemClass = dictionary.itemClass
        else { return }
        guard let wrong = Self.foreignAttributes(of: itemClass) else { return }
        for (key, at) in dictionary.keys.sorted(by: { $0.value.position < $1.value.position }) where wrong.contains(key)
        {
            guard reported.insert(at.id).inserted else { continue }
            report(file, at: at, Self.message(key: key, itemClass: itemClass))
        }
    }

    /// The attributes items of `itemClass` do not have; nil for a class this rule does not know.
    static func foreignAttributes(of itemClass: String) -> Set<String>? {
        let keyOnlyOrCertificate = keyOnly.union(certificateOnly)
        switch itemClass {
        case "kSecClassGenericPassword": return keyOnlyOrCertificate.union(internetOnly)
        case "kSecClassInternetPassword": return keyOnlyOrCertificate.union(genericOnly)
        case "kSecClassKey": return passwordOnly.union(certificateOnly)
        case "kSecClassCertificate": return passwordOnly.union(keyOnly)
        case "kSecClassIdentity": return passwordOnly  // identities carry both certificate and key attributes
        default: return nil
        }
    }

    static func message(key: String, itemClass: String) -> String {
        "\(key) is not an attribute of \(itemClass) items: the Keychain ignores it when adding, and a query with it matches the wrong items"
    }

    private static func enclosingDictionary(of ref: DeclReferenceExprSyntax) -> DictionaryExprSyntax? {
        var current = Syntax(ref).parent
        for _ in 0..<6 {
            guard let node = current else { return nil }
            if let dictionary = node.as(DictionaryExprSyntax.self) { return dictionary }
            current = node.parent
        }
        return nil
    }
}
