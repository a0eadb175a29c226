/// Leaves out findings in code contexts the scan does not report (`--include-context`), counting them.
struct ContextSelectionStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        var hidden: [CodeContext: Int] = [:]
        state.findings.removeAll { finding in
            guard !scan.options.includedContexts.contains(finding.context) else { return false }
            if !finding.suppressed { hidden[finding.context, default: 0] += 1 }
            return true
        }
        state.hiddenByContext = hidden
    }
}

/// Leaves out findings below the confidence the scan reports (`--min-confidence`), counting them.
struct ConfidenceSelectionStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        let minimum = scan.options.minimumConfidence
        guard minimum > .low else { return }
        var below = 0
        state.findings.removeAll { finding in
            guard finding.confidence < minimum else { return false }
            if !finding.suppressed { below += 1 }
            return true
        }
        state.hiddenByConfidence = below
    }
}

/// In a scan of some files only: leaves out findings in the other files (the configuration files read so that
/// project rules see the app), counting them.
struct FileSelectionStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        guard let selection = scan.selection else { return }
        var notSelected = 0
        state.findings.removeAll { finding in
            guard !selection.contains(finding.file) else { return false }
            if !finding.suppressed { notSelected += 1 }
            return true
        }
        state.notSelected = notSelected
    }
}

/// Leaves out the findings each baseline in force holds (`--baseline`, `--baseline-commit`), keeping them aside so
/// a baseline can be written from everything the scan found.
struct BaselineStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        for inForce in scan.options.baselines {
            let comparison = inForce.baseline.filter(&state.findings, pathPrefix: inForce.pathPrefix) {
                state.baselined.append($0)
            }
            state.baseline = BaselineComparison(
                baselined: (state.baseline?.baselined ?? 0) + comparison.baselined,
                fixed: (state.baseline?.fixed ?? 0) + comparison.fixed)
        }
    }
}

/// Relative paths of files, and of folders whose files all count.
struct FileSelection: Sendable {
    let files: Set<String>
    let folders: [String]

    init(_ paths: [String]) {
        var files: Set<String> = []
        var folders: [String] = []
        for path in paths {
            let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
            let clean = trimmed.hasSuffix("/") ? String(trimmed.dropLast()) : trimmed
            if clean.isEmpty || clean == "." {
                folders.append("")
            } else {
                files.insert(clean)
                folders.append(clean + "/")
            }
        }
        self.files = files
        self.folders = folders
    }

    func contains(_ relativePath: String) -> Bool {
        files.contains(relativePath) || folders.contains { $0.isEmpty || relativePath.hasPrefix($0) }
    }
}
