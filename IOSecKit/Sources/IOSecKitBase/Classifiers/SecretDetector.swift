import Foundation

/// The kind of hard-coded secret found in a literal.
public enum SecretKind: String, Sendable {
    case awsAccessKeyID, googleAPIKey, stripeSecretKey, stripePublishableKey, githubToken, slackToken,
        privateKeyPEM, jwt, highEntropy, postHogProjectKey, revenueCatPublicKey
}

/// One secret found by ``SecretDetector``.
///
/// The secret itself is never stored, so a match can be printed or logged safely.
///
/// ```swift
/// let m = SecretDetector.knownFormat(in: "let k = \"pk_live_51H8abcdEFGHijklMNOPqr\"")
/// m?.kind      // .stripePublishableKey
/// m?.isPublic  // true — publishable keys are meant to ship in apps
/// ```
public struct SecretMatch: Sendable, Equatable {
    public let kind: SecretKind
    /// True for values that are designed to be public (Stripe publishable keys); report them as info.
    public let isPublic: Bool
    /// UTF-8 offset of the match inside the literal that was scanned (0 for ``SecretKind/highEntropy``).
    public let utf8Offset: Int

    public init(kind: SecretKind, isPublic: Bool = false, utf8Offset: Int = 0) {
        self.kind = kind
        self.isPublic = isPublic
        self.utf8Offset = utf8Offset
    }

    /// Human-readable, redacted description, e.g. "AWS access key ID (AKIA…)".
    public var description: String {
        switch kind {
        case .awsAccessKeyID: return "AWS access key ID (AKIA…/ASIA…)"
        case .googleAPIKey: return "Google API key (AIza…)"
        case .stripeSecretKey: return "Stripe secret key (sk_…/rk_…)"
        case .stripePublishableKey: return "Stripe publishable key (pk_…), public by design"
        case .postHogProjectKey: return "PostHog project API key (phc_…), public by design"
        case .revenueCatPublicKey: return "RevenueCat public SDK key (appl_…/goog_…/amzn_…), public by design"
        case .githubToken: return "GitHub token (ghp_…/github_pat_…)"
        case .slackToken: return "Slack token (xox…)"
        case .privateKeyPEM: return "PEM private key"
        case .jwt: return "JSON Web Token"
        case .highEntropy: return "high-entropy string assigned to a sensitive name"
        }
    }
}

/// Finds hard-coded secrets in string literals without regular expressions: every check is a
/// hand-written scan over UTF-8 bytes, linear in the literal's length.
///
/// ```swift
/// SecretDetector.detect(literal: "AKIAIOSFODNN7ABCDEFG", assignedTo: nil)?.kind        // .awsAccessKeyID
/// SecretDetector.detect(literal: "q8Zr1vX0pL3kT9wYb2Nc", assignedTo: "clientSecret")?.kind // .highEntropy
/// SecretDetector.detect(literal: "YOUR_API_KEY", assignedTo: "apiKey")                   // nil
/// ```
public enum SecretDetector {
    /// Known token formats anywhere in the literal: AWS `AKIA`/`ASIA`+16 upper alnum; Google `AIza`+35
    /// [A-Za-z0-9_-]; Stripe `sk_live_`/`rk_live_`/`sk_test_` + ≥16 alnum (secret), `pk_live_`/`pk_test_`
    /// (isPublic: true); GitHub `ghp_`/`gho_`/`ghu_`/`ghs_`/`ghr_` + 36 alnum, `github_pat_` + 22+; Slack
    /// `xoxb-`/`xoxp-`/`xoxa-`/`xoxr-`/`xoxs-` + digits/alnum segments; PEM private keys; JWTs.
    ///
    /// Matches whose body is an obvious placeholder (`AKIAXXXXXXXXXXXXXXXX`, AWS's documented
    /// `…EXAMPLE` keys) are ignored.
    public static func knownFormat(in literal: String) -> SecretMatch? {
        if let result = literal.utf8.withContiguousStorageIfAvailable({ scan($0) }) { return result }
        var copy = literal
        copy.makeContiguousUTF8()
        return copy.utf8.withContiguousStorageIfAvailable { scan($0) }
            ?? Array(literal.utf8).withUnsafeBufferPointer { scan($0) }
    }

