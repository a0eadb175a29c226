import Foundation
import IOSecCore
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Fetches one URL the way Apple's CDN fetches association files: HTTPS only, certificate verified, no
/// redirects followed (a 3xx is returned as it is, with its Location), a timeout on the whole exchange,
/// and a cap on the body so a hostile server cannot exhaust memory.
///
/// ```swift
/// let response = try await HTTPSFetcher().get("https://example.com/.well-known/apple-app-site-association")
/// print(response.status, response.contentType ?? "-", response.body.count)
/// ```
public struct HTTPSFetcher: Sendable {
    public var timeout: TimeAmount
    /// Bytes kept at most; one more means `truncated`.
    public var maximumBodySize: Int
    /// Extra certificates to trust besides the system roots (a private CA; tests).
    public var additionalTrustRoots: [NIOSSLCertificate]

    public init(
        timeout: TimeAmount = .seconds(10), maximumBodySize: Int = AssociationFile.maximumSize,
        additionalTrustRoots: [NIOSSLCertificate] = []
    ) {
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
        self.additionalTrustRoots = additionalTrustRoots
    }

    public func get(_ urlString: String) async throws(HTTPSFetchError) -> AssociationFileResponse {
        guard let url = URL(string: urlString), let scheme = url.scheme?.lowercased(), let host = url.host,
            !host.isEmpty
        else {
            throw .invalidURL(urlString)
        }
        guard scheme == "https" else { throw .notHTTPS(urlString) }
        let port = url.port ?? 443
        var path = url.path.isEmpty ? "/" : url.path
        if let query = url.query { path += "?" + query }

        let sslContext: NIOSSLContext
        do {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.minimumTLSVersion = .tlsv12
            if !additionalTrustRoots.isEmpty {
                configuration.additionalTrustRoots = [.certificates(additionalTrustRoots)]
            }
            sslContext = try NIOSSLContext(configuration: configuration)
        } catch {
            throw .tls(String(describing: error))
        }

        let group = MultiThreadedEventLoopGroup.singleton
        let eventLoop = group.next()
        let promise = eventLoop.makePromise(of: AssociationFileResponse.self)
        let cap = maximumBodySize
        let serverName = Self.isIPAddress(host) ? nil : host
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let tls = try NIOSSLClientHandler(context: sslContext, serverHostname: serverName)
                    try channel.pipeline.syncOperations.addHandler(tls)
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(
                        ResponseCollector(url: urlString, cap: cap, promise: promise))
                }
            }

        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: host, port: port).get()
        } catch {
            throw Self.classify(error, host: host, port: port, timeout: timeout)
        }
        let deadline = eventLoop.scheduleTask(in: timeout) {
            promise.fail(HTTPSFetchError.timeout(seconds: Double(timeout.nanoseconds) / 1e9))
            channel.close(promise: nil)
        }
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
        head.headers.add(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host)
        head.headers.add(name: "User-Agent", value: "iosec/\(IOSecVersion.current)")
        head.headers.add(name: "Accept", value: "application/json")
        head.headers.add(name: "Connection", value: "close")
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)

        do {
            let response = try await promise.futureResult.get()
            deadline.cancel()
            try? await channel.close()
            return response
        } catch {
            deadline.cancel()
            try? await channel.close()
            throw Self.classify(error, host: host, port: port, timeout: timeout)
        }
    }

    static func classify(_ error: any Error, host: String, port: Int, timeout: TimeAmount) -> HTTPSFetchError {
        if let known = error as? HTTPSFetchError { return known }
        if error is ChannelError, case .connectTimeout = error as? ChannelError {
            return .timeout(seconds: Double(timeout.nanoseconds) / 1e9)
        }
        if let ssl = error as? NIOSSLError {
            switch ssl {
            case .handshakeFailed(let inner):
                return .tls(
                    "TLS handshake with \(host) failed: \(Self.describe(inner)) (is the certificate valid for \(host) and issued by a trusted CA?)"
                )
            default:
                return .tls("TLS error with \(host): \(ssl)")
            }
        }
        if let ssl = error as? BoringSSLError {
            return .tls("TLS handshake with \(host) failed: \(Self.describe(ssl))")
        }
        if let io = error as? IOError {
            return .connection("could not connect to \(host):\(port): \(io.description)")
        }
        if error is NIOConnectionError || error is SocketAddressError {
            return .connection("could not connect to \(host):\(port) (\(error))")
        }
        return .connection("request to \(host):\(port) failed: \(error)")
    }

    private static func describe(_ error: BoringSSLError) -> String {
        let text = String(describing: error)
        if text.contains("CERTIFICATE_VERIFY_FAILED") { return "the server's certificate could not be verified" }
        return text
    }

    static func isIPAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }
}

/// Why a fetch produced no HTTP response at all.
public enum HTTPSFetchError: Error, Equatable, CustomStringConvertible {
    case invalidURL(String)
    case notHTTPS(String)
    case connection(String)
    case tls(String)
    case timeout(seconds: Double)
    case malformedResponse(String)

    public var description: String {
        switch self {
        case .invalidURL(let u): "not a valid URL: \(u)"
        case .notHTTPS(let u): "\(u) is not HTTPS; association files are fetched over HTTPS only"
        case .connection(let m): m
        case .tls(let m): m
        case .timeout(let s): "no complete answer within \(s.formatted()) s (timeout)"
        case .malformedResponse(let m): "malformed HTTP response: \(m)"
        }
    }
}

/// Collects one response: head, then body up to the cap.
private final class ResponseCollector: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let url: String
    private let cap: Int
    private let promise: EventLoopPromise<AssociationFileResponse>
    private var head: HTTPResponseHead?
    private var body: [UInt8] = []
    private var done = false

    init(url: String, cap: Int, promise: EventLoopPromise<AssociationFileResponse>) {
        self.url = url
        self.cap = cap
        self.promise = promise
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !done else { return }
        switch unwrapInboundIn(data) {
        case .head(let h):
            head = h
        case .body(var buffer):
            let room = cap + 1 - body.count
            if let bytes = buffer.readBytes(length: min(room, buffer.readableBytes)) { body += bytes }
            if body.count > cap {
                finish(truncated: true)
                context.close(promise: nil)
            }
        case .end:
            finish(truncated: false)
        }
    }

    private func finish(truncated: Bool) {
        guard !done else { return }
        done = true
        guard let head else {
            promise.fail(HTTPSFetchError.malformedResponse("no status line"))
            return
        }
        promise.succeed(
            AssociationFileResponse(
                url: url, status: Int(head.status.code),
                contentType: head.headers.first(name: "Content-Type"),
                contentEncoding: head.headers.first(name: "Content-Encoding"),
                location: head.headers.first(name: "Location"),
                body: truncated ? Array(body.prefix(cap)) : body, truncated: truncated))
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !done {
            done = true
            promise.fail(
                HTTPSFetchError.malformedResponse("the server closed the connection before the response was complete"))
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !done {
            done = true
            promise.fail(error)
        }
        context.close(promise: nil)
    }
}
