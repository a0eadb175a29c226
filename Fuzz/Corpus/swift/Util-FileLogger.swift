import Foundation

/// A small rolling diagnostics log that users can send to support from Settings.
actor FileLogger {
    static let shared = FileLogger()
    static let logURL = URL.libraryDirectory.appending(path: "Logs/diagnostics.log")

    private static let maximumAge: TimeInterval = 7 * 24 * 60 * 60
    private let formatter = ISO8601DateFormatter()

    func append(_ line: String) {
        let fileManager = FileManager.default
        rotateIfStale()
        if !fileManager.fileExists(atPath: Self.logURL.path()) {
            try? fileManager.createDirectory(at: Self.logURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Background URLSession uploads of the log must work while the device is locked.
            fileManager.createFile(atPath: Self.logURL.path(), contents: nil, attributes: [.protectionKey: FileProtectionType.none])
        }
        guard let handle = try? FileHandle(forWritingTo: Self.logURL) else { return }
        defer { try? handle.close() }
        let entry = "\(formatter.string(from: Date())) \(line)\n"
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data(entry.utf8))
    }

    private func rotateIfStale() {
        let attributes = try? FileManager.default.attributesOfItem(atPath: Self.logURL.path())
        guard let modified = attributes?[.modificationDate] as? Date,
              Date().timeIntervalSince(modified) > Self.maximumAge
        else { return }
        try? FileManager.default.removeItem(at: Self.logURL)
    }
}
