import Foundation
import IOSecKitBase
import IOSecKitTestSupport
import NIOCore
import NIOSSL
import Testing
import X509
@testable import IOSecKit
import IOSecKitNIO

typealias ReportBox = Collected<PinValidationReport>

/// Real TLS handshakes against a local server with generated certificates.
@Suite struct NIOPinningTLSTests {
    static let backupPin = Data(repeating: 0x22, count: 32).base64EncodedString()
    static let unrelatedPin = Data(repeating: 0x11, count: 32).base64EncodedString()

    let ca: TestCertificateAuthority
    let intermediate: TestCertificateAuthority
    let leaf: TestIdentity

    init() throws {
        ca = try TestCertificateAuthority()
        intermediate = try ca.issueIntermediate()
        leaf = try intermediate.issueServerCertificate()
    }

    func withServer<T>(_ body: (LocalTLSServer) async throws -> T) async throws -> T {
        let server = try await LocalTLSServer.start(chain: [leaf, intermediate.identity]) { _ in .ok("pinned hello") }
        do {
            let result = try await body(server)
            try await server.stop()
            return result
        } catch {
            try? await server.stop()
            throw error
        }
    }

    func verifier(
        pins: [String], mode: PinSet.Mode = .enforce, expires: Date? = nil, reports: ReportBox? = nil,
        roots: [Certificate]? = nil, hostname: String = "127.0.0.1"
    ) throws -> NIOPinningVerifier {
        let domain = try PinnedDomain(host: hostname, pins: pins, expires: expires)
        let evaluator = PinningEvaluator(
            pins: try PinSet([domain], mode: mode),
            reporter: reports?.reporter)
        return NIOPinningVerifier(evaluator: evaluator, trustRoots: roots ?? [ca.certificate], serverHostname: hostname)
    }

    @Test func matchingLeafPinConnects() async throws {
        let response = try await withServer { server in
            try await TestTLSClient.get(
                port: server.port,
                customVerificationCallback: verifier(pins: [leaf.spkiPinFromKey, Self.backupPin]).callback)
        }
        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(response.hasSuffix("pinned hello"))
    }

    @Test func backupPinAloneConnects() async throws {
        // Only the backup (the intermediate's key) matches: rotation of the leaf key must not break the app.
        let response = try await withServer { server in
            try await TestTLSClient.get(
                port: server.port,
                customVerificationCallback: verifier(pins: [Self.unrelatedPin, intermediate.identity.spkiPinFromKey])
                    .callback)
        }
        #expect(response.hasPrefix("HTTP/1.1 200"))
    }

    @Test func rootPinMatchesThroughTheValidatedPath() async throws {
        // The server does not send the root; the validated path includes it.
        let response = try await withServer { server in
            try await TestTLSClient.get(
                port: server.port,
                customVerificationCallback: verifier(pins: [Self.unrelatedPin, ca.identity.spkiPinFromKey]).callback)
        }
        #expect(response.hasPrefix("HTTP/1.1 200"))
    }

    @Test func wrongPinsFailTheHandshake() async throws {
        let reports = ReportBox()
        let outcome: Result<String, any Error> = try await withServer { server in
            do {
                return .success(
                    try await TestTLSClient.get(
                        port: server.port,
                        customVerificationCallback: verifier(
                            pins: [Self.unrelatedPin, Self.backupPin], reports: reports
                        ).callback))
            } catch {
                return .failure(error)
            }
        }
        guard case .failure(let error) = outcome else {
            Issue.record("handshake should have failed")
            return
        }
        #expect(error is NIOSSLError || error is BoringSSLError || error is TestClientError)
        #expect(reports.all.first?.outcome == "pin-mismatch")
        #expect(reports.all.first?.servedChainPins.contains(leaf.spkiPinFromKey) == true)
    }

