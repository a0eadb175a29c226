import IOSecCore
import SwiftSyntax

/// `crypto.insecure-random`: a C random-number function used to make a token, key, nonce or other secret.
struct InsecureRandomRule: SwiftRule {
    static let description = RuleDescription(
        id: "crypto.insecure-random",
        title: "Non-cryptographic random numbers for secrets",
        severity: .medium,
        confidence: .medium,
        masvs: "MASVS-CRYPTO-1",
        cwe: 338,
        owasp: OWASPReference("MASWE-0012", beta: "MASWE-0027", mastg: ["MASTG-TEST-0311", "MASTG-TEST-0349"], .exact),
        outsideChecklist: "weak algorithms: the merged checklists have no cryptography item",
        rationale: """
            rand(), random() and the drand48 family are seeded linear generators: a few outputs, or the seed \
            (often the time), reveal every other output, so tokens, nonces, salts and PINs made from them can be \
            predicted. arc4random is not documented as a cryptographic source in portable code and cannot report \
            failure. Security values need the system CSPRNG. Randomness for animations, shuffles and games is \
            not a security use and is left alone.
            """,
        fix:
            "Use SecRandomCopyBytes, SystemRandomNumberGenerator (e.g. UInt8.random(in:)), or CryptoKit's SymmetricKey(size:).",
        fixExample: """
            var bytes = [UInt8](repeating: 0, count: 32)
            guard SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes) == errSecSuccess else {
                throw TokenError.randomUnavailable
            }
            let nonce = Data(bytes).base64EncodedString()
            """,
        triggeringExamples: [
            RuleExample(
                """
                - (NSString *)makeResetToken {
                    NSString *resetToken = [NSString stringWithFormat:@"%08x", ↓rand()];
                    return resetToken;
                }
                """, path: "App/Reset.m", findings: [FindingSpec(confidence: .medium, message: "'rand()'")]),
            RuleExample(
                """
                - (NSString *)makeResetToken {
                    NSString *resetToken = [NSString stringWithFormat:@"%06u", ↓arc4random_uniform(1000000)];
                    return resetToken;
                }
                """, path: "App/Reset.m", findings: [FindingSpec(confidence: .low)]),
            RuleExample(
                """
                - (void)startPhoneVerification:(NSString *)phoneNumber {
                    NSString *otp = [NSString stringWithFormat:@"%06d", ↓rand() % 1000000];
                    [self.smsGateway sendCode:otp to:phoneNumber];
                }
                """, path: "App/PhoneVerification.m"),
            RuleExample(
                """
                static uint32_t makeSessionNonce(void) {
                    return (uint32_t)↓random();
                }
                """, path: "App/Nonce.c"),
            RuleExample(
                """
                func makeNonce() -> String {
                    var nonce = ""
                    for _ in 0..<32 { nonce += String(↓arc4random_uniform(10)) }
                    return nonce
                }
                """, findings: [FindingSpec(confidence: .low, message: "'arc4random_uniform()'")]),
            RuleExample(
                #"let sessionToken = String(format: "%08x%08x", ↓rand(), ↓rand())"#,
                findings: [
                    FindingSpec(confidence: .medium), FindingSpec(confidence: .medium, message: "'sessionToken'")
                ]),
            RuleExample(
                """
                struct PasswordResetCode {
                    let value: Int
                    init() { value = 100_000 + ↓random() % 900_000 }
                }
                """),
            RuleExample(
                """
                func deriveKey(from password: String) -> Data {
                    let salt = Data((0..<16).map { _ in UInt8(↓drand48() * 255) })
                    return pbkdf2(password, salt: salt)
                }
                """),
            // Objective-C: a local that becomes a one-time code a line later.
            RuleExample(
                """
                - (void)sendVerification {
                    int code = ↓rand() % 1000000;
                    self.otpCode = [NSString stringWithFormat:@"%06d", code];
                }
                """, path: "App/Verification.m", findings: [FindingSpec(message: "'otpCode'")])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                - (void)shuffleTiles {
                    NSUInteger index = arc4random_uniform((uint32_t)self.tiles.count);
                    int jitter = rand() % 5;
                    self.offset = jitter * 2;
                    self.highlighted = self.tiles[index];
                }
                """, path: "App/Game.m"),
            RuleExample(
                """
                - (void)registerForPush:(BOOL)enabled token:(NSData *)token completion:(void (^)(BOOL))completion {
                    NSString *letters = @"abcdefghijklmnopqrstuvwxyz0123456789";
                    NSMutableString *groupTag = [NSMutableString stringWithCapacity:12];
                    for (int i = 0; i < 12; i++) {
                        unichar ch = [letters characterAtIndex:arc4random_uniform((uint32_t)letters.length)];
                        [groupTag appendFormat:@"%C", ch];
                    }
                    [self.pushClient registerDevice:token groupTag:groupTag enabled:enabled completion:completion];
                }
                """, path: "App/PushRegistration.m"),
            RuleExample(
                """
                func shakePasswordField() {
                    let offset = CGFloat(arc4random_uniform(8)) - 4
                    passwordField.transform = CGAffineTransform(translationX: offset, y: 0)
                }
                """),
            RuleExample(
                """
                func dealCard() -> Card {
                    srand48(Int(Date().timeIntervalSince1970))
                    let index = Int(arc4random_uniform(UInt32(deck.count)))
                    return deck.remove(at: index)
                }
                """),
            RuleExample("let token = (0..<32).map { _ in UInt8.random(in: .min ... .max) }"),
            RuleExample(
                """
                var keyBytes = [UInt8](repeating: 0, count: 32)
                let status = SecRandomCopyBytes(kSecRandomDefault, keyBytes.count, &keyBytes)
                """),
            RuleExample("confettiView.emitter.birthRate = Float(arc4random_uniform(50)) + 20")
        ]
    )

    static let subscription = Subscription(
        calls: .named(weakFunctions))
    static let weakFunctions: Set<String> = [
        "rand", "random", "srand", "srandom", "drand48", "erand48", "lrand48", "nrand48", "mrand48", "jrand48",
        "srand48", "arc4random", "arc4random_uniform"
    ]
    /// Words that name security values the shared classifier does not cover on their own.
    static let securityWords: Set<String> = ["nonce", "salt", "iv", "challenge", "verifier", "csrf", "xsrf", "entropy"]
    static let compoundAssignments: Set<String> = ["+=", "-=", "*=", "^=", "|=", "&="]
    /// Ancestors to look through before giving up: enough for `let x = String(format: …, f())` nesting.
    static let maxDepth = 24

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let ref = call.calledExpression.as(DeclReferenceExprSyntax.self),
            Self.weakFunctions.contains(ref.baseName.text),
            let purpose = Self.securityPurpose(of: call)
        else { return }
        let name = ref.baseName.text
        let confidence: Confidence = name.hasPrefix("arc4random") ? .low : .medium
        report(
            file, at: call,
            "'\(name)()' is used to make '\(purpose)', which must be unpredictable; use SecRandomCopyBytes or SystemRandomNumberGenerator",
            confidence: confidence)
    }

    /// The name that says what the random value is for, when it is a security value: the variable or label
    /// it goes into, the function that returns it, or the type an initializer builds.
    private static func securityPurpose(of call: FunctionCallExprSyntax) -> String? {
        var child = Syntax(call)
        var current = child.parent
        for _ in 0..<maxDepth {
            guard let node = current else { return nil }
            var names: [String] = []
            if let binding = node.as(PatternBindingSyntax.self),
                let id = binding.pattern.as(IdentifierPatternSyntax.self)
            {
                names.append(id.identifier.text)
            } else if let labeled = node.as(LabeledExprSyntax.self), let label = labeled.label {
                names.append(label.text)
            } else if let list = node.as(ExprListSyntax.self), let target = assignmentTarget(in: list, before: child) {
                names.append(target)
            } else if let function = node.as(FunctionDeclSyntax.self) {
                return isSecurityName(function.name.text) ? function.name.text : nil
            } else if node.is(InitializerDeclSyntax.self) {
                return typeName(of: node).flatMap { isSecurityName($0) ? $0 : nil }
            } else if node.is(MemberBlockSyntax.self) || node.is(SourceFileSyntax.self) {
                return nil
            }
            if let name = names.first(where: isSecurityName) { return name }
            child = node
            current = node.parent
        }
        return nil
    }

    /// In `target = …` / `target += …`, the target's name when `element` is on the right.
    private static func assignmentTarget(in list: ExprListSyntax, before element: Syntax) -> String? {
        guard let expr = element.as(ExprSyntax.self), var index = list.index(of: expr) else { return nil }
        // Walk left over operators and operands to the `=` (there is at most one per statement).
        while index > list.startIndex {
            index = list.index(before: index)
            let op = list[index]
            let isAssignment =
                op.is(AssignmentExprSyntax.self)
                || op.as(BinaryOperatorExprSyntax.self).map { compoundAssignments.contains($0.operator.text) } == true
            if isAssignment { return op.sequenceNeighbor(-1)?.lastName }
        }
        return nil
    }

    private static func typeName(of node: Syntax) -> String? {
        guard let type = node.enclosingTypeDecl else { return nil }
        if let d = type.as(StructDeclSyntax.self) { return d.name.text }
        if let d = type.as(ClassDeclSyntax.self) { return d.name.text }
        if let d = type.as(EnumDeclSyntax.self) { return d.name.text }
        if let d = type.as(ActorDeclSyntax.self) { return d.name.text }
        return nil
    }

    static func isSecurityName(_ name: String) -> Bool {
        let words = SensitiveName.words(name)
        if words == ["key"] || words.contains(where: securityWords.contains) { return true }
        return SensitiveName.classify(words: words) != nil
    }
}
