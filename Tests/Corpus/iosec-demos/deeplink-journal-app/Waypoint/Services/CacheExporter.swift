import Foundation

/// "Export diagnostics": copies the URL cache database into a folder the user picks in Files.
enum CacheExporter {
    static func export(into folder: URL) throws {
        guard folder.startAccessingSecurityScopedResource() else { return }
        defer { folder.stopAccessingSecurityScopedResource() }
        let caches = try FileManager.default.url(for: .cachesDirectory, in: .userDomainMask, appropriateFor: nil, create: false)
        let database = caches.appendingPathComponent(Bundle.main.bundleIdentifier ?? "com.example.waypoint")
            .appendingPathComponent("Cache.db")
        try FileManager.default.copyItem(at: database, to: folder.appendingPathComponent("diagnostics.db"))
    }
}
