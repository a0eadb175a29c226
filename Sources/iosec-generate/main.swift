import Foundation
import IOSecDevTools

// `swift run iosec-generate`: rewrites the generated files of IOSecAudit from its sources —
// FrontEnds/Swift/SwiftHooks.generated.swift (the typed hooks each Swift visitor implements) and
// Rules/RuleRegistry.generated.swift (every declared rule type, in the list its protocol runs from).
// Run it after adding a rule or a hook; `swift test` fails until you do.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let sources = root.appendingPathComponent("IOSecAudit")
do {
    let hooks = try SwiftHooksGenerator.generate(sourcesDirectory: sources)
    for problem in hooks.problems { FileHandle.standardError.write(Data("iosec-generate: \(problem)\n".utf8)) }
    let registry = try RuleRegistryGenerator.generate(sourcesDirectory: sources)
    for (path, text) in [
        (SwiftHooksGenerator.outputPath, hooks.text), (RuleRegistryGenerator.outputPath, registry.text)
    ] {
        let output = sources.appendingPathComponent(path)
        if (try? String(contentsOf: output, encoding: .utf8)) == text {
            print("up to date: \(output.path)")
        } else {
            try text.write(to: output, atomically: true, encoding: .utf8)
            print("wrote \(output.path)")
        }
    }
    exit(hooks.problems.isEmpty ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("iosec-generate: \(error)\n".utf8))
    exit(2)
}
