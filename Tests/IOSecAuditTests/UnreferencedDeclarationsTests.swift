import Foundation
import Testing

@testable import IOSecAudit

/// A finding inside a function or property nothing else in an app's code names is low confidence and says so;
/// what the runtime or a library's clients may call, and secrets in the binary, are left as they are.
struct UnreferencedDeclarationsTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>UILaunchStoryboardName</key><string>Launch</string>
        </dict></plist>
        """

    func findings(_ files: [String: String], app: Bool = true, selection: [String]? = nil) throws -> [Finding] {
        let tree = TemporaryTree()
        for (path, text) in files { tree.write(path, text) }
        if app { tree.write("App/Info.plist", Self.plist) }
        var options = ScanOptions(jobs: 2)
        options.minimumConfidence = .low
        return try Scanner(options: options).scan(tree.root, selection: selection).findings
    }

    static let store = """
        final class TokenCache {
            func remember(authToken: String) {
                UserDefaults.standard.set(authToken, forKey: "authToken")
            }
        }
        """

    @Test func aFunctionNothingCallsIsLowConfidence() throws {
        // Called only from a test: nothing that ships calls it.
        let found = try findings([
            "App/TokenCache.swift": Self.store,
            "AppTests/TokenCacheTests.swift": "func testIt() { TokenCache().remember(authToken: \"t\") }"
        ])
        let finding = try #require(found.first { $0.ruleId == "storage.userdefaults-secret" })
        #expect(finding.confidence == .low)
        #expect(finding.message.contains("nothing outside tests calls 'remember'"))
    }

    @Test func aFunctionSomethingCallsIsUnchanged() throws {
        let found = try findings([
            "App/TokenCache.swift": Self.store,
            "App/Session.swift": "func signIn(token: String) { TokenCache().remember(authToken: token) }"
        ])
        let finding = try #require(found.first { $0.ruleId == "storage.userdefaults-secret" })
        #expect(finding.confidence > .low)
        #expect(!finding.message.contains("nothing outside tests"))
    }

    @Test func aSelectorInAStoryboardIsACall() throws {
        let found = try findings([
            "App/TokenCache.swift": Self.store,
            "App/Main.storyboard": #"<action selector="remember" destination="x" eventType="touchUpInside" id="a1"/>"#
        ])
        let finding = try #require(found.first { $0.ruleId == "storage.userdefaults-secret" })
        #expect(finding.confidence > .low)
    }

    @Test func whatTheRuntimeCallsIsUnchanged() throws {
        let code = """
            final class LocationRelay {
                func locationManager(_ manager: CLLocationManager, didUpdate authToken: String) {
                    UserDefaults.standard.set(authToken, forKey: "authToken")
                }
                @objc func storeToken(_ authToken: String) {
                    UserDefaults.standard.set(authToken, forKey: "authToken")
                }
            }
            final class Subclass: Base {
                override func save(authToken: String) {
                    UserDefaults.standard.set(authToken, forKey: "authToken")
                }
            }
            final class Conforming: TokenSink {
                func accept(authToken: String) {
                    UserDefaults.standard.set(authToken, forKey: "authToken")
                }
            }
            """
        let found = try findings(["App/Relay.swift": code]).filter { $0.ruleId == "storage.userdefaults-secret" }
        #expect(found.count == 4)
        #expect(found.allSatisfy { $0.confidence > .low })
    }

    static let delegation = """
        public protocol RecoveryDelegate: AnyObject {
            func copyCode()
        }
        public final class RecoveryModel {
            weak var delegate: RecoveryDelegate?
            public func copyCode() { delegate?.copyCode() }
        }
        """

    static let conformance = """
        extension RecoveryViewController: RecoveryDelegate {
            func copyCode() {
                UIPasteboard.general.string = recoveryCode
            }
        }
        """

    @Test func aDelegateMethodOnlyItsOwnForwarderNamesIsLowConfidence() throws {
        let found = try findings([
            "App/RecoveryModel.swift": Self.delegation,
            "App/RecoveryViewController+Delegate.swift": Self.conformance,
            "AppTests/RecoveryModelTests.swift": "func testCopy() { RecoveryModel().copyCode() }"
        ])
        let finding = try #require(found.first { $0.ruleId == "storage.pasteboard" })
        #expect(finding.confidence == .low)
        #expect(finding.message.contains("nothing outside tests calls 'copyCode'"))
    }

    @Test func aDelegateMethodTheAppCallsIsUnchanged() throws {
        let found = try findings([
            "App/RecoveryModel.swift": Self.delegation,
            "App/RecoveryViewController+Delegate.swift": Self.conformance,
            "App/RecoveryView.swift": """
            struct RecoveryView: View {
                let model: RecoveryModel
                var body: some View { Button("Copy", action: model.copyCode) }
            }
            """
        ])
        let finding = try #require(found.first { $0.ruleId == "storage.pasteboard" })
        #expect(finding.confidence > .low)
    }

    @Test func aMemberASystemProtocolMayRequireIsUnchanged() throws {
        // `UITextFieldDelegate` is not the project's: UIKit calls its requirements without the app naming them, and
        // a project protocol that inherits it passes them on.
        let field = """
            final class SignInController: NSObject, UITextFieldDelegate {
                func textFieldDidEndEditing(_ field: UITextField) {
                    UserDefaults.standard.set(field.text, forKey: "password")
                }
            }
            protocol FormDelegate: UITextFieldDelegate {}
            extension PinController: FormDelegate {
                func textFieldShouldClear(_ field: UITextField) -> Bool {
                    UserDefaults.standard.set(field.text, forKey: "pin")
                    return true
                }
            }
            """
        let found = try findings(["App/SignInController.swift": field]).filter {
            $0.ruleId == "storage.userdefaults-secret"
        }
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.confidence > .low })
    }

    @Test func swiftMentionsThatDeclareOrForward() {
        func declares(_ text: String, _ name: String) -> Bool {
            let bytes = Array(text.utf8)
            let offsets = ByteSearch(name).wordOffsets(in: bytes, limit: 10)
            return SwiftMention.declares(at: offsets.last ?? 0, in: bytes, name: name)
        }
        #expect(declares("protocol P { func refresh() }", "refresh"))
        #expect(declares("func refresh() { model.refresh() }", "refresh"))
        #expect(declares("func refresh(_ s: String = \"}\") { model.refresh() }", "refresh"))
        #expect(!declares("func refresh() { }\nlet x = refresh()", "refresh"))
        #expect(!declares("protocol P { func refresh() }\nextension Q { var y: Int { refresh() } }", "refresh"))
        #expect(!declares("func reload() { refresh() }", "refresh"))
        // An override is called by UIKit: what it hands on is called.
        #expect(!declares("override func viewDidLoad() { delegate?.viewDidLoad(self) }", "viewDidLoad"))
        #expect(!declares("@objc func refresh() { model.refresh() }", "refresh"))
        #expect(SwiftMention.inheritsOnlyMarkers(after: 10, in: Array("protocol P: AnyObject, Sendable {".utf8)))
        #expect(!SwiftMention.inheritsOnlyMarkers(after: 10, in: Array("protocol P: UITableViewDelegate {".utf8)))
    }

    @Test func withoutAnAppOrWithASelectionCallersMayBeOutsideTheScan() throws {
        let library = try findings(["Sources/TokenCache.swift": Self.store], app: false)
        #expect(library.first { $0.ruleId == "storage.userdefaults-secret" }.map { $0.confidence > .low } == true)
        let selected = try findings(
            [
                "App/TokenCache.swift": Self.store,
                "App/Session.swift": "func signIn(token: String) { TokenCache().remember(authToken: token) }"
            ], selection: ["App/TokenCache.swift"])
        #expect(selected.first { $0.ruleId == "storage.userdefaults-secret" }.map { $0.confidence > .low } == true)
    }

    @Test func aSecretInTheCodeShipsWhetherOrNotItsCodeRuns() throws {
        let found = try findings([
            "App/Keys.swift": """
            enum Keys {
                static let stripeSecret = "sk_live_51HqLyjWDarjtT1zdp7dcXr4eV8b3Qm9Zk2LpX7NvR"
            }
            """
        ])
        let finding = try #require(found.first { $0.ruleId.hasPrefix("secrets.") })
        #expect(!finding.message.contains("nothing outside tests"))
    }
}
