import Foundation
import MetricKit
import os

/// Breadcrumb trail attached to MetricKit diagnostics. Every message is
/// scrubbed so credentials can't reach a report even if a caller
/// interpolates a URL or header by mistake.
final class CrashBreadcrumbs: NSObject, MXMetricManagerSubscriber, @unchecked Sendable {
    static let shared = CrashBreadcrumbs()

    private let lock = NSLock()
    private var crumbs: [String] = []

    private static let redactions: [NSRegularExpression] = [
        #"(?i)bearer\s+[A-Za-z0-9._~+/=-]+"#,
        #"eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*"#,
        #"(?i)\b(access_token|refresh_token|token|code|session)=[^&\s]+"#,
        #"(?i)[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}"#
    ].compactMap { try? NSRegularExpression(pattern: $0) }

    func start() {
        MXMetricManager.shared.add(self)
    }

    func record(_ message: String, category: String) {
        let line = "\(Date.now.ISO8601Format()) [\(category)] \(Self.scrub(message))"
        lock.withLock {
            crumbs.append(line)
            if crumbs.count > 64 { crumbs.removeFirst(crumbs.count - 64) }
        }
    }

    static func scrub(_ text: String) -> String {
        redactions.reduce(text) { partial, expression in
            expression.stringByReplacingMatches(
                in: partial,
                range: NSRange(partial.startIndex..., in: partial),
                withTemplate: "[redacted]"
            )
        }
    }

    func didReceive(_ payloads: [MXDiagnosticPayload]) {
        let trail = lock.withLock { crumbs }
        let directory = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
            .appending(path: "Diagnostics", directoryHint: .isDirectory)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

        for payload in payloads {
            let report: [String: Any] = [
                "diagnostic": (try? JSONSerialization.jsonObject(with: payload.jsonRepresentation())) ?? [:],
                "breadcrumbs": trail
            ]
            if let data = try? JSONSerialization.data(withJSONObject: report) {
                try? data.write(to: directory.appending(path: "\(UUID().uuidString).json"), options: .atomic)
            }
        }
        Logger.app.notice("Queued \(payloads.count) diagnostic payload(s) for upload")
    }
}
