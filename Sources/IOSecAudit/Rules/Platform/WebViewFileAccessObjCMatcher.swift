import IOSecCore

/// `platform.webview-file-access` in Objective-C: `[preferences setValue:@YES forKey:@"allowFileAccessFromFileURLs"]`
/// (or `allowUniversalAccessFromFileURLs`), and `loadFileURL:allowingReadAccessToURL:` given the file system root,
/// the whole app bundle or a container directory.
enum WebViewFileAccessObjCMatcher: ObjCRule {
    static var description: RuleDescription { WebViewFileAccessRule.description }

    static let requiredNames: Set<String>? = ["setValue", "loadFileURL"]

    static let fileAccessKeys: Set<String> = ["allowFileAccessFromFileURLs", "allowUniversalAccessFromFileURLs"]
    /// Identifiers that name a directory wider than one page's folder.
    static let wideDirectories: [String: String] = [
        "NSDocumentDirectory": "the Documents directory", "NSLibraryDirectory": "the Library directory",
        "NSCachesDirectory": "the Caches directory",
        "NSApplicationSupportDirectory": "the Application Support directory",
        "NSHomeDirectory": "the app container", "NSTemporaryDirectory": "the temporary directory",
        "containerURLForSecurityApplicationGroupIdentifier": "the whole app group container"
    ]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends(withFirstPart: "setValue", "loadFileURL") {
            if send.selector == "setValue:forKey:", let key = send.parts[1].argument.flatMap(source.stringValue(of:)),
                fileAccessKeys.contains(key), let value = send.parts[0].argument, isYes(value, source)
            {
                report(
                    file, source, at: send.open,
                    "\(key) lets file:// pages read every file the app can read; leave it off")
            } else if send.selector == "loadFileURL:allowingReadAccessToURL:",
                let directory = send.parts[1].argument, let scope = wideDirectory(directory, source)
            {
                report(
                    file, source, at: directory.lowerBound,
                    "loadFileURL grants the page read access to \(scope); pass the file itself or a dedicated subfolder"
                )
            }
        }
    }

    /// `@YES`, `@(YES)`, `@true`, `[NSNumber numberWithBool:YES]`.
    private static func isYes(_ range: Range<Int>, _ source: ObjCSource) -> Bool {
        let words = SensitiveName.words(source.text(range)).map { $0.lowercased() }
        return (words.contains("yes") || words.contains("true")) && !words.contains("no")
    }

    /// The file system root, the main bundle or a container directory, in the expression or in the local it was
    /// declared with.
    private static func wideDirectory(_ range: Range<Int>, _ source: ObjCSource) -> String? {
        var r = source.trimmedExpression(range)
        if r.count == 1, source.isIdentifier(r.lowerBound),
            let value = source.declaredValue(of: source.text(r.lowerBound), before: r.lowerBound)
        {
            r = value
        }
        let names = source.identifiers(in: r)
        if let scope = names.lazy.compactMap({ wideDirectories[$0] }).first { return scope }
        if names.contains("mainBundle"), names.contains("bundleURL") || names.contains("bundlePath") {
            return "the whole app bundle"
        }
        for index in r {
            if let literal = source.stringValue(ofToken: index), literal == "/" || literal == "file:///" {
                return "the file system root"
            }
        }
        return nil
    }
}
