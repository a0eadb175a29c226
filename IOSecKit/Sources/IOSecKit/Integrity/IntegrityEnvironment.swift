import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
#if canImport(MachO)
import MachO
#endif
#if canImport(UIKit)
import UIKit
#endif

/// The probes ``DeviceIntegrity`` uses, injectable so the logic is tested against a fake root on Linux.
///
/// ```swift
/// let integrity = DeviceIntegrity(environment: .rooted(at: fakeDeviceRoot))
/// ```
public struct IntegrityEnvironment: Sendable {
    public var fileExists: @Sendable (String) -> Bool
    /// Whether a new file can be created in the directory (the probe removes it again).
    public var canWrite: @Sendable (String) -> Bool
    public var loadedLibraries: @Sendable () -> [String]
    public var canOpenURL: @Sendable (String) -> Bool
    public var isDebuggerAttached: @Sendable () -> Bool
    public var environmentVariable: @Sendable (String) -> String?
    public var isSimulator: Bool

    public init(
        fileExists: @escaping @Sendable (String) -> Bool,
        canWrite: @escaping @Sendable (String) -> Bool,
        loadedLibraries: @escaping @Sendable () -> [String] = { [] },
        canOpenURL: @escaping @Sendable (String) -> Bool = { _ in false },
        isDebuggerAttached: @escaping @Sendable () -> Bool = { false },
        environmentVariable: @escaping @Sendable (String) -> String? = { _ in nil },
        isSimulator: Bool = false
    ) {
        self.fileExists = fileExists
        self.canWrite = canWrite
        self.loadedLibraries = loadedLibraries
        self.canOpenURL = canOpenURL
        self.isDebuggerAttached = isDebuggerAttached
        self.environmentVariable = environmentVariable
        self.isSimulator = isSimulator
    }

    /// File-system probes that resolve absolute paths under `root` (a fake device tree in tests).
    public static func rooted(
        at root: URL,
        loadedLibraries: @escaping @Sendable () -> [String] = { [] },
        canOpenURL: @escaping @Sendable (String) -> Bool = { _ in false },
        isDebuggerAttached: @escaping @Sendable () -> Bool = { false },
        environmentVariable: @escaping @Sendable (String) -> String? = { _ in nil }
    ) -> IntegrityEnvironment {
        let base = root.standardizedFileURL.path
        @Sendable func resolve(_ path: String) -> String { base + (path.hasPrefix("/") ? path : "/" + path) }
        return IntegrityEnvironment(
            fileExists: { path in
                // lstat, not stat: a symlink planted by a jailbreak counts even if its target is gone.
                (try? FileManager.default.attributesOfItem(atPath: resolve(path))) != nil
            },
            canWrite: { directory in probeWrite(resolve(directory)) },
            loadedLibraries: loadedLibraries,
            canOpenURL: canOpenURL,
            isDebuggerAttached: isDebuggerAttached,
            environmentVariable: environmentVariable,
            isSimulator: false)
    }

    /// The running process and device.
    public static var system: IntegrityEnvironment {
        #if targetEnvironment(simulator)
        let simulator = true
        #else
        let simulator = false
        #endif
        return IntegrityEnvironment(
            fileExists: { (try? FileManager.default.attributesOfItem(atPath: $0)) != nil },
            canWrite: { probeWrite($0) },
            loadedLibraries: { systemLoadedLibraries() },
            canOpenURL: { systemCanOpenURL($0) },
            isDebuggerAttached: { systemDebuggerAttached() },
            environmentVariable: { ProcessInfo.processInfo.environment[$0] },
            isSimulator: simulator)
    }

    static func probeWrite(_ directory: String) -> Bool {
        let path =
            directory.hasSuffix("/")
            ? directory + ".iosec-probe-\(UUID().uuidString)"
            : directory + "/.iosec-probe-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) else { return false }
        try? FileManager.default.removeItem(atPath: path)
        return true
    }

    static func systemLoadedLibraries() -> [String] {
        #if canImport(MachO)
        var result: [String] = []
        for index in 0..<_dyld_image_count() {
            if let name = _dyld_get_image_name(index) { result.append(String(cString: name)) }
        }
        return result
        #elseif os(Linux)
        // Mapped shared objects, from /proc/self/maps.
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        var seen = Set<String>()
        for line in maps.split(separator: "\n") {
            if let slash = line.firstIndex(of: "/") { seen.insert(String(line[slash...])) }
        }
        return Array(seen)
        #else
        return []
        #endif
    }

    static func systemDebuggerAttached() -> Bool {
        #if canImport(Darwin)
        var info = kinfo_proc()
        var size = MemoryLayout<kinfo_proc>.stride
        var mib: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, getpid()]
        guard sysctl(&mib, UInt32(mib.count), &info, &size, nil, 0) == 0 else { return false }
        return (info.kp_proc.p_flag & P_TRACED) != 0
        #elseif os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return false }
        return tracerPID(inProcStatus: status) != 0
        #else
        return false
        #endif
    }

    /// The `TracerPid:` field of a Linux `/proc/<pid>/status` text (0 when not traced or absent).
    static func tracerPID(inProcStatus status: String) -> Int {
        for line in status.split(separator: "\n") where line.hasPrefix("TracerPid:") {
            return Int(line.dropFirst("TracerPid:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }

    static func systemCanOpenURL(_ string: String) -> Bool {
        #if canImport(UIKit) && !os(watchOS)
        // UIApplication is main-actor bound; off the main thread the scheme probe is skipped. The schemes must
        // be listed under LSApplicationQueriesSchemes or iOS answers false.
        guard Thread.isMainThread, let url = URL(string: string) else { return false }
        return MainActor.assumeIsolated { UIApplication.shared.canOpenURL(url) }
        #else
        return false
        #endif
    }
}
