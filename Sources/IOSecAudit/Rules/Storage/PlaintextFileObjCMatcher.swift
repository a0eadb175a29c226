import IOSecCore

/// `storage.plaintext-file` in Objective-C: a secret written with `writeToFile:atomically:` /
/// `writeToURL:atomically:`, `createFileAtPath:contents:attributes:` without a protection attribute, or
/// `NSKeyedArchiver archiveRootObject:toFile:`.
enum PlaintextFileObjCMatcher: ObjCRule {
    static var description: RuleDescription { PlaintextFileRule.description }

    static let requiredNames: Set<String>? = ["writeToFile", "writeToURL", "createFileAtPath", "archiveRootObject"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends {
            let data: Range<Int>?
            let advice: String
            let destination =
                send.argument("writeToFile") ?? send.argument("writeToURL")
                ?? send.argument("createFileAtPath") ?? send.argument("toFile")
            switch send.selector {
            case "writeToFile:atomically:", "writeToURL:atomically:", "writeToFile:atomically:encoding:error:",
                "writeToURL:atomically:encoding:error:":
                data = send.receiver
                advice =
                    "write it with writeToFile:options:NSDataWritingFileProtectionComplete error: or keep it in the Keychain"
            case "createFileAtPath:contents:attributes:":
                guard let attributes = send.argument("attributes"),
                    !source.identifiers(in: attributes).contains("NSFileProtectionComplete")
                else { continue }
                data = send.argument("contents")
                advice = "create it with NSFileProtectionComplete in its attributes or keep it in the Keychain"
            case "archiveRootObject:toFile:":
                data = send.argument("archiveRootObject")
                advice = "archive to NSData and write it with NSDataWritingFileProtectionComplete"
            default:
                continue
            }
            guard let data else { continue }
            let words = source.identifiers(in: data).flatMap { SensitiveName.words($0) }
            if words.contains(where: PlaintextFileRule.encryptedWords.contains) { continue }
            if let sensitive = source.sensitiveName(in: data) {
                report(
                    file, source, at: send.open,
                    "'\(sensitive)' is written to a file without complete data protection; \(advice)")
            } else if let destination, let sensitive = sensitiveFileName(in: destination, source) {
                report(
                    file, source, at: send.open,
                    "data is written to '\(sensitive)' without complete data protection; \(advice)")
            }
        }
    }

    /// A file name that names secrets among the literals of a destination, or of the local it was built in:
    /// `path` after `path = [docs stringByAppendingPathComponent:@"credentials.plist"];`.
    private static func sensitiveFileName(in destination: Range<Int>, _ source: ObjCSource) -> String? {
        var range = source.trimmedExpression(destination)
        if range.count == 1, source.isIdentifier(range.lowerBound),
            let value = source.declaredValue(of: source.text(range.lowerBound), before: range.lowerBound)
        {
            range = value
        }
        for index in range {
            if let literal = source.stringValue(ofToken: index), let name = Sensitivity.sensitiveFileName(literal) {
                return name
            }
        }
        return nil
    }
}
