import Foundation
import Testing

@testable import IOSecAudit

/// Objective-C compiled only when a project macro is true, where nothing in the project sets the macro (only
/// conditions, comments, strings and `#define X 0` name it), is in no build; a build setting, an xcconfig or a real
/// `#define` that sets it, and compiler or SDK macros, leave the code as it was.
struct UndefinedMacroTests {
    static let browser = """
        #import <UIKit/UIKit.h>
        #import "Features.h"

        #if FEATURE_LEGACY_BROWSER
        @implementation LegacyBrowser
        - (void)open {
            UIWebView *webView = [[UIWebView alloc] initWithFrame:CGRectZero];
            [self.view addSubview:webView];
        }
        @end
        #endif /* FEATURE_LEGACY_BROWSER */
        """

    static let platform = """
        #import <UIKit/UIKit.h>
        #if TARGET_OS_IOS
        @implementation PlatformBrowser
        - (void)open {
            UIWebView *webView = [[UIWebView alloc] initWithFrame:CGRectZero];
        }
        @end
        #endif
        """

    static let features = """
        // Turned off: App Store Connect rejects UIWebView (ITMS-90809). Set FEATURE_LEGACY_BROWSER=1 to build it.
        // #define FEATURE_LEGACY_BROWSER 1
        #if !TARGET_OS_IOS
        #define FEATURE_LEGACY_BROWSER 0
        #endif
        """

    static func webViewFindings(_ extra: [String: String] = [:]) throws -> [Finding] {
        let tree = TemporaryTree()
        tree.write("App/Info.plist", UnreferencedDeclarationsTests.plist)
        tree.write("App/Browser.m", Self.browser)
        tree.write("App/Features.h", Self.features)
        tree.write("App/Platform.m", Self.platform)
        for (path, text) in extra { tree.write(path, text) }
        var options = ScanOptions(jobs: 1)
        options.minimumConfidence = .low
        options.includedContexts = Set(CodeContext.allCases)
        return try Scanner(options: options).scan(tree.root).findings.filter {
            $0.ruleId == UIWebViewRule.description.id
        }
    }

    @Test func codeUnderAMacroNothingSetsIsInNoBuild() throws {
        let findings = try Self.webViewFindings()
        let legacy = try #require(findings.first { $0.file == "App/Browser.m" })
        #expect(legacy.line == 7)
        #expect(legacy.context == .unreferenced)
        #expect(legacy.message.contains("compiled only when `FEATURE_LEGACY_BROWSER` is set (line 4)"))
        // `TARGET_OS_IOS` is the SDK's: the code stays in the app.
        #expect(findings.first { $0.file == "App/Platform.m" }?.context == .app)
    }

    @Test func aBuildSettingOrADefineThatSetsTheMacroKeepsTheCode() throws {
        let setting = try Self.webViewFindings([
            "App.xcodeproj/project.pbxproj": """
            // !$*UTF8*$!
            { objects = { 1 = { isa = XCBuildConfiguration; buildSettings = {
                GCC_PREPROCESSOR_DEFINITIONS = ("FEATURE_LEGACY_BROWSER=1", "$(inherited)");
            }; name = Release; }; }; }
            """
        ])
        #expect(setting.first { $0.file == "App/Browser.m" }?.context == .app)
        let defined = try Self.webViewFindings(["App/Legacy.h": "#define FEATURE_LEGACY_BROWSER 1\n"])
        #expect(defined.first { $0.file == "App/Browser.m" }?.context == .app)
    }

    @Test func aMacroTheProjectOnlyTestsMayComeFromOutsideTheScan() throws {
        // No `#define FEATURE_LEGACY_BROWSER 0` and no commented-out definition: a library's header may set it.
        let findings = try Self.webViewFindings(["App/Features.h": "// Features the SDK turns on.\n"])
        #expect(findings.first { $0.file == "App/Browser.m" }?.context == .app)
    }

    @Test func onlyAProjectFlagOnTheTakenSideIsARegion() {
        #expect(ObjCLexer.requiredMacro("if", " FEATURE_X // off") == "FEATURE_X")
        #expect(ObjCLexer.requiredMacro("ifdef", " SELFTEST") == "SELFTEST")
        #expect(ObjCLexer.requiredMacro("if", " defined(FEATURE_X) && TARGET_OS_IOS") == "FEATURE_X")
        #expect(ObjCLexer.requiredMacro("if", " FEATURE_X || FEATURE_Y") == nil)
        #expect(ObjCLexer.requiredMacro("ifndef", " FEATURE_X") == nil)
        #expect(ObjCLexer.requiredMacro("if", " TARGET_OS_IOS") == nil)
        #expect(ObjCLexer.requiredMacro("if", " __has_include(<UIKit/UIKit.h>)") == nil)
        let (_, _, regions) = ObjCLexer.lex(Array("#if FEATURE_X\nint a;\n#else\nint b;\n#endif\n".utf8))
        #expect(regions == [ObjCMacroRegion(macro: "FEATURE_X", lines: 1...3)])
    }
}
