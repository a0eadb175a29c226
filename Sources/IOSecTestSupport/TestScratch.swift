import Foundation

/// Where tests write the projects, files and certificates they make: one folder per test process, removed when the
/// process ends, so a run leaves nothing behind in the temporary directory.
public enum TestScratch {
    private static let root: String = {
        let path =
            FileManager.default.temporaryDirectory.path + "/iosec-tests-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestScratch.root) }
        return path
    }()

    /// A fresh path under the run's folder, starting with `prefix` (`iosec-cli`); nothing is created there.
    public static func path(_ prefix: String, suffix: String = "") -> String {
        root + "/" + prefix + "-" + UUID().uuidString + suffix
    }
}
