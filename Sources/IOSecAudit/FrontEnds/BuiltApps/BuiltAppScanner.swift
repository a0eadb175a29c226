import Foundation
import IOSecCore

/// Scans a built app: lists its files in place (an IPA is never extracted), finds its bundles, and hands the files
/// that matter to the same analysis a project gets: Mach-O executables and frameworks to the binary rules, the
/// (binary) Info.plists to the ATS and usage-description rules, privacy manifests, bundled property lists and the
/// embedded provisioning profiles to theirs.
struct BuiltAppScanner {
    let options: ScanOptions
    let rules: RuleSet
    var limits: BundleLimits { options.bundleLimits }

    func scan(_ input: BuiltAppInput, progress: ScanProgress?) throws -> ScanResult {
        let started = Date()
        let contents: BundleContents
        let root: String
        switch input {
        case .machO(let path):
            return try scanLoneBinary(path, started: started, progress: progress)
        case .ipa(let path):
            root = path
            do {
                contents = try BundleContents(zipAt: path, limits: limits)
            } catch {
                throw ScanError.unreadableApp(path, error.description)
            }
        case .appFolder(let path), .archive(let path):
            root = path
            do {
                contents = try BundleContents(folder: path, limits: limits)
            } catch {
                throw ScanError.unreadableApp(path, error.description)
            }
        }
        return try scan(contents, input: input, root: root, started: started, progress: progress)
    }

