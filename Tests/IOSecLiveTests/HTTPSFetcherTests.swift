import Foundation
import IOSecCore
import IOSecTestSupport
import NIOCore
import NIOSSL
import Testing
@testable import IOSecLive

/// `iosec aasa` fetching against a real HTTPS server on 127.0.0.1 with a CA generated here.
@Suite struct HTTPSFetcherTests {
    static let validFile =
        #"{"webcredentials":{"apps":["ABCDE12345.com.acme.wallet"]},"applinks":{"details":[{"appIDs":["ABCDE12345.com.acme.wallet"],"components":[{"/":"/offers/*"}]}]}}"#
    static let wellKnown = "/.well-known/apple-app-site-association"
    static let app = AppID("ABCDE12345.com.acme.wallet")

    struct Fixture {
        let ca: TestCertificateAuthority
        let server: LocalTLSServer
        var url: String { "https://localhost:\(server.port)\(HTTPSFetcherTests.wellKnown)" }
        func fetcher(timeout: TimeAmount = .seconds(120)) throws -> HTTPSFetcher {
            HTTPSFetcher(timeout: timeout, additionalTrustRoots: [try ca.identity.nioCertificate()])
        }
    }

    static func serve(_ responder: @escaping @Sendable (TestHTTPRequest) -> TestHTTPResponse) async throws -> Fixture {
        let ca = try TestCertificateAuthority()
        let leaf = try ca.issueServerCertificate()
        let server = try await LocalTLSServer.start(chain: [leaf, ca.identity], responder: responder)
        return Fixture(ca: ca, server: server)
    }

    @Test func validFilePasses() async throws {
        let f = try await Self.serve { request in
            request.path == Self.wellKnown ? .ok(Self.validFile, contentType: "application/json") : .status(404)
        }
        defer { Task { try? await f.server.stop() } }
        let response = try await f.fetcher().get(f.url)
        #expect(response.status == 200)
        #expect(response.contentType == "application/json")
        let check = AssociationFileCheck.served(response, appID: Self.app)
        #expect(check.passed)
        #expect(check.issues.isEmpty)
        #expect(check.listings.map(\.listed) == [true, true, false])
        #expect(f.server.requests.map(\.path) == [Self.wellKnown])
    }

