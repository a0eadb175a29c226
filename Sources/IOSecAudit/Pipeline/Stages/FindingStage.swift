/// One step between the analysis of the files and the report: it adds, adjusts or leaves out findings.
/// `FindingPipeline.stages` lists every step in the order a scan runs them; there is no other place a scan filters.
protocol FindingStage: Sendable {
    func run(_ state: inout StageState, _ scan: StageInput)
}

/// What a stage may read: the scan's files, the facts their analysis recorded, their suppression comments, and what
/// the user asked for.
struct StageInput: Sendable {
    let inputs: [FileInput]
    let facts: [Fact]
    /// Each file's suppression comments, by path.
    let suppressions: [String: Suppressions]
    let options: ScanOptions
    let rules: RuleSet
    /// The files selected for a scan of some files only (`--files-from`, script inputs); nil for a whole scan.
    let selection: FileSelection?
    /// The project's constants, for stages that read Swift again (`CallerArgumentsStage`).
    var constants: ConstantIndex = .empty

    /// Whether the scan read Swift or Objective-C code.
    var hasSource: Bool { inputs.contains { $0.kind == .swift || $0.kind == .objc } }
}

/// The findings as they go through the stages, and what the stages counted on the way.
struct StageState: Sendable {
    var findings: [Finding]
    var diagnostics: [Diagnostic] = []
    var hiddenByContext: [CodeContext: Int] = [:]
    var hiddenByConfidence = 0
    var notSelected: Int?
    var baseline: BaselineComparison?
    /// The findings the baselines held, taken out of `findings`.
    var baselined: [Finding] = []
}

enum FindingPipeline {
    /// The order is part of the design. Project rules and the findings made at the calls of the app's wrappers
    /// come first, so suppressions cover their findings too;
    /// suppressions before anything leaves a finding out, so a suppression in test code still counts as used; what
    /// the rest of the project says about a finding (`ProjectEvidenceStages`) before the selection by context and
    /// confidence, which counts what it leaves out; the file selection and the baselines last, since they compare
    /// what would be reported.
    static let stages: [any FindingStage] = [
        ProjectRulesStage(),
        CallerArgumentsStage(),
        LoggingMacroStage(),
        SuppressionStage(),
        SeverityOverrideStage(),
        OrphanedInfoPlistStage(),
        TargetMembershipStage(),
        CalleeChecksStage(),
        ATSBlockedCleartextStage(),
        UnnamedATSDomainStage(),
        UnreadPlistKeyStage(),
        UnusedCoreDataModelStage(),
        UnreferencedCodeStage(),
        DocumentsDataStage(),
        SecureEntryClassStage(),
        BelowDeploymentTargetStage(),
        ConfiguredElsewhereStage(),
        OutsideAppStoreStage(),
        ScriptMessageOriginStage(),
        UndefinedMacroStage(),
        ContextSelectionStage(),
        ConfidenceSelectionStage(),
        FileSelectionStage(),
        BaselineStage()
    ]

    static func run(_ state: inout StageState, _ scan: StageInput) {
        for stage in stages { stage.run(&state, scan) }
    }
}
