import Foundation

/// Lookup helpers for Localizable.strings / Localizable.stringsdict.
enum Strings {
    static func tr(_ key: String) -> String {
        NSLocalizedString(key, tableName: nil, bundle: .main, value: key, comment: "")
    }

    static func tr(_ key: String, _ arguments: CVarArg...) -> String {
        String(format: tr(key), locale: .current, arguments: arguments)
    }

    /// Resolves a `%d`-style plural rule from the stringsdict.
    static func plural(_ key: String, count: Int) -> String {
        String.localizedStringWithFormat(tr(key), count)
    }
}

extension Bundle {
    var shortVersion: String {
        let version = object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "?"
        let build = object(forInfoDictionaryKey: "CFBundleVersion") as? String ?? "?"
        return "\(version) (\(build))"
    }
}
