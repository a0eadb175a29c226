/// The 52 items of `shared/reference/CHECKLISTS.md`, each with the rules that decide it, when it applies, the
/// IOSecKit building blocks that provide it and what a person checks. This table is the only place the mapping
/// lives: `ChecklistTests` holds it against the reference file and the rule registry.
public enum Checklist {
    /// Headings over consecutive items, in CHECKLISTS.md's order (the file lists the items as one table; its order
    /// follows the source checklists' sections).
    public static let groups: [ChecklistGroup] = [
        ChecklistGroup(title: "Associated domains and passkeys", numbers: 1...7),
        ChecklistGroup(title: "Network", numbers: 8...12),
        ChecklistGroup(title: "Sessions and secrets", numbers: 13...16),
        ChecklistGroup(title: "Device integrity and authentication", numbers: 17...24),
        ChecklistGroup(title: "Code, logging and monitoring", numbers: 25...32),
        ChecklistGroup(title: "Data protection and the binary", numbers: 33...38),
        ChecklistGroup(title: "Privacy and architecture", numbers: 39...45),
        ChecklistGroup(title: "Before release", numbers: 46...50),
        ChecklistGroup(title: "App Store and Keychain", numbers: 51...52)
    ]

    /// Rules that no item names, and why (each rule's `outsideChecklist`): their findings are listed after the items
    /// so nothing is hidden.
    public static let rulesOutsideTheChecklist: [String: String] = Dictionary(
        RuleRegistry.all.compactMap { rule in rule.outsideChecklist.map { (rule.id, $0) } },
        uniquingKeysWith: { first, _ in first })

    /// Every IOSecKit type an item names.
    public static let kitTypes: Set<String> = Set(items.flatMap(\.kit))

    public static func item(_ number: Int) -> ChecklistItem? { items.first { $0.number == number } }

