import IOSecCore
import SwiftSyntax

/// `storage.keychain-accessibility`: a Keychain item stored with an accessibility class that leaves it readable
/// while the device is locked, or lets it leave the device in backups.
struct KeychainAccessibilityRule: SwiftRule {
    static let description = RuleDescription(
        id: "storage.keychain-accessibility",
        title: "Weak Keychain accessibility",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-STORAGE-2",
        cwe: 922, owasp: OWASPReference("MASWE-0001", beta: "MASWE-0006", mastg: [], .close),
        rationale: """
            kSecAttrAccessible decides when the Keychain can decrypt an item. kSecAttrAccessibleAlways and \
            AlwaysThisDeviceOnly (deprecated since iOS 12) make the item readable while the device is locked, so \
            anyone holding the phone can extract it. Classes without ThisDeviceOnly let the item travel in \
            encrypted backups and be restored on another device, taking credentials with them; \
            kSecAttrAccessibleWhenUnlocked is also the default when the attribute is left out.
            """,
        fix:
            "Use kSecAttrAccessibleWhenUnlockedThisDeviceOnly (or AfterFirstUnlockThisDeviceOnly for background refresh).",
        fixExample: """
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: "com.example.app.auth",
                kSecAttrAccount as String: "refreshToken",
                kSecValueData as String: Data(refreshToken.utf8),
                kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
            let status = SecItemAdd(query as CFDictionary, nil)
            """,
        triggeringExamples: [
            RuleExample(
                """
                enum AccountStore {
                    static func remember(emailPassword: String) {
                        KeychainHelper.save(string: emailPassword, key: passwordKey, accessibility: ↓kSecAttrAccessibleAfterFirstUnlock)
                    }
                }
                """),
            // The same library-made store keeping a password gets the default class.
            RuleExample(
                """
                import UICKeyChainStore

                func remember(_ password: String, pushToken: String) {
                    let keychain = ↓UICKeyChainStore(service: "com.example.app")
                    keychain.setString(pushToken, forKey: "push")
                    keychain.setString(password, forKey: "password")
                }
                """),
            RuleExample(
                """
                func remember(_ token: String) {
                    Vault.save(value: token, key: "session", accessibility: ↓kSecAttrAccessibleAfterFirstUnlock)
                }
                """),
            RuleExample(
                """
                import KeychainAccess

                final class TokenVault {
                    // KeychainAccess stores with .afterFirstUnlock unless told otherwise.
                    private let keychain = ↓Keychain(service: "com.example.wallet")
                    func save(_ token: String) { keychain["session"] = token }
                }
                """,
                findings: [FindingSpec(severity: .medium, message: "Keychain stores items as .afterFirstUnlock")]),
            RuleExample(
                """
                import Valet

                let vault = ↓Valet.valet(with: Identifier(nonEmpty: "Vault")!, accessibility: .whenUnlocked)
                """,
                findings: [FindingSpec(severity: .medium, message: "Valet's .whenUnlocked is not ThisDeviceOnly")]),
            RuleExample(
                """
                // Keychain wrappers given a class by name: KeychainSwift and SwiftKeychainWrapper.
                enum Vault {
                    private static let keychain = KeychainSwift()
                    static func set(_ value: Data, for key: String) {
                        ↓keychain.set(value, forKey: key, withAccess: .accessibleAfterFirstUnlock)
                    }
                    static func save(token: String) {
                        ↓KeychainWrapper.standard.set(token, forKey: "authToken", withAccessibility: .always)
                    }
                }
                """,
                findings: [
                    FindingSpec(
                        severity: .medium, confidence: .high,
                        message: "KeychainSwift stores the item as 'kSecAttrAccessibleAfterFirstUnlock', which leaves"),
                    FindingSpec(
                        severity: .high, confidence: .high,
                        message: "KeychainWrapper stores the item as 'kSecAttrAccessibleAlways', readable while")
                ]),
            RuleExample(
                """
                func remember(_ token: String) {
                    let keychain = ↓Keychain(service: "com.acme.wallet").accessibility(.always)
                    keychain["token"] = token
                    let shared = Keychain(service: "com.acme.wallet")
                    ↓shared.accessibility(.afterFirstUnlock)["refresh"] = token
                }
                """),
            RuleExample(
                """
                - (void)savePassword:(NSString *)password {
                    NSDictionary *item = @{
                        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                        (__bridge id)kSecAttrAccount: self.account,
                        (__bridge id)kSecValueData: [password dataUsingEncoding:NSUTF8StringEncoding],
                    };
                    ↓SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                    NSMutableDictionary *token = [NSMutableDictionary dictionary];
                    [token setObject:(__bridge id)kSecClassGenericPassword forKey:(__bridge id)kSecClass];
                    token[(__bridge id)kSecValueData] = self.tokenData;
                    ↓SecItemAdd((__bridge CFDictionaryRef)token, NULL);
                }
                """, path: "App/CredentialStore.m"),
            RuleExample(
                """
                NSDictionary *item = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrAccessible: (__bridge id)↓kSecAttrAccessibleAlways,
                    (__bridge id)kSecValueData: secret,
                };
                SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                """, path: "App/Keychain.m",
                findings: [
                    FindingSpec(
                        severity: .high, confidence: .high,
                        message: "'kSecAttrAccessibleAlways' keeps the item readable while the device is locked")
                ]),
            RuleExample(
                """
                // Medium: readable only when unlocked, but restored from backups onto other devices.
                - (BOOL)saveRefreshToken:(NSData *)token {
                    NSMutableDictionary *query = [self baseQueryForAccount:@"refreshToken"];
                    query[(__bridge id)kSecValueData] = token;
                    query[(__bridge id)kSecAttrAccessible] = (__bridge id)↓kSecAttrAccessibleAfterFirstUnlock;
                    return SecItemAdd((__bridge CFDictionaryRef)query, NULL) == errSecSuccess;
                }
                """, path: "App/TokenStore.m",
                findings: [
                    FindingSpec(
                        severity: .medium, confidence: .high,
                        message: "'kSecAttrAccessibleAfterFirstUnlock' lets the item leave the device in backups")
                ]),
            RuleExample(
                """
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrAccount as String: "session",
                    kSecValueData as String: Data(sessionToken.utf8),
                    kSecAttrAccessible as String: ↓kSecAttrAccessibleAlways,
                ]
                """,
                findings: [
                    FindingSpec(
                        severity: .high, confidence: .high,
                        message: "'kSecAttrAccessibleAlways' keeps the item readable while the device is locked")
                ]),
            RuleExample(
                """
                func store(_ pin: Data) {
                    var item = baseQuery
                    item[kSecValueData as String] = pin
                    item[kSecAttrAccessible as String] = ↓kSecAttrAccessibleAlwaysThisDeviceOnly
                    SecItemAdd(item as CFDictionary, nil)
                }
                """,
                findings: [
                    FindingSpec(
                        severity: .high, confidence: .high,
                        message: "'kSecAttrAccessibleAlwaysThisDeviceOnly' keeps the item readable")
                ]),
            RuleExample(
                """
                // The dictionary is searched first, then stored with the same class.
                - (OSStatus)storeDevicePin:(NSData *)pin {
                    NSMutableDictionary *item = [NSMutableDictionary dictionary];
                    item[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
                    item[(__bridge id)kSecAttrAccessible] = (__bridge id)↓kSecAttrAccessibleAlways;
                    SecItemDelete((__bridge CFDictionaryRef)item);
                    item[(__bridge id)kSecValueData] = pin;
                    return SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                }
                """, path: "App/PinStore.m",
                findings: [
                    FindingSpec(
                        severity: .high, confidence: .high,
                        message: "'kSecAttrAccessibleAlways' keeps the item readable while the device is locked")
                ]),
            RuleExample(
                """
                - (void)restoreSession:(NSData *)sessionData {
                    NSDictionary *lookup = @{
                        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                        (__bridge id)kSecAttrService: @"session",
                        (__bridge id)kSecAttrAccessible: (__bridge id)↓kSecAttrAccessibleAlwaysThisDeviceOnly,
                    };
                    if (SecItemCopyMatching((__bridge CFDictionaryRef)lookup, NULL) == errSecItemNotFound) {
                        NSMutableDictionary *add = [lookup mutableCopy];
                        add[(__bridge id)kSecValueData] = sessionData;
                        SecItemAdd((__bridge CFDictionaryRef)add, NULL);
                    }
                }
                """, path: "App/SessionStore.m",
                findings: [
                    FindingSpec(
                        severity: .high, confidence: .high,
                        message: "'kSecAttrAccessibleAlwaysThisDeviceOnly' keeps the item readable")
                ]),
            RuleExample(
                """
                - (void)relaxAccessForQuery:(NSDictionary *)match {
                    NSDictionary *changes = @{ (__bridge id)kSecAttrAccessible: (__bridge id)↓kSecAttrAccessibleAfterFirstUnlock };
                    SecItemUpdate((__bridge CFDictionaryRef)match, (__bridge CFDictionaryRef)changes);
                }
                """, path: "App/KeychainMigration.m",
                findings: [
                    FindingSpec(
                        severity: .medium, confidence: .high,
                        message: "'kSecAttrAccessibleAfterFirstUnlock' lets the item leave the device in backups")
                ]),
            RuleExample(
                """
                let attributes: [String: Any] = [
                    kSecClass as String: kSecClassInternetPassword,
                    kSecAttrServer as String: "api.example.com",
                    kSecValueData as String: passwordData,
                    kSecAttrAccessible as String: ↓kSecAttrAccessibleAfterFirstUnlock,
                ]
                """,
                findings: [
                    FindingSpec(
                        severity: .medium, confidence: .high,
                        message: "'kSecAttrAccessibleAfterFirstUnlock' lets the item leave the device in backups")
                ]),
            RuleExample(
                "let update = [kSecAttrAccessible: ↓kSecAttrAccessibleWhenUnlocked] as CFDictionary",
                findings: [
                    FindingSpec(
                        severity: .medium, confidence: .high,
                        message: "'kSecAttrAccessibleWhenUnlocked' lets the item leave the device in backups")
                ]),
            RuleExample(
                """
                func savePassword(_ password: String, account: String) -> OSStatus {
                    var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]
                    query[kSecValueData as String] = Data(password.utf8)
                    return ↓SecItemAdd(query as CFDictionary, nil)
                }
                """,
                findings: [
                    FindingSpec(severity: .medium, confidence: .high, message: "SecItemAdd sets no kSecAttrAccessible")
                ]),
            // SAMKeychain sends no class unless the process-wide setter was called.
            RuleExample(
                """
                func savePassword(_ password: String, account: String) {
                    ↓SAMKeychain.setPassword(password, forService: "com.example.vault", account: account)
                }
                """,
                findings: [FindingSpec(severity: .medium, confidence: .high, message: "SAMKeychain stores without")]),
            RuleExample(
                """
                - (void)savePassword:(NSString *)password account:(NSString *)account {
                    [SAMKeychain ↓setPassword:password forService:@"com.example.vault" account:account];
                }
                """, path: "App/Vault.m",
                findings: [FindingSpec(severity: .medium, confidence: .high, message: "SAMKeychain stores without")]),
            RuleExample(
                """
                - (void)savePassword:(NSString *)password {
                    UICKeyChainStore *store = [UICKeyChainStore ↓keyChainStoreWithService:@"com.example.vault"];
                    store[@"password"] = password;
                    [UICKeyChainStore ↓setString:password forKey:@"backup" service:@"com.example.vault"];
                }
                """, path: "App/Vault.m",
                findings: [
                    FindingSpec(severity: .medium, message: "UICKeyChainStore stores items as .afterFirstUnlock"),
                    FindingSpec(severity: .medium, message: "UICKeyChainStore stores items as .afterFirstUnlock")
                ]),
            // A private key's query written as one literal cast twice: the literal is still what is stored.
            RuleExample(
                """
                func storePrivateKey(_ keyData: Data, tag: Data) {
                    let query = [kSecClass: kSecClassKey, kSecAttrApplicationTag: tag, kSecValueData: keyData]
                        as [CFString: Any] as CFDictionary
                    ↓SecItemAdd(query, nil)
                }
                """,
                findings: [
                    FindingSpec(severity: .medium, confidence: .high, message: "SecItemAdd sets no kSecAttrAccessible")
                ]),
            RuleExample(
                """
                func remember(_ token: String) {
                    ↓KeychainWrapper.standard.set(token, forKey: "authToken")
                    let keychain = KeychainSwift()
                    ↓keychain.set(token, forKey: "authToken")
                }
                """,
                findings: [
                    FindingSpec(
                        severity: .medium, confidence: .high, message: "KeychainWrapper.set without an accessibility"),
                    FindingSpec(
                        severity: .medium, confidence: .high, message: "KeychainSwift.set without an accessibility")
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                - (void)savePassword:(NSString *)password {
                    UICKeyChainStore *store = [UICKeyChainStore keyChainStoreWithService:@"com.example.vault"];
                    store.accessibility = UICKeyChainStoreAccessibilityWhenUnlockedThisDeviceOnly;
                    store[@"password"] = password;
                }
                """, path: "App/Vault.m"),
            // The process-wide class is chosen in the file that stores.
            RuleExample(
                """
                func savePassword(_ password: String, account: String) {
                    SAMKeychain.setAccessibilityType(kSecAttrAccessibleWhenUnlockedThisDeviceOnly)
                    SAMKeychain.setPassword(password, forService: "com.example.vault", account: account)
                }
                """),
            // The account's e-mail or user name: it says who the user is, and belongs on their next device.
            RuleExample(
                """
                enum AccountStore {
                    static func remember(email: String, userName: String) {
                        KeychainHelper.save(string: email, key: emailKey, accessibility: kSecAttrAccessibleAfterFirstUnlock)
                        KeychainHelper.save(value: userName, key: nameKey, accessibility: kSecAttrAccessibleAfterFirstUnlock)
                    }
                }
                """),
            // A store made in place that keeps only push tokens: they identify the device and grant no access.
            RuleExample(
                """
                import UICKeyChainStore

                func storeTokens(normalPushToken: String, pushKitToken: String) {
                    let keychain = UICKeyChainStore(service: bundleIdentifier, accessGroup: groupIdentifier)
                    keychain.setString(normalPushToken, forKey: kNormalPushTokenKey)
                    keychain.setString(pushKitToken, forKey: kPushKitTokenKey)
                    _ = keychain.string(forKey: kNormalPushTokenKey)
                }
                """),
            // The app's wrapper deletes the item when given no value: the class it is handed stores nothing.
            RuleExample(
                """
                enum Vault {
                    static func removeKey(_ key: String) -> Bool {
                        save(value: nil, key: key, accessibility: kSecAttrAccessibleAfterFirstUnlock)
                    }
                    static func rememberOnboarding() {
                        save(value: true, key: "onboarded", accessibility: kSecAttrAccessibleAfterFirstUnlock)
                    }
                }
                """),
            // A flag, and public certificates: nothing there for a backup or a locked device to give away.
            RuleExample(
                """
                import KeychainSwift

                enum Vault {
                    static let keychain = KeychainSwift()
                    static func set(_ value: Bool, for key: String) {
                        keychain.set(value, forKey: key, withAccess: .accessibleAfterFirstUnlock)
                    }
                }
                func storeChain(_ certificates: [SecCertificate], for identifier: String) {
                    let der = certificates.compactMap { SecCertificateCopyData($0) as Data? }
                    guard let data = try? PropertyListSerialization.data(fromPropertyList: der, format: .binary, options: 0)
                    else { return }
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccount as String: identifier,
                        kSecValueData as String: data,
                        kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
                    ]
                    SecItemAdd(query as CFDictionary, nil)
                }
                """),
            RuleExample(
                """
                import KeychainAccess

                final class TokenVault {
                    private let keychain = Keychain(service: "com.example.wallet")
                        .accessibility(.afterFirstUnlockThisDeviceOnly)
                    private let reader = Keychain(service: "com.example.shared")
                    func save(_ token: String) { keychain["session"] = token }
                    func load() -> String? { reader["session"] }
                }
                """),
            // Push tokens identify the device to a provider; they are not secrets.
            RuleExample(
                """
                import KeychainAccess

                func remember(pushToken: String, voipToken: String) {
                    let keychain = Keychain(service: "com.acme.chat")
                    keychain["apns"] = pushToken
                    keychain["voip"] = voipToken
                }
                """),
            // A migration reads the old items and removes them: nothing is stored with the default.
            RuleExample(
                """
                import KeychainAccess

                func migrateLegacyPIN(into store: SecureStore) {
                    let legacy = Keychain(service: "com.acme.legacy")
                    if let pin = legacy["pin"] { store.savePIN(pin) }
                    legacy["pin"] = nil
                }
                """),
            RuleExample(
                """
                // The project's own type named Keychain, not KeychainAccess's.
                struct Keychain { init(service: String) {} func set(_ v: String, key: String) {} }
                let store = Keychain(service: "x")
                func save(_ v: String) { store.set(v, key: "k") }
                """),
            RuleExample(
                """
                import Valet

                let vault = Valet.valet(with: Identifier(nonEmpty: "Vault")!, accessibility: .whenUnlockedThisDeviceOnly)
                let synced = Valet.iCloudValet(with: Identifier(nonEmpty: "Sync")!, accessibility: .whenUnlocked)
                """),
            RuleExample(
                """
                // A wrapper's table from its options to the constants: the caller chooses, and is reported there.
                extension Accessibility {
                    var attribute: CFString {
                        switch self {
                        case .whenUnlocked: return kSecAttrAccessibleWhenUnlocked
                        case .afterFirstUnlock: return kSecAttrAccessibleAfterFirstUnlock
                        case .always: return kSecAttrAccessibleAlways
                        case .whenUnlockedThisDeviceOnly: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                        }
                    }
                    static let byName: [String: CFString] = [
                        "always": kSecAttrAccessibleAlways, "afterFirstUnlock": kSecAttrAccessibleAfterFirstUnlock,
                        "whenUnlocked": kSecAttrAccessibleWhenUnlocked,
                    ]
                }
                """),
            RuleExample(
                """
                - (CFTypeRef)accessibilityObject {
                    switch (_accessibility) {
                        case ACMAccessibilityWhenUnlocked: return kSecAttrAccessibleWhenUnlocked;
                        case ACMAccessibilityAfterFirstUnlock: return kSecAttrAccessibleAfterFirstUnlock;
                        case ACMAccessibilityAlways: return kSecAttrAccessibleAlways;
                        case ACMAccessibilityAlwaysThisDeviceOnly: return kSecAttrAccessibleAlwaysThisDeviceOnly;
                        default: return nil;
                    }
                }
                - (CFTypeRef)accessibilityValue {
                    return @[(__bridge id)kSecAttrAccessibleWhenUnlocked, (__bridge id)kSecAttrAccessibleAfterFirstUnlock,
                             (__bridge id)kSecAttrAccessibleAlways][self.accessibility];
                }
                """, path: "App/ACMKeychainStore.m"),
            RuleExample(
                """
                func remember(_ token: String) {
                    let keychain = Keychain(service: "com.acme.wallet").accessibility(.whenUnlockedThisDeviceOnly)
                    keychain["token"] = token
                    view.accessibility(.hidden)
                    Keychain(service: "com.acme.sync").synchronizable(true).accessibility(.afterFirstUnlock)
                }
                """),
            RuleExample(
                """
                - (void)savePassword:(NSString *)password {
                    NSDictionary *item = @{
                        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                        (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                        (__bridge id)kSecValueData: [password dataUsingEncoding:NSUTF8StringEncoding],
                    };
                    SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                    NSMutableDictionary *query = [[self baseQuery] mutableCopy];
                    query[(__bridge id)kSecValueData] = self.tokenData;
                    SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                    NSDictionary *certificate = @{(__bridge id)kSecClass: (__bridge id)kSecClassCertificate,
                                                  (__bridge id)kSecValueRef: (__bridge id)cert};
                    SecItemAdd((__bridge CFDictionaryRef)certificate, NULL);
                }
                """, path: "App/CredentialStore.m"),
            RuleExample(
                """
                [SAMKeychain setAccessibilityType:allowBackup ? kSecAttrAccessibleAfterFirstUnlock : kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly];
                """, path: "App/Database.m"),
            RuleExample(
                """
                NSDictionary *item = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    (__bridge id)kSecValueData: secret,
                };
                NSDictionary *synced = @{ (__bridge id)kSecAttrSynchronizable: @YES, (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleAfterFirstUnlock };
                """, path: "App/Keychain.m"),
            RuleExample(
                """
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecValueData as String: tokenData,
                    kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                ]
                """),
            RuleExample("item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"),
            RuleExample(
                """
                // Shared through iCloud Keychain on purpose: synchronizable items cannot be ThisDeviceOnly.
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrSynchronizable as String: kCFBooleanTrue!,
                    kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
                ]
                """),
            RuleExample(
                """
                // Finds the items an old release saved with the deprecated class, to re-add them with a stricter one.
                - (NSArray *)itemsNeedingMigration {
                    NSDictionary *legacyQuery = @{
                        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                        (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleAlways,
                        (__bridge id)kSecReturnAttributes: @YES,
                        (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitAll,
                    };
                    CFTypeRef found = NULL;
                    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)legacyQuery, &found);
                    return status == errSecSuccess ? CFBridgingRelease(found) : @[];
                }
                """, path: "App/KeychainMigration.m"),
            RuleExample(
                """
                - (BOOL)isReadableWhileLocked:(NSDictionary *)attributes {
                    id accessible = attributes[(__bridge id)kSecAttrAccessible];
                    return [accessible isEqual:(__bridge id)kSecAttrAccessibleAlwaysThisDeviceOnly]
                        || accessible == (__bridge id)kSecAttrAccessibleAlways;
                }
                """, path: "App/KeychainAudit.m"),
            RuleExample(
                """
                - (void)purgeBackedUpTokens {
                    NSMutableDictionary *purge = [NSMutableDictionary new];
                    [purge setObject:(__bridge id)kSecClassGenericPassword forKey:(__bridge id)kSecClass];
                    [purge setObject:(__bridge id)kSecAttrAccessibleAfterFirstUnlock forKey:(__bridge id)kSecAttrAccessible];
                    SecItemDelete((__bridge CFDictionaryRef)purge);
                    NSDictionary *unlocked = @{ (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlocked };
                    if (SecItemCopyMatching((__bridge CFDictionaryRef)unlocked, NULL) == errSecSuccess) {
                        SecItemDelete((__bridge CFDictionaryRef)unlocked);
                    }
                }
                """, path: "App/KeychainMigration.m"),
            RuleExample(
                """
                // Finds items saved by old versions to move them to a stricter class.
                let status = SecItemCopyMatching([
                    kSecClass: kSecClassGenericPassword,
                    kSecAttrAccessible: kSecAttrAccessibleAlways,
                    kSecReturnAttributes: true,
                ] as CFDictionary, &result)
                """),
            RuleExample(
                """
                func savePassword(_ password: String, account: String) -> OSStatus {
                    var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]
                    query[kSecValueData as String] = Data(password.utf8)
                    query[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                    return SecItemAdd(query as CFDictionary, nil)
                }
                func addProtected(_ secret: Data) -> OSStatus {
                    SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: secret, kSecAttrAccessControl: access] as CFDictionary, nil)
                }
                func addBuilt(_ secret: Data) -> OSStatus { SecItemAdd(makeQuery(secret) as CFDictionary, nil) }
                let keychain = KeychainSwift()
                keychain.set(token, forKey: "authToken", withAccess: .accessibleWhenUnlockedThisDeviceOnly)
                KeychainWrapper.standard.set(token, forKey: "authToken", withAccessibility: .whenUnlockedThisDeviceOnly)
                defaults.set(token, forKey: "theme")
                """),
            RuleExample(
                """
                let query: [String: Any] = [
                    kSecClass as String: kSecClassCertificate,
                    kSecValueRef as String: certificate,
                    kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
                ]
                """)
        ]
    )

    static let subscription = Subscription(
        calls: .named(
            Set([
                "SecItemAdd", "set", "accessibility", "Keychain", "UICKeyChainStore", "valet", "sharedGroupValet",
                "sharedAccessGroupValet"
            ]).union(KeychainDefaultAccessibility.samKeychainStores)),
        references: lockedReadable.union(migrating))
    /// KeychainAccess's `Accessibility` cases that stay readable while the device is locked, and those that leave
    /// the device in backups.
    static let keychainAccessLockedReadable: Set<String> = ["always", "alwaysThisDeviceOnly"]
    static let keychainAccessMigrating: Set<String> = ["afterFirstUnlock", "whenUnlocked"]

    /// Readable while the device is locked: high.
    static let lockedReadable: Set<String> = ["kSecAttrAccessibleAlways", "kSecAttrAccessibleAlwaysThisDeviceOnly"]
    /// Leave the device in backups: medium, for credentials.
    static let migrating: Set<String> = ["kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleWhenUnlocked"]
    /// Calls that search for items rather than store them.
    static let searchCalls: Set<String> = ["SecItemCopyMatching", "SecItemDelete"]

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        if let at = KeychainDefaultAccessibility.missingAccessibility(in: call) {
            report(
                file, at: at,
                "SecItemAdd sets no kSecAttrAccessible, so the item gets kSecAttrAccessibleWhenUnlocked and can move to another device in a backup; add kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
                severity: .medium)
        } else if call.calledName == "accessibility", let level = Self.keychainAccessLevel(call) {
            // KeychainAccess: `Keychain(service: "…").accessibility(.always)`.
            if Self.keychainAccessLockedReadable.contains(level) {
                report(
                    file, at: call,
                    "Keychain accessibility '.\(level)' keeps the items readable while the device is locked; use .whenUnlockedThisDeviceOnly"
                )
            } else if Self.keychainAccessMigrating.contains(level),
                // Synchronized items cannot be ThisDeviceOnly: the class is a choice there.
                call.calledBase?.sourceText.contains("synchronizable(true)") != true
            {
                report(
                    file, at: call,
                    "Keychain accessibility '.\(level)' lets the items leave the device in backups; use .\(level)ThisDeviceOnly",
                    severity: .medium)
            }
        } else if let (wrapper, constant) = Self.wrapperAccessibility(call),
            !(call.arguments.first.map { Self.holdsNoSecret($0.expression) } ?? false)
        {
            // KeychainSwift's `withAccess: .accessibleAfterFirstUnlock`, SwiftKeychainWrapper's
            // `withAccessibility: .afterFirstUnlock`: the wrapper passes the class through as the same constant.
            if Self.lockedReadable.contains(constant) {
                report(
                    file, at: call,
                    "\(wrapper) stores the item as '\(constant)', readable while the device is locked; use the WhenUnlockedThisDeviceOnly class"
                )
            } else if Self.migrating.contains(constant) {
                report(
                    file, at: call,
                    "\(wrapper) stores the item as '\(constant)', which leaves the device in backups; use \(constant)ThisDeviceOnly",
                    severity: .medium)
            }
        } else if let library = KeychainDefaultAccessibility.libraryDefault(of: call, in: file),
            !Self.storesNoSecret(through: call)
        {
            report(
                file, at: call,
                "\(library.type) stores items as .\(library.defaultClass) unless told otherwise (\(library.source)), so they move to other devices in backups; add \(library.choose)",
                severity: .medium)
        } else if KeychainDefaultAccessibility.samKeychainDefault(call, in: file) {
            report(file, at: call, KeychainDefaultAccessibility.samKeychainMessage, severity: .medium)
            // Another file may set the class for the whole process: the project stage looks.
            file.record(
                kind: FactKind.configuredElsewhere, value: KeychainDefaultAccessibility.samKeychainConfiguration,
                at: call)
        } else if let level = KeychainDefaultAccessibility.valetMigratingAccessibility(call, in: file) {
            report(
                file, at: call,
                "Valet's .\(level) is not ThisDeviceOnly, so the items move to other devices in backups; use .\(level)ThisDeviceOnly",
                severity: .medium)
        } else if let wrapper = KeychainDefaultAccessibility.wrapperWithoutAccessibility(call),
            !(call.arguments.first.map { Self.holdsNoSecret($0.expression) } ?? false)
        {
            let argument =
                wrapper == "KeychainSwift"
                ? "withAccess: .accessibleWhenUnlockedThisDeviceOnly" : "withAccessibility: .whenUnlockedThisDeviceOnly"
            report(
                file, at: call,
                "\(wrapper).set without an accessibility stores the item as kSecAttrAccessibleWhenUnlocked, which moves to other devices in backups; pass \(argument)",
                severity: .medium)
        }
    }

    mutating func visit(_ ref: DeclReferenceExprSyntax, in file: SwiftFile) {
        let name = ref.baseName.text
        let isLockedReadable = Self.lockedReadable.contains(name)
        guard isLockedReadable || Self.migrating.contains(name) else { return }
        let dictionary = Self.enclosingDictionary(of: ref)
        if let dictionary, Self.isSearchQuery(dictionary) { return }
        if Self.isTranslationTable(around: ref) { return }
        // `helper.save(value: nil, key: k, accessibility: kSecAttrAccessibleAfterFirstUnlock)`: a wrapper given no
        // value, or a flag, stores no secret with that class.
        if dictionary == nil, let stored = Self.storedArgument(of: ref),
            stored.unwrapped.is(NilLiteralExprSyntax.self) || Self.holdsNoSecret(stored)
                || Self.isNamedIdentity(stored)
        {
            return
        }
        if isLockedReadable {
            report(
                file, at: ref,
                "'\(name)' keeps the item readable while the device is locked; use kSecAttrAccessibleWhenUnlockedThisDeviceOnly"
            )
            return
        }
        // Synchronizable items cannot be ThisDeviceOnly, and certificates are public: the class is a choice there.
        if let dictionary, Self.isSynchronizableOrPublic(dictionary) { return }
        if let data = dictionary.flatMap(Self.storedData), Self.holdsNoSecret(data) { return }
        report(
            file, at: ref, "'\(name)' lets the item leave the device in backups; use \(name)ThisDeviceOnly",
            severity: .medium)
    }

    /// Labels under which an app's Keychain wrapper takes the value it stores.
    private static let valueLabels: Set<String> = ["value", "data", "string", "password", "secret", "token", "item"]

    /// The value argument of the call `ref` is an argument of: `save(value: v, key: k, accessibility: ref)`.
    private static func storedArgument(of ref: DeclReferenceExprSyntax) -> ExprSyntax? {
        guard let argument = ref.parent?.as(LabeledExprSyntax.self),
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return nil }
        return call.arguments.first { $0.label.map { valueLabels.contains($0.text) } ?? false }?.expression
    }

    /// The `kSecAttrAccessible…` constant a Keychain wrapper's `set` is given by name: KeychainSwift's
    /// `withAccess: .accessibleAfterFirstUnlock` (`KeychainSwiftAccessOptions`) and SwiftKeychainWrapper's
    /// `withAccessibility: .afterFirstUnlock` (`KeychainItemAccessibility`) name the constants they pass.
    static func wrapperAccessibility(_ call: FunctionCallExprSyntax) -> (wrapper: String, constant: String)? {
        guard call.calledName == "set" else { return nil }
        for (label, wrapper, prefix) in [
            ("withAccess", "KeychainSwift", "kSecAttr"), ("withAccessibility", "KeychainWrapper", "kSecAttrAccessible")
        ] {
            guard let level = call.argument(label)?.as(MemberAccessExprSyntax.self), level.base == nil else { continue }
            let name = level.declName.baseName.text
            guard let first = name.first else { return nil }
            return (wrapper, prefix + first.uppercased() + name.dropFirst())
        }
        return nil
    }

    /// The level passed to KeychainAccess's `accessibility(_:)` on a `Keychain(…)` (directly or through a local).
    private static func keychainAccessLevel(_ call: FunctionCallExprSyntax) -> String? {
        guard let base = call.calledBase, let level = call.arguments.first?.expression.as(MemberAccessExprSyntax.self),
            level.base == nil
        else { return nil }
        let origin = (LocalValue.origin(of: base) ?? base).sourceText
        guard origin.hasPrefix("Keychain(") || origin.contains(".Keychain(") || origin.hasPrefix("Keychain.") else {
            return nil
        }
        return level.declName.baseName.text
    }

    /// The dictionary literal this value sits in, if it is directly an element's value.
    /// A Keychain wrapper's table from its own accessibility options to the constants (`case .always: return
    /// kSecAttrAccessibleAlways`, `[.always: kSecAttrAccessibleAlways, …]`): a switch, dictionary or array naming three or
    /// more classes translates the caller's choice and makes none. The caller's choice is reported where it is made.
    static func isTranslationTable(around ref: DeclReferenceExprSyntax) -> Bool {
        var current = ref.parent
        for _ in 0..<12 {
            guard let node = current, !node.is(FunctionDeclSyntax.self), !node.is(ClosureExprSyntax.self) else {
                return false
            }
            if node.is(SwitchExprSyntax.self) || node.is(DictionaryExprSyntax.self) || node.is(ArrayExprSyntax.self) {
                let classes = Set(
                    node.tokens(viewMode: .sourceAccurate).lazy.map(\.text).filter {
                        $0.hasPrefix("kSecAttrAccessible") && $0 != "kSecAttrAccessible"
                    })
                return classes.count >= 3
            }
            current = node.parent
        }
        return false
    }

    private static func enclosingDictionary(of ref: DeclReferenceExprSyntax) -> DictionaryExprSyntax? {
        guard let element = ref.parent?.as(DictionaryElementSyntax.self) else { return nil }
        return element.parent?.parent?.as(DictionaryExprSyntax.self)
    }

    /// `SecItemCopyMatching([…] as CFDictionary, &result)`: the constant selects old items, it stores nothing.
    private static func isSearchQuery(_ dictionary: DictionaryExprSyntax) -> Bool {
        var current = Syntax(dictionary).parent
        for _ in 0..<5 {
            guard let node = current else { return false }
            if let call = node.as(FunctionCallExprSyntax.self), let name = call.calledName {
                if searchCalls.contains(name) { return true }
                // SecItemUpdate(query, attributesToUpdate): only the first dictionary is a search.
                if name == "SecItemUpdate" {
                    return call.arguments.first.map {
                        dictionary.position >= $0.position && dictionary.endPosition <= $0.endPosition
                    } ?? false
                }
                return false
            }
            current = node.parent
        }
        return false
    }

    /// The value of `kSecValueData` in a query literal.
    private static func storedData(_ dictionary: DictionaryExprSyntax) -> ExprSyntax? {
        guard case .elements(let elements) = dictionary.content else { return nil }
        return elements.first { $0.key.mentions(anyOf: ["kSecValueData"]) }?.value
    }

    /// A value whose class of protection does not matter: a flag or a number (`set(_ value: Bool, …)`), or public
    /// certificates (`SecCertificateCopyData`), directly or through the locals it was made from.
    static func holdsNoSecret(_ value: ExprSyntax) -> Bool {
        if value.booleanLiteralValue != nil || value.unwrapped.is(IntegerLiteralExprSyntax.self) { return true }
        if let type = Sensitivity.declaredType(of: value),
            ["Bool", "Int", "Double", "Float", "Date", "NSNumber"].contains(type)
        {
            return true
        }
        var current: ExprSyntax? = value
        for _ in 0..<4 {
            guard let expr = current else { break }
            if expr.sourceText.contains("SecCertificateCopyData") { return true }
            current = LocalValue.origin(of: expr)
            // `PropertyListSerialization.data(fromPropertyList: der, …)`: what it serialises.
            if current == nil, let call = expr.unwrapped.as(FunctionCallExprSyntax.self),
                let inner = call.arguments.first?.expression
            {
                current = inner
            }
        }
        return false
    }

    /// `let keychain = UICKeyChainStore(…)` used in its block only to read, or to store values that are no secret
    /// (push tokens, flags): nothing secret gets the library's default class. Any other use (handed on, returned,
    /// a store of anything else) keeps the finding.
    static func storesNoSecret(through call: FunctionCallExprSyntax) -> Bool {
        guard let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let block = call.enclosingBlock
        else { return false }
        var stores = 0
        let references = SyntaxSearch.all(DeclReferenceExprSyntax.self, in: block) { $0.baseName.text == name }
        for reference in references where reference.position > binding.position {
            guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id,
                let use = member.parent?.as(FunctionCallExprSyntax.self), use.calledExpression.id == member.id
            else { return false }
            let method = member.declName.baseName.text
            if keychainReads.contains(method) { continue }
            guard keychainStores.contains(method), let value = use.arguments.first?.expression,
                holdsNoSecret(value) || isNamedNonSecret(value)
            else { return false }
            stores += 1
        }
        return stores > 0
    }

    private static let keychainReads: Set<String> = ["string", "data", "get", "getString", "getData", "contains"]
    private static let keychainStores: Set<String> = ["setString", "setData", "set"]

    /// A value named for who the user is rather than what proves it (`email`, `username`): an account name moving
    /// to the user's new device in a backup gives nothing away. A name the classifier calls sensitive
    /// (`emailPassword`) is not one.
    static func isNamedIdentity(_ value: ExprSyntax) -> Bool {
        guard let name = value.unwrapped.lastName, SensitiveName.classify(name) == nil else { return false }
        let words = SensitiveName.words(name)
        if words.contains("email") || words.contains("username") { return true }
        return zip(words, words.dropFirst()).contains { $0 == "user" && $1 == "name" }
    }

    /// A value whose name says a secret's word and that the classifier rules out (`pushToken`, `deviceToken`).
    private static func isNamedNonSecret(_ value: ExprSyntax) -> Bool {
        guard let name = value.lastName, SensitiveName.classify(name) == nil else { return false }
        return SensitiveName.words(name).contains("token")
    }

    private static func isSynchronizableOrPublic(_ dictionary: DictionaryExprSyntax) -> Bool {
        guard case .elements(let elements) = dictionary.content else { return false }
        for element in elements {
            let key = element.key.mentions(anyOf: ["kSecAttrSynchronizable"])
            if key, element.value.booleanLiteralValue == true || element.value.mentions(anyOf: ["kCFBooleanTrue"]) {
                return true
            }
            if element.key.mentions(anyOf: ["kSecClass"]), element.value.mentions(anyOf: ["kSecClassCertificate"]) {
                return true
            }
        }
        return false
    }
}
