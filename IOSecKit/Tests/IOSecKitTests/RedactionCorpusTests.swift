import Foundation
import Testing
@testable import IOSecKit

/// Secrets planted in the text apps actually log: `String(describing:)` of structs, optionals, enums, dictionaries
/// and arrays; `dump`; JSON, JSON inside a string and inside that again; URL queries; header lines; logfmt and
/// `key: value` lines; Foundation's dictionary and response descriptions. No planted secret may survive, in whole
/// or in any of its words.
@Suite struct RedactionCorpusTests {
    struct LoginForm {
        var user: String
        var password: String
    }
    struct Credentials {
        var apiKey: String
        var clientSecret: String
    }
    struct Pairing {
        var device: String
        var pin: String?
        var passphrase: String?
    }
    struct Session {
        var sessionId: String
        var accessToken: String
        var attempt: Int
    }
    struct Request {
        var path: String
        var credentials: Credentials
    }
    enum AuthEvent { case login(user: String, password: String), unlock(pin: String?) }

    static let keys = [
        "password", "pin", "passphrase", "secret", "token", "accessToken", "refresh_token", "apiKey", "api_key",
        "client_secret", "privateKey", "auth", "sessionId", "otp", "cvv", "passcode"
    ]
    /// Values without characters that end an unquoted value, so every shape can carry them.
    static let plainValues = [
        "2741", "s3cr3t", "hunter2", "purple monkey dishwasher", "p@ss w0rd!", "Zq9-xx_77",
        "correct horse battery staple", "Ünïcødé-Šecret"
    ]
    /// Values only quoted shapes can carry unambiguously.
    static let quotedOnlyValues = [#"ab"cd-efgh"#, "semi;colon, comma"]

    struct Case: CustomStringConvertible {
        let shape: String
        let text: String
        let secret: String
        var description: String { "\(shape): \(text)" }
    }

    static func json(_ object: Any) -> String {
        // Sorted keys and no slashes escaped, so the text is stable.
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data ?? Data(), as: UTF8.self)
    }

    static func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    static func query(_ key: String, _ value: String) -> String {
        var components = URLComponents(string: "https://api.example.com/v1/sync")!
        components.queryItems = [URLQueryItem(name: "user", value: "al"), URLQueryItem(name: key, value: value)]
        return components.url!.absoluteString
    }

