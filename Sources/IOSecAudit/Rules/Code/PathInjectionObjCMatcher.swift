import IOSecCore

/// `code.path-injection` in Objective-C: a URL's query or fragment, a script message or a text control's text
/// (`ObjCUntrustedInput`) given as the path of a file operation (`removeItemAtPath:error:`, `writeToFile:…`,
/// `createFileAtPath:…`, `fileURLWithPath:` …), directly, appended to a folder, or through a local of the same body.
enum PathInjectionObjCMatcher: ObjCRule {
    static var description: RuleDescription { PathInjectionRule.description }

    /// File operations, with the parts whose argument is a path.
    static let sinks: [String: Set<Int>] = [
        "removeItemAtPath:error:": [0], "removeItemAtURL:error:": [0],
        "createFileAtPath:contents:attributes:": [0],
        "createDirectoryAtPath:withIntermediateDirectories:attributes:error:": [0],
        "moveItemAtPath:toPath:error:": [0, 1], "copyItemAtPath:toPath:error:": [0, 1],
        "moveItemAtURL:toURL:error:": [0, 1], "copyItemAtURL:toURL:error:": [0, 1],
        "contentsAtPath:": [0], "fileHandleForWritingAtPath:": [0], "fileHandleForReadingAtPath:": [0],
        "fileHandleForUpdatingAtPath:": [0],
        "writeToFile:atomically:": [0], "writeToFile:options:error:": [0],
        "writeToFile:atomically:encoding:error:": [0], "writeToURL:atomically:": [0],
        "writeToURL:options:error:": [0],
        "dataWithContentsOfFile:": [0], "dataWithContentsOfFile:options:error:": [0],
        "stringWithContentsOfFile:encoding:error:": [0], "initWithContentsOfFile:": [0],
        "fileURLWithPath:": [0], "fileURLWithPath:isDirectory:": [0]
    ]

    static let requiredNames: Set<String>? = firstParts(of: sinks.keys)

    /// Only the last component, or a name checked against a list, is what the app chose.
    private static let input = ObjCUntrustedInput(sanitized: { name in
        ["lastPathComponent", "stringByDeletingPathExtension"].contains(name)
            || SensitiveName.words(name).contains { $0 == "sanitized" || $0 == "validated" || $0 == "safe" }
    })

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends {
            guard let parts = sinks[send.selector] else { continue }
            for index in parts.sorted() where index < send.parts.count {
                guard let path = send.parts[index].argument,
                    let input = input.input(in: path, of: source, before: send.open)
                else { continue }
                report(
                    file, source, at: path.lowerBound,
                    "\(input) is used as a path, so `../` in it reaches other files of the app; keep only its last path component"
                )
                break
            }
        }
    }
}
