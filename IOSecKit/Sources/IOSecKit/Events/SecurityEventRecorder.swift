import Foundation

/// Records security events: redacts them, keeps at most `capacity` pending in memory, and delivers them to sinks
/// in the background. Recording never blocks on I/O.
///
/// Under a burst larger than the buffer the oldest pending non-critical events are dropped (critical ones are
/// kept while there is room) and an ``SecurityEventKind/eventsDropped`` event with the count is delivered instead.
/// Critical events also go to `onCritical` at once, on the recording thread.
///
/// ```swift
/// let events = SecurityEventRecorder(sinks: [try JSONLinesFileSink(url: logURL)], onCritical: { event in
///     try? sessionStore.clear()  // e.g. on .unauthorizedAccessAttempt
/// })
/// events.record(.insecureConnectionAttempt, "pin mismatch", metadata: ["host": "api.example.com"])
/// await events.flush()
/// ```
public final class SecurityEventRecorder: @unchecked Sendable {
    public let capacity: Int
    public let minimumSeverity: SecuritySeverity
    private let sinks: [any SecurityEventSink]
    private let redactor: Redactor
    private let onCritical: (@Sendable (SecurityEvent) -> Void)?
    private let now: @Sendable () -> Date

    private let lock = NSLock()
    // Ring buffer of pending events: `head` is the oldest, `count` how many.
    private var ring: [SecurityEvent?]
    private var head = 0
    private var count = 0
    private var dropped = 0
    private var draining = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public init(
        sinks: [any SecurityEventSink],
        capacity: Int = 1024,
        minimumSeverity: SecuritySeverity = .info,
        redaction: RedactionConfiguration = RedactionConfiguration(),
        now: @escaping @Sendable () -> Date = { Date() },
        onCritical: (@Sendable (SecurityEvent) -> Void)? = nil
    ) {
        self.capacity = max(1, capacity)
        self.sinks = sinks
        self.minimumSeverity = minimumSeverity
        self.redactor = Redactor(configuration: redaction)
        self.now = now
        self.onCritical = onCritical
        self.ring = Array(repeating: nil, count: max(1, capacity))
    }

    /// Number of events dropped since the recorder was created (burst protection).
    public var droppedCount: Int { lock.withLock { totalDropped } }
    private var totalDropped = 0

    /// Events waiting for delivery.
    public var pendingCount: Int { lock.withLock { count } }

    /// Records an event; message and metadata are redacted first.
    public func record(
        _ kind: SecurityEventKind, _ message: String = "", severity: SecuritySeverity? = nil,
        metadata: [String: String] = [:]
    ) {
        var cleanMetadata: [String: String] = [:]
        for (key, value) in metadata {
            cleanMetadata[key] = redactor.isSensitiveKey(key) ? Redactor.marker("secret") : redactor.redact(value)
        }
        let event = SecurityEvent(
            date: now(), kind: kind, severity: severity, message: redactor.redact(message),
            metadata: cleanMetadata)
        guard event.severity >= minimumSeverity else { return }
        if event.severity == .critical { onCritical?(event) }
        let shouldStartDrain: Bool = lock.withLock {
            enqueue(event)
            guard !draining else { return false }
            draining = true
            return true
        }
        if shouldStartDrain {
            Task.detached { [self] in await self.drain() }
        }
    }

    /// Waits until every event recorded before the call has been delivered.
    public func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle: Bool = lock.withLock {
                if !draining && count == 0 && dropped == 0 { return true }
                waiters.append(continuation)
                if !draining {
                    draining = true
                    Task.detached { [self] in await self.drain() }
                }
                return false
            }
            if idle { continuation.resume() }
        }
    }

    // Called with the lock held.
    private func enqueue(_ event: SecurityEvent) {
        if count == capacity {
            // Full: drop the oldest non-critical event, or the new one if it is not critical and all are.
            if let victim = oldestDroppableIndex() {
                remove(at: victim)
            } else if event.severity < .critical {
                dropped += 1
                totalDropped += 1
                return
            } else {
                remove(at: head)
            }
            dropped += 1
            totalDropped += 1
        }
        ring[(head + count) % capacity] = event
        count += 1
    }

    private func oldestDroppableIndex() -> Int? {
        // Usually the oldest is droppable, so this is O(1) in practice.
        for offset in 0..<count {
            let index = (head + offset) % capacity
            if let event = ring[index], event.severity < .critical { return index }
        }
        return nil
    }

    private func remove(at index: Int) {
        // Shift the older events forward over the gap (keeps order; the gap is at or near the head).
        var current = index
        while current != head {
            let previous = (current - 1 + capacity) % capacity
            ring[current] = ring[previous]
            current = previous
        }
        ring[head] = nil
        head = (head + 1) % capacity
        count -= 1
    }

    private func takeBatch(max limit: Int) -> [SecurityEvent] {
        lock.withLock {
            var batch: [SecurityEvent] = []
            if dropped > 0 {
                batch.append(
                    SecurityEvent(
                        date: now(), kind: .eventsDropped,
                        message: "\(dropped) security events dropped during a burst",
                        metadata: ["count": String(dropped)]))
                dropped = 0
            }
            while count > 0 && batch.count < limit {
                if let event = ring[head] { batch.append(event) }
                ring[head] = nil
                head = (head + 1) % capacity
                count -= 1
            }
            if batch.isEmpty {
                draining = false
                let toResume = waiters
                waiters = []
                for waiter in toResume { waiter.resume() }
            }
            return batch
        }
    }

    private func drain() async {
        while true {
            let batch = takeBatch(max: 256)
            if batch.isEmpty { return }
            for sink in sinks { await sink.write(batch) }
        }
    }
}

/// Keeps the last `limit` events in memory (tests, an in-app diagnostics screen).
///
/// ```swift
/// let sink = InMemoryEventSink(limit: 200)
/// let recent = await sink.events
/// ```
public actor InMemoryEventSink: SecurityEventSink {
    public let limit: Int
    public private(set) var events: [SecurityEvent] = []
    public private(set) var received = 0

    public init(limit: Int = 10_000) {
        self.limit = limit
    }

    public func write(_ batch: [SecurityEvent]) async {
        received += batch.count
        events.append(contentsOf: batch)
        if events.count > limit { events.removeFirst(events.count - limit) }
    }
}

/// Calls a closure for each batch (forward to analytics, a server, a UI).
///
/// ```swift
/// CallbackEventSink { batch in await analytics.track(batch) }
/// ```
public struct CallbackEventSink: SecurityEventSink {
    private let callback: @Sendable ([SecurityEvent]) async -> Void

    public init(_ callback: @escaping @Sendable ([SecurityEvent]) async -> Void) {
        self.callback = callback
    }

    public func write(_ events: [SecurityEvent]) async { await callback(events) }
}
