/// The kinds of fact the configuration collectors record, and the shape of each value. Collectors and project
/// rules name kinds only through these constants, so a typo is a compile error rather than a silent miss.
enum FactKind {
    // MARK: Swift and Objective-C source

    /// A required-reason API used here. Value: `category ␟ symbol`, e.g.
    /// `NSPrivacyAccessedAPICategoryUserDefaults ␟ UserDefaults`. First use per category per file.
    static let requiredReasonAPI = "api.required-reason"
    /// An API that needs a purpose string. Value: the `UsageDescriptions` symbol, e.g. `LAContext.evaluatePolicy`.
    static let usageDescriptionAPI = "api.usage-description"
    /// A passkey API (`ASAuthorizationPlatformPublicKeyCredentialProvider`). Value: the symbol.
    static let passkeyAPI = "api.passkey"
    /// A relying-party identifier passed to a passkey API, resolved to its text (a literal or a constant). Value:
    /// the identifier as written (`acme.example.com`); line and column of the argument.
    static let passkeyRelyingParty = "api.passkey-relying-party"
    /// A passkey ceremony the code starts. Value: `registration`, `assertion` or `account creation` (iOS 26's
    /// `ASAuthorizationAccountCreationProvider`). First per ceremony per file.
    static let passkeyCeremony = "api.passkey-ceremony"
    /// URLSession in use. Value: `URLSession`.
    static let urlSession = "network.urlsession"
    /// A string literal with an `https://` URL for a non-local host. Value: the host.
    static let httpsLiteral = "network.https-literal"
    /// Certificate or public-key pinning in code: a challenge handler that evaluates the trust and compares
    /// keys, or a pinning library. Value: how (`delegate`, `TrustKit`, `Alamofire`).
    static let pinningInCode = "network.pinning-code"
    /// A text input for a secret: `SecureField`, `isSecureTextEntry = true`, a storyboard field with secure entry.
    /// Value: how (`SecureField`, `isSecureTextEntry`, `storyboard`). First per file.
    static let secretInput = "ui.secret-input"
    /// Code that changes what the window shows when the app leaves the foreground (a scene-phase handler, a
    /// resign-active / background callback or observer, `privacySensitive()`). Value: how. First per file.
    static let snapshotProtection = "ui.snapshot-protection"
    /// A class whose own code turns its secure entry on (`isSecureTextEntry = true` on itself, not on another
    /// field). Value: the class's name.
    static let secureEntryClass = "ui.secure-entry-class"
    /// A file that names the Documents folder and, in its names or strings, a database, a log or a credential; or
    /// a Realm with its default file (in Documents). Value: the word (`log`, `sqlite`, `Realm`). First per file.
    static let documentsData = "storage.documents-data"
    /// The function or property a Swift finding sits in, when only code naming it can run it (`CallableOwner`).
    /// Value: `name ␟ public ␟ conformances` (`public` empty when not public or open; the comma-separated inheritance
    /// clause of its type or extension, empty when none); its line and column are the finding's.
    static let findingOwner = "code.finding-owner"
    /// A finding whose value comes in through a parameter of the app's own function (`ParameterSink`): what the
    /// function's callers pass decides it (`CallerArgumentsStage`). Value: `ParameterSink.factValue`; its line and
    /// column are the finding's.
    static let parameterSink = "code.parameter-sink"
    /// A sink with no finding whose value comes in through a parameter of the app's own function: a wrapper
    /// (`func save(_ value: String, forKey key: String) { defaults.set(value, forKey: key) }`). A caller that
    /// passes a secret is a finding at the call (`CallerArgumentsStage`). Value: `ParameterSink.factValue`; line and
    /// column of the sink.
    static let wrapperSink = "code.wrapper-sink"
    /// A sink with no finding whose value is read from a stored property of the app's own type (`FieldSink`): a
    /// write of input to the property, in any file, makes it a finding (`CallerArgumentsStage`). Value:
    /// `FieldSink.factValue`; line and column of the sink's value.
    static let fieldSink = "code.field-sink"
    /// A sink with no flow whose value is, in part, what a call of a function declared in another file returns
    /// (`ReturnSink`): input passed for a parameter the function returns as it is makes it a flow
    /// (`CallerArgumentsStage`). Value: `ReturnSink.factValue`; line and column of the sink's value.
    static let returnSink = "code.return-sink"
    /// A sink with no finding whose value is read through members the file does not declare (`MemberSink`): what
    /// another file's declaration of such a member returns decides (`CallerArgumentsStage`). Value:
    /// `MemberSink.factValue`; line and column of the sink's value.
    static let memberSink = "code.member-sink"
    /// A `@propertyWrapper` type whose `wrappedValue` setter writes to UserDefaults under a key its users give.
    /// Value: `type ␟ store name`; line and column of the write. Its uses are judged in `CallerArgumentsStage`.
    static let defaultsPropertyWrapper = "code.defaults-property-wrapper"
    /// The functions a deep-link handler reported by `platform.url-scheme-unvalidated` calls in its conditions with
    /// the URL. Value: the names, joined; line and column of the finding. `CalleeChecksStage` reads their bodies.
    static let deepLinkCheckCalls = "code.deep-link-check-calls"
    /// A finding that holds unless the project calls this process-wide setter somewhere (SAMKeychain's
    /// `setAccessibilityType`): `ConfiguredElsewhereStage` looks.
    static let configuredElsewhere = "code.configured-elsewhere"
    /// Objective-C or C lines that hold a finding and are compiled only when a project macro is true (`#if
    /// FEATURE_X`). Value: `macro ␟ last line`; line of the `#if`. `UndefinedMacroStage` asks whether anything sets
    /// the macro.
    static let objcMacroRegion = "code.objc-macro-region"
    /// A `storage.log-sensitive` finding at a call of a macro named for logging that no table knows (`ALog(@"…",
    /// password)`): whether a `#define` in the scan makes it log in release builds decides it (`LoggingMacroStage`).
    /// Value: the macro's name; line of the call.
    static let objcLogMacroCall = "code.objc-log-macro-call"
    /// A logging call of a name the rule knows (`NSLog`, CocoaLumberjack's `DDLogDebug`) that reports a secret: a
    /// `#define` of the same name in the scan replaces what the name does (`LoggingMacroStage`). Value: the name.
    static let objcKnownLogCall = "code.objc-known-log-call"
    /// An Objective-C method of one parameter that logs it as it is (`- (void)trace:(NSString *)message`). Value:
    /// `selector ␟ logging function`; line of the logging call.
    static let objcLogMethod = "code.objc-log-method"
    /// A `storage.log-sensitive` finding at a send of a one-part selector named for logging with a secret
    /// (`[self trace:token]`): a method of the scan with that selector that logs its argument keeps it
    /// (`LoggingMacroStage`). Value: the selector; line of the send.
    static let objcLogMethodCall = "code.objc-log-method-call"
    /// Facts about a finding of the file rather than about what ships: kept for test code too.
    static let judgesFindings: Set<String> = [objcLogMacroCall, objcKnownLogCall, objcLogMethodCall]
    /// A finding's code runs only below this iOS version (`AvailabilityFloor`).
    static let belowOSVersion = "code.below-os-version"
    /// A storyboard or XIB text field reported by `storage.keyboard-cache` whose `customClass` may turn secure entry
    /// on in code. Value: the class's name; its line is the finding's.
    static let secretInputCustomClass = "ui.secret-input-custom-class"
    /// `NSPersistentStoreFileProtectionKey` set to `.complete` / `.completeUnlessOpen`. Value: empty.
    static let coreDataFileProtection = "coredata.file-protection"
    /// Something the app does that decides whether a checklist item applies: network, web views, Keychain, local
    /// authentication, pasteboard (`AppCapability`). Value: `capability ␟ symbol or module`. First use per
    /// capability per file, in code that ships.
    static let capability = "app.capability"
    /// An IOSecKit type used in code that ships, in a file that imports IOSecKit. Value: the type name. First use
    /// per type per file.
    static let iosecKitAPI = "iosec-kit.api"

