import SwiftSyntax

/// `storage.file-protection-weak`: a file given no Data Protection, or only the default class for data that
/// needs more.
struct FileProtectionWeakRule: SwiftRule {
    static let description = RuleDescription(
        id: "storage.file-protection-weak",
        title: "Weak file protection class",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-STORAGE-1",
        cwe: 311, owasp: OWASPReference("MASWE-0001", beta: "MASWE-0006", mastg: ["MASTG-TEST-0299"], .exact),
        rationale: """
            iOS encrypts each file with a key tied to its Data Protection class. With no protection the file is \
            readable whenever the device is on, locked or not. completeUntilFirstUserAuthentication (the default) \
            keeps the key in memory from the first unlock until reboot, so sensitive files are readable from a \
            locked, stolen phone. .complete drops the key shortly after the device locks.
            """,
        fix:
            "Use .completeFileProtection / FileProtectionType.complete (or .completeUnlessOpen for files written in the background).",
        fixExample: """
            try data.write(to: url, options: [.atomic, .completeFileProtection])
            try FileManager.default.setAttributes([.protectionKey: FileProtectionType.complete], ofItemAtPath: url.path)
            """,
        triggeringExamples: [
            RuleExample(
                """
                [data writeToFile:path options:↓NSDataWritingFileProtectionNone error:&error];
                [fm setAttributes:@{NSFileProtectionKey: ↓NSFileProtectionNone} ofItemAtPath:path error:nil];
                """, path: "App/Store.m"),
            RuleExample("try data.write(to: exportURL, options: [.atomic, ↓.noFileProtection])"),
            RuleExample(
                """
                try FileManager.default.setAttributes([.protectionKey: ↓FileProtectionType.none],
                                                      ofItemAtPath: databaseURL.path)
                """),
            RuleExample(
                """
                let description = NSPersistentStoreDescription(url: storeURL)
                description.setOption(↓NSFileProtectionNone as NSObject, forKey: NSPersistentStoreFileProtectionKey)
                """),
            RuleExample(
                "try refreshTokenData.write(to: url, options: ↓.completeFileProtectionUntilFirstUserAuthentication)"),
            RuleExample(
                """
                FileManager.default.createFile(atPath: credentialsPath, contents: payload,
                                               attributes: [.protectionKey: ↓FileProtectionType.completeUntilFirstUserAuthentication])
                """)
        ],
        nonTriggeringExamples: [
            // An empty marker file: its existence is the flag, and it holds nothing.
            RuleExample(
                """
                func markDone(at url: URL) {
                    FileManager.default.createFile(
                        atPath: url.path, contents: nil, attributes: [.protectionKey: FileProtectionType.none])
                }
                """),
            RuleExample(
                """
                [data writeToFile:path options:NSDataWritingFileProtectionComplete error:&error];
                if ([attributes[NSFileProtectionKey] isEqual:NSFileProtectionComplete]) { return; }
                BOOL weak = protection == NSFileProtectionNone;
                """, path: "App/Store.m"),
            RuleExample("try tokenData.write(to: url, options: [.atomic, .completeFileProtection])"),
            RuleExample(
                """
                // Background uploads need to read the file while locked, but never after the app closes it.
                try FileManager.default.setAttributes([.protectionKey: FileProtectionType.completeUnlessOpen],
                                                      ofItemAtPath: uploadURL.path)
                """),
            RuleExample(
                """
                // Image cache refreshed by background fetch: not sensitive, the default class is right.
                try imageData.write(to: cacheURL, options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
                """),
            RuleExample("if cachedImage == .none { reload() }"),
            RuleExample(
                """
                switch syncState {
                case .none: break
                case .pending(let count): showBadge(count)
                }
                """)
        ]
    )

    static let subscription = Subscription(
        references: untilFirstAuthentication.union(["NSFileProtectionNone"]),
        members: untilFirstAuthentication.union(["noFileProtection", "none"]))
    static let untilFirstAuthentication: Set<String> = [
        "completeUntilFirstUserAuthentication", "completeFileProtectionUntilFirstUserAuthentication",
        "NSFileProtectionCompleteUntilFirstUserAuthentication"
    ]
    static let protectionTypes: Set<String> = ["FileProtectionType", "URLFileProtection", "NSFileProtectionType"]
    static let protectionKeys: Set<String> = [
        "protectionKey", "NSFileProtectionKey", "NSPersistentStoreFileProtectionKey"
    ]

    mutating func visit(_ member: MemberAccessExprSyntax, in file: SwiftFile) {
        let name = member.declName.baseName.text
        switch name {
        case "noFileProtection":
            report(
                file, at: member,
                "'.noFileProtection' leaves the file readable while the device is locked; use .completeFileProtection")
        case "none":
            guard Self.isProtectionNone(member), !Self.writesNothing(member) else { return }
            report(
                file, at: member,
                "file protection 'none' leaves the file readable while the device is locked; use FileProtectionType.complete"
            )
        default:
            guard Self.untilFirstAuthentication.contains(name) else { return }
            reportUntilFirstAuthentication(member, name, in: file)
        }
    }

