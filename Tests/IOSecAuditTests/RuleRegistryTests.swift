@testable import IOSecAudit
import Foundation
import Testing

/// What the rule registry leaves to the engine, and the artifact fact collectors, whose list is hand-kept: this
/// test reads the sources and fails when one is left out. (The rule lists are generated:
/// `RuleRegistryGeneratedTests`.)
@Suite struct RuleRegistryTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/IOSecAudit")

    /// `struct Name: SwiftRule`, `enum Name: ObjCRule`, … declared in the sources.
    static func declaredTypes(conformingTo protocols: [String]) throws -> Set<String> {
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "," || $0 == "{" })
                guard words.count >= 3, ["struct", "enum", "final", "class"].contains(String(words[0])) else {
                    continue
                }
                let rest = words.drop { $0 == "final" || $0 == "class" || $0 == "struct" || $0 == "enum" }
                guard let name = rest.first, rest.dropFirst().contains(where: { protocols.contains(String($0)) }) else {
                    continue
                }
                names.insert(String(name))
            }
        }
        return names
    }

    /// Whether code is a test, or compiled only into debug builds, is the engine's to decide: findings there carry the
    /// `test` or `debug` context (a debug one is at most low, and says so), and a test file's facts are dropped
    /// (`FileAnalyzer`). A rule or a collector that checks for itself answers differently from the engine.
    @Test func rulesAndCollectorsLeaveTestAndDebugCodeToTheEngine() throws {
        var checked = 0
        for folder in ["Rules", "Semantics/Facts"] {
            let root = Self.sources.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            for file in files {
                checked += 1
                let text = try String(contentsOf: file, encoding: .utf8)
                #expect(!text.contains("isTestCode"), "\(file.lastPathComponent) checks isTestCode itself")
                #expect(!text.contains("isDebugOnly"), "\(file.lastPathComponent) checks isDebugOnly itself")
            }
        }
        #expect(checked >= 100)
    }

    @Test func everyDeclaredArtifactCollectorIsRegistered() throws {
        let registered = Set(ArtifactFacts.collectors.map { "\($0)" })
        let declared = try Self.declaredTypes(conformingTo: ["ArtifactFactCollector"])
        #expect(!declared.isEmpty)
        for name in declared.sorted() {
            #expect(registered.contains(name), "\(name) is declared but not in ArtifactFacts.collectors: it never runs")
        }
    }
}
