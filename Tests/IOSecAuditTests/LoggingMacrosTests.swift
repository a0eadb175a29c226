import Foundation
import Testing

@testable import IOSecAudit

/// A call of the project's own Objective-C logging macro is judged by what the macro's `#define`, in any file of the
/// scan, makes of it in a release build: through another macro, under `#ifdef DEBUG`, or not at all.
struct LoggingMacrosTests {
    static let header = """
        #  define\tACMLogTo(fmt, ...) NSLog(fmt, ##__VA_ARGS__)
        #define ACMLog(fmt, ...) ACMLogTo((@"[acme] " fmt), ##__VA_ARGS__)
        #ifdef DEBUG
        #define ACMDevLog(fmt, ...) ACMLogTo(fmt, ##__VA_ARGS__)
        #else
        #define ACMDevLog(...)
        #endif
        #define ACMCrumbLog(fmt, ...) [ACMBreadcrumbs add:[NSString stringWithFormat:fmt, ##__VA_ARGS__]]
        """

    static let session = """
        #import "ACMLogging.h"
        @implementation ACMSession
        - (void)didSignIn:(NSString *)password {
            ACMLog(@"signed in with %@", password);
            ACMDevLog(@"password %@", password);
            ACMCrumbLog(@"password %@", password);
            PartnerLog(@"password %@", password);
        }
        @end
        """

    func findings(includingDebug: Bool) throws -> [Finding] {
        let tree = TemporaryTree()
        tree.write("App/Support/ACMLogging.h", Self.header)
        tree.write("App/ACMSession.m", Self.session)
        var options = ScanOptions(jobs: 2)
        options.minimumConfidence = .low
        if includingDebug { options.includedContexts = [.app, .debug] }
        return try Scanner(options: options).scan(tree.root).findings.filter { $0.ruleId == "storage.log-sensitive" }
    }

    @Test func aMacroThatLogsThroughAnotherInReleaseBuildsIsReportedAndNamed() throws {
        let found = try findings(includingDebug: false)
        #expect(found.map(\.line) == [4])
        #expect(found.first?.message.contains("`ACMLog` logs it with NSLog (App/Support/ACMLogging.h:1)") == true)
    }

    @Test func aMacroThatLogsOnlyInDebugBuildsIsDebugOnly() throws {
        let debug = try findings(includingDebug: true).filter { $0.context == .debug }
        #expect(debug.map(\.line) == [5])
        #expect(debug.first?.severity == .low)
    }
}
