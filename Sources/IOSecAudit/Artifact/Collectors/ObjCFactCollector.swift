import IOSecCore

/// Records required-reason APIs, purpose-string APIs and passkeys in Objective-C (`.m`, `.mm`, `.h`) from its
/// tokens: comments, string and character literals and preprocessor lines (`#import <…NSUserDefaults.h>`) are
/// skipped, so only code counts. C functions count only when called (`stat(path, &st)`, not `struct stat st`).
enum ObjCFactCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.objc]

    /// Required-reason symbols as Objective-C spells them: the `NS…` constants and classes, selectors, C calls.
    static let selectors: Set<String> = ["systemUptime", "activeInputModes", "fileModificationDate"]
    static let usageSelectors: [String: String] = [
        "evaluatePolicy": "LAContext.evaluatePolicy",
        "requestWhenInUseAuthorization": "CLLocationManager.requestWhenInUseAuthorization",
        "requestAlwaysAuthorization": "CLLocationManager.requestAlwaysAuthorization",
        "requestTrackingAuthorizationWithCompletionHandler": "ATTrackingManager.requestTrackingAuthorization",
        "CBCentralManager": "CBCentralManager",
        "CBPeripheralManager": "CBPeripheralManager",
        "AVCaptureSession": "AVCaptureSession",
    ]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        guard !file.isTestCode else { return [] }
        var categories: Set<RequiredReasonCategory> = []
        var usage: Set<String> = []
        var passkey = false
        var previous = ""
        ObjCTokenizer.identifiers(in: file.bytes) { name, line, followedByParen in
            defer { previous = name }
            if isRequiredReasonUse(name, previous: previous, followedByParen: followedByParen) {
                for category in RequiredReasonAPI.categories(forSymbol: name) where categories.insert(category).inserted {
                    file.record(kind: FactKind.requiredReasonAPI, value: FactKind.join(category.rawValue, name), line: line)
                }
            }
            if let symbol = usageSelectors[name], usage.insert(symbol).inserted {
                file.record(kind: FactKind.usageDescriptionAPI, value: symbol, line: line)
            }
            if !passkey, PasskeyAPICollector.symbols.contains(name) {
                passkey = true
                file.record(kind: FactKind.passkeyAPI, value: name, line: line)
            }
        }
        return []
    }

    static func isRequiredReasonUse(_ name: String, previous: String, followedByParen: Bool) -> Bool {
        guard !RequiredReasonAPI.categories(forSymbol: name).isEmpty else { return false }
        if RequiredReasonAPICollector.cFunctions.contains(name) { return followedByParen && previous != "struct" }
        return name.hasPrefix("NS") || selectors.contains(name)
    }
}

/// The identifiers of C-family source, outside comments, literals and preprocessor lines.
enum ObjCTokenizer {
    /// Calls `body(identifier, line, nextNonSpaceIsParen)` for each identifier in order.
    static func identifiers(in bytes: [UInt8], _ body: (String, Int, Bool) -> Void) {
        var i = 0
        var line = 1
        var atLineStart = true
        let n = bytes.count
        func isIdentStart(_ b: UInt8) -> Bool { b == 0x5F || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) }
        func isIdent(_ b: UInt8) -> Bool { isIdentStart(b) || (b >= 0x30 && b <= 0x39) }
        while i < n {
            let b = bytes[i]
            if b == 0x0A { line += 1; atLineStart = true; i += 1; continue }
            if b == 0x20 || b == 0x09 || b == 0x0D { i += 1; continue }
            if atLineStart && b == UInt8(ascii: "#") {
                // Preprocessor line, with backslash continuations.
                while i < n && bytes[i] != 0x0A {
                    if bytes[i] == UInt8(ascii: "\\"), i + 1 < n, bytes[i + 1] == 0x0A { line += 1; i += 1 }
                    i += 1
                }
                continue
            }
            atLineStart = false
            if b == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
                while i < n && bytes[i] != 0x0A { i += 1 }
                continue
            }
            if b == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i < n && !(bytes[i] == UInt8(ascii: "*") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "/")) {
                    if bytes[i] == 0x0A { line += 1 }
                    i += 1
                }
                i += 2
                continue
            }
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                i += 1
                while i < n && bytes[i] != b && bytes[i] != 0x0A {
                    if bytes[i] == UInt8(ascii: "\\") {
                        i += 1
                        if i < n && bytes[i] == 0x0A { line += 1 }
                    }
                    i += 1
                }
                // An unterminated literal ends at the line break, which the main loop still counts.
                if i < n && bytes[i] == b { i += 1 }
                continue
            }
            if isIdentStart(b) {
                let start = i
                while i < n && isIdent(bytes[i]) { i += 1 }
                var j = i
                while j < n && (bytes[j] == 0x20 || bytes[j] == 0x09) { j += 1 }
                body(String(decoding: bytes[start..<i], as: UTF8.self), line, j < n && bytes[j] == UInt8(ascii: "("))
                continue
            }
            i += 1
        }
    }
}
