import Foundation

/// Where ``SecurePasteboard`` writes. ``UIPasteboardBackend`` on iOS; ``InMemoryPasteboard`` in tests.
///
/// ```swift
/// let pasteboard = SecurePasteboard(backend: InMemoryPasteboard())
/// ```
public protocol PasteboardBackend: Sendable {
    /// Replaces the pasteboard contents.
    func write(_ string: String, expiresAt: Date?, localOnly: Bool)
    /// The current plain-text contents, if not expired.
    func read() -> String?
    func clear()
}

/// Copies sensitive text (one-time codes, recovery keys) so it does not linger or travel: always local-only (not
/// shared with other devices through Universal Clipboard) and expiring after a short lifetime.
///
/// ```swift
/// let pasteboard = SecurePasteboard(backend: UIPasteboardBackend())
/// pasteboard.copy(recoveryCode)                // gone after 60 s, never leaves the device
/// pasteboard.clearIfStillHolding(recoveryCode) // e.g. when the screen closes
/// ```
public struct SecurePasteboard: Sendable {
    public let backend: any PasteboardBackend
    /// Default lifetime of copied text.
    public let lifetime: TimeInterval
    private let now: @Sendable () -> Date

    /// Lifetimes are clamped to 1 s … 10 min: a "secure" copy that lasts hours defeats the purpose.
    public static let lifetimeRange: ClosedRange<TimeInterval> = 1...600

    public init(
        backend: any PasteboardBackend, lifetime: TimeInterval = 60, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.backend = backend
        self.lifetime = min(max(lifetime, Self.lifetimeRange.lowerBound), Self.lifetimeRange.upperBound)
        self.now = now
    }

    /// Copies `text`, local-only, expiring after `lifetime` (or this pasteboard's default). Empty text is ignored.
    public func copy(_ text: String, lifetime: TimeInterval? = nil) {
        guard !text.isEmpty else { return }
        let seconds =
            lifetime.map { min(max($0, Self.lifetimeRange.lowerBound), Self.lifetimeRange.upperBound) }
            ?? self.lifetime
        backend.write(text, expiresAt: now().addingTimeInterval(seconds), localOnly: true)
    }

    /// Clears the pasteboard only if it still holds `text` (so the user's later copy is not erased).
    public func clearIfStillHolding(_ text: String) {
        if backend.read() == text { backend.clear() }
    }
}

/// A pasteboard in memory that honours expiry, for tests.
///
/// ```swift
/// let backend = InMemoryPasteboard()
/// SecurePasteboard(backend: backend).copy("123456")
/// backend.lastWrite?.localOnly  // true
/// ```
public final class InMemoryPasteboard: PasteboardBackend, @unchecked Sendable {
    public struct Entry: Sendable, Equatable {
        public var string: String
        public var expiresAt: Date?
        public var localOnly: Bool
    }

    private let lock = NSLock()
    private var entry: Entry?
    private let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    /// What was last written, regardless of expiry.
    public var lastWrite: Entry? { lock.withLock { entry } }

    public func write(_ string: String, expiresAt: Date?, localOnly: Bool) {
        lock.withLock { entry = Entry(string: string, expiresAt: expiresAt, localOnly: localOnly) }
    }

    public func read() -> String? {
        lock.withLock {
            guard let entry else { return nil }
            if let expiry = entry.expiresAt, now() >= expiry { return nil }
            return entry.string
        }
    }

    public func clear() { lock.withLock { entry = nil } }
}

#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit

/// The general `UIPasteboard`, with `localOnly` and `expirationDate` options.
///
/// `read()` answers only while the pasteboard still holds what this backend wrote: reading another app's
/// contents would show the system's paste-consent alert (iOS 16+), and it is not ours to clear anyway.
///
/// ```swift
/// let pasteboard = SecurePasteboard(backend: UIPasteboardBackend())
/// ```
public final class UIPasteboardBackend: PasteboardBackend, @unchecked Sendable {
    private let lock = NSLock()
    private var changeCountBeforeWrite: Int?

    public init() {}

    public func write(_ string: String, expiresAt: Date?, localOnly: Bool) {
        var options: [UIPasteboard.OptionsKey: Any] = [.localOnly: localOnly]
        if let expiresAt { options[.expirationDate] = expiresAt }
        let before = Self.onMain { UIPasteboard.general.changeCount }
        Self.onMain { UIPasteboard.general.setItems([["public.utf8-plain-text": string]], options: options) }
        lock.withLock { changeCountBeforeWrite = before }
    }

    public func read() -> String? {
        // Our write moves changeCount by one; more means someone else wrote since.
        guard let before = lock.withLock({ changeCountBeforeWrite }),
            Self.onMain({ UIPasteboard.general.changeCount }) - before <= 1
        else { return nil }
        return Self.onMain { UIPasteboard.general.string }
    }

    public func clear() {
        Self.onMain { UIPasteboard.general.items = [] }
        lock.withLock { changeCountBeforeWrite = nil }
    }

    /// UIPasteboard is main-actor isolated in newer SDKs; callers of this backend need not be.
    private static func onMain<T: Sendable>(_ body: @MainActor () -> T) -> T {
        if Thread.isMainThread { return MainActor.assumeIsolated(body) }
        return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
    }
}
#endif
