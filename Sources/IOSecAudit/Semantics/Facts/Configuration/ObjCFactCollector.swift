import IOSecCore

/// Records required-reason APIs, purpose-string APIs, passkeys and checklist capabilities in Objective-C (`.m`,
/// `.mm`, `.h`, `.c`) from the front end's tokens: comments, literals, preprocessor lines (`#import <…NSUserDefaults.h>`)
/// and `#if 0` code are not tokens, so only code counts. C functions count only when called (`stat(path, &st)`, not `struct stat st`).
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
        "AVCaptureSession": "AVCaptureSession"
    ]

    /// Every name this collector looks up, for a test on a token's bytes before a `String` is made: a file has
    /// thousands of identifiers and only a few are any of these.
    static let names: NameFilter = {
        var filter = NameFilter(foldingCase: true)
        let all = RequiredReasonAPI.symbols.values.reduce(into: Set(usageSelectors.keys)) { $0.formUnion($1) }
            .union(PasskeyAPICollector.symbols).union(AppCapability.symbols.keys).union(ceremonySelectors.keys)
        for name in all { filter.insert(name) }
        return filter
    }()

    /// The passkey ceremonies, by the first part of the selector that starts them.
    static let ceremonySelectors: [String: String] = [
        "createCredentialRegistrationRequestWithChallenge": "registration",
        "createCredentialAssertionRequestWithChallenge": "assertion"
    ]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        var ceremonies: Set<String> = []
        var categories: Set<RequiredReasonCategory> = []
        var usage: Set<String> = []
        var passkey = false
        var capabilities: Set<AppCapability> = []
        // The same tokens the Objective-C rules use (lexed once per file), so `#if 0` code counts for neither.
        let source = file.objc
        // Both of the filter's tests, on the bytes: with the first alone, many identifiers became Strings for five lookups.
        let candidates = source.bytes.withUnsafeBufferPointer { bytes in
            source.tokens.indices.filter { index in
                let token = source.tokens[index]
                return token.kind == .identifier && token.end > token.start
                    && names.mayContain(UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]))
            }
        }
        for index in candidates {
            let token = source.tokens[index]
            let name = source.text(index)
            let line = token.line
            let followedByParen = source.isPunct(index + 1, "(")
            let previous = index > 0 && source.isIdentifier(index - 1) ? source.text(index - 1) : ""
            if isRequiredReasonUse(name, previous: previous, followedByParen: followedByParen) {
                for category in RequiredReasonAPI.categories(forSymbol: name) where categories.insert(category).inserted
                {
                    file.record(
                        kind: FactKind.requiredReasonAPI, value: FactKind.join(category.rawValue, name), line: line)
                }
            }
            if let symbol = usageSelectors[name], usage.insert(symbol).inserted {
                file.record(kind: FactKind.usageDescriptionAPI, value: symbol, line: line)
            }
            if let ceremony = ceremonySelectors[name], source.isPunct(index + 1, ":"),
                ceremonies.insert(ceremony).inserted
            {
                file.record(kind: FactKind.passkeyCeremony, value: ceremony, line: line)
            }
            if !passkey, PasskeyAPICollector.symbols.contains(name) {
                passkey = true
                file.record(kind: FactKind.passkeyAPI, value: name, line: line)
            }
            // For the checklist: the same capabilities the Swift collector records, in code that ships.
            for capability in AppCapability.symbols[name] ?? []
            where source.context(of: token) == .app && !AppCapability.swiftOnlySymbols.contains(name)
                && capabilities.insert(capability).inserted
            {
                file.record(kind: FactKind.capability, value: FactKind.join(capability.rawValue, name), line: line)
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