    @Test func reportOnlyConnectsAndReports() async throws {
        let reports = ReportBox()
        let response = try await withServer { server in
            try await TestTLSClient.get(
                port: server.port,
                customVerificationCallback: verifier(
                    pins: [Self.unrelatedPin, Self.backupPin], mode: .reportOnly,
                    reports: reports
                ).callback)
        }
        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.enforced == false)
    }

    @Test func expiredPinsConnectAndReport() async throws {
        let reports = ReportBox()
        let response = try await withServer { server in
            try await TestTLSClient.get(
                port: server.port,
                customVerificationCallback: verifier(
                    pins: [Self.unrelatedPin, Self.backupPin],
                    expires: Date().addingTimeInterval(-60), reports: reports
                ).callback)
        }
        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(reports.all.first?.outcome == "pins-expired")
    }

    @Test func untrustedChainFailsEvenWhenPinned() async throws {
        // Pins never replace trust: a matching pin on a chain to an unknown root is refused.
        let otherRoot = try TestCertificateAuthority(name: "Someone Else")
        let verifier = try verifier(pins: [leaf.spkiPinFromKey, Self.backupPin], roots: [otherRoot.certificate])
        let result = await verifier.verify(derChain: [leaf.der, intermediate.identity.der])
        guard case .untrusted = result.failure else {
            Issue.record("expected an untrusted failure, got \(String(describing: result.failure))")
            return
        }
        await #expect(throws: (any Error).self) {
            try await withServer { server in
                try await TestTLSClient.get(port: server.port, customVerificationCallback: verifier.callback)
            }
        }
    }

    @Test func wrongHostnameFailsEvenWhenPinned() async throws {
        let verifier = try verifier(pins: [leaf.spkiPinFromKey, Self.backupPin], hostname: "api.example.com")
        let result = await verifier.verify(derChain: [leaf.der, intermediate.identity.der])
        guard case .untrusted = result.failure else {
            Issue.record("expected a name mismatch, got \(String(describing: result.failure))")
            return
        }
    }

    @Test func garbageChainIsRefused() async throws {
        let verifier = try verifier(pins: [leaf.spkiPinFromKey, Self.backupPin])
        #expect(await verifier.verify(derChain: [[0x30, 0x01, 0x00]]).failure == .unreadableChain)
        #expect(await verifier.verify(derChain: []).failure == .unreadableChain)
    }

    @Test func localServerServesCannedResponses() async throws {
        let server = try await LocalTLSServer.start(chain: [leaf, intermediate.identity]) { request in
            switch request.path {
            case "/missing": return .status(404)
            case "/moved": return .redirect(to: "/elsewhere")
            default: return .ok("{}", contentType: "application/json")
            }
        }
        defer { Task { try? await server.stop() } }
        let roots = [try ca.identity.nioCertificate()]
        let missing = try await TestTLSClient.get(port: server.port, path: "/missing", trustRoots: roots)
        #expect(missing.hasPrefix("HTTP/1.1 404"))
        let moved = try await TestTLSClient.get(port: server.port, path: "/moved", trustRoots: roots)
        #expect(moved.hasPrefix("HTTP/1.1 301") && moved.contains("Location: /elsewhere"))
        let json = try await TestTLSClient.get(
            port: server.port, path: "/x", serverHostname: "localhost", trustRoots: roots)
        #expect(json.contains("Content-Type: application/json") && json.hasSuffix("{}"))
        #expect(server.requests.map(\.path) == ["/missing", "/moved", "/x"])
        #expect(server.requests.last?.header("Host") == "localhost")
    }
}

/// Server-side use: a NIO server pinning the keys of the client certificates it accepts (mutual TLS).
@Suite struct NIOServerSidePinningTests {
    static let backupPin = Data(repeating: 0x33, count: 32).base64EncodedString()

    @Test func serverAcceptsOnlyPinnedClientKeys() async throws {
        let ca = try TestCertificateAuthority()
        let serverLeaf = try ca.issueServerCertificate()
        let clientCA = try TestCertificateAuthority(name: "Client CA")
        let goodClient = try clientCA.issueClientCertificate(commonName: "device-1")
        let otherClient = try clientCA.issueClientCertificate(commonName: "device-2")

        // The pin set is keyed by a name the server chooses for its clients.
        let domain = try PinnedDomain(host: "clients.internal", pins: [goodClient.spkiPinFromKey, Self.backupPin])
        let verifier = NIOPinningVerifier(
            evaluator: PinningEvaluator(pins: try PinSet([domain])),
            trustRoots: [clientCA.certificate], serverHostname: "clients.internal",
            verifiesIdentity: false)
        let server = try await LocalTLSServer.start(
            chain: [serverLeaf],
            clientCertificateVerification: verifier.callback
        ) { _ in .ok("hello device") }
        defer { Task { try? await server.stop() } }
        let roots = [try ca.identity.nioCertificate()]

        let accepted = try await TestTLSClient.get(port: server.port, trustRoots: roots, clientIdentity: goodClient)
        #expect(accepted.hasSuffix("hello device"))
        await #expect(throws: (any Error).self) {
            try await TestTLSClient.get(port: server.port, trustRoots: roots, clientIdentity: otherClient)
        }
        await #expect(throws: (any Error).self) {
            try await TestTLSClient.get(port: server.port, trustRoots: roots)
        }
        #expect(server.requests.count == 1)
    }
}
