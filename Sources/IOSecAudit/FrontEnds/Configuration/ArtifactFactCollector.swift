/// Collects facts from a non-Swift file for project rules, and reports the file's own parse problems once
/// (as diagnostics) so rules need not.
///
/// Declaring a conforming type registers it: `swift run iosec-generate` lists it in
/// `RuleRegistry.artifactFactCollectors`.
public protocol ArtifactFactCollector: Sendable {
    static var fileKinds: Set<FileKind> { get }
    /// Records facts on `file`; returns diagnostics (e.g. "malformed plist at line 12").
    static func collect(_ file: ArtifactFile) -> [Diagnostic]
}
