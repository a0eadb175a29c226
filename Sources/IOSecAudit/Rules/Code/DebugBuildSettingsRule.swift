import IOSecCore

/// `code.debug-build-settings`: debug-only build settings in a configuration that ships (Release, App Store,
/// Staging…), in a `project.pbxproj` or an `.xcconfig`.
struct DebugBuildSettingsRule: ProjectRule {
    static let description = RuleDescription(
        id: "code.debug-build-settings",
        title: "Debug build settings in a release configuration",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-CODE-4",
        cwe: 489, owasp: OWASPReference("MASWE-0061", beta: "MASWE-0095", mastg: ["MASTG-TEST-0219"], .close),
        rationale: """
            Settings meant for development change what ships: `DEBUG` in `SWIFT_ACTIVE_COMPILATION_CONDITIONS` (or \
            `DEBUG=1` in `GCC_PREPROCESSOR_DEFINITIONS`) compiles every `#if DEBUG` block — test menus, verbose \
            logging, certificate-check bypasses, mock logins — into the release binary; `ENABLE_TESTABILITY` exports \
            internal symbols for `@testable import`; `-Onone` ships unoptimised code with its checks and names; \
            `STRIP_INSTALLED_PRODUCT = NO` leaves the symbol table in. Each makes the shipped app easier to reverse and \
            can switch on code that was never meant to leave the developer's desk.

            What ships is what a scheme archives: the `buildConfiguration` of the Archive action of the `.xcscheme` \
            files in the repository. A configuration no scheme archives is not reported; one archived beside \
            another that does not have the same setting (a Staging scheme next to the App Store one) is reported \
            as info, an internal build. Without any scheme in the scan, every configuration whose name does not \
            say development (`Debug`, `Dev`, `Development`) is taken to ship. A project-level value every target \
            overrides, and test bundles, are not reported. Severity follows what the setting does to the shipped \
            app: `DEBUG` switches code on (medium), an unstripped symbol table helps reverse it (low), testability \
            and `-Onone` are hardening notes (info).
            """,
        fix:
            "Keep these settings in the Debug configuration only: set them with [config=Debug] conditions or in Debug.xcconfig, and let Release inherit the safe defaults.",
        fixExample: """
            // Config/Release.xcconfig
            SWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited)   // no DEBUG
            SWIFT_OPTIMIZATION_LEVEL = -O
            ENABLE_TESTABILITY = NO
            STRIP_INSTALLED_PRODUCT = YES
            // Config/Debug.xcconfig
            SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG $(inherited)
            ENABLE_TESTABILITY = YES
            """,
        triggeringExamples: [
            RuleExample(
                """
                // Release configuration for the app target.
                PRODUCT_BUNDLE_IDENTIFIER = com.acme.wallet
                ↓ENABLE_TESTABILITY = YES
                ↓SWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited) DEBUG
                SWIFT_OPTIMIZATION_LEVEL = -O
                """, path: "Config/Release.xcconfig"),
            // A shared file with per-configuration conditions.
            RuleExample(
                """
                SWIFT_OPTIMIZATION_LEVEL[config=Debug] = -Onone
                ↓SWIFT_OPTIMIZATION_LEVEL[config=Release] = -Onone
                ↓GCC_PREPROCESSOR_DEFINITIONS[config=Release] = DEBUG=1 $(inherited)
                ↓STRIP_INSTALLED_PRODUCT[config=AppStore] = NO
                """, path: "Config/Shared.xcconfig"),
            RuleExample(
                """
                // !$*UTF8*$!
                {
                    objects = {
                        A1B2C3D4E5F60718293A4B5C = {
                            isa = XCBuildConfiguration;
                            buildSettings = {
                                ENABLE_TESTABILITY = YES;
                                SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG;
                            };
                            name = Debug;
                        };
                        A1B2C3D4E5F60718293A4B5D = {
                            isa = XCBuildConfiguration;
                            buildSettings = {
                                ↓SWIFT_ACTIVE_COMPILATION_CONDITIONS = (
                                    "$(inherited)",
                                    DEBUG,
                                );
                                SWIFT_COMPILATION_MODE = wholemodule;
                            };
                            name = Release;
                        };
                    };
                    rootObject = A1B2C3D4E5F60718293A4B5C;
                }
                """, path: "AcmeWallet.xcodeproj/project.pbxproj"),
            // The scheme archives Release, and the app target's Release compiles DEBUG in.
            RuleExample(files: [
                (
                    "AcmeWallet.xcodeproj/project.pbxproj",
                    """
                    // !$*UTF8*$!
                    {
                        objects = {
                            C1B2C3D4E5F60718293A4B5C = {
                                isa = PBXNativeTarget;
                                buildConfigurationList = C1B2C3D4E5F60718293A4B5D;
                                name = AcmeWallet;
                            };
                            C1B2C3D4E5F60718293A4B5D = {
                                isa = XCConfigurationList;
                                buildConfigurations = (C1B2C3D4E5F60718293A4B5E);
                            };
                            C1B2C3D4E5F60718293A4B5E = {
                                isa = XCBuildConfiguration;
                                buildSettings = {
                                    ↓SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG $(inherited)";
                                };
                                name = Release;
                            };
                        };
                        rootObject = C1B2C3D4E5F60718293A4B5C;
                    }
                    """
                ),
                ("AcmeWallet.xcodeproj/xcshareddata/xcschemes/AcmeWallet.xcscheme", exampleScheme)
            ])
        ],
        nonTriggeringExamples: [
            // Staging compiles DEBUG in, but the only scheme archives Release: Staging never leaves the Mac.
            // The project-level -Onone of Release is overridden by the app target, the only one that builds.
            RuleExample(files: [
                (
                    "AcmeWallet.xcodeproj/project.pbxproj",
                    """
                    // !$*UTF8*$!
                    {
                        objects = {
                            D1B2C3D4E5F60718293A4B50 = {
                                isa = PBXProject;
                                buildConfigurationList = D1B2C3D4E5F60718293A4B51;
                            };
                            D1B2C3D4E5F60718293A4B51 = {
                                isa = XCConfigurationList;
                                buildConfigurations = (D1B2C3D4E5F60718293A4B52);
                            };
                            D1B2C3D4E5F60718293A4B52 = {
                                isa = XCBuildConfiguration;
                                buildSettings = {
                                    SWIFT_OPTIMIZATION_LEVEL = "-Onone";
                                };
                                name = Release;
                            };
                            D1B2C3D4E5F60718293A4B5C = {
                                isa = PBXNativeTarget;
                                buildConfigurationList = D1B2C3D4E5F60718293A4B5D;
                                name = AcmeWallet;
                            };
                            D1B2C3D4E5F60718293A4B5D = {
                                isa = XCConfigurationList;
                                buildConfigurations = (D1B2C3D4E5F60718293A4B5E, D1B2C3D4E5F60718293A4B5F);
                            };
                            D1B2C3D4E5F60718293A4B5E = {
                                isa = XCBuildConfiguration;
                                buildSettings = {
                                    SWIFT_ACTIVE_COMPILATION_CONDITIONS = "STAGING DEBUG";
                                };
                                name = Staging;
                            };
                            D1B2C3D4E5F60718293A4B5F = {
                                isa = XCBuildConfiguration;
                                buildSettings = {
                                    SWIFT_OPTIMIZATION_LEVEL = "-O";
                                };
                                name = Release;
                            };
                        };
                        rootObject = D1B2C3D4E5F60718293A4B50;
                    }
                    """
                ),
                ("AcmeWallet.xcodeproj/xcshareddata/xcschemes/AcmeWallet.xcscheme", exampleScheme)
            ]),
            // Debug configurations may do all of it.
            RuleExample(
                """
                SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG
                SWIFT_OPTIMIZATION_LEVEL = -Onone
                GCC_PREPROCESSOR_DEFINITIONS = DEBUG=1 $(inherited)
                ENABLE_TESTABILITY = YES
                STRIP_INSTALLED_PRODUCT = NO
                """, path: "Config/AcmeWallet-Debug.xcconfig"),
            // Release with the safe values; DEBUG only for the simulator SDK, which never ships; a shared file whose
            // unconditioned setting a Release file may override.
            RuleExample(files: [
                (
                    "Config/Release.xcconfig",
                    """
                    #include "Shared.xcconfig"
                    ENABLE_TESTABILITY = NO
                    SWIFT_OPTIMIZATION_LEVEL = -O
                    SWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited) RELEASE_LOGGING
                    SWIFT_ACTIVE_COMPILATION_CONDITIONS[sdk=iphonesimulator*] = $(inherited) DEBUG
                    GCC_PREPROCESSOR_DEFINITIONS = NDEBUG=1 DEBUG_MENU=0
                    STRIP_INSTALLED_PRODUCT = YES
                    """
                ),
                ("Config/Shared.xcconfig", "ENABLE_TESTABILITY = YES\n")
            ]),
            // Xcode's own template: testability and DEBUG in Debug only; the unit-test target's Release
            // configuration needs testability and never ships.
            RuleExample(
                """
                // !$*UTF8*$!
                {
                    objects = {
                        B1B2C3D4E5F60718293A4B5C = {
                            isa = XCBuildConfiguration;
                            buildSettings = {
                                ENABLE_TESTABILITY = YES;
                                GCC_PREPROCESSOR_DEFINITIONS = (
                                    "DEBUG=1",
                                    "$(inherited)",
                                );
                                SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG $(inherited)";
                                SWIFT_OPTIMIZATION_LEVEL = "-Onone";
                            };
                            name = Debug;
                        };
                        B1B2C3D4E5F60718293A4B5D = {
                            isa = XCBuildConfiguration;
                            buildSettings = {
                                ENABLE_NS_ASSERTIONS = NO;
                                SWIFT_COMPILATION_MODE = wholemodule;
                                SWIFT_OPTIMIZATION_LEVEL = "-O";
                            };
                            name = Release;
                        };
                        B1B2C3D4E5F60718293A4B5E = {
                            isa = PBXNativeTarget;
                            buildConfigurationList = B1B2C3D4E5F60718293A4B5F;
                            name = AcmeWalletTests;
                        };
                        B1B2C3D4E5F60718293A4B5F = {
                            isa = XCConfigurationList;
                            buildConfigurations = (B1B2C3D4E5F60718293A4B60);
                        };
                        B1B2C3D4E5F60718293A4B60 = {
                            isa = XCBuildConfiguration;
                            buildSettings = {
                                ENABLE_TESTABILITY = YES;
                            };
                            name = Release;
                        };
                    };
                    rootObject = B1B2C3D4E5F60718293A4B5C;
                }
                """, path: "AcmeWallet.xcodeproj/project.pbxproj")
        ]
    )

