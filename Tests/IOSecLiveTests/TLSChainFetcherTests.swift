import Foundation
import IOSecCore
import IOSecTestSupport
import NIOCore
import NIOPosix
import Testing
@testable import IOSecLive

@Suite struct TLSChainFetcherTests {
    @Test func fetchesTheServedChainWithoutTrustingIt() async throws {
        let ca = try TestCertificateAuthority()
        let intermediate = try ca.issueIntermediate()
        let leaf = try intermediate.issueServerCertificate()
        let server = try await LocalTLSServer.start(chain: [leaf, intermediate.identity]) { _ in .ok("never sent") }
        defer { Task { try? await server.stop() } }

        let chain = try await TLSChainFetcher().fetchChain(host: "127.0.0.1", port: server.port)
        #expect(chain == [leaf.der, intermediate.identity.der])
        let infos = try PinFormatter.describe(chain)
        #expect(infos.map(\.pin.base64) == [leaf.spkiPinFromKey, intermediate.identity.spkiPinFromKey])
        #expect(infos.map(\.isCertificateAuthority) == [false, true])
        // The handshake was aborted: no HTTP request reached the server.
        #expect(server.requests.isEmpty)
    }

    @Test func selfSignedServerCanBeInspected() async throws {
        let identity = try TestCertificateAuthority.selfSignedServerCertificate()
        let server = try await LocalTLSServer.start(chain: [identity]) { _ in .status(200) }
        defer { Task { try? await server.stop() } }
        let chain = try await TLSChainFetcher().fetchChain(host: "localhost", port: server.port)
        #expect(chain == [identity.der])
    }

    @Test func closedPortFailsWithConnectionError() async throws {
        // Bind and close to get a port that is very likely free.
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(channel.localAddress?.port)
        try await channel.close()
        await #expect(throws: TLSChainFetchError.self) {
            try await TLSChainFetcher(timeout: .seconds(3)).fetchChain(host: "127.0.0.1", port: port)
        }
    }

    @Test func invalidAddressesAreRejected() async {
        await #expect(throws: TLSChainFetchError.invalidAddress("a:0")) {
            try await TLSChainFetcher().fetchChain(host: "a", port: 0)
        }
        await #expect(throws: TLSChainFetchError.invalidAddress("")) {
            try await TLSChainFetcher().fetchChain(host: "", port: 443)
        }
    }
}
