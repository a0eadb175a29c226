import Foundation
import IOSecCore
import Testing

@testable import IOSecAudit

/// `.iosec.yml`: every key reaches the scan, flags win, and every mistake names the file and line.
@Suite struct ConfigFileTests {
    func parse(_ text: String) throws(ConfigError) -> ConfigFile {
        try ConfigFile.parse(text, path: "/repo/.iosec.yml", folder: "/repo")
    }

    func parseError(_ text: String) -> ConfigError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    /// Scans `tree` with the settings `flags` and the tree's own `.iosec.yml` give, as `iosec scan` does.
    func scan(_ path: String, flags: ScanFlags = ScanFlags()) throws -> (ScanResult, ScanSettings) {
        let config = try ConfigFile.locate(from: path).map { path throws in try ConfigFile.load(path) }
        var flags = flags
        flags.jobs = flags.jobs ?? 2
        let settings = ScanSettings(flags: flags, config: config, scanPath: path)
        return (try Scanner(options: settings.options).scan(path), settings)
    }

    // MARK: - Reading

    @Test func everyKeyIsRead() throws {
        let config = try parse(
            """
            include: [App]
            exclude:
              - "**/Generated"
              - "*.pb.swift"
            disabled_rules: [code.debug-logging]
            only_rules: [platform.uiwebview, crypto.weak-hash]
            severity:
              crypto.weak-hash: critical
            fail_on: medium
            include_tests: yes
            include_contexts: [debug, preview]
            include_vendored: false
            third_party_folders: [Vendor]
            production: true
            release_app_ids: [ABCDE12345.com.acme.wallet]
            sensitive_names: [vaultCode]
            not_sensitive_names: [tokenBucket]
            baseline: ci/baseline.json
            max_file_size: 2.5
            """)
        #expect(config.include == ["App"])
        #expect(config.exclude == ["**/Generated", "*.pb.swift"])
        #expect(config.disabledRules == ["code.debug-logging"])
        #expect(config.onlyRules == ["platform.uiwebview", "crypto.weak-hash"])
        #expect(config.severity == ["crypto.weak-hash": .critical])
        #expect(config.failOn == .atOrAbove(.medium))
        #expect(config.includeTests == true)
        #expect(config.includeContexts == [.debug, .preview])
        #expect(config.includeVendored == false)
        #expect(config.thirdPartyFolders == ["Vendor"])
        #expect(config.production == true)
        #expect(config.releaseAppIDs == ["ABCDE12345.com.acme.wallet"])
        #expect(config.sensitiveNames == ["vaultCode"])
        #expect(config.notSensitiveNames == ["tokenBucket"])
        #expect(config.baseline == "/repo/ci/baseline.json")
        #expect(config.maxFileSizeMB == 2.5)
    }

    @Test func swiftLintSpellingSingleValuesAndEmptyFilesWork() throws {
        let config = try parse("included: App\nexcluded:\nfail_on: none\n")
        #expect(config.include == ["App"])
        #expect(config.exclude == [])
        #expect(config.failOn == .never)
        #expect(try parse("") == ConfigFile(path: "/repo/.iosec.yml", folder: "/repo"))
        #expect(try parse("# only a comment\n").include == [])
    }

    @Test func starterFileParsesAsWrittenAndUncommented() throws {
        let written = try parse(ConfigFile.starter)
        #expect(written.failOn == .atOrAbove(.high))
        #expect(written.exclude == ["**/Generated", "*.pb.swift"])
        // Every `# key:` example is valid too, once uncommented.
        let lines = ConfigFile.starter.split(separator: "\n", omittingEmptySubsequences: false)
        let uncommented = lines.map { line -> String in
            guard line.hasPrefix("# ") else { return String(line) }
            let body = line.dropFirst(2)
            let key = body.prefix { $0.isLowercase || $0 == "_" }
            let isKey = ConfigFile.keys.contains(String(key)) && body.dropFirst(key.count).hasPrefix(":")
            return isKey || body.hasPrefix("  ") ? String(body) : String(line)
        }.joined(separator: "\n")
        let full = try parse(uncommented)
        #expect(full.include == ["App", "Extensions"])
        #expect(full.severity == ["network.cleartext-url": .high, "code.debug-logging": .info])
        #expect(full.sensitiveNames == ["vaultCode", "memberNumber"])
        #expect(full.baseline == "/repo/iosec-baseline.json")
    }

