import CryptoKit
import Foundation

// MARK: - Coding

extension JSONEncoder {
    static let voyage: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    /// Deterministic output, used when the encoded bytes feed a cache key.
    static let canonical: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
}

extension JSONDecoder {
    static let voyage: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

// MARK: - Hashing

extension Data {
    /// Hex SHA-256, used for cache keys and file names.
    var sha256Hex: String {
        SHA256.hash(data: self).map { String(format: "%02x", $0) }.joined()
    }

    /// Base64 MD5 for the `Content-MD5` integrity header required by the chat vendor's
    /// attachment upload endpoint (S3 presigned PUT).
    var contentMD5: String {
        Data(Insecure.MD5.hash(data: self)).base64EncodedString()
    }
}

extension String {
    var sha256Hex: String { Data(utf8).sha256Hex }
}

// MARK: - URLs

extension URL {
    /// Scheme, host and path only. Query strings and fragments are dropped before logging.
    var redactedForLogs: String {
        var components = URLComponents(url: self, resolvingAgainstBaseURL: false)
        components?.query = nil
        components?.fragment = nil
        components?.user = nil
        components?.password = nil
        return components?.string ?? "<invalid url>"
    }

    func queryValue(named name: String) -> String? {
        URLComponents(url: self, resolvingAgainstBaseURL: false)?
            .queryItems?
            .first { $0.name == name }?
            .value
    }

    func matches(_ other: URL) -> Bool {
        scheme?.lowercased() == other.scheme?.lowercased()
            && host?.lowercased() == other.host?.lowercased()
            && path == other.path
    }
}

extension URLRequest {
    /// Compact request description for crash breadcrumbs.
    var diagnosticSummary: [String: String] {
        var summary = [
            "method": httpMethod ?? "GET",
            "url": url?.redactedForLogs ?? "-",
        ]
        if let requestID = value(forHTTPHeaderField: "X-Request-ID") {
            summary["request_id"] = requestID
        }
        if let httpBody, !httpBody.isEmpty {
            summary["body"] = String(decoding: httpBody.prefix(2_048), as: UTF8.self)
        }
        return summary
    }
}

// MARK: - Misc

extension Bundle {
    var releaseName: String {
        let version = infoDictionary?["CFBundleShortVersionString"] as? String ?? "0"
        let build = infoDictionary?["CFBundleVersion"] as? String ?? "0"
        return "\(version) (\(build))"
    }
}

extension Date {
    var startOfDay: Date { Calendar.current.startOfDay(for: self) }

    func adding(days: Int) -> Date {
        Calendar.current.date(byAdding: .day, value: days, to: self) ?? self
    }
}

extension Decimal {
    func formatted(currency code: String) -> String {
        formatted(.currency(code: code).precision(.fractionLength(0...2)))
    }
}

extension DateFormatter {
    static let iataDay: DateFormatter = {
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .iso8601)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }()
}
