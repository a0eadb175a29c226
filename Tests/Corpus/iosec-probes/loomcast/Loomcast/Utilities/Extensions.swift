import CryptoKit
import Foundation
import os

extension Logger {
    private static let subsystem = Bundle.main.bundleIdentifier ?? "fm.loomcast.app"

    static let app = Logger(subsystem: subsystem, category: "app")
    static let auth = Logger(subsystem: subsystem, category: "auth")
    static let network = Logger(subsystem: subsystem, category: "network")
    static let player = Logger(subsystem: subsystem, category: "player")
    static let downloads = Logger(subsystem: subsystem, category: "downloads")
    static let store = Logger(subsystem: subsystem, category: "store")
}

/// Console output for local debugging only; compiled out of release builds.
func debugTrace(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    #if DEBUG
    print("[\(file):\(line)] \(message())")
    #endif
}

extension Data {
    func base64URLEncodedString() -> String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    init?(base64URLEncoded string: String) {
        var base64 = string.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64.append(String(repeating: "=", count: (4 - base64.count % 4) % 4))
        self.init(base64Encoded: base64)
    }
}

extension Digest {
    var hexString: String { map { String(format: "%02x", $0) }.joined() }
}

extension Bundle {
    var shortVersion: String { object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "0" }
    var buildNumber: String { object(forInfoDictionaryKey: "CFBundleVersion") as? String ?? "0" }
}

extension JSONDecoder {
    static let api: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

extension JSONEncoder {
    static let api: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
}

enum HTTPSUpgrader {
    /// The https:// twin of `url`, or nil for schemes we never fetch.
    static func upgraded(_ url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        switch components.scheme?.lowercased() {
        case "https":
            return url
        case "http":
            components.scheme = "https"
            if components.port == 80 { components.port = nil }
            return components.url
        default:
            return nil
        }
    }
}
