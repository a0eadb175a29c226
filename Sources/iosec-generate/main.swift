import Foundation
import IOSecDevTools

// `swift run iosec-generate`: rewrites Sources/IOSecAudit/Swift/SwiftHooks.generated.swift from the typed hooks
// each Swift visitor implements. Run it after adding or removing a hook; `swift test` fails until you do.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let sources = root.appendingPathComponent("IOSecAudit")
do {
    let result = try SwiftHooksGenerator.generate(sourcesDirectory: sources)
    for problem in result.problems { FileHandle.standardError.write(Data("iosec-generate: \(problem)\n".utf8)) }
    let output = sources.appendingPathComponent(SwiftHooksGenerator.outputPath)
    try result.text.write(to: output, atomically: true, encoding: .utf8)
    print("wrote \(output.path)")
    exit(result.problems.isEmpty ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("iosec-generate: \(error)\n".utf8))
    exit(2)
}