    /// "YOUR_API_KEY", "<token>", "", "xxxxxxxx", "changeme", "TODO", "${API_KEY}", "$(API_KEY)",
    /// "REPLACE_ME", "example", "dummy", "test", "placeholder", all-same-char, etc.
    public static func isPlaceholder(_ literal: String) -> Bool {
        let trimmed = literal.trimmingWhitespace()
        if trimmed.isEmpty { return true }
        let scalars = Array(trimmed.unicodeScalars)
        let first = scalars[0], last = scalars[scalars.count - 1]
        // Template syntaxes: <token>, {{token}}, ${API_KEY}, $(API_KEY), %API_KEY%, [API_KEY].
        if (first == "<" && last == ">") || (first == "[" && last == "]")
            || (first == "%" && last == "%" && scalars.count > 2)
        {
            return true
        }
        if scalars.count >= 2, first == "$", scalars[1] == "{" || scalars[1] == "(" { return true }
        if trimmed.hasPrefix("{{") { return true }
        // Normalised form: lowercase, separators removed.
        let normalized = String(
            String.UnicodeScalarView(
                trimmed.lowercased().unicodeScalars.filter {
                    !($0 == "_" || $0 == "-" || $0 == "." || $0 == " " || $0 == "/")
                }))
        if normalized.isEmpty { return true }
        if exactPlaceholders.contains(normalized) { return true }
        if containedMarkers.contains(where: normalized.containsBytes) { return true }
        if Set(normalized.unicodeScalars).count == 1 { return true }
        if isSequential(Array(normalized.unicodeScalars)) { return true }
        // "my_test_key", "mock-token": marker words in a short, word-like literal.
        let w = SensitiveName.words(String(trimmed))
        if w.count <= 6, w.contains(where: { wordMarkers.contains($0) }) { return true }
        return false
    }

    /// Shannon entropy in bits per character (Unicode scalar).
    public static func entropy(_ s: String) -> Double {
        var counts: [Unicode.Scalar: Int] = [:]
        var total = 0
        for u in s.unicodeScalars {
            counts[u, default: 0] += 1
            total += 1
        }
        guard total > 0 else { return 0 }
        let n = Double(total)
        var h = 0.0
        for c in counts.values {
            let p = Double(c) / n
            h -= p * log2(p)
        }
        return h
    }

    /// High-entropy token-like literal: length ≥ 16, no whitespace, not a URL/path/UUID/identifier-like
    /// word/hex colour/localization key/date, entropy above a length- and alphabet-aware threshold.
    public static func looksRandom(_ literal: String) -> Bool {
        let s = Array(literal.unicodeScalars)
        guard s.count >= 16 else { return false }
        var hasDigit = false, hasLetter = false, hasUpper = false, hasLower = false, allHex = true
        var symbols = 0
        for u in s {
            if u.properties.isWhitespace { return false }
            guard u.isASCII else { return false }  // real tokens are ASCII
            if isDigit(u) {
                hasDigit = true
            } else if isAlpha(u) {
                hasLetter = true
                if u.value >= 65 && u.value <= 90 { hasUpper = true } else { hasLower = true }
                if !isHexLetter(u) { allHex = false }
            } else {
                symbols += 1
                allHex = false
            }
        }
        if !hasLetter { return false }  // digits-only: phone numbers, ids, timestamps
        if literal.contains("://") || literal.hasPrefix("www.") { return false }
        if let f = s.first, f == "/" || f == "~" || f == "." { return false }  // paths, relative paths
        if s.first == "#" { return false }  // colours, fragments
        if isUUID(s) { return false }
        if looksLikeDate(s) { return false }
        if isSequential(s) { return false }
        if isReverseDNS(literal) { return false }
        // Identifier-like: no digits and words of natural length ("com.example.MyApp.Feature",
        // "login.error.password_too_short", "ABCDEFGHIJKLMNOP").
        if !hasDigit {
            let w = SensitiveName.words(literal)
            let letters = w.reduce(0) { $0 + $1.count }
            if !w.isEmpty && Double(letters) / Double(w.count) >= 3.5 { return false }
        }
        // Too few symbols/classes to be a generated token: "com.example.app" shape with digits.
        if symbols * 3 > s.count { return false }
        let h = entropy(literal)
        if allHex && hasDigit {
            // Hex keys: alphabet of 16, expected entropy of random hex ≈ 3.5 (16 chars) .. 3.9 (64 chars).
            return h >= min(3.0, 0.75 * log2(Double(s.count)))
        }
        // Mixed alphabets (base64, base62): random 16-char strings score ≈ 3.7+, prose-like words ≈ 3.
        guard hasDigit || (hasUpper && hasLower) else { return false }
        return h >= min(4.0, 0.8 * log2(Double(s.count)) + 0.3)
    }

