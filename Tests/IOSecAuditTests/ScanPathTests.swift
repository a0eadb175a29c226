import Foundation
@testable import IOSecAudit
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax
import Testing

/// The cheap paths the scan takes on every file and node: each must answer exactly what the plain version would.
@Suite struct ScanPathTests {
    @Test func readingReturnsEveryByte() throws {
        let tree = TemporaryTree()
        tree.write("empty.swift", "")
        tree.write("one.swift", "x")
        tree.write("big.swift", String(repeating: "let a = 1\n", count: 50_000))
        for name in ["empty.swift", "one.swift", "big.swift"] {
            let path = tree.root + "/" + name
            #expect(try FileSystem.read(path) == [UInt8](FileManager.default.contents(atPath: path)!))
        }
        #expect(throws: FileSystem.Failure.self) { try FileSystem.read(tree.root + "/missing.swift") }
        let folder = #expect(throws: FileSystem.Failure.self) { try FileSystem.read(tree.root) }
        #expect(folder?.description == String(cString: strerror(EISDIR)))
        #expect(throws: FileSystem.Failure.self) { try FileSystem.read(tree.root, size: 4096) }
    }

    /// The scan passes the size discovery saw; a file that grew or shrank since is still read whole.
    @Test func aStaleSizeStillReadsTheWholeFile() throws {
        let tree = TemporaryTree()
        tree.write("big.swift", String(repeating: "let a = 1\n", count: 50_000))
        let path = tree.root + "/big.swift"
        let whole = [UInt8](FileManager.default.contents(atPath: path)!)
        for size in [0, 1, whole.count - 1, whole.count, whole.count + 1, whole.count * 2] {
            #expect(try FileSystem.read(path, size: size) == whole, "size \(size)")
        }
    }

    @Test func folderEntriesSayWhatTheyAre() throws {
        let tree = TemporaryTree()
        tree.write("App/Main.swift", "")
        tree.write("App/Sub/Other.swift", "")
        let entries = try FileSystem.entries(of: tree.root + "/App")
        #expect(Set(entries.map(\.name)) == ["Main.swift", "Sub"])
        for (name, type) in entries {
            #expect(type == (name == "Sub" ? .directory : .regular) || type == .unknown)
        }
        #expect(throws: FileSystem.Failure.self) { try FileSystem.entries(of: tree.root + "/none") }
    }

    @Test(arguments: [
        ("App/Info.plist", FileKind.infoPlist), ("Wallet-Info.plist", .infoPlist), ("A/B.swift", .swift),
        ("L/x.mm", .objc), ("L/x.h", .objc), ("M.xcdatamodeld/M.xcdatamodel/contents", .coreDataModel),
        ("W.xcodeproj/project.pbxproj", .pbxproj), ("B/Main.storyboard", .interface), ("a.xib", .interface),
        (".well-known/apple-app-site-association", .associationFile), ("App.entitlements", .entitlements),
        ("Mobile/Entitlements.plist", .entitlements), ("extracted/entitlements.plist", .entitlements),
        ("App.entitlements.plist", .entitlements), ("Config/InAppEntitlements.plist", .plist)
    ])
    func fileKindsFromBytes(path: String, kind: FileKind) {
        #expect(FileKind.of(path: path) == kind)
    }

    @Test(arguments: ["icon.png", "contents", "Localizable.strings", "README.md", "x.swiftt", "swift", ""])
    func filesIosecDoesNotRead(path: String) {
        #expect(FileKind.of(path: path) == nil)
    }

    @Test func pathContexts() {
        #expect(CodeContextClassifier.context(ofPath: "AppTests/LoginTests.swift") == .test)
        #expect(CodeContextClassifier.context(ofPath: "App/Fixtures/Stub.swift") == .test)
        #expect(CodeContextClassifier.context(ofPath: "fastlane/SnapshotHelper.swift") == .tooling)
        #expect(CodeContextClassifier.context(ofPath: "Demos/Keys.swift") == .sample)
        #expect(CodeContextClassifier.context(ofPath: "App/Secrets-Example.swift") == .sample)
        #expect(CodeContextClassifier.context(ofPath: "App/MockSession.swift") == .test)
        #expect(CodeContextClassifier.context(ofPath: "App/Mockingbird.swift") == nil)
        #expect(CodeContextClassifier.context(ofPath: "App/Session.swift") == nil)
    }

    /// Invalid bytes on either side of the eight-byte fast path are found on their line.
    @Test func invalidUTF8IsFoundWhereverItIs() {
        for offset in 0..<20 {
            var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
            bytes[3] = 0x0A
            bytes[offset] = 0xFF
            #expect(TextChecks.firstInvalidUTF8Index(bytes) == offset)
            #expect(TextChecks.firstInvalidUTF8Line(bytes) == (offset <= 3 ? 1 : 2))
        }
        #expect(TextChecks.firstInvalidUTF8Line(Array("let π = \"é🙂\"\n".utf8)) == nil)
        #expect(TextChecks.firstInvalidUTF8Line(Array("let a = 1\n".utf8) + [0xE2, 0x82]) == 2)  // truncated
        #expect(TextChecks.firstInvalidUTF8Line([0xED, 0xA0, 0x80]) == 1)  // a UTF-16 surrogate
        #expect(TextChecks.looksBinary([1, 2, 0, 3]))
        #expect(!TextChecks.looksBinary(Array("plain".utf8)))
        #expect(!TextChecks.looksBinary([]))
    }

