import SwiftSyntax

/// `code.path-injection`: input the app does not control (a link's query, a downloaded text, a script message) used
/// as a file path or a path component, so `../` in it reaches files outside the folder the app meant.
struct PathInjectionRule: SwiftRule {
    static let description = RuleDescription(
        id: "code.path-injection",
        title: "File path built from input",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-CODE-4",
        cwe: 22, owasp: OWASPReference("MASWE-0050", beta: "MASWE-0082", mastg: [], .exact),
        rationale: """
            A path component taken from a deep link, a web page or a server response can hold `../`: \
            `appendingPathComponent("../../Library/Preferences/com.app.plist")` leaves the folder the app meant and \
            reads, overwrites or deletes the app's own databases, Keychain-protected exports or cached tokens. The \
            app's container is all one sandbox, so nothing else stops it.
            """,
        fix:
            "Take only the last path component of the input (`lastPathComponent`), or map it to an identifier the app chose; then check that the standardized path still starts with the folder.",
        fixExample: """
            let name = (requested as NSString).lastPathComponent
            let file = downloads.appendingPathComponent(name).standardizedFileURL
            guard file.path.hasPrefix(downloads.standardizedFileURL.path + "/") else { return }
            """,
        triggeringExamples: [
            // The input is added to a path or URL the function builds up.
            RuleExample(
                """
                func save(_ data: Data, for link: URL) throws {
                    let name = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                    var url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                    url.appendPathComponent(name)
                    try data.write(to: ↓url)
                    var path = NSTemporaryDirectory()
                    path += name
                    try FileManager.default.removeItem(atPath: ↓path)
                }
                """),
            // Where Realm and SQLite.swift open their files.
            RuleExample(
                """
                func open(_ link: URL) throws {
                    let name = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                    var config = Realm.Configuration()
                    config.fileURL = ↓URL(string: name)
                    let db = try Connection(.uri(↓name))
                }
                """),
            RuleExample(
                """
                func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                    let name = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                    let target = documents.appendingPathComponent(↓name)
                    try? FileManager.default.removeItem(at: target)
                    return true
                }
                """,
                findings: [FindingSpec(severity: .high, message: "a URL's query is used as a path")]),
            // A link's query gathered into a dictionary, read in a `case` of a switch over the path.
            RuleExample(
                """
                func openDeepLink(_ link: URL) {
                    var query: [String: String] = [:]
                    for item in URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
                        query[item.name] = item.value
                    }
                    switch link.path {
                    case "/import":
                        guard let file = query["file"] else { return }
                        try? payload.write(to: documents.appendingPathComponent(↓file))
                    default:
                        break
                    }
                }
                """),
            RuleExample(
                """
                func saveAttachment(from remote: URL, into folder: URL) throws {
                    let listing = try String(contentsOf: remote)
                    let name = listing.trimmingCharacters(in: .whitespacesAndNewlines)
                    FileManager.default.createFile(atPath: ↓folder.path + "/" + name, contents: nil)
                }
                """),
            RuleExample(
                """
                func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
                    guard let path = message.body as? String else { return }
                    let data = FileManager.default.contents(atPath: ↓path)
                    reply(data)
                }
                """),
            RuleExample(
                """
                func openNote(_ url: URL) throws -> String {
                    let name = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                    try FileManager.default.trashItem(at: ↓URL(string: name)!, resultingItemURL: nil)
                    return try String(contentsOfFile: ↓notesFolder + "/" + name)
                }
                """),
            // Objective-C: a link's query, decoded, appended to a folder; a script message as a file name.
            RuleExample(
                """
                - (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary *)options {
                    NSString *name = [url.query stringByRemovingPercentEncoding];
                    NSString *target = [NSTemporaryDirectory() stringByAppendingPathComponent:name];
                    [[NSFileManager defaultManager] removeItemAtPath:↓target error:nil];
                    return YES;
                }
                - (void)userContentController:(WKUserContentController *)controller didReceiveScriptMessage:(WKScriptMessage *)message {
                    [self.export writeToFile:↓[self.folder stringByAppendingPathComponent:message.body] atomically:YES];
                }
                """, path: "App/LinkHandler.m",
                findings: [
                    FindingSpec(message: "a URL's query is used as a path"),
                    FindingSpec(message: "a web page's script message is used as a path")
                ])
        ],
        nonTriggeringExamples: [
            // Objective-C: only the last component of the query, and a name the app made.
            RuleExample(
                """
                - (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary *)options {
                    NSString *name = [url.query lastPathComponent];
                    [[NSFileManager defaultManager] removeItemAtPath:[NSTemporaryDirectory() stringByAppendingPathComponent:name] error:nil];
                    NSString *cache = [NSString stringWithFormat:@"%@/cache-%ld", NSTemporaryDirectory(), (long)self.version];
                    [[NSFileManager defaultManager] removeItemAtPath:cache error:nil];
                    return YES;
                }
                """, path: "App/LinkHandler.m"),
            // What is added is the app's own; input added after the use does not reach it.
            RuleExample(
                """
                func save(_ data: Data, for link: URL) throws {
                    let name = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                    var url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                    url.appendPathComponent("drafts.json")
                    try data.write(to: url)
                    var label = "Saved "
                    try data.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + label))
                    label += name
                }
                """),
            RuleExample(
                """
                func open(_ link: URL) throws {
                    var config = Realm.Configuration()
                    config.fileURL = documents.appendingPathComponent("default.realm")
                    let db = try Connection(documents.appendingPathComponent("notes.sqlite3").path)
                }
                """),
            RuleExample(
                """
                // Only the requested file's extension is read, to pick a MIME type.
                func webView(_ webView: WKWebView, start task: WKURLSchemeTask) {
                    let path = task.request.url?.query ?? ""
                    let mime = URL(fileURLWithPath: path).pathExtension == "png" ? "image/png" : "text/plain"
                    respond(task, mime: mime)
                }
                """),
            RuleExample(
                """
                func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                    let name = url.lastPathComponent
                    let target = documents.appendingPathComponent(name)
                    try? FileManager.default.removeItem(at: target)
                    return true
                }
                """),
            RuleExample(
                """
                func cacheFile(for episode: Episode) -> URL {
                    caches.appendingPathComponent(episode.uuid).appendingPathExtension("mp3")
                }
                let settings = FileManager.default.contents(atPath: Bundle.main.path(forResource: "defaults", ofType: "plist")!)
                """),
            RuleExample(
                """
                // The page's message picks one of the app's own files by number.
                func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
                    guard let index = message.body as? Int, exports.indices.contains(index) else { return }
                    let data = FileManager.default.contents(atPath: exports[index].path)
                    reply(data)
                }
                """)
        ]
    )

