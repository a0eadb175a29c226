import CryptoKit
import Foundation

/// Offline copy of the coach conversation, encrypted with the biometry-bound key from `BiometricGate`.
final class CoachHistoryStore {
    private let fileURL: URL
    private let gate: BiometricGate
    private var key: SymmetricKey?

    init(gate: BiometricGate) throws {
        self.gate = gate
        let directory = try FileManager.default.applicationSupportDirectory(appending: "Coach")
        fileURL = directory.appendingPathComponent("history.sealed")
    }

    var isUnlocked: Bool { key != nil }

    func unlock() async throws {
        try gate.provisionKeyIfNeeded()
        let reason = NSLocalizedString("coach.history.unlock.reason", comment: "Face ID reason for opening coach history")
        key = SymmetricKey(data: try await gate.unlockHistoryKey(reason: reason))
    }

    func lock() {
        key = nil
    }

    func load() throws -> [CoachMessage] {
        guard let key else { return [] }
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let box = try AES.GCM.SealedBox(combined: Data(contentsOf: fileURL))
        let plaintext = try AES.GCM.open(box, using: key)
        return try JSONDecoder.api.decode([CoachMessage].self, from: plaintext)
    }

    func save(_ messages: [CoachMessage]) throws {
        guard let key else { return }
        let plaintext = try JSONEncoder.api.encode(messages.suffix(500))
        let sealed = try AES.GCM.seal(plaintext, using: key)
        guard let combined = sealed.combined else { return }
        try combined.write(to: fileURL, options: [.atomic, .completeFileProtection])
        Log.coach.debug("Persisted \(messages.count, privacy: .public) coach messages")
    }

    func wipe() {
        try? FileManager.default.removeItem(at: fileURL)
        key = nil
    }
}
