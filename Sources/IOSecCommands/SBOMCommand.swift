import ArgumentParser
import Foundation
import IOSecAudit

package struct SBOMCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "sbom",
        abstract: "Write a CycloneDX 1.6 software bill of materials for a built app or a project.",
        discussion: """
            For a built app (.ipa, .app, .xcarchive): one component per embedded framework and dylib, with its \
            bundle identifier, version, SHA-256, signing team and whether it carries a privacy manifest. For a \
            project folder: the dependencies its SwiftPM Package.resolved, CocoaPods Podfile.lock and Carthage \
            Cartfile.resolved pin, with package URLs (purl). Lock files inside Pods/, .build/ and \
            Carthage/Checkouts/ are the dependencies' own and are not read.

            Exit status: 0, or 2 on a usage error or an input that cannot be read.

            Examples:
              iosec sbom build/Acme.ipa --output acme.cdx.json
              iosec sbom . > sbom.json
            """
    )

    package init() {}

    @Argument(help: "A built app or a project folder.", completion: .file())
    var path: String

    @Option(name: .shortAndLong, help: "Write the SBOM to this file instead of standard output.")
    var output: String?

    package func run() throws {
        let result: ScanResult
        do {
            // Components come from the app summary and the lock files: no rule needs to run.
            result = try Scanner(rules: RuleSet.all.only([])).scan(path)
        } catch let error as ScanError {
            throw FatalError(error.description)
        }
        let components = SBOM.components(of: result)
        let name = result.appSummary?.name ?? URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
        let text = SBOM.cycloneDX(components, appName: name, appVersion: result.appSummary?.version)
        try CommandOutput.write(text, to: output, summary: "sbom: \(components.count) components")
    }
}
