import SwiftSyntax

/// `code.debug-logging`: console logging left in code that ships.
struct DebugLoggingRule: SwiftRule {
    static let description = RuleDescription(
        id: "code.debug-logging",
        title: "Console logging in release builds",
        // A habit to note, not a weakness by itself: what is printed decides that, and a secret in the output is
        // storage.log-sensitive's finding. Reviewers judged 0 of 7 sampled findings on real apps a weakness.
        severity: .info,
        confidence: .high,
        masvs: "MASVS-STORAGE-2",
        cwe: 489,
        owasp: OWASPReference("MASWE-0061", beta: "MASWE-0094", mastg: ["MASTG-TEST-0358", "MASTG-TEST-0359"], .close),
        rationale: """
            print, debugPrint, dump and NSLog are debugging aids. In a release build NSLog still writes to the \
            device log, readable over a cable and in sysdiagnose archives, and print costs time on the main \
            thread. Debug output left in shipping code tends to grow: today a status line, tomorrow a response \
            body with a token in it. Calls that print only fixed text, numbers, caught errors or type names are not \
            reported; other values are, as a note. Keep them behind #if DEBUG, or use Logger, whose messages are \
            redacted by default.
            """,
        fix: "Wrap debugging output in #if DEBUG, or log through os.Logger with an explicit privacy level.",
        fixExample: """
            #if DEBUG
            print("cart reloaded with \\(items.count) items")
            #endif

            // Or, for events worth keeping in release builds:
            logger.debug("cart reloaded with \\(items.count, privacy: .public) items")
            """,
        triggeringExamples: [
            RuleExample(
                """
                - (void)reloadCart {
                    ↓NSLog(@"cart reloaded with %lu items", (unsigned long)self.items.count);
                    printf("done\\n");
                }
                """, path: "App/CartController.m"),
            RuleExample(#"↓print("cart reloaded: \(items)")"#),
            RuleExample(
                """
                func application(_ app: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) {
                    ↓NSLog("push received: %@", userInfo)
                }
                """),
            RuleExample(
                """
                #if !DEBUG
                ↓debugPrint(response)
                #endif
                """),
            RuleExample("↓Swift.dump(viewModel.state)"),
            RuleExample(
                """
                // One finding per file, at the first call that prints a value.
                func reload() {
                    print("reloading")
                    print("reloaded \\(items.count) items")
                    ↓print("reloaded \\(items)")
                    NSLog("done: %@", status)
                }
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                // Fixed status lines: nothing in them for a reader of the device log.
                func reload() {
                    print("reloading")
                    NSLog("sync finished")
                    print(Strings.syncDone)
                }
                enum Strings { static let syncDone = "sync done" }
                """),
            RuleExample(
                """
                // Numbers, caught errors and type names say nothing about the user.
                func sync() {
                    let start = Date()
                    do {
                        try store.sync()
                        print("sync took \\(Date().timeIntervalSince(start)) s for \\(items.count) items")
                    } catch {
                        print("sync failed: \\(error)")
                        NSLog("sync failed: %@", error.localizedDescription)
                    }
                    let status = SecItemCopyMatching(query as CFDictionary, nil)
                    NSLog("keychain status %d", status)
                    print(String(describing: Self.self), #function)
                    api.fetch().subscribe(onError: { error in print(error) })
                }
                """),
            RuleExample(
                """
                - (void)reload {
                    NSLog(@"statements reloaded");
                    puts("done");
                }
                """, path: "App/Statements.m"),
            RuleExample(
                """
                - (void)reloadCart {
                #if DEBUG
                    NSLog(@"cart reloaded with %lu items", (unsigned long)self.items.count);
                #endif
                    os_log_info(OS_LOG_DEFAULT, "cart reloaded");
                    NSLog(@"token: %@", self.session.accessToken);
                }
                """, path: "App/CartController.m"),
            RuleExample(
                """
                #if DEBUG
                print("cart reloaded with \\(items.count) items")
                #endif
                """),
            RuleExample(#"print("expected 3 rows, got \(rows.count)")"#, path: "AppTests/CartTests.swift"),
            RuleExample(
                """
                import ArgumentParser

                struct Export: ParsableCommand {
                    func run() throws { print("exported \\(count) strings") }
                }
                """, path: "Sources/strings-export/Export.swift"),
            RuleExample(#"print("wrote \(icons.count) icons")"#, path: "Scripts/GenerateIcons.swift"),
            RuleExample(#"print("generated icons", to: &buildLog)"#),
            RuleExample("printer.print(receipt)"),
            // One mistake, one finding: storage.log-sensitive reports this call.
            RuleExample(#"print("token: \(accessToken)")"#)
        ]
    )

    static let subscription = Subscription(
        calls: .named(names))
    static let names: Set<String> = ["print", "debugPrint", "dump", "NSLog"]
    /// Folders of build scripts and command-line tools, where printing is the point.
    static let toolFolders: Set<String> = ["Scripts", "scripts", "Tools", "tools", "Plugins", "BuildTools"]

    /// Decided once per file, on the first candidate call.
    private var fileIsTool: Bool?
    private var calls: [(FunctionCallExprSyntax, String)] = []

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName,
            Self.names.contains(name), LogSensitiveRule.isGlobalCall(call),
            !call.argumentLabels.contains("to"),  // print(_:to:) writes into a stream the code owns
            // Logging in debug builds is the fix this rule asks for; the engine says where code is debug-only.
            file.context(of: call) != .debug
        else { return }
        if fileIsTool == nil { fileIsTool = Self.isTool(file) }
        guard fileIsTool == false, LogSensitiveRule.leak(in: call) == nil,
            FormatStringRule.variableFormat(of: call, in: file) == nil,
            // `print("reloading")`, `print("sync took \(elapsed) s")`, `print(error)` in a catch: fixed text, numbers,
            // errors and type names tell a reader of the log nothing about the user.
            !call.arguments.allSatisfy({ HarmlessLogValue.isHarmless($0.expression, in: file) })
        else { return }
        calls.append((call, name))
    }

    /// One finding per file, at its first console call: the mistake is the habit, and thirty findings for thirty
    /// status lines would bury the findings that matter.
    mutating func finish(in file: SwiftFile) {
        guard let (first, name) = calls.first else { return }
        let context = first.buildCondition == .releaseOnly ? "release-only code" : "release builds"
        let more =
            calls.count > 1
            ? " (and \(calls.count - 1) more console call\(calls.count == 2 ? "" : "s") in this file)" : ""
        report(
            file, at: first,
            "'\(name)' writes to the console in \(context)\(more); wrap them in #if DEBUG or use Logger")
    }

    /// A build script, package manifest or command-line tool rather than app code.
    private static func isTool(_ file: SwiftFile) -> Bool {
        let parts = file.path.split(separator: "/")
        if parts.last == "Package.swift" { return true }
        if parts.dropLast().contains(where: { toolFolders.contains(String($0)) }) { return true }
        // Imports are top-level statements: no deep walk needed.
        return file.tree.statements.contains { item in
            item.item.as(ImportDeclSyntax.self)?.path.first?.name.text == "ArgumentParser"
        }
    }
}
