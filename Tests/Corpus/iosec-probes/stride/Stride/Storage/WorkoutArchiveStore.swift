import CryptoKit
import Foundation

enum ArchiveFormat {
    static let magic = "STRDARCH"
    static let fileExtension = "strarchive"
    static let salt = Data([0x53, 0x74, 0x72, 0x69, 0x64, 0x65, 0x2d, 0x41, 0x72, 0x63, 0x68, 0x69, 0x76, 0x65, 0x21, 0x32])
}

enum ArchiveError: LocalizedError {
    case badHeader
    case unsupportedVersion(UInt8)
    case empty

    var errorDescription: String? {
        switch self {
        case .badHeader: return NSLocalizedString("archive.error.header", comment: "Not a Stride archive")
        case .unsupportedVersion(let v): return String(format: NSLocalizedString("archive.error.version %d", comment: "Archive version unsupported"), Int(v))
        case .empty: return NSLocalizedString("archive.error.empty", comment: "Nothing to back up")
        }
    }
}

struct WorkoutArchive: Codable {
    let createdAt: Date
    let profile: UserProfile?
    let workouts: [Workout]
    let coachMessages: [CoachMessage]
}

/// Produces and restores full backups (workouts incl. heart-rate series, profile, coach history)
/// that the user can save to Files or AirDrop to a new device.
final class WorkoutArchiveStore {
    private let database: WorkoutDatabase
    private let fileManager: FileManager
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
    private let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    init(database: WorkoutDatabase, fileManager: FileManager = .default) {
        self.database = database
        self.fileManager = fileManager
    }

    func makeArchive(profile: UserProfile?, coachMessages: [CoachMessage]) throws -> URL {
        let workouts = try database.workouts(limit: 10_000)
        guard !workouts.isEmpty else { throw ArchiveError.empty }

        let archive = WorkoutArchive(createdAt: Date(), profile: profile, workouts: workouts, coachMessages: coachMessages)
        let plaintext = try encoder.encode(archive)
        let sealed = try seal(plaintext, version: ArchiveKeying.currentVersion)

        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let name = "Stride-Backup-\(formatter.string(from: Date())).\(ArchiveFormat.fileExtension)"
        let url = fileManager.temporaryDirectory.appendingPathComponent(name)
        try sealed.write(to: url, options: [.atomic, .completeFileProtection])

        Log.storage.info("Created archive with \(workouts.count, privacy: .public) workouts, \(sealed.count, privacy: .public) bytes")
        return url
    }

    func restore(from url: URL) throws -> WorkoutArchive {
        let accessing = url.startAccessingSecurityScopedResource()
        defer { if accessing { url.stopAccessingSecurityScopedResource() } }

        let data = try Data(contentsOf: url)
        let plaintext = try open(data)
        let archive = try decoder.decode(WorkoutArchive.self, from: plaintext)
        try database.upsert(archive.workouts)
        return archive
    }

    // MARK: - Container

    private func seal(_ plaintext: Data, version: UInt8) throws -> Data {
        let key = ArchiveKeying.key(for: version)
        let box = try AES.GCM.seal(plaintext, using: key, authenticating: header(version: version))
        guard let combined = box.combined else { throw ArchiveError.badHeader }
        return header(version: version) + combined
    }

    private func open(_ data: Data) throws -> Data {
        let magicLength = ArchiveFormat.magic.utf8.count
        guard data.count > magicLength + 1,
              data.prefix(magicLength) == Data(ArchiveFormat.magic.utf8) else {
            throw ArchiveError.badHeader
        }
        let version = data[data.startIndex + magicLength]
        guard ArchiveKeying.supports(version) else { throw ArchiveError.unsupportedVersion(version) }

        let box = try AES.GCM.SealedBox(combined: data.dropFirst(magicLength + 1))
        return try AES.GCM.open(box, using: ArchiveKeying.key(for: version), authenticating: header(version: version))
    }

    private func header(version: UInt8) -> Data {
        Data(ArchiveFormat.magic.utf8) + Data([version])
    }
}
