import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Writes files atomically with owner-only permissions (0600) and, on iOS, complete data protection (unreadable
/// while the device is locked).
///
/// The data goes to a new temporary file in the same directory (created exclusively with mode 0600 and, on iOS,
/// `FileProtectionType.complete` before any byte is written), is flushed to disk, then renamed over the target:
/// readers see the old file or the new one, never half of one.
///
/// ```swift
/// try ProtectedFile.write(Data(json), to: documents.appendingPathComponent("wallet.json"))
/// ```
public enum ProtectedFile {
    /// Data-protection class for the file (iOS, iPadOS, watchOS, tvOS, visionOS; ignored elsewhere).
    public enum Protection: Sendable {
        /// Unreadable while locked. The default.
        case complete
        /// Can be finished while locked if opened while unlocked.
        case completeUnlessOpen
        /// Readable after the first unlock since boot (for background work).
        case completeUntilFirstUserAuthentication
    }

    /// Atomically replaces (or creates) the file at `url` with `data`.
    public static func write(_ data: Data, to url: URL, protection: Protection = .complete) throws(ProtectedFileError) {
        guard url.isFileURL else { throw .notAFileURL(url.absoluteString) }
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-" + UUID().uuidString
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw .system(operation: "create", path: temporary, errno: errno) }
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        do {
            try applyProtection(protection, path: temporary)
        } catch {
            close(descriptor)
            throw error
        }
        // 0 on success, else the errno of the failed write.
        let writeError: Int32 = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
        if writeError != 0 {
            close(descriptor)
            throw .system(operation: "write", path: temporary, errno: writeError)
        }
        guard fsync(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            throw .system(operation: "fsync", path: temporary, errno: code)
        }
        guard close(descriptor) == 0 else { throw .system(operation: "close", path: temporary, errno: errno) }
        guard rename(temporary, url.path) == 0 else { throw .system(operation: "rename", path: url.path, errno: errno) }
        succeeded = true
    }

    private static func applyProtection(_ protection: Protection, path: String) throws(ProtectedFileError) {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        let type: FileProtectionType
        switch protection {
        case .complete: type = .complete
        case .completeUnlessOpen: type = .completeUnlessOpen
        case .completeUntilFirstUserAuthentication: type = .completeUntilFirstUserAuthentication
        }
        do {
            try FileManager.default.setAttributes([.protectionKey: type], ofItemAtPath: path)
        } catch {
            throw .protection(path: path, reason: String(describing: error))
        }
        #else
        _ = protection  // No data-protection classes here; 0600 is the protection.
        #endif
    }
}

/// `write(2)`, named so it does not clash with the enum's own `write`.
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    return Darwin.write(descriptor, pointer, count)
    #else
    return Glibc.write(descriptor, pointer, count)
    #endif
}

/// Why a protected write failed.
///
/// ```swift
/// do { try ProtectedFile.write(data, to: url) } catch { log.error("\(error.description)") }
/// ```
public enum ProtectedFileError: Error, Sendable, Equatable, CustomStringConvertible {
    case notAFileURL(String)
    case system(operation: String, path: String, errno: Int32)
    case protection(path: String, reason: String)

    public var description: String {
        switch self {
        case .notAFileURL(let url): return "\(url) is not a file URL"
        case .system(let operation, let path, let code):
            return "\(operation) failed for \(path): \(String(cString: strerror(code)))"
        case .protection(let path, let reason): return "could not set data protection on \(path): \(reason)"
        }
    }
}
