import IOSecCore

/// `storage.screenshot`: the app takes secrets (secure text fields in code or storyboards) but nothing changes
/// what its window shows when it leaves the foreground, so the app-switcher snapshot keeps the screen as it was.
struct ScreenshotRule: ProjectRule {
    static let description = RuleDescription(
        id: "storage.screenshot",
        title: "Sensitive screens kept in the app-switcher snapshot",
        severity: .low,
        // A secure field says the app takes secrets, not that a screen shows one: it is masked in the snapshot.
        confidence: .low,
        masvs: "MASVS-PLATFORM-3",
        cwe: 200, owasp: OWASPReference("MASWE-0038", beta: "MASWE-0055", mastg: ["MASTG-TEST-0290"], .exact),
        rationale: """
            When an app leaves the foreground iOS takes a snapshot of its window for the app switcher and stores it \
            in the app's Library/SplashBoard (or Caches/Snapshots) folder, readable from a backup, a forensic image \
            or a jailbroken device, and visible to anyone who opens the switcher. An app that shows account \
            balances, card numbers, messages or a half-typed password keeps that screen there until the next \
            snapshot. Apple's guidance is to hide sensitive content before the app moves to the background.

            The rule sees that the app takes secrets (secure text fields), not what its screens show, and secure \
            fields are masked in the snapshot: its findings are low confidence, shown with `--min-confidence low`.
            """,
        fix:
            "Cover the window (a blur or the launch screen) when the scene becomes inactive and remove the cover when it becomes active: a SwiftUI scenePhase handler or sceneWillResignActive / sceneDidBecomeActive in UIKit.",
        fixExample: """
            WindowGroup { RootView().overlay { if scenePhase != .active { PrivacyCover() } } }
                .onChange(of: scenePhase) { phase in
                    if phase == .background { session.lockIfNeeded() }
                }
            """,
        triggeringExamples: [
            RuleExample(files: [
                (
                    "App/Auth/LoginView.swift",
                    """
                    struct LoginView: View {
                        @State private var password = ""
                        var body: some View { ↓SecureField("Password", text: $password) }
                    }
                    """
                ),
                (
                    "App/AcmeApp.swift",
                    """
                    @main struct AcmeApp: App {
                        var body: some Scene { WindowGroup { LoginView() } }
                    }
                    """
                )
            ]),
            RuleExample(files: [
                (
                    "App/PinViewController.swift",
                    """
                    final class PinViewController: UIViewController {
                        let pinField = UITextField()
                        override func viewDidLoad() {
                            super.viewDidLoad()
                            ↓pinField.isSecureTextEntry = true
                        }
                    }
                    """
                ),
                (
                    "App/SceneDelegate.swift",
                    """
                    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                        var window: UIWindow?
                        func sceneWillResignActive(_ scene: UIScene) {}
                    }
                    """
                )
            ]),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                    <objects>
                        ↓<textField placeholder="Password" id="p1-aa-002">
                            <textInputTraits key="textInputTraits" secureTextEntry="YES" textContentType="password"/>
                        </textField>
                    </objects>
                </document>
                """, path: "App/Base.lproj/Login.storyboard"),
            RuleExample(files: [
                (
                    "App/ACMPinViewController.m",
                    """
                    @implementation ACMPinViewController
                    - (void)viewDidLoad {
                        [super viewDidLoad];
                        [self.pinField ↓setSecureTextEntry:YES];
                    }
                    @end
                    """
                ),
                (
                    "App/ACMAppDelegate.m",
                    """
                    @implementation ACMAppDelegate
                    - (void)applicationDidBecomeActive:(UIApplication *)application { [self refresh]; }
                    @end
                    """
                )
            ])
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                (
                    "App/Auth/LoginView.swift",
                    """
                    struct LoginView: View {
                        @State private var password = ""
                        var body: some View { SecureField("Password", text: $password) }
                    }
                    """
                ),
                (
                    "App/AcmeApp.swift",
                    """
                    @main struct AcmeApp: App {
                        @Environment(\\.scenePhase) private var scenePhase
                        @State private var covered = false
                        var body: some Scene {
                            WindowGroup { LoginView().overlay { if covered { PrivacyCover() } } }
                                .onChange(of: scenePhase) { phase in covered = phase == .inactive || phase == .background }
                        }
                    }
                    """
                )
            ]),
            RuleExample(files: [
                (
                    "App/PinViewController.swift",
                    """
                    final class PinViewController: UIViewController {
                        let pinField = UITextField()
                        override func viewDidLoad() { pinField.isSecureTextEntry = true }
                    }
                    """
                ),
                (
                    "App/SceneDelegate.swift",
                    """
                    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                        var window: UIWindow?
                        func sceneWillResignActive(_ scene: UIScene) { window?.addSubview(PrivacyCoverView(frame: window?.bounds ?? .zero)) }
                    }
                    """
                )
            ]),
            // The Objective-C app delegate covers the window.
            RuleExample(files: [
                (
                    "App/ACMPinViewController.m",
                    """
                    @implementation ACMPinViewController
                    - (void)viewDidLoad { [super viewDidLoad]; self.pinField.secureTextEntry = YES; }
                    @end
                    """
                ),
                (
                    "App/ACMAppDelegate.m",
                    """
                    @implementation ACMAppDelegate
                    - (void)applicationWillResignActive:(UIApplication *)application {
                        [self.window addSubview:self.privacyCover];
                    }
                    @end
                    """
                )
            ]),
            // No secret is ever typed in the app.
            RuleExample(
                """
                struct SearchView: View {
                    @State private var query = ""
                    var body: some View { TextField("Search", text: $query) }
                }
                """, path: "App/SearchView.swift"),
            // Only the tests type a password.
            RuleExample(
                """
                final class LoginUITests: XCTestCase {
                    func testLogin() { let field = UITextField(); field.isSecureTextEntry = true }
                }
                """, path: "AppUITests/LoginUITests.swift")
        ]
    )

    static func evaluate(_ project: ProjectContext) {
        let inputs = project.facts(FactKind.secretInput).sorted { ($0.file, $0.line) < ($1.file, $1.line) }
        guard let first = inputs.first, project.facts(FactKind.snapshotProtection).isEmpty else { return }
        let others = inputs.count > 1 ? " and in \(Set(inputs.map(\.file)).count - 1) more files" : ""
        project.report(
            description, file: first.file, line: first.line, column: first.column,
            message: """
                the app takes secrets here\(others), but nothing hides its window when it leaves the foreground, so \
                the app-switcher snapshot keeps the screen; cover it when the scene becomes inactive (a scenePhase \
                handler, or sceneWillResignActive)
                """)
    }
}
