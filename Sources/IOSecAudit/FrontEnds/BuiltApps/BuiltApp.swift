import Foundation
import IOSecCore

/// A built app given to `iosec scan`: an `.ipa`, an `.app` or `.xcarchive` folder, or a lone Mach-O file.
enum BuiltAppInput: Equatable {
    case ipa(String)
    case appFolder(String)
    case archive(String)
    case machO(String)

    var label: String {
        switch self {
        case .ipa: "ipa"
        case .appFolder: "app"
        case .archive: "xcarchive"
        case .machO: "mach-o"
        }
    }

    /// What `path` is, when it is a built app; nil for a source folder or file.
    static func detect(_ path: String) -> BuiltAppInput? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let name = (path as NSString).lastPathComponent.lowercased()
        let trimmed = name.hasSuffix("/") ? String(name.dropLast()) : name
        if (info.st_mode & S_IFMT) == S_IFDIR {
            if trimmed.hasSuffix(".app") { return .appFolder(path) }
            if trimmed.hasSuffix(".xcarchive") { return .archive(path) }
            return nil
        }
        if trimmed.hasSuffix(".ipa") { return .ipa(path) }
        // A Mach-O file has no extension to go by: its first bytes decide (source files never start like one).
        guard FileKind.of(path: path) == nil, let prefix = try? Self.prefix(of: path, count: 8) else { return nil }
        if MachOFile.isMachO(prefix: prefix) { return .machO(path) }
        if prefix.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .ipa(path) }
        return nil
    }

    private static func prefix(of path: String, count: Int) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystem.Failure(code: errno) }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: count)
        let n = read(fd, &buffer, count)
        return n > 0 ? Array(buffer[..<n]) : []
    }
}

/// The bundles of a built app, found from its file list: `.app` (the app, watch apps, App Clips), `.appex` and
/// `.framework` folders, each with its Info.plist and executable.
struct BundleLayout {
    enum Kind: String {
        case app, appExtension = "app extension", framework
    }

    struct Bundle {
        let path: String
        let kind: Kind
        var infoPlist: BundleContents.Entry?
        var executable: BundleContents.Entry?
        var profile: BundleContents.Entry?

        var name: String { (path as NSString).lastPathComponent }
    }

    var bundles: [Bundle]
    /// Loose `.dylib` files (Swift runtime back-deployment, vendored C libraries).
    var dylibs: [BundleContents.Entry]

    /// Bundles in path order (so the outermost app comes first).
    init(entries: [BundleContents.Entry]) {
        var byPath: [String: Bundle] = [:]
        var dylibs: [BundleContents.Entry] = []
        for entry in entries {
            let parts = entry.path.split(separator: "/")
            for index in parts.indices.dropLast() {
                let part = parts[index]
                let kind: Kind? =
                    part.hasSuffix(".app")
                    ? .app
                    : part.hasSuffix(".appex") ? .appExtension : part.hasSuffix(".framework") ? .framework : nil
                guard let kind else { continue }
                let path = parts[...index].joined(separator: "/")
                if byPath[path] == nil { byPath[path] = Bundle(path: path, kind: kind) }
                // Only a file directly in the bundle folder is the bundle's own (iOS bundles are flat).
                if index == parts.count - 2 {
                    switch parts.last {
                    case "Info.plist": byPath[path]?.infoPlist = entry
                    case "embedded.mobileprovision": byPath[path]?.profile = entry
                    default: break
                    }
                }
            }
            if entry.path.hasSuffix(".dylib") { dylibs.append(entry) }
        }
        bundles = byPath.values.sorted { $0.path < $1.path }
        self.dylibs = dylibs
    }

    /// The outermost `.app`: the app itself.
    var mainApp: Bundle? {
        bundles.filter { $0.kind == .app }.min {
            $0.path.split(separator: "/").count < $1.path.split(separator: "/").count
        }
    }
}
