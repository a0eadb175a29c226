import Foundation
import IOSecAudit
import IOSecCore
import Testing

/// The in-memory entry point the fuzz harness (`Fuzz/`) drives, and inputs the fuzzers found (each named after its
/// file in `Fuzz/Corpus/<target>/`).
@Suite struct FuzzRegressionTests {
    @Test func bytesReachTheAnalysisUnrepaired() {
        let bytes = Array("let token = \"".utf8) + [0xFF, 0xFE] + Array("\"\nprint(token)\n".utf8)
        let result = SourceAnalysis.analyze(bytes: bytes, path: "App/Session.swift")
        #expect(result.diagnostics.map(\.message).contains { $0.hasPrefix("invalid UTF-8 at line 1") })
        // A String cannot carry the invalid bytes, so that entry point has nothing to report.
        let repaired = SourceAnalysis.analyze(String(decoding: bytes, as: UTF8.self), path: "App/Session.swift")
        #expect(repaired.diagnostics.isEmpty)
    }

    @Test func bytesAreAnalysedAsTheFileKindOfTheirPath() {
        let code = "UserDefaults.standard.set(token, forKey: \"token\")\n"
        let fromBytes = SourceAnalysis.analyze(bytes: Array(code.utf8), path: "App/Session.swift")
        #expect(
            fromBytes.findings.map(\.ruleId)
                == SourceAnalysis.analyze(code, path: "App/Session.swift").findings.map(\.ruleId))
        #expect(!fromBytes.findings.isEmpty)

        let plist =
            #"<plist><dict><key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict></dict></plist>"#
        let ats = SourceAnalysis.analyze(bytes: Array(plist.utf8), path: "App/Info.plist")
        #expect(ats.findings.map(\.ruleId).contains("network.ats-arbitrary-loads"))
    }

    /// Found by the `ipa` target in its first 20 executions: a central directory whose offsets point past the end
    /// made ZIPFoundation's in-memory archive trap ("Range requires lowerBound <= upperBound"). Archives are now only
    /// read from files; this input must give a result or a `ScanError`, never a crash.
    /// And the second, in 90 s: a deflate stream that does not end where its entry does made ZIPFoundation's Linux
    /// inflate loop read on at the end of the file for ever. iosec now reads zips itself (`ZipArchive`) and hands
    /// inflate only the entry's own bytes. The third, under AddressSanitizer: zlib read past a short last chunk
    /// (ZIPFoundation gives it the buffer size, not the chunk's); chunks are now padded.
    /// Found by the `objc` target in CI (30 s): a file whose first token is `=` gave an assignment whose target
    /// started at token -1, and the AFNetworking trust rule read it (index out of range).
    @Test func objectiveCFileStartingWithAnAssignmentIsAnalysed() throws {
        let url = Self.corpus.appendingPathComponent("objc/regression-assignment-first-token.m")
        let result = SourceAnalysis.analyze(bytes: Array(try Data(contentsOf: url)), path: "App/Legacy/Session.m")
        #expect(result.diagnostics.isEmpty)
        #expect(result.findings.map(\.ruleId).contains("secrets.hardcoded"))
    }

    /// Found by the `swift` target in CI (a 2 s timeout): 114 `[` in a row made SwiftParser's lookahead run for
    /// ever (exponential: 20 in a row take 0.3 s, 24 over 4 s, even when closed); later two runs of 19 in one file
    /// (90 ms each, over 2 s under the fuzzer's sanitiser). Such files are skipped with a diagnostic before parsing;
    /// ordinary nesting is parsed.
    @Test(.timeLimit(.minutes(1))) func swiftFileWithManySquareBracketsInARowIsSkipped() throws {
        let url = Self.corpus.appendingPathComponent("swift/regression-nested-square-brackets.swift")
        let result = SourceAnalysis.analyze(bytes: Array(try Data(contentsOf: url)), path: "App/Root.swift")
        #expect(result.diagnostics.map(\.message).contains { $0.hasPrefix("skipped: 16 or more '['") })

        let hostile = "let grid = " + String(repeating: "[(", count: 30) + "1\n"
        #expect(
            SourceAnalysis.analyze(hostile, path: "App/Grid.swift").diagnostics.contains {
                $0.message.hasPrefix("skipped: 16 or more '['")
            })
        let twoRuns = Self.corpus.appendingPathComponent("swift/regression-two-runs-of-19-square-brackets.swift")
        let twoRunsResult = SourceAnalysis.analyze(bytes: Array(try Data(contentsOf: twoRuns)), path: "App/Store.swift")
        #expect(twoRunsResult.diagnostics.map(\.message).contains { $0.hasPrefix("skipped: 16 or more '['") })
        // Real nesting: a 3-D literal, subscripts of subscripts, an attribute list, 15 in a row.
        let ordinary = """
            let cube = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
            let x = matrix[rows[index[0]]][1]
            let deep = \(String(repeating: "[", count: 15))1\(String(repeating: "]", count: 15))
            UserDefaults.standard.set(token, forKey: "token")
            """
        let parsed = SourceAnalysis.analyze(ordinary, path: "App/Cube.swift")
        #expect(!parsed.diagnostics.contains { $0.message.contains("'['") })
        #expect(parsed.findings.contains { $0.ruleId == "storage.userdefaults-secret" })
    }

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

    @Test(arguments: [
        "regression-memory-seek-past-end.ipa", "regression-deflate-past-the-end.ipa",
        "regression-short-inflate-chunk.ipa"
    ])
    func damagedIPAsEndWithAResultOrAnError(name: String) throws {
        let url = Self.corpus.appendingPathComponent("ipa/\(name)")
        let data = try Data(contentsOf: url)
        do {
            let result = try SourceAnalysis.analyzeIPA(data)
            #expect(result.appSummary != nil)
        } catch let error as ScanError {
            #expect(!error.description.isEmpty)
        }
    }
}
