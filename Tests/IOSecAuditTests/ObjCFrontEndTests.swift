@testable import IOSecAudit
import Foundation
import Testing

/// The C-family front end: what the lexer keeps and drops, and the structure rules rely on.
@Suite struct ObjCFrontEndTests {
    static func source(_ code: String) -> ObjCSource { ObjCSource(bytes: Array(code.utf8)) }

    @Test func commentsAndDeadCodeNeverBecomeTokens() {
        let s = Self.source(
            """
            // NSString *u = @"http://comment.example";
            /* [defaults setObject:token forKey:@"k"]; */
            #if 0
            NSString *dead = @"http://dead.example";
            #endif
            NSString *live = @"https://live.example"; // trailing
            """)
        let strings = s.tokens.indices.compactMap { s.stringValue(ofToken: $0) }
        #expect(strings == ["https://live.example"])
        #expect(s.tokens.first.map { ($0.line, $0.column) }! == (6, 1))
    }

    /// Code under another platform's compiler macro is never built for Apple's: it never becomes tokens, and its
    /// `#else` / `#ifndef` side is live.
    @Test func otherPlatformsCodeIsDead() {
        let s = Self.source(
            """
            #if defined(__linux__) || defined(_WIN32)
            NSString *a = @"http://linux.example";
            #else
            NSString *b = @"https://apple.example";
            #endif
            #ifdef __ANDROID__
            NSString *c = @"http://android.example";
            #endif
            #ifndef _WIN32
            NSString *d = @"https://not-windows.example";
            #endif
            #if !defined(__linux__)
            NSString *e = @"https://not-linux.example";
            #endif
            #if defined(__linux__) || defined(__APPLE__)
            NSString *f = @"https://either.example";
            #endif
            """)
        let strings = s.tokens.indices.compactMap { s.stringValue(ofToken: $0) }
        #expect(
            strings == [
                "https://apple.example", "https://not-windows.example", "https://not-linux.example",
                "https://either.example"
            ])
        #expect(ObjCLexer.otherPlatformCondition("defined(HAS_FEATURE)") == nil)
    }

    @Test func debugRegionsAreMarkedAndTheirElseIsNot() {
        let s = Self.source(
            """
            #ifdef DEBUG
            NSLog(@"a");
            #else
            NSLog(@"b");
            #endif
            #if !DEBUG
            NSLog(@"c");
            #else
            NSLog(@"d");
            #endif
            """)
        let marks = s.calls.map { (s.stringValue(of: $0.arguments[0]) ?? "", s.tokens[$0.nameIndex].isDebugOnly) }
        #expect(marks.map(\.0) == ["a", "b", "c", "d"])
        #expect(marks.map(\.1) == [true, false, false, true])
    }

    @Test func nestedSendsBlocksAndSelectors() {
        let s = Self.source(
            """
            - (void)save {
                [[NSUserDefaults standardUserDefaults] setObject:[self.tokenField text] forKey:kTokenKey];
                [session dataTaskWithURL:url completionHandler:^(NSData *d, NSURLResponse *r, NSError *e) {
                    [self handle:(d ? d : nil) flag:YES];
                }];
                NSString *x = [items[0] description];
            }
            """)
        let selectors = s.sends.map(\.selector)
        // Outer sends come first (ordered by their `[`).
        #expect(
            selectors == [
                "setObject:forKey:", "standardUserDefaults", "text", "dataTaskWithURL:completionHandler:",
                "handle:flag:", "description"
            ])
        let set = s.sends[0]
        #expect(s.text(set.receiver) == "[NSUserDefaults standardUserDefaults]")
        #expect(s.text(set.argument("setObject")!) == "[self.tokenField text]")
        #expect(s.text(set.argument("forKey")!) == "kTokenKey")
        #expect(s.text(s.sends[4].argument("handle")!) == "(d ? d : nil)")
        #expect(s.bodies.count == 1)  // outermost only: the block is part of the method
    }

    @Test func constantsFromDefinesAndConstStrings() {
        let s = Self.source(
            """
            #define kServiceKey @"svc_" @"token"
            #define kLiveKey @"sk_live_abc" // production: a line comment ends the value
            #define kHelp @"https://help.example/faq" /* a URL's // is in its literal */ // and this is a comment
            #define LOG(x) NSLog(x)
            static NSString *const kTokenKey = @"auth_token";
            NSString * const kBase = @"https://api.example";
            - (void)f { NSString *local = @"not a constant"; }
            """)
        #expect(s.constants["kServiceKey"] == "svc_token")
        #expect(s.constants["kLiveKey"] == "sk_live_abc")
        #expect(s.constants["kHelp"] == "https://help.example/faq")
        #expect(s.constants["kTokenKey"] == "auth_token")
        #expect(s.constants["kBase"] == "https://api.example")
        #expect(s.constants["LOG"] == nil)
        #expect(s.constants["local"] == nil)
    }

    @Test func objectiveCPlusPlusTemplatesAndCCalls() {
        let s = Self.source(
            """
            template <typename T> std::vector<T> copy(const std::vector<T>& v) { return v; }
            void f(char *dst, const char *src) { strcpy(dst, src); if (x) { sprintf(buf, "%s", src); } }
            """)
        #expect(s.calls.map(\.name).contains("strcpy"))
        #expect(s.calls.first { $0.name == "sprintf" }?.arguments.count == 3)
        #expect(!s.calls.map(\.name).contains("if"))
    }

    @Test func functionNamesAreTheMethodOrFunctionNotItsParameters() {
        let s = Self.source(
            """
            @implementation Pusher { NSString *_tag; }
            - (void)enableDevice:(BOOL)on token:(NSData *)token { x(); }
            + (instancetype)sharedStore { return nil; }
            - reset { }
            static uint32_t makeNonce(void) { return 0; }
            __attribute__((visibility("hidden"))) NSString *sessionKey(int (*cb)(int)) { return nil; }
            std::string Vault::deriveSecret(const std::string &pin) const { return pin; }
            @end
            """)
        #expect(
            s.bodies.map { s.functionName(of: $0) } == [
                nil, "enableDevice", "sharedStore", "reset", "makeNonce", "sessionKey", "deriveSecret"
            ])
        // The first method right after `@implementation`, whose signature starts at the class name.
        let first = Self.source(
            """
            @implementation ETagCache
            - (NSString *)etagForData:(NSData *)data { return nil; }
            @end
            """)
        #expect(first.bodies.map { first.functionName(of: $0) } == ["etagForData"])
    }

    @Test func sensitiveNamesReadTheExpressionNotEveryNameInIt() {
        let cases: [(String, String?)] = [
            ("accessToken", "accessToken"),
            ("self.session.accessToken", "accessToken"),
            ("self.credentials.userId", nil),
            ("self.credentials", "credentials"),
            ("password.length", nil),
            ("(unsigned long)password.length", nil),
            ("password.UTF8String", "password"),
            ("[password dataUsingEncoding:NSUTF8StringEncoding]", "password"),
            ("[self.passwordField text]", "passwordField"),
            ("self.pinInput.text", "pinInput"),
            ("[self.field text]", nil),
            ("[keychain passwordForService:s account:a]", "passwordForService"),
            ("[Tools logForPushToken:token]", nil),
            ("[password isEqualToString:other]", nil),
            ("[NSString stringWithFormat:@\"Bearer %@\", token]", "token"),
            ("response[@\"access_token\"]", "access_token"),
            ("response[@\"user_id\"]", nil),
            ("[response objectForKey:@\"refresh_token\"]", "refresh_token"),
            ("@{@\"password\": pw, @\"user\": name}", "password"),
            ("@{@\"password\": @NO}", nil),
            ("@(pin)", "pin"),
            ("@(token.length > 0)", nil),
            ("ok ? token : nil", "token"),
            ("!token", nil),
            ("(__bridge id)secret", "secret")
        ]
        for (expression, expected) in cases {
            let s = Self.source("- (void)f { x = \(expression); }")
            guard let assignment = s.assignments().first else {
                Issue.record("no assignment in \(expression)")
                continue
            }
            #expect(s.sensitiveName(in: assignment.value) == expected, "\(expression)")
        }
    }

    /// A matcher is not handed a file that names none of its `requiredNames`: run on every Objective-C and C file of
    /// the examples, the development set and the fuzz seeds that names none of them, it must report nothing.
    @Test func matchersReportOnlyInFilesThatNameWhatTheyRequire() throws {
        let files = try Self.objcFiles()
        let matchers = RuleSet.all.objc
        #expect(files.count > 100)
        let gated = matchers.filter { $0.requiredNames != nil }
        #expect(gated.count >= 10)
        var reporting: Set<String> = []
        for rule in gated {
            guard let names = rule.requiredNames else { continue }
            for (path, bytes) in files {
                let file = ArtifactFile(path: path, kind: .objc, bytes: bytes, options: ScanOptions())
                let source = ObjCSource(bytes: bytes)
                rule.check(source, in: file)
                if !file.findings.isEmpty { reporting.insert("\(rule)") }
                if !names.contains(where: source.mentions) {
                    #expect(file.findings.isEmpty, "\(rule) in \(path)")
                }
            }
        }
        // The files do exercise the matchers: most of them report somewhere.
        #expect(reporting.count * 2 > gated.count, "\(reporting)")
    }

    /// Every Objective-C and C file of the examples, the development set and the fuzz seeds, and every Objective-C
    /// example of every matcher with the marks of expected findings taken out.
    static func objcFiles() throws -> [(path: String, bytes: [UInt8])] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var files: [(path: String, bytes: [UInt8])] = []
        for folder in ["Examples", "Tests/Corpus", "Fuzz/Corpus/objc"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                guard FileKind.of(path: path) == .objc else { continue }
                let url = root.appendingPathComponent(folder).appendingPathComponent(path)
                files.append(("\(folder)/\(path)", Array(try Data(contentsOf: url))))
            }
        }
        for matcher in RuleSet.all.objc {
            let examples = matcher.description.triggeringExamples + matcher.description.nonTriggeringExamples
            for example in examples {
                for (path, code) in example.files where FileKind.of(path: path) == .objc {
                    files.append((path, Array(code.filter { $0 != RuleExample.marker }.utf8)))
                }
            }
        }
        return files
    }

    /// `assignedName(ofValueAt:)` finds one assignment without listing them all: it must name what the list gives
    /// for every token that is a whole assignment's value, and nothing for any other token.
    @Test func assignedNamesAgreeWithTheAssignmentList() throws {
        var named = 0
        for (path, bytes) in try Self.objcFiles() {
            let source = ObjCSource(bytes: bytes)
            var expected: [Int: String] = [:]
            for assignment in source.assignments() where assignment.value.count == 1 {
                expected[assignment.value.lowerBound] = source.lastIdentifier(in: assignment.target)
            }
            for index in source.tokens.indices {
                #expect(source.assignedName(ofValueAt: index) == expected[index], "\(path) token \(index)")
            }
            named += expected.count
        }
        #expect(named > 50)
    }

    /// Matchers find their sends and calls from where the names stand (`sends(withFirstPart:)`, `calls(named:)`):
    /// for every name of every file, that must give what going through all sends and calls gives, in order.
    @Test func sendsAndCallsFoundByNameAreThoseOfAFullPass() throws {
        var checked = 0
        for (path, bytes) in try Self.objcFiles() {
            let source = ObjCSource(bytes: bytes)
            for name in Set(source.sends.compactMap { $0.parts.first?.name }) where !name.isEmpty {
                #expect(
                    source.sends(withFirstPart: name).map(\.open)
                        == source.sends.filter { $0.parts.first?.name == name }.map(\.open), "\(path): \(name)")
                checked += 1
            }
            for name in Set(source.calls.map(\.name)) {
                #expect(
                    source.calls(named: [name]).map(\.nameIndex)
                        == source.calls.filter { $0.name == name }.map(\.nameIndex), "\(path): \(name)")
                checked += 1
            }
        }
        #expect(checked > 500)
    }

    @Test func stringValuesReadOnlyQuoteAndBackslashEscapes() {
        let s = Self.source(#"x = @"a\"b\\c\n\\\"d"; y = "plain";"#)
        #expect(s.tokens.indices.compactMap { s.stringValue(ofToken: $0) } == [#"a"b\c\n\"d"#, "plain"])
    }

    /// A logged value's label is read only when the value may be a secret whatever it is called.
    @Test func labelledValuesAreOnlyThoseThatMayHoldASecret() {
        let s = Self.source(
            #"MXLogDebug(@"%@ %@ %@ %@ %@ %@", self.pinField.text, [session accessToken], error.localizedDescription, @"x", 42, YES);"#
        )
        let candidates = s.calls[0].arguments.dropFirst().map { LogSensitiveObjCMatcher.secretCandidate($0, s) }
        #expect(candidates == ["text", "accessToken", nil, nil, nil, nil])
        #expect(LogSensitiveObjCMatcher.mayHoldSecret("secretValue", labelled: "secret"))
        #expect(!LogSensitiveObjCMatcher.mayHoldSecret("deviceToken", labelled: "token"))
        #expect(LogSensitiveObjCMatcher.mayHoldSecret("text", labelled: "token"))
    }

    /// Tokens are kept in 32-bit fields: a file's tokens are gone through many times.
    @Test func tokensAreSmallAndKeepTheirPlaces() {
        #expect(MemoryLayout<ObjCToken>.stride <= 24)
        let s = Self.source(String(repeating: "\n", count: 70_000) + "   NSLog(@\"x\");")
        #expect(s.tokens.first.map { ($0.line, $0.column, $0.start) }! == (70_001, 4, 70_003))
    }

    @Test func loggerMacrosAreLogPlusLevelWords() {
        #expect(
            ["MXLogDebug", "MXLogErrorDetails", "DDLogWarn", "RCTLogInfo", "logError"].allSatisfy(
                LogSensitiveObjCMatcher.isLoggerMacro))
        #expect(
            !["NSLog", "dialogError", "loginError", "logoutUser", "catalogDebug", "MXLogger", "showLogDebugView"]
                .contains(where: LogSensitiveObjCMatcher.isLoggerMacro))
    }

    /// The identifier index is a hash table over token indices: every lookup must give what a scan of the tokens
    /// gives, in order, for names present many times, once, as a prefix of another name, and not at all.
    @Test func identifierLookupsMatchAScanOfTheTokens() {
        var lines = ["#define kKey @\"k\""]
        for i in 0..<400 { lines.append("[self.v\(i % 37) setToken:token\(i % 5) forKey:kKey]; x\(i) = tok;") }
        // Names of eight bytes or more hash by their length and first and last eight bytes: these share all three.
        lines.append("kSecAttrAccessibleAlways_X_ThisDeviceOnly = kSecAttrAccessibleAlways_Y_ThisDeviceOnly;")
        let source = ObjCSource(bytes: Array(lines.joined(separator: "\n").utf8))
        func scanned(_ name: String) -> [Int] {
            source.tokens.indices.filter { source.tokens[$0].kind == .identifier && source.text($0) == name }
        }
        for name in [
            "self", "v3", "v36", "token4", "x399", "kKey", "tok", "to", "token", "setToken", "absent", "",
            "kSecAttrAccessibleAlways_X_ThisDeviceOnly", "kSecAttrAccessibleAlways_Y_ThisDeviceOnly",
            "kSecAttrAccessibleAlways_Z_ThisDeviceOnly"
        ] {
            #expect(source.occurrences(of: name) == scanned(name), "\(name)")
            #expect(source.mentions(name) == !scanned(name).isEmpty, "\(name)")
        }
        #expect(source.occurrences(of: "self").count == 400)
        #expect(ObjCSource(bytes: []).occurrences(of: "self").isEmpty)
    }

    @Test func malformedInputNeverCrashesOrHangs() {
        let nasty = [
            "[[[[[", "]]]]) }}} {{{", "@\"unterminated\n[x y", "/* never closed",
            "#if DEBUG\n#else\n#else\n#endif\n#endif",
            "#define", "#define X(", "@", "'", "\"\\", "- (void)f { [self a:b c:",
            String(repeating: "[a b:", count: 2_000),
            "\u{FEFF}[x y]", "[x ?: y]", "#if 0\n\"#endif\"\n#endif\n[a b]"
        ]
        for code in nasty {
            let s = Self.source(code)
            #expect(s.tokens.allSatisfy { $0.start <= $0.end && $0.end <= code.utf8.count })
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let alphabet = Array("[]{}()@\"'#:;=^*/\\\n abcif0".utf8)
            let bytes = (0..<Int.random(in: 0..<400, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            _ = ObjCSource(bytes: bytes).assignments()
        }
        _ = ObjCSource(bytes: [0xFF, 0xFE, 0x00, 0x5B, 0xC3])
    }

    @Test func positionsAreExactAndStable() {
        let code = "int a;\n  /* Grüße */ NSLog(@\"x\");\n"
        let first = Self.source(code).calls.map {
            (Self.source(code).tokens[$0.nameIndex].line, Self.source(code).tokens[$0.nameIndex].column)
        }
        #expect(first.count == 1 && first[0] == (2, 17))
    }
}

/// The same Objective-C file scanned twice gives byte-identical findings (lines and columns do not drift).
@Suite struct ObjCStabilityTests {
    @Test func scanningTwiceGivesIdenticalJSON() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Examples/InsecureApp/Legacy").path
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let first = try encoder.encode(try Scanner(options: ScanOptions(jobs: 2)).scan(folder).findings)
        let second = try encoder.encode(try Scanner(options: ScanOptions(jobs: 1)).scan(folder).findings)
        #expect(first == second)
        #expect(first.count > 1000)
    }
}
