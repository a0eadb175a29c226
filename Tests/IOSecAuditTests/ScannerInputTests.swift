import Foundation
@testable import IOSecAudit
import Testing

/// Bad input never crashes a scan and never hides the rest of the project: each problem is one diagnostic
/// naming the file, and the other files are still reviewed.
@Suite struct ScannerInputTests {
    /// A file every test adds next to the bad one, to prove the scan went on.
    static let goodFile = ("App/Good.swift", "let webView = UIWebView(frame: .zero)\n")

    func scan(_ tree: TemporaryTree, options: ScanOptions = ScanOptions()) throws -> ScanResult {
        tree.write(Self.goodFile.0, Self.goodFile.1)
        return try Scanner(options: options).scan(tree.root)
    }

    func expectGoodFileScanned(_ result: ScanResult) {
        #expect(result.findings.contains { $0.file == Self.goodFile.0 && $0.ruleId == "platform.uiwebview" })
    }

    @Test func invalidUTF8IsScannedWithADiagnostic() throws {
        let tree = TemporaryTree()
        tree.write(
            "App/Latin1.swift",
            bytes: Array("let a = 1\nlet name = \"".utf8) + [0xE9, 0xFF] + Array("\"\nlet w = UIWebView()\n".utf8))
        let result = try scan(tree)
        let diagnostics = result.diagnostics.filter { $0.file == "App/Latin1.swift" }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("invalid UTF-8 at line 2") == true)
        #expect(result.findings.contains { $0.file == "App/Latin1.swift" && $0.line == 3 })
        expectGoodFileScanned(result)
    }

    @Test func binaryFileNamedSwiftIsSkipped() throws {
        let tree = TemporaryTree()
        tree.write(
            "App/Image.swift", bytes: [0x89, 0x50, 0x4E, 0x47, 0x00, 0x00, 0x1A, 0x0A] + Array(repeating: 0, count: 100)
        )
        let result = try scan(tree)
        #expect(
            result.diagnostics.filter { $0.file == "App/Image.swift" }.map(\.message) == [
                "skipped: binary content in a .swift file"
            ])
        #expect(result.filesScanned == 1)
        expectGoodFileScanned(result)
    }

    @Test func oversizedGeneratedFileIsSkippedWithTheLimitNamed() throws {
        let tree = TemporaryTree()
        let line = "let generatedConstant_0000 = \"abcdefghijklmnopqrstuvwxyz\"\n"
        let count = (3 * 1_048_576) / line.utf8.count + 1
        tree.write("App/Generated.swift", String(repeating: line, count: count))
        // A plist of the same size is under the general limit: only Swift has the lower one.
        tree.write(
            "App/Data.plist",
            "<plist><dict>" + String(repeating: "<key>k</key><string>value</string>", count: 100_000)
                + "</dict></plist>")
        let result = try scan(tree)
        let messages = result.diagnostics.filter { $0.file == "App/Generated.swift" }.map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("over the 2.0 MB limit for Swift files") == true)
        #expect(messages.first?.contains("--max-file-size") == true)
        #expect(!result.diagnostics.contains { $0.file == "App/Data.plist" })
        expectGoodFileScanned(result)

        // A size given applies to Swift too.
        let raised = try Scanner(options: ScanOptions(maxFileSize: 4 << 20, jobs: 1)).scan(tree.root)
        #expect(
            !raised.diagnostics.contains { $0.file == "App/Generated.swift" && $0.message.hasPrefix("skipped") },
            "\(raised.diagnostics)")
    }

    @Test func generatedSwiftIsCountedAndSkippedUnlessAsked() throws {
        let tree = TemporaryTree()
        tree.write("App/Strings.swift", "// Generated using SwiftGen\nlet h = Insecure.MD5.hash(data: d)\n")
        let result = try scan(tree)
        #expect(result.generatedSkipped == 1)
        #expect(!result.findings.contains { $0.file == "App/Strings.swift" })
        var options = ScanOptions()
        options.includeGenerated = true
        let included = try scan(tree, options: options)
        #expect(included.generatedSkipped == 0)
        #expect(included.findings.contains { $0.file == "App/Strings.swift" && $0.ruleId == "crypto.weak-hash" })
    }

    @Test func deeplyNestedExpressionDoesNotCrash() throws {
        let tree = TemporaryTree()
        let depth = 20_000
        // A name a rule reads, or the scan would not parse the file at all.
        tree.write(
            "App/Nested.swift",
            "let x = " + String(repeating: "(", count: depth) + "UIWebView()" + String(repeating: ")", count: depth)
                + "\n")
        tree.write(
            "App/NestedClosures.swift",
            "let y = " + String(repeating: "{ ", count: 5_000) + String(repeating: "} ", count: 5_000) + "\n")
        let result = try scan(tree)
        #expect(result.diagnostics.filter { $0.file == "App/Nested.swift" }.count == 1)
        #expect(
            result.diagnostics.first { $0.file == "App/Nested.swift" }?.message.contains("nesting too deep") == true)
        expectGoodFileScanned(result)
    }

    @Test func syntaxErrorsAreReportedAndTheRestOfTheFileIsScanned() throws {
        let tree = TemporaryTree()
        tree.write("App/Broken.swift", "func broken( {\n  let w = UIWebView()\n")
        let result = try scan(tree)
        #expect(
            result.diagnostics.contains {
                $0.file == "App/Broken.swift" && $0.message.hasPrefix("syntax error near line")
            })
        #expect(result.findings.contains { $0.file == "App/Broken.swift" && $0.ruleId == "platform.uiwebview" })
    }

    @Test func emptyDirectoryIsNoFindingsAndNoError() throws {
        let tree = TemporaryTree()
        let result = try Scanner().scan(tree.root)
        #expect(result.findings.isEmpty)
        #expect(result.diagnostics.isEmpty)
        #expect(result.filesScanned == 0)
    }

    @Test func missingPathIsAFatalError() {
        #expect(throws: ScanError.pathNotFound("/no/such/iosec/path")) {
            try Scanner().scan("/no/such/iosec/path")
        }
    }

    @Test func aSingleFileCanBeScanned() throws {
        let tree = TemporaryTree()
        let path = tree.write("Web.swift", "let w = UIWebView()\n")
        let result = try Scanner().scan(path)
        #expect(result.findings.map(\.file) == ["Web.swift"])
        #expect(result.filesScanned == 1)
    }

    @Test func aFileOfAnUnknownKindIsAFatalErrorThatSaysWhy() {
        let tree = TemporaryTree()
        let path = tree.write("notes.txt", "hello")
        #expect(throws: ScanError.unsupportedFile(path)) { try Scanner().scan(path) }
    }

    @Test func fileThatVanishesBeforeReadingIsADiagnostic() {
        let analyzer = FileAnalyzer(rules: .all, options: ScanOptions())
        let outcome = analyzer.analyze(
            FileInput(
                DiscoveredFile(
                    absolutePath: "/no/such/file.swift", relativePath: "App/Gone.swift", kind: .swift, size: 10)))
        #expect(outcome.diagnostics.count == 1)
        #expect(outcome.diagnostics.first?.file == "App/Gone.swift")
        #expect(outcome.diagnostics.first?.message.hasPrefix("could not be read") == true)
    }

    @Test(.enabled(if: getuid() != 0, "root reads files whatever their mode"))
    func unreadableFileIsADiagnostic() throws {
        let tree = TemporaryTree()
        let path = tree.write("App/Secret.swift", "let a = 1\n")
        chmod(path, 0)
        let result = try scan(tree)
        #expect(
            result.diagnostics.contains { $0.file == "App/Secret.swift" && $0.message.contains("could not be read") })
        expectGoodFileScanned(result)
    }

    @Test(.enabled(if: getuid() != 0, "root reads folders whatever their mode"))
    func unreadableFolderIsADiagnostic() throws {
        let tree = TemporaryTree()
        tree.write("App/Locked/Secret.swift", "let a = 1\n")
        chmod(tree.root + "/App/Locked", 0)
        defer { chmod(tree.root + "/App/Locked", 0o755) }
        let result = try scan(tree)
        #expect(
            result.diagnostics.contains { $0.file == "App/Locked" && $0.message.contains("folder could not be read") })
        expectGoodFileScanned(result)
    }

    @Test func symlinkLoopsAndOutsideLinksAreNotFollowed() throws {
        let tree = TemporaryTree()
        tree.mkdir("App/Sub")
        tree.symlink("App/Sub/loop", to: tree.root + "/App")
        tree.symlink("App/self", to: "self")
        tree.symlink("App/dangling.swift", to: tree.root + "/nowhere.swift")
        tree.symlink("App/etc", to: "/etc")
        let result = try scan(tree)
        let byFile = Dictionary(grouping: result.diagnostics, by: \.file)
        #expect(byFile["App/Sub/loop"]?.first?.message.contains("link loop") == true)
        #expect(byFile["App/self"]?.first?.message.contains("loop") == true)
        #expect(byFile["App/dangling.swift"]?.first?.message.contains("broken symbolic link") == true)
        #expect(byFile["App/etc"]?.first?.message.contains("outside the scanned folder") == true)
        // The good file is found once, not once per loop round.
        #expect(result.findings.filter { $0.file.hasSuffix("Good.swift") }.count == 1)
        expectGoodFileScanned(result)
    }

    @Test func symlinkInsideTheRootIsFollowed() throws {
        let tree = TemporaryTree()
        tree.write("Shared/Web.swift", "let w = UIWebView()\n")
        tree.mkdir("App")
        tree.symlink("App/Shared", to: tree.root + "/Shared")
        let result = try Scanner().scan(tree.root + "/App")
        // Shared is outside App: not followed.
        #expect(result.findings.isEmpty)
        #expect(result.diagnostics.map(\.message) == ["symbolic link points outside the scanned folder; not followed"])
        // Scanning the parent: the link stays inside, but Shared is reached twice; each real folder is read once.
        let whole = try Scanner().scan(tree.root)
        #expect(whole.findings.count == 1)
    }

    @Test func vendoredFoldersAreSkippedUnlessAsked() throws {
        let tree = TemporaryTree()
        for folder in [
            "Pods/Alamofire", "Carthage/Checkouts/X", ".build/checkouts/Y", "DerivedData/Z", "node_modules/w",
            "App/Assets.xcassets"
        ] {
            tree.write(folder + "/Web.swift", "let w = UIWebView()\n")
        }
        #expect(try Scanner().scan(tree.root).findings.isEmpty == true)
        let all = try Scanner(options: ScanOptions(includeVendored: true)).scan(tree.root)
        #expect(all.findings.count == 6)
    }

    @Test func excludesApplyToFilesAndFolders() throws {
        let tree = TemporaryTree()
        tree.write("App/Generated/API.swift", "let w = UIWebView()\n")
        tree.write("App/Model.pb.swift", "let w = UIWebView()\n")
        tree.write("App/Web.swift", "let w = UIWebView()\n")
        let result = try Scanner(options: ScanOptions(excludes: ["App/Generated/**", "*.pb.swift"])).scan(tree.root)
        #expect(result.findings.map(\.file) == ["App/Web.swift"])
    }

    @Test func wellKnownFolderIsNotTreatedAsHidden() throws {
        let tree = TemporaryTree()
        tree.write("Server/.well-known/apple-app-site-association", "{}")
        let found = try FileDiscovery().discover(tree.root)
        #expect(found.files.map(\.kind) == [.associationFile])
    }

    @Test func parallelScanGivesTheSameResultAsSerial() throws {
        let tree = TemporaryTree()
        for i in 0..<40 { tree.write("App/F\(i).swift", "let w\(i) = UIWebView()\n") }
        let serial = try Scanner(options: ScanOptions(jobs: 1)).scan(tree.root)
        let parallel = try Scanner(options: ScanOptions(jobs: 4)).scan(tree.root)
        #expect(serial.findings == parallel.findings)
        #expect(parallel.findings.count == 40)
    }
}
