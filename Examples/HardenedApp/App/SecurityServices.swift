import Foundation
import IOSecCore
import IOSecKit

/// The app's IOSecKit building blocks in one place: security events, integrity signals, and (in debug
/// builds) a check that the association files behind passkeys and universal links are served correctly.
final class SecurityServices: Sendable {
    static let shared = SecurityServices()

    /// Events go to unified logging and to a 0600 JSON-lines file that rotates at 512 KB; metadata is redacted.
    let events: SecurityEventRecorder
    let pasteboard = SecurePasteboard(backend: UIPasteboardBackend(), lifetime: 60)
    let offersNavigation = WebNavigationPolicy(allowedHosts: [.init("offers.acme.example.com")])

    private init() {
        var sinks: [any SecurityEventSink] = [OSLogEventSink(subsystem: "com.acme.wallet", category: "security")]
        let support = URL.applicationSupportDirectory
        if let file = try? JSONLinesFileSink(url: support.appending(path: "security-events.jsonl"), maximumBytes: 512 * 1024) {
            sinks.append(file)
        }
        events = SecurityEventRecorder(sinks: sinks)
    }

    /// Launch-time checks. Integrity signals are a deterrent and a signal for the server, never a lock.
    func runLaunchChecks() async {
        for signal in DeviceIntegrity().check() {
            events.record(.integritySignal, signal.description)
        }
        #if DEBUG
        let check = AssociationFileSelfCheck(
            domains: ["acme.example.com"],
            appID: AppID("ABCDE12345.com.acme.wallet")!,
            requiredServices: ["webcredentials", "applinks"])
        for result in await check.run(recorder: events) where !result.passed {
            assertionFailure("apple-app-site-association for \(result.domain): \(result.problems.joined(separator: "; "))")
        }
        #endif
    }
}
