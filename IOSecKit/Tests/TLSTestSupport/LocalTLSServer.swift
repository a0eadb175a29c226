import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// A request as the local server saw it.
public struct TestHTTPRequest: Sendable, Equatable {
    public var method: String
    public var path: String
    /// Header names lower-cased, in order.
    public var headers: [(name: String, value: String)]

    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name == lowered }?.value
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }
}

/// A canned response: status, headers, body, and timing.
///
/// ```swift
/// .ok(#"{"webcredentials":{"apps":[]}}"#, contentType: "application/json")
/// .redirect(to: "https://127.0.0.1:\(port)/other")
/// .status(404)
/// TestHTTPResponse(status: 200, body: Array(repeating: 0x41, count: 200_000))  // oversize body
/// TestHTTPResponse(status: 200, body: Array("late".utf8), delay: .seconds(5))   // slow server
/// ```
public struct TestHTTPResponse: Sendable {
    public var status: Int
    public var reason: String
    /// Sent as given; `Content-Length` is added unless present or `omitContentLength` is set.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Wait before sending anything.
    public var delay: TimeAmount?
    /// Send the body in 1 KiB pieces with this pause between them (a slow, trickling server).
    public var bodyChunkInterval: TimeAmount?
    /// Leave out `Content-Length` and close the connection after the body (HTTP/1.0 style).
    public var omitContentLength: Bool
    /// Close the connection without answering.
    public var closeWithoutResponse: Bool

    public init(
        status: Int,
        reason: String? = nil,
        headers: [(name: String, value: String)] = [],
        body: [UInt8] = [],
        delay: TimeAmount? = nil,
        bodyChunkInterval: TimeAmount? = nil,
        omitContentLength: Bool = false,
        closeWithoutResponse: Bool = false
    ) {
        self.status = status
        self.reason = reason ?? Self.defaultReason(status)
        self.headers = headers
        self.body = body
        self.delay = delay
        self.bodyChunkInterval = bodyChunkInterval
        self.omitContentLength = omitContentLength
        self.closeWithoutResponse = closeWithoutResponse
    }

    public static func ok(_ body: String, contentType: String = "text/plain") -> TestHTTPResponse {
        TestHTTPResponse(status: 200, headers: [("Content-Type", contentType)], body: Array(body.utf8))
    }

    public static func redirect(to location: String, status: Int = 301) -> TestHTTPResponse {
        TestHTTPResponse(status: status, headers: [("Location", location)])
    }

    public static func status(_ status: Int) -> TestHTTPResponse {
        TestHTTPResponse(status: status, headers: [("Content-Type", "text/plain")], body: Array("\(status)\n".utf8))
    }

    static func defaultReason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 500: return "Internal Server Error"
        default: return "Status"
        }
    }

    var head: [UInt8] {
        var text = "HTTP/1.1 \(status) \(reason)\r\n"
        var hasLength = false
        for (name, value) in headers {
            if name.lowercased() == "content-length" { hasLength = true }
            text += "\(name): \(value)\r\n"
        }
        if !hasLength && !omitContentLength { text += "Content-Length: \(body.count)\r\n" }
        text += "Connection: close\r\n\r\n"
        return Array(text.utf8)
    }
}

/// A TLS server on 127.0.0.1 with an OS-assigned port, answering every HTTP/1.1 request with a canned response.
///
/// ```swift
/// let ca = try TestCertificateAuthority()
/// let leaf = try ca.issueServerCertificate()
/// let server = try await LocalTLSServer.start(chain: [leaf, ca.identity]) { request in
///     request.path == "/.well-known/apple-app-site-association" ? .ok(json, contentType: "application/json")
///                                                               : .status(404)
/// }
/// defer { Task { try await server.stop() } }
/// // connect to https://127.0.0.1:\(server.port)/ trusting ca.certificate
/// ```
public final class LocalTLSServer: Sendable {
    public let host = "127.0.0.1"
    public let port: Int
    /// The chain the server presents, leaf first.
    public let chain: [TestIdentity]
    private let channel: any Channel
    private let recorder: RequestRecorder

    /// Requests received so far.
    public var requests: [TestHTTPRequest] { recorder.requests }

    private init(port: Int, chain: [TestIdentity], channel: any Channel, recorder: RequestRecorder) {
        self.port = port
        self.chain = chain
        self.channel = channel
        self.recorder = recorder
    }

