import Foundation

/// A scratch folder for a test, removed when the value is released.
final class TemporaryTree {
    let root: String

    init() {
        let base = FileManager.default.temporaryDirectory.path
        root = base + "/iosec-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        // Restore permissions a test may have removed so cleanup works.
        if let items = FileManager.default.enumerator(atPath: root) {
            for case let item as String in items { chmod(root + "/" + item, 0o755) }
        }
        try? FileManager.default.removeItem(atPath: root)
    }

    @discardableResult
    func write(_ relative: String, _ text: String) -> String {
        write(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) -> String {
        let path = root + "/" + relative
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    func mkdir(_ relative: String) {
        try? FileManager.default.createDirectory(atPath: root + "/" + relative, withIntermediateDirectories: true)
    }

    func symlink(_ relative: String, to target: String) {
        try? FileManager.default.createSymbolicLink(atPath: root + "/" + relative, withDestinationPath: target)
    }
}
