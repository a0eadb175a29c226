import Foundation
import IOSecCore

/// What ``Redactor`` hides. Everything is on by default: redaction errs on the side of hiding.
///
/// ```swift
/// var configuration = RedactionConfiguration()
/// configuration.additionalSensitiveKeys = ["X-Tenant-Secret"]
/// configuration.redactsEmails = false  // an internal tool that needs them
/// ```
public struct RedactionConfiguration: Sendable, Equatable {
    /// Values after `Bearer`, `Basic`, `Token`, `Digest` (HTTP authorization schemes).
    public var redactsAuthorizationCredentials = true
    /// Values of sensitive keys in metadata and in `key=value`, `key: value` and JSON text
    /// (decided by `SensitiveName.isSensitive`, plus ``additionalSensitiveKeys``).
    public var redactsSensitiveKeyValues = true
    /// Known token formats (JWT, AWS, Google, Stripe, GitHub, Slack, …) via `SecretDetector.knownFormat`.
    public var redactsKnownTokenFormats = true
    /// Long high-entropy tokens (`SecretDetector.looksRandom`) even without a telling key.
    public var redactsHighEntropyTokens = true
    public var redactsEmails = true
    /// 13–19 digit numbers (spaces or dashes allowed) that pass the Luhn check.
    public var redactsCardNumbers = true
    /// `-----BEGIN …-----` blocks (keys and certificates).
    public var redactsPEMBlocks = true
    /// Extra key names treated as sensitive (compared case-insensitively).
    public var additionalSensitiveKeys: Set<String> = []
    /// Key names never treated as sensitive (compared case-insensitively), for false positives.
    public var allowedKeys: Set<String> = []

    public init() {}
}

/// Removes secrets and personal data from text and log metadata.
///
/// Linear in the input: one pass to find spans, one to rebuild the text.
///
/// ```swift
/// let redactor = Redactor()
/// redactor.redact("GET /me Authorization: Bearer eyJhbGciOi...") // "GET /me Authorization: Bearer [REDACTED:credential]"
/// redactor.redact(#"{"password":"hunter2","user":"al"}"#)          // {"password":"[REDACTED:password]","user":"al"}
/// redactor.redact("card 4111 1111 1111 1111")                      // "card [REDACTED:card]"
/// ```
public struct Redactor: Sendable {
    public let configuration: RedactionConfiguration
    private let extraKeys: Set<String>
    private let allowed: Set<String>

