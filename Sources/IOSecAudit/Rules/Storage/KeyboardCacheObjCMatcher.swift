import IOSecCore

/// `storage.keyboard-cache` in Objective-C: a password, PIN or card field with secure entry turned off
/// (`self.passwordField.secureTextEntry = NO;`, `[pinField setSecureTextEntry:NO]`), unless the file also turns it
/// back on for that field (a show-password toggle).
enum KeyboardCacheObjCMatcher: ObjCRule {
    static var description: RuleDescription { KeyboardCacheRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        var insecure: [(at: Int, field: String, category: SensitiveCategory)] = []
        var madeSecure: Set<String> = []
        func record(field: String?, value: Range<Int>, at: Int) {
            guard let field else { return }
            guard source.identifiers(in: value) == ["NO"] || source.identifiers(in: value) == ["false"] else {
                madeSecure.insert(field)  // `YES`, or a state (`!self.revealed`)
                return
            }
            guard let category = SensitiveName.classifyInputField(field),
                KeyboardCacheSwiftMatcher.secretCategories.contains(category)
            else { return }
            insecure.append((at, field, category))
        }
        guard source.mentions("secureTextEntry") || source.mentions("setSecureTextEntry") else { return }
        for index in source.occurrences(of: "secureTextEntry") {
            guard source.isPunct(index - 1, "."), source.isIdentifier(index - 2), source.isPunct(index + 1, "=") else {
                continue
            }
            var start = index - 2
            while source.isPunct(start - 1, "."), source.isIdentifier(start - 2) { start -= 2 }
            var end = index + 2
            while end < source.tokens.count, !source.isPunct(end, ";") { end += 1 }
            record(field: source.text(index - 2), value: (index + 2)..<end, at: start)
        }
        for send in source.sends where send.selector == "setSecureTextEntry:" {
            guard let value = send.parts[0].argument else { continue }
            record(field: source.lastIdentifier(in: send.receiver), value: value, at: send.open)
        }
        for entry in insecure where !madeSecure.contains(entry.field) {
            report(
                file, source, at: entry.at,
                "'\(entry.field)' takes \(entry.category.noun) with secure entry turned off: it is shown, offered to autocorrection and cached by the keyboard; leave isSecureTextEntry on"
            )
        }
    }
}
