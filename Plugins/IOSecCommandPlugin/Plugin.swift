import Foundation
import PackagePlugin

/// `swift package iosec [scan options]`: scans the package (or the folders of `--target NAME` targets) with the
/// iosec built from this package; the options are `iosec scan`'s. Exits with iosec's status.
@main
struct IOSecCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let options = extractor.remainingArguments
        let paths: [String]
        if targetNames.isEmpty {
            paths = [context.package.directory.string]
        } else {
            paths = try context.package.targets(named: targetNames).map(\.directory.string)
        }
        let tool = URL(fileURLWithPath: try context.tool(named: "iosec-scan").path.string)
        // Several target folders are scanned as one selection in their project; one folder as it is.
        let process = Process()
        process.executableURL = tool
        process.arguments = ["scan"] + paths + options
        process.currentDirectoryURL = URL(fileURLWithPath: context.package.directory.string)
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("iosec exited with status \(process.terminationStatus)")
            throw IOSecPluginError.exitStatus(process.terminationStatus)
        }
    }
}

enum IOSecPluginError: Error, CustomStringConvertible {
    case exitStatus(Int32)
    var description: String {
        switch self {
        case .exitStatus(let status): "iosec exited with status \(status)"
        }
    }
}
