import Foundation

/// Strings built outside SwiftUI views, or with arguments. (SwiftUI `Text("…")` literals are
/// looked up in Localizable.strings automatically.) Shared with the AutoFill extension.
///
/// Anything with arguments is a format string (`%d`, `%@`, positional `%1$d`) filled in with
/// `String(format:)`, never by concatenation, so translators can reorder the pieces.
enum L10n {
    static func tr(_ key: String, _ arguments: CVarArg...) -> String {
        let format = Bundle.main.localizedString(forKey: key, value: nil, table: "Localizable")
        return arguments.isEmpty ? format : String(format: format, locale: .current, arguments: arguments)
    }

    enum Common {
        static var unexpectedError: String { tr("common.unexpected_error") }
    }

    enum Unlock {
        static var useMasterPassword: String { tr("unlock.use_master_password") }
        static var biometricReason: String { tr("unlock.biometric.reason") }
        static var biometricFailed: String { tr("unlock.biometric.failed") }
        static var wrongPassword: String { tr("unlock.error.wrong_password") }
        static var mismatch: String { tr("unlock.error.mismatch") }
        static func tooShort(_ minimum: Int) -> String { tr("unlock.error.too_short", minimum) }
        static func retryAfter(_ seconds: Int) -> String { tr("unlock.error.retry_after", seconds) }
        static func biometricButton(_ biometryName: String) -> String { tr("unlock.button.biometric", biometryName) }
    }

    enum Entries {
        static var invalidTOTP: String { tr("entries.error.invalid_totp") }
        static func expiresIn(_ seconds: Int) -> String { tr("entries.one_time_code.expires", seconds) }
        static func historyCount(_ count: Int) -> String { tr("entries.history.count", count) }
    }

    enum Generator {
        static func length(_ length: Int) -> String { tr("generator.length", length) }
        static func breachFound(_ count: Int) -> String { tr("generator.breach.found", count) }
    }

    enum Settings {
        static var never: String { tr("settings.backup.never") }
        static var importFailed: String { tr("settings.import.failed") }
        static var immediately: String { tr("settings.duration.immediately") }
        static func seconds(_ value: Int) -> String { tr("settings.duration.seconds", value) }
        static func minutes(_ value: Int) -> String { tr("settings.duration.minutes", value) }
        static func importResult(imported: Int, skipped: Int) -> String { tr("settings.import.result", imported, skipped) }
    }

    enum Autofill {
        static var unlockReason: String { tr("autofill.unlock_reason") }
    }

    enum Errors {
        static var weakKDF: String { tr("error.weak_kdf") }
        static var biometricsNotEnrolled: String { tr("error.biometrics_not_enrolled") }
    }
}
