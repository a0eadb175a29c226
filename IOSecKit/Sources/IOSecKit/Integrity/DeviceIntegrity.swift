import Foundation

/// Jailbreak and tamper signals, each with a confidence; never a bare `isJailbroken` boolean.
///
/// This is a deterrent, not a security control: code running on a compromised device can hide every one of these
/// probes. Use the signals to add friction or report (``SecurityEventKind/integritySignal``), and keep real
/// protection on the server (App Attest, rate limits, server-side authorization). The simulator always reports no
/// signals.
///
/// ```swift
/// let signals = DeviceIntegrity().check()
/// if signals.contains(where: { $0.confidence == .high }) {
///     events.record(.integritySignal, signals.map(\.description).joined(separator: "; "))
/// }
/// ```
public struct DeviceIntegrity: Sendable {
    public let environment: IntegrityEnvironment
    public let knownPaths: [(path: String, confidence: IntegritySignal.Confidence)]
    public let protectedDirectories: [String]
    public let suspiciousLibraryMarkers: [(marker: String, confidence: IntegritySignal.Confidence)]
    public let suspiciousURLSchemes: [String]
    public let injectionVariables: [String]

    public init(
        environment: IntegrityEnvironment = .system,
        knownPaths: [(path: String, confidence: IntegritySignal.Confidence)] = DeviceIntegrity.defaultKnownPaths,
        protectedDirectories: [String] = ["/", "/private", "/root", "/System"],
        suspiciousLibraryMarkers: [(marker: String, confidence: IntegritySignal.Confidence)] = DeviceIntegrity
            .defaultLibraryMarkers,
        suspiciousURLSchemes: [String] = ["cydia://", "sileo://", "zbra://", "filza://", "undecimus://"],
        injectionVariables: [String] = ["DYLD_INSERT_LIBRARIES", "LD_PRELOAD"]
    ) {
        self.environment = environment
        self.knownPaths = knownPaths
        self.protectedDirectories = protectedDirectories
        self.suspiciousLibraryMarkers = suspiciousLibraryMarkers
        self.suspiciousURLSchemes = suspiciousURLSchemes
        self.injectionVariables = injectionVariables
    }

    public static let defaultKnownPaths: [(path: String, confidence: IntegritySignal.Confidence)] = [
        ("/Applications/Cydia.app", .high), ("/Applications/Sileo.app", .high), ("/Applications/Zebra.app", .high),
        ("/Applications/Filza.app", .high), ("/Library/MobileSubstrate/MobileSubstrate.dylib", .high),
        ("/Library/MobileSubstrate/DynamicLibraries", .high), ("/usr/lib/libsubstitute.dylib", .high),
        ("/usr/lib/TweakInject", .high), ("/var/jb", .high), ("/var/binpack", .high),
        ("/.installed_unc0ver", .high), ("/.bootstrapped_electra", .high), ("/var/lib/cydia", .high),
        ("/etc/apt", .medium), ("/private/var/lib/apt", .medium), ("/usr/sbin/sshd", .medium),
        ("/usr/bin/ssh", .medium), ("/bin/bash", .low), ("/usr/libexec/sftp-server", .medium)
    ]

    public static let defaultLibraryMarkers: [(marker: String, confidence: IntegritySignal.Confidence)] = [
        ("MobileSubstrate", .high), ("libsubstitute", .high), ("substrate", .medium), ("TweakInject", .high),
        ("libhooker", .high), ("ellekit", .high), ("FridaGadget", .high), ("frida", .medium), ("cynject", .high),
        ("libcycript", .high), ("SSLKillSwitch", .high), ("SubstrateLoader", .high)
    ]

    /// Runs every probe and returns the signals found, strongest first. Empty in the simulator.
    public func check() -> [IntegritySignal] {
        guard !environment.isSimulator else { return [] }
        var signals: [IntegritySignal] = []
        for (path, confidence) in knownPaths where environment.fileExists(path) {
            signals.append(IntegritySignal(kind: .jailbreakArtifact, detail: path, confidence: confidence))
        }
        for directory in protectedDirectories where environment.canWrite(directory) {
            signals.append(IntegritySignal(kind: .writableSystemLocation, detail: directory, confidence: .high))
        }
        var libraryHits = Set<String>()
        for library in environment.loadedLibraries() {
            let lowered = library.lowercased()
            // The strongest marker per library decides its confidence.
            let hit =
                suspiciousLibraryMarkers
                .filter { lowered.contains($0.marker.lowercased()) }
                .max { $0.confidence < $1.confidence }
            if let hit, libraryHits.insert(library).inserted {
                signals.append(IntegritySignal(kind: .suspiciousLibrary, detail: library, confidence: hit.confidence))
            }
        }
        for scheme in suspiciousURLSchemes where environment.canOpenURL(scheme) {
            signals.append(IntegritySignal(kind: .suspiciousURLScheme, detail: scheme, confidence: .medium))
        }
        if environment.isDebuggerAttached() {
            // Developers attach debuggers too: only medium.
            signals.append(
                IntegritySignal(kind: .debuggerAttached, detail: "process is being traced", confidence: .medium))
        }
        for variable in injectionVariables {
            if let value = environment.environmentVariable(variable), !value.isEmpty {
                signals.append(
                    IntegritySignal(kind: .libraryInjection, detail: "\(variable)=\(value)", confidence: .high))
            }
        }
        return signals.sorted { $0.confidence > $1.confidence }
    }
}