    // MARK: Configuration files

    /// A declared purpose string. Value: `key ␟ text`; line of the key.
    static let usageDescriptionDeclared = "usage-description.declared"
    /// A purpose string in `InfoPlist.strings` / `.xcstrings` (what users see in that language). Value:
    /// `key ␟ text`; line of the key.
    static let usageDescriptionLocalized = "usage-description.localized"
    /// An Info.plist of a framework or resource bundle rather than of an app or extension: `CFBundlePackageType`
    /// `FMWK` / `BNDL`, or no key that only apps and extensions have. Value: empty; line 1.
    static let libraryInfoPlist = "info-plist.library"
    /// A URL scheme an app's or extension's Info.plist registers (`CFBundleURLTypes` › `CFBundleURLSchemes`). Value:
    /// the scheme; line of the key.
    static let urlScheme = "info-plist.url-scheme"
    /// `NSAppTransportSecurity.NSPinnedDomains` present. Value: the pinned domains, comma-separated.
    static let pinnedDomains = "ats.pinned-domains"
    /// What an app's or extension's ATS lets go out in cleartext. Value: `*` (arbitrary loads, in all content or only
    /// in web views or media), or `domain ␟ sub` for a domain with insecure HTTP loads (`sub` when its subdomains
    /// too). One fact per key; line of the key.
    static let atsCleartextAllowed = "ats.cleartext-allowed"
    /// A domain an `NSExceptionDomains` entry weakens, at the line of its `network.ats-exception-insecure` finding.
    static let atsWeakenedDomain = "ats.weakened-domain"
    /// A Mac app's Info.plist names a Sparkle update feed (`SUFeedURL`): the app updates itself, which App Review
    /// does not allow, so it ships outside the App Store. Value: the feed URL; line of the key.
    static let sparkleUpdates = "info-plist.sparkle-updates"
    /// A script-message handler reads the sending frame's origin (`message.frameInfo.securityOrigin`) before it acts.
    /// Value: empty.
    static let scriptMessageOriginCheck = "webview.script-message-origin-check"
    /// An app's or extension's Info.plist was read, whether or not it configures ATS. Value: empty; line 1.
    static let appInfoPlist = "info-plist.app"
    /// A privacy manifest that parsed. Value: empty; line of `NSPrivacyAccessedAPITypes` (or of the root).
    static let privacyManifest = "privacy-manifest.file"
    /// One `NSPrivacyAccessedAPITypes` entry. Value: `category ␟ reason,reason`; line of its reasons key.
    static let privacyManifestCategory = "privacy-manifest.category"
    /// An entitlements file that parsed. Value: empty; line 1.
    static let entitlementsFile = "entitlements.file"
    /// `com.apple.developer.associated-domains` key. Value: empty; line of the key.
    static let associatedDomainsKey = "entitlements.associated-domains"
    /// One associated-domains entry. Value: the entry as written (`webcredentials:example.com?mode=developer`).
    static let associatedDomain = "entitlements.associated-domain"
    /// A service an apple-app-site-association file in the repository configures (`webcredentials`, `applinks` with
    /// details). Value: the service; line of its key.
    static let associationFileService = "aasa.service"
    /// An App ID such a file lists for a service. Value: `service ␟ TEAMID.bundle.id`; line of the App ID.
    static let associationFileApp = "aasa.app-id"
    /// One top-level entitlement, for `iosec diff`. Value: `key ␟ value` (a Boolean or string as written, an array's
    /// strings joined with `, `, `{…}` for a dictionary); line of the key.
    static let entitlement = "entitlements.entry"
    /// `get-task-allow`. Value: `true` / `false`; line of the key.
    static let getTaskAllow = "entitlements.get-task-allow"
    /// `CODE_SIGN_ENTITLEMENTS` in a pbxproj or xcconfig. Value: `configuration ␟ path`; the configuration is
    /// empty when the setting applies to every configuration (an xcconfig whose name names none).
    static let codeSignEntitlements = "build.code-sign-entitlements"

