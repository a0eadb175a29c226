import ArgumentParser
import CIOSecAllocator
import Foundation

/// How an iosec executable runs its root command: exit status 2 for every usage or fatal error (ArgumentParser's
/// own is 64), 130 on Ctrl-C.
package enum CommandLineRunner {
    package static func run(_ root: any ParsableCommand.Type) async {
        // Every file's syntax tree is built in fresh memory and released when the file is done; glibc's defaults
        // hand those pages back to the kernel each time and fault them in again for the next file.
        iosec_keep_freed_memory()
        Interrupt.install()
        do {
            var command = try root.parseAsRoot()
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
            if root.exitCode(for: error) == .success {
                print(root.fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((root.fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

/// Failures that end a command with exit status 2 and a message.
package struct FatalError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// Ctrl-C ends a scan at once with status 130 and one line. Reports and baselines are written to a temporary file
/// and renamed, so an interrupted run leaves either the old file or the new one, never half of one.
package enum Interrupt {
    package static func install() {
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

/// Where a command's document goes: a file given with `--output`, or standard output.
enum CommandOutput {
    /// Writes `text` to `output`, or to standard output; with a file, `summary` (`sbom: 12 components`) and the
    /// file's name go to standard error, so a CI log still shows what happened.
    static func write(_ text: String, to output: String?, summary: String) throws {
        guard let output else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try text.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            throw FatalError("could not write \(output): \(error.localizedDescription)")
        }
        FileHandle.standardError.write(Data("\(summary) · written to \(output)\n".utf8))
    }
}
