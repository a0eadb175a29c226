@testable import IOSecAudit
import Testing

/// The engine files every finding under its code context and reports only app code by default.
@Suite struct CodeContextTests {
    static let leak = #"print("token: \(accessToken)")"#

    static func contexts(_ files: [(path: String, code: String)], include: Set<CodeContext> = Set(CodeContext.allCases))
        -> [CodeContext]
    {
        SourceAnalysis.analyze(
            files: files, rules: RuleSet.all.only("storage.log-sensitive"),
            options: ScanOptions(jobs: 1, includedContexts: include)
        ).findings.map(\.context)
    }

    @Test func pathsAndImportsDecideWholeFiles() {
        #expect(Self.contexts([("App/Auth/Login.swift", Self.leak)]) == [.app])
        #expect(Self.contexts([("AppTests/LoginTests.swift", Self.leak)]) == [.test])
        #expect(Self.contexts([("RiotTests/Helpers.swift", Self.leak)]) == [.test])
        #expect(Self.contexts([("App/Support/Helpers.swift", "import XCTest\n" + Self.leak)]) == [.test])
        #expect(Self.contexts([("App/Support/Helpers.swift", "import Testing\n" + Self.leak)]) == [.test])
        #expect(Self.contexts([("App/Support/Spec.swift", "import Quick\nimport Nimble\n" + Self.leak)]) == [.test])
        #expect(Self.contexts([("fastlane/SnapshotHelper.swift", Self.leak)]) == [.tooling])
        #expect(Self.contexts([("SnapshotHelper.swift", Self.leak)]) == [.tooling])
        #expect(Self.contexts([("Package.swift", Self.leak)]) == [.tooling])
        #expect(Self.contexts([("Sources/gen/main.swift", "import ArgumentParser\n" + Self.leak)]) == [.tooling])
        #expect(Self.contexts([("Example/Sources/Demo.swift", Self.leak)]) == [.sample])
        #expect(Self.contexts([("App/Mocks/MockSession.swift", Self.leak)]) == [.test])
        #expect(Self.contexts([("App/SPCredentials-demo.swift", Self.leak)]) == [.sample])
        #expect(Self.contexts([("App/Secrets.example.swift", Self.leak)]) == [.sample])
        #expect(Self.contexts([("App/DemoModeController.swift", Self.leak)]) == [.app])
        #expect(Self.contexts([("App/LiveDemo.swift", Self.leak)]) == [.app])
        #expect(Self.contexts([("App/MockChangePasswordScreenState.swift", Self.leak)]) == [.test])
        // `…Test.swift` alone is app code (`MastgTest.swift`, `SpeedTest.swift`); importing XCTest makes it a test.
        #expect(Self.contexts([("App/SpeedTest.swift", Self.leak)]) == [.app])
        #expect(CodeContextClassifier.context(ofPath: "IntegrationTests copy-Info.plist") == .test)
        #expect(CodeContextClassifier.context(ofPath: "App/Info.plist") == nil)
        // C's test files by name; a C file that only mentions tests is app code.
        #expect(CodeContextClassifier.context(ofPath: "Sources/Shared/Logging/test_ringlogger.c") == .test)
        #expect(CodeContextClassifier.context(ofPath: "External/Hoextdown/context_test.c") == .test)
        #expect(CodeContextClassifier.context(ofPath: "Sources/Shared/Logging/ringlogger.c") == nil)
        #expect(CodeContextClassifier.context(ofPath: "Sources/latest_version.c") == nil)
        // Test infrastructure folders; a folder that only starts with "Test" is app code.
        #expect(CodeContextClassifier.context(ofPath: "TestTools/TestTools/SampleAuthenticationToken.swift") == .test)
        #expect(CodeContextClassifier.context(ofPath: "Shared/TestSupport/FakeKeychain.m") == .test)
        #expect(CodeContextClassifier.context(ofPath: "App/TestFlightBanner/BannerView.swift") == nil)
        #expect(CodeContextClassifier.context(ofPath: "samples/FacebookLoginSample/LoginView.swift") == .sample)
        #expect(CodeContextClassifier.context(ofPath: "Examples/AdvancedExample/ViewController.m") == .sample)
        #expect(CodeContextClassifier.context(ofPath: "App/ExampleSentences/Phrases.swift") == nil)
        #expect(CodeContextClassifier.context(ofPath: "sampleapps/SearchSampleApp/Info.plist") == .sample)
        #expect(CodeContextClassifier.context(ofPath: "Kit/LoginDemoApp/AppDelegate.swift") == .sample)
        #expect(CodeContextClassifier.context(ofPath: "App/Demographics/Survey.swift") == nil)
        #expect(CodeContextClassifier.context(ofPath: "doc/testing-resources/mitmproxy/cert-pkey-A.pem") == .test)
    }