    // MARK: - Errors name the file and line

    @Test func unknownKeyIsAnErrorWithItsLine() throws {
        let error = try #require(parseError("fail_on: high\ndisable_rules: [crypto.weak-hash]\n"))
        #expect(error.file == "/repo/.iosec.yml")
        #expect(error.line == 2)
        #expect(error.column == 1)
        #expect(error.message.contains("unknown key 'disable_rules'"))
        #expect(error.message.contains("did you mean 'disabled_rules'"))
        #expect(error.description.hasPrefix("/repo/.iosec.yml:2:1: unknown key"))
    }

    @Test func badValuesAreErrorsWithTheirLine() throws {
        let cases: [(String, Int, String)] = [
            ("fail_on: severe\n", 1, "fail_on must be one of critical, high, medium, low, info, none, not 'severe'"),
            ("exclude: [App]\ninclude_tests: maybe\n", 2, "include_tests must be true or false, not 'maybe'"),
            (
                "disabled_rules:\n  - crypto.weak-hash\n  - crypto.md5\n", 3,
                "unknown rule 'crypto.md5' in disabled_rules"
            ),
            ("severity:\n  crypto.weak-hash: severe\n", 2, "severity of crypto.weak-hash must be one of"),
            ("severity: [crypto.weak-hash]\n", 1, "severity must map rule ids to severities"),
            ("include_contexts: [tests]\n", 1, "unknown code context 'tests'"),
            ("release_app_ids: [com.acme.wallet]\n", 1, "release_app_ids:"),
            ("exclude: [/abs/path]\n", 1, "must be relative to the configuration file's folder"),
            ("fail_on: [high]\n", 1, "fail_on must be a single value, not a list"),
            ("fail_on:\n", 1, "fail_on must be given a value"),
            ("max_file_size: -1\n", 1, "max_file_size must be a positive number of MB"),
            ("sensitive_names: ['--']\n", 1, "has no letters or digits"),
            ("third_party_folders: [Vendor/Lib]\n", 1, "takes folder names"),
            ("exclude: [a]\nexcluded: [b]\n", 2, "'exclude' is already set on line 1"),
            ("- a\n- b\n", 1, "must be a mapping"),
            ("fail_on: high\nfail_on: low\n", 1, "a key is set twice: fail_on"),
            ("exclude: [a, b\nfail_on: high\n", 2, "invalid YAML")
        ]
        for (text, line, message) in cases {
            let error = try #require(parseError(text), "\(text) was accepted")
            #expect(error.line == line, "\(text): \(error)")
            #expect(error.message.contains(message), "\(text): \(error)")
            #expect(error.description.hasPrefix("/repo/.iosec.yml:"), "\(error)")
        }
    }

    @Test func hostileFilesGiveAnErrorNotACrash() throws {
        #expect(parseError(String(repeating: "[", count: 5000))?.message.contains("invalid YAML") == true)
        #expect(parseError("a: &x [1]\nb: *y\n")?.message.contains("invalid YAML") == true)
        let tree = TemporaryTree()
        let binary = tree.write(".iosec.yml", bytes: [0xFF, 0xFE, 0x00, 0x80, 0x81])
        #expect(throws: ConfigError.self) { try ConfigFile.load(binary) }
        do {
            _ = try ConfigFile.load(tree.root + "/missing.yml")
            Issue.record("a missing file was read")
        } catch {
            #expect(error.description.hasPrefix(tree.root + "/missing.yml: could not be read"))
        }
        let huge = tree.write("big.yml", String(repeating: "# filler\n", count: 200_000))
        #expect(throws: ConfigError.self) { try ConfigFile.load(huge) }
    }

    // MARK: - Finding the file

