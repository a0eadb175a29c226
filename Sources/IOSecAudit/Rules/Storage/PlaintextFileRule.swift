import IOSecCore
import SwiftSyntax

/// `storage.plaintext-file`: sensitive data written to a file without complete Data Protection.
struct PlaintextFileRule: SwiftRule {
    static let description = RuleDescription(
        id: "storage.plaintext-file",
        title: "Sensitive data written to an unprotected file",
        severity: .high,
        confidence: .medium,
        masvs: "MASVS-STORAGE-1",
        cwe: 312,
        owasp: OWASPReference(
            "MASWE-0001", beta: "MASWE-0006",
            mastg: ["MASTG-TEST-0299", "MASTG-TEST-0300", "MASTG-TEST-0301", "MASTG-TEST-0302"], .exact),
        rationale: """
            Files in the app container get the default Data Protection class, completeUntilFirstUserAuthentication: \
            after the first unlock following a reboot they stay decryptable even while the device is locked, and \
            they are copied into backups. A token, password or key written this way can be read from a lost \
            phone or from a backup. NSKeyedArchiver.archiveRootObject cannot set a protection class at all.
            """,
        fix: "Keep secrets in the Keychain; if a file is unavoidable, write it with .completeFileProtection.",
        fixExample: """
            let data = try JSONEncoder().encode(credentials)
            try data.write(to: credentialsURL, options: [.atomic, .completeFileProtection])
            // Or with FileManager:
            FileManager.default.createFile(atPath: path, contents: data,
                                           attributes: [.protectionKey: FileProtectionType.complete])
            """,
        triggeringExamples: [
            RuleExample(
                """
                - (void)persist {
                    ↓[self.sessionToken writeToFile:path atomically:YES encoding:NSUTF8StringEncoding error:nil];
                    ↓[NSKeyedArchiver archiveRootObject:self.credentials toFile:path];
                }
                - (IBAction)remember:(id)sender {
                    NSMutableDictionary *account = [[NSMutableDictionary alloc] init];
                    [account setObject:self.usernameField.text forKey:@"username"];
                    [account setObject:self.passwordField.text forKey:@"password"];
                    ↓[account writeToFile:accountPath atomically:YES];
                    NSString *line = [NSString stringWithFormat:@"%@:%@", user, self.pinField.text];
                    ↓[line writeToFile:logPath atomically:YES encoding:NSUTF8StringEncoding error:nil];
                    NSString *docs = NSSearchPathForDirectoriesInDomains(NSDocumentDirectory, NSUserDomainMask, YES)[0];
                    NSString *path = [docs stringByAppendingPathComponent:@"credentials.plist"];
                    ↓[self.profile writeToFile:path atomically:YES];
                }
                - (IBAction)keep:(id)sender {
                    NSMutableDictionary *entries = [NSMutableDictionary dictionary];
                    entries[@"user"] = self.loginField.text;
                    entries[@"p"] = self.passField.text;
                    ↓[entries writeToFile:entriesPath atomically:YES];
                }
                // The patient's visit, exported as JSON: the parameter's class says what it holds.
                - (NSURL *)exportVisit:(ACMMedicalRecord *)visit to:(NSURL *)folder {
                    NSMutableDictionary *document = [[visit dictionaryRepresentation] mutableCopy];
                    NSData *json = [NSJSONSerialization dataWithJSONObject:document options:0 error:nil];
                    ↓[json writeToURL:[folder URLByAppendingPathComponent:@"visit.json"] atomically:YES];
                    return folder;
                }
                """, path: "App/Persist.m"),
            RuleExample(
                """
                func saveAccount(password: String) {
                    let dict = NSMutableDictionary()
                    dict.setValue(usernameField.text, forKey: "username")
                    dict.setValue(password, forKey: "password")
                    ↓dict.write(toFile: accountsPath, atomically: true)
                }
                """),
            RuleExample(
                """
                func rememberLogin(user: String) {
                    let cookie = HTTPCookie(properties: [.domain: "acme-shop.com", .path: "/", .name: "password", .value: passwordField.text ?? ""])!
                    ↓HTTPCookieStorage.shared.setCookie(cookie)
                }
                """),
            RuleExample(
                """
                func installDefaults() throws {
                    let bundled = Bundle.main.path(forResource: "Credentials", ofType: "plist")!
                    try ↓FileManager.default.copyItem(atPath: bundled, toPath: documents + "/Credentials.plist")
                }
                """),
            RuleExample("try ↓JSONEncoder().encode(credentials).write(to: storeURL)"),
            RuleExample(
                """
                func save(token: String, to path: String) throws {
                    try ↓token.write(toFile: path, atomically: true, encoding: .utf8)
                }
                """),
            RuleExample("↓NSKeyedArchiver.archiveRootObject(userCredentials, toFile: archivePath)"),
            RuleExample(
                """
                final class Account: NSObject, NSCoding {
                    var email = ""
                    var pinCode = ""
                    func encode(with coder: NSCoder) { coder.encode(pinCode, forKey: "pin") }
                    required init?(coder: NSCoder) {}
                }
                func persist(_ account: Account, to path: String) {
                    ↓NSKeyedArchiver.archiveRootObject(account, toFile: path)
                }
                """),
            RuleExample("↓FileManager.default.createFile(atPath: path, contents: Data(pin.utf8), attributes: nil)"),
            RuleExample(
                """
                func persist(_ profile: Profile) throws {
                    let data = try encoder.encode(profile)
                    let url = documents.appendingPathComponent("session-token.json")
                    try ↓data.write(to: url, options: .atomic)
                }
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                - (void)saveSettings {
                    NSMutableDictionary *settings = [NSMutableDictionary dictionary];
                    [settings setObject:@(self.fontSize) forKey:@"fontSize"];
                    [settings setObject:self.themeName forKey:@"theme"];
                    settings[@"accent"] = self.accentName;
                    [settings writeToFile:settingsPath atomically:YES];
                    NSString *status = self.password.length > 0 ? @"set" : @"unset";
                    [status writeToFile:statusPath atomically:YES encoding:NSUTF8StringEncoding error:nil];
                    NSString *path = [docs stringByAppendingPathComponent:@"preferences.plist"];
                    [self.profile writeToFile:path atomically:YES];
                }
                - (void)exportTheme:(ACMTheme *)theme to:(NSURL *)url {
                    NSData *json = [NSJSONSerialization dataWithJSONObject:[theme dictionaryRepresentation] options:0 error:nil];
                    [json writeToURL:url atomically:YES];
                }
                """, path: "App/Settings.m"),
            RuleExample(
                """
                final class ReaderSettings: NSObject, NSCoding {
                    var fontSize = 14
                    var theme = "dark"
                    func encode(with coder: NSCoder) { coder.encode(theme, forKey: "theme") }
                    required init?(coder: NSCoder) {}
                }
                func persist(_ settings: ReaderSettings, to path: String) {
                    NSKeyedArchiver.archiveRootObject(settings, toFile: path)
                }
                """),
            RuleExample(
                """
                - (void)persist {
                    [self.encryptedToken writeToFile:path atomically:YES];
                    [self.settings writeToFile:path atomically:YES];
                    [fm createFileAtPath:path contents:self.tokenData attributes:@{NSFileProtectionKey: NSFileProtectionComplete}];
                }
                """, path: "App/Persist.m"),
            RuleExample(
                """
                let session = HTTPCookie(properties: [.domain: "acme-shop.com", .path: "/", .name: "sessionid", .value: sessionID])!
                HTTPCookieStorage.shared.setCookie(session)
                let seed = Bundle.main.path(forResource: "DefaultSettings", ofType: "plist")!
                try FileManager.default.copyItem(atPath: seed, toPath: settingsPath)
                let settings = NSMutableDictionary()
                settings["theme"] = "dark"
                settings.write(toFile: settingsPath, atomically: true)
                """),
            RuleExample("try tokenData.write(to: url, options: [.atomic, .completeFileProtection])"),
            RuleExample(
                """
                FileManager.default.createFile(atPath: path, contents: privateKeyData,
                                               attributes: [.protectionKey: FileProtectionType.complete])
                """),
            RuleExample("try thumbnail.pngData()?.write(to: cacheDirectory.appendingPathComponent(\"\\(id).png\"))"),
            RuleExample("try AES.GCM.seal(Data(token.utf8), using: key).combined!.write(to: tokenFileURL)"),
            RuleExample("try tokenizerVocabulary.write(to: vocabularyURL)"),
            // A weak class is storage.file-protection-weak's finding, not this rule's.
            RuleExample(
                "try refreshTokenData.write(to: url, options: .completeFileProtectionUntilFirstUserAuthentication)")
        ]
    )

