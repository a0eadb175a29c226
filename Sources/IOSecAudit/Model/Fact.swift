/// A small record one file contributes to project-wide rules, such as "uses the UserDefaults API here" or
/// "declares NSFaceIDUsageDescription". Project rules combine facts after every file is done.
public struct Fact: Sendable, Hashable, Codable {
    /// What kind of fact, e.g. `api.required-reason`, `usage-description.declared`.
    public var kind: String
    /// The fact's value, e.g. `NSPrivacyAccessedAPICategoryUserDefaults`.
    public var value: String
    public var file: String
    public var line: Int
    public var column: Int

    public init(kind: String, value: String, file: String, line: Int, column: Int = 1) {
        self.kind = kind
        self.value = value
        self.file = file
        self.line = line
        self.column = column
    }
}
