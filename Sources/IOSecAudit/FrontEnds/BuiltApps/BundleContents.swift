import Foundation

/// The files of a built app, read in place: the entries of an `.ipa` (a zip, never extracted to disk), or the files
/// of an `.app` / `.xcarchive` folder. Paths are relative and `/`-separated (`Payload/Acme.app/Acme`), and they are
/// what findings name.
///
/// Entries whose path is absolute or climbs out with `..` are refused, symbolic links are skipped, and every read is
/// capped by ``BundleLimits``; each refusal is a diagnostic naming the entry and the limit.
final class BundleContents: @unchecked Sendable {
    struct Entry: Sendable, Hashable {
        let path: String
        /// Uncompressed size as the archive (or the file system) states it: a claim, until read.
        let size: Int
        /// Compressed size in the archive (the size on disk for a folder).
        let storedSize: Int
    }

    enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        case limit(String)

        var description: String {
            switch self {
            case .unreadable(let why), .limit(let why): why
            }
        }
    }

    private enum Backing {
        case zip(ZipArchive, [String: ZipArchive.Entry])
        case folder(root: String)
    }

    let entries: [Entry]
    /// Entries refused or skipped while listing, as diagnostics (path inside the bundle, reason).
    private(set) var listingProblems: [(path: String, message: String)] = []
    let limits: BundleLimits
    private let backing: Backing
    // ZIPFoundation's archive reads through one `FILE*`: one entry at a time.
    private let lock = NSLock()
    private var bytesRead = 0

    /// Opens an `.ipa` (or any zip) at `path`.
    init(zipAt path: String, limits: BundleLimits = .default) throws(Failure) {
        self.limits = limits
        let archive: ZipArchive
        do {
            archive = try ZipArchive(path: path, maxEntries: limits.maxEntries)
        } catch {
            throw .unreadable(
                "not a readable zip archive: \(error.description); an .ipa is a zip with Payload/<App>.app inside")
        }
        var entries: [Entry] = []
        var byPath: [String: ZipArchive.Entry] = [:]
        var problems: [(String, String)] = []
        for (index, entry) in archive.entries.enumerated() {
            guard index < limits.maxEntries else {
                problems.append(
                    (".", "the archive lists more than \(limits.maxEntries) entries; the rest were not read"))
                break
            }
            let path = entry.path
            if entry.isDirectory { continue }
            if entry.isSymlink {
                problems.append(
                    (Self.printable(path), "symbolic link in the archive: skipped (links are never followed)"))
                continue
            }
            guard let clean = Self.safeRelativePath(path) else {
                problems.append(
                    (Self.printable(path), "entry path is absolute or climbs out with '..': refused, not read"))
                continue
            }
            guard byPath[clean] == nil else {
                problems.append((clean, "the archive holds this path twice; the first entry was read"))
                continue
            }
            byPath[clean] = entry
            entries.append(
                Entry(
                    path: clean, size: Int(clamping: entry.uncompressedSize),
                    storedSize: Int(clamping: entry.compressedSize)))
        }
        self.entries = entries
        self.backing = .zip(archive, byPath)
        self.listingProblems = problems
    }

    /// Lists the regular files under `root` (an `.app` or `.xcarchive` folder or a folder holding one), with paths
    /// relative to `root`'s parent so they start with the bundle's name. Symbolic links are not followed.
    init(folder root: String, limits: BundleLimits = .default) throws(Failure) {
        self.limits = limits
        let parent = (root as NSString).deletingLastPathComponent
        let top = (root as NSString).lastPathComponent
        var entries: [Entry] = []
        var problems: [(String, String)] = []
        var stack: [(absolute: String, relative: String)] = [(root, top)]
        var listed = 0
        walk: while let (dir, rel) = stack.popLast() {
            let children: [(name: String, type: FileSystem.EntryType)]
            do {
                children = try FileSystem.entries(of: dir).sorted { $0.name > $1.name }
            } catch {
                problems.append((rel, "folder could not be read: \(FileDiscovery.reason(error))"))
                continue
            }
            for (name, type) in children {
                let abs = dir + "/" + name, relPath = rel + "/" + name
                var info = stat()
                guard lstat(abs, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    stack.append((abs, relPath))
                case S_IFREG:
                    listed += 1
                    if listed > limits.maxEntries {
                        problems.append((top, "more than \(limits.maxEntries) files; the rest were not read"))
                        break walk
                    }
                    let size = Int(info.st_size)
                    entries.append(Entry(path: relPath, size: size, storedSize: size))
                case S_IFLNK:
                    problems.append((relPath, "symbolic link: skipped (links are never followed)"))
                default:
                    _ = type
                }
            }
        }
        self.entries = entries.sorted { $0.path < $1.path }
        self.backing = .folder(root: parent.isEmpty ? "." : parent)
        self.listingProblems = problems
    }

    /// The whole entry, decompressed, or a failure naming the limit or the damage that stopped it. Never
    /// allocates more than the limits allow, whatever the archive claims.
    func read(_ entry: Entry) throws(Failure) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if entry.size > limits.maxEntryBytes {
            throw .limit(
                "claims \(Self.size(entry.size)), over the \(Self.size(limits.maxEntryBytes)) per-entry limit: not read"
            )
        }
        if entry.size >= limits.ratioFloor, entry.size / max(entry.storedSize, 1) > limits.maxCompressionRatio {
            throw .limit(
                "compresses \(entry.size / max(entry.storedSize, 1)):1 (limit \(limits.maxCompressionRatio):1), the shape of a zip bomb: not read"
            )
        }
        if bytesRead + entry.size > limits.maxTotalBytes {
            throw .limit(
                "the scan already read \(Self.size(bytesRead)) of the bundle (limit \(Self.size(limits.maxTotalBytes))): not read"
            )
        }
        let bytes: [UInt8]
        switch backing {
        case .folder(let root):
            do {
                bytes = try FileSystem.read(root + "/" + entry.path)
            } catch {
                throw .unreadable("could not be read: \(FileDiscovery.reason(error))")
            }
            if bytes.count > limits.maxEntryBytes {
                throw .limit("grew past the \(Self.size(limits.maxEntryBytes)) per-entry limit while read: not read")
            }
        case .zip(let archive, let byPath):
            guard let zipEntry = byPath[entry.path] else { throw .unreadable("not in the archive") }
            // The stated size is only a hint: decompression stops at the cap, whatever the header says.
            let cap = min(limits.maxEntryBytes, limits.maxTotalBytes - bytesRead)
            let ratioCap = max(entry.storedSize, 1).multipliedReportingOverflow(by: limits.maxCompressionRatio)
            let hardCap = ratioCap.overflow ? cap : min(cap, max(ratioCap.partialValue, limits.ratioFloor))
            var out: [UInt8] = []
            out.reserveCapacity(min(entry.size, hardCap, 64 << 20))
            var overflowed = false
            do {
                try archive.read(zipEntry) { chunk in
                    guard out.count + chunk.count <= hardCap else {
                        overflowed = true
                        throw Failure.limit("")
                    }
                    out.append(contentsOf: chunk)
                }
            } catch {
                if overflowed {
                    throw .limit(
                        "decompressed past \(Self.size(hardCap)) (the per-entry, total or ratio limit) although it claims \(Self.size(entry.size)): not read"
                    )
                }
                throw .unreadable((error as? ZipArchive.Failure).map(\.description) ?? "damaged entry: \(error)")
            }
            bytes = out
        }
        bytesRead += bytes.count
        return bytes
    }

    /// `nil` for paths that are absolute, empty or climb out of the archive with `..`.
    static func safeRelativePath(_ path: String) -> String? {
        let unified = path.replacingOccurrences(of: "\\", with: "/")
        guard !unified.hasPrefix("/"), !unified.contains("\0") else { return nil }
        var parts: [Substring] = []
        for part in unified.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { return nil }
            parts.append(part)
        }
        guard !parts.isEmpty, !(parts.first?.contains(":") ?? false) else { return nil }
        return parts.joined(separator: "/")
    }

    /// Control characters in hostile entry names would garble a terminal; show them escaped.
    static func printable(_ path: String) -> String {
        String(
            path.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) }.prefix(300))
    }

    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 30 { return String(format: "%.1f GB", Double(bytes) / Double(1 << 30)) }
        return String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
    }
}
