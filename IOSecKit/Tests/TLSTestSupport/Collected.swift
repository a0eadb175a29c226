import Foundation

/// Values a callback hands over, possibly from another thread, collected for a test to read.
///
/// ```swift
/// let reports = Collected<PinValidationReport>()
/// let evaluator = PinningEvaluator(pins: pins, reporter: reports.collector)
/// ```
public final class Collected<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [Element] = []

    public init() {}

    public func append(_ element: Element) { lock.withLock { elements.append(element) } }
    public var all: [Element] { lock.withLock { elements } }
    public var collector: @Sendable (Element) -> Void { { self.append($0) } }
    /// The same as ``collector``, under the name the pinning tests use.
    public var reporter: @Sendable (Element) -> Void { collector }
}
