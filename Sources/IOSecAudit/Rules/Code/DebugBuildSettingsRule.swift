import IOSecCore

/// `code.debug-build-settings`: debug-only build settings in a configuration that ships (Release, App Store,
/// Staging…), in a `project.pbxproj` or an `.xcconfig`.
struct DebugBuildSettingsRule: ArtifactRule {
    static let fileKinds: Set<FileKind> = [.pbxproj, .xcconfig]

    static let description = RuleDescription(
        id: "code.debug-build-settings",
        title: "Debug build settings in a release configuration",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-CODE-4",
        cwe: 489,
        rationale: """
            Settings meant for development change what ships: `DEBUG` in `SWIFT_ACTIVE_COMPILATION_CONDITIONS` (or \
            `DEBUG=1` in `GCC_PREPROCESSOR_DEFINITIONS`) compiles every `#if DEBUG` block — test menus, verbose \
            logging, certificate-check bypasses, mock logins — into the release binary; `ENABLE_TESTABILITY` exports \
            internal symbols for `@testable import`; `-Onone` ships unoptimised code with its checks and names; \
            `STRIP_INSTALLED_PRODUCT = NO` leaves the symbol table in. Each makes the shipped app easier to reverse and \
            can switch on code that was never meant to leave the developer's desk. Debug configurations are not \
            reported; a configuration is judged by its name (`Debug`, `Dev`, `Development` are development).
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
                """, path: "AcmeWallet.xcodeproj/project.pbxproj")
        ],
        nonTriggeringExamples: [
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

    static func check(_ file: ArtifactFile) {
        if file.kind == .pbxproj {
            guard let project = try? CollectorSupport.xcodeProject(file).get() else { return }
            for configuration in project.configurations
            where !ConfigurationKind.isDebug(configuration.name) && !Self.isTestTarget(configuration.owner) {
                for entry in configuration.buildSettings.entries where !Self.simulatorOnly(entry.key) {
                    guard let values = configuration.list(entry.key) else { continue }
                    check(
                        key: BuildSettingsCollector.bareKey(entry.key), values: values,
                        configuration: configuration.name,
                        line: entry.keyLine, in: file)
                }
            }
        } else if !file.isTestCode {
            let named = BuildSettingsCollector.configurationName(ofXCConfig: file.path)
            for assignment in CollectorSupport.xcconfig(file).assignments {
                // A file that names no configuration is shared: a Release file may override what it sets.
                guard
                    let configuration = assignment.conditions.first(where: { $0.name == "config" })?.value
                        ?? Optional(named),
                    !configuration.isEmpty, !ConfigurationKind.isDebug(configuration),
                    !assignment.conditions.contains(where: { $0.name == "sdk" && $0.value.hasPrefix("iphonesimulator") }
                    )
                else { continue }
                check(
                    key: assignment.key, values: assignment.values, configuration: configuration,
                    line: assignment.line, in: file)
            }
        }
    }

    private static func check(key: String, values: [String], configuration: String, line: Int?, in file: ArtifactFile) {
        guard let problem = problem(key: key, values: values) else { return }
        file.report(description, atLineStart: line, message: "\(problem) in the \(configuration) configuration")
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

    /// Test bundles need testability in every configuration and never ship.
    private static func isTestTarget(_ owner: XcodeProject.Owner?) -> Bool {
        if case .target(let name) = owner { return name.hasSuffix("Tests") }
        return false
    }

    /// `KEY[sdk=iphonesimulator*]`: simulator builds never ship.
    private static func simulatorOnly(_ key: String) -> Bool {
        key.contains("[sdk=iphonesimulator")
    }
}
