import IOSecCore

/// `storage.log-sensitive` in Objective-C and C: `NSLog`, `printf`-family and CocoaLumberjack calls whose
/// arguments name a secret, or whose format labels one (`NSLog(@"token: %@", value)`).
enum LogSensitiveObjCMatcher: ObjCRule {
    static var description: RuleDescription { LogSensitiveRule.description }

    static let functions: Set<String> = LogSensitiveRule.consoleFunctions.union(LogSensitiveRule.cFunctions)
        .union(LogSensitiveRule.thirdPartyFunctions).union(["os_log", "os_log_info", "os_log_debug", "os_log_error", "os_log_fault"])

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for call in source.calls where functions.contains(call.name) {
            let isOSLog = call.name.hasPrefix("os_log")
            // os_log redacts `%@` by default: only `%{public}` arguments leak.
            guard let formatIndex = call.arguments.firstIndex(where: { source.stringValue(of: $0) != nil }) else { continue }
            let format = source.stringValue(of: call.arguments[formatIndex]) ?? ""
            if isOSLog, !format.contains("{public}") { continue }
            let values = call.arguments.dropFirst(formatIndex + 1)
            let builds = source.tokens[call.nameIndex].isDebugOnly ? "debug builds" : "release builds"
            let severity: Severity? = source.tokens[call.nameIndex].isDebugOnly ? .low : nil
            if let name = values.lazy.compactMap({ source.sensitiveName(in: $0) }).first {
                let message = isOSLog
                    ? "'\(name)' is logged with public privacy in \(builds); use %{private}@ or remove it"
                    : "'\(name)' is logged in \(builds); remove it or use os_log with %{private}@"
                report(file, source, at: call.nameIndex, message, severity: severity)
            } else if !values.isEmpty, let label = labelledSecret(format) {
                report(file, source, at: call.nameIndex, "a value labelled '\(label)' is logged in \(builds); remove it or use os_log with %{private}@",
                       severity: severity, confidence: .medium)
            }
        }
    }

    /// `"token: %@"`, `"password=%s"`: the word right before a conversion names a credential.
    static func labelledSecret(_ format: String) -> String? {
        let pieces = format.components(separatedBy: "%")
        for piece in pieces.dropLast() {
            let words = SensitiveName.words(piece)
            guard let last = words.last, let category = SensitiveName.classify(last),
                  HardcodedSecretRule.credentialCategories.contains(category) || category == .card
            else { continue }
            return last
        }
        return nil
    }
}