    @Test func redirectIsNotFollowedAndSaysWhere() async throws {
        let f = try await Self.serve { _ in
            .redirect(to: "https://www.acme.example/.well-known/apple-app-site-association")
        }
        defer { Task { try? await f.server.stop() } }
        let response = try await f.fetcher().get(f.url)
        #expect(response.status == 301)
        let check = AssociationFileCheck.served(response, appID: Self.app)
        #expect(!check.passed)
        #expect(
            check.errors.first?.message.contains(
                "redirect to https://www.acme.example/.well-known/apple-app-site-association") == true)
        #expect(f.server.requests.count == 1, "the redirect must not be followed")
    }

    @Test func wrongContentTypeWarnsButPasses() async throws {
        let f = try await Self.serve { _ in .ok(Self.validFile, contentType: "text/html") }
        defer { Task { try? await f.server.stop() } }
        let check = AssociationFileCheck.served(try await f.fetcher().get(f.url), appID: Self.app)
        #expect(check.passed)
        #expect(check.issues.map(\.severity) == [.warning])
        #expect(check.issues.first?.message.contains("\"text/html\"") == true)
    }

    @Test func notFoundFails() async throws {
        let f = try await Self.serve { _ in .status(404) }
        defer { Task { try? await f.server.stop() } }
        let check = AssociationFileCheck.served(try await f.fetcher().get(f.url))
        #expect(!check.passed)
        #expect(check.errors.first?.message.contains("answered 404") == true)
    }

    @Test func oversizeBodyIsCutAndFails() async throws {
        let big =
            #"{"webcredentials":{"apps":["ABCDE12345.com.acme.wallet"]},"pad":""#
            + String(repeating: "x", count: 300_000) + "\"}"
        let f = try await Self.serve { _ in .ok(big, contentType: "application/json") }
        defer { Task { try? await f.server.stop() } }
        let response = try await f.fetcher().get(f.url)
        #expect(response.truncated)
        #expect(response.body.count == AssociationFile.maximumSize)
        let check = AssociationFileCheck.served(response)
        #expect(check.errors.first?.message.contains("128 KB") == true)
    }

    @Test func invalidJSONFails() async throws {
        let f = try await Self.serve { _ in .ok("{\"applinks\": {", contentType: "application/json") }
        defer { Task { try? await f.server.stop() } }
        let check = AssociationFileCheck.served(try await f.fetcher().get(f.url))
        #expect(!check.passed)
        #expect(check.errors.first?.message.contains("not valid JSON") == true)
    }

    @Test func gzipBodyAndBOMAreReported() async throws {
        let f = try await Self.serve { request in
            request.path.hasSuffix("gz")
                ? TestHTTPResponse(
                    status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                    body: [0x1F, 0x8B, 0x08, 0x00, 0x00])
                : TestHTTPResponse(
                    status: 200, headers: [("Content-Type", "application/json")],
                    body: [0xEF, 0xBB, 0xBF] + Array(Self.validFile.utf8))
        }
        defer { Task { try? await f.server.stop() } }
        let gz = AssociationFileCheck.served(try await f.fetcher().get("https://localhost:\(f.server.port)/aasa.gz"))
        #expect(!gz.passed)
        #expect(gz.issues.contains { $0.message.contains("Content-Encoding is \"gzip\"") })
        #expect(gz.errors.contains { $0.message.contains("gzip-compressed") })
        let bom = AssociationFileCheck.served(try await f.fetcher().get(f.url), appID: Self.app)
        #expect(bom.passed)
        #expect(bom.issues.contains { $0.severity == .warning && $0.message.contains("byte-order mark") })
    }

    @Test func slowServerHitsTheTimeout() async throws {
        let f = try await Self.serve { _ in
            var response = TestHTTPResponse.ok(Self.validFile, contentType: "application/json")
            // Far longer than the timeout, so only the timeout can end the request, even on a loaded machine.
            response.delay = .seconds(600)
            return response
        }
        defer { Task { try? await f.server.stop() } }
        let started = Date()
        await #expect(throws: HTTPSFetchError.timeout(seconds: 0.5)) {
            try await f.fetcher(timeout: .milliseconds(500)).get(f.url)
        }
        #expect(Date().timeIntervalSince(started) < 300)
    }

    @Test func untrustedCertificateIsATLSError() async throws {
        let f = try await Self.serve { _ in .ok(Self.validFile, contentType: "application/json") }
        defer { Task { try? await f.server.stop() } }
        do {
            _ = try await HTTPSFetcher(timeout: .seconds(30)).get(f.url)
            Issue.record("an untrusted server must not be accepted")
        } catch {
            guard case .tls(let message) = error else {
                Issue.record("expected a TLS error, got \(error)")
                return
            }
            #expect(message.contains("localhost"))
            #expect(f.server.requests.isEmpty, "no request may reach an untrusted server")
        }
    }

    @Test func plainHTTPIsRefusedBeforeConnecting() async {
        await #expect(throws: HTTPSFetchError.notHTTPS("http://acme.example/.well-known/apple-app-site-association")) {
            try await HTTPSFetcher().get("http://acme.example/.well-known/apple-app-site-association")
        }
    }

    @Test func productionChecksRejectDevelopmentAppIDs() {
        let file = #"{"webcredentials":{"apps":["ABCDE12345.com.acme.wallet","ABCDE12345.com.acme.wallet.dev"]}}"#
        let check = AssociationFileCheck.file(Data(file.utf8), appID: Self.app, production: true)
        #expect(
            check.errors.map(\.message) == [
                "ABCDE12345.com.acme.wallet.dev looks like a development build's App ID; keep it out of the production file"
            ])
        let listed = AssociationFileCheck.file(Data(file.utf8), production: true, releaseAppIDs: [Self.app!])
        #expect(listed.errors.count == 1)
        #expect(listed.errors.first?.message.contains("not one of the release App IDs") == true)
    }
}
