import IOSecCore
import SwiftSyntax

/// `privacy.third-party-sdk-pii`: personal data (e-mail, phone, name, precise location, device identifiers) or
/// credentials handed to an analytics or crash-reporting SDK as the user ID, a user property, a custom key or
/// an event parameter.
struct ThirdPartySDKPIIRule: SwiftRule {
    static let description = RuleDescription(
        id: "privacy.third-party-sdk-pii",
        title: "Personal data sent to an analytics or crash SDK",
        severity: .medium,
        confidence: .medium,
        masvs: "MASVS-PRIVACY-1",
        cwe: 359, owasp: OWASPReference("MASWE-0067", beta: "MASWE-0109", mastg: [], .close),
        rationale: """
            Analytics and crash-reporting SDKs (Firebase Analytics, Crashlytics, Mixpanel, Amplitude, Segment, \
            Flurry, Sentry, AppsFlyer) send what they are given to a third party's servers, join it with their \
            device identifiers, and keep it beyond the app's control. An e-mail address as the user ID, a phone \
            number as a user property or coordinates as an event parameter make the data personal: the privacy \
            manifest and App Store privacy label must declare it as linked to the user, most SDK terms forbid it, \
            and a breach or subpoena at the vendor exposes it. Credentials there are a leak outright.
            """,
        fix:
            "Identify users to SDKs by an opaque, rotatable ID (a random UUID stored with the account), send coarse categories instead of raw values (\"has_email\": true, region instead of coordinates), and never send credentials.",
        fixExample: """
            Crashlytics.crashlytics().setUserID(account.analyticsID)      // random UUID, not the e-mail
            Analytics.logEvent("sign_up", parameters: ["method": "email"])
            """,
        triggeringExamples: [
            // Traits another file builds from the profile: the member's return is what the SDK gets.
            RuleExample(files: [
                (
                    "App/UserProfile+Analytics.swift",
                    """
                    extension UserProfile {
                        var segmentationTraits: [String: Any] {
                            var traits: [String: Any] = ["$email": email, "plan": plan.rawValue]
                            if let birthDate { traits["birthdate"] = birthDate }
                            return traits
                        }
                    }
                    """
                ),
                (
                    "App/AnalyticsService.swift",
                    """
                    final class AnalyticsService {
                        func identify(_ profile: UserProfile) {
                            mixpanel.people.set(properties: ↓profile.segmentationTraits)
                        }
                    }
                    """
                )
            ]),
            RuleExample(#"Analytics.shared.↓identify(identifier: secret.string, name: profile.handle)"#),
            RuleExample(
                """
                - (void)didSignIn {
                    [Flurry ↓logEvent:@"sign_in" withParameters:@{@"email": self.emailField.text, @"plan": self.plan}];
                    [[Crashlytics sharedInstance] ↓setUserEmail:self.account.email];
                }
                // A crash report's custom value, named by its key, through a local of the SDK.
                - (void)tokenisationFailed:(NSString *)number {
                    FIRCrashlytics *crashlytics = [FIRCrashlytics crashlytics];
                    [crashlytics ↓setCustomValue:number forKey:@"card_number_input"];
                }
                """, path: "App/SignInViewController.m"),
            RuleExample("Crashlytics.crashlytics().↓setUserID(user.email)"),
            RuleExample(#"Analytics.↓setUserProperty(profile.phoneNumber, forName: "phone")"#),
            RuleExample(
                """
                Analytics.↓logEvent("checkout", parameters: [
                    "amount": order.total,
                    "latitude": location.coordinate.latitude,
                ])
                """),
            RuleExample(#"Mixpanel.mainInstance().people.↓set(property: "$email", to: emailField.text ?? "")"#),
            RuleExample(
                #"amplitude.↓track(eventType: "login", eventProperties: ["password": passwordField.text ?? ""])"#),
            RuleExample("Crashlytics.crashlytics().↓setCustomValue(session.accessToken, forKey: \"token\")"),
            RuleExample("AppsFlyerLib.shared().↓customerUserID = account.emailAddress")
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                (
                    "App/UserProfile+Analytics.swift",
                    """
                    extension UserProfile {
                        var cohortTraits: [String: Any] {
                            ["plan": plan.rawValue, "weekly_goal": weeklyGoal]
                        }
                    }
                    """
                ),
                (
                    "App/AnalyticsService.swift",
                    """
                    final class AnalyticsService {
                        func identify(_ profile: UserProfile) {
                            mixpanel.people.set(properties: profile.cohortTraits)
                        }
                    }
                    """
                )
            ]),
            // The member is the value: a key pair's public identity, not its secret.
            RuleExample(#"Analytics.shared.identify(identifier: secret.identity, name: profile.handle)"#),
            RuleExample(
                """
                - (void)didSignIn {
                    [Flurry logEvent:@"email_verified" withParameters:@{@"plan": self.plan, @"emailLength": @(self.email.length)}];
                    [[Crashlytics sharedInstance] setUserIdentifier:self.account.opaqueID];
                    [self.mailer sendEmail:self.account.email];
                }
                - (void)tokenisationFailed:(NSString *)number brand:(NSString *)brandName {
                    FIRCrashlytics *crashlytics = [FIRCrashlytics crashlytics];
                    [crashlytics setCustomValue:brandName forKey:@"card_brand"];
                    [crashlytics setCustomValue:@(number.length) forKey:@"card_number_length"];
                    [crashlytics setCustomValue:@"stripe" forKey:@"card_number_source"];
                }
                """, path: "App/SignInViewController.m"),
            RuleExample("Crashlytics.crashlytics().setUserID(account.analyticsID)"),
            RuleExample(#"Analytics.logEvent("sign_up", parameters: ["method": "email"])"#),
            RuleExample(
                """
                Analytics.logEvent(AnalyticsEvents.emailSignupCompleted, parameters: [
                    "has_email": !user.email.isEmpty,
                    "email_verified": user.isEmailVerified,
                ])
                """),
            RuleExample(#"mailComposer.setToRecipients([user.email])"#),
            RuleExample(#"defaults.set(user.email, forKey: "lastEmail")"#),
            RuleExample(#"Mixpanel.mainInstance().track(event: "Opened Settings", properties: ["screen": screenName])"#)
        ]
    )

    static let subscription = Subscription(
        calls: .named([
            "setUserID", "setUserId", "identify", "changeUser", "setUser", "setUserProperty", "setUserProperties",
            "setCustomValue", "setCustomKeysAndValues", "logEvent", "log", "track", "set", "registerSuperProperties",
            "setDefaultEventParameters"
        ]),
        assignments: ["customerUserID"])

    /// Names (types, singletons, conventional instance names) of analytics and crash SDKs.
    static let sdkNames: Set<String> = [
        "Analytics", "FIRAnalytics", "Crashlytics", "FIRCrashlytics", "Mixpanel", "mixpanel", "Amplitude", "amplitude",
        "Flurry", "SentrySDK", "AppsFlyerLib", "SEGAnalytics", "analytics", "Heap", "Bugsnag", "Instabug",
        "PostHogSDK", "posthog", "Braze", "braze", "Adjust"
    ]
    /// Calls whose first argument names the event, which is not user data.
    private static let eventCalls: Set<String> = ["logEvent", "log", "track"]
    /// Labels of arguments that are keys or names rather than values.
    private static let keyLabels: Set<String> = ["forName", "forKey", "property"]
    /// Personal data an SDK is given besides `PersonalData`'s: location, names, advertising identifiers.
    private static let personalWords: Set<String> = [
        "mail", "latitude", "longitude", "lat", "lng", "lon", "coordinate", "coordinates", "surname", "firstname",
        "lastname", "fullname", "street", "postcode", "zipcode", "idfa", "idfv"
    ]
    private static let personalPairs: Set<String> = [
        "first name", "last name", "full name", "given name", "family name", "advertising identifier", "identifier for"
    ]
    /// Members that read a Bool or a number from a personal value (`email.isEmpty`).
    /// Members that hand back the base's own value in another form.
    private static let conversionMembers: Set<String> = [
        "value", "string", "stringValue", "rawValue", "text", "description", "data", "wrappedValue", "absoluteString",
        "uuidString", "base64EncodedString", "utf8", "lowercased", "uppercased", "trimmingCharacters", "some"
    ]

    private static let derivedMembers: Set<String> = [
        "isEmpty", "count", "hashValue", "hasPrefix", "hasSuffix", "contains", "isValid", "isValidEmail"
    ]

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName, let base = call.calledBase, Self.isSDK(base) else { return }
        let arguments = Array(call.arguments)
        for (index, argument) in arguments.enumerated() {
            if index == 0, Self.eventCalls.contains(name) { continue }
            if ["event", "eventName", "eventType", "name"].contains(argument.label?.text ?? "") { continue }
            let isKey = Self.keyLabels.contains(argument.label?.text ?? "")
            guard let what = Self.personalData(in: argument.expression, literalIsKey: isKey) else {
                // `people.set(properties: profile.segmentationTraits)`: what another file's member returns decides.
                if !isKey { MemberSink.record(argument.expression, ruleId: Self.description.id, in: file) }
                continue
            }
            report(
                file,
                at: call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) }
                    ?? Syntax(call.calledExpression),
                "\(what) is sent to a third-party SDK (\(Self.sdkName(in: base) ?? "analytics")); identify users by an opaque ID and send categories, not personal data"
            )
            return
        }
    }

    /// A finding at a value an SDK is given through a member another file declares, which returns personal data
    /// (`MemberSink`).
    static func memberFinding(_ value: ExprSyntax, in file: SwiftFile, steps: [FlowStep], via: String, note: String) {
        MemberSink.report(
            description, at: value, in: file, steps: steps, via: via, happens: "is sent to a third-party SDK",
            sink: "sent to the SDK", advice: "identify users by an opaque ID and send categories, not personal data")
    }

    mutating func visit(_ sequence: SequenceExprSyntax, in file: SwiftFile) {
        guard let assignment = sequence.simpleAssignment,
            let member = assignment.target.unwrapped.as(MemberAccessExprSyntax.self), let base = member.base,
            Self.isSDK(base), let what = Self.personalData(in: assignment.value, literalIsKey: false)
        else { return }
        report(
            file, at: member.declName,
            "\(what) is sent to a third-party SDK (\(Self.sdkName(in: base) ?? "analytics")) as the user ID; use an opaque ID"
        )
    }

    static func isSDK(_ base: ExprSyntax) -> Bool { sdkName(in: base) != nil }

    static func sdkName(in base: ExprSyntax) -> String? {
        for token in base.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let text) = token.tokenKind, sdkNames.contains(text) { return text }
        }
        return nil
    }

    /// "`user.email`" / "the key \"phone\"" when the expression carries personal data: an identifier naming it, a
    /// credential, or (for dictionary keys and key arguments) a string literal naming it.
    static func personalData(in expr: ExprSyntax, literalIsKey: Bool) -> String? {
        let tokens = Array(expr.tokens(viewMode: .sourceAccurate))
        // A hashed value is pseudonymous; the rule is about raw values.
        if tokens.contains(where: {
            SensitiveName.words($0.text).contains { $0 == "hash" || $0 == "hashed" || $0 == "sha256" }
        }) {
            return nil
        }
        for (i, token) in tokens.enumerated() {
            switch token.tokenKind {
            case .identifier(let text):
                if i + 2 < tokens.count, tokens[i + 1].tokenKind == .period {
                    let member = tokens[i + 2].text
                    if derivedMembers.contains(member) { continue }
                    // `secret.identity`, `session.user.id`: the value is what the member names, and the base only
                    // says where it is kept. A member that only converts the base (`token.string`) is the base.
                    if case .identifier = tokens[i + 2].tokenKind, !conversionMembers.contains(member) { continue }
                }
                if i > 0, tokens[i - 1].tokenKind == .prefixOperator("!") { continue }
                if isPersonal(text) { return "`\(text)`" }
            case .stringSegment(let text):
                guard literalIsKey || isDictionaryKey(token) else { continue }
                let key = text.hasPrefix("$") ? String(text.dropFirst()) : text
                if isPersonal(key) { return "the key \"\(key)\"" }
            default:
                continue
            }
        }
        return nil
    }

    /// A string literal that is a dictionary key (`["email": …]`).
    private static func isDictionaryKey(_ token: TokenSyntax) -> Bool {
        guard let literal = token.parent?.parent?.parent?.as(StringLiteralExprSyntax.self),
            let element = literal.parent?.as(DictionaryElementSyntax.self)
        else { return false }
        return element.key.id == literal.id
    }

    static func isPersonal(_ identifier: String) -> Bool {
        let words = SensitiveName.words(identifier)
        guard !words.contains(where: PersonalData.negators.contains) else { return false }
        if PersonalData.isPersonal(words: words) || words.contains(where: personalWords.contains) { return true }
        if zip(words, words.dropFirst()).contains(where: { personalPairs.contains("\($0) \($1)") }) { return true }
        switch SensitiveName.classify(words: words) {
        case .password?, .token?, .secret?, .card?, .credential?, .pin?, .personalID?: return true
        default: return false
        }
    }
}
