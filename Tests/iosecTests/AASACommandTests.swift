import Foundation
import IOSecTestSupport
import Testing

/// `iosec aasa` and `iosec pin` as a user runs them, against a local HTTPS server.
@Suite struct AASACommandTests {
    static let valid =
        #"{"webcredentials":{"apps":["ABCDE12345.com.acme.wallet"]},"applinks":{"details":[{"appIDs":["ABCDE12345.com.acme.wallet"],"components":[{"/":"/offers/internal/*","exclude":true},{"/":"/offers/*"}]}]}}"#

    struct Served {
        let server: LocalTLSServer
        let caFile: String
        var base: String { "https://localhost:\(server.port)" }
    }

    static func serve(_ responder: @escaping @Sendable (TestHTTPRequest) -> TestHTTPResponse) async throws -> Served {
        let ca = try TestCertificateAuthority()
        let leaf = try ca.issueServerCertificate()
        let server = try await LocalTLSServer.start(chain: [leaf, ca.identity], responder: responder)
        let caFile = TestScratch.path("iosec-ca", suffix: ".pem")
        try ca.identity.pem.write(toFile: caFile, atomically: true, encoding: .utf8)
        return Served(server: server, caFile: caFile)
    }

    /// Runs iosec and echoes what it printed, so the test log shows real output for each case.
    static func aasa(_ arguments: [String]) throws -> CLITests.Run {
        let run = try CLITests.run(["aasa"] + arguments)
        print("$ iosec aasa \(arguments.joined(separator: " "))\n\(run.stdout)\(run.stderr)exit \(run.status)\n")
        return run
    }

    @Test func servedCases() async throws {
        let s = try await Self.serve { request in
            switch request.path {
            case "/.well-known/apple-app-site-association": return .ok(Self.valid, contentType: "application/json")
            case "/redirect": return .redirect(to: "https://www.acme.example/.well-known/apple-app-site-association")
            case "/html": return .ok(Self.valid, contentType: "text/html")
            case "/big":
                return .ok(
                    #"{"pad":""# + String(repeating: "x", count: 200_000) + "\"}", contentType: "application/json")
            case "/broken": return .ok("{\"applinks\": [", contentType: "application/json")
            case "/slow":
                var response = TestHTTPResponse.ok(Self.valid, contentType: "application/json")
                response.delay = .seconds(120)  // only --timeout can end it
                return response
            default: return .status(404)
            }
        }
        defer { Task { try? await s.server.stop() } }
        let app = ["--app-id", "ABCDE12345.com.acme.wallet", "--ca-file", s.caFile]

        let ok = try Self.aasa(
            [s.base + "/.well-known/apple-app-site-association"] + app + ["--url-path", "/offers/42"])
        #expect(ok.status == 0)
        #expect(ok.stdout.contains("status    200 · content-type application/json"))
        #expect(ok.stdout.contains("webcredentials listed · applinks listed · appclips not listed"))
        #expect(ok.stdout.contains("url path  /offers/42 opens the app"))
        #expect(ok.stdout.hasSuffix("result: pass (0 errors, 0 warnings)\n"))

        let excluded = try Self.aasa(
            [s.base + "/.well-known/apple-app-site-association"] + app + ["--url-path", "/offers/internal/1"])
        #expect(excluded.stdout.contains("does not open the app"))

        let redirect = try Self.aasa([s.base + "/redirect"] + app)
        #expect(redirect.status == 1)
        #expect(redirect.stdout.contains("redirect  https://www.acme.example/.well-known/apple-app-site-association"))
        #expect(redirect.stdout.contains("Apple does not follow redirects"))

        let html = try Self.aasa([s.base + "/html"] + app)
        #expect(html.status == 0)
        #expect(html.stdout.contains("warning: http: Content-Type is \"text/html\""))

        let missing = try Self.aasa([s.base + "/nope"] + app)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("answered 404"))

        let big = try Self.aasa([s.base + "/big"] + app)
        #expect(big.status == 1)
        #expect(big.stdout.contains("131072+ bytes"))

        let broken = try Self.aasa([s.base + "/broken"] + app)
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("not valid JSON"))

        let slow = try Self.aasa([s.base + "/slow", "--timeout", "0.5"] + app)
        #expect(slow.status == 1)
        #expect(slow.stdout.contains("timeout"))

