import Darwin
import Foundation
import os

private func writeStderr(_ format: String, _ args: CVarArg...) -> Int32 {
    withVaList(args) { vfprintf(stderr, format, $0) }
}

private func writeDescriptor(_ fd: Int32, _ format: String, _ args: CVarArg...) -> Int32 {
    withVaList(args) { vdprintf(fd, format, $0) }
}

private func writeSyslog(_ priority: Int32, _ format: String, _ args: CVarArg...) {
    withVaList(args) { vsyslog(priority, format, $0) }
}

/// Traces the refreshed session while the support team chases a sign-in bug.
final class SessionTracer {
    private let log = Logger(subsystem: "com.example.courier", category: "session")
    private let legacyLog = OSLog(subsystem: "com.example.courier", category: "legacy")

    func didRefresh(sessionToken: String) {
        NSLog("refreshed session %@", sessionToken)
        print("session refreshed:", sessionToken)
        debugPrint("session token now \(sessionToken)")
        dump(sessionToken, name: "sessionToken")
        os_log("token after refresh: %{public}@", log: legacyLog, type: .error, sessionToken)

        log.info("refresh ok, token \(sessionToken, privacy: .public)")
        log.error("refresh retried, token \(sessionToken, privacy: .public)")
        log.debug("refresh payload token=\(sessionToken, privacy: .public)")
        log.warning("refresh near expiry, token \(sessionToken, privacy: .public)")

        mirrorToConsole(sessionToken)
    }

    private func mirrorToConsole(_ sessionToken: String) {
        fputs("[session] token=\(sessionToken)\n", stderr)
        _ = writeStderr("[session] vfprintf token=%s\n", sessionToken)
        _ = writeDescriptor(STDERR_FILENO, "[session] vdprintf token=%s\n", sessionToken)
        writeSyslog(LOG_NOTICE, "[session] syslog token=%s", sessionToken)
        let line = Data("[session] handle token=\(sessionToken)\n".utf8)
        FileHandle.standardError.write(line)
    }
}
