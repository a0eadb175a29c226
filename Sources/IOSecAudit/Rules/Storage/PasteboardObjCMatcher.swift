import IOSecCore

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
            report(
                file, source, at: send.open, message(sensitive),
                confidence: sharedByDesign(send.open, source) ? .low : nil)
        }
        for assignment in source.assignments() where source.lastIdentifier(in: assignment.target) == "string" {
            guard source.identifiers(in: assignment.target).contains("generalPasteboard"),
                let sensitive = source.sensitiveName(in: assignment.value)
            else { continue }
            report(
                file, source, at: assignment.target.lowerBound, message(sensitive),
                confidence: sharedByDesign(assignment.target.lowerBound, source) ? .low : nil)
        }
    }

    /// `PasteboardRule.sharedByDesign`: the method, or the class it is implemented in, is named for sharing, a
    /// guest or an invitation.
    static func sharedByDesign(_ index: Int, _ source: ObjCSource) -> Bool {
        var names: [String] = []
        if let body = source.body(containing: index), let name = source.functionName(of: body) { names.append(name) }
        // The class of the nearest `@implementation` before the copy.
        var k = index
        while k > 0 {
            k -= 1
            if source.tokens[k].kind == .directive, source.text(k) == "@implementation", k + 1 < index,
                source.isIdentifier(k + 1)
            {
                names.append(source.text(k + 1))
                break
            }
        }
        return names.contains { SensitiveName.words($0).contains(where: PasteboardRule.sharingWords.contains) }
    }

    static func message(_ name: String) -> String {
        "'\(name)' is copied to the general pasteboard, readable by other apps and other devices; use setItems:options: with UIPasteboardOptionLocalOnly and UIPasteboardOptionExpirationDate"
    }
}
