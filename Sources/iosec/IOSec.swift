import ArgumentParser
import Foundation
import IOSecAudit
import IOSecCommands
import IOSecCore

@main
struct IOSec: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iosec",
        abstract:
            "Security review for iOS apps: insecure storage, crypto, networking, web views, authentication and configuration.",
        discussion: """
            Start with `iosec scan PATH` on a project folder; `iosec init` writes a starter .iosec.yml for its \
            settings. `iosec rules` lists what is checked; \
            `iosec explain RULE` shows why a rule matters and the correct code; `iosec checklist PATH` answers the \
            52-item audit checklist. `iosec diff OLD NEW` lists what changed in security between two builds; \
            `iosec sbom PATH` writes a CycloneDX SBOM. \
            `iosec aasa DOMAIN` checks the \
            association file passkeys and universal links depend on; `iosec pin HOST` prints public-key pins.

            Exit status: 0 no finding at or above --fail-on, 1 findings at or above it, 2 usage or fatal input error.
            """,
        version: IOSecVersion.current,
        subcommands: [
            ScanCommand.self, InitCommand.self, ChecklistCommand.self, DiffCommand.self, SBOMCommand.self,
            AASACommand.self,
            PinCommand.self, RulesCommand.self, ExplainCommand.self
        ]
    )

    static func main() async { await CommandLineRunner.run(Self.self) }
}
