import SwiftSyntax

/// `keychain.query-reuse`: the dictionary built to search for an item reused to add it.
struct KeychainQueryReuseRule: SwiftRule {
    static let description = RuleDescription(
        id: "keychain.query-reuse",
        title: "Search query reused to add a Keychain item",
        severity: .low,
        confidence: .high,
        masvs: "MASVS-CODE-4",
        cwe: 665, owasp: OWASPReference("MASWE-0001", beta: "MASWE-0006", mastg: [], .related),
        rationale: """
            A search dictionary carries search-only keys: kSecReturnData, kSecReturnAttributes, kSecMatchLimit. \
            Passing the same dictionary to SecItemAdd mixes those into an add, which SecItemAdd either rejects \
            (errSecParam) or answers by returning data nobody asked for; the add path then "works" only on the OS \
            versions it was tried on. Apple's SecItem guidance: build a fresh dictionary for each call.
            """,
        fix:
            "Build the add dictionary separately: the item's class and identifying attributes, the data, and its accessibility.",
        fixExample: """
            let identity: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
                                           kSecAttrAccount as String: account]
            var search = identity
            search[kSecReturnData as String] = true
            var add = identity
            add[kSecValueData as String] = data
            add[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
            """,
        triggeringExamples: [
            RuleExample(
                """
                func token() -> Data? {
                    var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "t",
                                                kSecReturnData as String: true]
                    var item: CFTypeRef?
                    if SecItemCopyMatching(query as CFDictionary, &item) == errSecItemNotFound {
                        query[kSecValueData as String] = Data(UUID().uuidString.utf8)
                        ↓SecItemAdd(query as CFDictionary, nil)
                    }
                    return item as? Data
                }
                """),
            RuleExample(
                """
                func ensureItem(_ data: Data) {
                    var q: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecMatchLimit as String: kSecMatchLimitOne]
                    let status = SecItemCopyMatching(q as CFDictionary, nil)
                    if status != errSecSuccess { q[kSecValueData as String] = data; ↓SecItemAdd(q as CFDictionary, nil) }
                }
                """),
            RuleExample(
                """
                func read() -> [String: Any]? {
                    var lookup: [String: Any] = [kSecClass as String: kSecClassInternetPassword, kSecReturnAttributes as String: true]
                    var out: CFTypeRef?
                    guard SecItemCopyMatching(lookup as CFDictionary, &out) == errSecSuccess else {
                        ↓SecItemAdd(lookup as CFDictionary, nil)
                        return nil
                    }
                    return out as? [String: Any]
                }
                """),
            RuleExample(
                """
                - (void)ensure:(NSData *)data {
                    NSMutableDictionary *query = [@{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                    (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitOne} mutableCopy];
                    if (SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL) == errSecItemNotFound) {
                        query[(__bridge id)kSecValueData] = data;
                        query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                        ↓SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                    }
                }
                - (void)store:(NSData *)data {
                    NSMutableDictionary *lookup = [NSMutableDictionary dictionary];
                    [lookup setObject:(__bridge id)kSecClassGenericPassword forKey:(__bridge id)kSecClass];
                    [lookup setObject:@YES forKey:(__bridge id)kSecReturnData];
                    if (SecItemCopyMatching((__bridge CFDictionaryRef)lookup, NULL) != errSecSuccess) {
                        [lookup setObject:data forKey:(__bridge id)kSecValueData];
                        ↓SecItemAdd((__bridge CFDictionaryRef)lookup, NULL);
                    }
                }
                """, path: "App/ACMKeychain.m")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                func save(_ data: Data) {
                    let base: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "t"]
                    var search = base
                    search[kSecReturnData as String] = true
                    var add = base
                    add[kSecValueData as String] = data
                    if SecItemCopyMatching(search as CFDictionary, nil) == errSecItemNotFound { SecItemAdd(add as CFDictionary, nil) }
                }
                """),
            RuleExample(
                """
                func exists() -> Bool {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "t"]
                    return SecItemCopyMatching(query as CFDictionary, nil) == errSecSuccess
                }
                """),
            RuleExample(
                """
                func replace(_ data: Data) {
                    let item: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: data]
                    SecItemAdd(item as CFDictionary, nil)
                }
                """),
            RuleExample(
                """
                - (void)save:(NSData *)data {
                    NSDictionary *base = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrAccount: @"t"};
                    NSMutableDictionary *search = [base mutableCopy];
                    search[(__bridge id)kSecReturnData] = @YES;
                    NSMutableDictionary *add = [base mutableCopy];
                    add[(__bridge id)kSecValueData] = data;
                    if (SecItemCopyMatching((__bridge CFDictionaryRef)search, NULL) == errSecItemNotFound) {
                        SecItemAdd((__bridge CFDictionaryRef)add, NULL);
                    }
                }
                - (BOOL)exists {
                    NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrAccount: @"t"};
                    if (SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL) == errSecSuccess) { return YES; }
                    SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                    return NO;
                }
                """, path: "App/ACMKeychain.m")
        ]
    )

    static let subscription = Subscription(
        calls: .named(["SecItemAdd"]))

    private static let searchOnlyKeys: Set<String> = [
        "kSecReturnData", "kSecReturnAttributes", "kSecReturnRef", "kSecReturnPersistentRef", "kSecMatchLimit"
    ]

    mutating func visit(_ add: FunctionCallExprSyntax, in file: SwiftFile) {
        guard add.calledName == "SecItemAdd",
            let dictionary = KeychainDictionary.of(firstArgumentOf: add), let variable = dictionary.variable,
            !Set(dictionary.keys.keys).isDisjoint(with: Self.searchOnlyKeys),
            let body = add.enclosingBody
        else { return }
        // The same variable went to SecItemCopyMatching earlier in the function.
        let searched = body.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "SecItemCopyMatching", token.position < add.position,
                let call = token.parent?.parent?.as(FunctionCallExprSyntax.self)
            else { return false }
            return call.arguments.first?.expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text
                == variable
        }
        guard searched else { return }
        report(
            file, at: add,
            "'\(variable)' was built to search (it asks to return data or limits matches) and is reused to add the item; build a fresh dictionary for SecItemAdd"
        )
    }
}
