import ArgumentParser
import CIOSecAllocator
import Foundation
import IOSecAudit
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
            52-item audit checklist. `iosec aasa DOMAIN` checks the \
            association file passkeys and universal links depend on; `iosec pin HOST` prints public-key pins.

            Exit status: 0 no finding at or above --fail-on, 1 findings at or above it, 2 usage or fatal input error.
            """,
        version: IOSecVersion.current,
        subcommands: [
            ScanCommand.self, InitCommand.self, ChecklistCommand.self, AASACommand.self, PinCommand.self,
            RulesCommand.self, ExplainCommand.self
        ]
    )

    /// ArgumentParser exits 64 on usage errors; iosec promises 2 for every usage or fatal error.
    static func main() async {
        // Every file's syntax tree is built in fresh memory and released when the file is done; glibc's defaults
        // hand those pages back to the kernel each time and fault them in again for the next file.
        iosec_keep_freed_memory()
        Interrupt.install()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch let fatal as FatalError {
            FileHandle.standardError.write(Data("iosec: \(fatal.description)\n".utf8))
            Foundation.exit(2)
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

/// Failures that end a command with exit status 2 and a message.
struct FatalError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Ctrl-C ends a scan at once with status 130 and one line. Reports and baselines are written to a temporary file
/// and renamed, so an interrupted run leaves either the old file or the new one, never half of one.
enum Interrupt {
    static func install() {
        // A parent may have blocked SIGINT (test runners, some CI agents); a scan should still stop on it.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        signal(SIGINT) { _ in
            // Only async-signal-safe calls here: write(2) of a static string, then _exit.
            let message: StaticString = "\r\u{1B}[Kiosec: interrupted\n"
            _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
            _exit(130)
        }
    }
}