    /// The Archive action of an example's only scheme: it archives Release.
    static let exampleScheme = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Scheme LastUpgradeVersion = "1600" version = "1.7">
           <BuildAction parallelizeBuildables = "YES">
              <BuildActionEntries>
                 <BuildActionEntry buildForArchiving = "YES">
                    <BuildableReference
                       BuildableIdentifier = "primary"
                       BlueprintName = "AcmeWallet"
                       ReferencedContainer = "container:AcmeWallet.xcodeproj">
                    </BuildableReference>
                 </BuildActionEntry>
              </BuildActionEntries>
           </BuildAction>
           <ArchiveAction
              buildConfiguration = "Release"
              revealArchiveInOrganizer = "YES">
           </ArchiveAction>
        </Scheme>
        """

    static func evaluate(_ project: ProjectContext) {
        let archives = ArchivedConfigurations(project)
        let settings = project.facts(FactKind.debugBuildSetting)
        // Which configuration has which problem: another archived configuration without the same one is how the
        // team builds what it uploads.
        let present = Set(settings.map(\.value))
        for fact in settings {
            let fields = FactKind.fields(fact.value, count: 2)
            let (configuration, problem) = (fields[0], fields[1])
            let projectFile = fact.file.hasSuffix("/project.pbxproj") ? String(fact.file.dropLast(16)) : nil
            switch archives.status(of: configuration, project: projectFile) {
            case .notArchived:
                continue
            case .unknown:
                project.report(
                    description, file: fact.file, line: fact.line, column: fact.column,
                    message: "\(problem) in the \(configuration) configuration", severity: severity(of: problem))
            case .archived(let schemes, let alongside):
                let by = Self.schemes(schemes)
                // Another archived configuration without this setting is what the team uploads; this one is an
                // internal build (Staging, Alpha), kept that way on purpose.
                if let clean = alongside.first(where: {
                    !present.contains(FactKind.join($0, problem)) && !ConfigurationKind.isDebug($0)
                }) {
                    project.report(
                        description, file: fact.file, line: fact.line, column: fact.column,
                        message: """
                            \(problem) in the \(configuration) configuration, which \(by) \(Self.archive(schemes)) \
                            beside the \(clean) configuration, which does not: an internal build, as long as \(clean) is \
                            the one uploaded to the App Store
                            """, severity: .info)
                } else {
                    project.report(
                        description, file: fact.file, line: fact.line, column: fact.column,
                        message:
                            "\(problem) in the \(configuration) configuration, which \(by) \(Self.archive(schemes))",
                        severity: severity(of: problem))
                }
            }
        }
    }

    /// Severity follows what the setting does to the shipped app: `DEBUG` switches debug-only code on (medium); a
    /// symbol table left in helps whoever reverses it (low); testability and `-Onone` change neither what the app
    /// does nor what it reveals beyond its symbol names, so they are hardening notes (info).
    static func severity(of problem: String) -> Severity {
        if problem.hasPrefix("DEBUG in ") { return .medium }
        if problem.hasPrefix("STRIP_INSTALLED_PRODUCT") { return .low }
        return .info
    }

    private static func archive(_ schemes: [String]) -> String { schemes.count == 1 ? "archives" : "archive" }

    /// `the scheme “App”`, `the schemes “App” and “App Beta”`, `the schemes “A”, “B” and 3 more`.
    private static func schemes(_ names: [String]) -> String {
        let quoted = names.map { "“\($0)”" }
        switch quoted.count {
        case 0: return "a scheme"
        case 1: return "the scheme \(quoted[0])"
        case 2: return "the schemes \(quoted[0]) and \(quoted[1])"
        default: return "the schemes \(quoted[0]), \(quoted[1]) and \(quoted.count - 2) more"
        }
    }

    /// What is wrong with a setting when it is in a configuration that ships, or nil.
    static func problem(key: String, values: [String]) -> String? {
        let value = values.joined(separator: " ")
        switch key {
        case "ENABLE_TESTABILITY" where value == "YES":
            return "ENABLE_TESTABILITY = YES exports every internal symbol for @testable import"
        case "SWIFT_OPTIMIZATION_LEVEL" where value == "-Onone":
            return "SWIFT_OPTIMIZATION_LEVEL = -Onone ships unoptimised code with its debug checks and names"
        case "SWIFT_ACTIVE_COMPILATION_CONDITIONS" where values.contains("DEBUG"):
            return "DEBUG in SWIFT_ACTIVE_COMPILATION_CONDITIONS compiles every #if DEBUG block into the shipped app"
        case "GCC_PREPROCESSOR_DEFINITIONS" where values.contains("DEBUG=1") || values.contains("DEBUG"):
            return
                "DEBUG in GCC_PREPROCESSOR_DEFINITIONS compiles every #if DEBUG block of C and Objective-C code into the shipped app"
        case "STRIP_INSTALLED_PRODUCT" where value == "NO":
            return "STRIP_INSTALLED_PRODUCT = NO leaves the symbol table in the shipped binary"
        default:
            return nil
        }
    }
}
