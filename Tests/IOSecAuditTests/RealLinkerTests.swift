import Foundation
import IOSecAudit
import IOSecFixtures
import IOSecTestSupport
import Testing

/// The binary rules on real linker output rather than on Mach-O files built by hand: the Swift toolchain's clang
/// compiles C for arm64 iOS and Debian's `ld64.lld-14` links it against a small hand-written `libSystem.tbd`
/// (PIE by default; `-no_pie`, `-rpath`, `-dylib` and `-adhoc_codesign` work). CI installs lld-14 (`.ci/run`);
/// elsewhere these tests are skipped, saying what they need.
@Suite(.enabled(if: RealLinker.available, "needs clang and ld64.lld-14 (Debian: apt-get install lld-14)"))
struct RealLinkerTests {
    static let main = """
        extern int printf(const char *, ...);
        extern char *strcpy(char *, const char *);
        int check(const char *input) { char buffer[16]; strcpy(buffer, input); return buffer[0]; }
        int main(int argc, char **argv) { printf("http://api.acme-bank.com/v1 %d\\n", check(argv[0])); return 0; }
        """

    static let hardenedMain = """
        extern int printf(const char *, ...);
        extern int snprintf(char *, unsigned long, const char *, ...);
        int check(const char *input) { char buffer[16]; snprintf(buffer, sizeof buffer, "%s", input); return buffer[0]; }
        int main(int argc, char **argv) { printf("https://api.acme-bank.com/v1 %d\\n", check(argv[0])); return 0; }
        """

    static let kit = """
        extern int snprintf(char *, unsigned long, const char *, ...);
        int kit_format(char *out, unsigned long size, int value) {
            char buffer[32]; snprintf(buffer, sizeof buffer, "%d", value); return snprintf(out, size, "%s", buffer);
        }
        """

