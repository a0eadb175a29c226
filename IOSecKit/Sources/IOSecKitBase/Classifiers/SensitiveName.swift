import Foundation

/// What kind of sensitive data a name refers to.
///
/// ```swift
/// SensitiveName.classify("refreshToken")   // .token
/// SensitiveName.classify("userPin")        // .pin
/// ```
public enum SensitiveCategory: String, Sendable, CaseIterable {
    case password, token, key, secret, session, pin, otp, card, personalID, health, credential

    /// What a value of this kind is, for messages: "a card number or security code".
    public var noun: String {
        switch self {
        case .password: "a password"
        case .token: "a token"
        case .key: "a key"
        case .secret: "a secret"
        case .session: "a session identifier"
        case .pin: "a PIN"
        case .otp: "a one-time code"
        case .card: "a card number or security code"
        case .personalID: "a personal ID number"
        case .health: "health data"
        case .credential: "a credential"
        }
    }
}

/// The one shared classifier that decides whether an identifier, dictionary key or
/// `UserDefaults` key names sensitive data.
///
/// Matching is on whole words (after splitting camelCase, snake_case, kebab-case, dots and
/// digits), never on substrings, so `tokenizer`, `spinner` and `author` are not sensitive.
/// A boolean-flag prefix (`isPinned`, `hasPassword`) or a trailing UI / metadata word
/// (`passwordLabel`, `tokenExpiry`, `passwordMinLength`) marks a name that is *about* a
/// secret rather than holding one.
///
/// ```swift
/// SensitiveName.isSensitive("authToken")               // true
/// SensitiveName.isSensitive("API_KEY")                 // true
/// SensitiveName.isSensitive("cacheKey")                // false — a bare `key` is not a secret
/// SensitiveName.isSensitive("passwordPlaceholderText") // false
/// SensitiveName.words("URLSession")                    // ["url", "session"]
/// ```
public enum SensitiveName {
    /// Splits identifiers/keys into lowercased words on camelCase, digits, `_ - . space /`:
    /// "authToken"→["auth","token"], "API_KEY"→["api","key"], "userJWT2"→["user","jwt","2"],
    /// "URLSession"→["url","session"], "com.app.refresh-token"→["com","app","refresh","token"].
    public static func words(_ identifier: String) -> [String] {
        if let ascii = asciiWords(identifier) { return ascii }
        var result: [String] = []
        var current = String.UnicodeScalarView()
        var prev: Kind = .separator
        let scalars = Array(identifier.unicodeScalars)
        func flush() {
            if !current.isEmpty { result.append(String(current).lowercased()) }
            current = String.UnicodeScalarView()
        }
        for (i, u) in scalars.enumerated() {
            let kind = Kind(u)
            switch (prev, kind) {
            case (_, .separator):
                flush()
            case (.separator, _):
                break
            case (.digit, .upper), (.digit, .lower), (.upper, .digit), (.lower, .digit), (.lower, .upper):
                flush()  // letter↔digit, camelCase
            case (.upper, .upper):
                // "URLSession": split before the "S" that starts "Session".
                if i + 1 < scalars.count, Kind(scalars[i + 1]) == .lower { flush() }
            default:
                break
            }
            if kind != .separator { current.append(u) }
            prev = kind
        }
        flush()
        return result
    }

