import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Fetches the certificate chain a live TLS server presents, for printing its pins (`iosec pin host:port`).
///
/// The chain is captured in the verification step and the handshake is then aborted: no trust decision is made
/// and no application data is exchanged, so an untrusted or self-signed server can be inspected safely.
///
/// ```swift
/// let chain = try await TLSChainFetcher().fetchChain(host: "api.example.com", port: 443)
/// print(PinFormatter.text(try PinFormatter.describe(chain), source: "api.example.com:443"))
/// ```
public struct TLSChainFetcher: Sendable {
    public let timeout: TimeAmount

    public init(timeout: TimeAmount = .seconds(10)) {
        self.timeout = timeout
    }

    /// The DER certificates served by `host:port`, leaf first, as sent.
    ///
    /// - Parameter serverName: the SNI name to send; defaults to `host` unless it is an IP address.
    public func fetchChain(host: String, port: Int = 443, serverName: String? = nil) async throws(TLSChainFetchError)
        -> [[UInt8]]
    {
        guard (1...65_535).contains(port) else { throw .invalidAddress("\(host):\(port)") }
        guard !host.isEmpty else { throw .invalidAddress(host) }
        let sni = serverName ?? (Self.isIPAddress(host) ? nil : host)

        let sslContext: NIOSSLContext
        do {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.minimumTLSVersion = .tlsv1  // Inspect old servers too; nothing is trusted here.
            sslContext = try NIOSSLContext(configuration: configuration)
        } catch {
            throw .handshakeFailed(String(describing: error))
        }
        let group = MultiThreadedEventLoopGroup.singleton
        let captured = group.next().makePromise(of: [[UInt8]].self)
        let callback: @Sendable ([NIOSSLCertificate], EventLoopPromise<NIOSSLVerificationResult>) -> Void = {
            certificates, verification in
            let der = certificates.compactMap { try? $0.toDERBytes() }
            captured.succeed(der)
            // Abort: the chain is all we wanted, and it was not verified.
            verification.succeed(.failed)
        }

        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: group)
                .connectTimeout(timeout)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let handler = try NIOSSLClientHandler(
                            context: sslContext, serverHostname: sni,
                            customVerificationCallback: callback)
                        try channel.pipeline.syncOperations.addHandler(handler)
                        try channel.pipeline.syncOperations.addHandler(HandshakeFailureForwarder(promise: captured))
                    }
                }
                .connect(host: host, port: port)
                .get()
        } catch {
            captured.fail(error)
            throw .connectionFailed("\(host):\(port): \(error)")
        }
        let timeoutTask = channel.eventLoop.scheduleTask(in: timeout) {
            captured.fail(TLSChainFetchError.timedOut("\(host):\(port)"))
        }
        defer {
            timeoutTask.cancel()
            channel.close(promise: nil)
        }
        let chain: [[UInt8]]
        do {
            chain = try await captured.futureResult.get()
        } catch let error as TLSChainFetchError {
            throw error
        } catch {
            throw .handshakeFailed("\(host):\(port): \(error)")
        }
        guard !chain.isEmpty else { throw .noCertificates("\(host):\(port)") }
        return chain
    }

    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }
}

/// Why no chain could be fetched.
public enum TLSChainFetchError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidAddress(String)
    case connectionFailed(String)
    case handshakeFailed(String)
    case timedOut(String)
    case noCertificates(String)

    public var description: String {
        switch self {
        case .invalidAddress(let address): return "'\(address)' is not a host:port (port 1–65535)"
        case .connectionFailed(let detail): return "could not connect to \(detail)"
        case .handshakeFailed(let detail): return "TLS handshake failed before a certificate arrived: \(detail)"
        case .timedOut(let address): return "no certificate from \(address) in time; is it a TLS port?"
        case .noCertificates(let address): return "\(address) presented no certificate"
        }
    }
}

/// Fails the capture promise if the connection dies before any certificate was seen (plain-text port, reset).
final class HandshakeFailureForwarder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let promise: EventLoopPromise<[[UInt8]]>

    init(promise: EventLoopPromise<[[UInt8]]>) {
        self.promise = promise
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)  // No effect if the chain was already captured.
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(TLSChainFetchError.handshakeFailed("connection closed"))
    }
}
