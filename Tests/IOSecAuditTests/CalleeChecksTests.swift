import Testing

@testable import IOSecAudit

/// A deep-link handler whose condition hands the URL to a function that checks its host, in another file, is low
/// confidence and says where the check is; one whose condition calls a function that checks nothing is unchanged.
struct CalleeChecksTests {
    static let handler = """
        import Foundation
        final class LinkRouter {
            let peers = PeerDirectory()
            func handleDeepLink(_ url: URL) {
                guard let id = Int(url.lastPathComponent) else { return }
                if peers.isKnown(url) {
                    showPost(id)
                }
            }
            func showPost(_ id: Int) {}
        }
        """

    func finding(peers: String) throws -> Finding {
        let files = [
            "App/LinkRouter.swift": Self.handler, "App/PeerDirectory.swift": peers,
            "App/Scene.swift": "import Foundation\nfunc open(_ url: URL) { LinkRouter().handleDeepLink(url) }\n"
        ]
        return try #require(
            try CallerArgumentsTests.scan(files).findings.first { $0.ruleId == "platform.url-scheme-unvalidated" })
    }

    @Test func aCheckInTheCalledFunctionLowersTheFinding() throws {
        let found = try finding(
            peers: """
                import Foundation
                final class PeerDirectory {
                    var hosts: Set<String> = []
                    func isKnown(_ url: URL) -> Bool { url.host.map(hosts.contains) ?? false }
                }
                """)
        #expect(found.confidence == .low)
        #expect(
            found.message.hasSuffix(
                "its condition calls `isKnown` (App/PeerDirectory.swift:4), which checks the URL's host or scheme"))
    }

    @Test func aCalledFunctionThatChecksNothingLeavesIt() throws {
        let found = try finding(
            peers: """
                import Foundation
                final class PeerDirectory {
                    var seen: Set<URL> = []
                    func isKnown(_ url: URL) -> Bool { !seen.insert(url).inserted }
                }
                """)
        #expect(found.confidence > .low)
    }
}
