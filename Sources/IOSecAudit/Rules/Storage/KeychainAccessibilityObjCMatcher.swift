import IOSecCore

/// `storage.keychain-accessibility` in Objective-C and C: the `kSecAttrAccessibleAlways*` values, and
/// `kSecAttrAccessibleAfterFirstUnlock` without `ThisDeviceOnly`.
enum KeychainAccessibilityObjCMatcher: ObjCRule {
    static var description: RuleDescription { KeychainAccessibilityRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        let names = ["kSecAttrAccessibleAlways", "kSecAttrAccessibleAlwaysThisDeviceOnly", "kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleWhenUnlocked"]
        for (index, name) in names.flatMap({ name in source.occurrences(of: name).map { ($0, name) } }).sorted(by: { $0.0 < $1.0 }) {
            switch name {
            case "kSecAttrAccessibleAlways", "kSecAttrAccessibleAlwaysThisDeviceOnly":
                report(file, source, at: index, "'\(name)' keeps the item readable while the device is locked; use kSecAttrAccessibleWhenUnlockedThisDeviceOnly")
            case "kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleWhenUnlocked":
                // The value, not a comparison or a log of it.
                guard !source.isPunct(index - 1, "=="), !source.isPunct(index + 1, "==") else { continue }
                // As in Swift: synchronizable items cannot be ThisDeviceOnly, certificates are public, and a search
                // query stores nothing.
                let statement = Set(source.identifiers(in: source.statement(containing: index)))
                guard statement.isDisjoint(with: ["kSecAttrSynchronizable", "kSecClassCertificate", "SecItemCopyMatching", "SecItemDelete"]) else { continue }
                // `allowBackup ? kSecAttrAccessibleAfterFirstUnlock : kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`:
                // a setting the user chose, with the device-only class as the other branch.
                if statement.contains(name + "ThisDeviceOnly") { continue }
                report(file, source, at: index, "'\(name)' lets the item leave the device in backups; use \(name)ThisDeviceOnly",
                       severity: .medium)
            default:
                continue
            }
        }
    }
}
