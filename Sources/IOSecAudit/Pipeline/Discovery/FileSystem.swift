import Foundation

/// Reading files and folders with the system calls themselves. Foundation's `URL(fileURLWithPath:)` stats the path
/// and `Data(contentsOf:)` wraps it again; for thousands of small files a scan reads twice, those wrappers cost more
/// than the reading.
enum FileSystem {
    /// A failed system call, with its `errno`.
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    /// The whole file. `size` is its size when the caller knows it (from discovery's `lstat`): then no `fstat` is
    /// needed, and a file that has since grown or shrunk is still read whole.
    static func read(_ path: String, size: Int? = nil) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(code: errno) }
        defer { close(fd) }
        let knownSize: Int
        if let size {
            knownSize = size
        } else {
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw Failure(code: errno) }
            guard (info.st_mode & S_IFMT) != S_IFDIR else { throw Failure(code: EISDIR) }
            knownSize = Int(info.st_size)
        }
        // One byte more than the size: a read that fills it means the file grew since its size was taken.
        let expected = max(knownSize, 0) + 1
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            count = 0
            while count < buffer.count {
                let requested = buffer.count - count
                let n = Foundation.read(fd, buffer.baseAddress! + count, requested)
                if n > 0 {
                    count += n
                    // A short read that ends exactly at the known size is the end of a regular file: no second
                    // read to see it return 0 (half of a scan's reads).
                    if n < requested, count == expected - 1 { return }
                } else if n == 0 {
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        if failure != 0 { throw Failure(code: failure) }
        if bytes.count == expected {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = Foundation.read(fd, &chunk, chunk.count)
                if n > 0 {
                    bytes.append(contentsOf: chunk[..<n])
                } else if n == 0 {
                    break
                } else if errno != EINTR {
                    throw Failure(code: errno)
                }
            }
        }
        return bytes
    }

    enum EntryType {
        case directory, regular, symlink, other
        /// `readdir` could not tell (some file systems): ask `lstat`.
        case unknown
    }

    /// A folder opened to look up its entries by name (`status(of:in:)`); -1 when it cannot be opened.
    static func openFolder(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    /// `lstat` (or `stat`, `followingLinks`) of `name` in the folder at `path`, through the folder's descriptor when
    /// it is open: then the kernel walks one path component, not the whole path, which is most of the cost of a
    /// `stat` deep in a project. nil with `errno` set when it fails.
    static func status(of name: String, in folder: Int32, path: String, followingLinks: Bool) -> stat? {
        var info = stat()
        let result =
            folder >= 0
            ? fstatat(folder, name, &info, followingLinks ? 0 : AT_SYMLINK_NOFOLLOW)
            : (followingLinks ? stat(path, &info) : lstat(path, &info))
        return result == 0 ? info : nil
    }

    /// The names in a folder with what `readdir` says they are, unsorted; `.` and `..` left out.
    static func entries(of path: String) throws -> [(name: String, type: EntryType)] {
        try withEntries(of: path) { entries, _ in entries }
    }

    /// `entries(of:)`, and the folder's descriptor for `status(of:in:)` while `body` runs: the folder is opened once
    /// for both, where it was opened once to list and again to look its entries up.
    static func withEntries<T>(
        of path: String, _ body: ([(name: String, type: EntryType)], Int32) throws -> T
    ) throws -> T {
        let folder = openFolder(path)
        guard folder >= 0 else { throw Failure(code: errno) }
        guard let dir = fdopendir(folder) else {
            let code = errno
            close(folder)
            throw Failure(code: code)
        }
        defer { closedir(dir) }  // closes `folder` too
        // `DIR` is a type on Darwin and opaque on Linux: the reading stays here, where it is inferred.
        var result: [(String, EntryType)] = []
        errno = 0
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            let type: EntryType =
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): .directory
                case Int32(DT_REG): .regular
                case Int32(DT_LNK): .symlink
                case Int32(DT_UNKNOWN): .unknown
                default: .other
                }
            result.append((name, type))
        }
        return try body(result, folder)
    }
}