    /// What one build configuration of a native target signs as, from a pbxproj: the target's settings over the
    /// project's, `$(…)` references resolved where the pbxproj says what they are (what it does not say stays as
    /// written, for `ReleaseAppIdentities` to look up in xcconfig files). Value: `target ␟ configuration ␟
    /// DEVELOPMENT_TEAM ␟ PRODUCT_BUNDLE_IDENTIFIER ␟ CODE_SIGN_ENTITLEMENTS`, empty where unset; line of the
    /// configuration.
    static let targetSigning = "build.target-signing"

    /// A build setting of a pbxproj configuration that a rule reads (`BuildSettingsCollector.recordedKeys`). Value:
    /// `configuration ␟ key ␟ value`.
    static let buildSetting = "build.setting"

    /// A setting an xcconfig file assigns. Value: `configuration ␟ key ␟ value`, the configuration as for
    /// `codeSignEntitlements` (empty when the file names none).
    static let xcconfigSetting = "build.xcconfig-setting"

    /// `INFOPLIST_FILE` in a pbxproj. Value: the path as written (relative to the project's folder, or with
    /// `$(SRCROOT)` / `$(PROJECT_DIR)` in front).
    static let infoPlistFile = "build.info-plist-file"

    /// A native target of an Xcode project. Value: `target ␟ test|ship ␟ Info.plists`, the target as
    /// `project.pbxproj path:name` and its `INFOPLIST_FILE`s resolved to scanned paths, joined with `\u{1E}`.
    static let target = "build.target"

