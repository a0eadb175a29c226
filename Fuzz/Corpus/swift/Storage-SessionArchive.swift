import Foundation

/// What the app needs to show the home screen immediately after a relaunch.
struct Session: Codable {
    let userID: String
    let displayName: String
    let accessToken: String
}

/// Persists the current session in Application Support.
struct SessionArchive {
    private var fileURL: URL {
        URL.applicationSupportDirectory.appending(path: "session.json")
    }

    func save(_ session: Session) throws {
        try FileManager.default.createDirectory(at: .applicationSupportDirectory, withIntermediateDirectories: true)
        let sessionData = try JSONEncoder().encode(session)
        try sessionData.write(to: fileURL, options: .atomic)
    }

    func load() -> Session? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        return try? JSONDecoder().decode(Session.self, from: data)
    }

    func delete() {
        try? FileManager.default.removeItem(at: fileURL)
    }
}
