import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// A minimal HTTPS/1.1 client for tests: one GET, reads until the server closes.
///
/// ```swift
/// let raw = try await TestTLSClient.get(port: server.port, trustRoots: [ca.identity.nioCertificate()])
/// #expect(raw.hasPrefix("HTTP/1.1 200"))
/// ```
public enum TestTLSClient {
    /// Sends `GET path` to 127.0.0.1:`port` and returns the raw response (head and body).
    ///
    /// - Parameters:
    ///   - serverHostname: SNI and host name to verify; `nil` when connecting by IP address.
    ///   - trustRoots: roots for NIO-SSL's own verification (ignored when `customVerificationCallback` is set).
    ///   - customVerificationCallback: replaces NIO-SSL's verification (for pinning adapters).
    ///   - clientIdentity: a client certificate to present (mutual TLS).
    public static func get(
        port: Int,
        path: String = "/",
        serverHostname: String? = nil,
        trustRoots: [NIOSSLCertificate] = [],
        customVerificationCallback: (
            @Sendable ([NIOSSLCertificate], EventLoopPromise<NIOSSLVerificationResult>) -> Void
        )? = nil,
        clientIdentity: TestIdentity? = nil,
        // Generous: parallel suites share two cores, and the cooperative pool, in CI.
        timeout: TimeAmount = .seconds(120)
    ) async throws -> String {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates(trustRoots)
        if let clientIdentity {
            configuration.certificateChain = [.certificate(try clientIdentity.nioCertificate())]
            configuration.privateKey = .privateKey(try clientIdentity.nioPrivateKey())
        }
        if serverHostname == nil && customVerificationCallback == nil {
            configuration.certificateVerification = .noHostnameVerification
        }
        let sslContext = try NIOSSLContext(configuration: configuration)
        let group = MultiThreadedEventLoopGroup.singleton
        let promise = group.next().makePromise(of: [UInt8].self)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: group)
                .connectTimeout(timeout)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let handler: NIOSSLClientHandler
                        if let customVerificationCallback {
                            handler = try NIOSSLClientHandler(
                                context: sslContext, serverHostname: serverHostname,
                                customVerificationCallback: customVerificationCallback)
                        } else {
                            handler = try NIOSSLClientHandler(context: sslContext, serverHostname: serverHostname)
                        }
                        try channel.pipeline.syncOperations.addHandler(handler)
                        try channel.pipeline.syncOperations.addHandler(ResponseCollector(promise: promise))
                    }
                }
                .connect(host: "127.0.0.1", port: port)
                .get()
        } catch {
            promise.fail(error)  // An unfulfilled promise traps in debug builds.
            throw error
        }
        let request = "GET \(path) HTTP/1.1\r\nHost: \(serverHostname ?? "127.0.0.1")\r\nConnection: close\r\n\r\n"
        channel.writeAndFlush(channel.allocator.buffer(string: request), promise: nil)
        let timeoutTask = channel.eventLoop.scheduleTask(in: timeout) {
            promise.fail(TestClientError.timedOut)
            channel.close(promise: nil)
        }
        defer { timeoutTask.cancel() }
        let bytes = try await promise.futureResult.get()
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Why ``TestTLSClient`` returned no response.
///
/// ```swift
/// await #expect(throws: TestClientError.self) { try await TestTLSClient.get(port: port, timeout: .milliseconds(100)) }
/// ```
public enum TestClientError: Error, Sendable {
    case timedOut
    case closedWithoutResponse
}

final class ResponseCollector: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let promise: EventLoopPromise<[UInt8]>
    private var bytes: [UInt8] = []
    private var done = false

    init(promise: EventLoopPromise<[UInt8]>) {
        self.promise = promise
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        bytes += buffer.readBytes(length: buffer.readableBytes) ?? []
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(.failure(error))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(bytes.isEmpty ? .failure(TestClientError.closedWithoutResponse) : .success(bytes))
    }

    private func finish(_ result: Result<[UInt8], any Error>) {
        guard !done else { return }
        done = true
        promise.completeWith(result)
    }
}
