@testable import IOSecAudit
import Foundation
import Testing

/// What the rule registry leaves to the engine. (The lists of rules and collectors are generated:
/// `RuleRegistryGeneratedTests`.)
@Suite struct RuleRegistryTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/IOSecAudit")

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
}
