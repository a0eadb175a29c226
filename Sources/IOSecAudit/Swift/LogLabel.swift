import IOSecCore
import SwiftSyntax

/// What a message says about the value it shows: in `"password: \(value)"` or `NSLog("cvv=%@", value)` the text
/// right before the value labels it as a secret, whatever the variable is called.
enum LogLabel {
    /// The sensitive word(s) that end `text` (after trailing spaces and `:`, `=`, `-`), when the last word is
    /// needed for the match: "Password:" → "password", "card number =" → "card number", but "Token refreshed,"
    /// → nil (the sentence is about a token, the value is not one).
    /// Labels count only for what is a credential on its own: a "session id" or "user id" in a message is usually an
    /// identifier (Matrix and Megolm session IDs are public).
    private static let labelCategories: Set<SensitiveCategory> = [
        .password, .secret, .token, .key, .pin, .otp, .credential, .card
    ]

    static func label(before text: String) -> String? {
        guard let found = rawLabel(before: text), let category = SensitiveName.classify(found),
            labelCategories.contains(category)
        else { return nil }
        return found
    }

    private static func rawLabel(before text: String) -> String? {
        var tail = Substring(text)
        while let last = tail.last, last == " " || last == ":" || last == "=" || last == "-" || last == "\t" {
            tail.removeLast()
        }
        guard let last = tail.last, last.isLetter || last.isNumber else { return nil }
        let words = SensitiveName.words(String(tail.suffix(40)))
        guard let final = words.last else { return nil }
        let pair = Array(words.suffix(2))
        if SensitiveName.classify(words: [final]) != nil {
            // "APNS token", "push token": the word before says it is no secret; so does a sentence about a push or
            // registration token ("Firebase registration token refreshed, new token: …").
            if pair.count == 2 && SensitiveName.classify(words: pair) == nil { return nil }
            if SensitiveName.classify(words: [final]) == .token,
                SensitiveName.words(text).contains(where: SensitiveName.tokenNonSecretQualifiers.contains)
            {
                return nil
            }
            return final
        }
        if pair.count == 2, SensitiveName.classify(words: pair) != nil, SensitiveName.classify(words: [pair[0]]) == nil
        {
            return pair.joined(separator: " ")
        }
        return nil
    }

    /// The label before each `%` conversion of a printf-style format (nil where there is none).
    static func formatLabels(_ format: String) -> [String?] {
        var labels: [String?] = []
        var text = ""
        let chars = Array(format)
        let n = chars.count
        var i = 0
        while i < n {
            guard chars[i] == "%" else {
                text.append(chars[i])
                i += 1
                continue
            }
            if i + 1 < n, chars[i + 1] == "%" {
                text.append("%")
                i += 2
                continue
            }
            labels.append(label(before: text))
            text = ""
            i += 1
            if i < n, chars[i] == "{" {  // `%{public}@`
                while i < n, chars[i] != "}" { i += 1 }
                i += 1
            }
            // Flags, width, precision and length modifiers, then the conversion character.
            while i < n, chars[i].isNumber || "-+ #.*'lhqztjL".contains(chars[i]) { i += 1 }
            i += 1
        }
        return labels
    }

    /// Whether a labelled value may be the secret itself: not a literal, a count, a flag or an error.
    static func mayHoldSecret(_ expr: ExprSyntax) -> Bool {
        let e = expr.unwrapped
        if e.is(StringLiteralExprSyntax.self) || e.is(IntegerLiteralExprSyntax.self)
            || e.is(BooleanLiteralExprSyntax.self)
            || e.is(NilLiteralExprSyntax.self) || e.is(FloatLiteralExprSyntax.self)
        {
            return false
        }
        if let infix = e.as(InfixOperatorExprSyntax.self) {
            return mayHoldSecret(infix.leftOperand)
        }
        if let sequence = e.as(SequenceExprSyntax.self), let first = sequence.elements.first {
            // `field.text ?? ""`
            return sequence.elements.count == 3 && mayHoldSecret(first)
        }
        let name: String?
        if let call = e.as(FunctionCallExprSyntax.self) {
            name = call.calledName
        } else {
            name = e.lastName
        }
        guard let name else { return false }
        if Sensitivity.inputTextMembers.contains(name) { return true }
        return !SensitiveName.isMetadata(name) && !Sensitivity.harmlessMembers.contains(name)
            && !["localizedDescription", "hashValue", "prefix", "suffix"].contains(name)
    }
}
