import Foundation
import Testing

@testable import IOSecAudit

/// A credential-named value in a property list the app opens by name, under a key no code reads, is low confidence;
/// one the code reads, or one in a list the code never opens (a library may read it), keeps its confidence.
struct UnreadPlistKeysTests {
    static let clientPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
            <key>Id</key><string>ios-shop</string>
            <key>Secret</key><string>4b9e2d71c05a8f3366e1a9d0c7b2f54e</string>
        </dict></plist>
        """

    func secretFinding(_ files: [String: String]) throws -> Finding {
        let tree = TemporaryTree()
        tree.write("App/Resources/Client.plist", Self.clientPlist)
        for (path, text) in files { tree.write(path, text) }
        var options = ScanOptions(jobs: 1)
        options.minimumConfidence = .low
        let findings = try Scanner(options: options).scan(tree.root).findings.filter {
            $0.ruleId == "secrets.hardcoded" && $0.file == "App/Resources/Client.plist"
        }
        #expect(findings.count == 1)
        return try #require(findings.first)
    }

    @Test func aKeyTheAppNeverReadsIsLowConfidence() throws {
        let finding = try secretFinding([
            "App/ClientInfo.swift": """
            struct ClientInfo {
                let values: [String: Any]
                init(bundle: Bundle) {
                    let path = bundle.path(forResource: "Client", ofType: "plist")
                    values = path.flatMap { NSDictionary(contentsOfFile: $0) as? [String: Any] } ?? [:]
                }
                var id: String { values["Id"] as? String ?? "" }
            }
            """
        ])
        #expect(finding.confidence == .low)
        #expect(finding.message.contains("the app opens Client.plist but nothing in its code reads 'Secret'"))
    }

    @Test func aKeyTheAppReadsKeepsItsConfidence() throws {
        let finding = try secretFinding([
            "App/ClientInfo.swift": """
            struct ClientInfo: Decodable {
                let Id: String
                let Secret: String
                static func load() throws -> ClientInfo {
                    let url = Bundle.main.url(forResource: "Client", withExtension: "plist")!
                    return try PropertyListDecoder().decode(ClientInfo.self, from: Data(contentsOf: url))
                }
            }
            """
        ])
        #expect(finding.confidence == .medium)
    }

    @Test func aListTheCodeNeverOpensKeepsItsConfidence() throws {
        // A library outside the scan may read it by a name the app's code never writes.
        let finding = try secretFinding(["App/AppDelegate.swift": "final class AppDelegate {}"])
        #expect(finding.confidence == .medium)
    }

    @Test func aKeyReadOnlyByTestsIsUnread() throws {
        let finding = try secretFinding([
            "App/ClientInfo.m": #"NSString *path = [[NSBundle mainBundle] pathForResource:@"Client" ofType:@"plist"];"#,
            "AppTests/ClientTests.swift": #"let secret = values["Secret"]"#
        ])
        #expect(finding.confidence == .low)
    }
}
