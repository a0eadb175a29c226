import Foundation

/// Appends events as JSON lines to a file readable only by its owner (0600), rotating by size.
///
/// When the file would exceed `maximumBytes` it becomes `name.1` (the previous `name.1` becomes `name.2`, and so
/// on up to `maximumFiles`; the oldest is deleted). On Apple platforms the files get
/// `completeUntilFirstUserAuthentication` data protection so background events can still be written.
///
/// ```swift
/// let sink = try JSONLinesFileSink(url: appSupport.appendingPathComponent("security-events.jsonl"),
///                                  maximumBytes: 512 * 1024, maximumFiles: 3)
/// ```
public actor JSONLinesFileSink: SecurityEventSink {
    public let url: URL
    public let maximumBytes: Int
    public let maximumFiles: Int
    private var handle: FileHandle?
    private var size: Int = 0
    public private(set) var writeErrors = 0
    private let encoder: JSONEncoder

    public init(url: URL, maximumBytes: Int = 1 << 20, maximumFiles: Int = 3) throws {
        self.url = url
        self.maximumBytes = max(1024, maximumBytes)
        self.maximumFiles = max(1, maximumFiles)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        self.encoder = encoder
        let (handle, size) = try Self.open(url)
        self.handle = handle
        self.size = size
    }

    public func write(_ events: [SecurityEvent]) async {
        for event in events {
            guard var line = try? encoder.encode(event) else {
                writeErrors += 1
                continue
            }
            line.append(0x0A)
            if size > 0 && size + line.count > maximumBytes { rotate() }
            do {
                guard let handle else { throw CocoaError(.fileWriteUnknown) }
                try handle.write(contentsOf: line)
                size += line.count
            } catch {
                writeErrors += 1
            }
        }
    }

    /// Closes the file; later writes reopen it.
    public func close() {
        try? handle?.close()
        handle = nil
    }

    /// The paths of the current file and its rotated predecessors, newest first.
    public nonisolated var allFiles: [URL] {
        [url] + (1...maximumFiles).map { rotated(url, $0) }
    }

    private func rotate() {
        try? handle?.close()
        handle = nil
        let manager = FileManager.default
        try? manager.removeItem(at: rotated(url, maximumFiles))
        if maximumFiles > 1 {
            for index in stride(from: maximumFiles - 1, through: 1, by: -1) {
                let source = rotated(url, index)
                if manager.fileExists(atPath: source.path) {
                    try? manager.moveItem(at: source, to: rotated(url, index + 1))
                }
            }
        }
        try? manager.moveItem(at: url, to: rotated(url, 1))
        if let (newHandle, newSize) = try? Self.open(url) {
            handle = newHandle
            size = newSize
        } else {
            writeErrors += 1
        }
    }

    private nonisolated func rotated(_ url: URL, _ index: Int) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".\(index)")
    }

    private static func open(_ url: URL) throws -> (FileHandle, Int) {
        let manager = FileManager.default
        var attributes: [FileAttributeKey: Any] = [.posixPermissions: 0o600]
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        attributes[.protectionKey] = FileProtectionType.completeUntilFirstUserAuthentication
        #endif
        if !manager.fileExists(atPath: url.path) {
            guard manager.createFile(atPath: url.path, contents: nil, attributes: attributes) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
            }
        } else {
            // An existing file may have been created with looser permissions.
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        }
        let handle = try FileHandle(forWritingTo: url)
        let end = try handle.seekToEnd()
        return (handle, Int(end))
    }
}
