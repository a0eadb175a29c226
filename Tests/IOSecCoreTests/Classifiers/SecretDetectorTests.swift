import Testing
@testable import IOSecCore

@Suite struct SecretDetectorTests {
    // Fixtures are assembled from pieces so this file itself does not look like it leaks secrets.
    static let aws = "AKIA" + "Q3EGRZ7VXN2LKT5B"
    static let google = "AIza" + "SyD3xK9_vQ2-mT7pLw8ZbN4cR1fH6jE0aUo"
    static let pemBody = "MIIEpAIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun"
    static let stripeSecret = "sk_" + "live_" + "51H8xQ2eZvKYlo2C9aBcDeFgHiJk"
    static let stripePublic = "pk_" + "live_" + "51H8xQ2eZvKYlo2C9aBcDeFgHiJk"
    static let github = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    static let githubPAT = "github_pat_" + "11ABCDEFG0123456789_abcdefghijKLMNOPQRSTUVWXYZ"
    static let slack = "xoxb-" + "123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"
    static let jwt =
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + "." + "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0"
        + "." + "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"

    @Test(arguments: [
        (aws, SecretKind.awsAccessKeyID),
        ("ASIA" + "Q3EGRZ7VXN2LKT5B", .awsAccessKeyID),
        (google, .googleAPIKey),
        (stripeSecret, .stripeSecretKey),
        ("rk_" + "live_" + "51H8xQ2eZvKYlo2C9aBcDeFg", .stripeSecretKey),
        ("sk_" + "test_" + "4eC39HqLyjWDarjtT1zdp7dc", .stripeSecretKey),
        (github, .githubToken),
        ("gho_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", .githubToken),
        (githubPAT, .githubToken),
        (slack, .slackToken),
        ("xoxp-" + "2222222222-3333333333-444444444444-abcdef0123456789", .slackToken),
        ("-----BEGIN " + "RSA PRIVATE KEY-----\n" + pemBody + "\n-----END RSA PRIVATE KEY-----", .privateKeyPEM),
        ("-----BEGIN " + "PRIVATE KEY-----\n" + pemBody, .privateKeyPEM),
        ("-----BEGIN " + "OPENSSH PRIVATE KEY-----\r\n" + pemBody, .privateKeyPEM),
        ("-----BEGIN " + "EC PRIVATE KEY-----\\n" + pemBody, .privateKeyPEM),  // `\n` as written in source
        ("-----BEGIN " + "ENCRYPTED PRIVATE KEY-----\nProc-Type: 4\n" + pemBody, .privateKeyPEM),
        (jwt, .jwt)
    ])
    func knownFormats(literal: String, kind: SecretKind) {
        let m = SecretDetector.knownFormat(in: literal)
        #expect(m?.kind == kind)
        #expect(m?.isPublic == false)
        // Also found anywhere in a longer string.
        let embedded = SecretDetector.knownFormat(in: "config: \"" + literal + "\";")
        #expect(embedded?.kind == kind)
        #expect(embedded?.utf8Offset == 9)
    }

    @Test func publishableKeysArePublic() {
        let m = SecretDetector.knownFormat(in: Self.stripePublic)
        #expect(m == SecretMatch(kind: .stripePublishableKey, isPublic: true))
        #expect(m?.description.contains("public") == true)
        #expect(SecretDetector.knownFormat(in: "pk_" + "test_" + "TYooMQauvdEDq54NiTphI7jx")?.isPublic == true)
    }

    @Test func googleKeyInsideURL() {
        let url = "https://maps.googleapis.com/maps/api/js?key=" + Self.google + "&callback=initMap"
        let m = SecretDetector.knownFormat(in: url)
        #expect(m?.kind == .googleAPIKey)
        #expect(m?.utf8Offset == 44)
    }

