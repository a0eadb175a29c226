import Foundation
import Logging
import Testing
@testable import IOSecKit

@Suite struct RedactorTests {
    let redactor = Redactor()
    // A syntactically valid JWT (header {"alg":"HS256","typ":"JWT"}); not a real credential.
    static let jwt =
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"

    @Test func bearerTokensAreHiddenButTheSchemeStays() {
        let out = redactor.redact("Authorization: Bearer abc.def-123_XYZ")
        #expect(out == "Authorization: Bearer [REDACTED:credential]")
        #expect(
            redactor.redact("curl -H 'Authorization: Basic dXNlcjpwYXNz'")
                == "curl -H 'Authorization: Basic [REDACTED:credential]'")
    }

    @Test func jwtsAreHiddenAnywhere() {
        let out = redactor.redact("session started with \(Self.jwt).")
        #expect(!out.contains("eyJhbGci"))
        #expect(out == "session started with [REDACTED:jwt].")
    }

    @Test func sensitiveKeyValuesInTextJSONAndQueries() {
        #expect(redactor.redact("login password=hunter2 user=alice") == "login password=[REDACTED:password] user=alice")
        #expect(
            redactor.redact(#"{"password":"hunter 2","user":"al"}"#)
                == #"{"password":"[REDACTED:password]","user":"al"}"#)
        #expect(redactor.redact(#"{"refreshToken": "r-1"}"#) == #"{"refreshToken": "[REDACTED:token]"}"#)
        #expect(
            redactor.redact("GET /cb?code=1&access_token=xyz&state=2")
                == "GET /cb?code=1&access_token=[REDACTED:token]&state=2")
        #expect(redactor.redact("api_key: 12345, next") == "api_key: [REDACTED:key], next")
        // Names that are about secrets, not secrets, are left alone.
        #expect(redactor.redact("passwordMinLength=8") == "passwordMinLength=8")
        #expect(redactor.redact("tokenizer=fast") == "tokenizer=fast")
    }

    @Test func urlsAreNotMistakenForKeys() {
        #expect(redactor.redact("see https://example.com/docs") == "see https://example.com/docs")
    }

    @Test func emailsAreHidden() {
        #expect(redactor.redact("mail alice.smith+tag@example.co.uk now") == "mail [REDACTED:email] now")
        #expect(redactor.redact("user=<bob@example.com>") == "user=<[REDACTED:email]>")
        #expect(redactor.redact("not@an-email") == "not@an-email")
    }

    @Test func luhnValidCardNumbersAreHidden() {
        #expect(redactor.redact("card 4111 1111 1111 1111 ok") == "card [REDACTED:card] ok")
        #expect(redactor.redact("card 4111-1111-1111-1111") == "card [REDACTED:card]")
        #expect(redactor.redact("pan=5500005555555559;") == "pan=[REDACTED:card];")
        // Fails Luhn: an order number, not a card.
        #expect(redactor.redact("order 4111 1111 1111 1112") == "order 4111 1111 1111 1112")
        // Too short.
        #expect(redactor.redact("id 424242424242") == "id 424242424242")
    }

    @Test func pemBlocksAreHiddenIncludingTruncatedOnes() {
        let text = "key:\n-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----\ndone"
        #expect(redactor.redact(text) == "key:\n[REDACTED:pem]\ndone")
        #expect(redactor.redact("x -----BEGIN RSA PRIVATE KEY-----\nMIIE") == "x [REDACTED:pem]")
    }

    @Test func knownTokenFormatsAreHidden() {
        let out = redactor.redact("aws AKIAZ7QXK3LMN2PRS4TV used")
        #expect(out == "aws [REDACTED:token] used")
    }

    @Test func highEntropyTokensAreHidden() {
        let out = redactor.redact("nonce q8Zr1vX0pL3kT9wYb2NcA7sD in request")
        #expect(out == "nonce [REDACTED:token] in request")
        #expect(
            redactor.redact("a perfectly ordinary sentence about nothing")
                == "a perfectly ordinary sentence about nothing")
    }

    @Test func configurationCanTurnOffAndExtend() {
        var configuration = RedactionConfiguration()
        configuration.redactsEmails = false
        configuration.additionalSensitiveKeys = ["tenant"]
        configuration.allowedKeys = ["password_hint"]
        let custom = Redactor(configuration: configuration)
        #expect(custom.redact("to a@example.com") == "to a@example.com")
        #expect(custom.redact("tenant=acme") == "tenant=[REDACTED:credential]")
        #expect(custom.redact("password_hint=dog") == "password_hint=dog")
    }

    // Hang guard for quadratic work, not a speed test (timings are benchmarks' business).
    @Test(.timeLimit(.minutes(2))) func hostileAndHugeInputs() {
        #expect(redactor.redact("") == "")
        #expect(redactor.redact("password=") == "password=")
        #expect(redactor.redact("password=\"unterminated") == "password=\"[REDACTED:password]")
        #expect(redactor.redact("🔑 token=🙈🙉 ok") == "🔑 token=[REDACTED:token] ok")
        let big = String(repeating: "word password=x ", count: 20_000)
        let out = redactor.redact(big)
        #expect(!out.contains("=x "))
    }

    @Test func metadataIsRedactedByKeyAndByContent() {
        let metadata: Logger.Metadata = [
            "password": "hunter2",
            "user": "alice",
            "note": "contact bob@example.com",
            "nested": ["apiKey": "k-1", "list": ["Bearer zzz", "fine"]],
            "object": .stringConvertible(URL(string: "https://x.example/cb?access_token=abc")!)
        ]
        let out = redactor.redact(metadata)
        #expect(out["password"] == "[REDACTED:password]")
        #expect(out["user"] == "alice")
        #expect(out["note"] == "contact [REDACTED:email]")
        #expect(out["nested"] == ["apiKey": "[REDACTED:key]", "list": ["Bearer [REDACTED:credential]", "fine"]])
        #expect(out["object"] == "https://x.example/cb?access_token=[REDACTED:token]")
    }

    @Test func luhnCheck() {
        #expect(Redactor.passesLuhn([4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]))
        #expect(!Redactor.passesLuhn([4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]))
    }
}

