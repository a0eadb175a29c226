/// Storyboard and XIB text fields whose `customClass` turns secure entry on in its own code (from
/// `FactKind.secureEntryClass`): their traits say nothing, their class hides what is typed.
struct SecureEntryClasses {
    /// `file ␟ line` of each reported field, with its class.
    private let fieldClasses: [String: String]
    private let securedClasses: Set<String>

    init(facts: [Fact]) {
        var fieldClasses: [String: String] = [:]
        var securedClasses: Set<String> = []
        for fact in facts {
            if fact.kind == FactKind.secretInputCustomClass {
                fieldClasses[FactKind.join(fact.file, String(fact.line))] = fact.value
            } else if fact.kind == FactKind.secureEntryClass {
                securedClasses.insert(fact.value)
            }
        }
        self.fieldClasses = fieldClasses
        self.securedClasses = securedClasses
    }

    /// The class of the field at `file`:`line` when that class's code turns secure entry on.
    func securingClass(file: String, line: Int) -> String? {
        guard !securedClasses.isEmpty, let name = fieldClasses[FactKind.join(file, String(line))],
            securedClasses.contains(name)
        else { return nil }
        return name
    }
}
