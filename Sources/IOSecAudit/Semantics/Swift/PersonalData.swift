import IOSecCore
import SwiftSyntax

/// Names of personal data about the user: how to reach them (e-mail, phone), where they live, when they were born,
/// the numbers that identify them to a state. Not secrets (`SensitiveName` says those), so a rule that stores or
/// sends them reports at low severity and low confidence: a name is all it knows.
///
/// ```swift
/// PersonalData.isPersonal("mobilePhoneNumber")  // true
/// PersonalData.isPersonal("isEmailVerified")    // false: about an e-mail, not one
/// ```
enum PersonalData {
    /// Single words that name personal data.
    static let words: Set<String> = [
        "email", "phone", "telephone", "msisdn", "birthday", "birthdate", "dob", "ssn", "homeaddr", "passport"
    ]
    /// Adjacent word pairs that do.
    static let pairs: Set<String> = [
        "e mail", "email address", "phone number", "mobile number", "home address", "street address",
        "postal address", "mailing address", "date of", "birth day", "social security", "resident id", "national id",
        "tax id", "zip code", "postal code"
    ]
    /// Words that turn a personal word into something about it (`isEmailVerified`, `emailCount`, `hashedEmail`).
    static let negators: Set<String> = [
        "is", "has", "did", "should", "can", "count", "enabled", "verified", "valid", "type", "domain", "hash",
        "hashed", "sha256", "length", "status", "permission", "authorized", "format", "changed", "available",
        "provider", "accuracy", "template", "event", "events", "screen", "button", "tapped", "opened", "shown",
        "method", "placeholder", "key", "regex", "pattern", "suffix", "prefix", "masked", "redacted", "obfuscated",
        "truncated", "hint"
    ]

    static func isPersonal(_ identifier: String) -> Bool {
        isPersonal(words: SensitiveName.words(identifier))
    }

    static func isPersonal(words w: [String]) -> Bool {
        guard !w.contains(where: negators.contains) else { return false }
        if w.contains(where: words.contains) { return true }
        return zip(w, w.dropFirst()).contains { pairs.contains("\($0) \($1)") }
    }

    /// The name that says `expr` is personal data: a reference or member (`ms.mobileNumber`), or what a conversion
    /// holds (`String(ssn)`); nil for anything the app computes.
    static func name(in expr: ExprSyntax) -> String? {
        let e = expr.unwrapped
        if let call = e.as(FunctionCallExprSyntax.self) {
            guard ["String", "Data", "NSString"].contains(call.calledName ?? ""), call.arguments.count == 1,
                let only = call.arguments.first, only.label == nil
            else { return nil }
            return name(in: only.expression)
        }
        guard e.is(DeclReferenceExprSyntax.self) || e.is(MemberAccessExprSyntax.self), let last = e.lastName,
            isPersonal(last)
        else { return nil }
        return last
    }
}
