import Foundation
import Testing
@testable import IOSecCore

@Suite struct AssociationFileTests {
    static let app = AppID("ABCDE12345.com.example.app")!
    static let other = AppID("ZZZZZ99999.com.example.other")!

    static func report(_ json: String) -> AssociationFileReport { AssociationFile.validate(Data(json.utf8)) }

    static let modern = """
        {
          "applinks": {
            "defaults": { "caseSensitive": true },
            "details": [
              {
                "appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app.clip"],
                "components": [
                  { "/": "/help/website", "exclude": true, "comment": "not the help pages" },
                  { "/": "/buy/*", "?": { "ref": "????" } },
                  { "/": "/search/", "?": "q=*" },
                  { "#": "no_universal_links", "exclude": true },
                  { "/": "/Items/*", "caseSensitive": false },
                  { "/": "/a%20b/*" },
                  { "/": "/c d/*", "percentEncoded": false },
                  { "/": "/help/*" }
                ]
              },
              { "appID": "ZZZZZ99999.com.example.other", "components": [ { "/": "/other/*" } ] }
            ]
          },
          "webcredentials": { "apps": ["ABCDE12345.com.example.app"] },
          "appclips": { "apps": ["ABCDE12345.com.example.app.clip"] },
          "activitycontinuation": { "apps": ["ABCDE12345.com.example.app"] }
        }
        """

    @Test func parsesModernForm() throws {
        let r = Self.report(Self.modern)
        #expect(r.issues.isEmpty, "\(r.issues)")
        #expect(r.isValid)
        let file = try #require(r.file)
        #expect(file.webcredentials?.apps == [Self.app])
        #expect(file.appclips?.apps.map(\.bundleID) == ["com.example.app.clip"])
        #expect(file.applinks?.details.count == 2)
        let c = try #require(file.applinks?.details[0].components)
        #expect(c[0] == .init(path: "/help/website", exclude: true, comment: "not the help pages"))
        #expect(c[1].query == .items([(name: "ref", pattern: "????")]))
        #expect(c[2].query == .whole("q=*"))
        #expect(file.applinks?.defaults.caseSensitive == true)
        #expect(file.allAppIDs.count == 3)
    }

    @Test func componentsSemantics() throws {
        let file = try #require(Self.report(Self.modern).file)
        func opens(_ path: String, _ query: String? = nil, _ fragment: String? = nil, _ id: AppID = Self.app) -> Bool {
            file.opensApp(path: path, query: query, fragment: fragment, appID: id)
        }
        // exclude stops matching even though a later component would match.
        #expect(!opens("/help/website"))
        #expect(opens("/help/faq"))
        // `*` any run, `?` exactly one character, query dictionary.
        #expect(opens("/buy/42", "ref=abcd"))
        #expect(opens("/buy/", "x=1&ref=wxyz"))
        #expect(!opens("/buy/42", "ref=abc"))
        #expect(!opens("/buy/42", "ref=abcde"))
        #expect(!opens("/buy/42"))
        // whole-query pattern
        #expect(opens("/search/", "q=shoes"))
        #expect(!opens("/search/", "page=2"))
        // fragment exclusion applies to any path (component order matters: it comes after /buy).
        #expect(!opens("/anything", nil, "no_universal_links"))
        #expect(opens("/buy/1", "ref=abcd", "no_universal_links"))
        // caseSensitive: default true, false per component.
        #expect(opens("/items/7"))
        #expect(opens("/ITEMS/7"))
        #expect(!opens("/HELP/faq"))
        // percentEncoded: default true compares the encoded URL; false decodes it first.
        #expect(opens("/a%20b/x"))
        #expect(opens("/c%20d/x"))
        // Unlisted paths and other apps.
        #expect(!opens("/nothing"))
        #expect(!opens("/help/faq", nil, nil, Self.other))
        #expect(opens("/other/1", nil, nil, Self.other))
    }

