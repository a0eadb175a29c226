import CryptoKit
import SwiftUI
import UIKit

/// Memory + disk cache for artwork, keyed by SHA-256 of the source URL so
/// arbitrary feed URLs never turn into path components.
actor ArtworkCache {
    static let shared = ArtworkCache()

    private let memory = NSCache<NSString, UIImage>()
    private let directory: URL = {
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        let directory = caches.appending(path: "Artwork", directoryHint: .isDirectory)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }()

    static func cacheKey(for url: URL) -> String {
        SHA256.hash(data: Data(url.absoluteString.utf8)).hexString
    }

    func image(for url: URL) async -> UIImage? {
        let key = Self.cacheKey(for: url)
        if let cached = memory.object(forKey: key as NSString) { return cached }

        let file = directory.appending(path: key)
        if let data = try? Data(contentsOf: file), let image = UIImage(data: data) {
            memory.setObject(image, forKey: key as NSString)
            return image
        }

        // Many feeds still publish http:// artwork; ask for the https twin instead.
        guard let secureURL = HTTPSUpgrader.upgraded(url),
              let fetched = try? await URLSession.shared.data(from: secureURL),
              (fetched.1 as? HTTPURLResponse)?.statusCode == 200,
              let image = UIImage(data: fetched.0) else { return nil }

        try? fetched.0.write(to: file, options: .atomic)
        memory.setObject(image, forKey: key as NSString)
        return image
    }
}

struct ArtworkView: View {
    let url: URL?
    var cornerRadius: CGFloat = 8
    @State private var image: UIImage?

    var body: some View {
        Group {
            if let image {
                Image(uiImage: image).resizable().scaledToFill()
            } else {
                Rectangle().fill(.quaternary).overlay(Image(systemName: "waveform").foregroundStyle(.secondary))
            }
        }
        .clipShape(RoundedRectangle(cornerRadius: cornerRadius, style: .continuous))
        .task(id: url) {
            if let url { image = await ArtworkCache.shared.image(for: url) }
        }
    }
}