/// Captures what reaches the sink.
final class CapturingLogHandler: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var _events: [LogEvent] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    var events: [LogEvent] { lock.withLock { _events } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) { lock.withLock { _events.append(event) } }
}

@Suite struct SecureLogHandlerTests {
    @Test func messagesMetadataAndProvidersAreRedactedBeforeTheSink() {
        let sink = CapturingLogHandler()
        var handler = SecureLogHandler(wrapping: sink, dropsVerboseLevels: false)
        handler.metadataProvider = Logger.MetadataProvider { ["session_id": "s-123"] }
        var logger = Logger(label: "test") { _ in handler }
        logger[metadataKey: "email"] = "alice@example.com"
        logger.info("login with password=hunter2", metadata: ["refresh_token": "r-9", "step": "2"])
        guard let event = sink.events.first else {
            Issue.record("no event reached the sink")
            return
        }
        #expect(event.message.description == "login with password=[REDACTED:password]")
        #expect(event.metadata?["refresh_token"] == "[REDACTED:token]")
        #expect(event.metadata?["step"] == "2")
        #expect(event.metadata?["session_id"] == "[REDACTED:session]")
        #expect(event.metadata?["email"] == "[REDACTED:email]")
    }

    @Test func releaseBuildsDropVerboseLevels() {
        let sink = CapturingLogHandler()
        let logger = Logger(label: "test") { _ in SecureLogHandler(wrapping: sink, dropsVerboseLevels: true) }
        logger.trace("t")
        logger.debug("d")
        logger.info("i")
        logger.error("e")
        #expect(sink.events.map(\.message.description) == ["i", "e"])
    }

    @Test func errorsAreRedacted() {
        struct LeakyError: Error, CustomStringConvertible { var description: String { "failed for token=abc123" } }
        let sink = CapturingLogHandler()
        let handler = SecureLogHandler(wrapping: sink, dropsVerboseLevels: false)
        handler.log(
            event: LogEvent(
                level: .error, message: "boom", error: LeakyError(), metadata: nil,
                source: "t", file: #fileID, function: #function, line: #line))
        let rendered = sink.events.first?.error.map { String(describing: $0) } ?? ""
        #expect(rendered.contains("token=[REDACTED:token]"))
        #expect(!rendered.contains("abc123"))
    }

    @Test func logLevelIsForwarded() {
        let sink = CapturingLogHandler()
        var handler = SecureLogHandler(wrapping: sink)
        handler.logLevel = .warning
        #expect(handler.logLevel == .warning)
        #expect(sink.logLevel == .warning)
    }
}
