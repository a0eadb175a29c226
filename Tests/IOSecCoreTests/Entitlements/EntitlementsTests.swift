import Foundation
import Testing
@testable import IOSecCore

@Suite struct EntitlementsTests {
    static func read(_ body: String) throws -> (Entitlements, [EntitlementIssue]) {
        let doc = try PropertyListParser.parse(Data(("<plist>\n<dict>\n" + body + "\n</dict>\n</plist>").utf8))
        return Entitlements.read(doc.root)
    }

    @Test func readsSecurityKeys() throws {
        let (e, issues) = try Self.read(
            """
            <key>get-task-allow</key>
            <true/>
            <key>com.apple.developer.associated-domains</key>
            <array>
              <string>applinks:example.com</string>
              <string>webcredentials:*.example.com?mode=developer</string>
              <string>applinks:intranet.example.com?mode=developer+managed</string>
            </array>
            <key>keychain-access-groups</key>
            <array><string>$(AppIdentifierPrefix)com.example.shared</string><string>ABCDE12345.other</string></array>
            <key>com.apple.security.application-groups</key>
            <array><string>group.com.example.app</string></array>
            <key>aps-environment</key><string>development</string>
            <key>com.apple.developer.devicecheck.appattest-environment</key><string>production</string>
            <key>application-identifier</key><string>ABCDE12345.com.example.app</string>
            <key>com.apple.developer.team-identifier</key><string>ABCDE12345</string>
            <key>com.apple.developer.icloud-services</key><array/>
            """)
        #expect(issues.isEmpty, "\(issues)")
        #expect(e.getTaskAllow == true)
        #expect(e.line(of: Entitlements.Key.getTaskAllow) == 3)
        #expect(e.associatedDomains.count == 3)
        let dev = e.associatedDomains[1]
        #expect(dev.line == 8)
        #expect(dev.value.service == .webcredentials)
        #expect(dev.value.domain == "example.com")
        #expect(dev.value.includesSubdomains)
        #expect(dev.value.modes == [.developer])
        #expect(e.associatedDomains[2].value.modes == [.developer, .managed])
        #expect(e.associatedDomains[0].value.modes.isEmpty)
        #expect(e.defaultKeychainAccessGroup == "$(AppIdentifierPrefix)com.example.shared")
        #expect(e.applicationGroups == ["group.com.example.app"])
        #expect(e.apsEnvironment == .development)
        #expect(e.appAttestEnvironment == .production)
        #expect(e.applicationIdentifier == "ABCDE12345.com.example.app")
        #expect(e.teamIdentifier == "ABCDE12345")
    }

    @Test func malformedValues() throws {
        let (e, issues) = try Self.read(
            """
            <key>get-task-allow</key><string>YES</string>
            <key>com.apple.developer.associated-domains</key>
            <array>
              <string>example.com</string>
              <string>mail:example.com</string>
              <string>applinks:https://example.com/path</string>
              <string>appclips:*.example.com</string>
              <string>applinks:example.com?mode=debug</string>
              <integer>3</integer>
              <string>applinks:ok.example.com</string>
            </array>
            <key>aps-environment</key><string>prod</string>
            <key>keychain-access-groups</key><string>one</string>
            """)
        #expect(e.getTaskAllow == nil)
        #expect(e.associatedDomains.map(\.value.domain) == ["ok.example.com"])
        #expect(issues.map(\.line) == [3, 6, 7, 8, 9, 10, 11, 14, 15])
        #expect(issues[1].message.contains("<service>:<domain>"))
        #expect(issues[2].message.contains("unknown service \"mail\""))
        #expect(issues[4].message.contains("app clips"))
        #expect(issues[5].message.contains("mode=developer"))
        #expect(issues[7].message.contains("\"development\" or \"production\""))
    }

    @Test func associatedDomainParsing() {
        #expect(AssociatedDomain("applinks:example.com")?.service == .applinks)
        #expect(AssociatedDomain("activitycontinuation:example.com?mode=managed")?.modes == [.managed])
        #expect(AssociatedDomain("applinks:") == nil)
        #expect(AssociatedDomain(":example.com") == nil)
        #expect(AssociatedDomain("applinks:ex*ample.com") == nil)
        #expect(AssociatedDomain("applinks:example.com?mode=") == nil)
    }

    @Test func nonDictionaryRoot() {
        let (_, issues) = Entitlements.read(.array(.init(values: [])))
        #expect(issues.count == 1)
    }
}
