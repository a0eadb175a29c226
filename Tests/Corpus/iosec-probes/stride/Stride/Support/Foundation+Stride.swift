import Foundation
import os

/// Central place for unified-logging categories so Console filters stay consistent.
enum Log {
    static let subsystem = Bundle.main.bundleIdentifier ?? "com.stridecoach.Stride"

    static let lifecycle = Logger(subsystem: subsystem, category: "lifecycle")
    static let health = Logger(subsystem: subsystem, category: "health")
    static let storage = Logger(subsystem: subsystem, category: "storage")
    static let auth = Logger(subsystem: subsystem, category: "auth")
    static let watch = Logger(subsystem: subsystem, category: "watch")
    static let store = Logger(subsystem: subsystem, category: "storekit")
    static let coach = Logger(subsystem: subsystem, category: "coach")

    static func make(_ category: String) -> Logger {
        Logger(subsystem: subsystem, category: category)
    }
}

extension Date {
    /// Whole years between `self` and `reference`, used for age-based heart-rate formulas.
    func years(until reference: Date = Date(), calendar: Calendar = .current) -> Int {
        calendar.dateComponents([.year], from: self, to: reference).year ?? 0
    }
}

extension Double {
    var kilometers: Double { self / 1_000 }

    /// Formats a pace in seconds-per-kilometre as m:ss.
    var paceString: String {
        guard isFinite, self > 0 else { return "–:––" }
        let total = Int(self.rounded())
        return String(format: "%d:%02d", total / 60, total % 60)
    }
}

extension Data {
    var hexEncodedString: String {
        map { String(format: "%02x", $0) }.joined()
    }

    /// Base64url without padding, as required by RFC 7636.
    var base64URLEncodedString: String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

extension URL {
    func queryValue(_ name: String) -> String? {
        URLComponents(url: self, resolvingAgainstBaseURL: false)?
            .queryItems?
            .first(where: { $0.name == name })?
            .value
    }
}

extension FileManager {
    func applicationSupportDirectory(appending component: String) throws -> URL {
        let base = try url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        let directory = base.appendingPathComponent(component, isDirectory: true)
        if !fileExists(atPath: directory.path) {
            try createDirectory(at: directory, withIntermediateDirectories: true)
        }
        return directory
    }
}
