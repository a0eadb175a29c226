import Foundation
import ZIPFoundation

/// Builds IPAs (zip archives) in memory, including the hostile shapes a reader must survive: entries that climb out
/// with `..`, absolute paths, symbolic links, highly compressed data, sizes that lie.
public struct IPABuilder {
    public enum Entry {
        case file(String, [UInt8], compressed: Bool = true)
        case symlink(String, target: String)
        case directory(String)
    }

    public var entries: [Entry] = []

    public init(entries: [Entry] = []) { self.entries = entries }

    public mutating func add(_ path: String, _ bytes: [UInt8], compressed: Bool = true) {
        entries.append(.file(path, bytes, compressed: compressed))
    }

    public mutating func add(_ path: String, text: String) { add(path, Array(text.utf8)) }

    /// The archive's bytes. Dates are fixed so the same entries give the same bytes.
    public func build() throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        try fill(archive)
        return archive.data ?? Data()
    }

    /// Writes the archive to a file (for archives too large to hold twice in memory).
    public func write(to url: URL) throws {
        try? FileManager.default.removeItem(at: url)
        try fill(try Archive(url: url, accessMode: .create))
    }

    private func fill(_ archive: Archive) throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        for entry in entries {
            switch entry {
            case .file(let path, let bytes, let compressed):
                try archive.addEntry(
                    with: path, type: .file, uncompressedSize: Int64(bytes.count), modificationDate: date,
                    compressionMethod: compressed ? .deflate : .none
                ) { (position: Int64, size: Int) -> Data in
                    let start = Int(position)
                    return Data(bytes[start..<min(start + size, bytes.count)])
                }
            case .symlink(let path, let target):
                let bytes = Array(target.utf8)
                try archive.addEntry(
                    with: path, type: .symlink, uncompressedSize: Int64(bytes.count), modificationDate: date
                ) { (position: Int64, size: Int) -> Data in
                    let start = Int(position)
                    return Data(bytes[start..<min(start + size, bytes.count)])
                }
            case .directory(let path):
                try archive.addEntry(
                    with: path, type: .directory, uncompressedSize: 0, modificationDate: date
                ) { (_: Int64, _: Int) -> Data in Data() }
            }
        }
    }

    /// Rewrites every stated uncompressed size (local headers and central directory) of the entry named `path` to
    /// `size`: an archive that lies about how big an entry is.
    public static func claimSize(_ size: UInt32, of path: String, in data: Data) -> Data {
        var bytes = [UInt8](data)
        let name = Array(path.utf8)
        var i = 0
        while i + 46 <= bytes.count {
            let signature =
                UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16
                | UInt32(bytes[i + 3]) << 24
            if signature == 0x0403_4B50, i + 30 <= bytes.count {  // local file header
                let nameLength = Int(bytes[i + 26]) | Int(bytes[i + 27]) << 8
                if i + 30 + nameLength <= bytes.count, Array(bytes[(i + 30)..<(i + 30 + nameLength)]) == name {
                    put(size, at: i + 22, in: &bytes)
                }
            } else if signature == 0x0201_4B50 {  // central directory header
                let nameLength = Int(bytes[i + 28]) | Int(bytes[i + 29]) << 8
                if i + 46 + nameLength <= bytes.count, Array(bytes[(i + 46)..<(i + 46 + nameLength)]) == name {
                    put(size, at: i + 24, in: &bytes)
                }
            }
            i += 1
        }
        return Data(bytes)
    }

    private static func put(_ value: UInt32, at offset: Int, in bytes: inout [UInt8]) {
        for k in 0..<4 { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> (8 * k)) }
    }
}
