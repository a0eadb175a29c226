import Foundation
import IOSecKitTestSupport
import NIOCore
import Testing

/// The local server's canned behaviours, which other suites (association-file fetching) rely on.
@Suite struct LocalTLSServerTests {
    let ca: TestCertificateAuthority
    let leaf: TestIdentity

    init() throws {
        ca = try TestCertificateAuthority()
        leaf = try ca.issueServerCertificate()
    }

    func get(_ server: LocalTLSServer, _ path: String = "/", timeout: TimeAmount = .seconds(60)) async throws -> String
    {
        try await TestTLSClient.get(
            port: server.port, path: path, trustRoots: [try ca.identity.nioCertificate()],
            timeout: timeout)
    }

    @Test func oversizeBodyIsSentWithItsLength() async throws {
        let body = [UInt8](repeating: 0x41, count: 300_000)
        let server = try await LocalTLSServer.start(chain: [leaf]) { _ in TestHTTPResponse(status: 200, body: body) }
        defer { Task { try? await server.stop() } }
        let response = try await get(server)
        #expect(response.contains("Content-Length: 300000"))
        #expect(response.hasSuffix(String(repeating: "A", count: 1000)))
        #expect(response.utf8.count > 300_000)
    }

    @Test func delayedResponseArrivesLate() async throws {
        let server = try await LocalTLSServer.start(chain: [leaf]) { _ in
            var response = TestHTTPResponse.ok("late")
            response.delay = .milliseconds(300)
            return response
        }
        defer { Task { try? await server.stop() } }
        let clock = ContinuousClock()
        var response = ""
        let elapsed = try await clock.measure { response = try await get(server) }
        #expect(response.hasSuffix("late"))
        #expect(elapsed >= .milliseconds(300))
    }

    @Test func slowServerTimesOutTheClient() async throws {
        let server = try await LocalTLSServer.start(chain: [leaf]) { _ in
            TestHTTPResponse(status: 200, body: Array("x".utf8), delay: .seconds(120))
        }
        defer { Task { try? await server.stop() } }
        await #expect(throws: (any Error).self) { try await get(server, timeout: .milliseconds(300)) }
    }

    @Test func tricklingBodyIsComplete() async throws {
        let body = [UInt8](repeating: 0x42, count: 4000)
        let server = try await LocalTLSServer.start(chain: [leaf]) { _ in
            TestHTTPResponse(status: 200, body: body, bodyChunkInterval: .milliseconds(20))
        }
        defer { Task { try? await server.stop() } }
        let response = try await get(server)
        #expect(response.hasSuffix(String(repeating: "B", count: 4000)))
    }

    @Test func closeWithoutResponseAndCustomHeaders() async throws {
        let server = try await LocalTLSServer.start(chain: [leaf]) { request in
            request.path == "/drop"
                ? TestHTTPResponse(status: 200, closeWithoutResponse: true)
                : TestHTTPResponse(
                    status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array("<p>".utf8))
        }
        defer { Task { try? await server.stop() } }
        await #expect(throws: (any Error).self) { try await get(server, "/drop") }
        let html = try await get(server, "/page")
        #expect(html.contains("Content-Type: text/html; charset=utf-8"))
        #expect(server.requests.map(\.path) == ["/drop", "/page"])
    }

    @Test func untrustedClientsFailTheHandshake() async throws {
        let server = try await LocalTLSServer.start(chain: [leaf]) { _ in .ok("x") }
        defer { Task { try? await server.stop() } }
        let stranger = try TestCertificateAuthority(name: "Stranger")
        await #expect(throws: (any Error).self) {
            try await TestTLSClient.get(port: server.port, trustRoots: [try stranger.identity.nioCertificate()])
        }
        #expect(server.requests.isEmpty)
    }
}