    static func rules(_ bytes: [UInt8], role: BinaryRole = .appExecutable) -> [String: String] {
        let findings = SourceAnalysis.analyzeBinary(bytes, role: role).findings
        return Dictionary(findings.map { ($0.ruleId, $0.snippet) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func insecureLinkIsReportedRuleByRule() throws {
        let linker = try RealLinker()
        let object = try linker.compile(Self.main, flags: ["-fno-stack-protector"])
        let binary = try linker.link([object], flags: ["-no_pie", "-rpath", "/Users/dev/Frameworks"])
        let found = Self.rules(binary)
        #expect(
            Set(found.keys) == [
                "binary.no-pie", "binary.no-stack-canary", "binary.rpath-unsafe", "binary.weak-api",
                "network.cleartext-url"
            ], "\(found)")
        #expect(found["binary.rpath-unsafe"] == "arm64: LC_RPATH /Users/dev/Frameworks")
        #expect(found["binary.weak-api"] == "arm64: imports _strcpy")
        #expect(found["network.cleartext-url"] == "arm64: \"http://api.acme-bank.com/v1\"")
    }

    @Test func hardenedLinkIsClean() throws {
        let linker = try RealLinker()
        let object = try linker.compile(Self.hardenedMain, flags: ["-fstack-protector-strong"])
        let binary = try linker.link([object], flags: ["-rpath", "@executable_path/Frameworks", "-adhoc_codesign"])
        #expect(Self.rules(binary).isEmpty, "\(Self.rules(binary))")
    }

    @Test func debugInformationIsNotStripped() throws {
        let linker = try RealLinker()
        let object = try linker.compile(Self.hardenedMain, flags: ["-g", "-fstack-protector-strong"])
        let found = Self.rules(try linker.link([object], flags: []))
        #expect(Set(found.keys) == ["binary.not-stripped"], "\(found)")
        #expect(found["binary.not-stripped"]?.contains("N_STAB") == true)
    }

    @Test func realFrameworkInARealAppInAnIPA() throws {
        let linker = try RealLinker()
        let kit = try linker.link(
            [try linker.compile(Self.kit, flags: ["-fstack-protector-all"])],
            flags: ["-dylib", "-install_name", "@rpath/Kit.framework/Kit"])
        #expect(Self.rules(kit, role: .library).isEmpty, "\(Self.rules(kit, role: .library))")

        let app = try linker.link(
            [try linker.compile(Self.main, flags: ["-fstack-protector-all"])],
            flags: ["-rpath", "@executable_path/Frameworks"])
        var ipa = IPABuilder()
        ipa.add(
            "Payload/App.app/Info.plist",
            try SampleApps.infoPlist(executable: "App", bundleID: "com.example.app", name: "App"))
        ipa.add("Payload/App.app/App", app)
        ipa.add(
            "Payload/App.app/Frameworks/Kit.framework/Info.plist",
            try SampleApps.infoPlist(executable: "Kit", bundleID: "com.example.kit", name: "Kit"))
        ipa.add("Payload/App.app/Frameworks/Kit.framework/Kit", kit)
        let result = try SourceAnalysis.analyzeIPA(try ipa.build())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(Set(result.activeFindings.map(\.ruleId)) == ["binary.weak-api", "network.cleartext-url"])
        let summary = try #require(result.appSummary)
        #expect(summary.architectures == ["arm64"] && summary.minimumOS == "15.0")
        #expect(summary.frameworks == ["Kit.framework"] && summary.languages == "C / unknown")
    }
}

/// The toolchain's clang and Debian's ld64.lld-14, with a temporary folder for their output.
struct RealLinker {
    static let clang = executable(named: ["clang"])
    static let lld =
        ProcessInfo.processInfo.environment["IOSEC_LD64"]
        ?? executable(named: ["ld64.lld-14"], extra: ["/usr/lib/llvm-14/bin/ld64.lld"])
    static let available = clang != nil && lld != nil

    /// The libSystem symbols the test programs use: enough for lld to resolve them as imports.
    static let libSystem = """
        --- !tapi-tbd
        tbd-version:     4
        targets:         [ arm64-ios ]
        install-name:    '/usr/lib/libSystem.B.dylib'
        current-version: 1311
        exports:
          - targets:         [ arm64-ios ]
            symbols:         [ _printf, _snprintf, _strcpy, ___stack_chk_fail, ___stack_chk_guard, dyld_stub_binder ]
        ...

        """

    let folder: URL
    private var count = 0

    init() throws {
        folder = URL(fileURLWithPath: TestScratch.path("iosec-linker"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.libSystem.write(to: folder.appendingPathComponent("libSystem.tbd"), atomically: true, encoding: .utf8)
    }

    /// Compiles C for arm64 iOS 15 (freestanding: no SDK headers here) and returns the object file's path.
    func compile(_ source: String, flags: [String]) throws -> String {
        let name = "unit\(source.hashValue & 0xFFFF_FFFF)\(flags.joined().hashValue & 0xFFFF)"
        let c = folder.appendingPathComponent(name + ".c")
        try source.write(to: c, atomically: true, encoding: .utf8)
        let object = folder.appendingPathComponent(name + ".o").path
        try Self.run(
            Self.clang!,
            ["-target", "arm64-apple-ios15.0", "-ffreestanding", "-O1", "-c", c.path, "-o", object] + flags)
        return object
    }

    /// Links objects against the hand-written libSystem and returns the output's bytes.
    func link(_ objects: [String], flags: [String]) throws -> [UInt8] {
        let output = folder.appendingPathComponent("out-\(UUID().uuidString)").path
        try Self.run(
            Self.lld!,
            ["-arch", "arm64", "-platform_version", "ios", "15.0", "15.0", "-o", output] + objects
                + [folder.appendingPathComponent("libSystem.tbd").path] + flags)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\(tool) \(arguments.joined(separator: " ")): \(String(decoding: message, as: UTF8.self))")
        }
    }

    static func executable(named names: [String], extra: [String] = []) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let candidates = names.flatMap { name in folders.map { $0 + "/" + name } } + extra
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