    /// Header-style names that always carry credentials.
    private static let credentialHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token"
    ]
    private static let authorizationSchemes: Set<String> = ["bearer", "basic", "token", "digest", "negotiate"]

    public init(configuration: RedactionConfiguration = RedactionConfiguration()) {
        self.configuration = configuration
        self.extraKeys = Set(configuration.additionalSensitiveKeys.map { $0.lowercased() })
        self.allowed = Set(configuration.allowedKeys.map { $0.lowercased() })
    }

    /// The replacement for a redacted value.
    public static func marker(_ kind: String) -> String { "[REDACTED:\(kind)]" }

    /// Whether a key (metadata key, JSON key, header name) names a secret.
    public func isSensitiveKey(_ key: String) -> Bool {
        let lowered = key.lowercased()
        if allowed.contains(lowered) { return false }
        if extraKeys.contains(lowered) || Self.credentialHeaders.contains(lowered) { return true }
        return SensitiveName.isSensitive(key)
    }

    private func category(ofKey key: String) -> String {
        SensitiveName.classify(key)?.rawValue ?? "credential"
    }

    // MARK: Text

    /// `text` with every detected secret replaced by a `[REDACTED:kind]` marker.
    public func redact(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return text }
        var spans: [Span] = []
        if configuration.redactsPEMBlocks { findPEMBlocks(scalars, into: &spans) }
        if configuration.redactsSensitiveKeyValues || configuration.redactsAuthorizationCredentials {
            findKeyValues(scalars, into: &spans)
        }
        if configuration.redactsCardNumbers { findCardNumbers(scalars, into: &spans) }
        findTokens(scalars, into: &spans)
        guard !spans.isEmpty else { return text }
        return rebuild(scalars, spans)
    }

    struct Span {
        var start: Int
        var end: Int
        var kind: String
    }

    private func rebuild(_ scalars: [Unicode.Scalar], _ spans: [Span]) -> String {
        let sorted = spans.sorted { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
        var merged: [Span] = []
        for span in sorted {
            if let last = merged.last, span.start < last.end {
                merged[merged.count - 1].end = max(last.end, span.end)
            } else {
                merged.append(span)
            }
        }
        var output = String.UnicodeScalarView()
        var cursor = 0
        for span in merged {
            output.append(contentsOf: scalars[cursor..<span.start])
            output.append(contentsOf: Self.marker(span.kind).unicodeScalars)
            cursor = span.end
        }
        output.append(contentsOf: scalars[cursor...])
        return String(output)
    }

    // MARK: PEM

    private static let pemBegin = Array("-----BEGIN ".unicodeScalars)
    private static let pemEnd = Array("-----END ".unicodeScalars)
    private static let dashes = Array("-----".unicodeScalars)

    private func findPEMBlocks(_ s: [Unicode.Scalar], into spans: inout [Span]) {
        var index = 0
        while let start = Self.find(Self.pemBegin, in: s, from: index) {
            guard let endMarker = Self.find(Self.pemEnd, in: s, from: start + Self.pemBegin.count),
                let close = Self.find(Self.dashes, in: s, from: endMarker + Self.pemEnd.count)
            else {
                // Unterminated: hide everything after BEGIN (a truncated key is still a key).
                spans.append(Span(start: start, end: s.count, kind: "pem"))
                return
            }
            let end = close + Self.dashes.count
            spans.append(Span(start: start, end: end, kind: "pem"))
            index = end
        }
    }

    private static func find(_ needle: [Unicode.Scalar], in haystack: [Unicode.Scalar], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else {
            return nil
        }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0] {
                var offset = 1
                while offset < needle.count && haystack[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    // MARK: key=value, key: value, "key": "value", Bearer tokens

    private static func isKeyCharacter(_ u: Unicode.Scalar) -> Bool {
        u.properties.isAlphabetic || u.properties.numericType != nil || u == "_" || u == "-" || u == "."
    }

    private static func isValueTerminator(_ u: Unicode.Scalar) -> Bool {
        u.properties.isWhitespace || u == "," || u == "&" || u == ";" || u == "}" || u == "]" || u == ")"
            || u == "\"" || u == "'" || u == "<" || u == ">"
    }

    private func findKeyValues(_ s: [Unicode.Scalar], into spans: inout [Span]) {
        var i = 0
        while i < s.count {
            guard Self.isKeyCharacter(s[i]), i == 0 || !Self.isKeyCharacter(s[i - 1]) else {
                i += 1
                continue
            }
            var j = i
            while j < s.count && Self.isKeyCharacter(s[j]) { j += 1 }
            let key = String(String.UnicodeScalarView(s[i..<j]))
            let lowered = key.lowercased()

            if configuration.redactsAuthorizationCredentials, Self.authorizationSchemes.contains(lowered),
                j < s.count, s[j] == " "
            {
                // "Bearer <credential>": the next word is the credential.
                var v = j
                while v < s.count && s[v] == " " { v += 1 }
                var e = v
                while e < s.count && !Self.isValueTerminator(s[e]) { e += 1 }
                if e > v {
                    spans.append(Span(start: v, end: e, kind: "credential"))
                    i = e
                    continue
                }
            }

            var k = j
            if k < s.count && (s[k] == "\"" || s[k] == "'") { k += 1 }  // closing quote of a JSON key
            while k < s.count && (s[k] == " " || s[k] == "\t") { k += 1 }
            guard k < s.count, s[k] == "=" || s[k] == ":", configuration.redactsSensitiveKeyValues,
                isSensitiveKey(key)
            else {
                i = j
                continue
            }
            // Not "https://": a scheme is not a key.
            if s[k] == ":" && k + 2 < s.count && s[k + 1] == "/" && s[k + 2] == "/" {
                i = j
                continue
            }
            k += 1
            while k < s.count && (s[k] == " " || s[k] == "\t") { k += 1 }
            guard k < s.count else { break }
            var valueStart = k
            var valueEnd = k
            if s[k] == "\"" || s[k] == "'" {
                let quote = s[k]
                valueStart = k + 1
                var e = valueStart
                while e < s.count && s[e] != quote && s[e] != "\n" {
                    e += s[e] == "\\" ? 2 : 1
                }
                valueEnd = min(e, s.count)
            } else {
                var e = k
                while e < s.count && !Self.isValueTerminator(s[e]) { e += 1 }
                // "Authorization: Bearer abc" — keep the scheme readable, hide what follows.
                let word = String(String.UnicodeScalarView(s[k..<e])).lowercased()
                if Self.authorizationSchemes.contains(word), e < s.count, s[e] == " " {
                    i = k
                    continue
                }
                valueEnd = e
            }
            if valueEnd > valueStart {
                spans.append(Span(start: valueStart, end: valueEnd, kind: category(ofKey: key)))
            }
            i = max(valueEnd, j)
        }
    }

    // MARK: Card numbers

    private func findCardNumbers(_ s: [Unicode.Scalar], into spans: inout [Span]) {
        var i = 0
        while i < s.count {
            guard Self.isASCIIDigit(s[i]), i == 0 || !Self.isASCIIDigit(s[i - 1]) && !Self.isWordScalar(s[i - 1]) else {
                i += 1
                continue
            }
            // Digits with single spaces or dashes between them.
            var digits: [Int] = []
            var j = i
            var lastDigitEnd = i
            while j < s.count {
                if Self.isASCIIDigit(s[j]) {
                    digits.append(Int(s[j].value - 48))
                    j += 1
                    lastDigitEnd = j
                } else if s[j] == " " || s[j] == "-", j + 1 < s.count, Self.isASCIIDigit(s[j + 1]) {
                    j += 1
                } else {
                    break
                }
                if digits.count > 19 { break }
            }
            let followedByWord = lastDigitEnd < s.count && Self.isWordScalar(s[lastDigitEnd])
            if (13...19).contains(digits.count), !followedByWord, Self.passesLuhn(digits) {
                spans.append(Span(start: i, end: lastDigitEnd, kind: "card"))
            }
            i = max(lastDigitEnd, i + 1)
        }
    }

    static func passesLuhn(_ digits: [Int]) -> Bool {
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() {
            if offset % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
        }
        return sum % 10 == 0
    }

    private static func isASCIIDigit(_ u: Unicode.Scalar) -> Bool { u.value >= 48 && u.value <= 57 }
    private static func isWordScalar(_ u: Unicode.Scalar) -> Bool { u.properties.isAlphabetic || u == "_" }

    // MARK: Tokens (JWT, API keys, emails, high entropy)

    private static func isTokenDelimiter(_ u: Unicode.Scalar) -> Bool {
        u.properties.isWhitespace || u == "\"" || u == "'" || u == "," || u == ";" || u == "(" || u == ")"
            || u == "[" || u == "]" || u == "{" || u == "}" || u == "<" || u == ">" || u == "`" || u == "="
            || u == "&" || u == "?"
    }

    private func findTokens(_ s: [Unicode.Scalar], into spans: inout [Span]) {
        guard
            configuration.redactsKnownTokenFormats || configuration.redactsEmails
                || configuration.redactsHighEntropyTokens
        else { return }
        var i = 0
        while i < s.count {
            guard !Self.isTokenDelimiter(s[i]) else {
                i += 1
                continue
            }
            var j = i
            while j < s.count && !Self.isTokenDelimiter(s[j]) { j += 1 }
            // Trailing sentence punctuation is not part of the token.
            var end = j
            while end > i && (s[end - 1] == "." || s[end - 1] == ":" || s[end - 1] == "!") { end -= 1 }
            if end - i >= 6 {
                let token = String(String.UnicodeScalarView(s[i..<end]))
                if let kind = classifyToken(token) {
                    spans.append(Span(start: i, end: end, kind: kind))
                } else if let at = s[i..<end].firstIndex(of: "@"), configuration.redactsEmails,
                    let emailStart = Self.emailStart(s, token: i..<end, at: at)
                {
                    // "user=alice@example.com" or "<alice@example.com>" inside a longer token.
                    if Self.isEmail(String(String.UnicodeScalarView(s[emailStart..<end]))) {
                        spans.append(Span(start: emailStart, end: end, kind: "email"))
                    }
                }
            }
            i = j
        }
    }

    private func classifyToken(_ token: String) -> String? {
        if configuration.redactsEmails && Self.isEmail(token) { return "email" }
        if configuration.redactsKnownTokenFormats, let match = SecretDetector.knownFormat(in: token) {
            return match.kind == .jwt ? "jwt" : "token"
        }
        if configuration.redactsHighEntropyTokens, token.unicodeScalars.count >= 20,
            !token.contains("/"), SecretDetector.looksRandom(token)
        {
            return "token"
        }
        return nil
    }

    private static func emailStart(_ s: [Unicode.Scalar], token: Range<Int>, at: Int) -> Int? {
        var start = at
        while start > token.lowerBound && isEmailLocalScalar(s[start - 1]) { start -= 1 }
        return start < at ? start : nil
    }

    private static func isEmailLocalScalar(_ u: Unicode.Scalar) -> Bool {
        (u.isASCII && (u.properties.isAlphabetic || u.properties.numericType != nil))
            || "._%+-".unicodeScalars.contains(u)
    }

    static func isEmail(_ token: String) -> Bool {
        let parts = token.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last,
            !local.isEmpty, local.count <= 64, domain.count >= 3, domain.contains("."),
            !domain.hasPrefix("."), !domain.hasSuffix(".")
        else { return false }
        guard local.unicodeScalars.allSatisfy(isEmailLocalScalar) else { return false }
        return domain.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || $0 == "." || $0 == "-"
        }
    }
}
