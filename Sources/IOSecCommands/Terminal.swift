import Dispatch
import Foundation
import IOSecAudit

package enum Terminal {
    /// Colour only on a terminal, and never with NO_COLOR set (https://no-color.org).
    static func supportsColor(fileDescriptor: Int32) -> Bool {
        if ProcessInfo.processInfo.environment["NO_COLOR"] != nil { return false }
        if ProcessInfo.processInfo.environment["TERM"] == "dumb" { return false }
        return isatty(fileDescriptor) == 1
    }
}

/// A one-line progress report on standard error: only on a terminal, never with `--quiet`, and only once a scan
/// has run for a second (most scans are over before that).
package enum Progress {
    static func forTerminal() -> ScanProgress? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        let state = ProgressState()
        return { phase, done, total in state.update(phase, done, total) }
    }

    static func clear() {
        guard isatty(STDERR_FILENO) == 1 else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

/// The start time and the last time the line was drawn, shared by the scan's threads.
private final class ProgressState: @unchecked Sendable {
    private let lock = NSLock()
    private let start = DispatchTime.now().uptimeNanoseconds
    private var lastDrawn: UInt64 = 0

    func update(_ phase: ScanPhase, _ done: Int, _ total: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.lock()
        defer { lock.unlock() }
        // After the first second, at most ten redraws a second (and always the last file of a phase).
        guard now - start >= 1_000_000_000, now - lastDrawn >= 100_000_000 || done == total else { return }
        lastDrawn = now
        let percent = total > 0 ? done * 100 / total : 100
        FileHandle.standardError.write(Data("\r\u{1B}[K\(phase.rawValue) \(done)/\(total) files (\(percent)%)…".utf8))
    }
}
