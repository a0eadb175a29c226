import Foundation
import PassKit

struct BoardingPassReference: Codable, Hashable, Identifiable {
    let bookingReference: String
    let segmentID: String
    var departureDate: Date?

    var id: String { "\(bookingReference)-\(segmentID)" }
}

enum BoardingPassFormat: String, Codable, CaseIterable {
    case pkpass
    case pdf

    var mimeType: String {
        switch self {
        case .pkpass: return "application/vnd.apple.pkpass"
        case .pdf: return "application/pdf"
        }
    }
}

struct StoredBoardingPass: Equatable {
    let reference: BoardingPassReference
    let format: BoardingPassFormat
    let fileURL: URL
}

enum BoardingPassError: LocalizedError {
    case notAvailableYet
    case invalidPass

    var errorDescription: String? {
        switch self {
        case .notAvailableYet: return NSLocalizedString("boardingPass.error.notYet", comment: "")
        case .invalidPass: return NSLocalizedString("boardingPass.error.invalid", comment: "")
        }
    }
}

/// Keeps boarding passes on disk so they are available at the gate without connectivity.
final class BoardingPassStore {
    /// Passes are kept for two days after departure, then purged.
    static let retention: TimeInterval = 60 * 60 * 48

    private let client: APIClientProtocol
    private let api: VoyageAPI
    private let analytics: AnalyticsTracking
    private let fileManager: FileManager
    private let passLibrary = PKPassLibrary()

    init(client: APIClientProtocol, api: VoyageAPI, analytics: AnalyticsTracking, fileManager: FileManager = .default) {
        self.client = client
        self.api = api
        self.analytics = analytics
        self.fileManager = fileManager
    }

    // MARK: - Storage

    private var directory: URL {
        get throws {
            let url = try fileManager
                .url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
                .appendingPathComponent("BoardingPasses", isDirectory: true)
            if !fileManager.fileExists(atPath: url.path) {
                try fileManager.createDirectory(
                    at: url,
                    withIntermediateDirectories: true,
                    attributes: [.protectionKey: FileProtectionType.complete]
                )
            }
            return url
        }
    }

    /// File names are hashed so the booking reference is not visible in the container listing.
    private func fileURL(for reference: BoardingPassReference, format: BoardingPassFormat) throws -> URL {
        try directory
            .appendingPathComponent(reference.id.sha256Hex)
            .appendingPathExtension(format.rawValue)
    }

    func storedPass(for reference: BoardingPassReference) -> StoredBoardingPass? {
        for format in BoardingPassFormat.allCases {
            if let url = try? fileURL(for: reference, format: format), fileManager.fileExists(atPath: url.path) {
                return StoredBoardingPass(reference: reference, format: format, fileURL: url)
            }
        }
        return nil
    }

    @discardableResult
    func download(_ reference: BoardingPassReference, preferred format: BoardingPassFormat = .pkpass) async throws -> StoredBoardingPass {
        let data: Data
        do {
            data = try await client.data(api.boardingPass(reference, format: format))
        } catch APIError.server(status: 409, code: _, message: _) {
            throw BoardingPassError.notAvailableYet
        }

        if format == .pkpass {
            _ = try PKPass(data: data)
        }

        let destination = try fileURL(for: reference, format: format)
        try data.write(to: destination, options: [.atomic, .completeFileProtection])
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        var mutableURL = destination
        try mutableURL.setResourceValues(values)

        analytics.track(.boardingPassStored(format: format.rawValue))
        return StoredBoardingPass(reference: reference, format: format, fileURL: destination)
    }

    // MARK: - Wallet

    func walletPass(for stored: StoredBoardingPass) throws -> PKPass {
        guard stored.format == .pkpass else { throw BoardingPassError.invalidPass }
        return try PKPass(data: Data(contentsOf: stored.fileURL))
    }

    func isInWallet(_ pass: PKPass) -> Bool {
        passLibrary.containsPass(pass)
    }

    // MARK: - Housekeeping

    func purgeExpired(now: Date = .now) {
        guard let directory = try? directory,
              let files = try? fileManager.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.contentModificationDateKey])
        else { return }

        for file in files {
            let modified = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate ?? now
            if now.timeIntervalSince(modified) > Self.retention + 60 * 60 * 24 * 14 {
                try? fileManager.removeItem(at: file)
            }
        }
    }
}
