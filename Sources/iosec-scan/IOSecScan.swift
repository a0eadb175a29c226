import ArgumentParser
import IOSecCommands
import IOSecCore

/// The command line without networking, for the SwiftPM plugins: a package that adopts them builds no SwiftNIO.
/// Its commands and options are `iosec`'s.
@main
struct IOSecScan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iosec-scan",
        abstract: "iosec without its network commands (aasa, pin), as the SwiftPM plugins run it.",
        discussion:
            "Exit status: 0 no finding at or above --fail-on, 1 findings at or above it, 2 usage or fatal input error.",
        version: IOSecVersion.current,
        subcommands: [
            ScanCommand.self, InitCommand.self, ChecklistCommand.self, RulesCommand.self, ExplainCommand.self
        ]
    )

    static func main() async { await CommandLineRunner.run(Self.self) }
}