    static func corpus() -> [Case] {
        var cases: [Case] = []
        func add(_ shape: String, _ text: String, _ secret: String) {
            cases.append(Case(shape: shape, text: text, secret: secret))
        }
        for value in plainValues + quotedOnlyValues {
            add("struct", String(describing: LoginForm(user: "al", password: value)), value)
            add("optional struct", String(describing: Optional(LoginForm(user: "al", password: value))), value)
            add(
                "struct with optionals", String(describing: Pairing(device: "watch", pin: value, passphrase: value)),
                value)
            add(
                "nested struct",
                String(describing: Request(path: "/v1", credentials: Credentials(apiKey: value, clientSecret: value))),
                value)
            add(
                "struct of session", String(describing: Session(sessionId: value, accessToken: value, attempt: 3)),
                value)
            add("enum", String(describing: AuthEvent.login(user: "al", password: value)), value)
            add("enum with optional", String(describing: AuthEvent.unlock(pin: value)), value)
            add("dump", dumped(LoginForm(user: "al", password: value)), value)
            add("dump of optionals", dumped(Pairing(device: "watch", pin: value, passphrase: nil)), value)
            add("array of structs", String(describing: [LoginForm(user: "al", password: value)]), value)
            for key in keys {
                let dictionary: [String: String] = [key: value, "user": "al"]
                add("dictionary", String(describing: dictionary), value)
                add(
                    "AnyHashable dictionary", String(describing: [AnyHashable(key): value] as [AnyHashable: Any]), value
                )
                add("optional dictionary", String(describing: Optional(dictionary)), value)
                add("nested dictionary", String(describing: ["body": ["data": [key: value]]] as [String: Any]), value)
                add("array of dictionaries", String(describing: [["user": "al"], [key: value]]), value)
                let json = json([key: value, "user": "al"])
                add("JSON", json, value)
                add("JSON with spaces", json.replacingOccurrences(of: "\":", with: "\" : "), value)
                add("nested JSON", Self.json(["data": ["attributes": [key: value]]]), value)
                add("JSON in a string", String(describing: ["body": json]), value)
                add("JSON in JSON", Self.json(["payload": json]), value)
                add("JSON in JSON in a string", String(describing: ["body": Self.json(["payload": json])]), value)
                let escaped = value.replacingOccurrences(of: "\"", with: "\\\"")
                add("Foundation dictionary", "{\n    \(key) = \"\(escaped)\";\n    user = al;\n}", value)
            }
        }
        for value in plainValues {
            for key in keys {
                add("URL query", query(key, value), value)
                add("logfmt", "level=info \(key)=\"\(value)\" user=al", value)
                add("key: value line", "\(key): \(value)\nnext line", value)
                add("key: value at the end", "login with \(key): \(value)", value)
                add("key = value", "\(key) = \(value)\n", value)
                add("optional field", "\(key): Optional(\"\(value)\")", value)
                add("double optional", "\(key): Optional(Optional(\"\(value)\"))", value)
            }
            let word = value.replacingOccurrences(of: " ", with: "-")
            add("Cookie header", "Cookie: theme=dark; sid=\(word); lang=en", word)
            add("Cookie header, first", "Cookie: sid=\(word); theme=dark", word)
            add("Set-Cookie header", "Set-Cookie: session=\(word); Path=/; HttpOnly", word)
            add(
                "response headers", "Headers {\n    \"Set-Cookie\" =     (\n        \"sid=\(word); path=/\"\n    );\n}",
                word)
            add("API key header", "X-Api-Key: \(value)", value)
            add("auth parameter", "GET /feed?auth=\(word)&page=2", word)
            add("authorization header", "Authorization: Bearer \(word)", word)
            add("authorization in a dictionary", String(describing: ["Authorization": "Token \(value)"]), value)
        }
        return cases
    }

    /// The secret, and each of its words of four characters or more, percent-encoded too.
    static func fragments(of secret: String) -> [String] {
        var parts = [secret]
        parts += secret.split(whereSeparator: { " ;,\"".contains($0) }).map(String.init).filter { $0.count >= 4 }
        let encoded = parts.compactMap { $0.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) }
        return Array(Set(parts + encoded))
    }

    @Test func everyKeyOfTheCorpusIsSensitive() {
        let redactor = Redactor()
        for key in Self.keys { #expect(redactor.isSensitiveKey(key), "\(key)") }
    }

    @Test func noPlantedSecretSurvives() {
        let redactor = Redactor()
        let cases = Self.corpus()
        #expect(cases.count > 2_000)
        var survivors: [String] = []
        for item in cases {
            // The text must hold the secret before redaction, or the case tests nothing.
            let planted = Self.fragments(of: item.secret).contains { item.text.contains($0) }
            if !planted {
                survivors.append("not planted — \(item)")
                continue
            }
            let out = redactor.redact(item.text)
            for fragment in Self.fragments(of: item.secret) where out.contains(fragment) {
                survivors.append("\(item.shape): '\(fragment)' survives in \(out)")
            }
        }
        #expect(
            survivors.isEmpty,
            "\(survivors.count) of \(cases.count) cases:\n\(survivors.prefix(40).joined(separator: "\n"))")
    }

    @Test func theTextAroundTheSecretsStays() {
        let redactor = Redactor()
        #expect(
            redactor.redact(String(describing: LoginForm(user: "al", password: "hunter2"))).contains("user: \"al\""))
        #expect(redactor.redact("level=info password=\"x y\" user=al").hasSuffix("user=al"))
        #expect(redactor.redact("Set-Cookie: session=abc; Path=/").hasPrefix("Set-Cookie: "))
    }
}