    static let subscription = Subscription(
        calls: .named([
            "write", "createFile", "archiveRootObject", "copyItem", "setCookie", "setCookies"
        ]))
    /// Any explicit protection: a weak one is reported by storage.file-protection-weak instead.
    static let protectionNames: Set<String> = [
        "completeFileProtection", "completeFileProtectionUnlessOpen",
        "completeFileProtectionUntilFirstUserAuthentication", "noFileProtection", "fileProtectionMask",
        "protectionKey", "NSFileProtectionKey"
    ]
    /// Words in the written expression that say it is already encrypted.
    static let encryptedWords: Set<String> = ["encrypted", "sealed", "seal", "ciphertext", "cipher", "encrypt"]

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName else { return }
        if name == "copyItem" {
            checkCopy(call, in: file)
            return
        }
        if name == "setCookie" || name == "setCookies" {
            // `HTTPCookieStorage.shared.setCookie(HTTPCookie(properties: [.name: "password", .value: pw]))`: the
            // cookie jar is a plain file in Library/Cookies, kept across launches.
            guard let cookie = call.arguments.first?.expression, let sensitive = Self.sensitiveCookie(cookie) else {
                return
            }
            report(
                file, at: call,
                "a cookie holding '\(sensitive)' is stored in the shared cookie jar, a file in the app container; keep credentials in the Keychain"
            )
            return
        }
        guard name == "write" || name == "createFile" || name == "archiveRootObject",
            let write = Self.fileWrite(call, name: name)
        else { return }
        if let options = write.protection, options.mentions(anyOf: Self.protectionNames) { return }
        if SensitiveName.words(write.data.sourceText).contains(where: Self.encryptedWords.contains) { return }
        let advice =
            name == "archiveRootObject"
            ? "archive to Data and write it with .completeFileProtection"
            : "write it with .completeFileProtection or keep it in the Keychain"
        // `archiveRootObject(user, toFile:)` archives the whole object: its type's secret properties go to disk.
        if let sensitive = Sensitivity.sensitiveName(in: write.data)
            ?? (name == "archiveRootObject" ? Sensitivity.sensitiveMember(ofDeclaredTypeOf: write.data) : nil)
        {
            report(file, at: call, "'\(sensitive)' is written to a file without complete data protection; \(advice)")
        } else if let destination = write.destination,
            let sensitive = Sensitivity.sensitiveDestinationName(in: destination)
        {
            report(file, at: call, "data is written to '\(sensitive)' without complete data protection; \(advice)")
        }
    }

    /// The sensitive content of a cookie: its properties dictionary names or holds a credential (not a session: a
    /// session cookie in the jar is how the web works).
    private static func sensitiveCookie(_ expr: ExprSyntax) -> String? {
        var e = expr.unwrapped
        if e.is(DeclReferenceExprSyntax.self), let origin = LocalValue.origin(of: e) { e = origin.unwrapped }
        guard let call = e.as(FunctionCallExprSyntax.self),
            call.calledName == "HTTPCookie" || call.calledName == "init",
            let properties = call.argument("properties")
        else { return nil }
        var dictionary = properties.unwrapped
        if dictionary.is(DeclReferenceExprSyntax.self), let origin = LocalValue.origin(of: dictionary) {
            dictionary = origin.unwrapped
        }
        guard let literal = dictionary.as(DictionaryExprSyntax.self), case .elements(let elements) = literal.content
        else { return nil }
        for element in elements {
            if let name = element.value.stringLiteralValue, element.key.lastName == "name",
                let category = SensitiveName.classify(name), category != .session
            {
                return name
            }
            if let found = Sensitivity.sensitiveName(in: element.value),
                SensitiveName.classify(found).map({ $0 != .session }) ?? true
            {
                return found
            }
        }
        return nil
    }

    /// `FileManager.copyItem(atPath: Bundle.main.path(forResource: "Credentials", ofType: "plist"), toPath: docs)`:
    /// a bundled file named for secrets copied into the container, where it stays unprotected (and is editable).
    private func checkCopy(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let source = call.argument("atPath") ?? call.argument("at") else { return }
        let resolved = LocalValue.origin(of: source) ?? source
        guard resolved.sourceText.contains("forResource"),
            let resource = resolved.as(FunctionCallExprSyntax.self)?.argument("forResource").flatMap(
                file.stringValue(of:))
                ?? Self.resourceName(in: resolved),
            let sensitive = Sensitivity.sensitiveFileName(resource)
        else { return }
        report(
            file, at: call,
            "the bundled file '\(sensitive)' is copied into the app container without complete data protection; do not ship credentials in the bundle, and write secrets to the Keychain"
        )
    }

    /// The `forResource:` literal anywhere in an expression such as `Bundle.main.path(forResource: "x", ofType: "plist")!`.
    private static func resourceName(in expr: ExprSyntax) -> String? {
        for call in expr.tokens(viewMode: .sourceAccurate).compactMap({ $0.parent?.parent?.as(LabeledExprSyntax.self) })
        where call.label?.text == "forResource" {
            return call.expression.stringLiteralValue
        }
        return nil
    }

    /// What a file-writing call writes, where, and the argument that could carry a protection class.
    private static func fileWrite(_ call: FunctionCallExprSyntax, name: String)
        -> (data: ExprSyntax, destination: ExprSyntax?, protection: ExprSyntax?)?
    {
        switch name {
        case "write":
            // Data.write(to:options:), String.write(to:atomically:encoding:), String.write(toFile:…)
            guard let first = call.arguments.first?.label?.text, first == "to" || first == "toFile",
                let data = call.calledBase
            else { return nil }
            return (data, call.argument(first), call.argument("options"))
        case "createFile":
            guard let data = call.argument("contents") else { return nil }
            return (data, call.argument("atPath"), call.argument("attributes"))
        default:  // archiveRootObject(_:toFile:)
            guard let data = call.argument(nil), call.argument("toFile") != nil else { return nil }
            return (data, call.argument("toFile"), nil)
        }
    }
}
