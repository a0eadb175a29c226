import Foundation
import IOSecDevTools
import Testing

@testable import IOSecAudit

/// Declaring a rule registers it: `iosec-generate` writes the registry's lists from the rule types under
/// Sources/IOSecAudit. A rule added without regenerating would never run; these tests make that a failure.
@Suite struct RuleRegistryGeneratedTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/IOSecAudit")

    static func committed() throws -> String {
        try String(contentsOf: sources.appendingPathComponent(RuleRegistryGenerator.outputPath), encoding: .utf8)
    }

    @Test func generatedRegistryIsUpToDate() throws {
        let result = try RuleRegistryGenerator.generate(sourcesDirectory: Self.sources)
        #expect(
            try Self.committed() == result.text, "RuleRegistry.generated.swift is stale: run `swift run iosec-generate`"
        )
        #expect(result.placement.count >= 140, "the generator found too few rule types: \(result.placement.count)")
    }

    /// A rule planted in the sources without regenerating: the generated text lists it, so the committed registry
    /// no longer matches and `generatedRegistryIsUpToDate` fails, naming the command that fixes it.
    @Test func aPlantedRuleMakesTheCommittedRegistryStale() throws {
        let planted = """
            struct PlantedSecretRule: SwiftRule {
                static let description = HardcodedSecretRule.description
                mutating func visit(_ node: StringLiteralExprSyntax, in file: SwiftFile) {}
            }
            enum PlantedSecretObjCMatcher {}
            extension PlantedSecretObjCMatcher: ObjCRule {}
            struct PlantedFactCollector: SwiftVisitor {}
            extension Outer {
                enum PlantedPlistRule: ArtifactRule {}
            }
            func helper() { struct LocalRule: ProjectRule {} }
            protocol PlantedProtocol: BinaryRule {}
            enum PlantedPlistCollector: ArtifactFactCollector {}
            """
        let result = try RuleRegistryGenerator.generate(
            sourcesDirectory: Self.sources, extraFiles: [("Rules/Secrets/PlantedSecretRule.swift", planted)])
        #expect(try Self.committed() != result.text)
        #expect(result.placement["PlantedSecretRule"] == ["swiftRules"])
        #expect(result.placement["PlantedSecretObjCMatcher"] == ["objcRules"])
        #expect(result.placement["PlantedFactCollector"] == ["swiftFactCollectors"])
        #expect(result.placement["Outer.PlantedPlistRule"] == ["artifactRules"])
        #expect(result.placement["LocalRule"] == nil, "a type inside a function cannot be registered")
        #expect(result.placement["PlantedProtocol"] == nil)
        #expect(result.placement["PlantedPlistCollector"] == ["artifactFactCollectors"])
        #expect(
            result.text.contains("        PlantedSecretRule.self,\n")
                || result.text.contains("        PlantedSecretRule.self\n"))
    }

    /// What the lists hold is what the sources declare, each type once per protocol it names.
    @Test func registryListsMatchTheGeneratorsPlacement() throws {
        let result = try RuleRegistryGenerator.generate(sourcesDirectory: Self.sources)
        func names(_ types: [Any.Type]) -> Set<String> { Set(types.map { "\($0)" }) }
        let registered: [String: Set<String>] = [
            "swiftRules": names(RuleRegistry.swiftRules),
            "swiftFactCollectors": names(RuleRegistry.swiftFactCollectors),
            "artifactRules": names(RuleRegistry.artifactRules), "objcRules": names(RuleRegistry.objcRules),
            "projectRules": names(RuleRegistry.projectRules), "binaryRules": names(RuleRegistry.binaryRules),
            "artifactFactCollectors": names(RuleRegistry.artifactFactCollectors)
        ]
        var expected: [String: Set<String>] = [:]
        for (type, lists) in result.placement {
            for list in lists { expected[list, default: []].insert(type.split(separator: ".").last.map(String.init)!) }
        }
        #expect(registered == expected)
    }
}