    @Test(arguments: [
        "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----",
        "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIE\n-----END CERTIFICATE-----",
        "-----BEGIN RSA PUBLIC KEY-----",
        "AKIA" + "Q3EGRZ7VXN2L",  // too short
        "AKIA" + "Q3EGRZ7VXN2LKT5BXYZ",  // too long: not a 20-char id
        "XAKIA" + "Q3EGRZ7VXN2LKT5B",  // glued to another word
        "AKIA" + "IOSFODNN7EXAMPLE",  // AWS's documented example
        "AKIA" + "XXXXXXXXXXXXXXXX",
        "AIza" + "Sy",  // too short
        "sk_" + "live_" + "short",
        "sk_" + "live_" + "YOUR_SECRET_KEY_HERE_PLEASE",
        "ghp_" + "tooShort123",
        "xoxb-" + "your-token-goes-here",
        "eyJhbGciOi.eyJzdWIi.sig",  // segments too short
        "eyJhbGciOiJIUzI1NiJ9.notAJwtPayload.abcdefghijkl",
        "550e8400-e29b-41d4-a716-446655440000",
        "https://api.example.com/v1/users",
        "com.example.MyApp.Feature",
        "",
        "Hello, world, how are you"
    ])
    func knownFormatNegatives(literal: String) {
        #expect(SecretDetector.knownFormat(in: literal) == nil)
    }

    @Test(arguments: [
        "YOUR_API_KEY", "<token>", "", "   ", "xxxxxxxx", "changeme", "TODO", "${API_KEY}", "$(API_KEY)",
        "REPLACE_ME", "example", "dummy", "test", "placeholder", "aaaaaaaaaaaaaaaa", "********", "{{ api_key }}",
        "%API_KEY%", "insert-your-key-here", "my_test_key", "1234567890", "abcdefghijklmnop"
    ])
    func placeholders(literal: String) {
        #expect(SecretDetector.isPlaceholder(literal))
    }

    @Test(arguments: [
        "q8Zr1vX0pL3kT9wYb2Nc", "3f7a9c2e8b1d4f6a0c5e7b9d2f4a6c8e", Self.stripeSecret, "dGhpcyBpcyBhIHNlY3JldA=="
    ])
    func notPlaceholders(literal: String) {
        #expect(!SecretDetector.isPlaceholder(literal))
    }

    @Test func entropyValues() {
        #expect(SecretDetector.entropy("") == 0)
        #expect(SecretDetector.entropy("aaaa") == 0)
        #expect(abs(SecretDetector.entropy("abab") - 1) < 1e-9)
        #expect(abs(SecretDetector.entropy("abcdefghijklmnop") - 4) < 1e-9)
    }

    /// A parser's or writer's PEM constants hold no key: only key material after the header counts.
    @Test(arguments: [
        "-----BEGIN " + "PRIVATE KEY-----", "-----BEGIN " + "RSA PRIVATE KEY-----\n-----END RSA PRIVATE KEY-----",
        "-----BEGIN " + "EC PRIVATE KEY-----\\n\\(body)\\n-----END EC PRIVATE KEY-----",
        "-----BEGIN " + "PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----"
    ])
    func pemHeadersWithoutKeyMaterial(literal: String) {
        #expect(SecretDetector.knownFormat(in: literal) == nil)
    }

    static let realisticSecrets = [
        "q8Zr1vX0pL3kT9wYb2Nc",  // base62, 20
        "3f7a9c2e8b1d4f6a0c5e7b9d2f4a6c8e",  // hex 128-bit key
        "9b1f0c3e5a7d2e4f",  // hex 64-bit, 16 chars
        "dGhpcyBpcyBhIHNlY3JldCBrZXkgZm9yIHRlc3Rz",  // base64
        "Kx7+Qm2/Zp9vLr4T8wYn0sEc6uBa1dHg=",  // base64 with +/=
        "a8Fj2kLq9ZxW3mNp",  // 16 chars mixed
        "xN3_kQ8-vB2mZr7TpL4w"  // base64url
    ]
    static let realisticNonSecrets = [
        "com.example.MyApp.Feature", "https://api.example.com/v1", "Hello, world, how are you",
        "550e8400-e29b-41d4-a716-446655440000", "ABCDEFGHIJKLMNOP", "login.error.password_too_short",
        "2024-01-31T12:00:00Z", "/Users/me/Library/Caches", "#FF8800AA", "1234567890123456",
        "passwordPlaceholderText", "short", "NSCameraUsageDescription", "application/json; charset",
        "aaaaaaaaaaaaaaaaaaaa", "www.example.com/login", "../../relative/path/file",
        "UIApplicationSupportsIndirectInputEvents", "error_code_404_not_found",
        "com.facebook.sdk.v4.FBSDKAccessTokenInformationKey", "org.acme.wallet.session-token.v2"
    ]

