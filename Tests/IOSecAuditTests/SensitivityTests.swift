@testable import IOSecAudit
import IOSecCore
import SwiftParser
import SwiftSyntax
import Testing

/// The shared judgement of whether an expression carries sensitive data.
@Suite struct SensitivityTests {
    /// The sensitive name found in the first argument of the last `sink(…)` call in `code`.
    /// With `memo`, as during a scan: the file's names rule out most questions before the tree is searched.
    static func judge(_ code: String, memo: Bool = false) -> String? {
        if memo {
            return AnalysisMemo.$current.withValue(AnalysisMemo(source: Array(code.utf8))) { judge(code) }
        }
        final class Finder: SyntaxVisitor {
            var argument: ExprSyntax?
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if node.calledName == "sink" { argument = node.arguments.first?.expression }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(Parser.parse(source: code))
        return finder.argument.flatMap { Sensitivity.sensitiveName(in: $0) }
    }

    @Test(arguments: [
        ("sink(accessToken)", "accessToken"),
        ("sink(session.refreshToken)", "refreshToken"),
        (#"sink("Bearer \(token)")"#, "token"),
        ("sink(Data(password.utf8))", "password"),
        ("func f() { let t = auth.idToken; sink(t) }", "idToken"),
        ("func f() { if let t = keychain.readPassword() { sink(t) } }", "readPassword"),
        ("func save(_ session: Session) { let data = try! JSONEncoder().encode(session); sink(data) }", "session"),
        ("func save(_ credentials: Credentials) { sink(credentials) }", "credentials"),
        // The words of a recovery phrase are the phrase.
        ("sink(mnemonic.phrase)", "mnemonic"),
        (#"sink(mnemonic.words.joined(separator: " "))"#, "mnemonic"),
        (#"sink(json["access_token"])"#, "access_token"),
        // What the user typed into a field for a secret.
        ("sink(passwordTextField.text)", "passwordTextField"),
        ("sink(passField.text ?? \"\")", "passField"),
        ("sink(cvvField.text!)", "cvvField"),
        ("sink(cardNumberTF.text)", "cardNumberTF"),
        ("sink(pinEntry.text)", "pinEntry"),
        // Containers filled with a secret earlier in the function.
        (
            #"func f() { let record = NSMutableDictionary(); record["password"] = passField.text; sink(record.description) }"#,
            "password"
        ),
        (
            #"func f(pw: String) { let dict = NSMutableDictionary(); dict.setValue(pw, forKey: "password"); sink(dict) }"#,
            "password"
        ),
        (#"sink(["user": name, "password": pw])"#, "password"),
        ("sink(ccNo)", "ccNo"),
        ("sink(sessionID)", "sessionID"),
        ("sink(passwordResetCode)", "passwordResetCode"),
        // Declarations and fills in the shapes the file's names are read from.
        ("func f() { var n = 1, t = auth.idToken; sink(t) }", "idToken"),
        ("func f() { let `default` = auth.idToken; sink(`default`) }", "idToken"),
        ("func f() {\n    guard\n        let\n        t = auth.idToken else { return }\n    sink(t)\n}", "idToken"),
        (
            "func f(pw: String) { let dict = NSMutableDictionary(); dict\n    .setObject(pw, forKey: \"password\"); sink(dict) }",
            "password"
        ),
        ("func f() { let user = User(); user.password = field.text; sink(user) }", "password"),
        (#"func f() { var params = [String: Any](); params ["pin"] = pin; sink(params) }"#, "pin")
    ])
    func sensitive(code: String, name: String) {
        #expect(Self.judge(code) == name, "\(code)")
        #expect(Self.judge(code, memo: true) == name, "\(code), during a scan")
    }

    @Test(arguments: [
        "sink(password.count)",
        "sink(isTokenValid)",
        "sink(spinner)",
        #"sink("token")"#,
        "func f(_ session: URLSession) { sink(session) }",
        "func f(_ session: AVCaptureSession) { sink(session) }",
        "func f() { let value = cache.count; sink(value) }",
        "func f(x: Int) { sink(x) }",
        "sink(tokenizer.vocabulary)",
        // Look-alikes of the vocabulary.
        "sink(isPinned)", "sink(pinch)", "sink(keyboard)", "sink(keyboardType)", "sink(passwordRules)",
        "sink(tokenCount)",
        "sink(isPasswordValid)", "sink(cookieConsentInfo)", "sink(passwordField.placeholder)", "sink(cardView.text)",
        "sink(pushToken)", "sink(apnsToken)", "sink(pushKitToken)", "sink(nextPageToken)", "sink(firstPinLatitude)",
        "sink(passwordReset)",
        #"func f() { let settings = NSMutableDictionary(); settings["theme"] = "dark"; sink(settings) }"#,
        #"sink(["user": name, "password": nil])"#
    ])
    func notSensitive(code: String) {
        #expect(Self.judge(code) == nil, "\(code)")
        #expect(Self.judge(code, memo: true) == nil, "\(code), during a scan")
    }

    /// The same sets, read from the bytes (a file the pre-pass did not see) and from the constant pre-pass's tokens.
    static let sourceNamesCode = Array(
        """
        let token = read(); var a = 1, b: Int = 2
        if let shorthand { use(session) }
        dict["k"] = v; store?.setValue(x, forKey: "k"); user.password = pw; cache.updateValue(1, forKey: 2)
        if other.count == 1 { print(reader.value) }
        let `default` = 1; guard let bound = x else { return }; if a.b != c, d.e == f {}
        """.utf8)

    static func lexed(_ code: [UInt8]) -> LexedFiles {
        SwiftPrePass.run([FileInput(path: "A.swift", bytes: code)], options: ScanOptions()).lexed
    }

    @Test(arguments: [false, true])
    func sourceNamesRuleOutNamesNeverDeclaredOrFilled(fromPrePass: Bool) throws {
        let code = Self.sourceNamesCode
        let names =
            fromPrePass
            ? try #require(Self.lexed(code).file("A.swift", size: code.count)?.names)
            : SourceNames(code)
        for declared in ["token", "a", "b", "shorthand", "default", "`default`", "bound"] {
            #expect(names.declared.contains(declared), "\(declared)")
        }
        // Another size means another version of the file: it is read again.
        #expect(Self.lexed(code).file("A.swift", size: code.count + 1) == nil)
        for declared in ["token", "a", "b", "shorthand"] { #expect(names.declared.contains(declared), "\(declared)") }
        for undeclared in ["read", "session", "dict", "other", "reader"] {
            #expect(!names.declared.contains(undeclared), "\(undeclared)")
        }
        for filled in ["dict", "store", "user", "cache"] { #expect(names.filled.contains(filled), "\(filled)") }
        // Compared, read or called, never filled.
        for unfilled in ["other", "reader", "token", "print", "session", "a", "d"] {
            #expect(!names.filled.contains(unfilled), "\(unfilled)")
        }
    }

    @Test func aBodyIsSearchedForFillsOnlyWhereItsBytesShowOne() {
        let code = "func f() { let dict = make(); dict\n  .setValue(pw, forKey: k); sink(dict); other [0] = 1 }"
        let memo = AnalysisMemo(source: Array(code.utf8))
        let bytes = Array(code.utf8)
        #expect(memo.mayFill("dict", from: 0, to: bytes.count))
        #expect(memo.mayFill("other", from: 0, to: bytes.count))
        // Declared and used, never followed by `[` or `.`.
        #expect(!memo.mayFill("pw", from: 0, to: bytes.count))
        #expect(!memo.mayFill("sink", from: 0, to: bytes.count))
        // Only the bytes before the use count.
        let use = code.utf8.count - " [0] = 1 }".utf8.count
        #expect(!memo.mayFill("other", from: 0, to: use))
        #expect(!memo.mayFill("dict", from: 40, to: bytes.count - 20))
    }

    /// A value made from a secret that no longer reveals it is not the secret, whichever side the word is on.
    @Test func derivedValuesAreNotTheSecret() {
        #expect(SensitiveName.classify("hashedPassword") == nil)
        #expect(SensitiveName.classify("passwordHash") == nil)
        #expect(SensitiveName.classify("maskedCardNumber") == nil)
        #expect(SensitiveName.classify("encrypted_passwd") == nil)
        #expect(SensitiveName.classify("sealedToken") == nil)
        #expect(SensitiveName.classify("password") == .password)
        #expect(SensitiveName.classify("newPassword") == .password)
    }

    /// Two names agree when both name a credential (or the same kind of data); a dotted key is judged by its end.
    @Test func namesCorroborateOnlyWhenBothNameTheSameKind() {
        #expect(Sensitivity.corroborates("refreshToken", by: "account.refreshToken"))
        #expect(Sensitivity.corroborates("password", by: "loginSecret"))
        #expect(!Sensitivity.corroborates("refreshToken", by: "account.lastSync"))
        #expect(!Sensitivity.corroborates("badgeCount", by: "token"))
    }
}