    /// Starts a server presenting `chain` (leaf first; the leaf's key signs the handshake).
    ///
    /// - Parameters:
    ///   - minimumTLSVersion / maximumTLSVersion: to test version policies.
    ///   - clientCertificateVerification: when set, a client certificate is required and this callback decides
    ///     (mutual TLS; for server-side pinning tests).
    ///   - responder: called on the event loop for each request; keep it fast.
    public static func start(
        chain: [TestIdentity],
        minimumTLSVersion: TLSVersion = .tlsv12,
        maximumTLSVersion: TLSVersion? = nil,
        clientCertificateVerification: (
            @Sendable ([NIOSSLCertificate], EventLoopPromise<NIOSSLVerificationResult>) -> Void
        )? = nil,
        responder: @escaping @Sendable (TestHTTPRequest) -> TestHTTPResponse
    ) async throws -> LocalTLSServer {
        guard let leaf = chain.first else { throw TestSupportError.serverNotRunning }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try chain.map { .certificate(try $0.nioCertificate()) },
            privateKey: .privateKey(try leaf.nioPrivateKey())
        )
        configuration.minimumTLSVersion = minimumTLSVersion
        configuration.maximumTLSVersion = maximumTLSVersion
        if clientCertificateVerification != nil { configuration.certificateVerification = .noHostnameVerification }
        let sslContext = try NIOSSLContext(configuration: configuration)
        let recorder = RequestRecorder()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let clientCertificateVerification {
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLServerHandler(
                                context: sslContext, customVerificationCallback: clientCertificateVerification))
                    } else {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: sslContext))
                    }
                    try channel.pipeline.syncOperations.addHandler(
                        CannedHTTPHandler(responder: responder, recorder: recorder))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            throw TestSupportError.serverNotRunning
        }
        return LocalTLSServer(port: port, chain: chain, channel: channel, recorder: recorder)
    }

    /// Stops accepting connections.
    public func stop() async throws {
        try await channel.close()
    }
}

final class RequestRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [TestHTTPRequest] = []
    var requests: [TestHTTPRequest] { lock.withLock { storage } }
    func record(_ request: TestHTTPRequest) { lock.withLock { storage.append(request) } }
}

/// Reads one request head, answers, closes.
final class CannedHTTPHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private static let maximumHeadSize = 64 * 1024
    private let responder: @Sendable (TestHTTPRequest) -> TestHTTPResponse
    private let recorder: RequestRecorder
    private var received: [UInt8] = []
    private var answered = false

    init(responder: @escaping @Sendable (TestHTTPRequest) -> TestHTTPResponse, recorder: RequestRecorder) {
        self.responder = responder
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        var buffer = unwrapInboundIn(data)
        received += buffer.readBytes(length: buffer.readableBytes) ?? []
        guard let end = Self.endOfHead(received) else {
            if received.count > Self.maximumHeadSize { context.close(promise: nil) }
            return
        }
        answered = true
        let request = Self.parse(Array(received[..<end]))
        recorder.record(request)
        let response = responder(request)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        if let delay = response.delay {
            context.eventLoop.scheduleTask(in: delay) { Self.send(response, on: loopBound.value) }
        } else {
            Self.send(response, on: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Handshake failures are expected in pinning tests: the client rejects us.
        context.close(promise: nil)
    }

    private static func send(_ response: TestHTTPResponse, on context: ChannelHandlerContext) {
        guard !response.closeWithoutResponse else {
            context.close(promise: nil)
            return
        }
        context.write(NIOAny(context.channel.allocator.buffer(bytes: response.head)), promise: nil)
        guard let interval = response.bodyChunkInterval, !response.body.isEmpty else {
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(NIOAny(context.channel.allocator.buffer(bytes: response.body))).whenComplete { _ in
                loopBound.value.close(promise: nil)
            }
            return
        }
        context.flush()
        sendChunks(
            ArraySlice(response.body), interval: interval,
            loopBound: NIOLoopBound(context, eventLoop: context.eventLoop))
    }

    private static func sendChunks(
        _ rest: ArraySlice<UInt8>, interval: TimeAmount, loopBound: NIOLoopBound<ChannelHandlerContext>
    ) {
        let context = loopBound.value
        guard context.channel.isActive else { return }
        guard !rest.isEmpty else {
            context.close(promise: nil)
            return
        }
        let chunk = rest.prefix(1024)
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(bytes: chunk)), promise: nil)
        let remaining = rest.dropFirst(chunk.count)
        context.eventLoop.scheduleTask(in: interval) { sendChunks(remaining, interval: interval, loopBound: loopBound) }
    }

    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index - 3] == 13 && bytes[index - 2] == 10 && bytes[index - 1] == 13 && bytes[index] == 10 {
            return index + 1
        }
        return nil
    }

    private static func parse(_ head: [UInt8]) -> TestHTTPRequest {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ") ?? []
        let method = requestLine.count > 0 ? String(requestLine[0]) : ""
        let path = requestLine.count > 1 ? String(requestLine[1]) : ""
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append(
                (
                    line[..<colon].lowercased(),
                    line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                ))
        }
        return TestHTTPRequest(method: method, path: path, headers: headers)
    }
}
