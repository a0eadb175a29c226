import Foundation
import PackagePlugin

/// Runs iosec on a target's sources during `swift build` (and Xcode builds), printing findings as compiler
/// diagnostics (`file:line:col: warning: message (rule.id)`), which Xcode shows in the issue navigator. It reports
/// and never fails the build; a scan runs again when a source file changes.
@main
struct IOSecBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return [
            Self.command(
                tool: try context.tool(named: "iosec-scan").path, folder: target.directory, name: target.name,
                inputs: target.sourceFiles.map(\.path), workDirectory: context.pluginWorkDirectory)
        ]
    }

    /// The scan of one target: its folder, reported in Xcode's format. Its declared output is a Swift file holding
    /// one comment (`--stamp`), so the build system reruns the scan only when an input changed; a report file of
    /// another kind would be bundled into the target as a resource.
    // Path, not URL: the URL forms of these APIs need tools version 6.1, and the package says 6.0.
    static func command(tool: Path, folder: Path, name: String, inputs: [Path], workDirectory: Path) -> Command {
        let stamp = workDirectory.appending("IOSecScan_\(name).swift")
        return .buildCommand(
            displayName: "iosec: security review of \(name)",
            executable: tool,
            arguments: [
                "scan", folder.string, "--format", "xcode", "--fail-on", "none", "--quiet", "--stamp", stamp.string
            ],
            inputFiles: inputs,
            outputFiles: [stamp])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension IOSecBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        return [
            Self.command(
                tool: try context.tool(named: "iosec-scan").path, folder: context.xcodeProject.directory,
                name: target.displayName, inputs: target.inputFiles.map(\.path),
                workDirectory: context.pluginWorkDirectory)
        ]
    }
}
#endif
