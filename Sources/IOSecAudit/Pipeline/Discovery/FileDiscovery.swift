import Foundation

/// A file the scan will read.
public struct DiscoveredFile: Sendable, Hashable {
    public let absolutePath: String
    /// Relative to the scanned root, `/`-separated.
    public let relativePath: String
    public let kind: FileKind
    public let size: Int
}

/// Walks the scanned path once and lists the files to read, by kind.
///
/// Vendored and build folders are skipped unless asked; symbolic links are followed only when they stay
/// inside the root, and each real folder is entered once, so link loops end.
public struct FileDiscovery: Sendable {
    /// Folders skipped unless `includeVendored`.
    public static let vendoredFolders: Set<String> = ["Pods", "Carthage", ".build", "DerivedData", "node_modules"]
    /// Folders never read: version control and tool state.
    static let ignoredFolders: Set<String> = [".git", ".svn", ".hg", ".swiftpm"]

    public var excludes: [Glob]
    public var includeVendored: Bool
    /// A configuration file's `include` / `exclude`, relative to its own folder.
    public var configPaths: ConfigPathFilter
    /// More folder names treated like ``vendoredFolders`` (`third_party_folders`).
    public var thirdPartyFolders: Set<String>

    public init(
        excludes: [Glob] = [], includeVendored: Bool = false, configPaths: ConfigPathFilter = ConfigPathFilter(),
        thirdPartyFolders: Set<String> = []
    ) {
        self.excludes = excludes
        self.includeVendored = includeVendored
        self.configPaths = configPaths
        self.thirdPartyFolders = thirdPartyFolders
    }

    public struct Result: Sendable {
        public var root: String
        public var files: [DiscoveredFile]
        public var diagnostics: [Diagnostic]
    }

    /// Lists files under `path` (a folder, or one file). Throws only when `path` itself cannot be used.
    public func discover(_ path: String) throws -> Result {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if lstat(path, &info) == 0 { throw ScanError.brokenLink(path) }
            throw ScanError.pathNotFound(path)
        }
        if !Self.isDirectory(info) {
            let name = (path as NSString).lastPathComponent
            guard let kind = FileKind.of(path: path) else { throw ScanError.unsupportedFile(path) }
            let root = (path as NSString).deletingLastPathComponent
            return Result(
                root: root.isEmpty ? "." : root,
                files: [DiscoveredFile(absolutePath: path, relativePath: name, kind: kind, size: Int(info.st_size))],
                diagnostics: [])
        }
        guard let rootReal = Self.realPath(path) else { throw ScanError.pathNotFound(path) }

        var files: [DiscoveredFile] = []
        var diagnostics: [Diagnostic] = []
        var visited: Set<FileID> = [FileID(info)]
        // (absolute folder path, relative folder path)
        var stack: [(String, String)] = [(path, "")]

        while let (dir, relDir) = stack.popLast() {
            do {
                try FileSystem.withEntries(of: dir) { unsorted, folder in
                    let entries = unsorted.sorted { $0.name < $1.name }
                    for (name, type) in entries.reversed() {
                        let rel = relDir.isEmpty ? name : relDir + "/" + name
                        // Most files in an app are images and localisations iosec does not read: no `lstat` for them.
                        if type == .regular, FileKind.of(path: rel) == nil { continue }
                        let abs = dir + "/" + name
                        guard let linfo = FileSystem.status(of: name, in: folder, path: abs, followingLinks: false)
                        else {
                            diagnostics.append(
                                Diagnostic(file: rel, message: "could not be read: \(String(cString: strerror(errno)))")
                            )
                            continue
                        }
                        var target = linfo
                        if Self.isSymlink(linfo) {
                            guard
                                let resolved = FileSystem.status(of: name, in: folder, path: abs, followingLinks: true)
                            else {
                                let why = errno == ELOOP ? "symbolic link loop" : "broken symbolic link"
                                diagnostics.append(Diagnostic(file: rel, message: "\(why); not followed"))
                                continue
                            }
                            target = resolved
                            guard let real = Self.realPath(abs), real == rootReal || real.hasPrefix(rootReal + "/")
                            else {
                                diagnostics.append(
                                    Diagnostic(
                                        file: rel,
                                        message: "symbolic link points outside the scanned folder; not followed"))
                                continue
                            }
                        }
                        if Self.isDirectory(target) {
                            if Self.ignoredFolders.contains(name) { continue }
                            if !includeVendored,
                                Self.vendoredFolders.contains(name) || thirdPartyFolders.contains(name)
                                    || name.hasSuffix(".xcassets")
                            {
                                continue
                            }
                            if excludes.contains(where: { $0.matches(rel) }) || configPaths.excludes(rel) { continue }
                            guard visited.insert(FileID(target)).inserted else {
                                if Self.isSymlink(linfo) {
                                    diagnostics.append(
                                        Diagnostic(
                                            file: rel,
                                            message:
                                                "symbolic link to a folder already scanned (link loop); not followed"))
                                }
                                continue
                            }
                            stack.append((abs, rel))
                        } else if Self.isRegular(target) {
                            guard let kind = FileKind.of(path: rel) else { continue }
                            if excludes.contains(where: { $0.matches(rel) }) || configPaths.excludes(rel) { continue }
                            if !configPaths.includes(rel) { continue }
                            files.append(
                                DiscoveredFile(
                                    absolutePath: abs, relativePath: rel, kind: kind, size: Int(target.st_size)))
                        }
                    }
                }
            } catch {
                diagnostics.append(
                    Diagnostic(
                        file: relDir.isEmpty ? "." : relDir, message: "folder could not be read: \(Self.reason(error))")
                )
            }
        }
        files.sort { $0.relativePath < $1.relativePath }
        return Result(root: path, files: files, diagnostics: diagnostics)
    }

    private struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    static func isDirectory(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFDIR }
    static func isRegular(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFREG }
    static func isSymlink(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFLNK }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func reason(_ error: Error) -> String {
        if let failure = error as? FileSystem.Failure { return failure.description }
        if let failure = error as? BundleReadFailure { return failure.description }
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSCocoaErrorDomain, ns.code == NSFileReadNoPermissionError { return "permission denied" }
        return ns.localizedDescription
    }
}

/// Why a scan could not start at all (exit status 2).
public enum ScanError: Error, Equatable, CustomStringConvertible {
    case pathNotFound(String)
    case brokenLink(String)
    case unsupportedFile(String)
    /// A built app (.ipa, .app, .xcarchive) that could not be opened at all.
    case unreadableApp(String, String)

    public var description: String {
        switch self {
        case .pathNotFound(let p): "no such file or folder: \(p)"
        case .brokenLink(let p): "broken symbolic link: \(p)"
        case .unreadableApp(let p, let why): "\(p): \(why)"
        case .unsupportedFile(let p):
            "\(p): not a kind of file iosec reads (Swift, Objective-C, plist, entitlements, privacy manifest, apple-app-site-association, pbxproj, xcconfig, .ipa, Mach-O); pass a folder to scan a project, or an .app / .xcarchive"
        }
    }
}
