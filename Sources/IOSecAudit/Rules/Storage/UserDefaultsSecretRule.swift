import Foundation
import IOSecCore
import SwiftSyntax

/// `storage.userdefaults-secret`: a credential or other sensitive value written to UserDefaults or to the iCloud
/// key-value store.
struct UserDefaultsSecretRule: SwiftRule {
    static let description = RuleDescription(
        id: "storage.userdefaults-secret",
        title: "Sensitive value stored in UserDefaults",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-STORAGE-1",
        cwe: 312,
        owasp: OWASPReference(
            "MASWE-0001", beta: "MASWE-0006", mastg: ["MASTG-TEST-0300", "MASTG-TEST-0301", "MASTG-TEST-0302"], .exact),
        rationale: """
            UserDefaults is an unencrypted plist in the app container. It is copied into device backups, readable \
            on a jailbroken device and by forensic tools, and it is not protected by the Keychain's access control. \
            Tokens, passwords and keys stored there outlive logout and leave the device with every backup. The iCloud \
            key-value store (`NSUbiquitousKeyValueStore`), with the same `set(_:forKey:)`, copies them to iCloud and \
            every other device of the account.
            """,
        fix:
            "Store secrets in the Keychain with kSecAttrAccessibleWhenUnlockedThisDeviceOnly; keep only non-sensitive preferences in UserDefaults.",
        fixExample: """
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: "com.example.app.auth",
                kSecAttrAccount as String: "accessToken",
            ]
            let update: [String: Any] = [kSecValueData as String: Data(token.utf8)]
            var status = SecItemUpdate(query as CFDictionary, update as CFDictionary)
            if status == errSecItemNotFound {
                var add = query
                add[kSecValueData as String] = Data(token.utf8)
                add[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                status = SecItemAdd(add as CFDictionary, nil)
            }
            // Or, with IOSecKit: try KeychainStore(service: "com.example.app.auth").set(Data(token.utf8), for: "accessToken")
            """,
        triggeringExamples: [
            // The contents of a field named for a password are the password; another field's are not.
            RuleExample(
                """
                func remember(_ record: SyncRecord) {
                    ↓UserDefaults.standard.set(record.password.contents, forKey: "recordValue")
                    UserDefaults.standard.set(record.device.contents, forKey: "recordDevice")
                }
                """),
            // The item's data, read with SecItemCopyMatching into a local: whatever it is called, it is the secret.
            RuleExample(
                """
                func migrateLegacyItem() {
                    var result: CFTypeRef?
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                kSecAttrService as String: "legacy", kSecReturnData as String: true]
                    guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess,
                          let data = result as? Data else { return }
                    ↓UserDefaults.standard.set(String(decoding: data, as: UTF8.self), forKey: "legacyValue")
                }
                """,
                findings: [FindingSpec(severity: .high, message: "read from the Keychain by SecItemCopyMatching")]),
            // The value is what the same function hands to an API as its password.
            RuleExample(
                """
                func remember(_ entry: String) -> Bool {
                    let accepted = accounts.verify(password: entry)
                    ↓UserDefaults.standard.set(entry, forKey: "lastEntry")
                    return accepted
                }
                """,
                findings: [
                    FindingSpec(
                        severity: .high, message: "'entry' (passed to `verify(…)` as its `password:`) is written")
                ]
            ),
            // The iCloud key-value store has the same API, and copies the value to iCloud.
            RuleExample(
                """
                func rememberLogin(_ password: String) {
                    ↓NSUbiquitousKeyValueStore.default.set(password, forKey: "login")
                }
                """, findings: [FindingSpec(message: "'password' is written to the iCloud key-value store")]),
            RuleExample(
                """
                // The value's name and its key agree: the severity stays.
                func signedIn(_ response: LoginResponse, account: String) {
                    ↓UserDefaults.standard.set(response.refreshToken, forKey: "\\(account).refreshToken")
                    // One name alone: medium, medium confidence.
                    ↓UserDefaults.standard.set(response.refreshToken, forKey: "\\(account).lastSync")
                }
                """,
                findings: [
                    FindingSpec(
                        severity: .high, confidence: .high, message: "'refreshToken' is written to UserDefaults"),
                    FindingSpec(
                        severity: .medium, confidence: .medium, message: "'refreshToken' is written to UserDefaults")
                ]),
            RuleExample(
                """
                // A static the app cannot vouch for, under a credential's key: still reported.
                func remember() { ↓UserDefaults.standard.set(Config.current, forKey: "authToken") }
                """),
            RuleExample(
                """
                // A model of the app's own with a password, encoded whole into UserDefaults.
                struct Account: Codable {
                    var email: String
                    var password: String
                }
                func remember(_ account: Account) {
                    let data = try! JSONEncoder().encode(account)
                    ↓UserDefaults.standard.set(data, forKey: "currentAccount")
                }
                """),
            RuleExample(
                """
                static NSString *const kTokenKey = @"auth_token";
                - (void)save:(NSString *)value {
                    ↓[[NSUserDefaults standardUserDefaults] setObject:value forKey:kTokenKey];
                    ↓[[NSUserDefaults standardUserDefaults] setObject:[self.passwordField text] forKey:@"pw"];
                }
                """, path: "App/Session.m"),
            RuleExample(
                """
                - (void)didSignIn:(NSDictionary *)response {
                    ↓[[NSUserDefaults standardUserDefaults] setObject:response[@"refresh_token"] forKey:@"rt"];
                    ↓[[NSUserDefaults standardUserDefaults] setObject:[self.authClient currentAccessToken] forKey:@"at"];
                }
                // The widget's copy, in the app group's defaults under a local of any name.
                - (void)shareSessionWithWidget {
                    NSUserDefaults *group = [[NSUserDefaults alloc] initWithSuiteName:kACMAppGroup];
                    ↓[group setObject:self.accessToken forKey:kACMWidgetSessionKey];
                }
                """, path: "App/SignIn.m"),
            RuleExample(#"↓UserDefaults.standard.set(response.accessToken, forKey: "accessToken")"#),
            RuleExample(
                """
                func saveLogin(user: String, password: String) {
                    let defaults = UserDefaults.standard
                    ↓defaults.set(password, forKey: "savedPassword")
                }
                """),
            RuleExample(
                """
                func persist(_ session: Session) {
                    let value = session.refreshToken
                    ↓UserDefaults(suiteName: "group.com.acme.wallet")?.set(value, forKey: "rt")
                }
                """),
            RuleExample(
                """
                struct SettingsView: View {
                    ↓@AppStorage("apiKey") var apiKey = ""
                }
                """),
            // The app's own property wrapper over UserDefaults, declared in one file and used in another.
            RuleExample(files: [
                (
                    "App/Stored.swift",
                    """
                    @propertyWrapper
                    struct Stored<T> {
                        let key: String
                        let defaultValue: T
                        var storage: UserDefaults = .standard
                        var wrappedValue: T {
                            get { storage.object(forKey: key) as? T ?? defaultValue }
                            set { storage.set(newValue, forKey: key) }
                        }
                    }
                    """
                ),
                (
                    "App/ServerSettings.swift",
                    """
                    final class ServerSettings {
                        @Stored(key: "username", defaultValue: "") var username: String
                        ↓@Stored(key: "password", defaultValue: "") var password: String
                        @Stored(key: "passcodeEnabled", defaultValue: false) var passcodeEnabled: Bool
                        @Stored(key: "showChangePassword", defaultValue: Build.showChangePassword) var showChangePassword
                        @Stored(key: "theme", defaultValue: "dark") var theme: String
                    }
                    """
                )
            ]),
            // A key name that says nothing does not make the password anything else.
            RuleExample(
                """
                func test(x: String) {
                    ↓UserDefaults.standard.set(x, forKey: "myKey")
                    doSomething(password: x)
                }
                """),
            // The property is written with a token from the sign-in response.
            RuleExample(
                """
                final class Session {
                    var authToken: String? {
                        get { defaults.string(forKey: "authToken") }
                        set { ↓defaults.set(newValue, forKey: "authToken") }
                    }
                    func signedIn(_ response: SignInResponse) { authToken = response.accessToken }
                }
                """),
            RuleExample(#"↓UserDefaults.standard.setValue(pin, forKey: "userPIN")"#),
            RuleExample(#"↓UserDefaults.standard.set(value, forKey: "com.acme.wallet.refreshToken")"#),
            RuleExample(#"func save(token: String) { ↓UserDefaults.standard.set(token, forKey: "lastTokenHint") }"#),
            RuleExample(files: [
                ("App/Keys.swift", #"enum StorageKeys { static let session = "auth_token" }"#),
                (
                    "App/Store.swift",
                    """
                    final class Store {
                        let tokenKey = "auth_token"
                        func save(_ value: String) { ↓defaults.set(value, forKey: tokenKey) }
                        func saveAgain(_ value: String) { ↓UserDefaults.standard.set(value, forKey: StorageKeys.session) }
                    }
                    """
                )
            ]),
            RuleExample(
                """
                @objc func loginTapped() {
                    ↓UserDefaults.standard.set(passwordTextField.text, forKey: "pw")
                }
                """)
        ],
        nonTriggeringExamples: [
            // Attributes only: the account name is no secret.
            RuleExample(
                """
                func rememberAccount() {
                    var result: CFTypeRef?
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                kSecReturnAttributes as String: true]
                    guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess,
                          let attributes = result as? [String: Any] else { return }
                    UserDefaults.standard.set(attributes[kSecAttrAccount as String] as? String, forKey: "lastAccount")
                }
                """),
            // Passed as a user name: not a credential.
            RuleExample(
                """
                func remember(_ entry: String) {
                    accounts.lookUp(username: entry)
                    UserDefaults.standard.set(entry, forKey: "lastEntry")
                }
                """),
            RuleExample(
                """
                // A setting's enum raw value under a key that mentions a pin: app-made, not a PIN.
                let newValue =
                    switch UserDefaults.standard.integer(forKey: "Library.pinMangaType") {
                    case 0: LibraryViewModel.PinType.unread.rawValue
                    case 1: LibraryViewModel.PinType.updatedChapters.rawValue
                    default: LibraryViewModel.PinType.none.rawValue
                    }
                UserDefaults.standard.set(newValue, forKey: "Library.pinTitles")
                UserDefaults.standard.set(isCompact ? 1 : 2, forKey: "pinColumns")
                """),
            RuleExample(
                """
                // An OAuth `state` nonce kept to check the callback: the value's name says what it is.
                let sessionState = "app-" + UUID().uuidString
                UserDefaults.standard.set(sessionState, forKey: "SPAuthSessionKey")
                """),
            RuleExample(
                """
                static NSString * const SPAuthSessionKey = @"SPAuthSessionKey";
                + (void)startSSO {
                    NSString *sessionState = [@"app-" stringByAppendingString:[[NSUUID UUID] UUIDString]];
                    [[NSUserDefaults standardUserDefaults] setObject:sessionState forKey:SPAuthSessionKey];
                }
                """, path: "App/AuthHandler.m"),
            RuleExample(
                """
                // Nothing secret in the stored model: the password lives in a local of a method, the token key is
                // static, and the hint is not the password.
                struct Preferences: Codable {
                    static let tokenKey = "token"
                    var theme: String
                    var passwordHint: String
                    func reset() { let password = ""; _ = password }
                }
                func save(_ preferences: Preferences) {
                    let data = try! JSONEncoder().encode(preferences)
                    UserDefaults.standard.set(data, forKey: "preferences")
                }
                """),
            RuleExample(
                """
                - (void)save {
                    [[NSUserDefaults standardUserDefaults] setObject:@YES forKey:@"hasSeenOnboarding"];
                    [[NSUserDefaults standardUserDefaults] setObject:nil forKey:@"accessToken"];
                    [self.keychain setObject:token forKey:@"accessToken"];
                    // [[NSUserDefaults standardUserDefaults] setObject:token forKey:@"accessToken"];
                    NSMutableDictionary *group = [NSMutableDictionary dictionary];
                    [group setObject:self.accessToken forKey:@"accessToken"];
                }
                """, path: "App/Session.m"),
            RuleExample(
                """
                - (void)rememberLastAccount {
                    NSUserDefaults *defaults = [NSUserDefaults standardUserDefaults];
                    [defaults setObject:self.credentials.userId forKey:@"lastUserId"];
                    [defaults setObject:@(self.passwordField.text.length > 0) forKey:@"hasTypedPassword"];
                    [defaults setObject:[ACMPushTools truncatedPushToken:self.deviceToken] forKey:@"lastPushTokenPrefix"];
                }
                """, path: "App/Accounts.m"),
            RuleExample(
                """
                func setPIN(_ pin: AppPIN) throws {
                    let encrypted = AppPIN(type: pin.type, value: localEncryption.encrypt(pin.value))
                    let encodedNode = try encoder.encode(encrypted)
                    userDefaults.set(encodedNode, forKey: Keys.pin.rawValue)
                    let box = try AES.GCM.seal(Data(password.utf8), using: key)
                    UserDefaults.standard.set(box.combined, forKey: "password")
                }
                """),
            RuleExample(
                """
                // CloudKit's server change token is a sync cursor; `token` only shortens its name.
                var changeToken: CKServerChangeToken? {
                    get { nil }
                    set {
                        guard let token = newValue,
                            let data = try? NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: false)
                        else { return }
                        UserDefaults.standard.set(data, forKey: changeTokenKey)
                    }
                }
                func register(_ deviceToken: Data) {
                    let token = deviceToken
                    UserDefaults.standard.set(token, forKey: "lastRegistration")
                }
                func didRegister(_ token: String) { UserDefaults.standard.set(token, forKey: ServerConstants.UserDefaults.pushToken) }
                """),
            RuleExample(#"defaults.set(newValue, forKey: "me.mattrubin.authenticator.password.digitGroupSize")"#),
            RuleExample(#"UserDefaults.standard.set(true, forKey: "hasSeenOnboarding")"#),
            RuleExample(#"let token = UserDefaults.standard.string(forKey: "accessToken")"#),
            RuleExample(
                """
                // KeychainSwift / KeychainAccess use the same method name: that is the right place.
                let keychain = KeychainSwift()
                keychain.set(token, forKey: "accessToken")
                """),
            RuleExample(#"UserDefaults.standard.removeObject(forKey: "accessToken")"#),
            RuleExample(#"UserDefaults.standard.set(nil, forKey: "accessToken")"#),
            RuleExample(
                """
                struct SettingsView: View {
                    @AppStorage("preferredTheme") var preferredTheme = "system"
                    @AppStorage("isPinned") var isPinned = false
                }
                """),
            RuleExample(#"defaults.set(tokenizer.vocabularyVersion, forKey: "tokenizerVersion")"#),
            // What the code writes to the property is a page cursor, in the same file or through a wrapper.
            RuleExample(
                """
                final class SyncEngine {
                    private var lastSyncToken: String? {
                        get { defaults.string(forKey: "lastSyncToken") }
                        set { defaults.set(newValue, forKey: "lastSyncToken") }
                    }
                    func reset() { lastSyncToken = nil }
                    func received(_ page: SyncPage) { lastSyncToken = page.nextCursor }
                }
                """),
            RuleExample(files: [
                (
                    "App/Stored.swift",
                    """
                    @propertyWrapper
                    struct Stored<T> {
                        let key: String
                        var wrappedValue: T? {
                            get { UserDefaults.standard.object(forKey: key) as? T }
                            set { UserDefaults.standard.set(newValue, forKey: key) }
                        }
                    }
                    """
                ),
                (
                    "App/Preferences.swift",
                    """
                    final class Preferences {
                        @Stored(key: "search.lastSearchToken") var lastSearchToken: String?
                    }
                    """
                ),
                (
                    "App/SearchModel.swift",
                    """
                    final class SearchModel {
                        func loaded(_ page: ResultPage) { preferences.lastSearchToken = page.nextCursor }
                    }
                    """
                )
            ]),
            // A date about a token, and an identifier the app made up under a token's name.
            RuleExample(
                """
                var lastTokenRefresh: Date? {
                    get { defaults.object(forKey: "auth.lastTokenRefresh") as? Date }
                    set { defaults.set(newValue, forKey: "auth.lastTokenRefresh") }
                }
                var installToken: String {
                    if let existing = UserDefaults.standard.string(forKey: "installToken") { return existing }
                    let token = UUID().uuidString
                    UserDefaults.standard.set(token, forKey: "installToken")
                    return token
                }
                """),
            RuleExample(
                """
                enum Keys { static let theme = "preferred_theme" }
                func save(_ value: String) { UserDefaults.standard.set(value, forKey: Keys.theme) }
                func pin(_ tab: Int) { UserDefaults.standard.set(tab, forKey: "pinnedTab") }
                """)
        ]
    )

    static let subscription = Subscription(
        calls: .named(["set", "setValue"]),
        attributes: ["AppStorage"])

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName, name == "set" || name == "setValue",
            call.argumentLabels == ["_", "forKey"],
            let base = call.calledBase, let store = Self.store(base),
            let value = call.argument(nil), value.unwrapped.is(NilLiteralExprSyntax.self) == false
        else { return }
        let keyArgument = call.argument("forKey")
        // `@propertyWrapper struct Stored<T> { … set { defaults.set(newValue, forKey: key) } }`: the key and the
        // property come from where the wrapper is used (`@Stored(key: "password") var password`), in any file.
        if let wrapper = Self.defaultsPropertyWrapper(writing: value, key: keyArgument, at: call) {
            file.record(kind: FactKind.defaultsPropertyWrapper, value: FactKind.join(wrapper, store.name), at: call)
            return
        }
        guard let secret = Self.secret(value, key: keyArgument, near: call, in: file) else {
            // `func save(_ value: String, forKey key: String) { defaults.set(value, forKey: key) }`: the app's own
            // wrapper; its callers, in any file, say what is written (`CallerArgumentsStage`).
            // Only a wrapper that takes the key too: one with a key of its own (`setSkipInterval(_:)`) has had its
            // say here, by the names of its key and parameter.
            if !Sensitivity.isEncrypted(value), var sink = ParameterSink.of(value, ruleId: Self.description.id),
                let key = keyArgument.flatMap({ ParameterSink.of($0, ruleId: Self.description.id) })
                    .flatMap(sink.position)
            {
                sink.key = key
                sink.note = store.name
                file.record(kind: FactKind.wrapperSink, value: sink.factValue, at: call)
            }
            return
        }
        switch secret {
        case .traced(let steps):
            reportFlow(
                file, at: call,
                secret.sentence(about: value, "written to \(store.description)") + "; keep it in the Keychain",
                steps: steps, sink: "written to \(store.name)")
        case .named, .underKey:
            report(
                file, at: call,
                secret.sentence(about: value, "written to \(store.description)") + "; store it in the Keychain",
                evidence: secret.evidence)
        }
    }

    /// The name of the `@propertyWrapper` type whose `wrappedValue` setter this is, when it writes `newValue` under
    /// one of the type's stored properties (`key`, `self.key`).
    static func defaultsPropertyWrapper(
        writing value: ExprSyntax, key: ExprSyntax?, at call: FunctionCallExprSyntax
    ) -> String? {
        guard value.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text == "newValue", let key,
            let keyName = storedPropertyName(of: key),
            let type = call.enclosingTypeDecl
        else { return nil }
        let (name, attributes, members): (String, AttributeListSyntax, MemberBlockItemListSyntax)
        if let s = type.as(StructDeclSyntax.self) {
            (name, attributes, members) = (s.name.text, s.attributes, s.memberBlock.members)
        } else if let c = type.as(ClassDeclSyntax.self) {
            (name, attributes, members) = (c.name.text, c.attributes, c.memberBlock.members)
        } else {
            return nil
        }
        guard
            attributes.contains(where: {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "propertyWrapper"
            }),
            members.contains(where: { member in
                member.decl.as(VariableDeclSyntax.self)?.bindings.contains {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == keyName
                } == true
            })
        else { return nil }
        return name
    }

    /// `key`, `self.key` or `key.rawValue` (an enum of keys): the stored property a property wrapper's key is.
    private static func storedPropertyName(of key: ExprSyntax) -> String? {
        var e = key.unwrapped
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue",
            let base = member.base
        {
            e = base.unwrapped
        }
        if let ref = e.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = e.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            return member.declName.baseName.text
        }
        return nil
    }

    /// The property a wrapper attribute is written on: `lastSearchToken` of `@UserDefault("…") var lastSearchToken`.
    static func wrappedProperty(of attribute: AttributeSyntax) -> String? {
        attribute.parent?.parent?.as(VariableDeclSyntax.self)?.bindings.first?.pattern
            .as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// A finding at a use of a UserDefaults-backed property wrapper (`FactKind.defaultsPropertyWrapper`) whose key or
    /// property names a secret: `@Stored(key: "password") var password: String`. The key is the argument labelled
    /// `key` or the first without a label.
    static func propertyWrapperFinding(
        _ attribute: AttributeSyntax, in file: SwiftFile, store: String, at sinkStep: FlowStep
    ) {
        guard case .argumentList(let arguments) = attribute.arguments,
            let keyArgument = arguments.first(where: { $0.label?.text == "key" })
                ?? arguments.first(where: { $0.label == nil }),
            let variable = attribute.parent?.parent?.as(VariableDeclSyntax.self),
            let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return }
        let key =
            file.stringValue(of: keyArgument.expression) ?? Sensitivity.keyText(of: keyArgument.expression, in: file)
        guard key.map(Sensitivity.isSensitiveKey) == true || Sensitivity.isSensitiveKey(name) else { return }
        // Only text or bytes: a flag or a count under a key named for a secret (`showChangePassword: Bool`) is a
        // setting, and a property whose type nothing here says may be either.
        let type = binding.typeAnnotation?.type.trimmedDescription.trimmingCharacters(
            in: CharacterSet(charactersIn: "?!"))
        let fallback = arguments.first(where: { $0.label?.text == "defaultValue" })?.expression.unwrapped
        let holdsText =
            type.map { ["String", "Data", "NSString", "NSData"].contains($0) }
            ?? (fallback?.is(StringLiteralExprSyntax.self) == true)
        guard holdsText else { return }
        let written = FlowStep(
            file: sinkStep.file, line: sinkStep.line, column: sinkStep.column, note: "written to \(store)")
        file.report(
            description, at: attribute,
            message:
                "@\(attribute.attributeName.trimmedDescription)(\(key.map { "\"\($0)\"" } ?? keyArgument.expression.trimmedDescription)) keeps '\(name)' in \(store) (\(sinkStep.file):\(sinkStep.line)); store it in the Keychain",
            evidence: .name, flow: [file.step(at: attribute, "property `\(name)`"), written])
    }

    /// A finding at a call of the app's own wrapper (`ParameterSink` recorded at `sink`) that passes a secret:
    /// `Prefs.save(authToken, forKey: "authToken")` when `save` writes its value to UserDefaults.
    static func wrapperFinding(
        _ argument: ExprSyntax, key: ExprSyntax?, call: FunctionCallExprSyntax, in file: SwiftFile,
        sink: ParameterSink, at sinkStep: FlowStep
    ) {
        guard let secret = secret(argument, key: key, near: call, in: file) else { return }
        let passed = file.step(at: argument, "passed to `\(sink.function)`")
        let written = FlowStep(
            file: sinkStep.file, line: sinkStep.line, column: sinkStep.column, note: "written to \(sink.note)")
        var steps = [passed, written]
        if case .traced(let origin) = secret { steps = origin + steps }
        file.report(
            description, at: call,
            message: secret.sentence(
                about: argument,
                "passed to `\(sink.function)`, which writes it to \(sink.note) (\(sinkStep.file):\(sinkStep.line))")
                + "; store it in the Keychain",
            evidence: secret.evidence, flow: steps)
    }

    /// What says a value written under a key is a secret: where it came from, its name, a credential label it is
    /// passed with, or the key. The rule asks it of `set(_:forKey:)`; `CallerArgumentsStage` of what a caller
    /// passes to the app's own wrapper of it.
    enum Secret {
        case traced([FlowStep])
        /// `corroborated`: the key's name says the same (`set(token, forKey: "authToken")`).
        case named(String, corroborated: Bool)
        case underKey(String)

        var evidence: Evidence {
            switch self {
            case .traced: .flow
            case .named(_, let corroborated): corroborated ? .api : .name
            case .underKey: .name
            }
        }

        /// `'token' is <what happens>`, or for a traced value, `'entry' (<where it came from>) is <what happens>`.
        func sentence(about value: ExprSyntax, _ happens: String) -> String {
            switch self {
            case .traced(let steps):
                "'\(SecretOrigin.displayName(of: value))' (\(steps.first?.note ?? "a secret")) is \(happens)"
            case .named(let name, _): "'\(name)' is \(happens)"
            case .underKey(let key): "value for key '\(key)' is \(happens)"
            }
        }
    }

    static func secret(
        _ value: ExprSyntax, key keyArgument: ExprSyntax?, near call: FunctionCallExprSyntax, in file: SwiftFile
    ) -> Secret? {
        // Ciphertext under a key named for a PIN is what storing a secret outside the Keychain should look like.
        guard !Sensitivity.isEncrypted(value) else { return nil }
        // The key may be a constant declared elsewhere: `forKey: Keys.token`, `forKey: tokenKey`.
        let key = keyArgument.flatMap(file.stringValue(of:))
        let keyText = keyArgument.flatMap { Sensitivity.keyText(of: $0, in: file) }
        if let steps = SecretOrigin.trace(value, in: file) {
            // A Keychain read kept under a key that names no secret but metadata (`tokenValidationDate`) is that.
            if let keyText, SensitiveName.isMetadata(keyText), !Sensitivity.isSensitiveKey(keyText),
                // …about a credential it names (`token…Date`), not a key name that says nothing (`myKey`).
                SensitiveName.words(keyText).dropLast().contains(where: { SensitiveName.classify($0) != nil })
            {
                return nil
            }
            return .traced(steps)
        }
        // What the value is outranks what it is called: a date or a flag describes a secret (`lastTokenRefresh`),
        // and a fresh `UUID()` is an identifier the app made up (an install id, however named).
        if let type = Sensitivity.declaredType(of: value), Sensitivity.metadataTypes.contains(type) { return nil }
        if Sensitivity.isGeneratedIdentifier(value) { return nil }
        // `var lastSyncToken: String? { … set { defaults.set(newValue, forKey: …) } }`: what this file writes to the
        // property says what it holds (`lastSyncToken = page.nextCursor`).
        if value.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text == "newValue",
            let property = Sensitivity.setterProperty(around: value),
            Sensitivity.writesHoldNoSecret(Sensitivity.assignedValues(toProperty: property, in: file.tree), in: file)
        {
            return nil
        }
        let keyName = keyArgument.flatMap { $0.unwrapped.lastName } ?? key
        if let sensitive = Sensitivity.sensitiveName(in: value),
            // `set(token, forKey: Keys.pushToken)`: the key says which token.
            !(value.unwrapped.is(DeclReferenceExprSyntax.self)
                && [keyName, key].contains { $0.map { Sensitivity.isQualifiedAsNonSecret(sensitive, by: $0) } == true })
        {
            return .named(sensitive, corroborated: keyText.map { Sensitivity.corroborates(sensitive, by: $0) } == true)
        }
        if let key, Sensitivity.isSensitiveKey(key), value.booleanLiteralValue == nil,
            // A value the app made (an enum case's raw value, a constant) is a setting, whatever the key says.
            !AppMadeValue.isAppMade(value, in: file),
            // The value's own name outranks the key's: `sessionState` under "AuthSessionKey" is an OAuth state nonce.
            !(value.unwrapped.lastName.map(SensitiveName.isMetadata) ?? false)
        {
            return .underKey(key)
        }
        return nil
    }

    mutating func visit(_ attribute: AttributeSyntax, in file: SwiftFile) {
        guard attribute.attributeName.sourceText == "AppStorage",
            case .argumentList(let arguments) = attribute.arguments,
            let key = arguments.first?.expression.stringLiteralValue
        else { return }
        let variable = attribute.parent?.parent?.as(VariableDeclSyntax.self)?
            .bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        if Sensitivity.isSensitiveKey(key) || variable.map(Sensitivity.isSensitiveKey) == true {
            report(
                file, at: attribute,
                "@AppStorage(\"\(key)\") keeps a sensitive value in UserDefaults; store it in the Keychain",
                evidence: .name)
        }
    }

    /// Where a `set(_:forKey:)` writes: UserDefaults, or the iCloud key-value store, which has the same API.
    enum Store {
        case userDefaults, iCloud

        var name: String { self == .userDefaults ? "UserDefaults" : "the iCloud key-value store" }

        var description: String {
            switch self {
            case .userDefaults: "UserDefaults, which is unencrypted and backed up"
            case .iCloud:
                "the iCloud key-value store (NSUbiquitousKeyValueStore), which copies it unencrypted to iCloud and the account's other devices"
            }
        }
    }

    /// `NSUbiquitousKeyValueStore.default`, or a local made from it; else UserDefaults as ``isUserDefaults(_:)``
    /// says.
    static func store(_ base: ExprSyntax) -> Store? {
        if base.sourceText.contains("NSUbiquitousKeyValueStore")
            || Sensitivity.declaredType(of: base) == "NSUbiquitousKeyValueStore"
        {
            return .iCloud
        }
        if let name = base.lastName, let origin = LocalValue.initializer(of: name, before: base),
            origin.sourceText.contains("NSUbiquitousKeyValueStore")
        {
            return .iCloud
        }
        return isUserDefaults(base) ? .userDefaults : nil
    }

    /// `UserDefaults.standard`, `UserDefaults(suiteName:)`, a `defaults` variable, or a local initialised
    /// from one of those.
    static func isUserDefaults(_ base: ExprSyntax) -> Bool {
        let text = base.sourceText
        if text.contains("UserDefaults") { return true }
        if let name = base.lastName {
            if name.lowercased().hasSuffix("defaults") { return true }
            if let origin = LocalValue.initializer(of: name, before: base) {
                return origin.sourceText.contains("UserDefaults")
            }
            // `var storage: UserDefaults = .standard`, a stored property of the type around the call.
            if base.unwrapped.is(DeclReferenceExprSyntax.self) || base.sourceText.hasPrefix("self."),
                let type = base.enclosingTypeDecl as? any DeclGroupSyntax
            {
                return type.memberBlock.members.contains { member in
                    member.decl.as(VariableDeclSyntax.self)?.bindings.contains { binding in
                        binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                            && (binding.typeAnnotation?.type.trimmedDescription.hasPrefix("UserDefaults") == true
                                || binding.initializer?.value.sourceText.contains("UserDefaults") == true)
                    } == true
                }
            }
        }
        return false
    }
}