    @Test(arguments: realisticSecrets)
    func looksRandomOnSecrets(literal: String) {
        #expect(SecretDetector.looksRandom(literal), "entropy \(SecretDetector.entropy(literal))")
    }

    @Test(arguments: realisticNonSecrets)
    func looksRandomOnNonSecrets(literal: String) {
        #expect(!SecretDetector.looksRandom(literal), "entropy \(SecretDetector.entropy(literal))")
    }

    @Test func detectCombinesFormatNameAndEntropy() {
        // Known formats win regardless of the name.
        #expect(SecretDetector.detect(literal: Self.aws, assignedTo: "iconName")?.kind == .awsAccessKeyID)
        #expect(SecretDetector.detect(literal: Self.aws, assignedTo: nil)?.kind == .awsAccessKeyID)
        // High entropy only for sensitive names.
        #expect(
            SecretDetector.detect(literal: "q8Zr1vX0pL3kT9wYb2Nc", assignedTo: "clientSecret")
                == SecretMatch(kind: .highEntropy))
        #expect(SecretDetector.detect(literal: "q8Zr1vX0pL3kT9wYb2Nc", assignedTo: "requestID") == nil)
        #expect(SecretDetector.detect(literal: "q8Zr1vX0pL3kT9wYb2Nc", assignedTo: nil) == nil)
        // Placeholders and non-random values assigned to sensitive names.
        #expect(SecretDetector.detect(literal: "YOUR_API_KEY", assignedTo: "apiKey") == nil)
        #expect(SecretDetector.detect(literal: "<token>", assignedTo: "authToken") == nil)
        #expect(SecretDetector.detect(literal: "", assignedTo: "password") == nil)
        #expect(SecretDetector.detect(literal: "https://api.example.com/v1/token", assignedTo: "tokenEndpoint") == nil)
        #expect(SecretDetector.detect(literal: "https://api.example.com/v1/token", assignedTo: "accessToken") == nil)
        // Image-ish base64 assigned to a non-sensitive name.
        let iconBase64 =
            "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAGXRFWHRTb2Z0d2FyZQBBZG9iZSBJbWFnZVJlYWR5ccllPAAAAKE"
        #expect(SecretDetector.looksRandom(iconBase64))
        #expect(SecretDetector.detect(literal: iconBase64, assignedTo: "iconData") == nil)
    }

    @Test func invalidAndOddUnicodeDoesNotMatch() {
        #expect(SecretDetector.knownFormat(in: "AKIA" + "Q3EGRZ7VXN2LKT5\u{00C9}") == nil)
        #expect(!SecretDetector.looksRandom("q8Zr1vX0pL3kT9wY😀b2Nc"))
        #expect(SecretDetector.knownFormat(in: "-----BEGIN ") == nil)
        #expect(SecretDetector.knownFormat(in: "eyJ") == nil)
        #expect(SecretDetector.knownFormat(in: "gh") == nil)
    }

    @Test(.timeLimit(.minutes(2))) func tenMegabytesEndsInLinearTime() {
        // Worst cases for a naive scanner: repeated prefixes that almost match.
        let chunk = "AKIA123 eyJabc.eyJ sk_live_ xoxb-1 -----BEGIN x ghp_ AIza "
        var big = String(repeating: chunk, count: 10_000_000 / chunk.utf8.count)
        big += Self.github
        #expect(SecretDetector.knownFormat(in: big)?.kind == .githubToken)
        let runs = String(repeating: "eyJ", count: 3_000_000)
        #expect(SecretDetector.knownFormat(in: runs) == nil)
    }
}
