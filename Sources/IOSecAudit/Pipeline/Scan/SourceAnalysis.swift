import Foundation
import IOSecCore

/// Analyses files held in memory, as the scanner would analyse them at those paths. For rule tests,
/// `iosec explain`, and editors.
///
/// ```swift
/// let result = SourceAnalysis.analyze("UserDefaults.standard.set(token, forKey: \"token\")")
/// result.findings.map(\.ruleId) // ["storage.userdefaults-secret"]
/// ```
public enum SourceAnalysis {
    public struct Result: Sendable {
        public var findings: [Finding]
        public var diagnostics: [Diagnostic]
        /// Findings left out by ``ScanOptions/minimumConfidence``.
        public var hiddenByConfidence = 0
    }

    /// One file.
    public static func analyze(
        _ source: String, path: String = "App/Example.swift", rules: RuleSet = .all,
        options: ScanOptions = ScanOptions(jobs: 1)
    ) -> Result {
        analyze(files: [(path, source)], rules: rules, options: options)
    }

    /// Several files of one project (path relative to the project root, text).
    public static func analyze(
        files: [(path: String, code: String)], rules: RuleSet = .all, options: ScanOptions = ScanOptions(jobs: 1)
    ) -> Result {
        let inputs = files.map { FileInput(path: $0.path, bytes: Array($0.code.utf8)) }
        let output = ProjectAnalysis.run(inputs, rules: rules, options: options)
        return Result(
            findings: output.findings, diagnostics: output.diagnostics, hiddenByConfidence: output.hiddenByConfidence)
    }

    /// One file as raw bytes, as a scan reads it from disk: invalid UTF-8 and binary content reach the analysis
    /// unchanged (a `String` would have repaired them). For the fuzz harness in `Fuzz/`.
    public static func analyze(
        bytes: [UInt8], path: String, rules: RuleSet = .all, options: ScanOptions = ScanOptions(jobs: 1)
    ) -> Result {
        let output = ProjectAnalysis.run([FileInput(path: path, bytes: bytes)], rules: rules, options: options)
        return Result(findings: output.findings, diagnostics: output.diagnostics)
    }

    /// One file as raw bytes, analysed as if found inside a built app at `path` (so `.json` and databases are read,
    /// and provisioning profiles are). For the fuzz harness.
    public static func analyzeBundled(
        bytes: [UInt8], path: String, rules: RuleSet = .all, options: ScanOptions = ScanOptions(jobs: 1)
    ) -> Result {
        guard let kind = FileKind.ofBundled(path: path) else { return Result(findings: [], diagnostics: []) }
        var input = FileInput(path: path, kind: kind, bytes: bytes)
        input.inBuiltApp = true
        let output = ProjectAnalysis.run([input], rules: rules, options: options)
        return Result(findings: output.findings, diagnostics: output.diagnostics)
    }

    /// A Mach-O file held in memory, analysed as a scan of a built app analyses one in the given role (for the
    /// binary rules' tests).
    public static func analyzeBinary(
        _ bytes: [UInt8], path: String = "Payload/App.app/App", role: BinaryRole = .appExecutable,
        signing: SigningKind = .noProfile, profileEntitlements: PropertyListDictionary? = nil, rules: RuleSet = .all,
        options: ScanOptions = ScanOptions(jobs: 1)
    ) -> Result {
        let context = BinaryContext(role: role, signing: signing, profileEntitlements: profileEntitlements)
        let input = FileInput(path: path, kind: .machO, size: bytes.count, binary: context, load: { bytes })
        let output = ProjectAnalysis.run([input], rules: rules, options: options)
        return Result(findings: output.findings, diagnostics: output.diagnostics)
    }

    /// An IPA held in memory, scanned as `iosec scan App.ipa` scans one (the fuzz harness, tools that already hold
    /// the archive). The bytes go to a temporary file, removed afterwards: archives are only ever read from files
    /// (see `BundleContents`). Throws `ScanError` when nothing in it can be read.
    public static func analyzeIPA(
        _ data: Data, rules: RuleSet = .all, options: ScanOptions = ScanOptions(jobs: 1)
    ) throws -> ScanResult {
        var template = Array((NSTemporaryDirectory() + "/iosec-XXXXXX.ipa").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else {
            throw ScanError.unreadableApp("App.ipa", "no temporary file: \(String(cString: strerror(errno)))")
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let written = data.withUnsafeBytes { buffer in write(fd, buffer.baseAddress, buffer.count) }
        close(fd)
        guard written == data.count else {
            throw ScanError.unreadableApp("App.ipa", "the temporary file could not be written")
        }
        return try BuiltAppScanner(options: options, rules: rules).scan(.ipa(path), progress: nil)
    }
}
