import IOSecCore

/// Records from an Info.plist the purpose strings it declares (`NS…UsageDescription`, with text and line) and
/// whether ATS pins any domain (`NSPinnedDomains`).
enum InfoPlistCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.infoPlist]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        guard let root = CollectorSupport.rootDictionary(file) else { return [] }
        for entry in root.entries where isUsageDescriptionKey(entry.key) {
            // A non-string value is as useless to the user as an empty string.
            file.record(
                kind: FactKind.usageDescriptionDeclared, value: FactKind.join(entry.key, entry.value.string ?? ""),
                line: entry.keyLine ?? 1, column: file.indentColumn(ofLine: entry.keyLine ?? 1))
        }
        if isLibrary(root) {
            file.record(kind: FactKind.libraryInfoPlist, value: "", line: 1)
        } else {
            recordCleartextAllowed(root, in: file)
            recordURLSchemes(root, in: file)
            // A Mac app that updates itself with Sparkle: App Review does not allow self-updating apps, so this
            // build ships outside the App Store. (A plist an iOS target shares may name a feed its iOS build ignores.)
            if isMacApp(root), let feed = root.entry("SUFeedURL") {
                file.record(kind: FactKind.sparkleUpdates, value: feed.value.string ?? "", line: feed.keyLine ?? 1)
            }
        }
        if let pinned = root["NSAppTransportSecurity"]?.dictionary?.entry("NSPinnedDomains"),
            let domains = pinned.value.dictionary, !domains.isEmpty
        {
            file.record(
                kind: FactKind.pinnedDomains, value: domains.keys.joined(separator: ","), line: pinned.keyLine ?? 1,
                column: file.indentColumn(ofLine: pinned.keyLine ?? 1))
        }
        return []
    }

    /// The URL schemes the app registers: a way in for any other app or web page.
    private static func recordURLSchemes(_ root: PropertyListDictionary, in file: ArtifactFile) {
        guard let types = root.entry("CFBundleURLTypes"), let list = types.value.array else { return }
        for type in list.values {
            for scheme in type.dictionary?["CFBundleURLSchemes"]?.array?.values.compactMap(\.string) ?? [] {
                file.record(kind: FactKind.urlScheme, value: scheme, line: types.keyLine ?? 1)
            }
        }
    }

    /// What the app's ATS lets out in cleartext (`FactKind.atsCleartextAllowed`), for the `http://` URLs its code
    /// requests: ATS blocks the others.
    private static func recordCleartextAllowed(_ root: PropertyListDictionary, in file: ArtifactFile) {
        file.record(kind: FactKind.appInfoPlist, value: "", line: 1)
        guard let ats = root["NSAppTransportSecurity"] else { return }
        for fact in ATSEvaluation.evaluate(ats).facts {
            let value: String
            switch fact.kind {
            case .arbitraryLoads, .arbitraryLoadsInWebContent, .arbitraryLoadsForMedia:
                value = "*"
            case .insecureHTTPLoads(let domain, let includesSubdomains, _):
                value = FactKind.join(domain.lowercased(), includesSubdomains ? "sub" : "")
            default:
                continue
            }
            file.record(kind: FactKind.atsCleartextAllowed, value: value, line: fact.line ?? 1)
        }
    }

    /// The Info.plist of a Mac app: keys only macOS reads, and none only iOS, iPadOS or tvOS read.
    static func isMacApp(_ root: PropertyListDictionary) -> Bool {
        let macOnly =
            root.entries.contains { macKeys.contains($0.key) } || root["NSPrincipalClass"]?.string == "NSApplication"
        return macOnly && !root.entries.contains { iOSKeys.contains($0.key) }
    }

    private static let macKeys: Set<String> = [
        "LSMinimumSystemVersion", "NSMainStoryboardFile", "NSMainNibFile", "LSUIElement"
    ]
    private static let iOSKeys: Set<String> = [
        "LSRequiresIPhoneOS", "UIDeviceFamily", "UILaunchStoryboardName", "UILaunchScreen",
        "UIApplicationSceneManifest",
        "UIMainStoryboardFile", "UISupportedInterfaceOrientations", "UIBackgroundModes", "UIRequiredDeviceCapabilities"
    ]

    /// Keys that only the Info.plist of an app, an app extension, a watch app or an App Clip has.
    private static let appKeys: Set<String> = [
        "NSExtension", "LSRequiresIPhoneOS", "UILaunchStoryboardName", "UILaunchScreen", "UIApplicationSceneManifest",
        "UIMainStoryboardFile", "UISupportedInterfaceOrientations", "UIRequiredDeviceCapabilities", "UIDeviceFamily",
        "UIBackgroundModes", "CFBundleURLTypes", "WKApplication", "WKWatchKitApp", "WKCompanionAppBundleIdentifier",
        "WKExtensionDelegateClassName", "WKWatchOnly", "NSAppClip", "UIApplicationSupportsIndirectInputEvents"
    ]

    /// A framework's or resource bundle's Info.plist: its code runs in whichever app embeds it, so the app's
    /// Info.plist is the one that must declare purpose strings.
    static func isLibrary(_ root: PropertyListDictionary) -> Bool {
        switch root["CFBundlePackageType"]?.string {
        case "FMWK", "BNDL": return true
        // Xcode's templates for apps and frameworks both say `$(PRODUCT_BUNDLE_PACKAGE_TYPE)`; a framework's lists
        // the CFBundle keys and nothing an app has.
        case "$(PRODUCT_BUNDLE_PACKAGE_TYPE)":
            return root["CFBundleExecutable"] != nil
                && !root.entries.contains { appKeys.contains($0.key) || isUsageDescriptionKey($0.key) }
        default: return false
        }
    }

    static func isUsageDescriptionKey(_ key: String) -> Bool {
        UsageDescriptions.allKeys.contains(key) || (key.hasPrefix("NS") && key.hasSuffix("UsageDescription"))
    }
}
