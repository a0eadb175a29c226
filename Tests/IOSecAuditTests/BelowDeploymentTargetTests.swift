import Foundation
import Testing

@testable import IOSecAudit

/// Code that runs only below an iOS version every target deploys above never runs on a device that installs the app:
/// its findings are `unreferenced` and say why. Code the app's targets can reach, and findings that mean something
/// wherever the code sits, are left as they are.
struct BelowDeploymentTargetTests {
    static func project(deploymentTarget: String) -> String {
        """
        // !$*UTF8*$!
        { objects = {
            A1 = { isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = \(deploymentTarget); }; name = Release; };
            A2 = { isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = 15.0; }; name = Debug; };
        }; }
        """
    }

    static let store = """
        func remember(_ authToken: String) {
            if #available(iOS 13.0, *) {
                try? Keychain.save(authToken)
            } else {
                UserDefaults.standard.set(authToken, forKey: "authToken")
            }
            guard #available(iOS 12, *) else {
                UserDefaults.standard.set(authToken, forKey: "legacyToken")
                return
            }
            if #unavailable(iOS 14) {
                UserDefaults.standard.set(authToken, forKey: "oldToken")
            }
            if #available(iOS 13.0, *), useKeychain {
                print("keychain")
            } else {
                UserDefaults.standard.set(authToken, forKey: "fallbackToken")
            }
            let web = UIWebView()
            if #available(iOS 12, *) {} else { _ = UIWebView() }
        }
        """

    func findings(deploymentTarget: String?) throws -> [Finding] {
        let tree = TemporaryTree()
        tree.write("App/Store.swift", Self.store)
        if let deploymentTarget {
            tree.write("App.xcodeproj/project.pbxproj", Self.project(deploymentTarget: deploymentTarget))
        }
        var options = ScanOptions(jobs: 2)
        options.includedContexts = Set(CodeContext.allCases)
        return try Scanner(options: options).scan(tree.root).findings.filter {
            ["storage.userdefaults-secret", "platform.uiwebview"].contains($0.ruleId)
        }
    }

    @Test func codeBelowEveryDeploymentTargetNeverRuns() throws {
        let found = try findings(deploymentTarget: "14.0")
        let contexts = Dictionary(
            found.map { ("\($0.ruleId):\($0.line)", $0.context) }, uniquingKeysWith: { a, _ in a })
        // The `else` of `#available(iOS 13)`, the `guard #available(iOS 12) else`, `#unavailable(iOS 14)`.
        #expect(contexts["storage.userdefaults-secret:5"] == .unreferenced)
        #expect(contexts["storage.userdefaults-secret:8"] == .unreferenced)
        #expect(contexts["storage.userdefaults-secret:12"] == .unreferenced)
        // A second condition can fail on any version; App Review rejects a UIWebView reference wherever it sits.
        #expect(contexts["storage.userdefaults-secret:17"] == .app)
        #expect(contexts["platform.uiwebview:19"] == .app)
        #expect(contexts["platform.uiwebview:20"] == .app)
        let dead = try #require(found.first { $0.line == 5 })
        #expect(
            dead.message.hasSuffix(
                "runs only below iOS 13.0, and every target of the scan deploys to iOS 14.0 or later"))
    }

    @Test func codeSomeTargetCanRunIsUnchanged() throws {
        // The lowest deployment target decides (11.4 is below 12 and 13), and no project file says nothing.
        for target in ["11.4", nil] {
            let found = try findings(deploymentTarget: target)
            #expect(found.count == 6, "\(target ?? "none")")
            #expect(found.allSatisfy { $0.context == .app }, "\(target ?? "none")")
        }
    }

    @Test func versionsCompareByPart() {
        #expect(OSVersion("11.0") == OSVersion("11"))
        #expect(OSVersion("11.4") < OSVersion("12"))
        #expect(OSVersion("9.3") < OSVersion("10.0"))
        #expect(!(OSVersion("15.0") < OSVersion("14.9")))
    }
}

/// A library default that a process-wide setter changes: when another file of the scan calls the setter, the finding
/// is low confidence and says where to look; when none does, it stands.
struct ConfiguredElsewhereTests {
    func finding(_ files: [String: String]) throws -> Finding? {
        let tree = TemporaryTree()
        for (path, text) in files { tree.write(path, text) }
        var options = ScanOptions(jobs: 2)
        options.minimumConfidence = .low
        return try Scanner(options: options).scan(tree.root).findings.first {
            $0.ruleId == "storage.keychain-accessibility"
        }
    }

    static let vault = """
        func savePassword(_ password: String, account: String) {
            SAMKeychain.setPassword(password, forService: "com.example.vault", account: account)
        }
        """

    @Test func aSetterCalledElsewhereLowersTheFinding() throws {
        for setup in [
            "func configure() { SAMKeychain.setAccessibilityType(kSecAttrAccessibleWhenUnlockedThisDeviceOnly) }",
            "- (void)configure { [SAMKeychain setAccessibilityType:kSecAttrAccessibleWhenUnlockedThisDeviceOnly]; }"
        ] {
            let path = setup.hasPrefix("-") ? "App/Setup.m" : "App/Setup.swift"
            let found = try #require(try finding(["App/Vault.swift": Self.vault, path: setup]))
            #expect(found.confidence == .low, "\(path)")
            #expect(
                found.message.hasSuffix(
                    "the project calls setAccessibilityType elsewhere: check it sets a ThisDeviceOnly class"))
        }
    }

    @Test func withoutTheSetterTheFindingStands() throws {
        let found = try #require(try finding(["App/Vault.swift": Self.vault, "App/Other.swift": "func other() {}"]))
        #expect(found.confidence == .high)
        let objc = try #require(
            try finding([
                "App/Vault.m":
                    "- (void)save:(NSString *)p { [SAMKeychain setPassword:p forService:@\"s\" account:@\"a\"]; }"
            ]))
        #expect(objc.confidence == .high && objc.severity == .medium)
    }
}
