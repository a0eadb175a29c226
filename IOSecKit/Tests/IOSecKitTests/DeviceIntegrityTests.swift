import Foundation
import Testing
@testable import IOSecKit

@Suite struct DeviceIntegrityTests {
    func makeRoot(files: [String] = [], directories: [String] = []) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iosec-root-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for directory in directories {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(directory),
                withIntermediateDirectories: true)
        }
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: url.path, contents: Data())
        }
        return root
    }

    /// A stock device: system directories exist but are read-only to the app.
    @Test func stockDeviceHasNoSignals() throws {
        let root = try makeRoot(directories: ["private/var/mobile", "usr/lib"])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o555], ofItemAtPath: root.appendingPathComponent("private").path)
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: root.appendingPathComponent("private").path)
        }
        let integrity = DeviceIntegrity(environment: .rooted(at: root), protectedDirectories: ["/private", "/System"])
        // Running as root ignores permissions; only assert when the probe can observe read-only directories.
        if getuid() != 0 {
            #expect(integrity.check().isEmpty)
        } else {
            #expect(integrity.check().allSatisfy { $0.kind == .writableSystemLocation })
        }
    }

    @Test func jailbreakArtifactsAreReportedWithConfidence() throws {
        let root = try makeRoot(
            files: ["Library/MobileSubstrate/MobileSubstrate.dylib", "usr/sbin/sshd", "bin/bash"],
            directories: ["Applications/Sileo.app", "var/jb"])
        defer { try? FileManager.default.removeItem(at: root) }
        let signals = DeviceIntegrity(environment: .rooted(at: root), protectedDirectories: []).check()
        let byPath = Dictionary(uniqueKeysWithValues: signals.map { ($0.detail, $0.confidence) })
        #expect(byPath["/Applications/Sileo.app"] == .high)
        #expect(byPath["/var/jb"] == .high)
        #expect(byPath["/Library/MobileSubstrate/MobileSubstrate.dylib"] == .high)
        #expect(byPath["/usr/sbin/sshd"] == .medium)
        #expect(byPath["/bin/bash"] == .low)
        #expect(signals.allSatisfy { $0.kind == .jailbreakArtifact })
        // Strongest first.
        #expect(signals.map(\.confidence) == signals.map(\.confidence).sorted(by: >))
    }

    @Test func danglingSymlinkStillCounts() throws {
        let root = try makeRoot(directories: ["var"])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("var/jb").path,
            withDestinationPath: "/nonexistent/target")
        let signals = DeviceIntegrity(environment: .rooted(at: root), protectedDirectories: []).check()
        #expect(signals.map(\.detail) == ["/var/jb"])
    }

    @Test func writableSystemLocationIsHighConfidenceAndLeavesNoFile() throws {
        let root = try makeRoot(directories: ["private"])
        defer { try? FileManager.default.removeItem(at: root) }
        let signals = DeviceIntegrity(
            environment: .rooted(at: root), knownPaths: [], protectedDirectories: ["/private"]
        ).check()
        #expect(signals == [IntegritySignal(kind: .writableSystemLocation, detail: "/private", confidence: .high)])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("private").path).isEmpty)
    }

    @Test func libraryURLSchemeDebuggerAndInjectionProbes() throws {
        let root = try makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = IntegrityEnvironment.rooted(
            at: root,
            loadedLibraries: {
                ["/usr/lib/libSystem.B.dylib", "/usr/lib/FridaGadget.dylib", "/usr/lib/libsubstrate-shim.dylib"]
            },
            canOpenURL: { $0 == "sileo://" },
            isDebuggerAttached: { true },
            environmentVariable: { $0 == "DYLD_INSERT_LIBRARIES" ? "/tmp/hook.dylib" : nil })
        let signals = DeviceIntegrity(environment: environment, protectedDirectories: []).check()
        #expect(
            signals.contains(
                IntegritySignal(kind: .suspiciousLibrary, detail: "/usr/lib/FridaGadget.dylib", confidence: .high)))
        #expect(
            signals.contains(
                IntegritySignal(
                    kind: .suspiciousLibrary, detail: "/usr/lib/libsubstrate-shim.dylib", confidence: .medium)))
        #expect(!signals.contains { $0.detail.contains("libSystem") })
        #expect(signals.contains(IntegritySignal(kind: .suspiciousURLScheme, detail: "sileo://", confidence: .medium)))
        #expect(
            signals.contains(
                IntegritySignal(kind: .debuggerAttached, detail: "process is being traced", confidence: .medium)))
        #expect(
            signals.contains(
                IntegritySignal(
                    kind: .libraryInjection, detail: "DYLD_INSERT_LIBRARIES=/tmp/hook.dylib", confidence: .high)))
    }

    @Test func simulatorAlwaysReportsNothing() {
        let environment = IntegrityEnvironment(
            fileExists: { _ in true }, canWrite: { _ in true },
            isDebuggerAttached: { true }, isSimulator: true)
        #expect(DeviceIntegrity(environment: environment).check().isEmpty)
    }

    @Test func linuxTracerPIDParsing() {
        #expect(IntegrityEnvironment.tracerPID(inProcStatus: "Name:\tx\nTracerPid:\t4242\nUid:\t0") == 4242)
        #expect(IntegrityEnvironment.tracerPID(inProcStatus: "TracerPid:\t0\n") == 0)
        #expect(IntegrityEnvironment.tracerPID(inProcStatus: "garbage") == 0)
    }

    @Test func systemProbesRunOnThisMachine() {
        // Not asserting the result (CI may run under a tracer), only that the real probes work here.
        let libraries = IntegrityEnvironment.systemLoadedLibraries()
        #if os(Linux)
        #expect(!libraries.isEmpty)
        #endif
        _ = IntegrityEnvironment.systemDebuggerAttached()
        _ = DeviceIntegrity().check()
    }
}
