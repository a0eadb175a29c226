/// The kinds of input iosec understands, decided from the file name alone.
public enum FileKind: String, Sendable, CaseIterable, Codable {
    case swift
    case objc
    case infoPlist
    case entitlements
    case privacyManifest
    case associationFile
    case pbxproj
    case xcconfig
    case plist
    case mobileProvision
    case ipa
    /// Storyboards and XIBs.
    case interface
    /// An Xcode scheme (`.xcscheme`): which build configuration its Archive action uses.
    case scheme
    /// A Core Data model version's `contents` (`Model.xcdatamodeld/Model.xcdatamodel/contents`).
    case coreDataModel
    /// A Mach-O executable or library inside a built app. Never decided from a name: the built-app reader knows
    /// which files are binaries from the bundles' Info.plist.
    case machO
    /// Key and certificate files: `.pem`, `.key`, `.p12`, `.pfx`.
    case keyFile
    /// `InfoPlist.strings` / `InfoPlist.xcstrings`, or a table Xcode renames to it (`AppPlist.strings` for
    /// `App.plist`): the localized Info.plist values, purpose strings among them.
    case infoPlistStrings
    /// A `.json` file inside a built app. Only the built-app reader gives this kind: in a project, JSON is as often
    /// test fixtures and tooling as it is what ships.
    case bundledJSON
    /// A database inside a built app (`.sqlite`, `.sqlite3`, `.db`, `.realm`); only the built-app reader gives it.
    case bundledDatabase

    /// The kind of a file inside a built app: what `of(path:)` says, and the kinds only a built app has.
    public static func ofBundled(path: String) -> FileKind? {
        if let kind = of(path: path) { return kind }
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        if name.hasSuffix(".json") { return .bundledJSON }
        if [".sqlite", ".sqlite3", ".db", ".realm"].contains(where: { name.hasSuffix($0) }) { return .bundledDatabase }
        return nil
    }

    /// The kind of the file at this (relative or absolute) path; nil for files iosec does not read.
    public static func of(path: String) -> FileKind? {
        let path = PathBytes(path)
        let name = path.name
        if name.equals("contents"), let folder = path.folders.last, folder.hasSuffix(".xcdatamodel") {
            return .coreDataModel
        }
        return of(name: name)
    }

    /// nil for files iosec does not read.
    public static func of(fileName name: String) -> FileKind? {
        of(name: ArraySlice(name.utf8))
    }

    // Decided on bytes: discovery asks this of every file in a project, images and localisations included.
    private static func of(name: ArraySlice<UInt8>) -> FileKind? {
        if name.hasSuffix(".swift") { return .swift }
        // Xcode copies `<Info.plist name>Plist.strings` and `<name>-InfoPlist.strings` into the app as
        // InfoPlist.strings (swift-build's CopyStringsFileSpec): `AppPlist.strings` localizes `App.plist`.
        if name.hasSuffix("Plist.strings") || name.hasSuffix("Plist.xcstrings") { return .infoPlistStrings }
        if name.hasSuffix(".m") || name.hasSuffix(".mm") || name.hasSuffix(".h") || name.hasSuffix(".c") {
            return .objc
        }
        if name.equals("Info.plist") || name.hasSuffix("-Info.plist") || name.hasSuffix("_Info.plist") {
            return .infoPlist
        }
        // `Entitlements.plist` is the name Xamarin / .NET MAUI projects give theirs, and what `codesign -d
        // --entitlements` output is usually saved as.
        if name.hasSuffix(".entitlements") || name.equals("Entitlements.plist") || name.equals("entitlements.plist")
            || name.hasSuffix(".entitlements.plist")
        {
            return .entitlements
        }
        if name.hasSuffix(".xcprivacy") { return .privacyManifest }
        if name.equals("apple-app-site-association") || name.equals("apple-app-site-association.json") {
            return .associationFile
        }
        if name.equals("project.pbxproj") { return .pbxproj }
        if name.hasSuffix(".xcconfig") { return .xcconfig }
        if name.hasSuffix(".xcscheme") { return .scheme }
        if name.hasSuffix(".plist") { return .plist }
        if name.hasSuffix(".mobileprovision") { return .mobileProvision }
        if name.hasSuffix(".ipa") { return .ipa }
        if name.hasSuffix(".storyboard") || name.hasSuffix(".xib") { return .interface }
        if name.hasSuffix(".pem") || name.hasSuffix(".key") || name.hasSuffix(".p12") || name.hasSuffix(".pfx") {
            return .keyFile
        }
        return nil
    }
}