    private func scan(
        _ contents: BundleContents, input: BuiltAppInput, root: String, started: Date, progress: ScanProgress?
    ) throws -> ScanResult {
        var diagnostics = contents.listingProblems.map { Diagnostic(file: $0.path, message: $0.message) }

        let layout = BundleLayout(entries: relevantEntries(contents.entries, input: input))
        guard let main = layout.mainApp else {
            throw ScanError.unreadableApp(
                root,
                input.label == "ipa"
                    ? "no Payload/<App>.app inside: not an iOS app archive" : "no .app bundle inside")
        }
        var inputs: [FileInput] = []
        var summary = AppSummary(input: input.label, bundlePath: main.path)
        var covered: Set<String> = []
        // The folders holding a privacy manifest, each ending in "/" (a framework's own, or a resource bundle's).
        let manifestEntries = contents.entries.filter { $0.path.hasSuffix("/PrivacyInfo.xcprivacy") }
        let manifestFolders = manifestEntries.map { String($0.path.dropLast("PrivacyInfo.xcprivacy".count)) }
        for bundle in layout.bundles {
            var signing = SigningKind.noProfile
            var profileEntitlements: PropertyListDictionary?
            if let entry = bundle.profile {
                covered.insert(entry.path)
                inputs.append(fileInput(entry, kind: .mobileProvision, contents: contents))
                if let profile = try? contents.read(entry), let decoded = ProfileReading.read(profile) {
                    signing = decoded.signing
                    profileEntitlements = decoded.entitlements
                    if bundle.path == main.path { summary.profile = decoded.summary }
                }
            }
            var executableName: String?
            if let plistEntry = bundle.infoPlist {
                covered.insert(plistEntry.path)
                if bundle.kind != .framework {
                    inputs.append(fileInput(plistEntry, kind: .infoPlist, contents: contents))
                }
                if let bytes = try? contents.read(plistEntry),
                    let document = try? PropertyListParser.parse(Data(bytes))
                {
                    let root = document.root
                    executableName = root["CFBundleExecutable"]?.string
                    if bundle.kind == .framework {
                        summary.frameworkVersions[bundle.name] = root["CFBundleShortVersionString"]?.string
                        summary.frameworkBundleIDs[bundle.name] = root["CFBundleIdentifier"]?.string
                    }
                    if bundle.path == main.path {
                        summary.bundleID = root["CFBundleIdentifier"]?.string
                        summary.name = root["CFBundleDisplayName"]?.string ?? root["CFBundleName"]?.string
                        summary.version = root["CFBundleShortVersionString"]?.string
                        summary.build = root["CFBundleVersion"]?.string
                        summary.minimumOS = root["MinimumOSVersion"]?.string
                    }
                } else {
                    diagnostics.append(Diagnostic(file: plistEntry.path, message: "Info.plist could not be read"))
                }
            }
            let name = executableName ?? (bundle.name as NSString).deletingPathExtension
            guard !name.isEmpty, !name.contains("/"), name != "..", name != "." else {
                diagnostics.append(
                    Diagnostic(
                        file: bundle.path,
                        message:
                            "CFBundleExecutable '\(BundleContents.printable(name))' is not a single file name: executable not read"
                    ))
                continue
            }
            let executablePath = bundle.path + "/" + name
            guard let executable = contents.entries.first(where: { $0.path == executablePath }) else {
                if bundle.kind != .framework || executableName != nil {
                    diagnostics.append(Diagnostic(file: bundle.path, message: "executable '\(name)' is missing"))
                }
                continue
            }
            covered.insert(executable.path)
            let role: BinaryRole =
                switch bundle.kind {
                case .app: .appExecutable
                case .appExtension: .extensionExecutable
                case .framework: .library
                }
            var context = BinaryContext(role: role, signing: signing, profileEntitlements: profileEntitlements)
            if bundle.kind == .framework {
                context.framework = bundle.name
                context.frameworkHasPrivacyManifest = manifestFolders.contains { $0.hasPrefix(bundle.path + "/") }
                if context.frameworkHasPrivacyManifest { summary.frameworksWithPrivacyManifest.append(bundle.name) }
                context.frameworkDeclaredCategories = Self.declaredCategories(
                    in: manifestEntries.filter { $0.path.hasPrefix(bundle.path + "/") }, contents: contents)
            }
            inputs.append(fileInput(executable, kind: .machO, contents: contents, binary: context))
            switch bundle.kind {
            case .framework: summary.frameworks.append(bundle.name)
            case .appExtension: summary.extensions.append(bundle.name)
            case .app where bundle.path != main.path: summary.extensions.append(bundle.name)
            case .app: break
            }
        }
        for dylib in layout.dylibs where !covered.contains(dylib.path) {
            covered.insert(dylib.path)
            inputs.append(
                fileInput(dylib, kind: .machO, contents: contents, binary: BinaryContext(role: .library)))
            summary.frameworks.append((dylib.path as NSString).lastPathComponent)
        }
        // Other files the source rules know how to read: privacy manifests, bundled property lists, JSON and
        // databases, keys and profiles left among the resources.
        let bundledKinds: Set<FileKind> = [
            .privacyManifest, .plist, .entitlements, .associationFile, .mobileProvision, .keyFile, .bundledJSON,
            .bundledDatabase
        ]
        for entry in contents.entries where !covered.contains(entry.path) {
            guard let kind = FileKind.ofBundled(path: entry.path), bundledKinds.contains(kind) else { continue }
            inputs.append(fileInput(entry, kind: kind, contents: contents))
        }

        let output = ProjectAnalysis.run(inputs, rules: rules, options: options, root: root, progress: progress)
        summary.binaries = output.binaries
        if let mainBinary = output.binaries.first(where: {
            $0.path.hasPrefix(main.path + "/") && $0.role == .appExecutable
        }) {
            summary.architectures = mainBinary.architectures
            summary.encrypted = mainBinary.encrypted
            summary.teamID = mainBinary.teamID ?? summary.profile?.teamID
            summary.languages = Self.languages(output.binaries)
            if summary.minimumOS == nil { summary.minimumOS = mainBinary.minimumOS }
        }
        var result = ScanResult(
            root: root, findings: output.findings, diagnostics: diagnostics + output.diagnostics,
            filesScanned: output.filesScanned, bytesScanned: output.bytes,
            durationSeconds: Date().timeIntervalSince(started), hiddenByContext: output.hiddenByContext)
        result.inventory = output.inventory
        result.hiddenByConfidence = output.hiddenByConfidence
        result.baseline = output.baseline
        result.baselined = output.baselined
        result.appSummary = summary
        return result
    }

