import IOSecCore

/// Records debug-only build settings (`DEBUG` conditions, testability, `-Onone`, unstripped products) in
/// configurations whose name does not say development, where they take effect; `code.debug-build-settings` then
/// keeps those a scheme archives.
///
/// A project-level value takes effect only in a target that does not set the key itself: Xcode resolves target
/// settings over project settings, so a project-level `-Onone` that every target overrides with `-O` never builds.
enum DebugBuildSettingCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.pbxproj, .xcconfig]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        if file.kind == .pbxproj {
            collectProject(file)
        } else {
            collectXCConfig(file)
        }
        return []
    }

    private static func collectProject(_ file: ArtifactFile) {
        guard let project = try? CollectorSupport.xcodeProject(file).get() else { return }
        let shipping = project.configurations.filter { !isTestTarget($0.owner) }
        for configuration in shipping where !ConfigurationKind.isDebug(configuration.name) {
            for entry in configuration.buildSettings.entries where !simulatorOnly(entry.key) {
                let key = BuildSettingsCollector.bareKey(entry.key)
                guard let values = configuration.list(entry.key),
                    let problem = DebugBuildSettingsRule.problem(key: key, values: values),
                    configuration.owner != .project
                        || takesEffect(key, projectConfiguration: configuration.name, in: shipping)
                else { continue }
                record(problem, configuration: configuration.name, line: entry.keyLine ?? configuration.line, in: file)
            }
        }
    }

    private static func collectXCConfig(_ file: ArtifactFile) {
        let named = BuildSettingsCollector.configurationName(ofXCConfig: file.path)
        for assignment in CollectorSupport.xcconfig(file).assignments {
            // A file that names no configuration is shared: a Release file may override what it sets.
            let configuration = assignment.conditions.first { $0.name == "config" }?.value ?? named
            guard !configuration.isEmpty, !ConfigurationKind.isDebug(configuration),
                !assignment.conditions.contains(where: { $0.name == "sdk" && $0.value.hasPrefix("iphonesimulator") }),
                let problem = DebugBuildSettingsRule.problem(key: assignment.key, values: assignment.values)
            else { continue }
            record(problem, configuration: configuration, line: assignment.line, in: file)
        }
    }

    private static func record(_ problem: String, configuration: String, line: Int?, in file: ArtifactFile) {
        let line = line ?? 1
        file.record(
            kind: FactKind.debugBuildSetting, value: FactKind.join(configuration, problem), line: line,
            column: file.indentColumn(ofLine: line))
    }

    /// Whether a project-level setting reaches a target: some target (not a test bundle) has a configuration of
    /// the same name that does not set the key for device builds.
    private static func takesEffect(
        _ key: String, projectConfiguration name: String, in configurations: [XcodeProject.BuildConfiguration]
    ) -> Bool {
        configurations.contains { target in
            guard case .target = target.owner, target.name == name else { return false }
            return !target.buildSettings.entries.contains {
                BuildSettingsCollector.bareKey($0.key) == key && !simulatorOnly($0.key)
            }
        }
    }

    /// Test bundles need testability in every configuration and never ship.
    private static func isTestTarget(_ owner: XcodeProject.Owner?) -> Bool {
        if case .target(let name) = owner { return name.hasSuffix("Tests") }
        return false
    }

    /// `KEY[sdk=iphonesimulator*]`: simulator builds never ship.
    private static func simulatorOnly(_ key: String) -> Bool {
        key.contains("[sdk=iphonesimulator")
    }
}
