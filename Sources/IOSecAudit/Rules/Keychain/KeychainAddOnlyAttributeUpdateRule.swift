import SwiftSyntax

/// `keychain.add-only-attribute-update`: `SecItemUpdate` asked to change an item's accessibility or access control.
struct KeychainAddOnlyAttributeUpdateRule: SwiftRule {
    static let description = RuleDescription(
        id: "keychain.add-only-attribute-update",
        title: "Accessibility changed with SecItemUpdate",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-STORAGE-1",
        cwe: 665, owasp: OWASPReference("MASWE-0001", beta: "MASWE-0006", mastg: [], .related),
        rationale: """
            kSecAttrAccessible and kSecAttrAccessControl decide how an item is encrypted. An access control is fixed \
            when the item is added: passing it in SecItemUpdate's attributes fails (errSecParam, or \
            errSecInteractionNotAllowed) or is ignored, so code that "moves" a token behind biometry that way leaves \
            it exactly as exposed as before, and nobody notices. A class change (kSecAttrAccessible) is accepted by \
            current iOS but rejected by older systems and some queries; it is reported at low confidence, as a \
            reminder to check the status SecItemUpdate returns.
            """,
        fix:
            "To change accessibility or access control, read the item, add a new one with the new attributes, then delete the old one.",
        fixExample: """
            let data = try store.read(account)                       // old item
            try store.add(data, account: account, accessible: kSecAttrAccessibleWhenUnlockedThisDeviceOnly)
            try store.delete(account, accessible: kSecAttrAccessibleAfterFirstUnlock)
            """,
        triggeringExamples: [
            RuleExample(
                """
                let changes = [↓kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly]
                SecItemUpdate(query as CFDictionary, changes as CFDictionary)
                """),
            RuleExample(
                """
                func protect(_ access: SecAccessControl) -> OSStatus {
                    SecItemUpdate(query as CFDictionary, [↓kSecAttrAccessControl: access] as CFDictionary)
                }
                """),
            RuleExample(
                """
                func migrate() {
                    var update: [String: Any] = [kSecValueData as String: data]
                    update[↓kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                    SecItemUpdate(query as CFDictionary, update as CFDictionary)
                }
                """),
            RuleExample(
                """
                - (void)protect {
                    NSDictionary *changes = @{(__bridge id)↓kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly};
                    SecItemUpdate((__bridge CFDictionaryRef)self.query, (__bridge CFDictionaryRef)changes);
                }
                - (void)requireBiometry:(SecAccessControlRef)access {
                    NSMutableDictionary *update = [NSMutableDictionary dictionary];
                    [update setObject:(__bridge id)access forKey:(__bridge id)↓kSecAttrAccessControl];
                    SecItemUpdate((__bridge CFDictionaryRef)self.query, (__bridge CFDictionaryRef)update);
                }
                """, path: "App/ACMKeychain.m"),
            RuleExample(
                """
                - (BOOL)save:(NSData *)data {
                    NSMutableDictionary *query = nil;
                    NSMutableDictionary *search = [self query];
                    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)search, nil);
                    if (status == errSecSuccess) {
                        query = [[NSMutableDictionary alloc] init];
                        [query setObject:data forKey:(__bridge id)kSecValueData];
                        [query setObject:(__bridge id)kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly forKey:(__bridge id)↓kSecAttrAccessible];
                        status = SecItemUpdate((__bridge CFDictionaryRef)search, (__bridge CFDictionaryRef)query);
                    }
                    return status == errSecSuccess;
                }
                """, path: "App/ACMKeychainQuery.m")
        ],
        nonTriggeringExamples: [
            RuleExample("SecItemUpdate(query as CFDictionary, [kSecValueData as String: newData] as CFDictionary)"),
            RuleExample(
                """
                // The search part may name the old class: it selects, it does not change.
                let old: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccessible as String: kSecAttrAccessibleAlways]
                SecItemUpdate(old as CFDictionary, [kSecValueData as String: data] as CFDictionary)
                """),
            RuleExample(
                """
                SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: data,
                            kSecAttrAccessible: kSecAttrAccessibleWhenUnlockedThisDeviceOnly] as CFDictionary, nil)
                """),
            RuleExample(
                """
                - (void)update:(NSData *)data {
                    // The query may name the old class: it selects, it does not change.
                    SecItemUpdate((__bridge CFDictionaryRef)@{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                               (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleAlways},
                                  (__bridge CFDictionaryRef)@{(__bridge id)kSecValueData: data});
                    SecItemUpdate((__bridge CFDictionaryRef)self.query, (__bridge CFDictionaryRef)self.changes);
                }
                """, path: "App/ACMKeychain.m"),
            RuleExample(
                """
                - (BOOL)save:(NSData *)data {
                    NSMutableDictionary *changes = nil;
                    changes = [[NSMutableDictionary alloc] init];
                    [changes setObject:data forKey:(__bridge id)kSecValueData];
                    return SecItemUpdate((__bridge CFDictionaryRef)self.search, (__bridge CFDictionaryRef)changes) == errSecSuccess;
                }
                """, path: "App/ACMKeychainQuery.m")
        ]
    )

    static let subscription = Subscription(
        calls: .named(["SecItemUpdate"]))

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard call.calledName == "SecItemUpdate", call.arguments.count == 2,
            let attributes = call.arguments.last?.expression,
            let dictionary = KeychainDictionary.of(attributes, before: call)
        else { return }
        for key in ["kSecAttrAccessible", "kSecAttrAccessControl"] {
            if let at = dictionary.keys[key] {
                report(file, at: at, Self.message(key), confidence: Self.confidence(key))
            }
        }
    }

    static func message(_ key: String) -> String {
        key == "kSecAttrAccessControl"
            ? "kSecAttrAccessControl can only be set when the item is added; SecItemUpdate fails or ignores it, so the item keeps its old protection"
            : "kSecAttrAccessible in SecItemUpdate is rejected by older systems (errSecUnimplemented, errSecParam), leaving the item's old class in place; check the status, or add a new item and delete the old one"
    }

    /// An access control is fixed when its item is made; a class change through `SecItemUpdate` is rejected only by
    /// some systems and queries (current iOS accepts one, and KeychainAccess relies on that), so it is a hint.
    static func confidence(_ key: String) -> Confidence { key == "kSecAttrAccessControl" ? .high : .low }
}
