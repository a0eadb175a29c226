import Foundation

/// What the lock screen shows after a relaunch. No tokens: those stay in the Keychain and in memory.
struct SessionSummary: Codable {
    let userID: String
    let displayName: String
}

/// Persists the session summary in Application Support, encrypted while the device is locked.
struct SessionArchive {
    private var fileURL: URL {
        URL.applicationSupportDirectory.appending(path: "session.json")
    }

    func save(_ summary: SessionSummary) throws {
        try FileManager.default.createDirectory(at: .applicationSupportDirectory, withIntermediateDirectories: true)
        let sessionData = try JSONEncoder().encode(summary)
        try sessionData.write(to: fileURL, options: [.atomic, .completeFileProtection])
    }

    func load() -> SessionSummary? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        return try? JSONDecoder().decode(SessionSummary.self, from: data)
    }

    func delete() {
        try? FileManager.default.removeItem(at: fileURL)
    }
}
