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
        #expect(finding.message.contains("nothing else in the scanned code names 'remember'"))
    }

    @Test func aFunctionSomethingCallsIsUnchanged() throws {
        let found = try findings([
            "App/TokenCache.swift": Self.store,
            "App/Session.swift": "func signIn(token: String) { TokenCache().remember(authToken: token) }"
        ])
        let finding = try #require(found.first { $0.ruleId == "storage.userdefaults-secret" })
        #expect(finding.confidence > .low)
        #expect(!finding.message.contains("nothing else"))
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
        #expect(!finding.message.contains("nothing else"))
    }
}
