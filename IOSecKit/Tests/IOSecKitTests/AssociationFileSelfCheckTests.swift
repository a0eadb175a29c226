import Foundation
import IOSecKitBase
import Testing
@testable import IOSecKit

@Suite struct AssociationFileSelfCheckTests {
    static let app = AppID("ABCDE12345.com.acme.wallet")!

    /// Answers from a table keyed by host; records what was asked.
    final class TableFetcher: AssociationFileFetching, @unchecked Sendable {
        let answers: [String: Result<AssociationFileResponse, URLError>]
        private let lock = NSLock()
        private(set) var asked: [String] = []
        init(_ answers: [String: Result<AssociationFileResponse, URLError>]) { self.answers = answers }
        func fetch(_ url: URL) async throws -> AssociationFileResponse {
            lock.withLock { asked.append(url.absoluteString) }
            guard let answer = answers[url.host ?? ""] else { throw URLError(.cannotFindHost) }
            return try answer.get()
        }
    }

    static func ok(_ json: String, type: String = "application/json") -> Result<AssociationFileResponse, URLError> {
        .success(
            AssociationFileResponse(
                url: "https://x/.well-known/apple-app-site-association", status: 200, contentType: type,
                body: Array(json.utf8)))
    }

    @Test func passesWhenEveryDomainListsTheAppForTheRequiredServices() async {
        let fetcher = TableFetcher([
            "acme.example.com": Self.ok(
                #"{"webcredentials":{"apps":["ABCDE12345.com.acme.wallet"]},"applinks":{"details":[{"appIDs":["ABCDE12345.com.acme.wallet"],"components":[{"/":"/*"}]}]}}"#
            )
        ])
        let check = AssociationFileSelfCheck(
            domains: ["acme.example.com"], appID: Self.app,
            requiredServices: ["webcredentials", "applinks"], fetcher: fetcher)
        let results = await check.run()
        #expect(results.map(\.passed) == [true])
        #expect(results.first?.problems == [])
        #expect(fetcher.asked == ["https://acme.example.com/.well-known/apple-app-site-association"])
    }

    @Test func reportsMissingServiceRedirectAndFetchFailureAndRecordsEvents() async {
        let fetcher = TableFetcher([
            "links.acme.example.com": Self.ok(
                #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.acme.wallet"],"components":[{"/":"/*"}]}]}}"#),
            "login.acme.example.com": .success(
                AssociationFileResponse(
                    url: "https://login.acme.example.com/.well-known/apple-app-site-association", status: 302,
                    location: "https://www.acme.example.com/aasa", body: [])),
            "down.acme.example.com": .failure(URLError(.timedOut))
        ])
        let sink = InMemoryEventSink()
        let recorder = SecurityEventRecorder(sinks: [sink])
        // `?mode=developer` and `*.` prefixes from the entitlement are stripped to the host the file lives on.
        let check = AssociationFileSelfCheck(
            domains: ["links.acme.example.com?mode=developer", "login.acme.example.com", "down.acme.example.com"],
            appID: Self.app, fetcher: fetcher)
        let results = await check.run(recorder: recorder)
        #expect(results.map(\.passed) == [false, false, false])
        #expect(results[0].missingServices == ["webcredentials"])
        #expect(results[0].url == "https://links.acme.example.com/.well-known/apple-app-site-association")
        #expect(results[1].problems.first?.contains("redirect to https://www.acme.example.com/aasa") == true)
        #expect(results[2].fetchError != nil)
        await recorder.flush()
        let events = await sink.events
        #expect(events.count == 3)
        #expect(events.allSatisfy { $0.kind == .associationFileValidationFailed })
        #expect(
            events.map { $0.metadata["domain"] } == [
                "links.acme.example.com?mode=developer", "login.acme.example.com", "down.acme.example.com"
            ])
    }

    @Test func urlSessionFetcherRefusesPlainHTTPBeforeAnyRequest() async {
        await #expect(
            throws: URLSessionAssociationFileFetcher.FetchError.notHTTPS(
                "http://acme.example.com/.well-known/apple-app-site-association")
        ) {
            try await URLSessionAssociationFileFetcher().fetch(
                URL(string: "http://acme.example.com/.well-known/apple-app-site-association")!)
        }
    }
}
