import Foundation
import IOSecAudit
import IOSecCore
import IOSecFixtures
import Testing

/// The binary rules' examples: Mach-O files built in memory that must trigger each rule, and realistic ones that
/// must not (pure Swift without canaries, ARC through register-specific retains, `_objc_allocateProtocol` beside
/// `_alloca`'s name, system and bundle-relative libraries). Binaries have no source to mark, so the examples live here
/// rather than in the rule descriptions; `everyBinaryRuleHasExamples` keeps the two in step.
@Suite struct BinaryRuleTests {
    struct Case: Sendable {
        let name: String
        let binary: MachOBuilder
        var role: BinaryRole = .appExecutable
        var signing: SigningKind = .noProfile
        var profile: PropertyListDictionary? = nil
    }

    /// What an ad-hoc profile of team ABCDE12345 grants for com.example.app.
    static let profileGrants = PropertyListDictionary([
        "application-identifier": .string("ABCDE12345.com.example.app"),
        "com.apple.developer.team-identifier": .string("ABCDE12345"),
        "keychain-access-groups": .array(PropertyListArray([.init(value: .string("ABCDE12345.*"))])),
        "get-task-allow": .bool(false), "aps-environment": .string("production")
    ])

    /// An app signed with these entitlements (XML plist body entries).
    static func signed(_ body: String) -> MachOBuilder {
        objcApp {
            $0.codeSignature = CodeSignatureBuilder(
                identifier: "com.example.app",
                entitlementsXML:
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>\(body)</dict></plist>"
            ).build()
        }
    }

    static func clean() -> MachOBuilder { SampleApps.hardenedExecutable() }

    static func objcApp(_ change: (inout MachOBuilder) -> Void = { _ in }) -> MachOBuilder {
        var b = SampleApps.insecureExecutable()
        b.flags = 0x0020_0085
        b.symbols = [
            .external("__mh_execute_header", value: 0x1_0000_0000), .undefined("_objc_msgSend"),
            .undefined("_objc_storeStrong"), .undefined("___stack_chk_fail"), .undefined("___stack_chk_guard")
        ]
        b.dylibs = [.init(path: "/usr/lib/libSystem.B.dylib"), .init(path: "/usr/lib/libobjc.A.dylib")]
        b.rpaths = ["@executable_path/Frameworks"]
        b.segments[0].sections[1] = .strings("__TEXT", "__cstring", ["https://api.example.com"])
        b.codeSignature = CodeSignatureBuilder(identifier: "com.example.app").build()
        change(&b)
        return b
    }

    /// A Swift executable whose Objective-C class list holds `classes` (Swift's mangled names, clang's plain ones, or
    /// CocoaPods' dummies), with selector references as any Swift code that calls UIKit has, and `imports`.
    static func swiftApp(classes: [String], imports: [String]) -> MachOBuilder {
        var b = clean()
        b.segments[0].sections += [
            .strings("__TEXT", "__objc_classname", classes),
            .strings("__TEXT", "__objc_methname", ["viewDidLoad", "application:didFinishLaunchingWithOptions:"])
        ]
        b.segments[1].sections += [
            MachOBuilder.Section(
                segment: "__DATA_CONST", name: "__objc_classlist",
                contents: [UInt8](repeating: 0, count: 8 * classes.count)),
            MachOBuilder.Section(
                segment: "__DATA_CONST", name: "__objc_selrefs", contents: [UInt8](repeating: 0, count: 16))
        ]
        b.symbols = [.external("__mh_execute_header", value: 0x1_0000_0000)] + imports.map { .undefined($0) }
        return b
    }

    static let swiftClasses = ["_TtC4Acme11AppDelegate", "_TtC4Acme18LoginViewController", "_TtGC4Acme9ListCell_SS_"]