    public static let items: [ChecklistItem] = [
        ChecklistItem(
            1, "AASA configured for the production domain, reachable at /.well-known/", from: "P", kind: "live",
            decision: .person, scope: .associatedDomains, kit: ["AssociationFileSelfCheck"],
            check:
                "Run `iosec aasa DOMAIN --app-id TEAMID.bundle.id` for every associated domain: it fetches https://DOMAIN/.well-known/apple-app-site-association as Apple's CDN does (HTTPS, no redirects, 200) and checks the app is listed."
        ),
        ChecklistItem(
            2, "No development App IDs in the production AASA", from: "P", kind: "live/auto",
            rules: ["platform.aasa-dev-app-id"], decision: .rules, scope: .associationFile,
            productionRules: ["platform.aasa-dev-app-id"],
            check:
                "Scan the production copy of the file with `--production --release-app-id TEAMID.bundle.id`, or run `iosec aasa DOMAIN --app-id TEAMID.bundle.id` on the production domain: every other App ID (.dev, .staging) must go."
        ),
        ChecklistItem(
            3, "App ID format TEAM_ID.BUNDLE_ID", from: "P", kind: "auto",
            rules: ["platform.aasa-invalid", "platform.aasa-app-id-missing"], decision: .rules, scope: .associationFile,
            check:
                "Run `iosec aasa DOMAIN --project PATH` on the served file: each App ID must be a 10-character Team ID, a dot and the bundle id, and the release build's (DEVELOPMENT_TEAM.PRODUCT_BUNDLE_IDENTIFIER) must be among them."
        ),
        ChecklistItem(
            4, "AASA Content-Type correct", from: "P", kind: "live", decision: .person, scope: .associatedDomains,
            check:
                "Run `iosec aasa DOMAIN`: the file must be served as `application/json` with status 200 and no redirect, from every associated domain."
        ),
        ChecklistItem(
            5, "Associated Domains capability present; `webcredentials:domain` format", from: "P", kind: "auto",
            rules: ["platform.passkeys-without-webcredentials", "platform.passkey-rp-id-mismatch"], decision: .rules,
            scope: .passkeys,
            check:
                "Open the release entitlements: `com.apple.developer.associated-domains` must list `webcredentials:DOMAIN` (no scheme, no path) for every domain passkeys are used with, the relying-party identifier the code passes among them."
        ),
        ChecklistItem(
            6, "No `?mode=developer` in production", from: "P", kind: "auto",
            rules: ["platform.associated-domains-developer-mode"], decision: .rules, scope: .associatedDomains,
            check:
                "Read the entitlements the Release configuration signs with (CODE_SIGN_ENTITLEMENTS): no associated domain may end in `?mode=developer`."
        ),
        ChecklistItem(
            7, "Multiple domains configured if needed", from: "P", kind: "manual", decision: .person,
            scope: .associatedDomains,
            check:
                "List every domain users sign in on (web app, regional and marketing domains): each needs its own `webcredentials:` / `applinks:` entry and its own association file."
        ),
        ChecklistItem(
            8, "All API calls use HTTPS", from: "P, A, R", kind: "auto",
            rules: ["network.cleartext-url", "network.ats-arbitrary-loads", "network.ats-exception-insecure"],
            decision: .rules, scope: .capability(.network),
            check:
                "Check that every base URL (including ones from configuration or the server) is https:// and that Info.plist has no NSAllowsArbitraryLoads or insecure exception domains."
        ),
        ChecklistItem(
            9, "Certificate / public-key pinning for sensitive APIs", from: "P, A, R", kind: "auto+lib",
            rules: ["network.pinning-missing", "network.trust-all"], decision: .rules, scope: .capability(.network),
            kit: ["PinSet", "PinningEvaluator", "PinningURLSessionDelegate", "NIOPinningVerifier"],
            check:
                "Check that sessions to your own APIs pin SPKI hashes (NSPinnedDomains or a delegate that evaluates the trust, then compares pins, with a backup pin); `iosec pin HOST` prints the hashes."
        ),
        ChecklistItem(
            10, "TLS 1.2+", from: "P, A, R", kind: "auto",
            rules: ["network.tls-version", "network.ats-exception-insecure"], decision: .rules,
            scope: .capability(.network),
            check:
                "Check that no session sets a minimum TLS version below 1.2 and no ATS exception lowers NSExceptionMinimumTLSVersion; test the server with `openssl s_client -tls1_1`."
        ),
        ChecklistItem(
            11, "Request/response validation", from: "P", kind: "lib", rules: ["auth.passkey-local-challenge"],
            decision: .person, scope: .capability(.network),
            check:
                "Check that every response is validated before use (status code, Content-Type, a size limit, decoding into types that reject missing fields) and that passkey challenges come from the server, which verifies the signed response."
        ),
        ChecklistItem(
            12, "Security headers validated", from: "P", kind: "live", decision: .person, scope: .capability(.network),
            check:
                "Run `curl -sI https://HOST/` for each API and web host: Strict-Transport-Security (with a long max-age) must be present, and pages shown in web views need Content-Security-Policy and X-Content-Type-Options."
        ),
        ChecklistItem(
            13, "No sensitive data in logs", from: "P, A, R", kind: "auto+lib", rules: ["storage.log-sensitive"],
            decision: .rules, kit: ["SecureLogHandler", "Redactor"],
            check:
                "Read the log calls on login, token refresh and payment paths: secrets must be `privacy: .private` or absent."
        ),
        ChecklistItem(
            14, "Keychain storage for session data / tokens", from: "P, A, R", kind: "auto+lib",
            rules: ["storage.userdefaults-secret", "storage.plaintext-file"], decision: .rules,
            kit: ["KeychainStore", "SessionStore"],
            check:
                "Check where tokens and session data are stored: only the Keychain, never UserDefaults or plain files."
        ),
        ChecklistItem(
            15, "No hardcoded secrets", from: "P, A", kind: "auto",
            rules: ["secrets.hardcoded", "crypto.hardcoded-key"],
            decision: .rules,
            check: "Search sources, plists and bundled files for API keys, private keys and tokens; rotate any found."
        ),
        ChecklistItem(
            16, "Session timeout handling", from: "P", kind: "lib", decision: .kit, kit: ["SessionStore"],
            check:
                "Check that a session expires (server-side and in the app: an expired token is discarded, not refreshed forever) and that the app locks or signs out after inactivity; IOSecKit's SessionStore keeps the expiry with the token."
        ),
        ChecklistItem(
            17, "Jailbreak detection (if required)", from: "P, A, R", kind: "auto+lib",
            rules: ["resilience.jailbreak-detection-weak"], decision: .kit, kit: ["DeviceIntegrity"],
            check:
                "Decide whether the app's risk needs it (payments, regulated data); if so, collect several signals (IOSecKit's DeviceIntegrity) and report them to the server rather than blocking on one check."
        ),
        ChecklistItem(
            18, "Biometric authentication configured (LAContext)", from: "P, A", kind: "auto+lib",
            rules: [
                "auth.biometric-bool-gate", "auth.biometric-no-fallback", "auth.biometry-any", "auth.weak-local-auth"
            ],
            decision: .rules, scope: .capability(.localAuthentication), kit: ["BiometricGate", "BiometricSecretStore"],
            check:
                "Check that biometrics unlock a Keychain item protected by SecAccessControl rather than a Bool from evaluatePolicy, and that NSFaceIDUsageDescription is set."
        ),
        ChecklistItem(
            19, "Passcode fallback available", from: "P, A, R", kind: "auto", rules: ["auth.biometric-no-fallback"],
            decision: .rules, scope: .capability(.localAuthentication),
            check:
                "Check that every biometric prompt offers the device passcode (`.deviceOwnerAuthentication`, or `.devicePasscode` in the access control)."
        ),
        ChecklistItem(
            20, "Proper error handling for biometric failures", from: "P", kind: "lib", decision: .kit,
            scope: .capability(.localAuthentication), kit: ["BiometricGate", "BiometricSecretStore"],
            check:
                "Walk through cancel, lockout, not enrolled and unavailable (LAError codes): each must leave the user a way in (passcode or password) and never unlock on error; IOSecKit's BiometricGate maps them to typed errors."
        ),
        ChecklistItem(
            21, "Biometric enrollment changes invalidate (biometryCurrentSet)", from: "R", kind: "auto",
            rules: ["auth.biometry-any"], decision: .rules, scope: .capability(.localAuthentication),
            check: "Check that Keychain items released by biometrics use `.biometryCurrentSet`, not `.biometryAny`."
        ),
        ChecklistItem(
            22, "localizedReason specific and accurate", from: "A, R", kind: "auto", decision: .person,
            scope: .capability(.localAuthentication),
            check:
                "Read every `localizedReason` and `kSecUseOperationPrompt`: each must say what is unlocked (\"Unlock your wallet to show the card number\"), not just \"Authenticate\"."
        ),
        ChecklistItem(
            23, "Not biometrics-only for initial login", from: "R", kind: "manual", decision: .person,
            scope: .capability(.localAuthentication),
            check:
                "Sign in on a fresh install: the first login must use the account's credentials (password or passkey); biometrics may only unlock a session that already exists."
        ),
        ChecklistItem(
            24, "Code obfuscation (if required)", from: "P", kind: "manual", decision: .person,
            check:
                "Decide whether the app's threat model needs it; if so, check the release build with `strings` and `class-dump` for readable secrets, endpoints and class names."
        ),
        ChecklistItem(
            25, "Debug mode disabled in release", from: "P, R", kind: "auto",
            rules: ["code.debug-build-settings", "platform.entitlements-debug", "binary.debug-entitlement"],
            decision: .rules,
            scope: .buildSettings,
            check:
                "Check the Release configuration in Xcode (ENABLE_TESTABILITY NO, optimisation on, no DEBUG condition) and that the signed app has `get-task-allow` false (`codesign -d --entitlements - App.app`)."
        ),
        ChecklistItem(
            26, "Input validation", from: "P, R", kind: "auto+lib",
            rules: [
                "code.sql-injection", "platform.url-scheme-unvalidated", "code.format-string", "code.unsafe-c-function",
                "platform.webview-html-injection", "code.path-injection", "code.predicate-injection",
                "code.xml-external-entities", "network.credential-to-untrusted-url"
            ],
            decision: .rules, kit: ["InputPolicy", "PasswordPolicy"],
            check:
                "Check every entry point (deep links, universal links, push payloads, text fields): values are validated before use and SQL uses bound parameters."
        ),
        ChecklistItem(
            27, "Error messages don't leak sensitive information", from: "P", kind: "auto",
            rules: ["storage.log-sensitive"], decision: .rules,
            check:
                "Trigger failures (wrong password, expired session, server error): messages shown or logged must not contain tokens, server internals or whether an account exists."
        ),
        ChecklistItem(
            28, "Anti-debugging (if required)", from: "P", kind: "auto", rules: ["resilience.debugger-check"],
            decision: .kit, kit: ["DeviceIntegrity"],
            check:
                "Decide whether the app's risk needs it; if so, detect an attached debugger as one signal among several (IOSecKit's DeviceIntegrity) and report it rather than relying on one `ptrace` call."
        ),
        ChecklistItem(
            29, "Security event logging", from: "P", kind: "lib", decision: .kit, kit: ["SecurityEventRecorder"],
            check:
                "Check that logins, failed authentications, pin failures and integrity signals are recorded as events the team can see (IOSecKit's SecurityEventRecorder, or your own pipeline)."
        ),
        ChecklistItem(
            30, "Anomaly detection configured", from: "P", kind: "manual", decision: .person,
            check:
                "Ask the backend team which alerts fire on unusual sign-ins, token reuse and request rates, and who receives them."
        ),
        ChecklistItem(
            31, "Log sanitization", from: "P", kind: "lib", rules: ["storage.log-sensitive"], decision: .kit,
            kit: ["SecureLogHandler", "Redactor"],
            check:
                "Check that logs leaving the device (files, crash reports, analytics) go through redaction: os_log `privacy: .private` or IOSecKit's SecureLogHandler / Redactor."
        ),
        ChecklistItem(
            32, "Incident response plan", from: "P", kind: "manual", decision: .person,
            check:
                "Check there is a written plan: who is on call, how tokens and keys are revoked, how users are told, and how a fixed build is shipped fast."
        ),
        ChecklistItem(
            33, "Sensitive files use NSFileProtectionComplete", from: "A, R", kind: "auto+lib",
            rules: ["storage.file-protection-weak", "storage.plaintext-file"], decision: .rules,
            kit: ["ProtectedFile"],
            check: "Check that files holding personal or secret data are written with `.completeFileProtection`."
        ),
        ChecklistItem(
            34, "No secrets in Core Data / flat files", from: "A", kind: "auto",
            rules: ["storage.database-unencrypted", "storage.plaintext-file"], decision: .rules,
            check: "Check the app container (Core Data, SQLite, caches, plists) for secrets on a test device."
        ),
        ChecklistItem(
            35, "Keychain items ThisDeviceOnly", from: "A, R", kind: "auto", rules: ["storage.keychain-accessibility"],
            decision: .rules, scope: .capability(.keychain), kit: ["KeychainStore"],
            check: "Check that every Keychain item uses a `…ThisDeviceOnly` accessibility class."
        ),
        ChecklistItem(
            36, "No plaintext credentials over any connection", from: "A", kind: "auto",
            rules: ["network.secret-in-url", "network.cleartext-url"], decision: .rules, scope: .capability(.network),
            check:
                "Check that credentials travel only in headers or bodies over HTTPS, never in URLs (which are logged by servers and proxies)."
        ),
        ChecklistItem(
            37, "Background / screenshot privacy on sensitive views", from: "A", kind: "auto",
            rules: ["storage.screenshot"], decision: .rules,
            check:
                "Open a sensitive screen, go to the app switcher: the snapshot must be covered (a privacy view on `.inactive`)."
        ),
        ChecklistItem(
            38, "Hardened runtime / PIE / stack protection verified", from: "A", kind: "auto",
            rules: ["binary.no-pie", "binary.no-stack-canary", "binary.no-arc"], decision: .rules,
            scope: .builtApp,
            check:
                "Scan the release build (`iosec checklist App.ipa`); by hand: `otool -hv App` shows PIE, `otool -Iv App | grep stack_chk` the stack canaries, and Objective-C code imports `_objc_storeStrong` (ARC)."
        ),
        ChecklistItem(
            39, "Minimum server footprint, local-first", from: "A", kind: "manual", decision: .person,
            check:
                "List the data the app sends to servers and why each item cannot stay on the device; remove what is not needed."
        ),
        ChecklistItem(
            40, "CloudKit over custom server where possible", from: "A", kind: "manual", decision: .person,
            check:
                "For each sync or storage feature, check whether CloudKit (data in the user's own iCloud account) would do instead of your own server."
        ),
        ChecklistItem(
            41, "Third-party SDK audit", from: "A, R", kind: "auto", rules: ["privacy.third-party-sdk-pii"],
            decision: .person,
            check:
                "List the SDKs in Package.resolved, Podfile.lock and embedded frameworks; for each, check its privacy manifest, what data it collects and that it is still maintained."
        ),
        ChecklistItem(
            42, "Privacy nutrition label accurate", from: "A", kind: "manual", decision: .person,
            check:
                "Compare App Store Connect's privacy answers with what the app and its SDKs collect (privacy manifests, analytics events)."
        ),
        ChecklistItem(
            43, "Privacy policy covers data types", from: "A", kind: "manual", decision: .person,
            check:
                "Check that the privacy policy names every data type the nutrition label lists and how long it is kept."
        ),
        ChecklistItem(
            44, "Usage-description strings accurate and specific", from: "A, R", kind: "auto",
            rules: ["privacy.usage-description"], decision: .rules,
            check: "Read every NS…UsageDescription: each must say why this app needs the access."
        ),
        ChecklistItem(
            45, "No regulatory claims without licensing", from: "A", kind: "manual", decision: .person,
            check:
                "Check the App Store description and in-app text for claims (bank, medical device, HIPAA, PCI) the company is not licensed or certified for."
        ),
        ChecklistItem(
            46, "Keychain items cleaned on logout", from: "R", kind: "lib", decision: .person,
            scope: .capability(.keychain), kit: ["KeychainStore", "SessionStore"],
            check:
                "Sign out, then check that the session's Keychain items are gone (the logout path calls SecItemDelete, or IOSecKit's SessionStore.clear() / KeychainStore.removeAll()); items survive app deletion, so clear them on first launch too."
        ),
        ChecklistItem(
            47, "Only specific ATS exception domains", from: "R", kind: "auto",
            rules: ["network.ats-exception-insecure", "network.ats-arbitrary-loads"], decision: .rules,
            scope: .infoPlist,
            check:
                "Check NSAppTransportSecurity in the built app's Info.plist: no NSAllowsArbitraryLoads, exceptions only for named domains."
        ),
        ChecklistItem(
            48, "Clipboard: sensitive data expires", from: "R", kind: "auto+lib", rules: ["storage.pasteboard"],
            decision: .rules, scope: .capability(.pasteboard), kit: ["SecurePasteboard"],
            check: "Check that copied secrets use `.localOnly` and `.expirationDate`."
        ),
        ChecklistItem(
            49, "WebView: HTTPS only, domain allow-list", from: "R", kind: "auto+lib",
            rules: [
                "platform.uiwebview", "platform.webview-js", "platform.webview-file-access",
                "platform.webview-html-injection", "platform.webview-lockdown-disabled", "storage.webview-cache"
            ],
            decision: .rules, scope: .capability(.webView), kit: ["WebNavigationPolicy", "WebNavigationDelegate"],
            check: "Check that each web view's navigation delegate allows only https:// URLs on an allow-list of hosts."
        ),
        ChecklistItem(
            50, "No print statements in production", from: "R", kind: "auto", rules: ["code.debug-logging"],
            decision: .rules,
            check: "Check that `print` / `NSLog` calls are inside `#if DEBUG` or replaced by `Logger`."
        ),
        ChecklistItem(
            51, "Privacy manifest declares required-reason APIs (App Store rule since 2024)", from: "—", kind: "auto",
            rules: [
                "privacy.required-reason-api", "privacy.manifest-invalid", "privacy.sdk-manifest-missing",
                "privacy.framework-required-reason"
            ],
            decision: .rules,
            check:
                "Check that PrivacyInfo.xcprivacy lists each required-reason API the app and its SDKs use, with a valid reason, and that each SDK on Apple's list ships its own manifest."
        ),
        ChecklistItem(
            52,
            "Keychain code free of SecItem pitfalls (Apple forum guidance \"SecItem: Pitfalls and Best Practices\")",
            from: "K", kind: "auto",
            rules: [
                "keychain.delete-on-read-failure", "keychain.erroneous-attribute", "keychain.add-only-attribute-update",
                "keychain.query-reuse", "keychain.delete-then-add"
            ],
            decision: .rules, scope: .capability(.keychain), kit: ["KeychainStore"],
            check:
                "Read the SecItem code: add-or-update rather than delete-then-add, no delete when a read fails while the device is locked, fresh dictionaries per call."
        )
    ]
}
