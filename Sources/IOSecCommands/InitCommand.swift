import ArgumentParser
import Foundation
import IOSecAudit

package struct InitCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starter .iosec.yml.",
        discussion: """
            The file holds iosec's defaults with every key explained; `iosec scan` finds it from the scanned path \
            upwards. An existing file is kept unless --force is given.

            Examples:
              iosec init
              iosec init MyApp --force
            """
    )

    package init() {}

    @Argument(help: "Folder to write .iosec.yml in (the repository root, usually).", completion: .directory)
    var folder: String = "."

    @Flag(help: "Replace an existing .iosec.yml.")
    var force = false

    package func run() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FatalError("no such folder: \(folder)")
        }
        let path = (folder as NSString).appendingPathComponent(ConfigFile.fileName)
        if FileManager.default.fileExists(atPath: path), !force {
            throw FatalError("\(path) already exists; use --force to replace it")
        }
        do {
            try Data(ConfigFile.starter.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw FatalError("could not write \(path): \(error.localizedDescription)")
        }
        print("wrote \(path)")
    }
}
