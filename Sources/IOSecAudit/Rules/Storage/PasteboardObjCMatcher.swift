/// `storage.pasteboard` in Objective-C: a secret put on `[UIPasteboard generalPasteboard]` with `setString:` or
/// `.string =`.
enum PasteboardObjCMatcher: ObjCRule {
    static var description: RuleDescription { PasteboardRule.description }

    static let requiredNames: Set<String>? = ["generalPasteboard"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends where send.selector == "setString:" || send.selector == "setStrings:" {
            guard source.identifiers(in: send.receiver).contains("generalPasteboard"),
                let value = send.parts.first?.argument,
                let sensitive = source.sensitiveName(in: value)
            else { continue }
            report(file, source, at: send.open, message(sensitive))
        }
        for assignment in source.assignments() where source.lastIdentifier(in: assignment.target) == "string" {
            guard source.identifiers(in: assignment.target).contains("generalPasteboard"),
                let sensitive = source.sensitiveName(in: assignment.value)
            else { continue }
            report(file, source, at: assignment.target.lowerBound, message(sensitive))
        }
    }

    static func message(_ name: String) -> String {
        "'\(name)' is copied to the general pasteboard, readable by other apps and other devices; use setItems:options: with UIPasteboardOptionLocalOnly and UIPasteboardOptionExpirationDate"
    }
}