    private func scanLoneBinary(_ path: String, started: Date, progress: ScanProgress?) throws -> ScanResult {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ScanError.pathNotFound(path) }
        let name = (path as NSString).lastPathComponent
        let input = FileInput(
            path: name, kind: .machO, size: Int(info.st_size), binary: BinaryContext(role: .standalone),
            load: { try FileSystem.read(path) })
        let output = ProjectAnalysis.run([input], rules: rules, options: options, root: path, progress: progress)
        var summary = AppSummary(input: "mach-o", bundlePath: name)
        summary.binaries = output.binaries
        if let binary = output.binaries.first {
            summary.architectures = binary.architectures
            summary.encrypted = binary.encrypted
            summary.teamID = binary.teamID
            summary.minimumOS = binary.minimumOS
            summary.languages = Self.languages([binary])
        }
        var result = ScanResult(
            root: (path as NSString).deletingLastPathComponent, findings: output.findings,
            diagnostics: output.diagnostics, filesScanned: output.filesScanned, bytesScanned: output.bytes,
            durationSeconds: Date().timeIntervalSince(started), hiddenByContext: output.hiddenByContext)
        result.inventory = output.inventory
        result.hiddenByConfidence = output.hiddenByConfidence
        result.baseline = output.baseline
        result.baselined = output.baselined
        result.appSummary = summary
        return result
    }

    /// An IPA's app is under `Payload/`, an archive's under `Products/Applications/` (its dSYMs are not the app).
    private func relevantEntries(_ entries: [BundleContents.Entry], input: BuiltAppInput) -> [BundleContents.Entry] {
        switch input {
        case .ipa: entries.filter { $0.path.hasPrefix("Payload/") }
        case .archive(let path):
            entries.filter { $0.path.hasPrefix((path as NSString).lastPathComponent + "/Products/Applications/") }
        default: entries
        }
    }

    private func fileInput(
        _ entry: BundleContents.Entry, kind: FileKind, contents: BundleContents, binary: BinaryContext? = nil
    ) -> FileInput {
        var input = FileInput(path: entry.path, kind: kind, size: entry.size, binary: binary) {
            do throws(BundleContents.Failure) {
                return try contents.read(entry)
            } catch {
                throw BundleReadFailure(description: error.description)
            }
        }
        input.inBuiltApp = true
        return input
    }

    /// The required-reason categories a framework's privacy manifests declare (with at least one reason); nil when
    /// it has none. A manifest that does not parse declares nothing (`privacy.manifest-invalid` reports it).
    static func declaredCategories(in manifests: [BundleContents.Entry], contents: BundleContents) -> Set<String>? {
        guard !manifests.isEmpty else { return nil }
        var declared: Set<String> = []
        for entry in manifests {
            guard let bytes = try? contents.read(entry), let document = try? PropertyListParser.parse(Data(bytes))
            else { continue }
            for type in PrivacyManifest.read(document.root).manifest.accessedAPITypes where !type.reasons.isEmpty {
                if let name = type.categoryName { declared.insert(name) }
            }
        }
        return declared
    }

    static func languages(_ binaries: [BinarySummary]) -> String {
        let swift = binaries.contains(where: \.hasSwift), objc = binaries.contains(where: \.hasObjectiveC)
        switch (swift, objc) {
        case (true, true): return "Swift and Objective-C"
        case (true, false): return "Swift"
        case (false, true): return "Objective-C"
        case (false, false): return "C / unknown"
        }
    }
}

/// Why an entry of a built app could not be read, as the diagnostic says it.
struct BundleReadFailure: Error, CustomStringConvertible {
    let description: String
}