    @Test func defaultsInheritance() throws {
        let json = """
            {"applinks": {"defaults": {"caseSensitive": false},
              "details": [{"appIDs": ["ABCDE12345.com.example.app"], "defaults": {"percentEncoded": false},
                           "components": [{"/": "/Ü/*"}, {"/": "/Strict", "caseSensitive": true}]}]}}
            """
        let file = try #require(Self.report(json).file)
        #expect(file.opensApp(path: "/%C3%9C/a", query: nil, fragment: nil, appID: Self.app))
        #expect(file.opensApp(path: "/strict", query: nil, fragment: nil, appID: Self.app) == false)
        #expect(file.opensApp(path: "/Strict", query: nil, fragment: nil, appID: Self.app))
    }

    @Test func legacyPathsForm() throws {
        let json = """
            {"applinks": {"apps": [], "details": [
              {"appID": "ABCDE12345.com.example.app", "paths": ["NOT /private/*", "/private/public", "/*"]}]}}
            """
        let r = Self.report(json)
        #expect(r.issues.isEmpty, "\(r.issues)")
        let file = try #require(r.file)
        #expect(!file.opensApp(path: "/private/public", query: nil, fragment: nil, appID: Self.app))  // NOT wins first
        #expect(file.opensApp(path: "/anything", query: nil, fragment: nil, appID: Self.app))
    }