        let untrusted = try Self.aasa([
            s.base + "/.well-known/apple-app-site-association", "--app-id", "ABCDE12345.com.acme.wallet"
        ])
        #expect(untrusted.status == 1)
        #expect(untrusted.stdout.contains("TLS handshake with localhost failed"))

        let json = try Self.aasa([s.base + "/redirect", "--format", "json"] + app)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(doc["passed"] as? Bool == false)
        #expect((doc["http"] as? [String: Any])?["status"] as? Int == 301)
    }

    @Test func localFilesAndUsageErrors() throws {
        let dir = TestScratch.path("iosec-aasa")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let good = dir + "/apple-app-site-association"
        try Self.valid.write(toFile: good, atomically: true, encoding: .utf8)
        #expect(try Self.aasa([good, "--app-id", "ABCDE12345.com.acme.wallet"]).status == 0)
        let other = try Self.aasa([good, "--app-id", "ZZZZZ99999.com.other.app"])
        #expect(other.status == 1)
        #expect(other.stdout.contains("is not listed for webcredentials, applinks or appclips"))
        let dev = dir + "/dev-aasa"
        try #"{"webcredentials":{"apps":["ABCDE12345.com.acme.wallet.dev"]}}"#.write(
            toFile: dev, atomically: true, encoding: .utf8)
        #expect(try Self.aasa([dev]).status == 0)
        let production = try Self.aasa([dev, "--production"])
        #expect(production.status == 1)
        #expect(production.stdout.contains("looks like a development build"))
        #expect(try Self.aasa([dev, "--app-id", "ABCDE.com.x"]).status == 2)
        let http = try Self.aasa(["http://acme.example"])
        #expect(http.status == 2)
        #expect(http.stderr.contains("HTTPS only"))
        #expect(try Self.aasa(["no such thing"]).status == 2)
    }

    /// `--project` reads the App ID the project's release build signs as and checks the file against it.
    @Test func projectGivesTheReleaseAppID() throws {
        let examples = ChecklistCommandTests.examples.path
        let file = "/Server/.well-known/apple-app-site-association"
        let hardened = try Self.aasa([examples + "/HardenedApp" + file, "--project", examples + "/HardenedApp"])
        #expect(hardened.status == 0)
        #expect(hardened.stderr.contains("release App ID: ABCDE12345.com.acme.wallet"))
        // InsecureApp's release build moved to another team; its file still lists the old one.
        let insecure = try Self.aasa([examples + "/InsecureApp" + file, "--project", examples + "/InsecureApp"])
        #expect(insecure.status == 1)
        #expect(insecure.stdout.contains("KLMNO24680.com.acme.wallet is not listed"))
        let empty = TestScratch.path("iosec-aasa-empty-project")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let none = try Self.aasa([examples + "/HardenedApp" + file, "--project", empty])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no release build with both DEVELOPMENT_TEAM and PRODUCT_BUNDLE_IDENTIFIER"))
        #expect(
            try Self.aasa([examples + "/HardenedApp" + file, "--project", empty, "--app-id", "ABCDE12345.a.b"]).status
                == 2)
    }

    @Test func pinPrintsPinsOfAFileAndOfALiveServer() async throws {
        let s = try await Self.serve { _ in .status(200) }
        defer { Task { try? await s.server.stop() } }
        let live = try CLITests.run(["pin", "localhost:\(s.server.port)"])
        #expect(live.status == 0)
        #expect(live.stdout.contains(s.server.chain[0].spkiPinFromKey))
        #expect(live.stdout.contains(s.server.chain[1].spkiPinFromKey))
        let file = try CLITests.run(["pin", s.caFile, "--format", "plist", "--host", "api.acme.example"])
        #expect(file.status == 0)
        #expect(file.stdout.contains("<key>api.acme.example</key>"))
        #expect(file.stdout.contains(s.server.chain[1].spkiPinFromKey))
        let swift = try CLITests.run(["pin", s.caFile, "--format", "swift", "--host", "api.acme.example"])
        #expect(swift.stdout.contains("PinSet"))
        #expect(try CLITests.run(["pin", "localhost:99999"]).status == 2)
    }
}
