import SwiftSyntax

/// What kind of code a finding sits in. Decided once, by the engine, for every finding: rules report what they
/// see and never ask whether they are in a test.
///
/// By default a scan reports only ``app`` findings; the others are counted in the summary and come back with
/// `--include-tests` (test) or `--include-context` (any of them).
public enum CodeContext: String, Sendable, Codable, CaseIterable, Comparable {
    /// Code that ships in a release build.
    case app
    /// Test targets and test files (`*Tests/`, `FooTests.swift`, files importing XCTest, Testing, Quick or
    /// Nimble), fixtures and mocks.
    case test
    /// SwiftUI previews: `#Preview { … }`, `PreviewProvider` types, `*_Previews`.
    case preview
    /// Compiled only into debug builds: inside `#if DEBUG` or `#if targetEnvironment(simulator)`.
    case debug
    /// Build and release tooling: fastlane (`SnapshotHelper.swift`), scripts, `Package.swift`, plugins,
    /// command-line tools.
    case tooling
    /// Sample and demo code shipped beside a library (`Example/`, `Demo/`, playgrounds).
    case sample
    /// Inside a `private` or `fileprivate` type that nothing else in its file names: it is never made, so its code
    /// never runs (a trust-all delegate left behind after the code that used it was removed). Also an Info.plist no
    /// target of the project's Xcode projects builds with (`INFOPLIST_FILE`): nothing ships it. And code that runs
    /// only below the iOS version every target deploys to (`else { … }` of `if #available(iOS 13, *)` in an app for
    /// iOS 15).
    case unreferenced

    /// How the summary names the context.
    public var phrase: String {
        switch self {
        case .app: "app code"
        case .test: "test code"
        case .preview: "SwiftUI previews"
        case .debug: "debug-only code"
        case .tooling: "build tooling"
        case .sample: "sample code"
        case .unreferenced: "code and Info.plists nothing uses"
        }
    }

    public static func < (a: CodeContext, b: CodeContext) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Decides the context of a file from its path and imports, and of a node from what encloses it.
enum CodeContextClassifier {
    private static let testImports: Set<String> = [
        "XCTest", "Testing", "Quick", "Nimble", "SnapshotTesting", "iOSSnapshotTestCase", "FBSnapshotTestCase",
        "ViewInspector"
    ]
    private static let toolImports: Set<String> = ["ArgumentParser", "PackageDescription", "PackagePlugin", "Danger"]
    private static let toolFolders: [StaticString] = [
        "fastlane", "Fastlane", "Scripts", "scripts", "Tools", "tools", "BuildTools", "Plugins", "ci_scripts", ".github"
    ]
    private static let toolFiles: [StaticString] = [
        "Package.swift", "SnapshotHelper.swift", "Dangerfile.swift", "Fastfile.swift"
    ]
    private static let sampleFolders: [StaticString] = [
        "Example", "Examples", "Sample", "Samples", "Demo", "Demos", "SampleApp", "DemoApp", "Playgrounds", "samples",
        "examples", "sample", "example", "sampleapps", "sampleapp", "demoapps", "exampleapps"
    ]
    /// `SearchSampleApp/`, `LoginDemoApp/`: a folder named for a sample app is one.
    private static let sampleSuffixes: [StaticString] = [
        "Sample", "Samples", "Example", "Examples", "SampleApp", "SampleApps", "DemoApp", "DemoApps", "ExampleApp",
        "ExampleApps"
    ]

    /// The context that holds for the whole file, from its path alone (nil: decided per node).
    static func context(ofPath path: String) -> CodeContext? {
        let path = PathBytes(path)
        if PathTraits.isTestCode(path) || PathTraits.isFixture(path) { return .test }
        let name = path.name
        guard !name.isEmpty else { return nil }
        if name.isAny(of: toolFiles) { return .tooling }
        if path.folders.contains(where: { $0.isAny(of: toolFolders) }) { return .tooling }
        // `FacebookLoginSample/`, `AdvancedExample/` too: a folder named for a sample is one.
        if path.folders.contains(where: {
            $0.isAny(of: sampleFolders) || $0.hasSuffix(".playground") || sampleSuffixes.contains(where: $0.hasSuffix)
        }) {
            return .sample
        }
        if isTemplateFile(name) { return .sample }
        if name.hasSuffix("UITests.swift") || name.hasSuffix("Mock.swift") || name.hasSuffix("Mocks.swift") {
            return .test
        }
        // `MockChangePasswordScreenState.swift`, `StubAPIClient.swift`, `FakeKeychain.swift`
        for prefix: StaticString in ["Mock", "Stub", "Fake"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.utf8CodeUnitCount)
            if let first = rest.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") { return .test }
        }
        return nil
    }

