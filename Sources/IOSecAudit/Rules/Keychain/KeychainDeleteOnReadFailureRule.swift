import SwiftSyntax

/// `keychain.delete-on-read-failure`: a Keychain read that, when it fails, deletes the item without first ruling
/// out `errSecInteractionNotAllowed`.
struct KeychainDeleteOnReadFailureRule: SwiftRule {
    static let description = RuleDescription(
        id: "keychain.delete-on-read-failure",
        title: "Keychain item deleted when a read fails",
        severity: .high,
        confidence: .medium,
        masvs: "MASVS-STORAGE-1",
        cwe: 672, owasp: OWASPReference("MASWE-0001", beta: "MASWE-0006", mastg: [], .related),
        rationale: """
            SecItemCopyMatching fails for reasons that say nothing about the item: while the device is locked it \
            answers errSecInteractionNotAllowed for items protected WhenUnlocked, which is exactly when background \
            refresh, a push extension or a prewarmed launch runs. Code that treats any failure as "corrupt, start \
            over" and calls SecItemDelete then wipes the user's credentials, and they are signed out for no reason. \
            Apple's guidance ("SecItem: Pitfalls and Best Practices") calls this the most damaging Keychain mistake.
            """,
        fix:
            "Delete only for failures that mean the item is unusable (a decode error after a successful read); treat errSecInteractionNotAllowed as \"try again later\", never as a reason to delete.",
        fixExample: """
            var item: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &item)
            switch status {
            case errSecSuccess: return item as? Data
            case errSecItemNotFound: return nil
            case errSecInteractionNotAllowed: throw KeychainError.locked   // the device is locked: retry later
            default: throw KeychainError.unexpected(status)                 // never delete here
            }
            """,
        triggeringExamples: [
            RuleExample(
                """
                func loadToken() -> String? {
                    var item: CFTypeRef?
                    let status = SecItemCopyMatching(query as CFDictionary, &item)
                    guard status == errSecSuccess, let data = item as? Data else {
                        ↓SecItemDelete(query as CFDictionary)
                        return nil
                    }
                    return String(decoding: data, as: UTF8.self)
                }
                """),
            RuleExample(
                """
                func readPassword(account: String) throws -> Data {
                    var result: AnyObject?
                    let status = SecItemCopyMatching(lookup(account) as CFDictionary, &result)
                    if status != errSecSuccess {
                        ↓SecItemDelete(lookup(account) as CFDictionary)
                        throw VaultError.reset
                    }
                    return result as! Data
                }
                """),
            RuleExample(
                """
                func session() -> Session? {
                    var out: CFTypeRef?
                    if SecItemCopyMatching(sessionQuery as CFDictionary, &out) == errSecSuccess, let data = out as? Data {
                        return try? JSONDecoder().decode(Session.self, from: data)
                    } else {
                        ↓SecItemDelete(sessionQuery as CFDictionary)
                        return nil
                    }
                }
                """),
            RuleExample(
                """
                - (NSData *)loadToken {
                    CFTypeRef result = NULL;
                    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)self.query, &result);
                    if (status != errSecSuccess) {
                        ↓SecItemDelete((__bridge CFDictionaryRef)self.query);
                        return nil;
                    }
                    return (__bridge_transfer NSData *)result;
                }
                - (NSData *)loadSecret {
                    CFTypeRef result = NULL;
                    if (SecItemCopyMatching((__bridge CFDictionaryRef)self.query, &result) == noErr) {
                        return (__bridge_transfer NSData *)result;
                    } else
                        (void)↓SecItemDelete((__bridge CFDictionaryRef)self.query);
                    return nil;
                }
                """, path: "App/ACMKeychain.m"),
            RuleExample(
                """
                - (NSData *)loadPin {
                    CFTypeRef result = NULL;
                    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
                    if (status == errSecSuccess) { return (__bridge_transfer NSData *)result; }
                    else if (status != errSecItemNotFound) { NSLog(@"read failed"); }
                    else { [self log:status]; }
                    if (status != errSecSuccess) ↓SecItemDelete((__bridge CFDictionaryRef)query);
                    return nil;
                }
                """, path: "App/ACMKeychain.m")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                func loadToken() throws -> Data? {
                    var item: CFTypeRef?
                    let status = SecItemCopyMatching(query as CFDictionary, &item)
                    switch status {
                    case errSecSuccess: return item as? Data
                    case errSecItemNotFound: return nil
                    case errSecInteractionNotAllowed: throw KeychainError.locked
                    default: throw KeychainError.unexpected(status)
                    }
                }
                """),
            RuleExample(
                """
                func loadToken() -> Data? {
                    var item: CFTypeRef?
                    let status = SecItemCopyMatching(query as CFDictionary, &item)
                    if status == errSecInteractionNotAllowed { return nil }
                    guard status == errSecSuccess else { SecItemDelete(query as CFDictionary); return nil }
                    return item as? Data
                }
                """),
            RuleExample(
                """
                func signOut() {
                    SecItemDelete(query as CFDictionary)
                }
                func migrate() {
                    var item: CFTypeRef?
                    if SecItemCopyMatching(legacyQuery as CFDictionary, &item) == errSecSuccess {
                        SecItemAdd(newQuery as CFDictionary, nil)
                        SecItemDelete(legacyQuery as CFDictionary)
                    }
                }
                """),
            RuleExample(
                """
                - (NSData *)loadToken {
                    CFTypeRef result = NULL;
                    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)self.query, &result);
                    if (status == errSecInteractionNotAllowed) { return nil; }
                    if (status != errSecSuccess) {
                        SecItemDelete((__bridge CFDictionaryRef)self.query);
                        return nil;
                    }
                    return (__bridge_transfer NSData *)result;
                }
                - (NSData *)loadOrReset {
                    CFTypeRef result = NULL;
                    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)self.query, &result);
                    if (status == errSecSuccess) {
                        NSData *data = (__bridge_transfer NSData *)result;
                        if (![self isValid:data]) { SecItemDelete((__bridge CFDictionaryRef)self.query); }
                        return data;
                    }
                    if (status == errSecItemNotFound) { SecItemDelete((__bridge CFDictionaryRef)self.legacyQuery); }
                    return nil;
                }
                - (void)signOut { SecItemDelete((__bridge CFDictionaryRef)self.query); }
                """, path: "App/ACMKeychain.m")
        ]
    )

    static let subscription = Subscription(
        calls: .named(["SecItemDelete"]))

    mutating func visit(_ delete: FunctionCallExprSyntax, in file: SwiftFile) {
        guard delete.calledName == "SecItemDelete",
            let body = delete.enclosingBody
        else { return }
        let tokens = body.tokens(viewMode: .sourceAccurate)
        // The read must come first, in the same function; a function that knows about the locked state is fine.
        guard tokens.contains(where: { $0.text == "SecItemCopyMatching" && $0.position < delete.position }),
            !tokens.contains(where: { $0.text == "errSecInteractionNotAllowed" }),
            Self.isOnFailurePath(delete)
        else { return }
        report(
            file, at: delete,
            "the item is deleted whenever the read fails, including while the device is locked (errSecInteractionNotAllowed): users lose their credentials; delete only when the data is unusable"
        )
    }

    /// Inside the `else` of `guard … == errSecSuccess`, an `if … != errSecSuccess`, or the `else` of
    /// `if … == errSecSuccess` — a branch taken when the read failed for any reason.
    private static func isOnFailurePath(_ node: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(node).parent
        var child = Syntax(node)
        while let n = current, !n.is(FunctionDeclSyntax.self), !n.is(ClosureExprSyntax.self) {
            if let guardStmt = n.as(GuardStmtSyntax.self), guardStmt.body.id == child.id {
                return mentionsSuccess(guardStmt.conditions, equal: true)
            }
            if let ifExpr = n.as(IfExprSyntax.self) {
                if ifExpr.body.id == child.id { return mentionsSuccess(ifExpr.conditions, equal: false) }
                if ifExpr.elseBody?.id == child.id { return mentionsSuccess(ifExpr.conditions, equal: true) }
            }
            child = n
            current = n.parent
        }
        return false
    }

    /// The condition compares with `errSecSuccess` using `==` (equal: true) or `!=` (equal: false), and is not about
    /// `errSecItemNotFound` (deleting a missing item is harmless).
    private static func mentionsSuccess(_ conditions: ConditionElementListSyntax, equal: Bool) -> Bool {
        let tokens = conditions.tokens(viewMode: .sourceAccurate).map(\.text)
        guard tokens.contains("errSecSuccess"), !tokens.contains("errSecItemNotFound") else { return false }
        return tokens.contains(equal ? "==" : "!=")
    }
}
