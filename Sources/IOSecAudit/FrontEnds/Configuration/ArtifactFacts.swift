/// Collects facts from a non-Swift file for project rules, and reports the file's own parse problems once
/// (as diagnostics) so rules need not.
public protocol ArtifactFactCollector: Sendable {
    static var fileKinds: Set<FileKind> { get }
    /// Records facts on `file`; returns diagnostics (e.g. "malformed plist at line 12").
    static func collect(_ file: ArtifactFile) -> [Diagnostic]
}

enum ArtifactFacts {
    static let collectors: [any ArtifactFactCollector.Type] = [
        InfoPlistCollector.self,
        InfoPlistStringsCollector.self,
        PrivacyManifestCollector.self,
        EntitlementsCollector.self,
        BuildSettingsCollector.self,
        DebugBuildSettingCollector.self,
        SchemeCollector.self,
        TargetMembershipCollector.self,
        ObjCFactCollector.self,
        ObjCPasskeyRelyingPartyCollector.self,
        AssociationFileCollector.self,
        ObjCSnapshotFactCollector.self,
        ObjCPinningFactCollector.self,
        ObjCDocumentsDataCollector.self,
        InterfaceCollector.self,
        CoreDataModelCollector.self,
        ParseDiagnosticsCollector.self
    ]
}