    static let triggering: [String: [Case]] = [
        "binary.entitlements-profile-mismatch": [
            Case(
                name: "keychain group of another team",
                binary: signed(
                    "<key>application-identifier</key><string>ABCDE12345.com.example.app</string>"
                        + "<key>keychain-access-groups</key><array><string>FGHIJ67890.com.example.shared</string></array>"
                ), signing: .adHoc, profile: profileGrants),
            Case(
                name: "push environment and associated domains the profile does not grant",
                binary: signed(
                    "<key>aps-environment</key><string>development</string>"
                        + "<key>com.apple.developer.associated-domains</key><array><string>applinks:example.com</string></array>"
                ), signing: .adHoc, profile: profileGrants)
        ],
        "binary.no-pie": [
            Case(name: "executable without MH_PIE", binary: objcApp { $0.flags = 0x85 }),
            Case(
                name: "Swift executable without MH_PIE",
                binary: {
                    var b = clean()
                    b.flags = 0x85
                    return b
                }())
        ],
        "binary.no-stack-canary": [
            Case(
                name: "Swift app with one Objective-C class clang compiled, without ___stack_chk_*",
                binary: swiftApp(
                    classes: swiftClasses + ["ACMLegacySession"],
                    imports: ["_swift_retain", "_objc_msgSend", "_objc_storeStrong"])),
            Case(
                name: "Objective-C app without ___stack_chk_*",
                binary: objcApp { $0.symbols = [.undefined("_objc_msgSend"), .undefined("_objc_storeStrong")] }),
            Case(
                name: "plain C library without ___stack_chk_*",
                binary: {
                    var b = SampleApps.legacyFramework()
                    b.symbols = [.undefined("_malloc")]
                    return b
                }(), role: .library)
        ],
        "binary.no-arc": [
            Case(name: "manual retain/release framework", binary: SampleApps.legacyFramework(), role: .library),
            Case(
                name: "Swift beside a manual retain/release Objective-C class",
                binary: swiftApp(
                    classes: swiftClasses + ["ACMLegacySession"],
                    imports: ["_swift_retain", "_objc_msgSend", "_objc_retain", "_objc_release", "___stack_chk_fail"])),
            Case(
                name: "Objective-C app importing only objc_release",
                binary: objcApp { $0.symbols = [.undefined("_objc_release"), .undefined("___stack_chk_fail")] })
        ],
        "binary.not-stripped": [
            Case(
                name: "N_STAB entries",
                binary: objcApp { $0.symbols?.append(.stab("/Users/dev/App/main.o", type: 0x66)) }),
            Case(
                name: "local symbols only (info)",
                binary: objcApp { $0.symbols?.append(.local("_checkPIN")) })
        ],
        "binary.injected-library": [
            Case(
                name: "MobileSubstrate dylib",
                binary: objcApp { $0.dylibs.append(.init(path: "/Library/MobileSubstrate/MobileSubstrate.dylib")) }),
            Case(
                name: "library on the build machine",
                binary: objcApp { $0.dylibs.append(.init(path: "/Users/dev/build/libHelpers.dylib")) })
        ],
        "binary.weak-api": [
            Case(
                name: "strcpy and CC_MD5",
                binary: objcApp { $0.symbols? += [.undefined("_strcpy"), .undefined("_CC_MD5")] }),
            Case(
                name: "gets through a chained-fixups import",
                binary: objcApp { $0.chainedFixups = .init(imports: [.init(name: "_gets")]) })
        ],
        "binary.rpath-unsafe": [
            Case(name: "absolute build folder", binary: objcApp { $0.rpaths.append("/Users/dev/Frameworks") }),
            Case(name: "relative to the working directory", binary: objcApp { $0.rpaths.append("Frameworks") })
        ],
        "binary.encrypted": [
            Case(
                name: "cryptid 1",
                binary: {
                    var b = clean()
                    b.cryptID = 1
                    return b
                }()),
            Case(name: "encrypted extension", binary: SampleApps.encryptedExtension(), role: .extensionExecutable)
        ],
        "binary.debug-entitlement": [
            Case(
                name: "get-task-allow without a profile",
                binary: objcApp {
                    $0.codeSignature = CodeSignatureBuilder(entitlementsXML: CodeSignatureBuilder.sampleEntitlements)
                        .build()
                }),
            Case(
                name: "get-task-allow in an ad-hoc build",
                binary: objcApp {
                    $0.codeSignature = CodeSignatureBuilder(entitlementsXML: CodeSignatureBuilder.sampleEntitlements)
                        .build()
                }, signing: .adHoc)
        ],
        "platform.uiwebview": [
            Case(
                name: "UIWebView class import",
                binary: objcApp { $0.symbols?.append(.undefined("_OBJC_CLASS_$_UIWebView")) })
        ]
    ]