    /// A reverse-DNS name (`com.facebook.sdk.v4.FBSDKAccessTokenInformationKey`, `org.acme.app.session-v2`): three or
    /// more dot-separated parts of letters, digits, `-` and `_`, the first a short lowercase domain. Storage keys and
    /// identifiers are written that way; generated secrets are not.
    static func isReverseDNS(_ literal: String) -> Bool {
        let parts = literal.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let first = parts.first, (2...4).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        }
    }

    /// Combined: known format first; else highEntropy only when `name` is sensitive (``SensitiveName``)
    /// and the literal looks random and is not a placeholder.
    public static func detect(literal: String, assignedTo name: String?) -> SecretMatch? {
        if let m = knownFormat(in: literal) { return m }
        guard let name, SensitiveName.isSensitive(name) else { return nil }
        guard looksRandom(literal), !isPlaceholder(literal) else { return nil }
        return SecretMatch(kind: .highEntropy)
    }

    // MARK: - Placeholder vocabulary

    private static let exactPlaceholders: Set<String> = [
        "test", "testing", "example", "dummy", "placeholder", "todo", "fixme", "tbd", "changeme", "replaceme",
        "secret", "password", "token", "key", "apikey", "null", "nil", "none", "undefined", "na", "empty",
        "sample", "fake", "mock", "default", "value", "string", "xxx", "redacted", "hidden", "notset"
    ]
    private static let containedMarkers: [String] = [
        "your", "changeme", "replaceme", "replacewith", "placeholder", "example", "dummy", "redacted",
        "insert", "xxxx", "****", "todo", "fixme", "notreal", "sample", "goeshere"
    ]
    private static let wordMarkers: Set<String> = ["test", "fake", "mock", "dummy", "sample", "demo", "foo", "bar"]

    // MARK: - Scanning helpers

    private static func scan(_ b: UnsafeBufferPointer<UInt8>) -> SecretMatch? {
        let n = b.count
        var i = 0
        while i < n {
            let c = b[i]
            // Read only for the bytes a format can start with: most bytes are none of them.
            var boundaryBefore: Bool { i == 0 || !isAlnumByte(b[i - 1]) }
            switch c {
            case UInt8(ascii: "A"):
                guard boundaryBefore else { break }
                if has(b, i, "AKIA") || has(b, i, "ASIA") {
                    let end = i + 20
                    if end <= n, (i + 4..<end).allSatisfy({ isUpperAlnumByte(b[$0]) }),
                        end == n || !isAlnumByte(b[end]),
                        !isPlaceholderBody(b, i + 4, end)
                    {
                        return SecretMatch(kind: .awsAccessKeyID, utf8Offset: i)
                    }
                } else if has(b, i, "AIza") {
                    let end = i + 39
                    if end <= n, (i + 4..<end).allSatisfy({ isBase64URLByte(b[$0]) }),
                        end == n || !isBase64URLByte(b[end]),
                        !isPlaceholderBody(b, i + 4, end)
                    {
                        return SecretMatch(kind: .googleAPIKey, utf8Offset: i)
                    }
                }
            case UInt8(ascii: "s"), UInt8(ascii: "r"), UInt8(ascii: "p"):
                guard boundaryBefore else { break }
                // Every prefix here has `h` (`phc_`) or `k_` (`sk_live_`, …) after its first letter.
                guard i + 2 < n, b[i + 1] == UInt8(ascii: "h") || b[i + 1] == UInt8(ascii: "k") else { break }
                if has(b, i, "phc_") {
                    // PostHog project keys are write-only ingestion keys, meant to ship in clients.
                    let end = runEnd(b, i + 4) { isAlnumByte($0) || $0 == UInt8(ascii: "_") }
                    if end - (i + 4) >= 20 {
                        return SecretMatch(kind: .postHogProjectKey, isPublic: true, utf8Offset: i)
                    }
                }
                for (prefix, isPublic) in stripePrefixes where has(b, i, prefix) {
                    let start = i + prefix.utf8.count
                    let end = runEnd(b, start, isAlnumByte)
                    if end - start >= 16, !isPlaceholderBody(b, start, end) {
                        return SecretMatch(
                            kind: isPublic ? .stripePublishableKey : .stripeSecretKey, isPublic: isPublic, utf8Offset: i
                        )
                    }
                }
            case UInt8(ascii: "a"):
                guard boundaryBefore, has(b, i, "appl_") || has(b, i, "amzn_") else { break }
                if let match = revenueCatKey(b, at: i) { return match }
            case UInt8(ascii: "g"):
                guard boundaryBefore else { break }
                if has(b, i, "goog_"), let match = revenueCatKey(b, at: i) { return match }
                if has(b, i, "github_pat_") {
                    let start = i + 11
                    let end = runEnd(b, start) { isAlnumByte($0) || $0 == UInt8(ascii: "_") }
                    if end - start >= 22, !isPlaceholderBody(b, start, end) {
                        return SecretMatch(kind: .githubToken, utf8Offset: i)
                    }
                } else if i + 4 <= n, b[i + 1] == UInt8(ascii: "h"), b[i + 3] == UInt8(ascii: "_"),
                    "pousr".utf8.contains(b[i + 2])
                {
                    let start = i + 4
                    let end = runEnd(b, start, isAlnumByte)
                    if end - start == 36, !isPlaceholderBody(b, start, end) {
                        return SecretMatch(kind: .githubToken, utf8Offset: i)
                    }
                }
            case UInt8(ascii: "x"):
                guard boundaryBefore, i + 5 <= n, has(b, i, "xox"), "bpars".utf8.contains(b[i + 3]),
                    b[i + 4] == UInt8(ascii: "-")
                else { break }
                let start = i + 5
                let end = runEnd(b, start) { isAlnumByte($0) || $0 == UInt8(ascii: "-") }
                // Real Slack tokens are long digit/alnum segments; "xoxb-your-token-here" has no digits.
                if end - start >= 10, (start..<end).contains(where: { isDigitByte(b[$0]) }),
                    !isPlaceholderBody(b, start, end)
                {
                    return SecretMatch(kind: .slackToken, utf8Offset: i)
                }
            case UInt8(ascii: "-"):
                if has(b, i, "-----BEGIN "), let end = pemPrivateKeyHeaderEnd(b, i + 11), hasPEMBody(b, end) {
                    return SecretMatch(kind: .privateKeyPEM, utf8Offset: i)
                }
            case UInt8(ascii: "e"):
                // Only at the start of a base64url run, so every byte is examined a bounded number of times.
                guard i == 0 || !isBase64URLByte(b[i - 1]), has(b, i, "eyJ") else { break }
                if isJWT(b, i) { return SecretMatch(kind: .jwt, utf8Offset: i) }
            default:
                break
            }
            i += 1
        }
        return nil
    }

    /// RevenueCat's app-specific public SDK keys (`appl_`, `goog_`, `amzn_` and 20+ letters and digits) are meant to
    /// ship in the app; its secret keys start with `sk_`.
    private static func revenueCatKey(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> SecretMatch? {
        let start = i + 5
        let end = runEnd(b, start, isAlnumByte)
        guard end - start >= 20, end == b.count || !isAlnumByte(b[end]), !isPlaceholderBody(b, start, end) else {
            return nil
        }
        return SecretMatch(kind: .revenueCatPublicKey, isPublic: true, utf8Offset: i)
    }

    private static let stripePrefixes: [(String, Bool)] = [
        ("sk_live_", false), ("rk_live_", false), ("sk_test_", false), ("rk_test_", false),
        ("pk_live_", true), ("pk_test_", true)
    ]

    private static func isJWT(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let e1 = runEnd(b, i, isBase64URLByte)
        guard e1 - i >= 10, e1 < b.count, b[e1] == UInt8(ascii: ".") else { return false }
        let s2 = e1 + 1
        guard has(b, s2, "eyJ") else { return false }
        let e2 = runEnd(b, s2, isBase64URLByte)
        guard e2 - s2 >= 10, e2 < b.count, b[e2] == UInt8(ascii: ".") else { return false }
        let s3 = e2 + 1
        return runEnd(b, s3, isBase64URLByte) - s3 >= 10
    }

    /// The index after `… PRIVATE KEY-----` when `i` follows `-----BEGIN `, else nil.
    private static func pemPrivateKeyHeaderEnd(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        var j = i
        for kind in ["RSA ", "EC ", "OPENSSH ", "DSA ", "ENCRYPTED ", "PGP "] where has(b, j, kind) {
            j += kind.utf8.count
            break
        }
        for tail in ["PRIVATE KEY-----", "PRIVATE KEY BLOCK-----"] where has(b, j, tail) { return j + tail.utf8.count }
        return nil
    }

    /// Whether key material follows a PEM header: 40 or more base64 characters, across line breaks (real or
    /// written as `\n` in source). A parser's `"-----BEGIN PRIVATE KEY-----"` constant holds no key.
    private static func hasPEMBody(_ b: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        var j = start
        var count = 0
        while j < b.count, count < 40 {
            let c = b[j]
            if isAlnumByte(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "/") || c == UInt8(ascii: "=") {
                // `\n` written in a literal: the `n` is not part of the key.
                if c == UInt8(ascii: "n"), j > start, b[j - 1] == UInt8(ascii: "\\") {
                    j += 1
                    continue
                }
                count += 1
            } else if c == UInt8(ascii: "-") {
                if has(b, j, "-----") { return false }  // the footer, or another header: no body
            } else if !(c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") || c == UInt8(ascii: " ")
                || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\\") || c == UInt8(ascii: ":")
                || c == UInt8(ascii: ","))
            {
                return false
            }
            j += 1
        }
        return count >= 40
    }

    /// A token body like "XXXXXXXXXXXXXXXX" or AWS's documented "IOSFODNN7EXAMPLE".
    private static func isPlaceholderBody(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard end > start else { return true }
        let firstByte = b[start]
        if (start..<end).allSatisfy({ b[$0] == firstByte }) { return true }
        let body = String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self).lowercased()
        return ["example", "xxxxxx", "your", "placeholder"].contains(where: body.containsBytes)
    }

    private static func has(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ prefix: String) -> Bool {
        var k = i
        for byte in prefix.utf8 {
            guard k < b.count, b[k] == byte else { return false }
            k += 1
        }
        return true
    }

    private static func runEnd(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ pred: (UInt8) -> Bool) -> Int {
        var j = start
        while j < b.count, pred(b[j]) { j += 1 }
        return j
    }

    private static func isDigitByte(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    private static func isAlnumByte(_ c: UInt8) -> Bool { isDigitByte(c) || (c | 0x20 >= 97 && c | 0x20 <= 122) }
    private static func isUpperAlnumByte(_ c: UInt8) -> Bool { isDigitByte(c) || (c >= 65 && c <= 90) }
    private static func isBase64URLByte(_ c: UInt8) -> Bool { isAlnumByte(c) || c == 95 || c == 45 }

    private static func isDigit(_ u: Unicode.Scalar) -> Bool { u.value >= 48 && u.value <= 57 }
    private static func isAlpha(_ u: Unicode.Scalar) -> Bool { (u.value | 0x20) >= 97 && (u.value | 0x20) <= 122 }
    private static func isHexLetter(_ u: Unicode.Scalar) -> Bool { (u.value | 0x20) >= 97 && (u.value | 0x20) <= 102 }

    /// 8-4-4-4-12 hex digits.
    private static func isUUID(_ s: [Unicode.Scalar]) -> Bool {
        guard s.count == 36 else { return false }
        for (i, u) in s.enumerated() {
            if [8, 13, 18, 23].contains(i) {
                if u != "-" { return false }
            } else if !(isDigit(u) || isHexLetter(u)) {
                return false
            }
        }
        return true
    }

    /// "2024-01-31", "2024-01-31T12:00:00Z", "2024/01/31 …": four digits then a date separator,
    /// and nothing but digits, separators and the letters T/Z.
    private static func looksLikeDate(_ s: [Unicode.Scalar]) -> Bool {
        guard s.count >= 10, s[0..<4].allSatisfy(isDigit), s[4] == "-" || s[4] == "/" else { return false }
        return s.allSatisfy { isDigit($0) || "-/:.+TZ".unicodeScalars.contains($0) }
    }

    /// "ABCDEFGHIJKLMNOP", "1234567890": mostly ascending neighbours.
    private static func isSequential(_ s: [Unicode.Scalar]) -> Bool {
        guard s.count >= 6 else { return false }
        var ascending = 0
        for i in 1..<s.count where s[i].value == s[i - 1].value + 1 { ascending += 1 }
        return ascending * 4 >= (s.count - 1) * 3
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> Substring {
        var sub = self[...]
        while let f = sub.first, f.isWhitespace { sub = sub.dropFirst() }
        while let l = sub.last, l.isWhitespace { sub = sub.dropLast() }
        return sub
    }
}
