import IOSecCore
import SwiftSyntax

/// What a message says about the value it shows: in `"password: \(value)"` or `NSLog("cvv=%@", value)` the text
/// right before the value labels it as a secret, whatever the variable is called.
enum LogLabel {
    /// Whether a logged value's name says which credential it is: `accessToken`, `password`, or a field the user types
    /// one into (`passField.text`, `pinField.text`). Such a name is medium confidence in a log line; a generic one
    /// (`token`, `secret`) is low.
    static func namesSpecificCredential(_ name: String) -> Bool {
        if SensitiveName.isSpecificCredential(name) { return true }
        guard SensitiveName.classify(name) == nil, let typed = SensitiveName.classifyInputField(name) else {
            return false
        }
        return [.password, .pin, .otp, .card, .personalID].contains(typed)
    }

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
        var text: [UInt8] = []
        let chars = Array(format.utf8)
        let n = chars.count
        var i = 0
        while i < n {
            guard chars[i] == UInt8(ascii: "%") else {
                text.append(chars[i])
                i += 1
                continue
            }
            if i + 1 < n, chars[i + 1] == UInt8(ascii: "%") {
                text.append(UInt8(ascii: "%"))
                i += 2
                continue
            }
            labels.append(mayEndInLabel(text) ? label(before: String(decoding: text, as: UTF8.self)) : nil)
            text.removeAll(keepingCapacity: true)
            i += 1
            if i < n, chars[i] == UInt8(ascii: "{") {  // `%{public}@`
                while i < n, chars[i] != UInt8(ascii: "}") { i += 1 }
                i += 1
            }
            // Flags, width, precision and length modifiers, then the conversion character.
            while i < n, modifiers.contains(chars[i]) || (chars[i] >= 0x30 && chars[i] <= 0x39) { i += 1 }
            i += 1
        }
        return labels
    }

    /// Whether text can end in a label, as `rawLabel` reads it: after trailing spaces, `:`, `=` and `-`, a letter or
    /// digit (or a byte of a non-ASCII character). Most conversions follow `] ` or `(`; no String is made for those.
    private static func mayEndInLabel(_ text: [UInt8]) -> Bool {
        guard
            let last = text.last(where: {
                $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: "=")
                    && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "\t")
            })
        else { return false }
        return last >= 0x80 || (last | 0x20 >= UInt8(ascii: "a") && last | 0x20 <= UInt8(ascii: "z"))
            || (last >= UInt8(ascii: "0") && last <= UInt8(ascii: "9"))
    }

    /// What a printf-style conversion shows of its argument.
    enum ConversionKind: Sendable { case object, number, pointer }

    /// The kind of each `%` conversion of a printf-style format, in order: `%p` a pointer's address, `%d` `%lu` `%f`
    /// … a number, anything else (`%@`, `%s`, `%{public}@`) the value itself.
    static func conversionKinds(_ format: String) -> [ConversionKind] {
        conversions(format).map(\.kind)
    }

    /// The conversions of a printf-style format in order, each with its UTF-8 byte range in the format.
    static func conversions(_ format: String) -> [(kind: ConversionKind, range: Range<Int>)] {
        var found: [(kind: ConversionKind, range: Range<Int>)] = []
        let chars = Array(format.utf8)
        let n = chars.count
        var i = 0
        while i < n {
            guard chars[i] == UInt8(ascii: "%") else {
                i += 1
                continue
            }
            if i + 1 < n, chars[i + 1] == UInt8(ascii: "%") {
                i += 2
                continue
            }
            let start = i
            i += 1
            if i < n, chars[i] == UInt8(ascii: "{") {  // `%{public}@`
                while i < n, chars[i] != UInt8(ascii: "}") { i += 1 }
                i += 1
            }
            while i < n, Self.modifiers.contains(chars[i]) || (chars[i] >= 0x30 && chars[i] <= 0x39) { i += 1 }
            guard i < n else {
                found.append((.object, start..<n))
                break
            }
            let kind: ConversionKind
            switch chars[i] {
            case UInt8(ascii: "p"): kind = .pointer
            case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "X"),
                UInt8(ascii: "o"), UInt8(ascii: "f"), UInt8(ascii: "e"), UInt8(ascii: "g"), UInt8(ascii: "D"),
                UInt8(ascii: "U"):
                kind = .number
            default: kind = .object
            }
            i += 1
            found.append((kind, start..<i))
        }
        return found
    }

    private static let modifiers = Set("-+ #.*'lhqztjL".utf8)

    /// The secrets a number can be: a PIN, a one-time code, a card number or a personal ID.
    static let numericSecrets: Set<SensitiveCategory> = [.pin, .otp, .card, .personalID]

    /// Words in a function's name that say it hides or digests its input: what it returns is not the secret.
    static let redactingWords: Set<String> = [
        "private", "redact", "redacted", "mask", "masked", "sanitize", "sanitized", "obfuscate", "obfuscated", "hash",
        "hashed", "digest", "sha256", "truncated", "truncate", "length", "count"
    ]

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