    @Test func configIsFoundFromASubPathUpToTheRepositoryRoot() throws {
        let tree = TemporaryTree()
        try FileManager.default.createDirectory(atPath: tree.root + "/repo/.git", withIntermediateDirectories: true)
        tree.write("repo/.iosec.yml", "exclude: [App/Generated]\n")
        tree.write("repo/App/Sources/Web.swift", "let w = UIWebView()\n")
        tree.write("repo/App/Generated/Web.swift", "let w = UIWebView()\n")
        let real = FileDiscovery.realPath(tree.root)!
        #expect(ConfigFile.locate(from: tree.root + "/repo/App/Sources") == real + "/repo/.iosec.yml")
        #expect(ConfigFile.locate(from: tree.root + "/repo/App/Sources/Web.swift") == real + "/repo/.iosec.yml")

        // Scanning App: the glob, relative to the repository root, still leaves Generated out.
        let (result, settings) = try scan(tree.root + "/repo/App")
        #expect(settings.configPath == real + "/repo/.iosec.yml")
        #expect(result.findings.map(\.file) == ["Sources/Web.swift"])

        // Above the repository root is never read: a nested repository without a file has none.
        tree.write("repo/Nested/.git/HEAD", "ref: refs/heads/main\n")
        tree.write("repo/Nested/App.swift", "let w = UIWebView()\n")
        #expect(ConfigFile.locate(from: tree.root + "/repo/Nested") == nil)
    }

    // MARK: - What each key does to a scan

    @Test func includeAndExcludeChooseTheFiles() throws {
        let tree = TemporaryTree()
        tree.write(".git/HEAD", "")
        for path in ["App/A.swift", "App/Generated/B.swift", "App/C.pb.swift", "Kit/D.swift", "Vendor/E.swift"] {
            tree.write(path, "let w = UIWebView()\n")
        }
        tree.write(".iosec.yml", "include: [App, Vendor]\nexclude: [Generated, '*.pb.swift']\n")
        #expect(try scan(tree.root).0.findings.map(\.file) == ["App/A.swift", "Vendor/E.swift"])

        tree.write(".iosec.yml", "third_party_folders: [Vendor]\n")
        let files = try scan(tree.root).0.findings.map(\.file)
        #expect(!files.contains("Vendor/E.swift"))
        #expect(files.contains("Kit/D.swift"))
        var flags = ScanFlags()
        flags.includeVendored = true
        #expect(try scan(tree.root, flags: flags).0.findings.map(\.file).contains("Vendor/E.swift"))
    }

    @Test func disabledAndOnlyRulesChooseTheRules() throws {
        let tree = TemporaryTree()
        tree.write(".git/HEAD", "")
        tree.write(
            "App/A.swift",
            """
            import CryptoKit
            let w = UIWebView()
            let digest = Insecure.MD5.hash(data: body) // iosec:ignore crypto.weak-hash -- legacy protocol
            """)
        let all = Set(try scan(tree.root).0.findings.map(\.ruleId))
        #expect(all.isSuperset(of: ["platform.uiwebview", "crypto.weak-hash"]))

        tree.write(".iosec.yml", "disabled_rules: [platform.uiwebview, crypto.weak-hash]\n")
        let disabled = try scan(tree.root).0
        #expect(!disabled.findings.contains { $0.ruleId == "platform.uiwebview" })
        // A suppression of a switched-off rule is not "unused".
        #expect(!disabled.diagnostics.contains { $0.message.contains("matches no finding") })

        tree.write(".iosec.yml", "only_rules: [platform.uiwebview]\n")
        #expect(Set(try scan(tree.root).0.findings.map(\.ruleId)) == ["platform.uiwebview"])
    }

    @Test func severityOverrideChangesFindingsAndFailOn() throws {
        let tree = TemporaryTree()
        tree.write(".git/HEAD", "")
        tree.write("App/A.swift", "let w = UIWebView()\n")
        tree.write(".iosec.yml", "severity: { platform.uiwebview: low }\nfail_on: medium\n")
        let (result, settings) = try scan(tree.root)
        #expect(result.findings.map(\.severity) == [.low])
        #expect(settings.failOn == .atOrAbove(.medium))
        #expect(!result.fails(at: settings.failOn.severity))
    }

