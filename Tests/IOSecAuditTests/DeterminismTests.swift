import Foundation
@testable import IOSecAudit
import Testing

/// The reports do not depend on how many files were analysed at once: one worker and eight give byte-identical
/// JSON and SARIF for the example app (every rule seeded, Swift, Objective-C and configuration files).
///
/// The JSON summary carries the scan's wall-clock duration, the one field that legitimately differs; it is set to
/// zero in both results before rendering. SARIF has no timing field and is compared as rendered.
@Suite struct DeterminismTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/InsecureApp").path

    @Test func oneWorkerAndEightGiveIdenticalReports() throws {
        var serial = try Scanner(options: ScanOptions(jobs: 1)).scan(Self.example)
        var parallel = try Scanner(options: ScanOptions(jobs: 8)).scan(Self.example)
        #expect(serial.findings.count > 50)

        let sarif = (SARIFReporter().render(serial), SARIFReporter().render(parallel))
        #expect(!sarif.0.contains("duration"))
        Self.expectIdentical(sarif.0, sarif.1, "SARIF")

        serial.durationSeconds = 0
        parallel.durationSeconds = 0
        let json = (JSONReporter().render(serial), JSONReporter().render(parallel))
        #expect(json.0.contains("\"durationSeconds\" : 0"))
        Self.expectIdentical(json.0, json.1, "JSON")
    }

    /// Names the first line that differs, rather than printing two reports of several hundred kilobytes.
    static func expectIdentical(_ a: String, _ b: String, _ format: String) {
        guard a != b else { return }
        let left = a.split(separator: "\n", omittingEmptySubsequences: false)
        let right = b.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(left.count, right.count)
        Issue.record(
            "\(format) reports differ at line \(line + 1): \(left.dropFirst(line).first ?? "(end)") / \(right.dropFirst(line).first ?? "(end)")"
        )
    }
}