    mutating func visit(_ ref: DeclReferenceExprSyntax, in file: SwiftFile) {
        let name = ref.baseName.text
        guard name == "NSFileProtectionNone" || Self.untilFirstAuthentication.contains(name) else { return }
        // The member access `FileProtectionType.none` also holds a decl reference `none`: this is the global.
        guard ref.parent?.is(MemberAccessExprSyntax.self) != true else { return }
        if name == "NSFileProtectionNone" {
            report(
                file, at: ref,
                "'NSFileProtectionNone' leaves the file readable while the device is locked; use NSFileProtectionComplete"
            )
        } else {
            reportUntilFirstAuthentication(ref, name, in: file)
        }
    }

    /// completeUntilFirstUserAuthentication: weak only for sensitive data.
    private func reportUntilFirstAuthentication(_ node: some SyntaxProtocol, _ name: String, in file: SwiftFile) {
        guard let write = Self.enclosingWrite(of: node),
            let sensitive = Self.sensitiveName(in: write)
        else { return }
        report(
            file, at: node,
            "'\(sensitive)' stays readable from first unlock until reboot with '\(name)'; use complete protection")
    }

    /// `createFile(atPath:contents: nil, …)` or `contents: Data()` in a type that writes no file otherwise: an empty
    /// marker file, whose existence is all it says, holds nothing to protect. A log created empty and appended to
    /// through a `FileHandle` holds everything.
    private static func writesNothing(_ node: some SyntaxProtocol) -> Bool {
        guard let write = enclosingWrite(of: node), write.calledName == "createFile",
            let contents = write.argument("contents")
        else { return false }
        if let call = contents.as(FunctionCallExprSyntax.self) {
            guard call.calledName == "Data", call.arguments.isEmpty, call.trailingClosure == nil else { return false }
        } else if !contents.is(NilLiteralExprSyntax.self) {
            return false
        }
        let scope = write.enclosingTypeDecl.map { Syntax(fromProtocol: $0) } ?? write.root
        return !scope.tokens(viewMode: .sourceAccurate).contains { token in
            if case .identifier(let text) = token.tokenKind { return writers.contains(text) }
            return false
        }
    }

    /// What writes into a file after it is made.
    private static let writers: Set<String> = ["FileHandle", "OutputStream", "fopen", "write", "append"]

    /// `FileProtectionType.none`, or an implicit `.none` given as the value of a protection key.
    private static func isProtectionNone(_ member: MemberAccessExprSyntax) -> Bool {
        if let base = member.base {
            return base.lastName.map(protectionTypes.contains) ?? false
        }
        if let element = member.parent?.as(DictionaryElementSyntax.self) {
            return element.key.mentions(anyOf: protectionKeys)
        }
        // `values.fileProtection = .none`
        if member.sequenceNeighbor(-1)?.is(AssignmentExprSyntax.self) == true {
            return member.sequenceNeighbor(-2)?.lastName == "fileProtection"
        }
        return false
    }

    /// The file-writing call this protection value is an argument of, looking a few levels up
    /// (`attributes: [.protectionKey: X]`, `options: [.atomic, X]`).
    private static func enclosingWrite(of node: some SyntaxProtocol) -> FunctionCallExprSyntax? {
        var current = node.parent
        for _ in 0..<8 {
            guard let parent = current else { return nil }
            if let call = parent.as(FunctionCallExprSyntax.self) {
                switch call.calledName {
                case "write", "createFile", "setAttributes", "setResourceValues": return call
                default: return nil
                }
            }
            if parent.is(CodeBlockItemSyntax.self) { return nil }
            current = parent.parent
        }
        return nil
    }

    /// The sensitive data or destination of a file write.
    private static func sensitiveName(in call: FunctionCallExprSyntax) -> String? {
        var candidates: [ExprSyntax] = []
        switch call.calledName {
        case "write":
            if let base = call.calledBase, let data = Sensitivity.sensitiveName(in: base) { return data }
            candidates = [call.argument("to"), call.argument("toFile")].compactMap { $0 }
        case "createFile":
            if let contents = call.argument("contents"), let data = Sensitivity.sensitiveName(in: contents) {
                return data
            }
            candidates = [call.argument("atPath")].compactMap { $0 }
        case "setAttributes":
            candidates = [call.argument("ofItemAtPath")].compactMap { $0 }
        default:  // url.setResourceValues(values)
            candidates = [call.calledBase].compactMap { $0 }
        }
        for candidate in candidates {
            if let name = Sensitivity.sensitiveDestinationName(in: candidate) { return name }
        }
        return nil
    }
}
