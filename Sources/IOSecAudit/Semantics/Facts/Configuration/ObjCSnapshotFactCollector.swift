import IOSecCore

/// Records, for `storage.screenshot`, what `SnapshotFactCollector` records in Swift, from Objective-C: where the app
/// takes secrets (`field.secureTextEntry = YES`, `[field setSecureTextEntry:YES]`) and where it reacts to leaving the
/// foreground (a resign-active or enter-background callback with a body, or an observer of those notifications).
/// Without it, an app that covers its window in `AppDelegate.m` was told it never does. Test code records nothing.
enum ObjCSnapshotFactCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.objc]

    static let notifications: Set<String> = [
        "UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
        "UISceneWillDeactivateNotification", "UISceneDidEnterBackgroundNotification"
    ]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        let source = file.objc
        if let input = secretInput(in: source) {
            file.record(
                kind: FactKind.secretInput, value: "secureTextEntry", line: source.tokens[input].line,
                column: source.tokens[input].column)
        }
        if let (name, index) = protection(in: source) {
            file.record(
                kind: FactKind.snapshotProtection, value: name, line: source.tokens[index].line,
                column: source.tokens[index].column)
        }
        return []
    }

    /// The first `secureTextEntry = YES` or `setSecureTextEntry:YES` in code that ships.
    private static func secretInput(in source: ObjCSource) -> Int? {
        for index in source.occurrences(of: "secureTextEntry")
        where source.isPunct(index - 1, ".") && source.isPunct(index + 1, "=") && isYes(index + 2, source) {
            return index
        }
        guard source.mentions("setSecureTextEntry") else { return nil }
        for send in source.sends where send.selector == "setSecureTextEntry:" {
            if let argument = send.parts[0].argument, isYes(argument.lowerBound, source), argument.count == 1 {
                return send.parts[0].nameIndex
            }
        }
        return nil
    }

    private static func isYes(_ index: Int, _ source: ObjCSource) -> Bool {
        ["YES", "true", "@YES"].contains(source.text(index))
    }

    /// A callback with a body, or an observer of the notifications.
    private static func protection(in source: ObjCSource) -> (String, Int)? {
        // Naming each method is the cost: only files that have a callback's name look.
        let bodies = SnapshotFactCollector.callbacks.contains(where: source.mentions) ? source.bodies : []
        for body in bodies where body.count > 2 {
            guard let name = source.functionName(of: body), SnapshotFactCollector.callbacks.contains(name) else {
                continue
            }
            return (name, body.lowerBound)
        }
        for name in notifications.sorted() {
            if let index = source.occurrences(of: name).first { return (name, index) }
        }
        return nil
    }
}
