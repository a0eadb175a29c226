import Foundation
import Testing

@testable import IOSecAudit

/// The pre-pass keeps the first files' bytes, within a fixed budget, for the main pass to take once.
struct ReadAheadTests {
    @Test func keepsFilesWithinTheBudgetAndGivesEachUpOnce() {
        let cache = ReadAhead(budget: 10)
        cache.offer("A.swift", Array(repeating: 1, count: 6))
        cache.offer("B.swift", Array(repeating: 2, count: 6))  // over what is left
        cache.offer("C.swift", Array(repeating: 3, count: 4))
        #expect(cache.count == 2)
        #expect(cache.take("A.swift") == Array(repeating: 1, count: 6))
        #expect(cache.take("A.swift") == nil)
        #expect(cache.take("B.swift") == nil)
        #expect(cache.take("C.swift") == Array(repeating: 3, count: 4))
        #expect(cache.count == 0)
    }

    /// A scan of files on disk gives the same findings whether the main pass reads a file or takes it from the
    /// pre-pass: the example app is larger than a small budget, so both happen.
    @Test func aScanTakesWhatThePrePassKept() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/InsecureApp").path
        let files = try FileDiscovery().discover(root).files
        let inputs = files.map(FileInput.init)
        let readAhead = ReadAhead(budget: 20_000)
        let index = SwiftPrePass.run(inputs, options: ScanOptions(), readAhead: readAhead).constants
        #expect(!index.declarations(of: "service").isEmpty)
        let kept = readAhead.count
        #expect(kept > 0)
        // The pre-pass reads Swift and Objective-C files (the latter for SQLCipher's key names).
        let read = inputs.filter { $0.kind == .swift || $0.kind == .objc }
        #expect(kept < read.count)
        for input in read {
            let fromDisk = try input.load()
            if let taken = readAhead.take(input.relativePath) {
                #expect(try input.reading(taken).load() == fromDisk)
            }
        }
        #expect(readAhead.count == 0)
    }
}