    static let nonTriggering: [String: [Case]] = [
        "binary.entitlements-profile-mismatch": [
            Case(
                name: "every entitlement granted, keychain groups through the team wildcard",
                binary: signed(
                    "<key>application-identifier</key><string>ABCDE12345.com.example.app</string>"
                        + "<key>keychain-access-groups</key><array><string>ABCDE12345.com.example.app</string>"
                        + "<string>ABCDE12345.com.example.shared</string></array>"
                        + "<key>aps-environment</key><string>production</string>"),
                signing: .adHoc, profile: profileGrants),
            Case(
                name: "get-task-allow differs (binary.debug-entitlement's)",
                binary: signed(
                    "<key>application-identifier</key><string>ABCDE12345.com.example.app</string>"
                        + "<key>get-task-allow</key><true/>"), signing: .adHoc, profile: profileGrants),
            Case(
                name: "no embedded profile (App Store build)",
                binary: signed("<key>aps-environment</key><string>development</string>"))
        ],
        "binary.no-pie": [
            Case(name: "PIE executable", binary: objcApp()),
            Case(name: "dylib (no MH_PIE by design)", binary: SampleApps.hardenedFramework(), role: .library)
        ],
        "binary.no-stack-canary": [
            Case(name: "pure Swift without ___stack_chk_fail", binary: clean()),
            // MobSF's oldest false alarm: UIKit subclasses written in Swift are in the Objective-C class list.
            Case(
                name: "Swift app whose Objective-C classes are all Swift classes",
                binary: swiftApp(classes: swiftClasses, imports: ["_swift_retain", "_objc_msgSend", "_objc_release"])),
            Case(
                name: "Swift pod framework with CocoaPods' dummy class",
                binary: swiftApp(
                    classes: ["PodsDummy_Alamofire", "_TtC9Alamofire7Session"],
                    imports: ["_swift_retain", "_objc_msgSend"]), role: .library),
            Case(name: "Objective-C with canaries", binary: objcApp())
        ],
        "binary.no-arc": [
            Case(name: "ARC Objective-C", binary: objcApp()),
            Case(
                name: "Swift classes only, with objc_release",
                binary: swiftApp(classes: swiftClasses, imports: ["_swift_retain", "_objc_msgSend", "_objc_release"])),
            Case(
                name: "ARC through register-specific retains",
                binary: objcApp { $0.symbols = [.undefined("_objc_retain_x19"), .undefined("___stack_chk_fail")] }),
            Case(
                name: "Swift with NSObject subclasses",
                binary: {
                    var b = clean()
                    b.symbols = [.undefined("_objc_release")]
                    return b
                }())
        ],
        "binary.not-stripped": [
            Case(name: "stripped", binary: objcApp()),
            Case(
                name: "only the radr://5614542 marker strip leaves",
                binary: objcApp { $0.symbols?.append(.stab("radr://5614542", type: 0x3C)) }),
            Case(
                name: "framework with local symbols",
                binary: {
                    var b = SampleApps.hardenedFramework()
                    b.symbols?.append(.local("_helper"))
                    return b
                }(), role: .library)
        ],
        "binary.injected-library": [
            Case(name: "system and @rpath libraries", binary: SampleApps.hardenedExecutable()),
            Case(
                name: "Swift back-deployment library",
                binary: objcApp { $0.dylibs.append(.init(path: "/usr/lib/swift/libswift_Concurrency.dylib")) })
        ],
        "binary.weak-api": [
            Case(
                name: "bounded functions",
                binary: objcApp {
                    $0.symbols? += [.undefined("_strlcpy"), .undefined("_snprintf"), .undefined("_arc4random_buf")]
                }),
            Case(
                name: "names that only contain a weak one",
                binary: objcApp {
                    $0.symbols? += [
                        .undefined("_objc_allocateProtocol"), .undefined("_strcpy_chk_wrapper"),
                        .undefined("$s4main6strcpyyyF")
                    ]
                })
        ],
        "binary.rpath-unsafe": [
            Case(
                name: "bundle-relative rpaths",
                binary: objcApp { $0.rpaths = ["@executable_path/Frameworks", "@loader_path/Frameworks"] }),
            Case(name: "Swift runtime rpath", binary: clean())
        ],
        "binary.encrypted": [
            Case(name: "cryptid 0", binary: clean()),
            Case(
                name: "no encryption command",
                binary: {
                    var b = clean()
                    b.cryptID = nil
                    return b
                }())
        ],
        "binary.debug-entitlement": [
            Case(name: "release entitlements", binary: clean()),
            Case(
                name: "get-task-allow in a development build",
                binary: objcApp {
                    $0.codeSignature = CodeSignatureBuilder(entitlementsXML: CodeSignatureBuilder.sampleEntitlements)
                        .build()
                }, signing: .development),
            Case(
                name: "get-task-allow in a simulator build",
                binary: objcApp {
                    $0.buildVersion = (7, 0x000F_0000, 0x0011_0200)
                    $0.codeSignature = CodeSignatureBuilder(entitlementsXML: CodeSignatureBuilder.sampleEntitlements)
                        .build()
                })
        ],
        "platform.uiwebview": [
            Case(name: "WKWebView", binary: objcApp { $0.symbols?.append(.undefined("_OBJC_CLASS_$_WKWebView")) })
        ]
    ]

