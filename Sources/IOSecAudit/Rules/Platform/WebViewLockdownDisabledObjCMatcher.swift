/// `platform.webview-lockdown-disabled` in Objective-C: `preferences.lockdownModeEnabled = NO;`,
/// `[preferences setLockdownModeEnabled:NO]`.
enum WebViewLockdownDisabledObjCMatcher: ObjCRule {
    static var description: RuleDescription { WebViewLockdownDisabledRule.description }

    static let requiredNames: Set<String>? = ["lockdownModeEnabled", "setLockdownModeEnabled"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for assignment in source.assignments()
        where source.lastIdentifier(in: assignment.target) == "lockdownModeEnabled" {
            report(assignment.value, source, file)
        }
        for send in source.sends where send.selector == "setLockdownModeEnabled:" {
            guard let value = send.parts[0].argument else { continue }
            report(value, source, file)
        }
    }

    private static func report(_ value: Range<Int>, _ source: ObjCSource, _ file: ArtifactFile) {
        let r = source.trimmedExpression(value)
        guard r.count == 1, let index = r.first, ["NO", "false"].contains(source.text(index)) else { return }
        report(file, source, at: index, WebViewLockdownDisabledRule.message)
    }
}