    @Test func legacyFormNeedsEmptyApps() {
        let missing = Self.report(
            #"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "paths": ["/*"]}]}}"#)
        #expect(missing.errors.map(\.path) == ["applinks"])
        #expect(missing.errors.first?.message.contains("\"apps\": []") == true)
        let nonEmpty = Self.report(
            #"{"applinks": {"apps": ["x"], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["/*"]}]}}"#)
        #expect(nonEmpty.errors.map(\.path) == ["applinks.apps"])
    }

    @Test func obsoleteDetailsDictionary() throws {
        let r = Self.report(
            #"{"applinks": {"apps": [], "details": {"ABCDE12345.com.example.app": {"paths": ["/x/*"]}}}}"#)
        #expect(r.errors.isEmpty)
        #expect(r.issues.map(\.path) == ["applinks.details"])
        #expect(r.file?.opensApp(path: "/x/1", query: nil, fragment: nil, appID: Self.app) == true)
    }

    @Test(arguments: [
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.ok", "abcde12345.com.bad"], "components": []}]}}"#,
            "applinks.details[0].appIDs[1]", "10 upper-case"
        ),
        (
            #"{"applinks": {"details": [{"appID": "SHORT.com.x", "components": []}]}}"#, "applinks.details[0].appID",
            "10 upper-case"
        ),
        (
            #"{"applinks": {"details": [{"appID": "ABCDE12345", "components": []}]}}"#, "applinks.details[0].appID",
            "TEAMID.bundle.id"
        ),
        (
            #"{"applinks": {"details": [{"appID": "ABCDE12345.com..x", "components": []}]}}"#,
            "applinks.details[0].appID", "non-empty"
        ),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "/a"}, {}, {"/": 5}]}]}}"#,
            #"applinks.details[0].components[2]["/"]"#, "must be a string, found a number"
        ),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"exclude": "yes"}]}]}}"#,
            "applinks.details[0].components[0].exclude", "true or false"
        ),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"?": ["a"]}]}]}}"#,
            #"applinks.details[0].components[0]["?"]"#, "pattern string or an object"
        ),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"?": {"id": 1}}]}]}}"#,
            #"applinks.details[0].components[0]["?"].id"#, "must be a string"
        ),
        (#"{"applinks": {"details": [{"components": []}]}}"#, "applinks.details[0]", "missing \"appID\""),
        (
            #"{"applinks": {"details": [{"appIDs": "ABCDE12345.a", "components": []}]}}"#, "applinks.details[0].appIDs",
            "must be an array"
        ),
        (#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"]}]}}"#, "applinks.details[0]", "neither"),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": {}}]}}"#,
            "applinks.details[0].components", "array of objects"
        ),
        (#"{"applinks": {"details": 3}}"#, "applinks.details", "must be an array"),
        (#"{"applinks": {}}"#, "applinks", "missing \"details\""),
        (#"{"applinks": []}"#, "applinks", "must be an object"),
        (#"{"webcredentials": {"apps": "ABCDE12345.a"}}"#, "webcredentials.apps", "must be an array"),
        (#"{"webcredentials": {}}"#, "webcredentials", "missing \"apps\""),
        (#"{"appclips": {"apps": [42]}}"#, "appclips.apps[0]", "must be a string"),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [], "defaults": {"caseSensitive": 1}}]}}"#,
            "applinks.details[0].defaults.caseSensitive", "true or false"
        ),
        (#"{"nothing": 1}"#, "", "declares none"),
        ("[1, 2]", "", "must be a JSON object, found an array"),
        ("{\"applinks\": ", "", "not valid JSON"),
        ("", "", "not valid JSON")
    ])
    func errorsHavePreciseJSONPaths(json: String, path: String, fragment: String) {
        let r = Self.report(json)
        #expect(!r.isValid)
        let hit = r.errors.first { $0.path == path && $0.message.contains(fragment) }
        #expect(hit != nil, "\(r.issues)")
    }

    @Test func warnings() {
        let r = Self.report(
            """
            {"applinks": {"details": [{"appID": "ABCDE12345.a", "appIDs": ["ABCDE12345.b"], "paths": ["/x"],
              "components": [{"/": "nope", "color": "red"}], "extra": 1}]}, "future": {}}
            """)
        #expect(r.errors.isEmpty, "\(r.errors)")
        let paths = Set(r.issues.map(\.path))
        #expect(
            paths == [
                "applinks.details[0]", #"applinks.details[0].components[0]["/"]"#,
                "applinks.details[0].components[0].color", "applinks.details[0].extra", "future"
            ])
        #expect(r.file?.applinks?.details[0].appIDs.map(\.bundleID) == ["a", "b"])
    }

    @Test func byteLevelProblems() {
        // UTF-8 BOM: warning, still parsed.
        var bom = Data([0xEF, 0xBB, 0xBF])
        bom.append(Data(#"{"webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}"#.utf8))
        let b = AssociationFile.validate(bom)
        #expect(b.isValid)
        #expect(b.issues.map(\.severity) == [.warning])
        #expect(b.issues.first?.message.contains("byte-order mark") == true)
        // gzip magic
        let gz = AssociationFile.validate(Data([0x1F, 0x8B, 0x08, 0x00, 0x00]))
        #expect(gz.file == nil)
        #expect(gz.errors.first?.message.contains("gzip") == true)
        // Not UTF-8
        let latin1 = AssociationFile.validate(Data([0x7B, 0x22, 0xE9, 0x22, 0x3A, 0x31, 0x7D]))
        #expect(latin1.file == nil)
        #expect(latin1.errors.first?.message.contains("UTF-8") == true)
        // Size limit: 128 KB + 1 byte of otherwise valid JSON.
        let prefix = #"{"webcredentials": {"apps": ["ABCDE12345.com.example.app"]}, "pad": ""#
        let suffix = "\"}"
        let pad = String(repeating: "x", count: AssociationFile.maximumSize + 1 - prefix.utf8.count - suffix.utf8.count)
        let big = AssociationFile.validate(Data((prefix + pad + suffix).utf8))
        #expect(big.errors.count == 1)
        #expect(big.errors.first?.message.contains("131072") == true)
        #expect(big.file?.webcredentials?.apps == [Self.app])
        let exact = String(pad.dropFirst())
        #expect(AssociationFile.validate(Data((prefix + exact + suffix).utf8)).errors.isEmpty)
    }

    @Test func appIDRules() {
        #expect(AppID("ABCDE12345.com.example.app")?.teamID == "ABCDE12345")
        #expect(AppID("ABCDE12345.com.example.app.dev")?.looksLikeDevelopmentBuild == true)
        #expect(AppID("ABCDE12345.com.example.app")?.looksLikeDevelopmentBuild == false)
        #expect(AppID("ABCDE1234.com.example") == nil)
        #expect(AppID("ABCDE12345.com example") == nil)
        #expect(AppID("ÄBCDE12345.com.example") == nil)
        #expect(AppID("") == nil)
    }

    @Test(.timeLimit(.minutes(2))) func wildcardMatcherIsNotExponential() throws {
        let pattern = String(repeating: "*a", count: 40) + "b"
        let json = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "\#(pattern)"}]}]}}"#
        let file = try #require(Self.report(json).file)
        #expect(
            !file.opensApp(
                path: String(repeating: "a", count: 5_000), query: nil, fragment: nil, appID: AppID("ABCDE12345.a")!
            ))
    }
}
