/// Every rule iosec knows: the CLI lists them, tests walk them, suppressions check ids against them.
public enum RuleRegistry {
    // The lists of rule types (`swiftRules`, `swiftFactCollectors`, `artifactRules`, `objcRules`, `projectRules`,
    // `binaryRules`) are in RuleRegistry.generated.swift, written by `swift run iosec-generate` from the types
    // declared under Sources/IOSecAudit: declaring a rule registers it.

    /// Every rule's description, once per id (a rule may match in Swift and in a file kind of its own, sharing
    /// one description), sorted by id.
    public static let all: [RuleDescription] = unique(
        swiftRules.map { $0.description } + artifactRules.map { $0.description } + objcRules.map { $0.description }
            + projectRules.map { $0.description } + binaryRules.map { $0.description })

    /// One description per id, sorted.
    static func unique(_ descriptions: [RuleDescription]) -> [RuleDescription] {
        var seen: Set<String> = []
        return descriptions.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    public static let allIds: Set<String> = Set(all.map(\.id))

    public static func description(for id: String) -> RuleDescription? {
        all.first { $0.id == id }
    }
}

/// A selection of rules to run. `RuleSet.all` is what a scan uses; tests narrow it to one rule.
public struct RuleSet: Sendable {
    public var swift: [any SwiftRule.Type]
    public var factCollectors: [any SwiftVisitor.Type]
    public var artifact: [any ArtifactRule.Type]
    var objc: [any ObjCRule.Type]
    public var project: [any ProjectRule.Type]
    public var binary: [any BinaryRule.Type]

    public init(
        swift: [any SwiftRule.Type], factCollectors: [any SwiftVisitor.Type], artifact: [any ArtifactRule.Type],
        project: [any ProjectRule.Type], binary: [any BinaryRule.Type] = []
    ) {
        self.init(
            swift: swift, factCollectors: factCollectors, artifact: artifact, objc: [], project: project,
            binary: binary)
    }

    init(
        swift: [any SwiftRule.Type], factCollectors: [any SwiftVisitor.Type], artifact: [any ArtifactRule.Type],
        objc: [any ObjCRule.Type], project: [any ProjectRule.Type], binary: [any BinaryRule.Type]
    ) {
        self.swift = swift
        self.factCollectors = factCollectors
        self.artifact = artifact
        self.objc = objc
        self.project = project
        self.binary = binary
    }

    public static let all = RuleSet(
        swift: RuleRegistry.swiftRules, factCollectors: RuleRegistry.swiftFactCollectors,
        artifact: RuleRegistry.artifactRules, objc: RuleRegistry.objcRules, project: RuleRegistry.projectRules,
        binary: RuleRegistry.binaryRules)

    /// No rules: a scan still reads, parses and walks every file (what the benchmark compares rules against).
    public static let none = RuleSet(swift: [], factCollectors: [], artifact: [], project: [])

    /// Only the rule with this id (fact collectors stay: project rules need their facts).
    public func only(_ id: String) -> RuleSet {
        only([id])
    }

    /// Only the rules with these ids, e.g. to test a reporter without project rules joining in.
    public func only(_ ids: Set<String>) -> RuleSet {
        filtered { ids.contains($0) }
    }

    /// The rules whose id `keep` accepts; fact collectors stay, since project rules need their facts.
    func filtered(_ keep: (String) -> Bool) -> RuleSet {
        RuleSet(
            swift: swift.filter { keep($0.description.id) }, factCollectors: factCollectors,
            artifact: artifact.filter { keep($0.description.id) }, objc: objc.filter { keep($0.description.id) },
            project: project.filter { keep($0.description.id) }, binary: binary.filter { keep($0.description.id) })
    }

    /// The Swift visitors that take part in the walk.
    var swiftVisitors: [any SwiftVisitor.Type] { swift.map { $0 as any SwiftVisitor.Type } + factCollectors }

    public var descriptions: [RuleDescription] {
        RuleRegistry.unique(
            swift.map { $0.description } + artifact.map { $0.description } + objc.map { $0.description }
                + project.map { $0.description } + binary.map { $0.description })
    }
}
