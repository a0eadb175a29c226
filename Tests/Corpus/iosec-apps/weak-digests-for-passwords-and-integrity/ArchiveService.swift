import CryptoKit
import Foundation

struct ArchiveEntry: Codable {
    let name: String
    let checksum: String
}

struct ArchiveManifest: Codable {
    let archiveID: String
    var entries: [ArchiveEntry]
    var seal: String
}

/// Copies the vault into Application Support/Archives and checks copies before restoring them.
struct ArchiveService {
    private let root = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("Archives", isDirectory: true)

    func archive(_ files: [URL]) throws -> ArchiveManifest {
        let id = newArchiveID()
        let folder = root.appendingPathComponent(id, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        var manifest = ArchiveManifest(archiveID: id, entries: [], seal: "")
        for file in files {
            let bytes = try Data(contentsOf: file)
            try bytes.write(to: folder.appendingPathComponent(file.lastPathComponent))
            manifest.entries.append(ArchiveEntry(name: file.lastPathComponent, checksum: checksum(bytes)))
        }
        manifest.seal = seal(of: manifest.entries)
        try JSONEncoder().encode(manifest).write(to: folder.appendingPathComponent("contents.json"))
        return manifest
    }

    func isIntact(_ manifest: ArchiveManifest) -> Bool {
        guard seal(of: manifest.entries) == manifest.seal else { return false }
        let folder = root.appendingPathComponent(manifest.archiveID, isDirectory: true)
        return manifest.entries.allSatisfy { entry in
            let bytes = try? Data(contentsOf: folder.appendingPathComponent(entry.name))
            return bytes.map(checksum) == entry.checksum
        }
    }

    /// Name of the thumbnail cached for an archive in the picker.
    func thumbnailName(for manifest: ArchiveManifest) -> String {
        let name = SHA256.hash(data: Data(manifest.archiveID.utf8))
        return name.prefix(12).map { String(format: "%02x", $0) }.joined() + ".png"
    }

    private func checksum(_ bytes: Data) -> String {
        Insecure.SHA1.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    private func seal(of entries: [ArchiveEntry]) -> String {
        let joined = entries.map(\.checksum).joined(separator: ",")
        return Insecure.SHA1.hash(data: Data(joined.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    private func newArchiveID() -> String {
        var seed = Data("\(Date().timeIntervalSince1970)".utf8)
        seed.append(contentsOf: (0..<8).map { _ in UInt8.random(in: .min ... .max) })
        let id = Insecure.SHA1.hash(data: seed)
        return id.prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}
