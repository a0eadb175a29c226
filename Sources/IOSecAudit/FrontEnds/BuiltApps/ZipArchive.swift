import Foundation
import ZIPFoundation

/// A zip archive read from a file with bounds checked everywhere: the end-of-central-directory record (ZIP64
/// included), the central directory, and each entry's local header and data. Only inflating is left to
/// ZIPFoundation (`Data.decompress`, zlib or Compression), fed by a provider that stops at the entry's end.
///
/// Why not ZIPFoundation's `Archive`: on hostile archives it traps (its in-memory file on a seek past the end) and
/// hangs (on Linux its inflate loop reads on at end of file while the deflate stream never ends); both were found
/// by the `ipa` fuzz target. Here every size and offset is checked against the file before it is used.
final class ZipArchive {
    struct Entry {
        let path: String
        let method: UInt16
        let crc32: UInt32
        let compressedSize: UInt64
        let uncompressedSize: UInt64
        let localHeaderOffset: UInt64
        let isDirectory: Bool
        let isSymlink: Bool
        let isEncrypted: Bool
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    let entries: [Entry]
    private let fd: Int32
    private let fileSize: UInt64

    /// The central directory may list at most this many bytes (a million entries is about 80 MB).
    static let maxDirectoryBytes: UInt64 = 128 << 20

    init(path: String, maxEntries: Int) throws(Failure) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure("cannot be opened: \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else {
            close(fd)
            throw Failure("the file is empty")
        }
        self.fd = fd
        self.fileSize = UInt64(info.st_size)
        do {
            entries = try Self.readDirectory(fd: fd, fileSize: fileSize, maxEntries: maxEntries)
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(fd) }

    // MARK: - Central directory

    private static func readDirectory(fd: Int32, fileSize: UInt64, maxEntries: Int) throws(Failure) -> [Entry] {
        // The end record is in the last 22 + 65,535 bytes (its comment can be that long).
        let tailLength = min(fileSize, 22 + 65_535)
        let tail = try read(fd: fd, at: fileSize - tailLength, count: Int(tailLength))
        guard tail.count >= 22,
            let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { u32(tail, $0) == 0x0605_4B50 })
        else {
            throw Failure("no end-of-central-directory record: not a zip archive, or a truncated one")
        }
        var count = UInt64(u16(tail, end + 10))
        var directorySize = UInt64(u32(tail, end + 12))
        var directoryOffset = UInt64(u32(tail, end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // ZIP64: a locator just before the end record points at the ZIP64 end record.
            let locatorStart = fileSize - tailLength + UInt64(end)
            guard locatorStart >= 20 else { throw Failure("ZIP64 archive without its end-record locator") }
            let locator = try read(fd: fd, at: locatorStart - 20, count: 20)
            guard u32(locator, 0) == 0x0706_4B50 else { throw Failure("ZIP64 archive without its end-record locator") }
            let recordOffset = u64(locator, 8)
            guard recordOffset <= fileSize &- 56, fileSize >= 56 else {
                throw Failure("ZIP64 end record past the end of the file")
            }
            let record = try read(fd: fd, at: recordOffset, count: 56)
            guard u32(record, 0) == 0x0606_4B50 else { throw Failure("damaged ZIP64 end record") }
            count = u64(record, 32)
            directorySize = u64(record, 40)
            directoryOffset = u64(record, 48)
        }
        guard directorySize <= maxDirectoryBytes, directoryOffset <= fileSize,
            directorySize <= fileSize - directoryOffset
        else {
            throw Failure(
                "the central directory (\(directorySize) bytes at offset \(directoryOffset)) does not fit in the \(fileSize)-byte file"
            )
        }
        let directory = try read(fd: fd, at: directoryOffset, count: Int(directorySize))
        var entries: [Entry] = []
        var at = 0
        for _ in 0..<min(count, UInt64(maxEntries) + 1) {
            guard at + 46 <= directory.count, u32(directory, at) == 0x0201_4B50 else { break }
            let madeBy = u16(directory, at + 4) >> 8
            let flags = u16(directory, at + 8)
            let method = u16(directory, at + 10)
            let crc = u32(directory, at + 16)
            var compressed = UInt64(u32(directory, at + 20))
            var uncompressed = UInt64(u32(directory, at + 24))
            let nameLength = Int(u16(directory, at + 28))
            let extraLength = Int(u16(directory, at + 30))
            let commentLength = Int(u16(directory, at + 32))
            let external = u32(directory, at + 38)
            var offset = UInt64(u32(directory, at + 42))
            let nameStart = at + 46
            let extraStart = nameStart + nameLength
            let next = extraStart + extraLength + commentLength
            guard next <= directory.count else { break }
            // ZIP64 extra field: the 64-bit values of the fields set to 0xFFFFFFFF, in this order.
            var e = extraStart
            while e + 4 <= extraStart + extraLength {
                let id = u16(directory, e), size = Int(u16(directory, e + 2))
                let body = e + 4
                guard body + size <= extraStart + extraLength else { break }
                if id == 0x0001 {
                    var p = body
                    if uncompressed == 0xFFFF_FFFF, p + 8 <= body + size {
                        uncompressed = u64(directory, p)
                        p += 8
                    }
                    if compressed == 0xFFFF_FFFF, p + 8 <= body + size {
                        compressed = u64(directory, p)
                        p += 8
                    }
                    if offset == 0xFFFF_FFFF, p + 8 <= body + size { offset = u64(directory, p) }
                }
                e = body + size
            }
            let path = String(decoding: directory[nameStart..<extraStart], as: UTF8.self)
            let mode = (external >> 16) & 0o170000
            entries.append(
                Entry(
                    path: path, method: method, crc32: crc, compressedSize: compressed, uncompressedSize: uncompressed,
                    localHeaderOffset: offset, isDirectory: path.hasSuffix("/") || mode == 0o040000,
                    isSymlink: madeBy == 3 && mode == 0o120000, isEncrypted: flags & 1 != 0))
            at = next
        }
        if entries.isEmpty {
            throw Failure("the zip archive lists no readable entries")
        }
        return entries
    }

