/// A rule over a file that is not Swift: Info.plist, entitlements, privacy manifest, association file,
/// pbxproj, xcconfig. Each file is read (and parsed) once; every rule for its kind looks at the same
/// `ArtifactFile`.
public protocol ArtifactRule: Sendable {
    static var description: RuleDescription { get }
    static var fileKinds: Set<FileKind> { get }
    static func check(_ file: ArtifactFile)
}
