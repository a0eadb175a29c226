import Foundation
#if canImport(IOSecKitBase)  // A module of its own in SwiftPM; the same module under CocoaPods.
import IOSecKitBase
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches an association file for ``AssociationFileSelfCheck``. The URLSession-based
/// ``URLSessionAssociationFileFetcher`` is the real one; tests inject their own.
public protocol AssociationFileFetching: Sendable {
    /// The server's answer for `url`, with redirects NOT followed (a 3xx comes back as it is).
    func fetch(_ url: URL) async throws -> AssociationFileResponse
}

/// A debug-build self check of the app's own associated domains: does each domain serve an
/// apple-app-site-association file that iOS will accept, listing this app for the services it uses?
///
/// Passkeys and universal links fail silently when the file is missing, redirected, invalid or lacks the
/// App ID. Run this from a debug menu or at launch in DEBUG builds to find out before users do. It applies
/// the same rules as `iosec aasa` (HTTPS only, no redirects, 128 KB, application/json) through IOSecKitBase's
/// ``AssociationFileCheck``.
///
/// ```swift
/// #if DEBUG
/// let check = AssociationFileSelfCheck(
///     domains: ["acme.example.com"], appID: AppID("ABCDE12345.com.acme.wallet")!, requiredServices: ["webcredentials"])
/// for result in await check.run(recorder: securityEvents) where !result.passed {
///     assertionFailure("association file for \(result.domain): \(result.problems.joined(separator: "; "))")
/// }
/// #endif
/// ```
public struct AssociationFileSelfCheck: Sendable {
    /// One domain's verdict.
    public struct DomainResult: Sendable {
        public let domain: String
        public let url: String
        /// The full check, when the server answered at all.
        public let check: AssociationFileCheck?
        /// Why nothing usable was fetched (TLS failure, timeout, non-HTTPS), if so.
        public let fetchError: String?
        /// Services from `requiredServices` that do not list the app.
        public let missingServices: [String]

        public var passed: Bool { fetchError == nil && (check?.passed ?? false) && missingServices.isEmpty }

        /// Every problem in one list of sentences, for a log line or an assertion message.
        public var problems: [String] {
            var out: [String] = []
            if let fetchError { out.append(fetchError) }
            out += check?.errors.map(\.description) ?? []
            out += missingServices.map { "the app is not listed for \($0)" }
            return out
        }
    }

    public let domains: [String]
    public let appID: AppID
    /// Services the app relies on, e.g. `["webcredentials", "applinks"]`.
    public let requiredServices: [String]
    public let fetcher: any AssociationFileFetching

    public init(
        domains: [String], appID: AppID, requiredServices: [String] = ["webcredentials"],
        fetcher: any AssociationFileFetching = URLSessionAssociationFileFetcher()
    ) {
        self.domains = domains
        self.appID = appID
        self.requiredServices = requiredServices
        self.fetcher = fetcher
    }

    /// Checks every domain (one at a time: a debug check, not a load test). Failures are also recorded as
    /// `.associationFileValidationFailed` events when a recorder is given.
    public func run(recorder: SecurityEventRecorder? = nil) async -> [DomainResult] {
        var results: [DomainResult] = []
        for domain in domains {
            let result = await check(domain)
            if !result.passed, let recorder {
                recorder.record(
                    .associationFileValidationFailed, result.problems.joined(separator: "; "),
                    metadata: ["domain": domain])
            }
            results.append(result)
        }
        return results
    }

    func check(_ domain: String) async -> DomainResult {
        // Associated-domain entries may carry `*.` and `?mode=`; the file lives on the plain host.
        let host = AssociatedDomain("webcredentials:\(domain)")?.domain ?? domain
        let urlString = "https://\(host)/.well-known/apple-app-site-association"
        guard let url = URL(string: urlString) else {
            return DomainResult(
                domain: domain, url: urlString, check: nil, fetchError: "not a valid domain: \(domain)",
                missingServices: [])
        }
        do {
            let response = try await fetcher.fetch(url)
            let check = AssociationFileCheck.served(response, appID: appID)
            let missing = requiredServices.filter { service in
                !check.listings.contains { $0.service == service && $0.listed }
            }
            return DomainResult(
                domain: domain, url: urlString, check: check, fetchError: nil,
                missingServices: check.report?.file == nil ? [] : missing)
        } catch {
            return DomainResult(domain: domain, url: urlString, check: nil, fetchError: "\(error)", missingServices: [])
        }
    }
}

/// Fetches over URLSession: ephemeral (no cookies, no cache), HTTPS only, redirects refused, a timeout,
/// and a byte cap.
public final class URLSessionAssociationFileFetcher: NSObject, AssociationFileFetching, URLSessionTaskDelegate,
    @unchecked Sendable
{
    public let timeout: TimeInterval
    public let maximumBodySize: Int

    public init(timeout: TimeInterval = 10, maximumBodySize: Int = AssociationFile.maximumSize) {
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }

    public enum FetchError: Error, Equatable, CustomStringConvertible {
        case notHTTPS(String)
        case notHTTP(String)

        public var description: String {
            switch self {
            case .notHTTPS(let url): "\(url) is not HTTPS; association files are fetched over HTTPS only"
            case .notHTTP(let url): "\(url) did not answer with an HTTP response"
            }
        }
    }

    public func fetch(_ url: URL) async throws -> AssociationFileResponse {
        guard url.scheme?.lowercased() == "https" else { throw FetchError.notHTTPS(url.absoluteString) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw FetchError.notHTTP(url.absoluteString) }
        let truncated = data.count > maximumBodySize
        return AssociationFileResponse(
            url: url.absoluteString, status: http.statusCode,
            contentType: http.value(forHTTPHeaderField: "Content-Type"),
            contentEncoding: http.value(forHTTPHeaderField: "Content-Encoding"),
            location: http.value(forHTTPHeaderField: "Location"),
            body: Array(data.prefix(maximumBodySize)), truncated: truncated)
    }

    /// Apple's CDN does not follow redirects, so neither does the check: the 3xx is what gets judged.
    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
