import Foundation
import Testing

@testable import IOSecAudit

/// An ATS exception for a domain nothing in the app's code or configuration names is low confidence: the exception
/// serves a library outside the scan or an address learned at run time.
struct UnnamedATSDomainsTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>NSAppTransportSecurity</key><dict>
                <key>NSExceptionDomains</key><dict>
                    <key>feeds.acme-news.com</key><dict>
                        <key>NSExceptionAllowsInsecureHTTPLoads</key><true/>
                    </dict>
                    <key>relay.example.net</key><dict>
                        <key>NSIncludesSubdomains</key><true/>
                        <key>NSExceptionAllowsInsecureHTTPLoads</key><true/>
                    </dict>
                </dict>
            </dict>
        </dict></plist>
        """

    func exceptionFindings(_ files: [String: String], selection: Bool = false) throws -> [String: Finding] {
        let tree = TemporaryTree()
        tree.write("App/Info.plist", Self.plist)
        // A second copy of the exceptions (another target's plist) names the domains too, and must not count.
        tree.write("Widget/Widget-Info.plist", Self.plist)
        for (path, text) in files { tree.write(path, text) }
        var options = ScanOptions(jobs: 1)
        options.minimumConfidence = .low
        let findings = try Scanner(options: options).scan(tree.root).findings.filter {
            $0.ruleId == "network.ats-exception-insecure" && $0.file == "App/Info.plist"
        }
        var byDomain: [String: Finding] = [:]
        for finding in findings {
            if finding.message.contains("feeds.acme-news.com") { byDomain["feeds"] = finding }
            if finding.message.contains("relay.example.net") { byDomain["relay"] = finding }
        }
        return byDomain
    }

    @Test func aDomainTheCodeNamesKeepsItsConfidence() throws {
        let findings = try exceptionFindings([
            "App/FeedClient.swift": """
            struct FeedClient {
                let base = URL(string: "http://feeds.acme-news.com/latest.xml")!
            }
            """
        ])
        let named = try #require(findings["feeds"])
        #expect(named.confidence == .high)
        #expect(!named.message.contains("nothing in the scanned code"))
        let unnamed = try #require(findings["relay"])
        #expect(unnamed.confidence == .low)
        #expect(unnamed.message.contains("nothing in the scanned code or configuration names 'relay.example.net'"))
    }

    @Test func aDomainInAConfigurationPlistCounts() throws {
        let findings = try exceptionFindings([
            "App/AppDelegate.swift": "final class AppDelegate {}",
            "App/Endpoints.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>Relay</key><string>http://eu.relay.example.net/</string></dict></plist>
            """
        ])
        #expect(try #require(findings["relay"]).confidence == .high)
        #expect(try #require(findings["feeds"]).confidence == .low)
    }

    @Test func aDomainNamedOnlyInTestsIsUnnamed() throws {
        let findings = try exceptionFindings([
            "App/AppDelegate.swift": "final class AppDelegate {}",
            "AppTests/FeedTests.swift": #"let url = "http://feeds.acme-news.com/fixture.xml""#
        ])
        #expect(try #require(findings["feeds"]).confidence == .low)
    }

    @Test func withoutSourceCodeNothingChanges() throws {
        // A built app or a folder of configuration only: the code that would name the domain is not there to read.
        let findings = try exceptionFindings([:])
        #expect(try #require(findings["feeds"]).confidence == .high)
        #expect(try #require(findings["relay"]).confidence == .high)
    }
}