    /// The same split over ASCII bytes, lowercasing as it copies; nil when the identifier is not ASCII.
    private static func asciiWords(_ identifier: String) -> [String]? {
        var copy = identifier
        return copy.withUTF8 { bytes -> [String]? in
            var result: [String] = []
            var current: [UInt8] = []
            current.reserveCapacity(16)
            var prev: Kind = .separator
            func kind(_ b: UInt8) -> Kind {
                switch b {
                case 0x41...0x5A: .upper
                case 0x61...0x7A: .lower
                case 0x30...0x39: .digit
                default: .separator
                }
            }
            func flush() {
                if !current.isEmpty { result.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            }
            let n = bytes.count
            for i in 0..<n {
                let b = bytes[i]
                guard b < 0x80 else { return nil }
                let k = kind(b)
                switch (prev, k) {
                case (_, .separator):
                    flush()
                case (.separator, _):
                    break
                case (.digit, .upper), (.digit, .lower), (.upper, .digit), (.lower, .digit), (.lower, .upper):
                    flush()
                case (.upper, .upper):
                    if i + 1 < n, kind(bytes[i + 1]) == .lower { flush() }
                default:
                    break
                }
                if k != .separator { current.append(k == .upper ? b + 0x20 : b) }
                prev = k
            }
            flush()
            return result
        }
    }

    private enum Kind {
        case upper, lower, digit, separator
        init(_ u: Unicode.Scalar) {
            // ASCII first: identifiers are almost always ASCII, and Unicode property look-ups are slow.
            switch u.value {
            case 0x41...0x5A:
                self = .upper
                return
            case 0x61...0x7A:
                self = .lower
                return
            case 0x30...0x39:
                self = .digit
                return
            case 0..<0x80:
                self = .separator
                return
            default: break
            }
            let p = u.properties
            if p.numericType != nil {
                self = .digit
            } else if p.isUppercase {
                self = .upper
            } else if p.isAlphabetic {
                self = .lower
            }  // caseless letters (CJK…) behave as lowercase
            else {
                self = .separator
            }
        }
    }

    /// nil when not sensitive.
    public static func classify(_ identifier: String) -> SensitiveCategory? {
        // Rules ask about the same few thousand names of a project over and over; splitting one costs an array of
        // strings. Answers under the built-in vocabulary are kept; a project's own vocabulary is rare and not kept.
        guard SensitiveVocabulary.current.isEmpty else { return classify(words: words(identifier)) }
        if let known = standardAnswers.answer(for: identifier) { return known }
        let category = classify(words: words(identifier))
        standardAnswers.keep(category, for: identifier)
        return category
    }

    private static let standardAnswers = ClassificationMemo()

    public static func isSensitive(_ identifier: String) -> Bool {
        classify(identifier) != nil
    }

    /// Classifies an already split word list (see ``words(_:)``).
    public static func classify(words w: [String]) -> SensitiveCategory? {
        guard let first = w.first else { return nil }
        if flagPrefixes.contains(first) { return nil }
        if w.contains(where: { anywhereNegators.contains($0) }) { return nil }
        // The last sensitive span decides; anything after it that is metadata makes the
        // whole name metadata ("tokenExpiry", "passwordMinLength").
        var last: (start: Int, end: Int, category: SensitiveCategory)?
        // The project's own words (`.iosec.yml`) come before the built-in ones: a look-alike's words are passed
        // over, a project name is a secret.
        let vocabulary = SensitiveVocabulary.current
        let custom = !vocabulary.isEmpty
        var i = 0
        while i < w.count {
            if custom, let length = vocabulary.lookAlikeLength(w, at: i) {
                i += length
            } else if custom, let length = vocabulary.sensitiveLength(w, at: i) {
                last = (i, i + length, .secret)
                i += length
            } else if let m = match(w, at: i) {
                last = (i, i + m.length, m.category)
                i += m.length
            } else {
                i += 1
            }
        }
        guard let hit = last else { return nil }
        if w[hit.end...].contains(where: { trailingMetadata.contains($0) }) { return nil }
        // "hashedPassword", "maskedCardNumber": a value made from the secret that no longer reveals it.
        if hit.start > 0, leadingTransforms.contains(w[hit.start - 1]) { return nil }
        return hit.category
    }

    // MARK: - Vocabulary

    /// Words before a secret's name that say the value was made from it and no longer reveals it.
    private static let leadingTransforms: Set<String> = [
        "hashed", "salted", "masked", "redacted", "obfuscated", "encrypted", "enciphered", "sealed", "wrapped"
    ]

    private static let flagPrefixes: Set<String> = [
        "is", "has", "had", "have", "should", "did", "will", "can", "could", "was", "were", "does",
        "needs", "need", "must", "show", "shows", "hide", "hides", "enable", "enables", "allow", "allows",
        "require", "requires", "supports", "use", "uses", "available", "missing", "supported", "num"
    ]

    /// Words that make a name describe UI or configuration wherever they appear.
    private static let anywhereNegators: Set<String> = ["placeholder"]

    /// Words that, after the sensitive word, make the name metadata about the secret.
    private static let trailingMetadata: Set<String> = [
        "placeholder", "label", "hint", "title", "field", "textfield", "button", "view", "prompt", "message",
        "visible", "visibility", "hidden", "length", "count", "min", "max", "minimum", "maximum", "policy",
        "policies", "validator", "validation", "strength", "url", "uri", "endpoint", "expiry", "expiration",
        "expires", "expired", "date", "timestamp", "type", "kind", "format", "rule", "rules", "regex", "pattern",
        "name", "error", "status", "state", "storage", "store", "manager", "provider", "service", "handler",
        "delegate", "controller", "cell", "icon", "image", "color", "font", "style", "enabled", "disabled",
        "required", "changed", "lifetime", "ttl", "duration", "interval", "timeout", "prefix", "suffix",
        "description", "path", "file", "files", "filename", "version", "configuration", "config", "options", "settings",
        "generator",
        "formatter", "parser", "mode", "scheme", "method", "request", "consent", "banner", "jar", "requirements",
        "reset", "recovery", "info", "id", "ids", "identifier", "fingerprint", "helper", "model", "viewmodel",
        "screen", "flow", "coordinator", "row", "section", "key", "keys",
        "latitude", "longitude", "coordinate", "coordinates", "location", "tag", "tags", "annotation",
        "hash", "hashed", "digest", "encrypted", "ciphertext", "sealed",
        // Counters and settings about a passcode (`failedPasscodeAttempts`, `passcodeLockDelay`, `pinEnforced`).
        "attempts", "attempt", "retries", "tries", "failures", "delay", "enforced",
        // A one-time code's parameters (`secretPeriod`, `tokenDigits`).
        "period", "digits",
        // What happened to it, not it (`tokenRefreshFailed`, `preemptiveTokenRenewal`).
        "failed", "renewal"
    ]

    private struct Pattern {
        let words: [Set<String>]
        let category: SensitiveCategory
        init(_ category: SensitiveCategory, _ words: Set<String>...) {
            self.words = words
            self.category = category
        }
    }

    /// Longest patterns first so "sessionToken" is a session, "oneTimeCode" an OTP.
    private static let patterns: [Pattern] = {
        let p: [Pattern] = [
            // Multi-word patterns.
            Pattern(.otp, ["one"], ["time"], ["code", "password", "passcode", "pin", "token"]),
            Pattern(.personalID, ["social"], ["security"], ["number", "no", "num"]),
            Pattern(.personalID, ["driver", "drivers"], ["license", "licence"], ["number", "no", "num"]),
            Pattern(.otp, ["two"], ["factor"], ["code", "token"]),
            Pattern(.otp, ["2"], ["fa"], ["code", "token"]),
            Pattern(.session, ["session"], ["id", "identifier", "token", "key", "cookie", "secret"]),
            Pattern(.token, ["auth", "authorization"], ["header", "value"]),
            Pattern(.credential, ["auth", "authorization"], ["code"]),
            Pattern(.otp, ["verification", "sms", "mfa", "otp", "totp", "confirmation"], ["code"]),
            Pattern(.card, ["security"], ["code"]),
            Pattern(.otp, ["reset", "recovery", "activation", "unlock"], ["code", "token"]),
            Pattern(.card, ["credit", "debit"], ["card"]),
            Pattern(.card, ["card", "account", "routing", "cc"], ["number", "num", "no", "nr"]),
            Pattern(.card, ["card"], ["cvv", "cvc", "pin", "code"]),
            Pattern(.personalID, ["passport"], ["number", "no", "num"]),
            Pattern(.personalID, ["national", "tax"], ["id", "identifier", "number"]),
            Pattern(.secret, ["seed", "recovery"], ["phrase", "words"]),
            // `pass_phrase`, `pass_word`: the one-word names written as two.
            Pattern(.password, ["pass"], ["phrase", "word"]),
            Pattern(
                .health, ["health", "patient"],
                ["record", "records", "data", "info", "information", "condition", "conditions", "history"]),
            Pattern(.key, keyQualifiers, ["key", "keys"]),
            // Single words.
            Pattern(.password, ["password", "passwords", "passwd", "pwd", "passcode", "passphrase", "onetimepassword"]),
            Pattern(.secret, ["secret", "secrets", "clientsecret", "apisecret", "mnemonic", "seedphrase"]),
            Pattern(
                .token, ["token", "tokens", "bearer", "jwt", "accesstoken", "refreshtoken", "authtoken", "idtoken"]),
            Pattern(
                .key,
                [
                    "apikey", "privatekey", "privkey", "secretkey", "accesskey", "masterkey", "signingkey",
                    "encryptionkey"
                ]),
            Pattern(
                .session,
                ["sessionid", "sessiontoken", "sessionkey", "sessid", "jsessionid", "phpsessid", "cookie", "cookies"]),
            Pattern(.credential, ["credential", "credentials", "creds", "cred"]),
            Pattern(.pin, ["pin", "pincode", "userpin"]),
            Pattern(.otp, ["otp", "totp", "hotp", "onetimecode"]),
            Pattern(.card, ["cvv", "cvc", "cvv2", "cvc2", "iban", "creditcard", "cardnumber"]),
            Pattern(.personalID, ["ssn", "socialsecuritynumber"]),
            Pattern(
                .health,
                ["medical", "diagnosis", "diagnoses", "prescription", "prescriptions", "medication", "medications"])
        ]
        return p.sorted { $0.words.count > $1.words.count }
    }()

    /// Patterns indexed by every alternative of their first word, so matching is one lookup per word.
    private static let patternsByFirstWord: [String: [Pattern]] = {
        var index: [String: [Pattern]] = [:]
        for pattern in patterns {
            for word in pattern.words[0] { index[word, default: []].append(pattern) }
        }
        return index
    }()

    /// Words that name an input control or its text: stripped from the end of a field's name before it is
    /// classified (`passwordTextField` → `password`).
    public static let inputWords: Set<String> = [
        "field", "textfield", "text", "input", "entry", "box", "tf", "txt", "textbox", "lbl", "outlet", "secure"
    ]

    /// Words that name a credential only on an input control: `passField.text` is a password, `pass` alone is
    /// not (boarding passes, render passes); `cardField.text` is a card number, a `card` view is not.
    private static let inputOnlyWords: [String: SensitiveCategory] = [
        "pass": .password, "pw": .password, "card": .card, "cc": .card, "code": .otp, "security": .card
    ]

    /// Whether a sensitive name says which credential it is, rather than only that it is one of a kind whose members
    /// are often public: `accessToken`, `refreshToken`, `apiKey`, `privateKey`, `clientSecret` and every password,
    /// card number or one-time code, but not a bare `token` (a chat room's, a page's), `secret` (a secret's id),
    /// `sessionId` or `key`. Rules trust the first kind more when a name is all they have.
    public static func isSpecificCredential(_ identifier: String) -> Bool {
        let w = words(identifier)
        guard let category = classify(words: w) else { return false }
        switch category {
        case .password, .otp, .card, .personalID, .health: return true
        case .token, .key, .secret, .credential:
            // One word that says it all (`accesstoken`), or a qualifier before the credential's word.
            return w.contains { specificCompounds.contains($0) }
                || zip(w, w.dropFirst()).contains { credentialQualifiers.contains($0) && credentialWords.contains($1) }
        case .session, .pin: return false
        }
    }

    private static let specificCompounds: Set<String> = [
        "accesstoken", "refreshtoken", "authtoken", "idtoken", "apikey", "privatekey", "privkey", "secretkey",
        "accesskey", "masterkey", "signingkey", "encryptionkey", "clientsecret", "apisecret", "bearer", "jwt"
    ]
    private static let credentialQualifiers: Set<String> = [
        "access", "refresh", "auth", "authorization", "bearer", "id", "api", "private", "client", "signing", "master",
        "encryption", "decryption", "secret", "oauth"
    ]
    private static let credentialWords: Set<String> = ["token", "tokens", "key", "keys", "secret", "secrets"]

    /// Classifies the name of a text input control (`passwordTextField`, `passField`, `cvvTF`, `pinEntry`),
    /// whose text is what the user typed: nil when the field is not for sensitive data.
    public static func classifyInputField(_ name: String) -> SensitiveCategory? {
        var w = words(name)
        guard let last = w.last, inputWords.contains(last) || last.hasSuffix("field") else { return nil }
        while let tail = w.last, inputWords.contains(tail) { w.removeLast() }
        if let category = classify(words: w) { return category }
        if w.count == 1, let category = inputOnlyWords[w[0]] { return category }
        if w.count == 2, w[0] == "user" || w[0] == "login" || w[0] == "account", let category = inputOnlyWords[w[1]] {
            return category
        }
        return nil
    }

    /// Whether a name describes metadata about a secret rather than the secret (`tokenCount`,
    /// `isPasswordValid`, `passwordMinLength`): a flag prefix or a metadata word anywhere.
    public static func isMetadata(_ name: String) -> Bool {
        let w = words(name)
        guard let first = w.first else { return false }
        return flagPrefixes.contains(first) || w.contains { trailingMetadata.contains($0) }
    }

    /// Words that turn a bare `key` into a secret key.
    private static let keyQualifiers: Set<String> = [
        "private", "secret", "encryption", "decryption", "signing", "access", "master", "aes", "hmac",
        "api", "auth", "crypto", "symmetric", "shared", "recovery", "client", "license", "licence"
    ]

    /// `pin` after these words is a certificate pin or a map pin, not a PIN code.
    private static let pinNonSecretQualifiers: Set<String> = [
        "certificate", "cert", "ssl", "tls", "spki", "public", "key", "ca", "leaf", "map", "hash", "location"
    ]

    /// `token` after these words identifies a device, a page of results or a conversation, it grants no access: push
    /// (and PushKit) and registration tokens, pagination and sync tokens, a chat room's token (Nextcloud Talk's conversation ID).
    public static let tokenNonSecretQualifiers: Set<String> = [
        "push", "device", "apns", "fcm", "registration", "notification", "notifications", "voip", "pagination", "page",
        "next", "continuation", "cancellation", "change", "resume", "stream", "batch", "cursor", "observer",
        "observation", "subscription", "room", "conversation"
    ]

    /// `session` after these words is a URLSession (`urlSessionID`, `backgroundSessionIdentifier`) or a WebRTC peer's
    /// signaling session (`signalingSessionId`), not a web session.
    private static let sessionNonSecretQualifiers: Set<String> = [
        "url", "background", "nsurl", "signaling", "peer", "rtc", "webrtc"
    ]

    private static func match(_ w: [String], at i: Int) -> (length: Int, category: SensitiveCategory)? {
        for pattern in patternsByFirstWord[w[i]] ?? [] where i + pattern.words.count <= w.count {
            var ok = true
            for (k, alternatives) in pattern.words.enumerated() where !alternatives.contains(w[i + k]) {
                ok = false
                break
            }
            guard ok else { continue }
            if pattern.category == .pin, i > 0, pinNonSecretQualifiers.contains(w[i - 1]) { continue }
            if pattern.category == .token, i > 0,
                tokenNonSecretQualifiers.contains(w[i - 1]) || (i > 1 && w[i - 2] == "push" && w[i - 1] == "kit")
            {
                continue
            }
            if pattern.category == .session, i > 0, sessionNonSecretQualifiers.contains(w[i - 1]) { continue }
            return (pattern.words.count, pattern.category)
        }
        // A lone "Authorization" (the HTTP header name) holds a credential; inside longer
        // names ("requestAuthorization", "authorizationStatus") it is an API concept.
        if w.count == 1, w[0] == "authorization" { return (1, .token) }
        return nil
    }
}

/// Classifications already made, shared by the scan's threads; bounded, so a generated file full of unique names
/// cannot grow it without end.
private final class ClassificationMemo: @unchecked Sendable {  // every access holds `lock`
    private let lock = NSLock()
    private var answers: [String: SensitiveCategory?] = [:]
    private static let capacity = 1 << 16

    func answer(for identifier: String) -> SensitiveCategory?? {
        lock.lock()
        defer { lock.unlock() }
        return answers[identifier]
    }

    func keep(_ category: SensitiveCategory?, for identifier: String) {
        lock.lock()
        defer { lock.unlock() }
        if answers.count < Self.capacity { answers[identifier] = category }
    }
}
