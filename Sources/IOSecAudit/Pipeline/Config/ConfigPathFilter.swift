/// The `include` and `exclude` globs of a configuration file. They are written relative to the file's folder, which
/// need not be the scanned one (`iosec scan App/Sources` finds `.iosec.yml` at the repository root), so a path is
/// matched as seen from that folder.
///
/// ```swift
/// // .iosec.yml at the repository root says `exclude: [App/Generated]`; the scan starts in App.
/// let filter = ConfigPathFilter(include: [], exclude: [Glob("App/Generated")], base: "App")
/// filter.excludes("Generated/API.swift") // true
/// ```
public struct ConfigPathFilter: Sendable, Hashable {
    /// When not empty, only files matching one of these are scanned.
    public var include: [Glob]
    public var exclude: [Glob]
    /// The scanned folder relative to the globs' folder: "" when it is the same, `..`-prefixed when it is not
    /// below it.
    public var base: String

    public init(include: [Glob] = [], exclude: [Glob] = [], base: String = "") {
        self.include = include
        self.exclude = exclude
        self.base = base
    }

    public var isEmpty: Bool { include.isEmpty && exclude.isEmpty }

    /// Whether a file or folder (relative to the scanned folder) is left out.
    public func excludes(_ relativePath: String) -> Bool {
        exclude.contains { matches($0, relativePath) }
    }

    /// Whether a file (relative to the scanned folder) is in scope of `include`.
    public func includes(_ relativePath: String) -> Bool {
        include.isEmpty || include.contains { matches($0, relativePath) }
    }

    /// A name pattern (`*.pb.swift`, `Generated`) matches names inside the scanned folder; a path pattern the
    /// path as seen from the configuration file's folder.
    private func matches(_ glob: Glob, _ relativePath: String) -> Bool {
        guard glob.isAnchored, !base.isEmpty else { return glob.matches(relativePath) }
        return glob.matches(base + "/" + relativePath)
    }

    /// The path of `folder` relative to `from` (both absolute, `/`-separated, without links), "" when they are the
    /// same.
    public static func relativePath(of folder: String, from: String) -> String {
        let target = folder.split(separator: "/")
        let origin = from.split(separator: "/")
        var common = 0
        while common < target.count, common < origin.count, target[common] == origin[common] { common += 1 }
        let up = Array(repeating: "..", count: origin.count - common)
        return (up + target[common...].map(String.init)).joined(separator: "/")
    }
}
