import CryptoKit
import Foundation
import UIKit

/// Offer artwork: memory first, then `Caches/Images`. Only public marketing images are cached
/// here, so the files need no data protection beyond the default.
actor ImageCache {
    static let shared = ImageCache()

    /// How file names are derived from URLs. When it changes, old files can never be hit again,
    /// so the next purge removes the whole directory once.
    private static let cacheKeyScheme = "sha256-hex-v2"

    private let memoryCache = NSCache<NSString, UIImage>()
    private let directory = URL.cachesDirectory.appending(path: "Images", directoryHint: .isDirectory)

    func image(for url: URL) async -> UIImage? {
        let cacheKey = Self.cacheKey(for: url)
        if let image = memoryCache.object(forKey: cacheKey as NSString) {
            return image
        }

        let fileURL = directory.appending(path: cacheKey)
        if let data = try? Data(contentsOf: fileURL), let image = UIImage(data: data) {
            memoryCache.setObject(image, forKey: cacheKey as NSString)
            return image
        }

        guard let data = try? await APIClient.shared.data(for: URLRequest(url: url)).0,
              let image = UIImage(data: data)
        else { return nil }
        memoryCache.setObject(image, forKey: cacheKey as NSString)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: fileURL, options: .atomic)
        return image
    }

    /// Removes files not touched for `age` seconds, or everything after a key-scheme change.
    func purge(olderThan age: TimeInterval) {
        let defaults = UserDefaults.standard
        if defaults.string(forKey: "imageCache.cacheKeyScheme") != Self.cacheKeyScheme {
            try? FileManager.default.removeItem(at: directory)
            defaults.set(Self.cacheKeyScheme, forKey: "imageCache.cacheKeyScheme")
            return
        }

        let keys: [URLResourceKey] = [.contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        let cutoff = Date().addingTimeInterval(-age)
        for file in files {
            let modified = (try? file.resourceValues(forKeys: Set(keys)))?.contentModificationDate ?? .distantPast
            if modified < cutoff {
                try? FileManager.default.removeItem(at: file)
            }
        }
    }

    /// A file-name-safe key: hex SHA-256 of the URL.
    static func cacheKey(for url: URL) -> String {
        SHA256.hash(data: Data(url.absoluteString.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
