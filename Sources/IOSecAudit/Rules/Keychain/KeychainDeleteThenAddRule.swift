import SwiftSyntax

/// `keychain.delete-then-add`: `SecItemDelete` right before `SecItemAdd` of the same item, instead of an update.
struct KeychainDeleteThenAddRule: SwiftRule {
    static let description = RuleDescription(
        id: "keychain.delete-then-add",
        title: "Keychain item deleted and re-added instead of updated",
        severity: .info,
        confidence: .high,
        masvs: "MASVS-CODE-4",
        cwe: 362, owasp: OWASPReference("MASWE-0001", beta: "MASWE-0006", mastg: [], .related),
        rationale: """
            Deleting an item and adding it again to change its value loses what only the Keychain holds about it: \
            its persistent reference, its creation date, and access-control state. Between the two calls a crash or a \
            locked device (the add fails with errSecInteractionNotAllowed) leaves the user with no item at all, and \
            another process can read "not found". SecItemUpdate changes the value in place.
            """,
        fix:
            "Update first and add only when the item does not exist (add-or-update), as IOSecKit's KeychainStore does.",
        fixExample: """
            var status = SecItemUpdate(query as CFDictionary, [kSecValueData as String: data] as CFDictionary)
            if status == errSecItemNotFound {
                var add = query
                add[kSecValueData as String] = data
                add[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                status = SecItemAdd(add as CFDictionary, nil)
            }
            """,
        triggeringExamples: [
            RuleExample(
                """
                func save(_ data: Data) {
                    SecItemDelete(query as CFDictionary)
                    ↓SecItemAdd(query as CFDictionary, nil)
                }
                """),
            RuleExample(
                """
                func store(token: Data) -> OSStatus {
                    let item: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "t",
                                               kSecValueData as String: token]
                    _ = SecItemDelete(item as CFDictionary)
                    return ↓SecItemAdd(item as CFDictionary, nil)
                }
                """),
            RuleExample(
                """
                func replace() {
                    let status = SecItemDelete(lookup as CFDictionary)
                    if status == errSecSuccess || status == errSecItemNotFound { ↓SecItemAdd(lookup as CFDictionary, nil) }
                }
                """),
            RuleExample(
                """
                - (void)saveToken:(NSData *)token {
                    NSDictionary *item = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                           (__bridge id)kSecAttrAccount: @"token", (__bridge id)kSecValueData: token};
                    SecItemDelete((__bridge CFDictionaryRef)item);
                    OSStatus status = ↓SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                }
                """, path: "App/ACMKeychain.m")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                func save(_ data: Data) {
                    var status = SecItemUpdate(query as CFDictionary, [kSecValueData as String: data] as CFDictionary)
                    if status == errSecItemNotFound { status = SecItemAdd(item as CFDictionary, nil) }
                }
                """),
            RuleExample(
                """
                func migrate() {
                    SecItemAdd(newItem as CFDictionary, nil)
                    SecItemDelete(oldQuery as CFDictionary)
                }
                """),
            RuleExample(
                """
                func reset() { SecItemDelete(allTokens as CFDictionary) }
                func create() { SecItemAdd(freshItem as CFDictionary, nil) }
                """),
            RuleExample(
                """
                - (void)saveToken:(NSData *)token {
                    OSStatus status = SecItemUpdate((__bridge CFDictionaryRef)self.query, (__bridge CFDictionaryRef)@{(__bridge id)kSecValueData: token});
                    if (status == errSecItemNotFound) { SecItemAdd((__bridge CFDictionaryRef)self.item, NULL); }
                }
                - (void)migrate {
                    SecItemAdd((__bridge CFDictionaryRef)fresh, NULL);
                    SecItemDelete((__bridge CFDictionaryRef)old);
                }
                - (void)replace {
                    SecItemDelete((__bridge CFDictionaryRef)item);
                    SecItemUpdate((__bridge CFDictionaryRef)item, (__bridge CFDictionaryRef)changes);
                    SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                }
                """, path: "App/ACMKeychain.m"),
            RuleExample(
                """
                - (NSError *)writeData:(NSData *)data account:(NSString *)account {
                    if ([self itemExistsForAccount:account]) {
                        NSMutableDictionary *queryDict = [self queryForAccount:account];
                        if (data != nil) {
                            SecItemUpdate((__bridge CFDictionaryRef)queryDict, (__bridge CFDictionaryRef)@{(__bridge id)kSecValueData: data});
                        } else {
                            SecItemDelete((__bridge CFDictionaryRef)queryDict);
                        }
                    } else {
                        NSMutableDictionary *queryDict = [self queryForAccount:account];
                        queryDict[(__bridge id)kSecValueData] = data;
                        SecItemAdd((__bridge CFDictionaryRef)queryDict, NULL);
                    }
                    return nil;
                }
                """, path: "App/ACMKeychain.m"),
            RuleExample(
                """
                func write(_ data: Data?) {
                    if exists {
                        if data == nil { SecItemDelete(query as CFDictionary) }
                    } else {
                        SecItemAdd(query as CFDictionary, nil)
                    }
                }
                """)
        ]
    )

    static let subscription = Subscription(
        calls: .named(["SecItemAdd"]))

    mutating func visit(_ add: FunctionCallExprSyntax, in file: SwiftFile) {
        guard add.calledName == "SecItemAdd",
            let addQuery = add.arguments.first?.expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let body = add.enclosingBody
        else { return }
        // A delete of the same dictionary earlier in the function, with no update in between.
        var deletedBefore = false
        for token in body.tokens(viewMode: .sourceAccurate) where token.position < add.position {
            if token.text == "SecItemUpdate" { deletedBefore = false }
            guard token.text == "SecItemDelete",
                let call = token.parent?.parent?.as(FunctionCallExprSyntax.self),
                call.arguments.first?.expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text == addQuery,
                // The delete's block must hold the add too: a delete in the other branch of an `if` never runs first.
                let block = call.enclosingBlock, add.position >= block.position, add.endPosition <= block.endPosition
            else { continue }
            deletedBefore = true
        }
        guard deletedBefore else { return }
        report(
            file, at: add,
            "the item is deleted and added again: its persistent reference is lost and a failed add leaves nothing; update it in place with SecItemUpdate and add only when it is missing"
        )
    }
}
