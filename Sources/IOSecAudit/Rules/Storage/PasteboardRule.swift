import IOSecCore
import SwiftSyntax

/// `storage.pasteboard`: a sensitive value put on the general pasteboard without local-only and expiry options.
struct PasteboardRule: SwiftRule {
    static let description = RuleDescription(
        id: "storage.pasteboard",
        title: "Sensitive value copied to the general pasteboard",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-STORAGE-2",
        cwe: 200,
        owasp: OWASPReference(
            "MASWE-0030", beta: "MASWE-0059",
            mastg: ["MASTG-TEST-0276", "MASTG-TEST-0277", "MASTG-TEST-0278", "MASTG-TEST-0279", "MASTG-TEST-0280"],
            .exact),
        rationale: """
            UIPasteboard.general is shared by every app on the device, keyboards included, and Universal \
            Clipboard copies it to the user's other devices. Whatever is copied stays there until something else \
            replaces it, so a token, password or one-time code copied by the app can be read later by any app \
            that reads the pasteboard.
            """,
        fix:
            "Copy secrets only if the user asks, with setItems(_:options:) using .localOnly and a short .expirationDate.",
        fixExample: """
            UIPasteboard.general.setItems(
                [[UTType.plainText.identifier: recoveryCode]],
                options: [.localOnly: true, .expirationDate: Date().addingTimeInterval(60)]
            )
            """,
        triggeringExamples: [
            RuleExample(
                """
                @implementation ACMGuestInviteViewController
                - (void)copyPassword {
                    ↓[[UIPasteboard generalPasteboard] setString:self.guestPassword];
                }
                @end
                """, path: "App/ACMGuestInviteViewController.m",
                findings: [FindingSpec(confidence: .low, message: "'guestPassword' is copied")]),
            // Where the app shares something with others, a password made for it is given away on purpose: a hint.
            RuleExample(
                """
                final class ShareLinkViewController: UIViewController {
                    @objc func copyLinkPassword() { ↓UIPasteboard.general.string = linkPassword }
                }
                """, findings: [FindingSpec(confidence: .low, message: "'linkPassword' is copied")]),
            RuleExample(
                """
                - (IBAction)copyCard:(id)sender {
                    ↓[[UIPasteboard generalPasteboard] setString:self.cardNumber];
                    ↓[UIPasteboard generalPasteboard].string = self.recoveryPassword;
                }
                """, path: "App/Card.m"),
            RuleExample("↓UIPasteboard.general.string = session.accessToken"),
            RuleExample("↓UIPasteboard.general.setValue(otpCode, forPasteboardType: UTType.plainText.identifier)"),
            RuleExample(
                """
                func copyRecoveryPhrase() {
                    let pasteboard = UIPasteboard.general
                    ↓pasteboard.setItems([[UTType.plainText.identifier: recoveryPhrase]], options: [.localOnly: true])
                }
                """),
            RuleExample(#"↓UIPasteboard.general.string = "Your code: " + verificationCode"#)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                - (IBAction)copyLink:(id)sender {
                    [[UIPasteboard generalPasteboard] setString:self.shareURL.absoluteString];
                    [self.localBoard setString:self.cardNumber];
                }
                """, path: "App/Card.m"),
            RuleExample(
                """
                - (IBAction)copyUsername:(id)sender {
                    [[UIPasteboard generalPasteboard] setString:self.selectedCredential.username];
                }
                """, path: "App/Vault.m"),
            RuleExample("UIPasteboard.general.string = shareURL.absoluteString"),
            RuleExample(
                """
                UIPasteboard.general.setItems(
                    [[UTType.plainText.identifier: otp]],
                    options: [.localOnly: true, .expirationDate: Date().addingTimeInterval(60)]
                )
                """),
            RuleExample("let pastedCode = UIPasteboard.general.string"),
            RuleExample("UIPasteboard.general.string = tokenizer.sampleText"),
            RuleExample(
                """
                // A named pasteboard for reordering search tokens inside the app, not the general one.
                let reorderPasteboard = UIPasteboard(name: UIPasteboard.Name("com.acme.reorder"), create: true)
                reorderPasteboard?.strings = selectedTokens.map(\\.id)
                """)
        ]
    )

    static let subscription = Subscription(
        calls: .named(setters),
        assignments: settableProperties)
    static let settableProperties: Set<String> = ["string", "strings", "url", "urls", "image", "images", "items"]
    static let setters: Set<String> = ["setValue", "setData", "setItems", "addItems", "setObjects", "setString"]

    mutating func visit(_ assignment: AssignmentExprSyntax, in file: SwiftFile) {
        guard let (target, values) = assignment.targetAndValues,
            let member = target.as(MemberAccessExprSyntax.self),
            Self.settableProperties.contains(member.declName.baseName.text),
            let base = member.base, Self.isGeneralPasteboard(base)
        else { return }
        guard let sensitive = values.lazy.compactMap(Self.sensitiveName).first else {
            // `func copy(_ text: String) { UIPasteboard.general.string = text }`: the app's own wrapper; what its
            // callers pass, in any file, is what is copied (`CallerArgumentsStage`).
            if values.count == 1, let value = values.first,
                var sink = ParameterSink.of(value, ruleId: Self.description.id)
            {
                sink.note = "the general pasteboard"
                file.record(kind: FactKind.wrapperSink, value: sink.factValue, at: target)
            }
            return
        }
        report(file, at: target, Self.message(sensitive), confidence: Self.sharedByDesign(target) ? .low : nil)
    }

    /// A finding at a call of the app's own pasteboard wrapper that passes a secret:
    /// `Clipboard.copy(password)` when `copy` puts its text on the general pasteboard.
    static func wrapperFinding(
        _ argument: ExprSyntax, key: ExprSyntax?, call: FunctionCallExprSyntax, in file: SwiftFile,
        sink: ParameterSink, at sinkStep: FlowStep
    ) {
        guard let sensitive = sensitiveName(argument) else { return }
        let copied = FlowStep(
            file: sinkStep.file, line: sinkStep.line, column: sinkStep.column, note: "copied to \(sink.note)")
        file.report(
            description, at: call,
            message:
                "'\(sensitive)' is passed to `\(sink.function)`, which copies it to the general pasteboard (\(sinkStep.file):\(sinkStep.line)), readable by other apps and other devices; use setItems(_:options:) with .localOnly and .expirationDate",
            confidence: sharedByDesign(call) ? .low : nil,
            flow: [file.step(at: argument, "passed to `\(sink.function)`"), copied])
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName, Self.setters.contains(name),
            let base = call.calledBase, Self.isGeneralPasteboard(base),
            let value = call.arguments.first?.expression, let sensitive = Self.sensitiveName(value)
        else { return }
        if let options = call.argument("options"),
            options.mentions(anyOf: ["localOnly"]), options.mentions(anyOf: ["expirationDate"])
        {
            return
        }
        // setObjects(_:localOnly:expirationDate:)
        if call.argument("localOnly")?.booleanLiteralValue == true,
            let expiry = call.argument("expirationDate"), !expiry.unwrapped.is(NilLiteralExprSyntax.self)
        {
            return
        }
        report(file, at: call, Self.message(sensitive), confidence: Self.sharedByDesign(call) ? .low : nil)
    }

    /// Words in the names of the function and type around a copy that say its value is made to be handed to other
    /// people: a public link's password, a guest's password, an invitation code.
    static let sharingWords: Set<String> = ["share", "sharing", "guest", "guests", "invite", "invitation"]

    /// A copy made where the app shares something with others (`ShareViewController`,
    /// `RoomInfoGuestPasswordSave`): the user copies it to give it away, a hint rather than a leak.
    static func sharedByDesign(_ node: some SyntaxProtocol) -> Bool {
        var names: [String] = []
        if let function = node.enclosingFunction { names.append(function.name.text) }
        if let type = node.enclosingTypeDecl {
            if let c = type.as(ClassDeclSyntax.self) { names.append(c.name.text) }
            if let s = type.as(StructDeclSyntax.self) { names.append(s.name.text) }
            if let x = type.as(ExtensionDeclSyntax.self) { names.append(x.extendedType.trimmedDescription) }
        }
        return names.contains { SensitiveName.words($0).contains(where: sharingWords.contains) }
    }

    private static func message(_ name: String) -> String {
        "'\(name)' is copied to the general pasteboard, readable by other apps and other devices; use setItems(_:options:) with .localOnly and .expirationDate"
    }

    /// Sensitivity of a value, looking into array and dictionary literals (`[[type: code]]`).
    private static func sensitiveName(_ expr: ExprSyntax) -> String? {
        let e = expr.unwrapped
        if let array = e.as(ArrayExprSyntax.self) {
            return array.elements.lazy.compactMap { sensitiveName($0.expression) }.first
        }
        if let dictionary = e.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return nil }
            return elements.lazy.compactMap { sensitiveName($0.value) }.first
        }
        return Sensitivity.sensitiveName(in: e)
    }

    /// `UIPasteboard.general`, or a local / property named like a pasteboard that is not a named one.
    static func isGeneralPasteboard(_ base: ExprSyntax) -> Bool {
        let text = base.sourceText
        if text.hasPrefix("UIPasteboard(") { return false }
        if text.hasSuffix("UIPasteboard.general") { return true }
        guard let name = base.lastName, name.lowercased().hasSuffix("pasteboard") else { return false }
        if let ref = base.unwrapped.as(DeclReferenceExprSyntax.self),
            let origin = LocalValue.initializer(of: name, before: ref)
        {
            return origin.sourceText.hasSuffix("UIPasteboard.general")
        }
        return true
    }
}