    static let subscription = Subscription(
        calls: .named(
            Set(pathArguments.keys).subtracting(labelledOnly),
            orLabelled: Set(labelledOnly.flatMap { pathArguments[$0] ?? [] }.compactMap { $0 }), where: wantsCall),
        // Realm's configuration set member by member: `config.fileURL = url`.
        assignments: ["fileURL", "seedFilePath"])
    /// Calls whose name is too common to mark a file for the walk (`String(…)`, `Configuration(…)`): they reach the
    /// rule by their path label instead.
    static let labelledOnly: Set<String> = [
        "String", "Configuration", "Database", "DatabaseSnapshotPool", "SerializedDatabase"
    ]
    /// Where each API takes a file path or file URL: labels, and `nil` for the first unlabelled argument. Foundation's
    /// `FileManager`, `Data` / `String` / `NSData` / `NSString` reads and writes, `FileHandle`, `Bundle`, archives,
    /// and the databases opened by path (SQLite, GRDB, Realm).
    static let pathArguments: [String: [String?]] = [
        "appendingPathComponent": [nil], "appending": ["path", "component"], "URL": ["fileURLWithPath", "filePath"],
        "contents": ["atPath"], "createFile": ["atPath"], "removeItem": ["atPath", "at"],
        "contentsOfDirectory": ["atPath", "at"], "fileExists": ["atPath"], "copyItem": ["atPath", "toPath", "at", "to"],
        "moveItem": ["atPath", "toPath", "at", "to"], "linkItem": ["atPath", "toPath", "at", "to"],
        "createDirectory": ["atPath", "at"],
        "createSymbolicLink": ["atPath", "withDestinationPath", "at", "withDestinationURL", "pathContent"],
        "trashItem": ["at"], "replaceItem": ["at", "withItemAt"],
        "replaceItemAtURL": ["originalItemURL", "withItemAtURL"],
        "unmountVolume": ["at"], "changeFileAttributes": ["atPath"], "directoryContents": ["atPath"],
        "pathContentOfSymbolicLink": ["atPath"], "fileAttributes": ["atPath"], "String": ["contentsOfFile"],
        "dataWithContentsOfMappedFile": [nil],
        "destinationOfSymbolicLink": ["atPath"], "attributesOfItem": ["atPath"], "setAttributes": ["ofItemAtPath"],
        "enumerator": ["atPath", "at"], "subpaths": ["atPath"], "subpathsOfDirectory": ["atPath"],
        "contentsEqual": ["atPath", "andPath"], "changeCurrentDirectoryPath": [nil],
        "replaceItemAt": [nil, "withItemAt"],
        "FileHandle": ["forReadingAtPath", "forWritingAtPath", "forUpdatingAtPath"],
        "write": ["toFile", "to"], "NSData": ["contentsOfFile", "contentsOfMappedFile"],
        "NSString": ["contentsOfFile"], "unarchiveObject": ["withFile"], "Bundle": ["path", "url"],
        "sqlite3_open": [nil], "sqlite3_open_v2": [nil], "DatabaseQueue": ["path"], "DatabasePool": ["path"],
        "Database": ["path"], "DatabaseSnapshotPool": ["path"], "SerializedDatabase": ["path"],
        // Realm's configuration.
        "Configuration": ["fileURL", "seedFilePath"],
        // SQLite.swift: `Connection(path)`, `Connection(.uri(path))`.
        "Connection": [nil]
    ]