    /// The bit table may say yes to other names, never no to one it holds.
    @Test func nameFilterNeverMissesAName() {
        var filter = NameFilter()
        let names = ["set", "SecItemAdd", "MD5", "print", "x", "evaluatePolicy"]
        for name in names { filter.insert(name) }
        for name in names {
            let parsed = Parser.parse(source: name)
            let token = parsed.firstToken(viewMode: .sourceAccurate)!
            #expect(filter.mayContain(token.rawText), "\(name)")
        }
        let other = Parser.parse(source: "completelyDifferentName").firstToken(viewMode: .sourceAccurate)!
        #expect(!filter.mayContain(other.rawText))
    }

    /// What the walk records about container fills answers as a fresh walk of the body would, wherever the question
    /// is asked from: before the walk reaches the use, at it, and after the file is done.
    @Test func containerFillsFromTheWalkMatchAFreshWalk() {
        let code = """
            func save(_ field: UITextField, other: [String: String]) {
                var record: [String: Any] = [:]
                var params: [String: String] = [:]
                params["page"] = "1"
                print(record)
                record["password"] = field.text
                let copy = { record.setValue(field.text, forKey: "pin"); print(record) }
                print(record, params)
                user.password = "x"
                print(user)
                copy()
            }
            """
        let tree = Parser.parse(source: code)
        let references = tree.tokens(viewMode: .sourceAccurate).compactMap {
            $0.parent?.as(DeclReferenceExprSyntax.self)
        }
        func answers() -> [String?] {
            references.map { ContainerFill.sensitiveContent(of: $0.baseName.text, before: $0, depth: 0) }
        }
        let fresh = answers()
        #expect(fresh.contains("password") && fresh.contains("pin"))
        // Through the dispatcher: every reference asked at the moment the walk reaches it.
        final class Asked: @unchecked Sendable {
            var answers: [String?] = []
            var ahead: [String?] = []
        }
        let asked = Asked()
        struct Asker: SwiftVisitor {
            nonisolated(unsafe) static var asked: Asked?
            static let nodeKinds: Set<SyntaxKind> = [.declReferenceExpr, .functionCallExpr]
            mutating func visit(_ node: DeclReferenceExprSyntax, in file: SwiftFile) {
                Self.asked?.answers.append(
                    ContainerFill.sensitiveContent(of: node.baseName.text, before: node, depth: 0))
            }
            // At `print(record)`, about the arguments the walk has not reached yet.
            mutating func visit(_ node: FunctionCallExprSyntax, in file: SwiftFile) {
                for argument in node.arguments {
                    guard let ref = argument.expression.as(DeclReferenceExprSyntax.self) else { continue }
                    Self.asked?.ahead.append(
                        ContainerFill.sensitiveContent(of: ref.baseName.text, before: ref, depth: 0))
                }
            }
        }
        Asker.asked = asked
        let file = SwiftFile(path: "App/Save.swift", bytes: Array(code.utf8), tree: tree)
        RuleDispatcher(ruleTypes: [Asker.self], file: file).run()
        #expect(asked.answers == fresh)
        let arguments = references.filter { $0.parent?.is(LabeledExprSyntax.self) == true }
        #expect(
            asked.ahead == arguments.map { ContainerFill.sensitiveContent(of: $0.baseName.text, before: $0, depth: 0) })
        #expect(asked.ahead.contains("password"))
    }

    /// A file whose rules run past the per-file limit is left unfinished with one diagnostic; the scan goes on to
    /// the next file, and without the limit the same file is analysed to its end.
    @Test func perFileTimeLimitStopsOneFileNotTheScan() throws {
        let tree = TemporaryTree()
        let filler = String(repeating: "let label = \"caption\"\n", count: 3000)
        tree.write("App/Big.swift", filler + "UserDefaults.standard.set(authToken, forKey: \"token\")\n")
        tree.write("App/Small.swift", "UserDefaults.standard.set(authToken, forKey: \"token\")\n")
        let limited = try Scanner(options: ScanOptions(jobs: 1, fileTimeLimit: 1e-9)).scan(tree.root)
        let stopped = limited.diagnostics.filter { $0.message.hasPrefix("analysis stopped at line") }
        #expect(stopped.map(\.file) == ["App/Big.swift"])
        #expect(stopped.first?.message.contains("per-file time limit") == true)
        #expect(Set(limited.findings.map(\.file)) == ["App/Small.swift"])
        let unlimited = try Scanner(options: ScanOptions(jobs: 1, fileTimeLimit: nil)).scan(tree.root)
        #expect(unlimited.diagnostics.isEmpty)
        #expect(Set(unlimited.findings.map(\.file)) == ["App/Big.swift", "App/Small.swift"])
    }
}
