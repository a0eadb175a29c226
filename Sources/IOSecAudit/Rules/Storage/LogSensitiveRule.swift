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
            RuleExample(#"↓print("Access token: \(session.accessToken)")"#),
            RuleExample("""
            func signIn(email: String, password: String) {
                ↓NSLog("Signing in %@ with %@", email, password)
            }
            """),
            RuleExample("""
            func didReceive(_ response: AuthResponse) {
                let refresh = response.refreshToken
                ↓logger.debug("refresh: \\(refresh, privacy: .public)")
            }
            """),
            RuleExample(#"↓Logger.auth.info("bearer \(authToken)")"#),
            RuleExample(#"↓os_log("PIN %{public}@ accepted", log: .default, type: .info, pin)"#),
            RuleExample("""
            #if DEBUG
            // Low, and only with --include-context debug.
            ↓debugPrint(credentials)
            #endif
            """, options: ScanOptions(jobs: 1, includedContexts: [.debug])),
            RuleExample("↓dump(keychainItem.password)"),
        ],
        nonTriggeringExamples: [
            RuleExample(#"print("Token refreshed, \(token.count) characters, expires \(token.expiresAt)")"#),
            RuleExample(#"logger.info("user \(user.id, privacy: .public) signed in, token \(token, privacy: .private(mask: .hash))")"#),
            RuleExample(#"logger.error("login failed: \(apiKey, privacy: .sensitive)")"#),
            RuleExample(#"os_log("OTP %{private}@ sent to %{public}@", log: .auth, type: .info, otp, phoneNumberSuffix)"#),
            RuleExample(#"print("Password reset email sent to \(maskedEmail)")"#),
            RuleExample(#"NSLog("tokenizer loaded %d entries", tokenizer.count)"#),
            RuleExample(#"""
            // XCTest output for CI; fake credentials.
            print("Using password \(password)")
            """#, path: "AppTests/LoginTests.swift"),
        ]
    )

    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let calleeNames: Set<String>? = consoleFunctions.union(thirdPartyFunctions).union(loggerMethods).union(["os_log"])

    /// How a value leaks.
    enum Leak {
        /// To the console or a plain logger, which has no privacy.
        case plain(String)
        /// Marked `privacy: .public` / `%{public}`.
        case markedPublic(String)
        /// Into the unified log without an explicit `.private` / `.sensitive`.
        case noPrivacy(String)

        var name: String {
            switch self {
            case .plain(let name), .markedPublic(let name), .noPrivacy(let name): name
            }
        }
    }

    /// Global logging functions, called without a base (or on `Swift.` / `Foundation.`).
    static let consoleFunctions: Set<String> = ["print", "debugPrint", "dump", "NSLog"]
    static let thirdPartyFunctions: Set<String> = ["DDLogDebug", "DDLogInfo", "DDLogWarn", "DDLogError", "DDLogVerbose"]
    /// Logger / SwiftyBeaver / swift-log methods, called on something named like a logger.
    static let loggerMethods: Set<String> = [
        "trace", "debug", "info", "notice", "warning", "warn", "error", "fault", "critical", "log", "verbose",
    ]
    /// Labels of arguments that are not logged.
    static let optionLabels: Set<String> = [
        "separator", "terminator", "to", "name", "indent", "maxDepth", "maxItems", "log", "type", "dso",
        "level", "file", "function", "line", "context", "metadata", "source",
    ]

    mutating func visit(_ node: Syntax, in file: SwiftFile) {
        guard let call = node.as(FunctionCallExprSyntax.self),
              let leak = Self.leak(in: call) else { return }
        let debugOnly = call.isDebugOnly
        let builds = debugOnly ? "debug builds" : "release builds"
        let message: String
        switch leak {
        case .plain(let name):
            message = "'\(name)' is logged in \(builds); remove it or use Logger with privacy: .private"
        case .markedPublic(let name):
            message = "'\(name)' is logged with public privacy in \(builds); use privacy: .private or .sensitive"
        case .noPrivacy(let name):
            message = "'\(name)' is logged without privacy: .private in \(builds); mark it .private or .sensitive"
        }
        report(file, at: call, message, severity: debugOnly ? .low : nil)
    }

    /// The sensitive value a logging call writes out, or nil when it is not a logging call or logs nothing
    /// sensitive. `code.debug-logging` asks this too, so one mistake gives one finding.
    static func leak(in call: FunctionCallExprSyntax) -> Leak? {
        guard let name = call.calledName else { return nil }
        if isGlobalCall(call) {
            if consoleFunctions.contains(name) || thirdPartyFunctions.contains(name) {
                return leakInArguments(of: call, varargPrivacy: [], unifiedLog: false)
            }
            if name == "os_log" {
                // Classic form: a static format whose `%{public}@` / `%{private}@` mark each vararg.
                let format = call.arguments.first { $0.label == nil }?.expression.stringLiteralValue
                return leakInArguments(of: call, varargPrivacy: format.map(formatPrivacy) ?? [], unifiedLog: true)
            }
            return nil
        }
        guard loggerMethods.contains(name), let base = call.calledBase, isLoggerLike(base) else { return nil }
        return leakInArguments(of: call, varargPrivacy: [], unifiedLog: true)
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
        SensitiveName.words(base.sourceText).contains { $0.hasPrefix("log") }
    }

    /// Walks the logged arguments. A string literal is checked per interpolation, honouring `privacy:`;
    /// the n-th unlabeled argument after the first is a format vararg whose privacy is `varargPrivacy[n]`.
    /// `unifiedLog`: os_log / Logger-style calls, where a missing privacy level is the mistake.
    private static func leakInArguments(of call: FunctionCallExprSyntax, varargPrivacy: [String?], unifiedLog: Bool) -> Leak? {
        var unlabeledIndex = 0
        for argument in call.arguments {
            if let label = argument.label?.text, optionLabels.contains(label) { continue }
            defer { if argument.label == nil { unlabeledIndex += 1 } }
            let expr = argument.expression
            if let literal = expr.as(StringLiteralExprSyntax.self) {
                if let leak = leakInInterpolations(of: literal, unifiedLog: unifiedLog) { return leak }
                continue
            }
            guard let name = Sensitivity.sensitiveName(in: expr) else { continue }
            let varargIndex = unlabeledIndex - 1
            if varargIndex >= 0, varargIndex < varargPrivacy.count {
                switch varargPrivacy[varargIndex] {
                case "private": continue
                case "public": return .markedPublic(name)
                default: return .noPrivacy(name)
                }
            }
            return unifiedLog ? .noPrivacy(name) : .plain(name)
        }
        return nil
    }

    private static func leakInInterpolations(of literal: StringLiteralExprSyntax, unifiedLog: Bool) -> Leak? {
        for segment in literal.segments {
            guard let interpolation = segment.as(ExpressionSegmentSyntax.self),
                  let value = interpolation.expressions.first(where: { $0.label == nil })?.expression,
                  let name = Sensitivity.sensitiveName(in: value)
            else { continue }
            guard let privacy = interpolation.expressions.first(where: { $0.label?.text == "privacy" })?.expression
            else { return unifiedLog ? .noPrivacy(name) : .plain(name) }
            // `.private`, `.sensitive`, `.private(mask: .hash)`
            let level = privacy.as(FunctionCallExprSyntax.self)?.calledName ?? privacy.lastName
            switch level {
            case "private", "sensitive": continue
            case "public": return .markedPublic(name)
            default: return .noPrivacy(name)
            }
        }
        return nil
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
            if chars[i + 1] == UInt8(ascii: "%") { i += 1; continue }
            guard chars[i + 1] == UInt8(ascii: "{"),
                  let close = chars[(i + 2)...].firstIndex(of: UInt8(ascii: "}")) else {
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
