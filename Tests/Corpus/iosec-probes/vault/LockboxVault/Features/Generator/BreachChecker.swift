import Foundation
import CryptoKit

/// Have I Been Pwned "Pwned Passwords" lookup through the k-anonymity range API.
///
/// Only the first five hex characters of the SHA-1 digest are sent. The service returns
/// every suffix in that range (padded with decoys via `Add-Padding`) and the comparison
/// happens on the device. SHA-1 is simply what the corpus is indexed by.
actor BreachChecker {
    struct BadResponse: Error { let statusCode: Int }

    private let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        configuration.urlCache = nil
        configuration.httpAdditionalHeaders = ["User-Agent": "LockboxVault-iOS"]
        return URLSession(configuration: configuration)
    }()

    /// How many times `password` appears in known breaches; 0 if it doesn't.
    func breachCount(for password: String) async throws -> Int {
        let hex = Insecure.SHA1.hash(data: Data(password.utf8)).map { String(format: "%02X", $0) }.joined()
        let prefix = String(hex.prefix(5))
        let suffix = hex.dropFirst(5)

        var request = URLRequest(url: URL(string: "https://api.pwnedpasswords.com/range/\(prefix)")!)
        request.setValue("true", forHTTPHeaderField: "Add-Padding")
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? -1
        guard status == 200 else { throw BadResponse(statusCode: status) }

        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        for line in lines {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].caseInsensitiveCompare(suffix) == .orderedSame {
                return Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
            }
        }
        Log.network.debug("Range lookup returned \(lines.count) rows, no match")
        return 0
    }
}