    static func findings(_ c: Case, id: String) -> [Finding] {
        SourceAnalysis.analyzeBinary(
            c.binary.build(), role: c.role, signing: c.signing, profileEntitlements: c.profile,
            rules: RuleSet.all.only(id)
        )
        .findings.filter { $0.ruleId == id }
    }

    @Test func everyBinaryRuleHasExamples() {
        for rule in RuleRegistry.binaryRules where rule.description.area == "binary" {
            let id = rule.description.id
            #expect((Self.triggering[id]?.count ?? 0) >= 2, "\(id) needs at least 2 triggering binaries")
            #expect((Self.nonTriggering[id]?.count ?? 0) >= 2, "\(id) needs at least 2 non-triggering binaries")
        }
    }

    @Test(arguments: triggering.keys.sorted())
    func triggeringBinariesReport(id: String) {
        for c in Self.triggering[id] ?? [] {
            let found = Self.findings(c, id: id)
            #expect(found.count == 1, "\(id): \(c.name) gave \(found.map(\.message))")
            #expect(found.allSatisfy { $0.file == "Payload/App.app/App" && $0.line == 1 && !$0.snippet.isEmpty })
        }
    }

    @Test(arguments: nonTriggering.keys.sorted())
    func nonTriggeringBinariesStayQuiet(id: String) {
        for c in Self.nonTriggering[id] ?? [] {
            let found = Self.findings(c, id: id)
            #expect(found.isEmpty, "\(id): \(c.name) gave \(found.map(\.message))")
        }
    }

    @Test func findingsNameTheSliceAndSymbol() throws {
        let weak = try #require(Self.findings(Self.triggering["binary.weak-api"]![0], id: "binary.weak-api").first)
        #expect(weak.snippet == "arm64: imports _CC_MD5, _strcpy")
        #expect(weak.message.contains("_strcpy (unbounded copy)"))
        let stripped = Self.findings(Self.triggering["binary.not-stripped"]![1], id: "binary.not-stripped")
        #expect(stripped.first?.severity == .info)
        let injected = Self.findings(Self.triggering["binary.injected-library"]![0], id: "binary.injected-library")
        #expect(injected.first?.message.contains("injection framework") == true)
    }

