import Foundation
import Testing
@testable import IOSecCore

@Suite struct OpenStepPropertyListTests {
    static let pbxproj = #"""
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = 56;
        	objects = {

        /* Begin PBXFancyFutureSection section */
        		AA0000000000000000000001 /* thing */ = {isa = PBXFancyFuture; data = <0aFF 10>; };
        /* End PBXFancyFutureSection section */

        /* Begin PBXNativeTarget section */
        		AA0000000000000000000010 /* MyApp */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = AA0000000000000000000020 /* Build configuration list for PBXNativeTarget "MyApp" */;
        			name = MyApp;
        		};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        		AA0000000000000000000011 /* Project object */ = {
        			isa = PBXProject;
        			buildConfigurationList = AA0000000000000000000021;
        		};
        /* End PBXProject section */

        /* Begin XCBuildConfiguration section */
        		AA0000000000000000000030 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				ENABLE_TESTABILITY = YES;
        				SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG $(inherited)";
        				"CODE_SIGN_IDENTITY[sdk=iphoneos*]" = "iPhone Developer";
        			};
        			name = Debug;
        		};
        		AA0000000000000000000031 /* Release */ = {
        			isa = XCBuildConfiguration;
        			baseConfigurationReference = AA0000000000000000000099 /* Release.xcconfig */;
        			buildSettings = {
        				GCC_PREPROCESSOR_DEFINITIONS = (
        					"DEBUG=1",
        					"$(inherited)",
        				);
        				INFOPLIST_KEY_NSHumanReadableCopyright = "\"Quoted\" \\ tab\there\U00e9\012";
        				SWIFT_OPTIMIZATION_LEVEL = "-Onone";
        			};
        			name = Release;
        		};
        		AA0000000000000000000032 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        			};
        			name = Release;
        		};
        /* End XCBuildConfiguration section */

        /* Begin XCConfigurationList section */
        		AA0000000000000000000020 = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				AA0000000000000000000030 /* Debug */,
        				AA0000000000000000000031 /* Release */,
        			);
        		};
        		AA0000000000000000000021 = {
        			isa = XCConfigurationList;
        			buildConfigurations = (AA0000000000000000000032);
        		};
        /* End XCConfigurationList section */
        	};
        	rootObject = AA0000000000000000000011 /* Project object */;
        }
        """#

    @Test func readsBuildConfigurations() throws {
        let project = try XcodeProject.parse(Data(Self.pbxproj.utf8))
        #expect(project.configurations.map(\.name) == ["Debug", "Release", "Release"])
        let debug = project.configurations[0]
        #expect(debug.owner == .target("MyApp"))
        #expect(debug.line == 29)
        #expect(debug.string("ENABLE_TESTABILITY") == "YES")
        #expect(debug.line(of: "ENABLE_TESTABILITY") == 32)
        #expect(debug.list("SWIFT_ACTIVE_COMPILATION_CONDITIONS") == ["DEBUG", "$(inherited)"])
        #expect(debug.string("CODE_SIGN_IDENTITY[sdk=iphoneos*]") == "iPhone Developer")
        let release = project.configurations[1]
        #expect(release.owner == .target("MyApp"))
        #expect(release.baseConfigurationReference == "AA0000000000000000000099")
        #expect(release.list("GCC_PREPROCESSOR_DEFINITIONS") == ["DEBUG=1", "$(inherited)"])
        #expect(release.string("GCC_PREPROCESSOR_DEFINITIONS") == "DEBUG=1 $(inherited)")
        #expect(release.string("INFOPLIST_KEY_NSHumanReadableCopyright") == "\"Quoted\" \\ tab\there\u{e9}\n")
        #expect(release.string("SWIFT_OPTIMIZATION_LEVEL") == "-Onone")
        #expect(project.configurations[2].owner == .project)
        #expect(project.configurations[2].buildSettings.isEmpty)
    }

    /// Objects `XcodeProject` never reads are skipped over without being built: braces and quotes in their strings
    /// and comments, and lines, must come out as a whole parse gives them; a broken one is still an error.
    @Test func skipsObjectsItDoesNotRead() throws {
        let skipped = #"""
                    AA0000000000000000000050 /* a } */ = {isa = PBXFileReference; name = "a } { ( \" b"; path = 'x}y'; };
                    AA0000000000000000000051 = {
                        isa = PBXGroup; // }
                        children = (
                            AA0000000000000000000050 /* ) */,
                        );
                    };

            """#
        let marker = "/* Begin PBXNativeTarget section */"
        let text = Self.pbxproj.replacingOccurrences(of: marker, with: skipped + marker)
        let project = try XcodeProject.parse(Data(text.utf8))
        let plain = try XcodeProject.parse(Data(Self.pbxproj.utf8))
        #expect(project.configurations.map(\.name) == plain.configurations.map(\.name))
        #expect(project.configurations.map(\.owner) == plain.configurations.map(\.owner))
        #expect(project.configurations.map(\.buildSettings) == plain.configurations.map(\.buildSettings))
        #expect(project.configurations.map { $0.line.map { $0 - 7 } } == plain.configurations.map(\.line))
        // The whole parse keeps every object.
        let objects = try PropertyListParser.parseOpenStep(Data(text.utf8)).root["objects"]?.dictionary
        #expect(objects?["AA0000000000000000000050"]?.dictionary?["name"]?.string == "a } { ( \" b")

        let truncated = Self.pbxproj.replacingOccurrences(of: marker, with: "X = {isa = PBXGroup; children = ( A, ")
        #expect(throws: PropertyListError.self) { try XcodeProject.parse(Data(truncated.utf8)) }
        let open = Self.pbxproj.replacingOccurrences(of: marker, with: "X = {isa = PBXGroup; name = \"a; };")
        #expect(throws: PropertyListError.self) { try XcodeProject.parse(Data(open.utf8)) }
    }

    @Test func genericOpenStepValues() throws {
        let doc = try PropertyListParser.parse(Data(#"{ a = (1, "two", <00ff>); 'b c' = { }; }"#.utf8))
        #expect(doc.format == .openStep)
        #expect(doc.root["a"] == .array(.init(values: [.string("1"), .string("two"), .data(Data([0, 255]))])))
        #expect(doc.root["b c"] == .dictionary(.init()))
        #expect(try PropertyListParser.parse(Data("<0a0b>".utf8)).root == .data(Data([10, 11])))
    }

    @Test(arguments: [
        ("{ a = b }", 1, "expected ';'"),
        ("{\n a b; }", 2, "expected '='"),
        ("{ a = \"open; }", 1, "unterminated quoted string"),
        ("{ a = (1 2); }", 1, "expected ',' or ')'"),
        ("{ a = b;", 1, "expected '}'"),
        ("{ a = <0g>; }", 1, "hex data"),
        ("{ /* never", 1, "unterminated /* comment"),
        ("{ } extra", 1, "after the root"),
        ("{ a = ; }", 1, "unexpected character")
    ])
    func malformed(text: String, line: Int, fragment: String) {
        #expect {
            try PropertyListParser.parseOpenStep(Data(text.utf8))
        } throws: { error in
            guard let e = error as? PropertyListError, case .malformedOpenStep = e.kind else { return false }
            return e.line == line && e.description.contains(fragment)
        }
    }

    @Test func projectWithoutObjects() {
        #expect(throws: PropertyListError.self) { try XcodeProject.parse(Data("{ archiveVersion = 1; }".utf8)) }
        #expect(throws: PropertyListError.self) { try XcodeProject.parse(Data("( a )".utf8)) }
    }

    @Test func xcconfig() {
        let config = XCConfig.parse(
            """
            // Shared settings
            #include "Base.xcconfig"
            #include? "Local.xcconfig"
            SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG $(inherited) // trailing comment
            API_URL = https://api.example.com
            ENABLE_TESTABILITY = NO
            ENABLE_TESTABILITY[config=Release] = YES
            OTHER_LDFLAGS[sdk=iphoneos*][arch=arm64] = -ObjC

            this line is wrong
            BAD-NAME = 1
            #include Unquoted.xcconfig
            """)
        #expect(
            config.includes == [
                .init(path: "Base.xcconfig", isOptional: false, line: 2),
                .init(path: "Local.xcconfig", isOptional: true, line: 3)
            ])
        #expect(config.value(for: "SWIFT_ACTIVE_COMPILATION_CONDITIONS") == "DEBUG $(inherited)")
        #expect(config.value(for: "API_URL") == "https:")  // `//` starts a comment, as in Xcode
        #expect(config.value(for: "ENABLE_TESTABILITY", configuration: "Release") == "YES")
        #expect(config.value(for: "ENABLE_TESTABILITY", configuration: "Debug") == "NO")
        #expect(config.assignment(for: "ENABLE_TESTABILITY", configuration: "Release")?.line == 7)
        let ld = config.assignment(for: "OTHER_LDFLAGS")
        #expect(ld?.conditions == [.init(name: "sdk", value: "iphoneos*"), .init(name: "arch", value: "arm64")])
        #expect(config.problems.map(\.line) == [10, 11, 12])
    }

    @Test func configWildcards() {
        let config = XCConfig.parse("A[config=Rel*] = 1\n")
        #expect(config.value(for: "A", configuration: "Release") == "1")
        #expect(config.value(for: "A", configuration: "Debug") == nil)
    }
}
