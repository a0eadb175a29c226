import Foundation
@testable import IOSecAudit
import Testing

/// A warm scan gives what a cold one gives; a change to the file, to a constant it uses in another file, or to the
/// settings is seen; a damaged cache is ignored.
@Suite struct ResultCacheTests {
    static func scan(_ root: String, cache: String, options: ScanOptions = ScanOptions(jobs: 2)) throws -> ScanResult {
        var options = options
        options.cacheFolder = cache
        return try Scanner(options: options).scan(root)
    }

    static func report(_ result: ScanResult) -> [String] {
        result.findings.map { "\($0.file):\($0.line):\($0.ruleId):\($0.message)" } + result.diagnostics.map(\.message)
    }

    @Test func warmScanIsTheColdScan() throws {
        let tree = TemporaryTree()
        tree.write("App/Keys.swift", "enum Keys { static let token = \"auth_token\" }\n")
        tree.write("App/Store.swift", "func save(_ v: String) { UserDefaults.standard.set(v, forKey: Keys.token) }\n")
        tree.write("App/Web.swift", "let web = UIWebView()\n")
        let cache = tree.root + "/.cache"
        let cold = try Self.scan(tree.root, cache: cache)
        #expect(cold.cachedFiles == 0)
        let warm = try Self.scan(tree.root, cache: cache)
        #expect(warm.cachedFiles == 3)
        #expect(Self.report(warm) == Self.report(cold))
        #expect(
            JSONReporter().render(warm).replacingOccurrences(of: "\"cachedFiles\" : 3", with: "")
                .components(separatedBy: "\n").filter { !$0.contains("durationSeconds") }
                == JSONReporter().render(cold).replacingOccurrences(of: "\"cachedFiles\" : 0", with: "")
                .components(separatedBy: "\n").filter { !$0.contains("durationSeconds") })
        #expect(cold.findings.contains { $0.file == "App/Store.swift" && $0.ruleId == "storage.userdefaults-secret" })
    }

    @Test func changesAreSeen() throws {
        let tree = TemporaryTree()
        tree.write("App/Keys.swift", "enum Keys { static let token = \"auth_token\" }\n")
        tree.write("App/Store.swift", "func save(_ v: String) { UserDefaults.standard.set(v, forKey: Keys.token) }\n")
        let cache = tree.root + "/.cache"
        #expect(try Self.scan(tree.root, cache: cache).findings.contains { $0.file == "App/Store.swift" })
        // The constant another file resolves to changes: Store.swift's result must change with it.
        tree.write("App/Keys.swift", "enum Keys { static let token = \"onboarding_seen\" }\n")
        let renamed = try Self.scan(tree.root, cache: cache)
        #expect(
            !renamed.findings.contains { $0.file == "App/Store.swift" && $0.ruleId == "storage.userdefaults-secret" })
        #expect(renamed.cachedFiles == 0)
        // The file itself changes.
        tree.write("App/Store.swift", "let web = UIWebView()\n")
        let edited = try Self.scan(tree.root, cache: cache)
        #expect(edited.findings.map(\.ruleId).contains("platform.uiwebview"))
        #expect(edited.cachedFiles == 1)
        // Other settings: nothing is reused.
        let other = try Self.scan(
            tree.root, cache: cache, options: ScanOptions(jobs: 1, disabledRules: ["platform.uiwebview"]))
        #expect(other.cachedFiles == 0)
        #expect(!other.findings.map(\.ruleId).contains("platform.uiwebview"))
    }

    @Test func aDamagedCacheIsIgnored() throws {
        let tree = TemporaryTree()
        tree.write("App/Web.swift", "let web = UIWebView()\n")
        let cache = tree.root + "/.cache"
        let cold = try Self.scan(tree.root, cache: cache)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(files.count == 1)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: cache + "/" + files[0]))
        let again = try Self.scan(tree.root, cache: cache)
        #expect(again.cachedFiles == 0)
        #expect(Self.report(again) == Self.report(cold))
        #expect(try Self.scan(tree.root, cache: cache).cachedFiles == 1)
    }

    @Test func withoutACacheNothingIsWritten() throws {
        let tree = TemporaryTree()
        tree.write("App/Web.swift", "let web = UIWebView()\n")
        let result = try Scanner(options: ScanOptions(jobs: 1)).scan(tree.root)
        #expect(result.cachedFiles == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.root) == ["App"])
    }
}