    @Test func flagsWinOverTheFile() throws {
        let tree = TemporaryTree()
        tree.write(".git/HEAD", "")
        tree.write("App/A.swift", "let w = UIWebView()\n")
        tree.write("AppTests/ATests.swift", "import XCTest\nlet w = UIWebView()\n")
        tree.write(
            ".iosec.yml",
            "fail_on: low\ninclude_tests: true\nproduction: true\nmax_file_size: 1\nexclude: [Kit]\n")
        let fromFile = try scan(tree.root).1
        #expect(fromFile.failOn == .atOrAbove(.low))
        #expect(fromFile.options.includedContexts.contains(.test))
        #expect(fromFile.options.production)
        #expect(fromFile.options.maxFileSize == 1_048_576)

        var flags = ScanFlags()
        flags.failOn = .never
        flags.includeTests = false
        flags.production = false
        flags.maxFileSize = 4096
        flags.excludes = ["Other"]
        let (result, settings) = try scan(tree.root, flags: flags)
        #expect(settings.failOn == .never)
        #expect(!settings.options.includedContexts.contains(.test))
        #expect(!settings.options.production)
        #expect(settings.options.maxFileSize == 4096)
        // Lists add up: the file's exclude still applies beside the flag's.
        #expect(settings.options.excludes == ["Other"])
        #expect(settings.options.configPaths.exclude == [Glob("Kit")])
        #expect(result.findings.map(\.file) == ["App/A.swift"])
    }

    // MARK: - Sensitive names

    @Test func projectVocabularyChangesTheClassifier() {
        let vocabulary = SensitiveVocabulary(sensitiveNames: ["vault_code"], notSensitiveNames: ["tokenBucket"])
        #expect(!SensitiveName.isSensitive("userVaultCode"))
        #expect(SensitiveName.isSensitive("tokenBucketSize"))
        SensitiveVocabulary.$current.withValue(vocabulary) {
            #expect(SensitiveName.classify("userVaultCode") == .secret)
            #expect(SensitiveName.isSensitive("VAULT-CODE"))
            #expect(!SensitiveName.isSensitive("isVaultCodeSet"), "a flag about it is still not it")
            #expect(!SensitiveName.isSensitive("vaultCodeLabel"), "metadata after it is still metadata")
            #expect(!SensitiveName.isSensitive("tokenBucketSize"))
            #expect(!SensitiveName.isSensitive("rateTokenBucket"))
            #expect(SensitiveName.classify("tokenBucketAuthToken") == .token, "only the look-alike's words are plain")
            #expect(SensitiveName.isSensitive("refreshToken"), "the built-in vocabulary stays")
        }
    }

    @Test func sensitiveNamesChangeFindingsInEveryFile() throws {
        let tree = TemporaryTree()
        tree.write(".git/HEAD", "")
        // Enough files that the parallel workers, not only the calling thread, analyse some of them.
        for index in 0..<6 {
            tree.write(
                "App/Store\(index).swift",
                """
                func save(vaultCode: String, tokenBucket: String) {
                    UserDefaults.standard.set(vaultCode, forKey: "vaultCode")
                    UserDefaults.standard.set(tokenBucket, forKey: "tokenBucket")
                }
                """)
        }
        func flagged() throws -> [String] {
            try scan(tree.root).0.findings.filter { $0.ruleId == "storage.userdefaults-secret" }.map(\.snippet)
        }
        let plain = try flagged()
        #expect(plain.count == 6)
        #expect(plain.allSatisfy { $0.contains("tokenBucket") })

        tree.write(".iosec.yml", "sensitive_names: [vaultCode]\nnot_sensitive_names: [tokenBucket]\n")
        let configured = try flagged()
        #expect(configured.count == 6)
        #expect(configured.allSatisfy { $0.contains("vaultCode") })
        #expect(SensitiveVocabulary.current == .standard, "the scan's vocabulary ends with the scan")
    }
}