    /// Members that read a path's name without touching a file: `URL(fileURLWithPath: p).pathExtension` picks a MIME
    /// type, it opens nothing.
    static let nameOnlyMembers: Set<String> = [
        "pathExtension", "lastPathComponent", "pathComponents", "deletingPathExtension", "isFileURL", "hasDirectoryPath"
    ]

    /// Most calls of these common names (`URL(string:)`, `write(_:)`) take no path: they are not made for this rule.
    static func wantsCall(_ call: CallCandidate) -> Bool {
        guard let name = call.calledName, let labels = pathArguments[name] else { return false }
        return call.hasArgument(labelledWithAnyOf: labels)
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName, let labels = Self.pathArguments[name],
            !(call.parent?.as(MemberAccessExprSyntax.self).map {
                Self.nameOnlyMembers.contains($0.declName.baseName.text)
            }
                ?? false)
        else { return }
        for label in labels {
            guard
                var argument = label.map({ call.argument($0) })
                    ?? call.arguments.first(where: { $0.label == nil })?.expression
            else { continue }
            // `Connection(.uri(path))`: the location's path.
            if name == "Connection", let location = argument.unwrapped.as(FunctionCallExprSyntax.self),
                location.calledName == "uri", let path = location.arguments.first?.expression
            {
                argument = path
            }
            guard let steps = UntrustedOrigin.trace(argument, in: file) else {
                Self.recordIndirectSources(of: argument, in: file)
                continue
            }
            reportFlow(
                file, at: argument,
                "\(steps.first?.note ?? "input") is used as a path, so `../` in it reaches other files of the app; keep only its last path component",
                steps: steps, sink: "used as a path by `\(name)`")
            return
        }
    }

    /// The stored properties of the app's own types a path is made of (`export.fileName`), and the calls of other
    /// files' functions that make it (`Paths.file(named: name)`): what the project writes into them, or passes to
    /// them, may make the path a flow (`CallerArgumentsStage`).
    private static func recordIndirectSources(of path: ExprSyntax, in file: SwiftFile) {
        for (field, _) in FieldSink.embedded(in: path, ruleId: description.id) {
            var sink = field
            sink.note = "a path"
            file.record(kind: FactKind.fieldSink, value: sink.factValue, at: path)
        }
        // The app's own helpers (`Paths.inbox(named:)`, `inboxPath(for:)`), not methods of a value
        // (`docs.appendingPathComponent(name)`), which the walk of this file has already followed.
        ReturnSink.record(
            path, ruleId: description.id, note: "a path", in: file,
            where: { call in
                guard let base = call.calledBase else { return true }
                return base.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true
            })
    }

    /// The finding at a path the project fills with input out of this file's sight (`steps`): a stored property some
    /// write fills, or what a function of another file returns.
    static func indirectFinding(_ path: ExprSyntax, in file: SwiftFile, steps: [FlowStep], via: String, note: String) {
        // A URL the app was opened with, kept in a model and used later, is the document the system handed over
        // (copied into the app's Inbox): the app is meant to open it. Its parts joined to a folder are seen where
        // they are joined.
        guard steps.first?.note != UntrustedOrigin.openedURL else { return }
        file.report(
            description, at: path,
            message:
                "\(steps.first?.note ?? "input") is \(via) and used as a path, so `../` in it reaches other files of the app; keep only its last path component",
            evidence: .flow, flow: steps + [file.step(at: path, "used as a path")])
    }

    /// `config.fileURL = url` on a Realm configuration (a value made by `Realm.Configuration(…)` or named for one).
    mutating func visit(_ sequence: SequenceExprSyntax, in file: SwiftFile) {
        guard let assignment = sequence.simpleAssignment,
            let member = assignment.target.unwrapped.as(MemberAccessExprSyntax.self), let base = member.base,
            (LocalValue.origin(of: base)?.sourceText.contains("Configuration")
                ?? base.lastName.map { $0.lowercased().contains("config") }) == true,
            let steps = UntrustedOrigin.trace(assignment.value, in: file)
        else { return }
        let name = member.declName.baseName.text
        reportFlow(
            file, at: assignment.value,
            "\(steps.first?.note ?? "input") is used as a path, so `../` in it reaches other files of the app; keep only its last path component",
            steps: steps, sink: "used as the Realm file by `\(name)`")
    }
}
