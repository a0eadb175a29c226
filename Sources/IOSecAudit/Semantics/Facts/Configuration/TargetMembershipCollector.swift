import Foundation
import IOSecCore

/// Records from `project.pbxproj` which files each native target compiles and which Info.plists it builds with
/// (`XcodeTargetMembership`), as paths relative to the scanned root, so project rules can tell the Info.plist that
/// speaks for a file from the one that merely sits nearest to it. A pbxproj that does not parse is reported once,
/// by the parse-diagnostics collector.
enum TargetMembershipCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.pbxproj]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        guard let membership = try? XcodeTargetMembership.parse(Data(file.bytes)) else { return [] }
        // `apps/ios/iOS.xcodeproj/project.pbxproj` → `apps/ios`.
        let projectFolder = file.path.split(separator: "/").dropLast(2).joined(separator: "/")
        func scanned(_ path: String) -> String? {
            XcodeTargetMembership.normalized(projectFolder.isEmpty ? path : projectFolder + "/" + path)
                .flatMap { $0.hasPrefix("..") ? nil : $0 }
        }
        for target in membership.targets {
            let key = "\(file.path):\(target.name)"
            let plists = target.infoPlistFiles.compactMap { OrphanedInfoPlists.resolve($0, projectFile: file.path) }
            file.record(
                kind: FactKind.target,
                value: FactKind.join(key, target.isTest ? "test" : "ship", plists.joined(separator: "\u{1E}")),
                line: 1)
            for source in target.sources {
                guard let path = scanned(source) else { continue }
                file.record(kind: FactKind.targetSource, value: FactKind.join(key, path), line: 1)
            }
            for folder in target.folders {
                guard let path = scanned(folder.path) else { continue }
                file.record(
                    kind: FactKind.targetFolder,
                    value: FactKind.join(key, path, folder.exceptions.joined(separator: "\u{1E}")), line: 1)
            }
        }
        return []
    }
}
