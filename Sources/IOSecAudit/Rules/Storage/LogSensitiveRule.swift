import IOSecCore
import SwiftSyntax

/// `storage.log-sensitive`: a credential or other sensitive value written to the console or the unified log.
struct LogSensitiveRule: SwiftRule {
    static let description = RuleDescription(
        id: "storage.log-sensitive",
        title: "Sensitive value written to logs",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-STORAGE-2",
        cwe: 532,
        owasp: OWASPReference("MASWE-0005", beta: "MASWE-0001", mastg: ["MASTG-TEST-0296", "MASTG-TEST-0297"], .exact),
        rationale: """
            print, NSLog and dump write to the device console, which any Mac connected by cable, sysdiagnose \
            archives and crash-reporting tools can read; third-party loggers often write files that end up in \
            backups and support tickets. The unified log keeps messages on the device, and a value marked \
            privacy: .public (or left to the default) can appear in plain text. A token in a log is a token \
            anyone with the log can replay. Inside #if DEBUG the exposure is limited to development builds.
            """,
        fix: "Do not log secrets; if the event matters, log it with Logger and privacy: .private or .sensitive.",
        fixExample: """
            private let logger = Logger(subsystem: "com.example.app", category: "auth")

            logger.info("refreshed token for \\(user.id, privacy: .public): \\(token, privacy: .private(mask: .hash))")
            """,
        triggeringExamples: [
            RuleExample(#"↓NSLogv("%@", getVaList([password]))"#),
            // A trap's message stays in release builds and goes into the crash report.
            RuleExample(
                #"func unlock(_ pin: String) { ↓preconditionFailure("Vault would not open with PIN \(pin)") }"#),
            RuleExample(#"func refreshed(_ token: String) { ↓print("Access token:", token) }"#),
            // A verb before the value ("is") says nothing of which token it is.
            RuleExample(
                #"func renewed(_ refreshToken: String) { ↓print("refresh token is \(refreshToken)") }"#,
                findings: [FindingSpec(severity: .medium, confidence: .medium, message: "'refreshToken' is logged")]),
            // An uncaught exception's reason goes to the console and the crash report.
            RuleExample(
                #"""
                func unlock(password: String) {
                    ↓NSException(name: .invalidArgumentException, reason: "\(password) is wrong", userInfo: nil).raise()
                    ↓NSException.raise(.genericException, format: "%@ is wrong", arguments: getVaList([password]))
                }
                """#),
            RuleExample(
                """
                - (void)unlock:(NSString *)password {
                    ↓[NSException raise:NSInvalidArgumentException format:@"bad password %@", password];
                    @throw ↓[NSException exceptionWithName:@"Vault" reason:[NSString stringWithFormat:@"%@ rejected", password] userInfo:nil];
                }
                """, path: "App/Vault.m"),
            // Objective-C: what a Keychain read returned, whatever the local is called.
            RuleExample(
                """
                - (NSString *)loadValue {
                    NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                            (__bridge id)kSecReturnData: @YES};
                    CFTypeRef result = NULL;
                    SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
                    NSString *value = [[NSString alloc] initWithData:(__bridge NSData *)result encoding:NSUTF8StringEncoding];
                    ↓NSLog(@"loaded %@", value);
                    return value;
                }
                """, path: "App/VaultStore.m"),
            // Text written into a local as a stream is logged with it.
            RuleExample(
                """
                func signIn(password: String) {
                    var line = ""
                    print("signing in with", password, to: &line)
                    ↓print(line)
                    var other = ""
                    password.write(to: &other)
                    ↓debugPrint(other)
                }
                """),
            RuleExample(#"func resumed() { ↓NCLog.log("Resumed with \(session.token) for \(room.name)") }"#),
            RuleExample(#"func joined(_ token: String) { ↓NCLog.log("Joined room for token \(token)") }"#),
            RuleExample(
                """
                // A wrapper of a variadic C logging function: each of its calls logs.
                func sync(session: Session) {
                    ↓logToStderr(format: "refresh token %s\\n", session.refreshToken)
                }
                func logToStderr(format: String, _ args: CVarArg...) {
                    _ = withVaList(args) { vfprintf(stderr, format, $0) }
                }
                """),
            RuleExample(
                """
                - (void)didLogin:(NSString *)accessToken {
                    ↓NSLog(@"logged in with %@", accessToken);
                    ↓NSLog(@"password: %@", [self.field text]);
                    ↓os_log(OS_LOG_DEFAULT, "token %{public}@", accessToken);
                    ↓NSLog(@"signing in %@", self.passField.text);
                }
                """, path: "App/Login.m",
                findings: [
                    // A specific credential's name is medium confidence, and so is a field a password is typed into;
                    // a label is low.
                    FindingSpec(
                        severity: .medium, confidence: .medium, message: "'accessToken' is logged;"),
                    FindingSpec(severity: .medium, confidence: .low, message: "a value labelled 'password'"),
                    FindingSpec(severity: .medium, confidence: .medium, message: "logged with public privacy"),
                    FindingSpec(severity: .medium, confidence: .medium, message: "'passField' is logged;")
                ]),
            RuleExample(
                """
                - (void)didRefreshSession:(ACMSession *)session response:(NSDictionary *)response {
                    ↓ACMLogInfo(@"[Sync] refreshed: %@", [NSString stringWithFormat:@"Bearer %@", session.accessToken]);
                    ↓DDLogDebug(@"[Sync] response %@", response[@"refresh_token"]);
                }
                """, path: "App/Sync.m",
                findings: [
                    FindingSpec(
                        severity: .medium, confidence: .medium, message: "'accessToken' is logged;"),
                    FindingSpec(
                        severity: .medium, confidence: .medium, message: "'refresh_token' is logged;")
                ]),
            RuleExample(
                """
                #if DEBUG
                - (void)trace:(NSString *)sessionToken { ↓NSLog(@"session %@", sessionToken); }
                #endif
                """, path: "App/Trace.m", options: ScanOptions(jobs: 1, includedContexts: [.debug]),
                findings: [FindingSpec(severity: .low, message: "only in debug builds")]),
            // CocoaLumberjack: what is at or above the release level logs in release; below it, only in debug builds.
            RuleExample(
                """
                #ifdef DEBUG
                static const DDLogLevel ddLogLevel = DDLogLevelVerbose;
                #else
                static const DDLogLevel ddLogLevel = DDLogLevelWarning;
                #endif
                - (void)didFail:(NSString *)accessToken { ↓DDLogError(@"refresh failed for %@", accessToken); }
                - (void)didRefresh:(NSString *)accessToken { ↓DDLogDebug(@"refreshed %@", accessToken); }
                """, path: "App/Session.m", options: ScanOptions(jobs: 1, includedContexts: [.app, .debug]),
                findings: [
                    FindingSpec(severity: .medium, confidence: .medium, message: "'accessToken' is logged;"),
                    FindingSpec(severity: .low, message: "below the release log level); only in debug builds")
                ]),
            RuleExample(
                #"↓print("Access token: \(session.accessToken)")"#,
                findings: [
                    FindingSpec(
                        severity: .medium, confidence: .medium, message: "'accessToken' is logged;")
                ]),
            // `print`'s separator and terminator are printed too.
            RuleExample(
                #"func debugDump(_ items: [String], password: String) { ↓print(items, separator: password) }"#),
            // A generic word: logs are full of public room tokens and session ids, so low confidence.
            RuleExample(
                #"func joined(token: String) { ↓print("joined room with token \(token)") }"#,
                findings: [
                    FindingSpec(severity: .medium, confidence: .low, message: "'token' is logged;")
                ]),
            RuleExample(
                """
                func signIn(email: String, password: String) {
                    ↓NSLog("Signing in %@ with %@", email, password)
                }
                """),
            RuleExample(
                """
                func didReceive(_ response: AuthResponse) {
                    let refresh = response.refreshToken
                    ↓logger.debug("refresh: \\(refresh, privacy: .public)")
                }
                """,
                findings: [FindingSpec(severity: .medium, confidence: .medium, message: "logged with public privacy")]
            ),
            // The code itself makes the address readable by anyone with the device's log.
            RuleExample(
                """
                func signedIn(_ account: Account) {
                    let email = account.email
                    ↓Logger.auth.notice("signed in as \\(email, privacy: .public)")
                    ↓os_log("verification code sent to %{public}@", log: .auth, type: .info, account.phoneNumber)
                }
                """,
                findings: [
                    FindingSpec(severity: .medium, confidence: .medium, message: "'email' (personal data)"),
                    FindingSpec(severity: .medium, confidence: .medium, message: "'phoneNumber' (personal data)")
                ]),
            RuleExample(
                """
                import SwiftyBeaver
                let log = SwiftyBeaver.self
                func refreshed(authToken: String) { ↓log.info("bearer \\(authToken)") }
                """),
            RuleExample(
                """
                @objc func payTapped() {
                    ↓NSLog("card: %@", cardField.text ?? "")
                }
                """),
            RuleExample(
                """
                func saveAccount() {
                    let record = NSMutableDictionary()
                    record["password"] = passField.text
                    ↓print("saved: \\(record.description)")
                }
                """),
            RuleExample(
                #"↓NSLog("Password: %@", value)"#,
                findings: [FindingSpec(severity: .medium, confidence: .low, message: "a value labelled 'password'")]),
            RuleExample(#"↓os_log("PIN %{public}@ accepted", log: .default, type: .info, pin)"#),
            RuleExample(
                """
                #if DEBUG
                // Low, and only with --include-context debug.
                ↓debugPrint(credentials)
                #endif
                """, options: ScanOptions(jobs: 1, includedContexts: [.debug]),
                findings: [FindingSpec(severity: .low, message: "only in debug builds")]),
            RuleExample("↓dump(keychainItem.password)"),
            RuleExample(
                """
                - (void)unlockWithPIN:(NSInteger)pin {
                    ↓NSLog(@"unlocking with %ld", (long)pin);
                }
                """, path: "App/ACMLock.m"),
            // The project's logging macro, defined in a header to log in every build.
            RuleExample(
                files: [
                    (
                        "App/ACMLog.h",
                        """
                        #define ACMLog(fmt, ...) NSLog((@"%s " fmt), __PRETTY_FUNCTION__, ##__VA_ARGS__)
                        """
                    ),
                    (
                        "App/ACMSession.m",
                        """
                        #import "ACMLog.h"
                        @implementation ACMSession
                        - (void)didSignIn:(NSString *)password {
                            ↓ACMLog(@"signed in with %@", password);
                        }
                        @end
                        """
                    )
                ], findings: [FindingSpec(message: "`ACMLog` logs it with NSLog (App/ACMLog.h:1)")]),
            // The app's own method on os's Logger, which marks what it is given public.
            RuleExample(
                """
                import os
                extension Logger {
                    func audit(_ message: String) { notice("\\(message, privacy: .public)") }
                }
                func unlocked(log: Logger, masterPassword: String) { ↓log.audit("unlocked with \\(masterPassword)") }
                """),
            // The project's own logging method, in one file; a send that hands it a token, in another.
            RuleExample(
                files: [
                    (
                        "App/ACMDiagnostics.m",
                        """
                        @implementation ACMDiagnostics
                        + (void)trace:(NSString *)message {
                            NSLog(@"[acme] %@", message);
                        }
                        @end
                        """
                    ),
                    (
                        "App/ACMSync.m",
                        """
                        @implementation ACMSync
                        - (void)didRefresh:(NSString *)accessToken {
                            [ACMDiagnostics ↓trace:accessToken];
                        }
                        @end
                        """
                    )
                ], findings: [FindingSpec(message: "`trace:` logs it with NSLog (App/ACMDiagnostics.m:3)")]),
            // The app's own logging function, in one file; a call that hands it a password, in another.
            RuleExample(files: [
                (
                    "App/Trace.swift",
                    """
                    enum Trace {
                        static func note(_ message: String) { print("[acme] \\(message)") }
                    }
                    """
                ),
                (
                    "App/SignIn.swift",
                    """
                    final class SignInModel {
                        func submit(email: String, password: String) {
                            ↓Trace.note("sign-in for \\(email) with \\(password)")
                        }
                    }
                    """
                )
            ]),
            // A summary another file makes of every header, the Authorization header among them.
            RuleExample(files: [
                (
                    "App/Endpoint.swift",
                    """
                    extension URLRequest {
                        mutating func authorize(with accessToken: String) {
                            setValue("Bearer \\(accessToken)", forHTTPHeaderField: "Authorization")
                        }
                        var headerSummary: String {
                            (allHTTPHeaderFields ?? [:]).map { "\\($0.key)=\\($0.value)" }.joined(separator: " ")
                        }
                    }
                    """
                ),
                (
                    "App/HTTPTrace.swift",
                    """
                    struct HTTPTrace {
                        func willSend(_ request: URLRequest) {
                            logger.info("→ \\(request.url?.path ?? "?", privacy: .public) \\(↓request.headerSummary, privacy: .public)")
                        }
                    }
                    """
                )
            ]),
            // A token endpoint's response, logged whole: the code reads a credential out of it.
            RuleExample(
                """
                func refreshed(_ data: Data) throws -> String? {
                    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
                    ↓Logger.auth.info("token endpoint: \\(json, privacy: .public)")
                    return json["access_token"] as? String
                }
                """),
            RuleExample(
                """
                - (BOOL)storeTokenResponse:(NSDictionary *)response {
                    NSString *refresh = response[@"refresh_token"];
                    return refresh != nil;
                }
                - (void)handleRefreshData:(NSData *)data {
                    NSDictionary *payload = [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL];
                    ↓NSLog(@"Token endpoint responded: %@", payload);
                    [self storeTokenResponse:payload];
                }
                """, path: "App/TokenRefresher.m"),
            RuleExample(
                """
                - (void)submit:(NSString *)user entry:(NSString *)entered {
                    ↓NSLog(@"Signing in %@ with %@", user, entered);
                    [self.client signInWithUser:user password:entered];
                }
                """, path: "App/SignIn.m"),
            // A message the app seals end to end, logged in plain text when sending fails.
            RuleExample(
                """
                func deliver(_ message: Message) async {
                    let payload = MessagePayload(body: message.body, sentAt: message.sentAt)
                    do {
                        try await api.post(try sessions.seal(payload, conversation: message.conversationId))
                    } catch {
                        ↓NSLog("Failed to deliver \\"%@\\": %@", message.body, error.localizedDescription)
                    }
                }
                """),
            // What the function hands the value to says what it is, whatever its name.
            RuleExample(
                """
                func importWallet(phrase: String) throws {
                    let normalized = phrase.lowercased()
                    do { _ = try Mnemonic(phrase: normalized) } catch {
                        ↓logger.error("rejected: \\(normalized, privacy: .public)")
                    }
                }
                """)
        ],
        nonTriggeringExamples: [
            // The raw value of the project's own enum is the name of an item, never the secret it holds.
            RuleExample(
                """
                enum SecretKey: String { case accessToken = "session.access", refreshToken = "session.refresh" }
                func readFailed(_ key: SecretKey) { logger.error("Keychain read \\(key.rawValue, privacy: .public) failed") }
                """),
            // One header of the request, not all of them.
            RuleExample(files: [
                (
                    "App/Endpoint.swift",
                    """
                    extension URLRequest {
                        mutating func authorize(with accessToken: String) {
                            setValue("Bearer \\(accessToken)", forHTTPHeaderField: "Authorization")
                        }
                        var acceptSummary: String { allHTTPHeaderFields?["Accept"] ?? "-" }
                    }
                    """
                ),
                (
                    "App/HTTPTrace.swift",
                    """
                    struct HTTPTrace {
                        func willSend(_ request: URLRequest) {
                            logger.info("→ \\(request.acceptSummary, privacy: .public)")
                        }
                    }
                    """
                )
            ]),
            RuleExample(
                """
                - (void)search:(NSString *)entered {
                    NSLog(@"Searching for %@", entered);
                    [self.index findItemsMatching:entered limit:20];
                }
                """, path: "App/Search.m"),
            // What sealing made, and facts about the message, are not its text.
            RuleExample(
                """
                func deliver(_ message: Message) async throws {
                    let payload = MessagePayload(body: message.body, sentAt: message.sentAt)
                    let sealed = try sessions.seal(payload, conversation: message.conversationId)
                    NSLog("Sealed %d bytes for %@ at %@", sealed.count, message.conversationId, message.sentAt)
                }
                """),
            // A page of results holds a cursor, not a credential.
            RuleExample(
                """
                func page(_ data: Data) throws -> String? {
                    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
                    logger.info("page: \\(json, privacy: .public)")
                    return json["next_page_token"] as? String
                }
                """),
            RuleExample(
                """
                - (void)handlePage:(NSData *)data {
                    NSDictionary *payload = [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL];
                    NSLog(@"Page: %@", payload);
                    [self showItems:payload[@"items"]];
                }
                """, path: "App/Feed.m"),
            // A search phrase is handed to a search, not to a mnemonic.
            RuleExample(
                """
                func search(phrase: String) {
                    let query = phrase.lowercased()
                    index.find(phrase: query)
                    logger.info("search: \\(query, privacy: .public)")
                }
                """),
            // Project macros named for logging: one that logs only in debug builds, one that does something else, and
            // one the scan does not define.
            RuleExample(files: [
                (
                    "App/ACMLog.h",
                    """
                    #ifdef DEBUG
                    #define ACMDebugLog(fmt, ...) NSLog(fmt, ##__VA_ARGS__)
                    #else
                    #define ACMDebugLog(...)
                    #endif
                    #define ACMAuditLog(fmt, ...) [ACMAudit record:[NSString stringWithFormat:fmt, ##__VA_ARGS__]]
                    #ifdef DEBUG
                    #define DDLogDebug(fmt, ...) NSLog(fmt, ##__VA_ARGS__)
                    #else
                    #define DDLogDebug(...) do { } while (0)
                    #endif
                    """
                ),
                (
                    "App/ACMSession.m",
                    """
                    #import "ACMLog.h"
                    @implementation ACMSession
                    - (void)didSignIn:(NSString *)password {
                        ACMDebugLog(@"signed in with %@", password);
                        ACMAuditLog(@"password %@", password);
                        VendorLog(@"password %@", password);
                        // The project's own DDLogDebug, not CocoaLumberjack's: defined to log in debug builds only.
                        DDLogDebug(@"signed in with %@", password);
                    }
                    @end
                    """
                )
            ]),
            // A selector named for logging that no method of the scan logs with, and a logging method that logs only
            // in debug builds.
            RuleExample(
                """
                @implementation ACMSync
                - (void)trace:(NSString *)message {
                #ifdef DEBUG
                    NSLog(@"%@", message);
                #endif
                }
                - (void)didRefresh:(NSString *)accessToken {
                    [self trace:accessToken];
                    [self.audit recordError:accessToken];
                }
                @end
                """, path: "App/ACMSync.m"),
            // The app's own logging function, given a room's identifier, an enum case and plain text; and a function
            // that logs only what its own parameter's name calls an identifier.
            RuleExample(files: [
                (
                    "App/Trace.swift",
                    """
                    enum Trace {
                        static func note(_ message: String) { print("[acme] \\(message)") }
                        static func joined(roomId: String) { print("joined \\(roomId)") }
                        static func failed(_ reason: SignInError) { print("sign-in failed: \\(reason)") }
                    }
                    enum SignInError: Error { case invalidPassword, expiredToken }
                    """
                ),
                (
                    "App/Room.swift",
                    """
                    final class RoomModel {
                        func join(token: String) {
                            Trace.joined(roomId: token)
                            Trace.failed(.expiredToken)
                            Trace.failed(SignInError.invalidPassword)
                            Trace.note("join requested")
                        }
                    }
                    """
                )
            ]),
            // Objective-C: a Keychain lookup that asks only for attributes returns no secret.
            RuleExample(
                """
                - (BOOL)hasItem {
                    NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                            (__bridge id)kSecReturnAttributes: @YES};
                    CFTypeRef attributes = NULL;
                    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &attributes);
                    NSLog(@"lookup %d %@", (int)status, attributes);
                    return status == errSecSuccess;
                }
                """, path: "App/VaultStore.m"),
            RuleExample(
                """
                func signIn(user: String, password: String) {
                    var line = ""
                    print("signing in", user, to: &line)
                    print(line)
                    NSException(name: .invalidArgumentException, reason: "sign-in failed", userInfo: ["password": password]).raise()
                }
                """),
            RuleExample(
                """
                - (void)unlock:(NSString *)password {
                    [NSException raise:NSInvalidArgumentException format:@"the vault would not open"];
                    @throw [NSException exceptionWithName:@"Vault" reason:@"rejected" userInfo:@{@"password": password}];
                }
                """, path: "App/Vault.m"),
            // `assertionFailure` is compiled out of release builds; the trap names no value.
            RuleExample(
                """
                func unlock(_ pin: String) {
                    assertionFailure("Vault would not open with PIN \\(pin)")
                    fatalError("Vault would not open")
                }
                """),
            // Printed into a string the code keeps, not to the console.
            RuleExample(
                """
                var transcript = ""
                print("password:", password, to: &transcript)
                dump(credentials, to: &transcript)
                """),
            // The app's logger does nothing outside debug builds: its whole body is one `#if DEBUG` block.
            RuleExample(
                """
                enum Log {
                    static func debug(_ message: String) {
                        #if DEBUG
                        print(message)
                        #endif
                    }
                }
                func refreshed(accessToken: String) { Log.debug("refreshed with \\(accessToken)") }
                """),
            // Below the level this file logs at in release builds: only debug builds print it.
            RuleExample(
                """
                #if DEBUG
                static const DDLogLevel ddLogLevel = DDLogLevelAll;
                #else
                static const DDLogLevel ddLogLevel = DDLogLevelInfo;
                #endif
                - (void)didRefresh:(NSString *)accessToken { DDLogVerbose(@"refreshed %@", accessToken); }
                """, path: "App/Session.m"),
            // os's `Logger()` (swift-log's is `Logger(label:)`) redacts dynamic strings unless marked public.
            RuleExample(
                """
                func signIn(password: String) {
                    let log = Logger()
                    log.info("signing in with \\(password)")
                }
                """),
            RuleExample(
                """
                // The name of the Keychain entry, not what it holds.
                enum StorageKey { static let vpnCredentials = "vpnCredentials" }
                func migrated() {
                    log.info("VpnCredentials storage for \\(StorageKey.vpnCredentials) migration succeeded")
                }
                """),
            RuleExample(
                """
                // The wrapper logs nothing secret here; the other variadic function formats, it does not log.
                func sync(session: Session) {
                    logToStderr(format: "sync took %d ms\\n", elapsed)
                    let header = formatted("Bearer %@", session.accessToken)
                }
                func logToStderr(format: String, _ args: CVarArg...) {
                    _ = withVaList(args) { vfprintf(stderr, format, $0) }
                }
                func formatted(_ format: String, _ args: CVarArg...) -> String { String(format: format, arguments: args) }
                """),
            RuleExample(
                """
                - (void)didLogin:(NSString *)accessToken {
                    NSLog(@"login finished for %@", self.username);
                    os_log(OS_LOG_DEFAULT, "token %@", accessToken);
                    // NSLog(@"%@", accessToken);
                    NSLog(@"password field shown");
                }
                """, path: "App/Login.m"),
            RuleExample(
                """
                - (void)pusherUpdated:(BOOL)enabled token:(NSData *)token {
                    ACMLogDebug(@"[Push] pusher updated for %@, enabled %@, token: %@", self.credentials.userId, @(enabled),
                                [ACMPushTools truncatedPushToken:token]);
                    ACMLogError(@"[Login] password rejected after %lu characters", (unsigned long)self.passwordField.text.length);
                    NSLog(@"session restored for %@", self.session.accountName);
                }
                """, path: "App/Push.m"),
            RuleExample(#"print("Token refreshed, \(token.count) characters, expires \(token.expiresAt)")"#),
            RuleExample(
                #"logger.info("user \(user.id, privacy: .public) signed in, token \(token, privacy: .private(mask: .hash))")"#
            ),
            RuleExample(#"logger.error("login failed: \(apiKey, privacy: .sensitive)")"#),
            RuleExample(
                #"os_log("OTP %{private}@ sent to %{public}@", log: .auth, type: .info, otp, phoneNumberSuffix)"#),
            RuleExample(#"print("Password reset email sent to \(maskedEmail)")"#),
            RuleExample(
                """
                func signedIn(_ account: Account) {
                    Logger.auth.notice("signed in as \\(account.email, privacy: .private)")
                    Logger.auth.notice("e-mail verified: \\(account.isEmailVerified, privacy: .public)")
                    Logger.auth.notice("code sent to the number ending \\(account.phoneSuffix, privacy: .public)")
                }
                """),
            RuleExample(#"NSLog("tokenizer loaded %d entries", tokenizer.count)"#),
            RuleExample(
                """
                import os
                // os.Logger redacts dynamic strings unless they are marked public.
                func read(_ cookie: HTTPCookie) { Logger.general.debug("read cookie \\(cookie.value)") }
                """),
            RuleExample(
                """
                import OSLog
                let logger = Logger(subsystem: "com.acme.shop", category: "auth")
                func refreshed(token: String) { logger.info("refreshed \\(token)") }
                """),
            RuleExample(
                #"print("Token refreshed, \(remaining) left, password: \(passwordRules.count) rules, consent \(cookieConsentInfo)")"#
            ),
            RuleExample(
                """
                // A chat room's token is its public conversation ID; a WebRTC signaling session is a peer's.
                func start() {
                    NCLog.log("Start call in NCCallController for token \\(self.room.token)")
                    NCLog.log("Report incoming call for token \\(pushNotification.roomToken ?? "Unknown")")
                    NCLog.log("Joined room \\(token) in external signaling server successfully.")
                    print("Creating publisher peer connection with sessionId: \\(self.signalingSessionId)")
                }
                """),
            RuleExample(
                """
                func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken token: String) {
                    print("Push Token:", token)
                }
                """),
            RuleExample(
                """
                // A change log kept for sync: a record, not a line written anywhere.
                commonServiceHandler.commonDidCreate = { [weak self] secret in
                    self?.logHandler.log(entityID: secret, actionType: .created, kind: .service3)
                }
                """),
            RuleExample(
                #"""
                // XCTest output for CI; fake credentials.
                print("Using password \(password)")
                """#, path: "AppTests/LoginTests.swift"),
            RuleExample(
                """
                - (void)refresh {
                    // A pointer's address, a redacting wrapper, a flag printed as a number, a sync cursor: no secret shown.
                    NSLog(@"Adding %@ to token %p", objects, deallocToken);
                    ACMLogDebug(@"Sending refresh with clientID=%@, clientSecret=%@", ACMLogPrivate(clientID), ACMLogPrivate(clientSecret));
                    NSLog(@"token expired (preemptive: %d)", preemptiveTokenRenewal);
                    NSLog(@"refresh failed=%d", _tokenRefreshFailed);
                    NSLog(@"events from %@", eventStreamToken);
                    NSLog(@"Handling events for background session %@", backgroundSessionIdentifier);
                    NSLog(@"Inserting task for %@", urlSessionID);
                }
                """, path: "App/ACMAuthenticator.m")
        ]
    )

    static let subscription = Subscription(
        calls: .named(
            consoleFunctions.union(thirdPartyFunctions).union(loggerMethods).union(
                cFunctions.union(trapFunctions)
            )
            .union(["os_log", "write", "NSException", "raise"]), where: wantsCall))

    /// How a value leaks.
    enum Leak {
        /// To the console or a plain logger, which has no privacy.
        case plain(String)
        /// Marked `privacy: .public` / `%{public}`.
        case markedPublic(String)
        /// A value the message itself labels as a secret: `NSLog("password: %@", value)`.
        case labelled(String)
        /// A value traced to an API that yields secrets (``SecretOrigin``), whatever it is called.
        case traced(String, [FlowStep])
        /// Personal data (an e-mail address, a phone number) the code marks `privacy: .public` / `%{public}`: the
        /// developer chose to show it to anyone who reads the device's log.
        case personal(String)

        var name: String {
            switch self {
            case .plain(let name), .markedPublic(let name), .labelled(let name), .traced(let name, _),
                .personal(let name):
                name
            }
        }
    }

    /// Global logging functions, called without a base (or on `Swift.` / `Foundation.`).
    static let consoleFunctions: Set<String> = ["print", "debugPrint", "dump", "NSLog", "NSLogv"]
    /// C functions that write to stderr, stdout or the system log: the same leak, one layer down.
    static let cFunctions: Set<String> = [
        "fputs", "fprintf", "vfprintf", "dprintf", "vdprintf", "printf", "puts", "syslog", "vsyslog", "vprintf"
    ]
    /// Swift's traps that keep their message in release builds (`-O`): it goes to the console and into the crash
    /// report. `assert` and `assertionFailure` are compiled out of release builds, so they are not here.
    static let trapFunctions: Set<String> = ["fatalError", "precondition", "preconditionFailure"]
    static let thirdPartyFunctions: Set<String> = ["DDLogDebug", "DDLogInfo", "DDLogWarn", "DDLogError", "DDLogVerbose"]
    /// Logger / SwiftyBeaver / swift-log methods, called on something named like a logger.
    static let loggerMethods: Set<String> = [
        "trace", "debug", "info", "notice", "warning", "warn", "error", "fault", "critical", "fatal", "log", "verbose"
    ]
    /// Labels of arguments that are not logged.
    /// Arguments that configure the call rather than being written out. `print`'s `separator:` and `terminator:`
    /// are written out, between and after the items.
    static let optionLabels: Set<String> = [
        "to", "name", "indent", "maxDepth", "maxItems", "log", "type", "dso",
        "level", "file", "function", "line", "context", "metadata", "source"
    ]

    /// Variadic wrappers of the C logging functions already looked for in this file.
    private var wrappersSearched: Set<String> = []

    /// A call that logs only plain text leaks nothing: no interpolation, no value. The C functions are let through
    /// for the wrappers around them (`visit`).
    static func wantsCall(_ call: CallCandidate) -> Bool {
        !call.argumentsAreAllPlainText(ignoringLabels: optionLabels) || call.calledName.map(cFunctions.contains) == true
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        var logged: [ExprSyntax] = []
        if let leak = Self.leak(in: call, file: file, noting: { logged.append($0) }) {
            report(leak, at: call, in: file)
            return
        }
        // `"\(request.headerSummary, privacy: .public)"`: what another file's member returns decides.
        for value in logged.prefix(4) { MemberSink.record(value, ruleId: Self.description.id, in: file) }
        if let sink = Self.loggedParameter(of: logged, at: call, in: file) {
            // `func trace(_ message: String) { print(message) }`: the app's own logging function, which logs
            // nothing secret by itself; what its callers pass, in any file, is what is logged (`CallerArgumentsStage`).
            file.record(kind: FactKind.wrapperSink, value: sink.factValue, at: call)
        } else if let name = call.calledName, Self.cFunctions.contains(name),
            let wrapper = Self.variadicWrapper(of: call),
            wrappersSearched.insert(wrapper).inserted
        {
            // Swift cannot call the variadic C functions, so code that logs through them wraps them:
            // `func logError(format: String, _ args: CVarArg...) { withVaList(args) { vfprintf(stderr, format, $0) } }`.
            // Every call of the wrapper is a call of the C function.
            for use in Self.calls(named: wrapper, in: file.tree) {
                if let leak = Self.leakInArguments(of: use, varargPrivacy: [], redactsByDefault: false, file: file) {
                    report(leak, at: use, in: file)
                }
            }
        }
    }

    /// The function around a C logging call that hands on its own `CVarArg...` parameter, by name.
    private static func variadicWrapper(of call: FunctionCallExprSyntax) -> String? {
        var current = Syntax(call).parent
        while let node = current {
            if let function = node.as(FunctionDeclSyntax.self) {
                let variadic = function.signature.parameterClause.parameters.contains {
                    $0.ellipsis != nil && $0.type.trimmedDescription == "CVarArg"
                }
                return variadic ? function.name.text : nil
            }
            if node.is(MemberBlockSyntax.self) || node.is(SourceFileSyntax.self) { return nil }
            current = node.parent
        }
        return nil
    }

    /// Calls of `name` in a file (`name(…)`, `Type.name(…)`), found by a walk of their own: few files wrap the C
    /// logging functions, so routing every call of every file to this rule would cost more.
    private static func calls(named name: String, in tree: SourceFileSyntax) -> [FunctionCallExprSyntax] {
        SyntaxSearch.all(FunctionCallExprSyntax.self, in: tree, where: { $0.calledName == name })
    }

    /// A finding at a logged value read through a member another file declares, which returns a secret
    /// (`MemberSink`): `via` says what and where.
    static func memberFinding(_ value: ExprSyntax, in file: SwiftFile, steps: [FlowStep], via: String, note: String) {
        MemberSink.report(
            description, at: value, in: file, steps: steps, via: via, happens: "is logged", sink: "logged",
            advice: "log only what the event needs, or use privacy: .private")
    }

    private func report(_ leak: Leak, at call: FunctionCallExprSyntax, in file: SwiftFile) {
        let message: String
        switch leak {
        case .plain(let name):
            message = "'\(name)' is logged; remove it or use Logger with privacy: .private"
        case .markedPublic(let name):
            message = "'\(name)' is logged with public privacy; use privacy: .private or .sensitive"
        case .labelled(let label):
            message =
                "a value labelled '\(label)' is logged; remove it or use Logger with privacy: .private"
        case .traced(let name, let steps):
            let source = steps.first?.note ?? "a secret"
            message = "'\(name)' (\(source)) is logged; remove it or use Logger with privacy: .private"
        case .personal(let name):
            message =
                "'\(name)' (personal data) is logged with public privacy, readable by anyone with the device's log; use privacy: .private"
        }
        // A value traced to its source is a flow; a sensitive-looking name or label is a name only.
        if case .traced(_, let steps) = leak {
            reportFlow(file, at: call, message, steps: steps, sink: "logged")
        } else {
            report(
                file, at: call, message, severity: Self.severity(of: leak), confidence: Self.confidence(of: leak),
                evidence: .name)
        }
    }

    /// The parameter of the function around a logging call that the call writes out as it is, where anyone with the
    /// log can read it (`logged`, from `leak(in:file:noting:)`): the call is the app's own logging function. A
    /// member of the parameter (`alert.data`, `mode.debugDescription`) is another value than the one callers pass.
    /// Only a function that does little but log (`isLoggingFunction`) and a parameter of a type that holds text or
    /// bytes are followed; a logger type's method (`Log.debug(_:)`) is judged at its calls as a logging call. A parameter whose name says what it is has had its say here: a `token` the line calls a room's was let
    /// through, and callers that pass their `token` as `roomId` pass an identifier. Not in code that only debug
    /// builds compile.
    private static func loggedParameter(
        of logged: [ExprSyntax], at call: FunctionCallExprSyntax, in file: SwiftFile
    ) -> ParameterSink? {
        guard !logged.isEmpty, file.context(of: call) == .app, isLoggingFunction(around: call) else { return nil }
        for value in logged {
            guard let reference = value.unwrapped.as(DeclReferenceExprSyntax.self),
                let type = ValuePath.parameter(named: reference.baseName.text, near: reference)?.0.type,
                textTypes.contains(type.trimmedDescription.trimmingCharacters(in: ["?", "!"])),
                case let name = reference.baseName.text,
                Sensitivity.sensitiveName(in: value) == nil,
                SensitiveName.words(name).last.map(identifyingWords.contains) != true
            else { continue }
            // `Log.debug(_:)`: calls of a logger's method are logging calls where they stand, judged there.
            if var sink = ParameterSink.of(value, ruleId: description.id), sink.parameter == name,
                !(loggerMethods.contains(sink.function) && isInLoggerType(call))
            {
                sink.note = call.calledName ?? "a log"
                return sink
            }
        }
        return nil
    }

    /// Whether the function around `call` does little but log: at most three statements, none of which branches or
    /// loops (`func trace(_ message: String) { print("[acme] \\(message)") }`). A function that does its work and logs
    /// a parameter on the way (`joinRoom(alias:)`) is not followed to its callers: each costs a parse of the files
    /// that call it.
    private static func isLoggingFunction(around call: FunctionCallExprSyntax) -> Bool {
        guard let item = call.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self),
            list.parent?.parent?.is(FunctionDeclSyntax.self) == true, list.count <= 3
        else { return false }
        return list.allSatisfy { statement in
            switch statement.item {
            case .decl(let decl): decl.is(VariableDeclSyntax.self)
            case .stmt(let stmt): stmt.is(ReturnStmtSyntax.self)
            case .expr(let expr): !expr.is(IfExprSyntax.self) && !expr.is(SwitchExprSyntax.self)
            }
        }
    }

    /// Parameter types that can hold a secret as it is: a function that logs a flag, an error or a notification it
    /// is given logs no caller's password.
    private static let textTypes: Set<String> = [
        "String", "Substring", "StaticString", "NSString", "Data", "NSData", "[UInt8]", "Any", "CustomStringConvertible"
    ]

    /// Last words of a parameter's name that say it holds what identifies or describes something, not a secret.
    private static let identifyingWords: Set<String> = [
        "id", "ids", "identifier", "name", "url", "path", "type", "kind", "mode", "state", "status", "count", "index"
    ]

    /// A finding at a call of the app's own logging function that passes a secret: `trace("token \(token)")` when
    /// `trace` prints its message. A call the rule judges as a logging call where it stands has had its say there.
    static func wrapperFinding(
        _ argument: ExprSyntax, key: ExprSyntax?, call: FunctionCallExprSyntax, in file: SwiftFile,
        sink: ParameterSink, at sinkStep: FlowStep
    ) {
        guard leak(in: call, file: file) == nil, !namesConstantOfType(argument),
            let leak = leak(inPassed: argument, file: file)
        else { return }
        let place = "\(sinkStep.file):\(sinkStep.line)"
        var steps = [
            file.step(at: argument, "passed to `\(sink.function)`"),
            FlowStep(
                file: sinkStep.file, line: sinkStep.line, column: sinkStep.column, note: "logged by `\(sink.note)`")
        ]
        let what: String
        switch leak {
        case .plain(let name), .markedPublic(let name): what = "'\(name)' is"
        case .personal(let name): what = "'\(name)' (personal data) is"
        case .labelled(let label): what = "a value labelled '\(label)' is"
        case .traced(let name, let origin):
            what = "'\(name)' (\(origin.first?.note ?? "a secret")) is"
            steps = origin + steps
        }
        var evidence = Evidence.name
        if case .traced = leak { evidence = .flow }
        file.report(
            description, at: call,
            message:
                "\(what) passed to `\(sink.function)`, which logs it (\(place)); remove it or use Logger with privacy: .private",
            severity: severity(of: leak), confidence: evidence == .flow ? nil : confidence(of: leak),
            evidence: evidence, flow: steps)
    }

    /// An enum case or a type's constant (`.oauthAccessToken`, `.changeCardPIN(id:)`, `Error.invalidPrivateKey`):
    /// it names a kind of thing, and a constant that holds a credential is `secrets.hardcoded`'s to report.
    private static func namesConstantOfType(_ value: ExprSyntax) -> Bool {
        var e = value.unwrapped
        if let call = e.as(FunctionCallExprSyntax.self) { e = call.calledExpression }
        guard let member = e.as(MemberAccessExprSyntax.self) else { return false }
        guard let base = member.base?.unwrapped.as(DeclReferenceExprSyntax.self) else { return member.base == nil }
        return base.baseName.text.first?.isUppercase == true
    }

    /// What a value handed to a function that logs it as it is leaks: text is read per interpolation, as a message.
    private static func leak(inPassed value: ExprSyntax, file: SwiftFile) -> Leak? {
        if let literal = value.unwrapped.as(StringLiteralExprSyntax.self) {
            return leakInInterpolations(of: literal, redactsByDefault: false, file: file)
        }
        guard !isAppMadeText(value, in: file) else { return nil }
        if let steps = SecretOrigin.trace(value, in: file) {
            return .traced(SecretOrigin.displayName(of: value), steps)
        }
        return Sensitivity.sensitiveName(in: value).map(Leak.plain)
    }

    /// How far a name alone can be trusted in a log line: a value named for a specific credential (`accessToken`,
    /// `password`) is medium; a generic word (`token`, `sessionId`, `secret`) or a label is low, since logs are full
    /// of public room tokens, sync tokens, session ids and the ids of secrets.
    static func confidence(of leak: Leak) -> Confidence {
        switch leak {
        case .plain(let name), .markedPublic(let name):
            LogLabel.namesSpecificCredential(name) ? .medium : .low
        case .labelled, .traced: .low
        case .personal: .medium
        }
    }

    /// Personal data in the log is a privacy leak, not a credential's: medium.
    static func severity(of leak: Leak) -> Severity? {
        if case .personal = leak { return .medium }
        return nil
    }

    /// The sensitive value a logging call writes out, or nil when it is not a logging call or logs nothing
    /// sensitive. `code.debug-logging` asks this too, so one mistake gives one finding.
    ///
    /// os.Logger and os_log redact dynamic strings and objects unless marked public, so there only
    /// `privacy: .public` / `%{public}` leaks. A logger in a file that does not import os (SwiftyBeaver, a file
    /// logger, CocoaLumberjack) has no privacy: anything sensitive leaks.
    static func leak(
        in call: FunctionCallExprSyntax, file: SwiftFile? = nil, noting: ((ExprSyntax) -> Void)? = nil
    ) -> Leak? {
        guard let name = call.calledName else { return nil }
        // An exception's reason is printed when it ends the app, and kept in the crash report.
        if (name == "NSException" && isGlobalCall(call))
            || (name == "raise" && call.calledBase?.lastName == "NSException"),
            call.argument("reason") != nil || call.argument("format") != nil
        {
            return leakInArguments(
                of: call, varargPrivacy: [], redactsByDefault: false, file: file, excluding: ["userInfo"],
                noting: noting)
        }
        // `extension Logger { func audit(_ m: String) { self.notice("\\(m, privacy: .public)") } }`: the logger's own
        // methods, called on `self` or without a base inside a logger type.
        if loggerMethods.contains(name), call.calledBase.map({ $0.trimmedDescription == "self" }) ?? true,
            isInLoggerType(call), hasMessage(call)
        {
            return leakInArguments(
                of: call, varargPrivacy: [], redactsByDefault: isUnifiedLog(call, file: file), file: file,
                noting: noting)
        }
        if isGlobalCall(call) {
            if consoleFunctions.contains(name) || thirdPartyFunctions.contains(name) || cFunctions.contains(name)
                || trapFunctions.contains(name)
            {
                // `print(_:to:)`, `dump(_:to:)` write into a stream the code owns, not the console.
                if consoleFunctions.contains(name), call.argumentLabels.contains("to") { return nil }
                return leakInArguments(of: call, varargPrivacy: [], redactsByDefault: false, file: file, noting: noting)
            }
            if name == "os_log" {
                // Classic form: a static format whose `%{public}@` / `%{private}@` mark each vararg.
                let format = call.arguments.first { $0.label == nil }?.expression.stringLiteralValue
                return leakInArguments(
                    of: call, varargPrivacy: format.map(formatPrivacy) ?? [], redactsByDefault: true, file: file,
                    noting: noting)
            }
            return nil
        }
        // `FileHandle.standardError.write(Data(…))`
        if name == "write", let base = call.calledBase,
            ["standardError", "standardOutput"].contains(base.lastName ?? "")
        {
            return leakInArguments(of: call, varargPrivacy: [], redactsByDefault: false, file: file, noting: noting)
        }
        guard loggerMethods.contains(name), let base = call.calledBase, isLoggerLike(base), hasMessage(call) else {
            return nil
        }
        return leakInArguments(
            of: call, varargPrivacy: [], redactsByDefault: isUnifiedLog(call, file: file), file: file,
            noting: noting)
    }

    /// The last word of the text before an interpolation, when the interpolation follows it directly
    /// ("Joined room " → "room"; "room: " → nil).
    static func lastWord(of text: String) -> String? {
        guard text.last == " " else { return nil }
        let word = text.dropLast().reversed().prefix { $0.isLetter }
        return word.isEmpty ? nil : String(word.reversed())
    }

    /// Labels that carry the text of a log line.
    private static let messageLabels: Set<String> = [
        "message", "msg", "text", "string", "format", "items", "event", "details", "info", "description", "error",
        "value", "object", "content"
    ]

    /// Whether a logger method is given a line to write: an unlabeled argument or one labelled as the message.
    /// `logHandler.log(entityID: id, actionType: .created, kind: .service)` records a change for sync, with no
    /// text to print.
    private static func hasMessage(_ call: FunctionCallExprSyntax) -> Bool {
        if call.trailingClosure != nil { return true }
        return call.arguments.contains { argument in
            guard let label = argument.label?.text else { return true }
            return messageLabels.contains(label) || messageLabels.contains(label.lowercased())
                || SensitiveName.words(label).contains { messageLabels.contains($0) }
        }
    }

    /// A Logger call of the unified log: the file imports os / OSLog, the logger is made as os's `Logger()` /
    /// `Logger(subsystem:category:)` (swift-log's is `Logger(label:)`), or the call marks privacy itself.
    private static func isUnifiedLog(_ call: FunctionCallExprSyntax, file: SwiftFile?) -> Bool {
        if let file, !file.imports.isDisjoint(with: ["os", "OSLog"]) { return true }
        if file?.imports.contains("Logging") != true, let base = call.calledBase,
            let made = LocalValue.origin(of: base)?.unwrapped.as(FunctionCallExprSyntax.self),
            made.calledName == "Logger", made.argument("label") == nil
        {
            return true
        }
        return call.arguments.contains { argument in
            argument.expression.as(StringLiteralExprSyntax.self)?.segments.contains { segment in
                segment.as(ExpressionSegmentSyntax.self)?.expressions.contains { $0.label?.text == "privacy" } ?? false
            } ?? false
        }
    }

    /// `print(…)`, `Swift.print(…)`: not a method of some other type that happens to share the name.
    static func isGlobalCall(_ call: FunctionCallExprSyntax) -> Bool {
        if call.calledExpression.is(DeclReferenceExprSyntax.self) { return true }
        if let base = call.calledBase?.as(DeclReferenceExprSyntax.self) {
            return ["Swift", "Foundation", "os"].contains(base.baseName.text)
        }
        return false
    }

    /// `logger`, `Self.log`, `Logger.auth`, `AppLog.network`: a base with a word starting with "log".
    private static func isLoggerLike(_ base: ExprSyntax) -> Bool {
        namesLogger(base.sourceText)
    }

    /// Inside a type or extension named as `isLoggerLike` reads a base (`extension Logger`, `enum AppLog`).
    private static func isInLoggerType(_ node: some SyntaxProtocol) -> Bool {
        SwiftFile.typeName(around: node).map(namesLogger) == true
    }

    private static func namesLogger(_ text: String) -> Bool {
        SensitiveName.words(text).contains { $0.hasPrefix("log") }
    }

    /// Walks the logged arguments. A string literal is checked per interpolation, honouring `privacy:`;
    /// the n-th unlabeled argument after the first is a format vararg whose privacy is `varargPrivacy[n]`
    /// and whose label is the text before its `%` in the format.
    private static func leakInArguments(
        of call: FunctionCallExprSyntax, varargPrivacy: [String?], redactsByDefault: Bool, file: SwiftFile?,
        excluding: Set<String> = [], followingStreams: Bool = true, noting: ((ExprSyntax) -> Void)? = nil
    ) -> Leak? {
        var unlabeledIndex = 0
        var formatLabels: [String?] = []
        var previousText: String?
        // `NSLogv("%@", getVaList([password]))`: the list's elements are the format's arguments.
        let arguments: [(label: String?, expression: ExprSyntax)] = call.arguments.flatMap { argument in
            if argument.label == nil || argument.label?.text == "arguments",
                let list = argument.expression.as(FunctionCallExprSyntax.self),
                list.calledName == "getVaList", let array = list.arguments.first?.expression.as(ArrayExprSyntax.self)
            {
                return array.elements.map { (label: String?.none, expression: $0.expression) }
            }
            return [(argument.label?.text, argument.expression)]
        }
        for argument in arguments {
            if let label = argument.label, optionLabels.contains(label) || excluding.contains(label) { continue }
            defer { if argument.label == nil { unlabeledIndex += 1 } }
            let expr = argument.expression
            if let literal = expr.as(StringLiteralExprSyntax.self) {
                if let leak = leakInInterpolations(
                    of: literal, redactsByDefault: redactsByDefault, file: file, noting: noting)
                {
                    return leak
                }
                if unlabeledIndex == 0, let format = expr.stringLiteralValue {
                    formatLabels = LogLabel.formatLabels(format)
                }
                previousText = expr.stringLiteralValue
                continue
            }
            defer { previousText = nil }
            let varargIndex = unlabeledIndex - 1
            let privacy: String? =
                varargIndex >= 0 && varargIndex < varargPrivacy.count ? varargPrivacy[varargIndex] : nil
            if privacy == "private" { continue }
            let isPublic = privacy == "public" || !redactsByDefault
            if isPublic, followingStreams, let leak = streamedLeak(into: expr, file: file) { return leak }
            guard isPublic, !isAppMadeText(expr, in: file) else { continue }
            noting?(expr)
            if let file, let steps = SecretOrigin.trace(expr, in: file) {
                return .traced(SecretOrigin.displayName(of: expr), steps)
            }
            if let name = Sensitivity.sensitiveName(in: expr),
                // `print("Push Token:", token)`: the text before it says which token.
                !(expr.unwrapped.is(DeclReferenceExprSyntax.self)
                    && previousText.map { Sensitivity.isQualifiedAsNonSecret(name, by: $0) } == true)
            {
                return privacy == "public" ? .markedPublic(name) : .plain(name)
            }
            if varargIndex >= 0, varargIndex < formatLabels.count, let label = formatLabels[varargIndex],
                LogLabel.mayHoldSecret(expr), !Sensitivity.namesHarmlessKind(expr, of: label)
            {
                return .labelled(label)
            }
            if privacy == "public", let name = PersonalData.name(in: expr) { return .personal(name) }
        }
        return nil
    }

    /// What earlier code of the function wrote into the local text `expr` names, as into a stream:
    /// `print(password, to: &line)`, `line.write(password)`, `password.write(to: &line)`; logging `line` logs that.
    private static func streamedLeak(into expr: ExprSyntax, file: SwiftFile?) -> Leak? {
        guard file?.mayWriteIntoStreams != false, let ref = expr.unwrapped.as(DeclReferenceExprSyntax.self),
            let body = ref.enclosingBody
        else { return nil }
        let name = ref.baseName.text
        // Only a `var` the function declares is written into.
        guard
            body.contains(where: { item in
                guard let decl = item.item.as(VariableDeclSyntax.self),
                    decl.bindingSpecifier.tokenKind == .keyword(.var)
                else { return false }
                return decl.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
            })
        else { return nil }
        let writes = SyntaxSearch.all(
            FunctionCallExprSyntax.self, in: body,
            where: { call in
                call.endPosition <= ref.position
                    && ["print", "debugPrint", "dump", "write"].contains(call.calledName ?? "")
            })
        for write in writes {
            let target = write.argument("to")?.as(InOutExprSyntax.self)?.expression.lastName
            if target == name, write.calledName != "write" {
                if let leak = leakInArguments(
                    of: write, varargPrivacy: [], redactsByDefault: false, file: file, followingStreams: false)
                {
                    return leak
                }
            } else if write.calledName == "write", target == name, let value = write.calledBase,
                let sensitive = Sensitivity.sensitiveName(in: value)
            {
                return .plain(sensitive)
            } else if write.calledName == "write", target == nil, write.calledBase?.lastName == name,
                let leak = leakInArguments(
                    of: write, varargPrivacy: [], redactsByDefault: false, file: file, followingStreams: false)
            {
                return leak
            }
        }
        return nil
    }

    private static func leakInInterpolations(
        of literal: StringLiteralExprSyntax, redactsByDefault: Bool, file: SwiftFile?,
        noting: ((ExprSyntax) -> Void)? = nil
    ) -> Leak? {
        var preceding = ""
        var personal: Leak?
        for segment in literal.segments {
            if let text = segment.as(StringSegmentSyntax.self) {
                preceding = text.content.text
                continue
            }
            defer { preceding = "" }
            guard let interpolation = segment.as(ExpressionSegmentSyntax.self),
                let value = interpolation.expressions.first(where: { $0.label == nil })?.expression
            else { continue }
            let privacy = interpolation.expressions.first(where: { $0.label?.text == "privacy" })?.expression
            // `.private`, `.sensitive`, `.private(mask: .hash)`, `.public`, `.auto`
            let level = privacy.map { $0.as(FunctionCallExprSyntax.self)?.calledName ?? $0.lastName }
            if level == "private" || level == "sensitive" { continue }
            let isPublic = level == "public" || !redactsByDefault
            guard isPublic, !isAppMadeText(value, in: file) else { continue }
            noting?(value)
            if let file, let steps = SecretOrigin.trace(value, in: file) {
                return .traced(SecretOrigin.displayName(of: value), steps)
            }
            if let name = Sensitivity.sensitiveName(in: value),
                // "Joined room \(token)": the word before a bare name says which token.
                !(value.unwrapped.is(DeclReferenceExprSyntax.self)
                    && Self.lastWord(of: preceding).map {
                        Sensitivity.isQualifiedAsNonSecret(name, by: $0 + "_" + name)
                    }
                        == true)
            {
                return level == "public" ? .markedPublic(name) : .plain(name)
            }
            if let label = LogLabel.label(before: preceding), LogLabel.mayHoldSecret(value),
                !Sensitivity.namesHarmlessKind(value, of: label)
            {
                return .labelled(label)
            }
            if level == "public", personal == nil, let name = PersonalData.name(in: value) {
                personal = .personal(name)
            }
        }
        return personal
    }

    /// Text the app wrote down itself: a literal, or a constant the value resolves to. A storage key's name
    /// (`StorageKey.vpnCredentials`, which is "vpnCredentials") says where a secret is kept, not what it is; a
    /// constant that looks like a credential is `secrets.hardcoded`'s to report.
    private static func isAppMadeText(_ expr: ExprSyntax, in file: SwiftFile?) -> Bool {
        guard let file else { return false }
        // `key.rawValue` of `key: SecretKey`, an enum of the project's: the name of an item, never its value.
        if AppMadeValue.isRawValueOfProjectEnum(expr, in: file) { return true }
        guard let text = file.stringValue(of: expr) else { return false }
        return isKeyName(text) && !HardcodedSecretRule.looksLikeCredentialValue(text)
    }

    /// `vpnCredentials`, `auth_token`, `com.acme.session`: the shape of a name, not of a value written in its place
    /// (`"TOKEN=123"`, `"s3cr3t"` are values, however they were made).
    private static func isKeyName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, text.utf8.count <= 64 else {
            return false
        }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || $0 == "-" || $0 == ".")
        }
    }

    /// The privacy of each `%` conversion in an os_log format: "public", "private" (also for
    /// `{sensitive}`) or nil when unmarked. `%%` is not a conversion.
    static func formatPrivacy(_ format: String) -> [String?] {
        var result: [String?] = []
        let chars = Array(format.utf8)
        var i = 0
        while i < chars.count {
            defer { i += 1 }
            guard chars[i] == UInt8(ascii: "%"), i + 1 < chars.count else { continue }
            if chars[i + 1] == UInt8(ascii: "%") {
                i += 1
                continue
            }
            guard chars[i + 1] == UInt8(ascii: "{"),
                let close = chars[(i + 2)...].firstIndex(of: UInt8(ascii: "}"))
            else {
                result.append(nil)
                continue
            }
            let tags = String(decoding: chars[(i + 2)..<close], as: UTF8.self)
            if tags.contains("public") {
                result.append("public")
            } else if tags.contains("private") || tags.contains("sensitive") {
                result.append("private")
            } else {
                result.append(nil)
            }
            i = close
        }
        return result
    }
}
