import SwiftSyntax

/// `resilience.jailbreak-detection-weak`: jailbreak detection that rests only on well-known file paths or URL
/// schemes, which one hook or a renamed file defeats.
struct JailbreakDetectionWeakRule: SwiftRule {
    static let description = RuleDescription(
        id: "resilience.jailbreak-detection-weak",
        title: "Jailbreak detection that one hook defeats",
        severity: .low,
        confidence: .high,
        masvs: "MASVS-RESILIENCE-1",
        cwe: 693,
        owasp: OWASPReference("MASWE-0051", beta: "MASWE-0097", mastg: ["MASTG-TEST-0240", "MASTG-TEST-0241"], .close),
        rationale: """
            Checking for /Applications/Cydia.app, /bin/bash or a cydia:// URL finds only jailbreaks that leave those \
            files in place, and every bypass tool (Liberty Lite, Shadow, A-Bypass, a Frida script) hooks \
            fileExists(atPath:) and canOpenURL(_:) to answer "no". Such a check gives a false sense of protection; \
            if the app relies on it (to hide features or protect secrets), the protection is gone. Reported as low: \
            it informs, it should not fail a build.
            """,
        fix:
            "Combine several independent signals (sandbox write, dyld images, symbolic links, fork, environment) and treat the result as a risk score; keep secrets protected by the Keychain and the server, not by the check. IOSecKit's DeviceIntegrity does this.",
        fixExample: """
            let report = DeviceIntegrity.current.evaluate()
            if report.confidence >= .likely { securityEvents.record(.integrityRisk(report.signals)) }
            """,
        triggeringExamples: [
            RuleExample(
                """
                + (BOOL)isJailbroken {
                    return [[NSFileManager defaultManager] fileExistsAtPath:↓@"/Applications/Cydia.app"]
                        || [[UIApplication sharedApplication] canOpenURL:[NSURL URLWithString:@"cydia://package/com.example"]];
                }
                """, path: "App/Integrity.m"),
            RuleExample(
                """
                func isJailbroken() -> Bool {
                    for path in ["/Applications/Cydia.app", "/bin/bash", "/usr/sbin/sshd"] where ↓FileManager.default.fileExists(atPath: path) {
                        return true
                    }
                    return false
                }
                """),
            RuleExample(
                #"let jailbroken = ↓UIApplication.shared.canOpenURL(URL(string: "cydia://package/com.example")!)"#),
            RuleExample(
                #"if ↓FileManager.default.fileExists(atPath: "/Library/MobileSubstrate/MobileSubstrate.dylib") { exit(0) }"#
            )
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                + (BOOL)isJailbroken {
                    if ([[NSFileManager defaultManager] fileExistsAtPath:@"/Applications/Cydia.app"]) { return YES; }
                    for (uint32_t i = 0; i < _dyld_image_count(); i++) { if (strstr(_dyld_get_image_name(i), "Substrate")) return YES; }
                    return NO;
                }
                """, path: "App/Integrity.m"),
            RuleExample(#"if FileManager.default.fileExists(atPath: cacheURL.path) { try load() }"#),
            RuleExample(
                """
                // Layered signals: file checks are one of several.
                func jailbreakSignals() -> Int {
                    var score = 0
                    if FileManager.default.fileExists(atPath: "/Applications/Cydia.app") { score += 1 }
                    if (try? "x".write(toFile: "/private/jailbreak.txt", atomically: true, encoding: .utf8)) != nil { score += 1 }
                    if _dyld_image_count() > 0, String(cString: _dyld_get_image_name(0)).contains("Substrate") { score += 1 }
                    return score
                }
                """),
            RuleExample(#"let integrity = DeviceIntegrity.current.evaluate()"#)
        ]
    )

    static let subscription = Subscription(
        calls: .named(["fileExists", "canOpenURL", "fopen", "stat", "access", "lstat"]),
        references: [
            "_dyld_image_count", "_dyld_get_image_name", "fork", "getenv", "sysctl", "write"
        ])

    /// Paths and schemes that only jailbroken devices have.
    static let markers: [String] = [
        "/Applications/Cydia.app", "/Applications/Sileo.app", "/Applications/Zebra.app", "/Applications/blackra1n.app",
        "/Library/MobileSubstrate", "/bin/bash", "/bin/sh", "/usr/sbin/sshd", "/usr/bin/sshd", "/etc/apt",
        "/private/var/lib/apt",
        "/usr/libexec/sftp-server", "/private/var/lib/cydia", "/private/var/stash", "/var/jb", "/usr/lib/libsubstitute",
        "/.installed_unc0ver", "/.bootstrapped_electra", "cydia://", "sileo://", "zbra://", "undecimus://", "filza://"
    ]

    private var checks: [FunctionCallExprSyntax] = []
    private var otherSignals = false

    /// Any of the subscribed references is a signal beyond paths and schemes: the detection is layered.
    mutating func visit(_ reference: DeclReferenceExprSyntax, in file: SwiftFile) {
        otherSignals = true
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard Self.mentionsMarker(call) || Self.iteratesMarkers(call) else { return }
        checks.append(call)
    }

    mutating func finish(in file: SwiftFile) {
        guard !otherSignals, let first = checks.first else { return }
        report(
            file, at: first,
            "jailbreak detection rests on well-known paths or URL schemes, which bypass tools hide with one hook; combine independent signals and do not rely on it to protect data"
        )
    }

    private static func mentionsMarker(_ call: FunctionCallExprSyntax) -> Bool {
        call.arguments.contains { argument in
            argument.expression.tokens(viewMode: .sourceAccurate).contains { token in
                guard case .stringSegment(let text) = token.tokenKind else { return false }
                return markers.contains { text.hasPrefix($0) }
            }
        }
    }

    /// `for path in ["/Applications/Cydia.app", …] where fileExists(atPath: path)` or a local array of markers.
    private static func iteratesMarkers(_ call: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(call).parent
        while let node = current {
            if let loop = node.as(ForStmtSyntax.self) {
                return loop.sequence.tokens(viewMode: .sourceAccurate).contains { token in
                    guard case .stringSegment(let text) = token.tokenKind else { return false }
                    return markers.contains { text.hasPrefix($0) }
                }
            }
            if node.is(FunctionDeclSyntax.self) { return false }
            current = node.parent
        }
        return false
    }
}