    /// A source file a target compiles. Value: `target ␟ path` (relative to the scanned root).
    static let targetSource = "build.target-source"

    /// A folder a target compiles whole (an Xcode 16 synchronized group). Value: `target ␟ folder ␟ exceptions`,
    /// the files it leaves out relative to the folder, joined with `\u{1E}`.
    static let targetFolder = "build.target-folder"

    /// The configuration a scheme's Archive action builds, once per project the scheme builds targets of. Value:
    /// `project ␟ configuration ␟ scheme`, the project as a path relative to the scanned root
    /// (`apps/ios/iOS.xcodeproj`); line of `<ArchiveAction`.
    static let archiveConfiguration = "build.archive-configuration"

    /// A debug-only build setting in a configuration whose name does not say development, where it takes effect
    /// (a project-level value every target overrides does not). Value: `configuration ␟ problem`; line of the
    /// setting. The configuration is empty for a shared xcconfig that names none.
    static let debugBuildSetting = "build.debug-setting"

    /// A stored attribute of a Core Data model whose name says secret. Value: `Entity.attribute ␟ category ␟
    /// class` (the entity's `representedClassName`, or its name); line of the attribute.
    static let coreDataSensitiveAttribute = "coredata.sensitive-attribute"

    /// A value a bundled property list (not an Info.plist) keeps under a credential's name, reported by
    /// `secrets.hardcoded`. Value: `key ␟ resource` (`Secret ␟ Client` for `Client.plist`); line of the value.
    static let plistSecretKey = "secrets.plist-key"

    // MARK: Values with several fields

    /// Fields are joined with the ASCII unit separator, which none of them can contain.
    static let separator: Character = "\u{1F}"

    static func join(_ fields: String...) -> String {
        fields.joined(separator: String(separator))
    }

    /// The fields of a value, padded so that `fields(v, count: 2)[1]` is always safe.
    static func fields(_ value: String, count: Int) -> [String] {
        // Split as bytes: the separator is a control character, always a boundary of its own, and splitting by
        // `Character` costs a grapheme walk of every value (thousands of localized purpose strings in a large app).
        var parts = value.utf8.split(separator: 0x1F, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        while parts.count < count { parts.append("") }
        return parts
    }
}
