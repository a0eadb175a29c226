import UIKit

/// Collects hints that the device is jailbroken; the result is only shown on the diagnostics screen.
struct IntegritySignals {
    private static let suspiciousFiles = [
        "/Applications/Cydia.app",
        "/Applications/Sileo.app",
        "/Library/MobileSubstrate/DynamicLibraries",
        "/usr/sbin/sshd",
        "/etc/apt/sources.list.d",
        "/var/jb"
    ]
    private static let suspiciousSchemes = ["cydia", "sileo", "undecimus"]
    private static let probeLocations = ["/private/diag-probe.tmp", "/private/var/tmp/diag-probe.tmp"]

    func collect() -> [String] {
        var hints = fileHints()
        hints += schemeHints()
        hints += sandboxHints()
        if ProcessInfo.processInfo.environment["DYLD_INSERT_LIBRARIES"] != nil {
            hints.append("library injection variable is set")
        }
        return hints
    }

    private func fileHints() -> [String] {
        Self.suspiciousFiles
            .filter { FileManager.default.fileExists(atPath: $0) }
            .map { "found \($0)" }
    }

    private func schemeHints() -> [String] {
        Self.suspiciousSchemes.compactMap { scheme in
            guard let url = URL(string: "\(scheme)://"), UIApplication.shared.canOpenURL(url) else { return nil }
            return "can open \(scheme)://"
        }
    }

    /// An app in its sandbox cannot write outside its container; a jailbroken one often can.
    private func sandboxHints() -> [String] {
        var hints: [String] = []
        for location in Self.probeLocations {
            guard (try? "sandbox-check".write(toFile: location, atomically: false, encoding: .utf8)) != nil else {
                continue
            }
            try? FileManager.default.removeItem(atPath: location)
            hints.append("wrote outside the sandbox at \(location)")
        }
        return hints
    }
}

final class DiagnosticsViewController: UITableViewController {
    private var rows: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        let hints = IntegritySignals().collect()
        rows = hints.isEmpty ? ["No jailbreak hints"] : hints
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = rows[indexPath.row]
        return cell
    }
}
