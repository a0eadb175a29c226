import Foundation
#if canImport(IOSecKitBase)  // A module of its own in SwiftPM; the same module under CocoaPods.
import IOSecKitBase
#endif

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
/// Linear in the input: a few passes to find spans (one more for each of at most 16 values seen twice), one to
/// rebuild the text.
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

    /// Names that carry credentials in logs though the scanner's name classifier (`SensitiveName`, which must not
    /// flag `auth` or `session` in code) leaves them alone: header names, and session and auth parameters.
    private static let credentialKeys: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token",
        "auth", "sid", "session", "sessionid", "session_id", "session-id", "jsessionid", "phpsessid", "connect.sid",
        "csrf", "xsrf", "csrf_token", "x-csrf-token", "x-xsrf-token", "pin", "passcode", "passphrase"
    ]
    /// Headers whose whole value is credentials, several of them separated by `;`.
    private static let cookieHeaders: Set<String> = ["cookie", "set-cookie"]
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
        if extraKeys.contains(lowered) || Self.credentialKeys.contains(lowered) { return true }
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
        if !spans.isEmpty { findRepeats(scalars, of: spans, into: &spans) }
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

    /// Where an unquoted value ends at bracket depth 0.
    private static func isValueTerminator(_ u: Unicode.Scalar) -> Bool {
        u == "\n" || u == "\r" || u == "," || u == "&" || u == ";" || u == "}" || u == "]" || u == ")" || u == "\""
            || u == "'" || u == "<" || u == ">"
    }

    private static func isBlank(_ u: Unicode.Scalar) -> Bool { u == " " || u == "\t" }

    /// What stands between a key and its `=` or `:`: the key's closing quote, escaped once or more when the text
    /// is JSON inside a string (`{\"pin\":\"2741\"}`), and the `)` of `AnyHashable("pin")`.
    private static func isKeyCloser(_ u: Unicode.Scalar) -> Bool { u == "\"" || u == "'" || u == "\\" || u == ")" }

    private static let optionalPrefix = Array("Optional(".unicodeScalars)

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
                // "token = abc" is a key and its value, not the Token scheme.
                let isKeyValue = v < s.count && (s[v] == "=" || s[v] == ":")
                var e = v
                while e < s.count && !s[e].properties.isWhitespace && !Self.isValueTerminator(s[e]) { e += 1 }
                if e > v, !isKeyValue {
                    spans.append(Span(start: v, end: e, kind: "credential"))
                    i = e
                    continue
                }
            }

            guard let separator = Self.separator(after: j, in: s), configuration.redactsSensitiveKeyValues,
                isSensitiveKey(key)
            else {
                i = j
                continue
            }
            var k = separator + 1
            while k < s.count && Self.isBlank(s[k]) { k += 1 }
            // `Optional("s3cr3t")`, as String(describing:) prints an optional: what it wraps is the value.
            while Self.hasPrefix(Self.optionalPrefix, in: s, at: k) { k += Self.optionalPrefix.count }
            guard k < s.count else { break }
            let value: Range<Int>
            if let quoted = Self.quotedValue(in: s, at: k) {
                value = quoted
            } else {
                // "Authorization: Bearer abc": keep the scheme readable, hide what follows.
                var e = k
                while e < s.count && Self.isKeyCharacter(s[e]) { e += 1 }
                let word = String(String.UnicodeScalarView(s[k..<e])).lowercased()
                if Self.authorizationSchemes.contains(word), e < s.count, s[e] == " " {
                    i = k
                    continue
                }
                // `key: value` and `key = value` may have several words; `key=value` (a query, logfmt) has one.
                let spaced = separator > 0 && Self.isBlank(s[separator - 1])
                value = Self.unquotedValue(
                    in: s, at: k, wholeLine: Self.cookieHeaders.contains(lowered),
                    multipleWords: s[separator] == ":" || spaced)
            }
            if !value.isEmpty {
                spans.append(Span(start: value.lowerBound, end: value.upperBound, kind: category(ofKey: key)))
            }
            i = max(value.upperBound, j)
        }
    }

    /// The index of the `=` or `:` that makes the word ending at `keyEnd` a key, if one does.
    private static func separator(after keyEnd: Int, in s: [Unicode.Scalar]) -> Int? {
        var k = keyEnd
        while k < s.count && k - keyEnd < 8 && isKeyCloser(s[k]) { k += 1 }
        while k < s.count && isBlank(s[k]) { k += 1 }
        guard k < s.count, s[k] == "=" || s[k] == ":" else { return nil }
        // Not "https://": a scheme is not a key.
        if s[k] == ":" && k + 2 < s.count && s[k + 1] == "/" && s[k + 2] == "/" { return nil }
        return k
    }

    /// A quoted value starting at `start`: `"…"`, `'…'`, or a quote escaped `n` times (`\"…\"` for JSON inside a
    /// string), which ends at the first quote escaped no more than it was. An unterminated value runs to the end of
    /// the line.
    private static func quotedValue(in s: [Unicode.Scalar], at start: Int) -> Range<Int>? {
        var q = start
        while q < s.count && q - start < 16 && s[q] == "\\" { q += 1 }
        guard q < s.count, s[q] == "\"" || s[q] == "'" else { return nil }
        let escapes = q - start
        let quote = s[q]
        var e = q + 1
        while e < s.count && s[e] != "\n" {
            if s[e] == quote {
                var backslashes = 0
                while backslashes < e - q - 1 && s[e - 1 - backslashes] == "\\" { backslashes += 1 }
                if backslashes <= escapes { return (q + 1)..<(e - backslashes) }
            }
            e += 1
        }
        return (q + 1)..<e
    }

    /// An unquoted value: brackets are followed to their close (`Credentials(password: "x")` is one value, and so
    /// is the `( … )` HTTPURLResponse prints for a header). After `:` a value may have several words
    /// (`passphrase: purple monkey dishwasher`), and so may one after ` = `, up to the line's end or the next
    /// `key=` / `key:`; after `=` it is one word, as in a query string or a logfmt line. A cookie header is hidden
    /// to the end of its line.
    private static func unquotedValue(
        in s: [Unicode.Scalar], at start: Int, wholeLine: Bool, multipleWords: Bool
    ) -> Range<Int> {
        var e = start
        var depth = 0
        while e < s.count {
            let u = s[e]
            if depth > 0 {
                if u == "\"" || u == "'" {
                    if let quoted = quotedValue(in: s, at: e) {
                        e = min(quoted.upperBound + 1, s.count)
                        continue
                    }
                } else if u == "(" || u == "[" || u == "{" {
                    depth += 1
                } else if u == ")" || u == "]" || u == "}" {
                    depth -= 1
                }
                e += 1
                continue
            }
            if u == "(" || u == "[" || u == "{" {
                depth += 1
                e += 1
                continue
            }
            if wholeLine {
                if u == "\n" || u == "\r" || u == "\"" || u == "'" || u == ")" || u == "]" || u == "}" { break }
                e += 1
                continue
            }
            if isValueTerminator(u) { break }
            if u.properties.isWhitespace {
                guard multipleWords, isBlank(u) else { break }
                var next = e
                while next < s.count && isBlank(s[next]) { next += 1 }
                if next >= s.count || isValueTerminator(s[next]) || startsKeyValue(in: s, at: next) { break }
                e = next
                continue
            }
            e += 1
        }
        var end = e
        while end > start && isBlank(s[end - 1]) { end -= 1 }
        return start..<end
    }

    /// Whether a `key=` or `key:` starts at `index`.
    private static func startsKeyValue(in s: [Unicode.Scalar], at index: Int) -> Bool {
        var j = index
        if j < s.count && (s[j] == "\"" || s[j] == "'") { j += 1 }
        let keyStart = j
        while j < s.count && isKeyCharacter(s[j]) { j += 1 }
        return j > keyStart && separator(after: j, in: s) != nil
    }

    private static func hasPrefix(_ prefix: [Unicode.Scalar], in s: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + prefix.count <= s.count else { return false }
        for offset in 0..<prefix.count where s[index + offset] != prefix[offset] { return false }
        return true
    }

    // MARK: Values seen elsewhere in the text

    /// A value hidden once is hidden wherever else it stands in the same text: `dump` prints an optional's value a
    /// second time under `some:`, and a request and its response may carry the same token. Values shorter than
    /// four characters, or plain words such as `true`, would hide unrelated text and are left alone.
    private func findRepeats(_ s: [Unicode.Scalar], of found: [Span], into spans: inout [Span]) {
        var seen = Set<String>()
        for span in found where span.end - span.start >= 4 {
            // Each value is one pass over the text: a bound keeps a text of thousands of secrets linear.
            if seen.count == Self.maximumRepeatedValues { break }
            let value = Array(s[span.start..<span.end])
            let text = String(String.UnicodeScalarView(value))
            guard !Self.plainWords.contains(text.lowercased()), seen.insert(text).inserted else { continue }
            var index = 0
            while let start = Self.find(value, in: s, from: index) {
                let end = start + value.count
                // Whole values only: not the "2741" inside "127410".
                let before = start > 0 ? s[start - 1] : " "
                let after = end < s.count ? s[end] : " "
                if !Self.isKeyCharacter(before) && !Self.isKeyCharacter(after) {
                    spans.append(Span(start: start, end: end, kind: span.kind))
                }
                index = end
            }
        }
    }

    private static let plainWords: Set<String> = ["true", "false", "null", "none", "nil", "optional", "some"]
    private static let maximumRepeatedValues = 16

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
