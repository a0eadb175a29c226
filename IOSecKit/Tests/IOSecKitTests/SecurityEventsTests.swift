import Foundation
import Testing
@testable import IOSecKit

@Suite struct SecurityEventsTests {
    @Test func eventsAreRedactedAndDelivered() async {
        let sink = InMemoryEventSink()
        let recorder = SecurityEventRecorder(sinks: [sink])
        recorder.record(
            .passkeyAuthenticationFailed, "assertion for alice@example.com failed",
            metadata: ["token": "abc", "rp": "example.com", "note": "password=x"])
        await recorder.flush()
        let events = await sink.events
        #expect(events.count == 1)
        let event = events[0]
        #expect(event.kind == .passkeyAuthenticationFailed && event.severity == .warning)
        #expect(event.message == "assertion for [REDACTED:email] failed")
        #expect(event.metadata["token"] == "[REDACTED:secret]")
        #expect(event.metadata["rp"] == "example.com")
        #expect(event.metadata["note"] == "password=[REDACTED:password]")
    }

    @Test func criticalEventsReachTheCallbackImmediately() {
        let seen = Box<[SecurityEventKind]>([])
        let recorder = SecurityEventRecorder(sinks: [], onCritical: { event in seen.mutate { $0.append(event.kind) } })
        recorder.record(.unauthorizedAccessAttempt, "admin endpoint")
        recorder.record(.sessionExpired)
        recorder.record(.passkeyAuthenticationStarted, severity: .critical)
        #expect(seen.value == [.unauthorizedAccessAttempt, .passkeyAuthenticationStarted])
    }

    @Test func minimumSeverityFilters() async {
        let sink = InMemoryEventSink()
        let recorder = SecurityEventRecorder(sinks: [sink], minimumSeverity: .warning)
        recorder.record(.passkeyRegistrationStarted)
        recorder.record(.biometricLockedOut)
        await recorder.flush()
        #expect(await sink.events.map(\.kind) == [.biometricLockedOut])
    }

    @Test func aBurstOf100kEventsStaysWithinTheBufferAndReportsDrops() async {
        // A sink slower than the producer.
        let sink = InMemoryEventSink(limit: 200_000)
        let slow = CallbackEventSink { batch in
            try? await Task.sleep(nanoseconds: 1_000_000)
            await sink.write(batch)
        }
        let recorder = SecurityEventRecorder(sinks: [slow], capacity: 512)
        var maximumPending = 0
        for index in 0..<100_000 {
            recorder.record(index % 10_000 == 0 ? .insecureConnectionAttempt : .biometricFailed, "attempt \(index)")
            if index % 1000 == 0 { maximumPending = max(maximumPending, recorder.pendingCount) }
        }
        #expect(maximumPending <= 512)
        await recorder.flush()
        let events = await sink.events
        let delivered = events.filter { $0.kind != .eventsDropped }.count
        let reportedDrops = events.filter { $0.kind == .eventsDropped }.compactMap { Int($0.metadata["count"] ?? "") }
            .reduce(0, +)
        #expect(delivered + reportedDrops == 100_000)
        #expect(recorder.droppedCount == reportedDrops)
        // Critical events survive the burst.
        #expect(events.filter { $0.kind == .insecureConnectionAttempt }.count == 10)
        #expect(recorder.pendingCount == 0)
    }

    @Test func orderIsPreservedWithoutPressure() async {
        let sink = InMemoryEventSink()
        let recorder = SecurityEventRecorder(sinks: [sink], capacity: 10_000)
        for index in 0..<2000 { recorder.record(.biometricSucceeded, "\(index)") }
        await recorder.flush()
        #expect(await sink.events.map(\.message) == (0..<2000).map(String.init))
    }

    @Test func defaultSeveritiesAreSensible() {
        #expect(SecurityEventKind.insecureConnectionAttempt.defaultSeverity == .critical)
        #expect(SecurityEventKind.passkeyAuthenticationSucceeded.defaultSeverity == .info)
        #expect(SecurityEventKind.associationFileValidationFailed.defaultSeverity == .error)
        #expect(SecuritySeverity.warning < .critical)
    }

    // MARK: File sink

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("iosec-events-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func fileSinkWritesOwnerOnlyJSONLines() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("events.jsonl")
        let sink = try JSONLinesFileSink(url: url)
        await sink.write([SecurityEvent(kind: .sessionExpired, message: "m1"), SecurityEvent(kind: .integritySignal)])
        await sink.close()
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let first = try decoder.decode(SecurityEvent.self, from: Data(lines[0].utf8))
        #expect(first.kind == .sessionExpired && first.message == "m1")
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func fileSinkAppendsAndTightensExistingPermissions() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("events.jsonl")
        _ = FileManager.default.createFile(
            atPath: url.path, contents: Data("{\"old\":1}\n".utf8),
            attributes: [.posixPermissions: 0o644])
        let sink = try JSONLinesFileSink(url: url)
        await sink.write([SecurityEvent(kind: .sessionExpired)])
        await sink.close()
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.hasPrefix("{\"old\":1}\n"))
        #expect(text.split(separator: "\n").count == 2)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func fileSinkRotatesBySizeAndKeepsAtMostNFiles() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("events.jsonl")
        let sink = try JSONLinesFileSink(url: url, maximumBytes: 2048, maximumFiles: 2)
        for batch in 0..<50 {
            await sink.write((0..<10).map { SecurityEvent(kind: .biometricFailed, message: "b\(batch) e\($0)") })
        }
        await sink.close()
        let manager = FileManager.default
        for file in [url, url.appendingPathExtension("1"), url.appendingPathExtension("2")] {
            #expect(manager.fileExists(atPath: file.path))
            let size = try manager.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
            #expect(size <= 2048)
            #expect(try manager.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        }
        #expect(!manager.fileExists(atPath: url.appendingPathExtension("3").path))
        // The newest event is in the current file.
        #expect(try String(contentsOf: url, encoding: .utf8).contains("b49 e9"))
        #expect(await sink.writeErrors == 0)
    }

    @Test func fileSinkInAMissingDirectoryFails() {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/events.jsonl")
        #expect(throws: (any Error).self) { try JSONLinesFileSink(url: url) }
    }
}

final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