    /// The hardening verdicts name the clang-compiled class that made a Swift binary count as Objective-C.
    @Test func languageVerdictsNameTheClassThatDecided() throws {
        let canary = try #require(
            Self.findings(Self.triggering["binary.no-stack-canary"]![0], id: "binary.no-stack-canary").first)
        #expect(canary.message.contains("has Objective-C code (Objective-C class 'ACMLegacySession')"))
        let arc = try #require(Self.findings(Self.triggering["binary.no-arc"]![1], id: "binary.no-arc").first)
        #expect(arc.message.contains("(Objective-C class 'ACMLegacySession')"))
    }

    @Test func fatBinaryReportsEachArchitectureOnce() {
        let arm64 = Self.objcApp { $0.flags = 0x85 }.build()
        var armv7 = Self.objcApp { $0.flags = 0x85 }
        armv7.is64Bit = false
        armv7.cpuType = 12
        armv7.cpuSubtype = 9
        let fat = MachOBuilder.fat([(12, 9, armv7.build()), (0x0100_000C, 0, arm64)]).bytes
        let found = SourceAnalysis.analyzeBinary(fat, rules: RuleSet.all.only("binary.no-pie")).findings
        #expect(found.count == 1)
        #expect(found.first?.message.contains("armv7, arm64") == true)
    }

    @Test func secretsInStringsAreReportedOnceAndRedacted() {
        let b = Self.objcApp {
            $0.segments[0].sections[1] = .strings(
                "__TEXT", "__cstring", ["AKIAIOSFODNN7QWERTYZ", "AKIAIOSFODNN7QWERTYZ", "pk_live_51Habcdefghijklmnop"])
        }
        let found = SourceAnalysis.analyzeBinary(b.build(), rules: RuleSet.all.only("secrets.hardcoded")).findings
        #expect(found.count == 2)
        #expect(found.allSatisfy { !$0.snippet.contains("IOSFODNN7QWERTYZ") })
        #expect(found.contains { $0.severity == .info })  // the publishable key
    }

    /// Found on real linker output: a format string holding a URL gave a snippet with the format and its newline.
    @Test func cleartextURLEndsAtWhitespace() {
        let b = Self.objcApp {
            $0.segments[0].sections[1] = .strings("__TEXT", "__cstring", ["http://api.acme-bank.com/v1 %d\n"])
        }
        let found = SourceAnalysis.analyzeBinary(b.build(), rules: RuleSet.all.only("network.cleartext-url")).findings
        #expect(found.map(\.snippet) == ["arm64: \"http://api.acme-bank.com/v1\""])
        #expect(found.allSatisfy { !$0.message.contains("\n") && !$0.message.contains("%d") })
    }

    @Test func cleartextURLsOnlyInTheAppsOwnExecutable() {
        let b = Self.objcApp {
            $0.segments[0].sections[1] = .strings(
                "__TEXT", "__cstring",
                [
                    "http://api.acme-bank.com/login", "http://api.acme-bank.com/logout", "http://localhost:8080",
                    "http://www.apple.com/DTDs/PropertyList-1.0.dtd"
                ])
        }
        let app = SourceAnalysis.analyzeBinary(b.build(), rules: RuleSet.all.only("network.cleartext-url")).findings
        #expect(app.count == 1 && app.first?.severity == .low, "\(app.map(\.message))")
        let library = SourceAnalysis.analyzeBinary(
            b.build(), role: .library, rules: RuleSet.all.only("network.cleartext-url")
        ).findings
        #expect(library.isEmpty)
    }

    @Test func unreadableBinaryIsOneDiagnostic() {
        let result = SourceAnalysis.analyzeBinary([0xCF, 0xFA, 0xED, 0xFE, 1, 2])
        #expect(result.findings.isEmpty)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.contains("not a readable Mach-O file") == true)
    }
}