    @Test func previewsAndDebugCodeAreDecidedPerNode() {
        let code = """
            struct LoginView: View {
                var body: some View { Text("x").onAppear { \(Self.leak) } }
            }
            #Preview {
                LoginView().onAppear { \(Self.leak) }
            }
            struct LoginView_Previews: PreviewProvider {
                static var previews: some View { LoginView().onAppear { \(Self.leak) } }
            }
            #if DEBUG
            func dumpState() { \(Self.leak) }
            #endif
            extension Session { static func mock() -> Session { \(Self.leak); return Session() } }
            """
        #expect(Self.contexts([("App/LoginView.swift", code)]) == [.app, .preview, .preview, .debug, .test])
    }

    @Test func privateTypesNothingNamesAreUnreferenced() {
        let code = """
            private final class LeftoverDelegate: NSObject {
                static let shared = LeftoverDelegate()
                func log() { \(Self.leak) }
            }
            private final class UsedDelegate: NSObject {
                func log() { \(Self.leak) }
            }
            fileprivate struct Extended { func log() { \(Self.leak) } }
            extension Extended { var isReady: Bool { true } }
            @objc private class RuntimeMade: NSObject { func log() { \(Self.leak) } }
            final class Internal { func log() { \(Self.leak) } }
            let session = URLSession(configuration: .default, delegate: UsedDelegate(), delegateQueue: nil)
            """
        // Only the private class nothing outside its own body names; an extension, @objc or internal access makes
        // a type reachable.
        #expect(Self.contexts([("App/Network.swift", code)]) == [.unreferenced, .app, .app, .app, .app])
    }

    @Test func onlyAppCodeIsReportedByDefaultAndTheRestIsCounted() {
        let files = [
            ("App/Login.swift", Self.leak),
            ("AppTests/LoginTests.swift", Self.leak),
            ("App/View.swift", "#Preview { V().onAppear { \(Self.leak) } }"),
            ("App/Debug.swift", "#if DEBUG\n\(Self.leak)\n#endif")
        ]
        let inputs = files.map { FileInput(path: $0.0, bytes: Array($0.1.utf8)) }
        let output = ProjectAnalysis.run(
            inputs, rules: RuleSet.all.only("storage.log-sensitive"), options: ScanOptions(jobs: 1))
        #expect(output.findings.map(\.file) == ["App/Login.swift"])
        #expect(output.hiddenByContext == [.test: 1, .preview: 1, .debug: 1])
        let withTests = ProjectAnalysis.run(
            inputs, rules: RuleSet.all.only("storage.log-sensitive"),
            options: ScanOptions(jobs: 1, includedContexts: [.test]))
        #expect(withTests.findings.map(\.file) == ["App/Login.swift", "AppTests/LoginTests.swift"])
        let result = ScanResult(
            root: ".", findings: output.findings, diagnostics: [], filesScanned: 4, bytesScanned: 0, durationSeconds: 0,
            hiddenByContext: output.hiddenByContext)
        #expect(
            TextReporter().summary(result).contains(
                "not shown: 1 in test code, 1 in SwiftUI previews, 1 in debug-only code"))
    }
}
