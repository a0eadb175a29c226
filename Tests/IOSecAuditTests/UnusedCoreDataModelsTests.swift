import Foundation
import Testing

@testable import IOSecAudit

/// A Core Data model that no Swift or Objective-C file names (neither the model nor its secret-holding entities) is
/// never loaded: its finding is low confidence.
struct UnusedCoreDataModelsTests {
    static let model = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="LegacyAccount" representedClassName="ACMLegacyAccount" syncable="YES">
                <attribute name="accessToken" optional="YES" attributeType="String"/>
            </entity>
        </model>
        """

    func modelFinding(_ files: [String: String]) throws -> Finding? {
        let tree = TemporaryTree()
        tree.write(
            "App/Info.plist",
            #"<plist version="1.0"><dict><key>CFBundleIdentifier</key><string>a.b</string></dict></plist>"#)
        tree.write("App/Store.xcdatamodeld/Store.xcdatamodel/contents", Self.model)
        for (path, text) in files { tree.write(path, text) }
        var options = ScanOptions(jobs: 1)
        options.minimumConfidence = .low
        return try Scanner(options: options).scan(tree.root).findings.first {
            $0.ruleId == "storage.database-unencrypted" && $0.file.hasSuffix("/contents")
        }
    }

    @Test func aModelTheCodeLoadsByNameKeepsItsConfidence() throws {
        let finding = try #require(
            try modelFinding([
                "App/Persistence.swift": #"let container = NSPersistentContainer(name: "Store")"#
            ]))
        #expect(finding.confidence == .high)
    }

    @Test func anEntityClassTheCodeUsesKeepsItsConfidence() throws {
        // `mergedModel(from: nil)` loads every model in the bundle without naming any.
        let finding = try #require(
            try modelFinding([
                "App/ACMAccountStore.m": """
                @implementation ACMAccountStore
                - (void)save:(NSString *)token { ACMLegacyAccount *account = [self insert]; account.accessToken = token; }
                @end
                """
            ]))
        #expect(finding.confidence == .high)
    }

    @Test func aModelNothingNamesIsLowConfidence() throws {
        let finding = try #require(
            try modelFinding([
                "App/Persistence.swift": #"let container = NSPersistentContainer(name: "Library")"#,
                "AppTests/StoreTests.swift": #"let legacy = NSPersistentContainer(name: "Store")"#
            ]))
        #expect(finding.confidence == .low)
        #expect(finding.message.contains("nothing in the scanned code names the model 'Store'"))
    }
}
