import Foundation

/// The bytes of the first Swift files the pre-pass reads, up to a fixed budget, kept for the main pass so that it
/// does not open and read them again. A scan reads every Swift file twice (the constants of the whole project are
/// needed before any rule runs); a second `open`, `read` and `close` costs the kernel about as much as lexing the
/// file. The budget keeps memory flat: it does not grow with the project, and the main pass, which takes the files in
/// the same order, hands each file's bytes back as it starts on it.
final class ReadAhead: @unchecked Sendable {
    /// 16 MiB: all the Swift of a large app (6–10 MB in the apps measured), and a quarter of a scan's peak memory.
    static let defaultBudget = 16 << 20

    private let lock = NSLock()
    private var budget: Int
    private var kept: [String: [UInt8]] = [:]

    init(budget: Int = ReadAhead.defaultBudget) {
        self.budget = budget
    }

    /// Keeps the file's bytes when they fit in what is left of the budget.
    func offer(_ path: String, _ bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        guard bytes.count <= budget, kept[path] == nil else { return }
        budget -= bytes.count
        kept[path] = bytes
    }

    /// The kept bytes of the file, given up by the cache.
    func take(_ path: String) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return kept.removeValue(forKey: path)
    }

    /// How many files are kept and not yet taken.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return kept.count
    }
}

extension FileInput {
    /// The same input, with its bytes already read.
    func reading(_ bytes: [UInt8]) -> FileInput {
        var input = FileInput(path: relativePath, kind: kind, size: size, binary: binary) { bytes }
        input.inBuiltApp = inBuiltApp
        return input
    }
}
