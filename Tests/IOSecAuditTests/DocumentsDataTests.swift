import Foundation
import Testing

@testable import IOSecAudit

/// `UIFileSharingEnabled` says what it exposes: the database, log or credential the code keeps in Documents, or that
/// the code keeps none there (low confidence).
struct DocumentsDataTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>UIFileSharingEnabled</key><true/>
        </dict></plist>
        """

    func sharingFinding(_ files: [String: String]) throws -> Finding? {
        let tree = TemporaryTree()
        tree.write("App/Info.plist", Self.plist)
        for (path, text) in files { tree.write(path, text) }
        var options = ScanOptions(jobs: 1)
        options.minimumConfidence = .low
        return try Scanner(options: options).scan(tree.root).findings.first { $0.ruleId == "storage.file-sharing" }
    }

    @Test func aLogInDocumentsIsNamed() throws {
        let finding = try #require(
            try sharingFinding([
                "App/DiagnosticsLog.swift": """
                enum DiagnosticsLog {
                    static let url: URL = {
                        let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                        return folder.appendingPathComponent("diagnostics.log")
                    }()
                    static func write(_ line: String) { Log.debug("writing \\(line)") }
                }
                """
            ]))
        #expect(finding.confidence == .medium)
        #expect(finding.message.contains("the code keeps a log there (App/DiagnosticsLog.swift:3)"))
    }

    @Test func aDatabaseInDocumentsFromObjectiveCIsNamed() throws {
        let finding = try #require(
            try sharingFinding([
                "App/ACMStore.m": """
                @implementation ACMStore
                - (NSString *)path {
                    NSString *folder = NSSearchPathForDirectoriesInDomains(NSDocumentDirectory, NSUserDomainMask, YES)[0];
                    return [folder stringByAppendingPathComponent:@"cards.sqlite"];
                }
                @end
                """
            ]))
        #expect(finding.message.contains("the code keeps a database there (App/ACMStore.m:3)"))
    }

    @Test func onlyImagesInDocumentsIsLowConfidence() throws {
        let finding = try #require(
            try sharingFinding([
                "App/ImageCache.swift": """
                final class ImageCache {
                    // Logging calls beside the folder say nothing about what is kept in it.
                    func thumbnail(named name: String) -> URL {
                        NSLog("thumbnail %@", name)
                        return URL.documentsDirectory.appending(path: "Thumbnails").appending(path: name + ".png")
                    }
                }
                """
            ]))
        #expect(finding.confidence == .low)
        #expect(finding.message.contains("nothing in the scanned code keeps a database, a log or a credential"))
    }

    @Test func withoutSourcesTheFindingIsAsItWas() throws {
        let finding = try #require(try sharingFinding([:]))
        #expect(finding.confidence == .medium)
        #expect(!finding.message.contains("nothing in the scanned code"))
    }
}
