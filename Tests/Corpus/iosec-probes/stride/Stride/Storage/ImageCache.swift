import CryptoKit
import UIKit

/// Disk + memory cache for avatars and route snapshots.
final class ImageCache {
    static let shared = ImageCache()

    private let memory = NSCache<NSURL, UIImage>()
    private let directory: URL
    private let session: URLSession

    init(session: URLSession = .shared) {
        self.session = session
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        directory = caches.appendingPathComponent("Images", isDirectory: true)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        memory.countLimit = 200
    }

    /// Cache key only needs to be stable and filesystem-safe; collisions just cause a refetch.
    private func fileURL(for remote: URL) -> URL {
        let digest = Insecure.MD5.hash(data: Data(remote.absoluteString.utf8))
        let name = digest.map { String(format: "%02hhx", $0) }.joined()
        return directory.appendingPathComponent(name).appendingPathExtension("img")
    }

    func image(for url: URL) async -> UIImage? {
        if let cached = memory.object(forKey: url as NSURL) {
            return cached
        }

        let local = fileURL(for: url)
        if let data = try? Data(contentsOf: local), let image = UIImage(data: data) {
            memory.setObject(image, forKey: url as NSURL)
            return image
        }

        do {
            let (data, response) = try await session.data(from: url)
            guard (response as? HTTPURLResponse)?.statusCode == 200, let image = UIImage(data: data) else {
                return nil
            }
            try? data.write(to: local, options: .atomic)
            memory.setObject(image, forKey: url as NSURL)
            return image
        } catch {
            Log.storage.debug("Image fetch failed: \(error.localizedDescription, privacy: .public)")
            return nil
        }
    }

    func purge() {
        memory.removeAllObjects()
        try? FileManager.default.removeItem(at: directory)
    }
}