    // MARK: - Reading an entry

    /// The entry's bytes, passed to `consume` in chunks; throws when the entry is damaged, or whatever `consume`
    /// throws (how the caller stops at its limits).
    func read(_ entry: Entry, consume: (Data) throws -> Void) throws {
        guard !entry.isEncrypted else { throw Failure("encrypted entry: not read") }
        guard entry.localHeaderOffset <= fileSize &- 30, fileSize >= 30 else {
            throw Failure("its local header is past the end of the archive")
        }
        let header = try Self.read(fd: fd, at: entry.localHeaderOffset, count: 30)
        guard Self.u32(header, 0) == 0x0403_4B50 else { throw Failure("damaged local header") }
        let dataOffset = entry.localHeaderOffset + 30 + UInt64(Self.u16(header, 26)) + UInt64(Self.u16(header, 28))
        guard dataOffset <= fileSize, entry.compressedSize <= fileSize - dataOffset else {
            throw Failure("claims \(entry.compressedSize) compressed bytes, more than the archive holds after it")
        }
        var position = dataOffset
        let end = dataOffset + entry.compressedSize
        // Hands out the entry's own bytes and nothing after them: a stream that does not end where the entry
        // does is damage, not a reason to read on. The last chunk is padded with zeros to the size asked for:
        // ZIPFoundation's Linux inflate tells zlib every chunk is `bufferSize` long (a shorter one was read past
        // its end: found by the `ipa` fuzz target under AddressSanitizer); bytes after the stream's end are ignored,
        // and a stream that is not over by then fails its CRC.
        let provider: (Int64, Int) throws -> Data = { [fd] _, wanted in
            guard position < end else { throw Failure("the compressed data ends before the deflate stream does") }
            let count = Int(min(UInt64(max(wanted, 1)), end - position))
            var chunk = try Self.read(fd: fd, at: position, count: count)
            position += UInt64(chunk.count)
            if chunk.count < wanted { chunk += [UInt8](repeating: 0, count: wanted - chunk.count) }
            return Data(chunk)
        }
        let crc: UInt32
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw Failure("stored entry whose sizes disagree")
            }
            var running: UInt32 = 0
            while position < end {
                let count = Int(min(1 << 16, end - position))
                let chunk = Data(try Self.read(fd: fd, at: position, count: count))
                position += UInt64(count)
                running = chunk.crc32(checksum: running)
                try consume(chunk)
            }
            crc = running
        case 8:
            do {
                crc = try Data.decompress(
                    size: Int64(entry.compressedSize), bufferSize: 1 << 16, skipCRC32: false, provider: provider,
                    consumer: consume)
            } catch let failure as Failure {
                throw failure
            } catch let error where String(reflecting: type(of: error)).contains("CompressionError") {
                // ZIPFoundation's error type is internal: recognised by name.
                throw Failure("damaged deflate data (\(error))")
            }
        default:
            throw Failure("compression method \(entry.method) is not supported (only stored and deflate)")
        }
        guard crc == entry.crc32 else { throw Failure("damaged: its CRC-32 does not match") }
    }

    // MARK: - Bytes

    private static func read(fd: Int32, at offset: UInt64, count: Int) throws(Failure) -> [UInt8] {
        guard count > 0 else { return [] }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            filled = 0
            while filled < count {
                let n = pread(fd, buffer.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
                if n > 0 {
                    filled += n
                } else if n == 0 {
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        if failure != 0 { throw Failure("could not be read: \(String(cString: strerror(failure)))") }
        guard bytes.count == count else { throw Failure("the archive ends early") }
        return bytes
    }

    private static func u16(_ b: [UInt8], _ i: Int) -> UInt16 {
        guard i >= 0, i + 2 <= b.count else { return 0 }
        return UInt16(b[i]) | UInt16(b[i + 1]) << 8
    }

    private static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
        guard i >= 0, i + 4 <= b.count else { return 0 }
        return UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }

    private static func u64(_ b: [UInt8], _ i: Int) -> UInt64 {
        UInt64(u32(b, i)) | UInt64(u32(b, i + 4)) << 32
    }
}