    /// `SPCredentials-demo.swift`, `Secrets_example.swift`, `Keys.sample.swift`: the checked-in stand-in for a
    /// file the real build generates or keeps out of the repository. Its values are placeholders or demo keys.
    private static func isTemplateFile(_ name: PathBytes.Component) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
        // ASCII lower-casing is enough: the words and separators are ASCII.
        let stem = ArraySlice(
            name[..<dot].map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 })
        let endings: [StaticString] = [
            "-demo", "_demo", ".demo", "-sample", "_sample", ".sample", "-example", "_example", ".example",
            "-template", "_template", ".template"
        ]
        return endings.contains { stem.hasSuffix($0) }
    }

    /// The whole file's context from its path and its top-level imports, in order.
    static func context(of path: String, imports: [String]) -> CodeContext? {
        if let fromPath = context(ofPath: path) { return fromPath }
        for module in imports {
            if testImports.contains(module) { return .test }
            if toolImports.contains(module) { return .tooling }
        }
        return nil
    }

    /// The context of one node in an app file: a preview, debug-only code, or app code.
    static func context(of node: some SyntaxProtocol) -> CodeContext {
        var current = Syntax(node).parent
        while let n = current {
            switch n.kind {
            case .macroExpansionExpr:
                if n.as(MacroExpansionExprSyntax.self)?.macroName.text == "Preview" { return .preview }
            case .macroExpansionDecl:
                if n.as(MacroExpansionDeclSyntax.self)?.macroName.text == "Preview" { return .preview }
            case .structDecl, .classDecl, .enumDecl, .extensionDecl, .actorDecl:
                if let group = n.asProtocol(DeclGroupSyntax.self), isPreviewType(group) { return .preview }
                if let name = typeName(n), isMockName(name, upper: true) { return .test }
                if let name = typeName(n), isUnreferencedPrivateType(n, name: name) { return .unreferenced }
            case .functionDecl:
                // `static func mock(pinCode: String? = "2023")`, `func stubSession()`
                if let f = n.as(FunctionDeclSyntax.self), isMockName(f.name.text, upper: false) { return .test }
            default:
                break
            }
            current = n.parent
        }
        return node.isDebugOnly ? .debug : .app
    }

    private static func typeName(_ n: Syntax) -> String? {
        if let c = n.as(ClassDeclSyntax.self) { return c.name.text }
        if let s = n.as(StructDeclSyntax.self) { return s.name.text }
        if let e = n.as(EnumDeclSyntax.self) { return e.name.text }
        if let a = n.as(ActorDeclSyntax.self) { return a.name.text }
        return nil
    }

    /// A `private` or `fileprivate` type is visible in its own file only; if no token outside its declaration names
    /// it, nothing makes one. (`@main` and `@objc` types can be made by the system or the runtime: they count as
    /// referenced.)
    private static func isUnreferencedPrivateType(_ n: Syntax, name: String) -> Bool {
        guard let group = n.asProtocol(DeclGroupSyntax.self), !n.is(ExtensionDeclSyntax.self) else { return false }
        let modifiers = group.modifiers.map(\.name.tokenKind)
        guard modifiers.contains(.keyword(.private)) || modifiers.contains(.keyword(.fileprivate)) else {
            return false
        }
        let attributes = group.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
        if attributes.contains(where: { $0 == "main" || $0 == "objc" || $0 == "UIApplicationMain" }) { return false }
        let declaration = n.range
        for token in n.root.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier(name) {
            if !declaration.contains(token.position) { return false }
        }
        return true
    }

    /// `Mock…`, `Stub…`, `Fake…` types, and `mock`, `mock…`, `stub…`, `fake…` functions.
    private static func isMockName(_ name: String, upper: Bool) -> Bool {
        for prefix in upper ? ["Mock", "Stub", "Fake"] : ["mock", "stub", "fake"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if rest.isEmpty && !upper { return true }
            if let first = rest.first, first.isUppercase { return true }
        }
        return false
    }

    private static func isPreviewType(_ group: some DeclGroupSyntax) -> Bool {
        if let inherited = group.inheritanceClause?.inheritedTypes,
            inherited.contains(where: { $0.type.sourceText == "PreviewProvider" })
        {
            return true
        }
        if let s = group.as(StructDeclSyntax.self), s.name.text.hasSuffix("_Previews") { return true }
        return false
    }
}
