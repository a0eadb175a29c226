import Foundation

enum Terminal {
    /// Colour only on a terminal, and never with NO_COLOR set (https://no-color.org).
    static func supportsColor(fileDescriptor: Int32) -> Bool {
        if ProcessInfo.processInfo.environment["NO_COLOR"] != nil { return false }
        if ProcessInfo.processInfo.environment["TERM"] == "dumb" { return false }
        return isatty(fileDescriptor) == 1
    }
}

/// A one-line progress counter on standard error, only on a terminal and only for large scans.
enum Progress {
    static func forTerminal() -> (@Sendable (Int, Int) -> Void)? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        return { done, total in
            guard total >= 500, done % 100 == 0 || done == total else { return }
            FileHandle.standardError.write(Data("\rscanning \(done)/\(total) files…".utf8))
        }
    }

    static func clear() {
        guard isatty(STDERR_FILENO) == 1 else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
